"""The server's own messages name the people at the table, as they joined, where the
games' rules texts (which know no names) say P1, P2: a refusal out of turn, a seat taken,
a choice already made, a decision that cannot be taken back, the end of a match."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.helpers import API, auth, close, create, join, open_ws

FOREST = "once-upon-a-forest"


def test_a_move_out_of_turn_is_refused_in_names(client: TestClient) -> None:
    mid, _ = create(client, FOREST, 2, join=False)
    ana = join(client, mid, name="Ana")
    ben = join(client, mid, name="Ben")
    view = client.get(f"{API}/matches/{mid}/view", headers=auth(ana)).json()
    assert view["to_move"] == [0]
    body = {"version": view["version"], "action": view["legal"][0]["action"]}
    r = client.post(f"{API}/matches/{mid}/actions", json=body, headers=auth(ben))
    assert r.status_code == 422
    assert r.json()["error"] == {
        "code": "action/not-your-turn",
        "message": "it is not Ben's turn; waiting for Ana (P1)",
    }
    r = client.post(f"{API}/matches/{mid}/actions", json=body, headers=auth(ana))
    assert r.status_code == 200, r.text
    undo = client.post(f"{API}/matches/{mid}/undo", json={"version": 1}, headers=auth(ben))
    assert undo.json()["error"]["code"] == "undo/not-yours"
    assert undo.json()["error"]["message"].startswith("Ana (P1) has decided since: ")


def test_a_seat_taken_says_by_whom(client: TestClient) -> None:
    mid, _ = create(client, FOREST, 3, seats=[None, None, "random"], join=False)
    join(client, mid, seat=0, name="Ana")
    taken = client.post(f"{API}/matches/{mid}/join", json={"seat": 0, "name": "Cy"})
    assert taken.status_code == 409
    assert taken.json()["error"] == {
        "code": "match/seat-taken",
        "message": "P1 is taken: Ana sits there",
    }
    bot = client.post(f"{API}/matches/{mid}/join", json={"seat": 2, "name": "Cy"})
    assert bot.json()["error"] == {
        "code": "match/seat-taken",
        "message": "P3 is a bot's seat (Random bot)",
    }


def test_sealed_choices_and_the_end_are_told_in_names(client: TestClient, toy: str) -> None:
    # the toy game's short variant: two rounds of sealed bids
    mid, _ = create(client, toy, 2, variant="short", join=False, seed=5)
    ana = join(client, mid, name="Ana")
    ben = join(client, mid, name="Ben")
    watcher, _, _ = open_ws(client, mid)
    view = client.get(f"{API}/matches/{mid}/view", headers=auth(ana)).json()
    bid = next(a["action"] for a in view["legal"] if a["action"]["type"] == "bid")

    def act(token: str, version: int, action: object) -> dict[str, object]:
        body = {"version": version, "action": action}
        r = client.post(f"{API}/matches/{mid}/actions", json=body, headers=auth(token))
        result: dict[str, object] = r.json()
        return result

    assert act(ana, 0, bid)["pending"] is True
    assert act(ana, 0, "fold")["error"] == {
        "code": "match/already-chosen",
        "message": "you have already chosen; waiting for Ben (P2)",
    }
    assert act(ben, 0, "fold")["version"] == 2
    # a new round: Ana has chosen since Ben's last decision
    assert act(ana, 2, "fold")["pending"] is True
    undo = client.post(f"{API}/matches/{mid}/undo", json={"version": 2}, headers=auth(ben))
    assert undo.json()["error"]["code"] == "undo/not-yours"
    assert undo.json()["error"]["message"].startswith("Ana (P1) chose since: ")
    assert act(ben, 2, "fold")["version"] == 4
    over = watcher.until(lambda m: m["type"] == "notice" and m["code"] == "match/over")
    assert over["message"] == "the match is over; winner: Ana"
    close(watcher)
