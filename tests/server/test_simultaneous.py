"""Simultaneous decisions (the toy game's sealed bids): choices are collected in secret,
stored, and applied together when the last seat has chosen."""

from __future__ import annotations

from fastapi.testclient import TestClient

from ecotone.server import create_app
from tests.server.conftest import make_settings
from tests.server.helpers import auth, close, create, join, open_ws


def test_bids_are_collected_in_secret(client: TestClient, toy: str) -> None:
    mid, t1 = create(client, toy, 2, seed=5)
    assert t1
    t2 = join(client, mid)
    p1, _, v1 = open_ws(client, mid, t1)
    p2, _, _v2 = open_ws(client, mid, t2)
    assert v1["to_move"] == [0, 1]
    assert v1["waiting_for"] == [0, 1]
    mine = v1["observation"]["hand"]
    bid = next(a for a in v1["legal"] if a["action"]["type"] == "bid")
    p1.send({"type": "act", "version": 0, "action": bid["action"], "ref": "b"})
    ack = p1.until(lambda m: m["type"] == "ack")
    assert ack["pending"]
    assert ack["version"] == 0
    seen = p2.until(lambda m: m["type"] == "update")
    assert seen["chosen"] == [0]
    assert seen["waiting_for"] == [1]
    assert seen["my_choice"] is None
    assert bid["action"]["card"] not in str(seen)  # the bid stays secret
    assert seen["legal"]  # P2 still decides
    own = p1.until(lambda m: m["type"] == "update")
    assert own["my_choice"] == bid["action"]
    assert own["legal"] == []
    # a second choice is refused; so is a bid made against another version
    p1.send({"type": "act", "version": 0, "action": "fold", "ref": "again"})
    assert p1.until(lambda m: m["type"] == "error")["code"] == "match/already-chosen"
    p2.send({"type": "act", "version": 1, "action": "fold"})
    assert p2.until(lambda m: m["type"] == "error")["code"] == "match/stale"
    # the last choice (made against the same version) resolves the round
    p2.send({"type": "act", "version": 0, "action": "fold", "ref": "f"})
    ack2 = p2.until(lambda m: m["type"] == "ack")
    assert ack2 == {"type": "ack", "ref": "f", "version": 2, "pending": False}
    after = p1.until(lambda m: m["type"] == "update" and m["version"] == 2)
    assert after["chosen"] == []
    assert after["observation"]["points"] == [1, 0]
    assert [e["seat"] for e in after["log"]] == [0, 1]
    assert after["log"][1]["text"] == "fold"  # P2's fold is visible to P1 once resolved
    assert after["observation"]["played"] == [bid["action"]["card"]]
    assert set(mine) > set(after["observation"]["hand"])
    # and P1's bid to P2 and the spectators, now that the card lies on the table: the
    # decision's secrets are judged again as it closes
    for token in (t2, None):  # (P2's view over HTTP: its socket's update may precede the ack)
        view = client.get(f"/api/v1/matches/{mid}/view", headers=auth(token) if token else {})
        assert view.json()["log"][0]["text"] == f"bid {bid['action']['card']}"
    for c in (p1, p2):
        close(c)


def test_pending_choice_survives_a_restart(sqlite_url: str, toy: str) -> None:
    with TestClient(create_app(make_settings(sqlite_url))) as client:
        mid, t1 = create(client, toy, 2, seed=5)
        assert t1
        t2 = join(client, mid)
        p1, _, v1 = open_ws(client, mid, t1)
        p1.send({"type": "act", "version": 0, "action": v1["legal"][0]["action"]})
        assert p1.until(lambda m: m["type"] == "ack")["pending"]
        close(p1)
    with TestClient(create_app(make_settings(sqlite_url))) as client:
        p1, _, v1 = open_ws(client, mid, t1)
        p2, _, v2 = open_ws(client, mid, t2)
        assert v1["chosen"] == [0]
        assert v1["my_choice"] is not None
        assert v1["legal"] == []
        assert v2["my_choice"] is None
        assert v2["waiting_for"] == [1]
        p2.send({"type": "act", "version": 0, "action": "fold"})
        assert p2.until(lambda m: m["type"] == "ack")["version"] == 2
        for c in (p1, p2):
            close(c)


def test_bots_choose_in_simultaneous_decisions(client: TestClient, toy: str) -> None:
    mid, token = create(client, toy, 2, seats=[None, "random"], seed=8)
    assert token
    p1, _, view = open_ws(client, mid, token)
    while view["status"] != "over":
        if view["legal"]:
            p1.send(
                {"type": "act", "version": view["version"], "action": view["legal"][0]["action"]}
            )
        view = p1.until(lambda m: m["type"] == "update" and (m["legal"] or m["status"] == "over"))
    assert view["version"] == 6
    assert all(e["action"] for e in view["log"])
    close(p1)


def test_a_sealed_choice_cannot_be_taken_back_and_says_why(client: TestClient, toy: str) -> None:
    """A secret choice is final (the others were told that the seat chose): asked to take
    it back, the server says so in its own words and code, not that nothing was played."""
    mid, t1 = create(client, toy, 2, seed=5)
    assert t1
    t2 = join(client, mid)
    view = client.get(f"/api/v1/matches/{mid}/view", headers=auth(t1)).json()
    body = {"version": 0, "action": view["legal"][0]["action"]}
    r = client.post(f"/api/v1/matches/{mid}/actions", json=body, headers=auth(t1))
    assert r.json()["pending"] is True
    undo = client.post(f"/api/v1/matches/{mid}/undo", json={"version": 0}, headers=auth(t1))
    assert undo.status_code == 422
    refused = undo.json()["error"]
    assert refused["code"] == "undo/sealed"
    assert refused["message"].startswith("your choice is sealed: a secret choice is final")
    # the seat's own view says so before it asks (its Undo button is off, with the reason)
    mine = client.get(f"/api/v1/matches/{mid}/view", headers=auth(t1)).json()
    assert mine["undo"] == {"allowed": False, "code": "undo/sealed", "message": refused["message"]}
    # the seat still to choose has made no decision of its own
    other = client.post(f"/api/v1/matches/{mid}/undo", json={"version": 0}, headers=auth(t2))
    assert other.json()["error"]["code"] == "undo/nothing"
