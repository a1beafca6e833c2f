"""The websocket protocol: hello, updates, acks, refusals to the sender only, reconnection,
spectators, chat, limits."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from tests.server.conftest import make_settings
from tests.server.helpers import API, close, create, join, open_ws

FOREST = "once-upon-a-forest"


def _two_players(client: TestClient) -> tuple[str, str, str]:
    mid, token = create(client, FOREST, 2)
    assert token
    return mid, token, join(client, mid, name="bea")


def test_hello_is_required_and_checked(client: TestClient) -> None:
    mid, _token, _ = _two_players(client)
    cases = [
        ({"type": "ping"}, "protocol/hello-first"),
        ({"type": "hello", "protocol": 99}, "protocol/version"),
        ({"type": "hello", "protocol": 1, "token": "wrong"}, "auth/bad-token"),
        ({"type": "hello"}, "protocol/malformed"),
    ]
    for hello, code in cases:
        with client.websocket_connect(f"{API}/matches/{mid}/ws") as ws:
            ws.send_text(json.dumps(hello))
            assert ws.receive_json()["code"] == code
    with client.websocket_connect(f"{API}/matches/nope/ws") as ws:
        assert ws.receive_json()["code"] == "match/not-found"


def test_act_ack_and_broadcast(client: TestClient) -> None:
    mid, t1, t2 = _two_players(client)
    p1, welcome, first = open_ws(client, mid, t1)
    p2, _, _ = open_ws(client, mid, t2)
    spec, _, spec_view = open_ws(client, mid)
    assert welcome["seat"] == 0
    assert welcome["match"]["status"] == "active"
    assert first["legal"]
    assert first["observation"]["seat"] == 0
    assert spec_view["seat"] is None
    assert spec_view["legal"] == []
    assert spec_view["observation"]["hands"][0]["cards"] is None  # spectators see no hand
    action = first["legal"][0]
    p1.send({"type": "act", "version": 0, "action": action["action"], "ref": "a1"})
    ack = p1.until(lambda m: m["type"] == "ack")
    assert ack == {"type": "ack", "ref": "a1", "version": 1, "pending": False}
    upd = p1.until(lambda m: m["type"] == "update")
    assert upd["version"] == 1
    assert upd["log"][-1]["text"] == action["text"]
    other = p2.until(lambda m: m["type"] == "update" and m["version"] == 1)
    assert other["log"] == [upd["log"][0]]  # a draw is public
    watched = spec.until(lambda m: m["type"] == "update" and m["version"] == 1)
    assert watched["observation"]["hands"][0]["cards"] is None
    for c in (p1, p2, spec):
        close(c)


def test_refusals_go_to_the_sender_only(client: TestClient) -> None:
    mid, t1, t2 = _two_players(client)
    p1, _, first = open_ws(client, mid, t1)
    p2, _, _ = open_ws(client, mid, t2)
    p2.sync()
    legal = first["legal"][0]["action"]
    p1.send({"type": "act", "version": 3, "action": legal, "ref": "s"})
    err = p1.until(lambda m: m["type"] == "error")
    assert err["code"] == "match/stale"
    assert err["ref"] == "s"
    assert err["version"] == 0
    resync = p1.recv()  # the stale sender is resynced at once
    assert resync["type"] == "update"
    assert resync["version"] == 0
    p2.send({"type": "act", "version": 0, "action": legal, "ref": "t"})
    assert p2.until(lambda m: m["type"] == "error")["code"] == "action/not-your-turn"
    p1.send({"type": "act", "version": 0, "action": {"type": "place", "card": "G01", "tree": 9}})
    illegal = p1.until(lambda m: m["type"] == "error")
    assert illegal["message"]
    assert illegal["code"] not in ("match/stale", "protocol/malformed")
    spec, _, _ = open_ws(client, mid)
    spec.send({"type": "act", "version": 0, "action": legal})
    assert spec.until(lambda m: m["type"] == "error")["code"] == "auth/spectator"
    spec.send({"type": "chat", "text": "hi"})
    assert spec.until(lambda m: m["type"] == "error")["code"] == "auth/spectator"
    # nobody else heard any of it
    assert all(m["type"] != "error" for m in p2.sync() + spec.sync() if m.get("ref") != "t")
    assert [m for m in p1.sync() if m["type"] == "update"] == []
    for c in (p1, p2, spec):
        close(c)


def test_reconnect_with_since_or_snapshot(client: TestClient) -> None:
    mid, t1, t2 = _two_players(client)
    p1, _, view = open_ws(client, mid, t1)
    p2, _, _ = open_ws(client, mid, t2)
    conns = {0: p1, 1: p2}
    for _ in range(6):
        seat = view["to_move"][0]
        conn = conns[seat]
        view = conn.update()
        conn.send({"type": "act", "version": view["version"], "action": view["legal"][0]["action"]})
        conn.until(lambda m: m["type"] == "ack")
        view = conn.until(lambda m: m["type"] == "update")
    close(p2)
    again, _, resumed = open_ws(client, mid, t2, since=4)
    assert resumed["version"] == 6
    assert [e["version"] for e in resumed["log"]] == [5, 6]
    snap, _, full = open_ws(client, mid, t2)
    assert [e["version"] for e in full["log"]] == [1, 2, 3, 4, 5, 6]
    bogus, _, full2 = open_ws(client, mid, t2, since=99)
    assert len(full2["log"]) == 6
    again.send({"type": "sync", "since": 5})
    assert [e["version"] for e in again.until(lambda m: m["type"] == "update")["log"]] == [6]
    for c in (p1, again, snap, bogus):
        close(c)


def test_chat_is_broadcast(client: TestClient) -> None:
    mid, t1, t2 = _two_players(client)
    p1, _, _ = open_ws(client, mid, t1)
    p2, _, _ = open_ws(client, mid, t2)
    p1.send({"type": "chat", "text": "the owl is mine"})
    line = p2.until(lambda m: m["type"] == "chat")["line"]
    assert line["text"] == "the owl is mine"
    assert line["seat"] == 0
    assert line["name"] == "creator"
    late, welcome, _ = open_ws(client, mid)
    assert welcome["chat"][-1]["text"] == "the owl is mine"
    for c in (p1, p2, late):
        close(c)


def test_seats_show_who_is_connected(client: TestClient) -> None:
    mid, t1, t2 = _two_players(client)
    p1, _, _ = open_ws(client, mid, t1)
    seats = p1.until(lambda m: m["type"] == "seats")["seats"]
    assert seats[0]["connected"]
    assert not seats[1]["connected"]
    p2, _, _ = open_ws(client, mid, t2)
    seats = p1.until(lambda m: m["type"] == "seats")["seats"]
    assert seats[1]["connected"]
    close(p2)
    seats = p1.until(lambda m: m["type"] == "seats")["seats"]
    assert not seats[1]["connected"]
    close(p1)


def test_rate_and_size_limits(sqlite_url: str) -> None:
    from ecotone.server import create_app

    app = create_app(make_settings(sqlite_url, ws_rate=1.0, ws_burst=5.0, ws_max_violations=30))
    with TestClient(app) as client:
        mid, token = create(client, FOREST, 2)
        join(client, mid)
        conn, _, _ = open_ws(client, mid, token)
        conn.send({"type": "chat", "text": "x" * 20_000})
        assert conn.until(lambda m: m["type"] == "error")["code"] == "protocol/too-large"
        for i in range(10):
            conn.send({"type": "ping", "ref": str(i)})
        answers: list[dict[str, object]] = []  # (a seats message may come among them)
        while len(answers) < 10:
            reply = conn.recv()
            if reply["type"] == "pong" or reply.get("code") == "limit/rate":
                answers.append(reply)
        codes = [m.get("code") for m in answers if m["type"] == "error"]
        assert "limit/rate" in codes
        assert any(m["type"] == "pong" for m in answers)
        # each ping dropped is named by its ref, so the client knows which went unanswered
        assert [m["ref"] for m in answers] == [str(i) for i in range(10)]
        # a flood beyond the violations allowed closes the connection
        closed = False
        try:
            for _ in range(200):
                conn.send({"type": "ping"})
            for _ in range(400):
                conn.recv()
        except Exception:
            closed = True
        close(conn)
        assert closed


def test_a_message_refused_unread_still_names_its_ref(client: TestClient) -> None:
    """A message that is not a valid message is refused before it is read as one, yet
    its error carries the ``ref`` it had (a text within a ref's bounds, or an integer as
    its digits): the client can tell which of its messages was refused."""
    mid, t1, _ = _two_players(client)
    p1, _, _ = open_ws(client, mid, t1)
    cases: list[tuple[object, str | None]] = [
        ({"type": "act", "version": "0", "action": "x", "ref": "a3"}, "a3"),
        ({"type": "ping", "ref": "p1", "extra": True}, "p1"),
        ({"type": "undo", "version": -1, "ref": 7}, "7"),
        ({"type": "no-such-type", "ref": "n1"}, "n1"),
        ({"type": "act", "version": 0, "action": "x", "ref": "r" * 65}, None),  # too long
        ({"type": "act", "version": 0, "action": "x", "ref": ["a3"]}, None),
        ({"type": "ping", "ref": True}, None),
        (["ref", "a3"], None),  # not an object
    ]
    for message, ref in cases:
        p1.ws.send_text(json.dumps(message))
        error = p1.until(lambda m: m["type"] == "error")
        assert (error["code"], error["ref"]) == ("protocol/malformed", ref), message
    p1.ws.send_text('{"type": "ping", "ref": "cut')  # not JSON at all
    error = p1.until(lambda m: m["type"] == "error")
    assert (error["code"], error["ref"]) == ("protocol/malformed", None)
    close(p1)
