"""Resigning: the match ends at once, the resigning seat loses and the others' best win;
over HTTP and the websocket alike, refused before the start and after the end, and the
result survives a restart."""

from __future__ import annotations

import logging
import time

import pytest
from fastapi.testclient import TestClient

from ecotone.core.replay import Replay
from ecotone.server import create_app
from tests.server.conftest import make_settings
from tests.server.helpers import API, POLLS_PER_TURN, auth, close, create, join, open_ws

FOREST = "once-upon-a-forest"


def test_resigning_over_http_ends_the_match_and_the_others_win(sqlite_url: str) -> None:
    with TestClient(create_app(make_settings(sqlite_url))) as client:
        mid, ana = create(client, FOREST, 3, seats=[None, None, "random"])
        assert ana
        # before every seat is taken there is nothing to concede: leave instead
        r = client.post(f"{API}/matches/{mid}/resign", headers=auth(ana))
        assert r.status_code == 409
        assert r.json()["error"]["code"] == "match/not-started"
        ben = join(client, mid, name="Ben")
        r = client.post(f"{API}/matches/{mid}/resign", headers=auth(ben))
        assert r.status_code == 200, r.text
        info = r.json()
        assert info["status"] == "over"
        assert info["resigned"] == 1
        # the others with the best score as it stood win; the resigning seat never does
        scores = info["scores"]
        best = max(scores[0], scores[2])
        assert info["winners"] == [s for s in (0, 2) if scores[s] == best]
        assert 1 not in info["winners"]
        again = client.post(f"{API}/matches/{mid}/resign", headers=auth(ana))
        assert again.status_code == 409
        assert again.json()["error"]["code"] == "match/over"
        assert client.get(f"{API}/matches/{mid}/replay").status_code == 200
        view = client.get(f"{API}/matches/{mid}/view", headers=auth(ana)).json()
        assert view["status"] == "over"
        assert view["legal"] == []
        assert view["to_move"] == [], "nobody is to move in a match that is over"
        assert view["resigned"] == 1
        # no token, no resignation
        assert client.post(f"{API}/matches/{mid}/resign").status_code == 401
    # the result is stored: a restarted server says the same
    with TestClient(create_app(make_settings(sqlite_url))) as client:
        after = client.get(f"{API}/matches/{mid}").json()
        assert (after["status"], after["resigned"], after["winners"]) == (
            "over",
            1,
            info["winners"],
        )


def test_resigning_over_the_websocket_tells_everyone(client: TestClient) -> None:
    mid, ana = create(client, FOREST, 2)
    assert ana
    ben = join(client, mid, name="Ben")
    p1, _, _ = open_ws(client, mid, ana)
    p2, _, _ = open_ws(client, mid, ben)
    watcher, _, _ = open_ws(client, mid)
    p1.send({"type": "resign", "ref": "r1"})
    ack = p1.until(lambda m: m["type"] == "ack")
    assert ack["ref"] == "r1"
    for conn in (p2, watcher):
        notice = conn.until(lambda m: m["type"] == "notice" and m["code"] == "match/over")
        assert notice["seat"] == 0
        assert notice["message"] == "creator resigned; winner: Ben"
        update = conn.until(lambda m: m["type"] == "update" and m["status"] == "over")
        assert update["winners"] == [1]
        assert update["resigned"] == 0
    watcher.send({"type": "resign"})
    refused = watcher.until(lambda m: m["type"] == "error")
    assert refused["code"] == "auth/spectator"
    for conn in (p1, p2, watcher):
        close(conn)


def test_a_bot_still_thinking_when_the_match_is_resigned_is_no_error(
    sqlite_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    settings = make_settings(sqlite_url, bot_max_seconds=0.3)
    with TestClient(create_app(settings)) as client:
        # the bot at P1 moves first, searching for its whole 0.3 s; P2 resigns meanwhile
        mid, ana = create(client, FOREST, 2, seats=["ismcts", None])
        assert ana
        r = client.post(f"{API}/matches/{mid}/resign", headers=auth(ana))
        assert r.status_code == 200, r.text
        assert r.json()["version"] == 0  # the bot had not moved yet
        manager = client.app.state.manager  # type: ignore[attr-defined]
        match = client.portal.call(manager.get, mid)  # type: ignore[union-attr]
        for _ in range(POLLS_PER_TURN):  # until the bot's answer came back
            if match.bot_task is None or match.bot_task.done():
                break
            time.sleep(0.001)
        assert match.bot_task is not None
        assert match.bot_task.done()
    refused = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not refused, [r.getMessage() for r in refused]


def test_a_finished_match_keeps_its_seats_when_a_player_leaves(client: TestClient) -> None:
    """History is never rewritten: leaving a match that is over would erase who played
    it (its record, the lobby's finished list, the replay's names), so it is refused."""
    mid, _ = create(client, FOREST, 2, join=False)
    ana = join(client, mid, name="Ana")
    ben = join(client, mid, name="Ben")
    r = client.post(f"{API}/matches/{mid}/resign", headers=auth(ben))
    assert r.status_code == 200, r.text
    for token in (ana, ben):
        refused = client.post(f"{API}/matches/{mid}/leave", headers=auth(token))
        assert refused.status_code == 409, refused.text
        assert refused.json()["error"]["code"] == "match/over"
    info = client.get(f"{API}/matches/{mid}").json()
    assert [(s["name"], s["joined"]) for s in info["seats"]] == [("Ana", True), ("Ben", True)]
    assert (info["winners"], info["resigned"]) == ([0], 1)
    replay = Replay.from_json(client.get(f"{API}/matches/{mid}/replay").content)
    assert replay.seats == ["Ana", "Ben"]
    # The replay says who resigned and who won by it, as the match does, and verifies
    assert (replay.resigned, replay.winners) == (1, [0])
    assert replay.scores == info["scores"]
    replay.verify()
