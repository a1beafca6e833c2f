"""Clocks: a person who does not decide in time is taken over by a bot (everybody is told)
until they act again; the game never stalls. Restarts give running clocks some grace."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from ecotone.server import create_app
from tests.server.conftest import make_settings
from tests.server.helpers import API, auth, close, create, open_ws


def test_a_seat_left_too_long_is_taken_over_then_restored(sqlite_url: str) -> None:
    app = create_app(make_settings(sqlite_url, takeover_bot="random", bot_delay=0.05))
    with TestClient(app) as client:
        mid, t1 = create(client, "once-upon-a-forest", 2, seats=[None, "random"], move_seconds=0.3)
        assert t1
        p1, _, view = open_ws(client, mid, t1)
        p2, _, _ = open_ws(client, mid)  # a spectator is told too
        assert view["deadline"] is not None
        assert view["deadline"] > view["now"]  # the server's time, not ours: we may lag
        # P1 says nothing: after the deadline a bot plays P1, and both players are told
        notice = p2.until(lambda m: m["type"] == "notice" and m["code"] == "seat/taken-over")
        assert notice["seat"] == 0
        assert "bot" in notice["message"]
        p1.until(lambda m: m["type"] == "notice" and m["code"] == "seat/taken-over")
        moved = p2.until(lambda m: m["type"] == "update" and m["version"] >= 1)
        assert moved["log"][0]["by"] == "takeover"
        info = client.get(f"{API}/matches/{mid}").json()
        assert info["seats"][0]["taken_over"]
        # P1 comes back by acting on their next turn
        mine = p1.until(lambda m: m["type"] == "update" and bool(m["legal"]))
        p1.send({"type": "act", "version": mine["version"], "action": mine["legal"][0]["action"]})
        back = p2.until(lambda m: m["type"] == "notice" and m["code"] == "seat/restored")
        assert back["seat"] == 0
        assert not client.get(f"{API}/matches/{mid}").json()["seats"][0]["taken_over"]
        for c in (p1, p2):
            close(c)


def test_no_clock_means_no_deadline(client: TestClient) -> None:
    mid, token = create(client, "once-upon-a-forest", 2, seats=[None, "random"])
    conn, _, view = open_ws(client, mid, token)
    assert view["deadline"] is None
    close(conn)


def test_every_update_says_the_servers_time_as_it_was_made(client: TestClient) -> None:
    mid, token = create(client, "once-upon-a-forest", 2, seats=[None, "random"], move_seconds=30)
    before = time.time()
    conn, _, by_ws = open_ws(client, mid, token)
    by_http = client.get(f"{API}/matches/{mid}/view", headers=auth(token)).json()
    after = time.time()
    close(conn)
    assert before <= by_ws["now"] <= by_http["now"] <= after
    assert by_ws["deadline"] > by_ws["now"]


def test_restart_gives_grace(sqlite_url: str) -> None:
    settings = make_settings(sqlite_url, restart_grace=30.0)
    with TestClient(create_app(settings)) as client:
        mid, _token = create(
            client, "once-upon-a-forest", 2, seats=[None, "random"], move_seconds=1.0
        )
        first = client.app.state.manager.live[mid].deadline  # type: ignore[attr-defined]
    restarted = time.time()
    with TestClient(create_app(settings)) as client:
        resumed = client.app.state.manager.live[mid].deadline  # type: ignore[attr-defined]
        # however long the restart takes, the clock gets the whole grace from its start
        assert resumed >= restarted + 30
        assert resumed >= first + 29
