"""Taking back a decision online: at once against bots, with every other person's consent
otherwise (accepted, declined, lapsed, withdrawn by a move), refused in the engine's and
the server's words, seen by spectators as the step itself was, and durable across a
restart like a move."""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Iterator
from typing import Any

from fastapi.testclient import TestClient

import ecotone
from ecotone.core.history import History
from ecotone.core.replay import Replay
from ecotone.core.visibility import announcement, viewer_bit
from ecotone.server import create_app
from ecotone.server.store import Store
from tests.server.conftest import make_settings
from tests.server.helpers import API, Conn, auth, close, create, join, my_turn, open_ws

FOREST = "once-upon-a-forest"
PHYLO = "phylo"


def _undo(client: TestClient, mid: str, token: str, version: int) -> Any:
    return client.post(f"{API}/matches/{mid}/undo", json={"version": version}, headers=auth(token))


def _act(client: TestClient, mid: str, token: str, version: int, action: Any) -> None:
    r = client.post(
        f"{API}/matches/{mid}/actions",
        json={"version": version, "action": action},
        headers=auth(token),
    )
    assert r.status_code == 200, r.text


def _place_against_a_bot(client: TestClient) -> tuple[str, str, dict[str, Any], dict[str, Any]]:
    """A Forest match against the heuristic bot, played (drawing) until the person can
    place a card, which they do: the match id, the token, the view before the placement
    and the view after it."""
    mid, token = create(client, FOREST, 2, seats=[None, "heuristic"])
    assert token
    for _ in range(60):
        view = my_turn(client, mid, token)
        places = [a for a in view["legal"] if a["action"]["type"] == "place"]
        if places:
            _act(client, mid, token, view["version"], places[0]["action"])
            after = client.get(f"{API}/matches/{mid}/view", headers=auth(token)).json()
            return mid, token, view, after
        # a draw shows a hidden card: it cannot be taken back
        _act(client, mid, token, view["version"], view["legal"][0]["action"])
        drawn = client.get(f"{API}/matches/{mid}/view", headers=auth(token)).json()
        if drawn["version"] == view["version"] + 1:  # the bot has not moved yet
            assert drawn["undo"]["code"] == "undo/revealed", drawn["undo"]
    raise AssertionError("no card to place in 60 turns")


def test_against_bots_a_decision_is_taken_back_at_once(client: TestClient) -> None:
    mid, token, before, after = _place_against_a_bot(client)
    assert after["version"] == before["version"] + 1
    assert after["undo"] == {"allowed": True}, "nobody to ask: it needs no consent"
    r = _undo(client, mid, token, after["version"])
    assert r.status_code == 200, r.text
    ack = r.json()
    assert (ack["pending"], ack["version"]) == (False, after["version"] + 1)
    back = client.get(f"{API}/matches/{mid}/view", headers=auth(token)).json()
    # the version moved on, and the seat is exactly where it was before the placement
    assert back["version"] == after["version"] + 1
    assert back["observation"] == before["observation"]
    assert back["legal"] == before["legal"]
    assert back["to_move"] == before["to_move"]
    full = client.get(f"{API}/matches/{mid}/view?since=0", headers=auth(token)).json()
    placed = after["log"][-1]
    assert placed["version"] not in [e["version"] for e in full["log"]], "no longer in play"
    entry = full["log"][-1]
    assert entry["version"] == back["version"]
    assert entry["took_back"] == placed
    assert (entry["type"], entry["action"], entry["text"]) == (None, None, None)
    # an action chosen before the take-back is stale
    stale = client.post(
        f"{API}/matches/{mid}/actions",
        json={"version": after["version"], "action": before["legal"][0]["action"]},
        headers=auth(token),
    )
    assert stale.status_code == 409
    assert stale.json()["error"]["code"] == "match/stale"
    # the replay holds the line in play only
    replay = client.get(f"{API}/matches/{mid}/replay")
    assert replay.json()["error"]["code"] == "match/not-over"


def test_refusals_in_the_games_and_the_servers_words(client: TestClient) -> None:
    mid, ana = create(client, PHYLO, 2)
    assert ana
    start = client.get(f"{API}/matches/{mid}/view", headers=auth(ana)).json()
    assert start["undo"]["code"] == "match/not-started"
    tokens = {0: ana, 1: join(client, mid, name="Ben")}
    first = client.get(f"{API}/matches/{mid}/view", headers=auth(ana)).json()["to_move"][0]
    mover, other = tokens[first], tokens[1 - first]
    r = _undo(client, mid, mover, 0)
    assert (r.status_code, r.json()["error"]["code"]) == (422, "undo/nothing")
    moved = my_turn(client, mid, mover)
    passing = next(a for a in moved["legal"] if a["text"] == "pass")
    _act(client, mid, mover, 0, passing["action"])
    # the other seat decided nothing: only the last decision's seat may take it back
    theirs = client.get(f"{API}/matches/{mid}/view", headers=auth(other)).json()
    assert theirs["undo"]["code"] == "undo/not-yours"
    assert "has decided since" in theirs["undo"]["message"]
    refused = _undo(client, mid, other, 1)
    assert refused.json()["error"]["code"] == "undo/not-yours"
    stale = _undo(client, mid, mover, 0)
    assert stale.json()["error"]["code"] == "match/stale"
    assert client.post(f"{API}/matches/{mid}/undo", json={"version": 1}).status_code == 401
    # an answer when nobody asked
    r = client.post(
        f"{API}/matches/{mid}/undo/reply", json={"version": 1, "accept": True}, headers=auth(other)
    )
    assert r.json()["error"]["code"] == "undo/no-request"
    # after the end nothing is taken back
    assert client.post(f"{API}/matches/{mid}/resign", headers=auth(other)).status_code == 200
    over = _undo(client, mid, mover, 1)
    assert over.json()["error"]["code"] == "undo/game-over"


def test_a_draw_is_refused_as_revealing(client: TestClient) -> None:
    mid, ana = create(client, FOREST, 2)
    assert ana
    tokens = {0: ana, 1: join(client, mid, name="Ben")}
    view = client.get(f"{API}/matches/{mid}/view", headers=auth(ana)).json()
    seat = view["to_move"][0]
    view = my_turn(client, mid, tokens[seat])
    assert view["undo"]["code"] == "undo/nothing"
    draw = view["legal"][0]
    assert draw["action"]["type"] == "draw"
    _act(client, mid, tokens[seat], view["version"], draw["action"])
    drawn = client.get(f"{API}/matches/{mid}/view", headers=auth(tokens[seat])).json()
    assert drawn["undo"]["allowed"] is False
    assert drawn["undo"]["code"] == "undo/revealed"
    r = _undo(client, mid, tokens[seat], drawn["version"])
    assert (r.status_code, r.json()["error"]["code"]) == (422, "undo/revealed")
    assert "showed something nobody knew" in r.json()["error"]["message"]
    assert r.json()["error"]["message"] == drawn["undo"]["message"]


def _pass_first(client: TestClient) -> tuple[str, dict[int, str], int, dict[str, Any]]:
    """A Phylo match of two people where the first to move has passed: the match, the
    tokens by seat, the seat that passed and its view before it did."""
    mid, ana = create(client, PHYLO, 2)
    assert ana
    tokens = {0: ana, 1: join(client, mid, name="Ben")}
    view = client.get(f"{API}/matches/{mid}/view", headers=auth(ana)).json()
    first = view["to_move"][0]
    moved = my_turn(client, mid, tokens[first])
    passing = next(a for a in moved["legal"] if a["text"] == "pass")
    _act(client, mid, tokens[first], moved["version"], passing["action"])
    return mid, tokens, first, moved


def _notice(conn: Conn, code: str) -> dict[str, Any]:
    """The notice ``code`` this session got (already, or next): a notice of what an
    answer did comes before the answer's ``ack``."""

    def wanted(m: dict[str, Any]) -> bool:
        return m["type"] == "notice" and m["code"] == code

    return next((m for m in conn.seen if wanted(m)), None) or conn.until(wanted)


@contextlib.contextmanager
def _table(
    client: TestClient, mid: str, tokens: dict[int, str]
) -> Iterator[tuple[dict[int, Conn], Conn, dict[int, dict[str, Any]]]]:
    """A session per seat (offering take-backs) and a spectator's, closed afterwards
    (even when the test fails); with each seat's first update."""
    conns: dict[int, Conn] = {}
    firsts: dict[int, dict[str, Any]] = {}
    watcher: Conn | None = None
    try:
        for seat, token in tokens.items():
            conn = conns[seat] = Conn(
                client.websocket_connect(f"{API}/matches/{mid}/ws").__enter__()
            )
            conn.send({"type": "hello", "protocol": 1, "token": token, "undo": True})
            conn.until(lambda m: m["type"] == "welcome")
            firsts[seat] = conn.until(lambda m: m["type"] == "update")
        watcher, _, _ = open_ws(client, mid)
        yield conns, watcher, firsts
    finally:
        for conn in (*conns.values(), *([watcher] if watcher else [])):
            close(conn)


def test_the_others_are_asked_and_an_acceptance_takes_it_back(client: TestClient) -> None:
    mid, tokens, first, before = _pass_first(client)
    with _table(client, mid, tokens) as (conns, watcher, firsts):
        _accepted(conns, watcher, firsts, first, before)


def _accepted(
    conns: dict[int, Conn],
    watcher: Conn,
    firsts: dict[int, dict[str, Any]],
    first: int,
    before: dict[str, Any],
) -> None:
    asker, asked = conns[first], conns[1 - first]
    assert firsts[first]["undo"] == {"allowed": True, "ask": [1 - first]}
    assert firsts[1 - first]["undo"]["code"] == "undo/not-yours"
    asker.send({"type": "undo", "version": 1, "ref": "u1"})
    ack = asker.until(lambda m: m["type"] == "ack")
    assert (ack["ref"], ack["pending"], ack["version"]) == ("u1", True, 1)
    for conn in (asked, watcher):
        notice = _notice(conn, "undo/asked")
        assert notice["seat"] == first
        offer = conn.until(lambda m: m["type"] == "update" and m["undo_offer"])["undo_offer"]
        assert (offer["seat"], offer["version"], offer["waiting"]) == (first, 1, [1 - first])
        assert offer["step"]["text"] == "pass"
        assert offer["deadline"] > time.time()
    # asking twice, or answering one's own request, is refused
    asker.send({"type": "undo", "version": 1})
    assert asker.until(lambda m: m["type"] == "error")["code"] == "undo/asked"
    asker.send({"type": "undo_reply", "version": 1, "accept": True})
    assert asker.until(lambda m: m["type"] == "error")["code"] == "undo/not-asked"
    watcher.send({"type": "undo_reply", "version": 1, "accept": True})
    assert watcher.until(lambda m: m["type"] == "error")["code"] == "auth/spectator"
    asked.send({"type": "undo_reply", "version": 1, "accept": True, "ref": "r1"})
    assert asked.until(lambda m: m["type"] == "ack")["ref"] == "r1"
    for conn in (asker, asked, watcher):
        assert _notice(conn, "undo/done")["seat"] == first
        update = conn.until(lambda m: m["type"] == "update" and m["version"] == 2)
        assert update["undo_offer"] is None
        assert update["to_move"] == [first]
        entry = update["log"][-1]
        assert entry["took_back"]["version"] == 1
        assert entry["took_back"]["text"] == "pass"
    again = asker.update()
    assert again["legal"] == before["legal"]
    assert again["observation"] == before["observation"]


def test_a_decline_refuses_it_and_it_is_not_asked_again(client: TestClient) -> None:
    mid, tokens, first, _ = _pass_first(client)
    with _table(client, mid, tokens) as (conns, watcher, _):
        asker, asked = conns[first], conns[1 - first]
        asker.send({"type": "undo", "version": 1})
        asked.until(lambda m: m["type"] == "update" and m["undo_offer"])
        asked.send({"type": "undo_reply", "version": 1, "accept": False})
        for conn in (asker, asked, watcher):
            notice = _notice(conn, "undo/declined")
            assert "Ben said no" in notice["message"] or "creator said no" in notice["message"]
        view = asker.update()
        assert view["version"] == 1, "nothing was taken back"
        assert view["undo_offer"] is None
        assert view["undo"]["code"] == "undo/declined"
        asker.send({"type": "undo", "version": 1})
        assert asker.until(lambda m: m["type"] == "error")["code"] == "undo/declined"


def test_a_move_withdraws_the_request(client: TestClient) -> None:
    mid, tokens, first, _ = _pass_first(client)
    with _table(client, mid, tokens) as (conns, watcher, _):
        asker, asked = conns[first], conns[1 - first]
        asker.send({"type": "undo", "version": 1})
        offered = asked.until(lambda m: m["type"] == "update" and m["undo_offer"])
        # the asked player plays on instead of answering
        asked.send({"type": "act", "version": 1, "action": offered["legal"][-1]["action"]})
        for conn in (asker, asked, watcher):
            assert _notice(conn, "undo/withdrawn")["seat"] == first
            update = conn.until(lambda m: m["type"] == "update" and m["version"] == 2)
            assert update["undo_offer"] is None
        asked.send({"type": "undo_reply", "version": 1, "accept": True})
        assert asked.until(lambda m: m["type"] == "error")["code"] == "undo/no-request"


def test_an_unanswered_request_lapses(sqlite_url: str) -> None:
    with TestClient(create_app(make_settings(sqlite_url, undo_seconds=0.2))) as client:
        mid, tokens, first, _ = _pass_first(client)
        with _table(client, mid, tokens) as (conns, watcher, _):
            conns[first].send({"type": "undo", "version": 1})
            for conn in (*conns.values(), watcher):
                assert "nobody answered in time" in _notice(conn, "undo/lapsed")["message"]
            assert conns[first].update()["undo"]["code"] == "undo/declined"


def test_a_take_back_is_stored_and_the_match_resumes_after_a_restart(sqlite_url: str) -> None:
    with TestClient(create_app(make_settings(sqlite_url))) as client:
        mid, token, before, after = _place_against_a_bot(client)
        assert _undo(client, mid, token, after["version"]).status_code == 200
        back = client.get(f"{API}/matches/{mid}/view?since=0", headers=auth(token)).json()
    store = Store(sqlite_url)
    record = store.load(mid)
    store.close()
    assert record is not None
    assert record.match.version == back["version"]
    assert [(t.version, t.step) for t in record.takebacks] == [(back["version"], after["version"])]
    assert after["version"] in [m.version for m in record.moves], "the log is never rewritten"
    with TestClient(create_app(make_settings(sqlite_url))) as client:
        resumed = client.get(f"{API}/matches/{mid}/view?since=0", headers=auth(token)).json()
        for key in ("version", "observation", "legal", "log", "undo"):
            assert resumed[key] == back[key], key
        # a client that had the placement and reconnects is told it was taken back
        conn, _, first = open_ws(client, mid, token, since=after["version"])
        assert [e["version"] for e in first["log"]] == [back["version"]]
        assert first["log"][0]["took_back"]["version"] == after["version"]
        close(conn)
        # the same decision again, and taken back again: the line is rebuilt from the seed
        _act(client, mid, token, back["version"], after["log"][-1]["action"])
        again = client.get(f"{API}/matches/{mid}/view", headers=auth(token)).json()
        assert again["observation"] == after["observation"]
        assert again["undo"] == {"allowed": True}
        assert _undo(client, mid, token, again["version"]).json()["pending"] is False
        final = client.get(f"{API}/matches/{mid}/view", headers=auth(token)).json()
        assert final["observation"] == before["observation"]
        assert final["version"] == again["version"] + 1
        # the replay holds the line in play: neither placement, each taken back
        assert client.post(f"{API}/matches/{mid}/resign", headers=auth(token)).status_code == 200
        replay = Replay.from_json(client.get(f"{API}/matches/{mid}/replay").content)
        assert len(replay.steps) == before["version"]
        replay.verify()


def _hidden_undoable_step(game_id: str, seed: int) -> tuple[list[tuple[int, Any]], int]:
    """A line of random play of ``game_id`` (two seats) up to a step that spectators are
    not shown and that its seat may take back: the moves (seat, action JSON) through that
    step, and its seat."""
    game = ecotone.make(game_id, players=2)
    line = History.start(game, seed)
    rnd = random.Random(seed)
    moves: list[tuple[int, Any]] = []
    for _ in range(200):
        state = line.state
        seat = state.to_move[0]
        action = rnd.choice(state.legal_actions(seat))
        line = line.play(seat, action)
        moves.append((seat, action.to_json()))
        told = announcement(state, seat, action, line.state)
        if not told.visible & viewer_bit(2, None) and line.undo_refusal(seat) is None:
            return moves, seat
    raise AssertionError(f"no hidden step to take back in {game_id} from seed {seed}")


def test_a_step_hidden_from_spectators_stays_hidden_when_taken_back(client: TestClient) -> None:
    moves, seat = _hidden_undoable_step("biome-borneo", 0)
    mid, ana = create(client, "biome-borneo", 2, seed=0)
    assert ana
    tokens = {0: ana, 1: join(client, mid, name="Ben")}
    for s, action in moves:
        version = client.get(f"{API}/matches/{mid}/view", headers=auth(tokens[s])).json()
        _act(client, mid, tokens[s], version["version"], action)
    step = len(moves)
    watcher, _, seen = open_ws(client, mid, since=step - 1)
    try:
        told = seen["log"][-1]
        assert told["version"] == step
        assert told["action"] is None, "spectators are not shown it"
        assert told["text"] is None
        r = _undo(client, mid, tokens[seat], step)
        assert r.json()["pending"] is True
        offer = watcher.until(lambda m: m["type"] == "update" and m["undo_offer"])["undo_offer"]
        assert offer["step"] == told, "the request shows spectators what the step did, no more"
        r = client.post(
            f"{API}/matches/{mid}/undo/reply",
            json={"version": step, "accept": True},
            headers=auth(tokens[1 - seat]),
        )
        assert r.status_code == 200, r.text
        back = watcher.until(lambda m: m["type"] == "update" and m["version"] == step + 1)
        assert back["log"][-1]["took_back"] == told
        # what the step names (the card exchanged) reached the spectator nowhere
        named = [v for k, v in moves[-1][1].items() if k != "type" and isinstance(v, str)]
        assert named
        for message in watcher.seen:
            for word in named:
                assert word not in json.dumps(message), message
    finally:
        close(watcher)
