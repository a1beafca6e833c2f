"""The HTTP API: games, lobby, create/join/leave, tokens, actions, view, chat, replays, OpenAPI."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

import ecotone
from ecotone.bots.models import shipped_policies
from ecotone.core.replay import Replay
from tests.server.helpers import API, auth, create, join, play_to_the_end

FOREST = "once-upon-a-forest"


def test_health_and_games(client: TestClient) -> None:
    assert client.get(f"{API}/health").json()["protocol"] == 1
    games = client.get(f"{API}/games").json()["games"]
    assert [g["id"] for g in games] == ecotone.available_games()
    forest = next(g for g in games if g["id"] == FOREST)
    assert forest["min_players"] == 2
    assert "heuristic" in forest["bots"]


def test_a_trained_policy_seats_at_its_own_table_only(client: TestClient) -> None:
    games = client.get(f"{API}/games").json()["games"]
    forest = next(g for g in games if g["id"] == FOREST)
    assert [p["bot"] for p in forest["policies"]] == [p.spec for p in shipped_policies(FOREST)]
    policy = forest["policies"][0]
    match, token = create(client, FOREST, policy["players"], seats=[None, policy["bot"]])
    seat = client.get(f"{API}/matches/{match}").json()["seats"][1]
    assert (seat["kind"], seat["bot"], seat["name"]) == ("bot", policy["bot"], policy["title"])
    other = policy["players"] + 1
    r = client.post(
        f"{API}/matches",
        json={
            "game": FOREST,
            "players": other,
            "seats": [{"kind": "bot", "bot": policy["bot"]}] + [{"kind": "human"}] * (other - 1),
        },
    )
    assert r.status_code == 400, r.text
    assert r.json()["error"]["code"] == "config/bad-bot-option"
    assert f"with {policy['players']} players, not {other} players" in r.json()["error"]["message"]
    assert token is not None
    final = play_to_the_end(client, match, token, max_moves=500)
    assert final["status"] == "over"


def test_openapi_describes_every_endpoint(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    paths = doc["paths"]
    for path, method in [
        ("/api/v1/games", "get"),
        ("/api/v1/matches", "get"),
        ("/api/v1/matches", "post"),
        ("/api/v1/matches/{match_id}", "get"),
        ("/api/v1/matches/{match_id}/join", "post"),
        ("/api/v1/matches/{match_id}/leave", "post"),
        ("/api/v1/matches/{match_id}/view", "get"),
        ("/api/v1/matches/{match_id}/actions", "post"),
        ("/api/v1/matches/{match_id}/chat", "get"),
        ("/api/v1/matches/{match_id}/chat", "post"),
        ("/api/v1/matches/{match_id}/replay", "get"),
    ]:
        assert method in paths[path], (path, method)
    schemas = doc["components"]["schemas"]
    for name in ("MatchInfo", "Update", "Ack", "Joined", "CreateMatch", "LogEntry"):
        assert name in schemas, name
    # every $ref points at a schema that exists
    text = client.get("/openapi.json").text
    import re

    for ref in set(re.findall(r'"#/components/schemas/([^"]+)"', text)):
        assert ref in schemas, ref
    assert client.get("/docs").status_code == 200


def test_create_join_lobby_and_start(client: TestClient) -> None:
    mid, token = create(client, FOREST, 3, seats=[None, None, "random"])
    assert token
    info = client.get(f"{API}/matches/{mid}").json()
    assert info["status"] == "open"
    assert info["joinable"]
    assert [s["kind"] for s in info["seats"]] == ["human", "human", "bot"]
    lobby = client.get(f"{API}/matches", params={"status": "open"}).json()["matches"]
    assert mid in [m["id"] for m in lobby]
    # nothing in the lobby may reveal the deal
    assert "seed" not in str(lobby)
    assert "digest" not in str(lobby)
    view = client.get(f"{API}/matches/{mid}/view", headers=auth(token)).json()
    assert view["legal"] == []
    assert view["status"] == "open"
    second = join(client, mid, name="bea")
    info = client.get(f"{API}/matches/{mid}").json()
    assert info["status"] == "active"
    assert not info["joinable"]
    assert info["seats"][1]["name"] == "bea"
    refused = client.post(f"{API}/matches/{mid}/join", json={"name": "late"})
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "match/no-free-seat"
    assert second != token


def test_bad_configurations_are_refused_with_codes(client: TestClient) -> None:
    cases = [
        ({"game": "nope", "players": 2}, "config/unknown-game"),
        ({"game": FOREST, "players": 9}, "config/bad-player-count"),
        ({"game": FOREST, "players": 2, "variant": "x"}, "config/unknown-variant"),
        ({"game": FOREST, "players": 2, "options": {"x": 1}}, "config/unknown-option"),
        (
            {"game": FOREST, "players": 2, "seats": [{"kind": "bot", "bot": "nobot"}] * 2},
            "config/unknown-bot",
        ),
        ({"game": FOREST, "players": 2, "seats": [{"kind": "human"}]}, "config/bad-seats"),
        ({"game": FOREST}, "protocol/malformed"),
    ]
    for body, code in cases:
        r = client.post(f"{API}/matches", json=body)
        assert r.status_code in (400, 422), (body, r.text)
        assert r.json()["error"]["code"] == code, (body, r.json())


def test_the_server_never_reads_its_own_files_for_a_deck(
    client: TestClient, tmp_path: Path
) -> None:
    # a well-formed deck file on the server's disk: the server must not read it
    deck = tmp_path / "mine.toml"
    deck.write_text("name = 'mine'\ncards = []\n")
    for game, variant, options in [
        ("phylo", "constructed", {"deck1": str(deck)}),
        ("phylo", "constructed", {"deck2": "/etc/passwd"}),
        ("phylo", "constructed", {"deck1": "pyproject.toml"}),
        ("biomasters", None, {"decks": f"production,{deck}"}),
        ("biomasters", None, {"decks": ["ocean", "../secrets.toml"]}),
    ]:
        body = {"game": game, "players": 2, "variant": variant, "options": options}
        r = client.post(f"{API}/matches", json=body)
        assert r.status_code == 400, (options, r.text)
        error = r.json()["error"]
        assert error["code"] == "config/files-refused", error
        assert "ready-made" in error["message"]
    # the ready-made decks are named, in any case
    ok = {"deck1": "across the andes", "deck2": "Atlantic Coast"}
    body = {"game": "phylo", "players": 2, "variant": "constructed", "options": ok}
    assert client.post(f"{API}/matches", json=body).status_code == 201
    body = {"game": "biomasters", "players": 2, "options": {"decks": "ocean,wetland"}}
    assert client.post(f"{API}/matches", json=body).status_code == 201
    # and by the names the game shows them by (BioMasters' "production" is Savanna)
    body = {"game": "biomasters", "players": 2, "options": {"decks": "Savanna,woodland floor"}}
    assert client.post(f"{API}/matches", json=body).status_code == 201
    games = {g["id"]: g for g in client.get(f"{API}/games").json()["games"]}
    decks = {o["name"]: o for o in games["phylo"]["options"]}["deck1"]
    assert "Across the Andes" in decks["ready"]


def test_seed_is_refused_unless_allowed(sqlite_url: str) -> None:
    from ecotone.server import Settings, create_app

    with TestClient(create_app(Settings(db_url=sqlite_url))) as c:
        r = c.post(f"{API}/matches", json={"game": FOREST, "players": 2, "seed": 3})
        assert r.json()["error"]["code"] == "config/seed-not-allowed"


def test_tokens_are_required_and_checked(client: TestClient) -> None:
    mid, token = create(client, FOREST, 2)
    assert token
    other = join(client, mid)
    body = {"version": 0, "action": "draw from pile 1"}
    missing = client.post(f"{API}/matches/{mid}/actions", json=body)
    assert missing.status_code == 401
    assert missing.json()["error"]["code"] == "auth/missing-token"
    wrong = client.post(f"{API}/matches/{mid}/actions", json=body, headers=auth("x" * 32))
    assert wrong.status_code == 403
    assert wrong.json()["error"]["code"] == "auth/bad-token"
    for path in ("leave", "chat"):
        r = client.post(f"{API}/matches/{mid}/{path}", json={"text": "hi"}, headers=auth("bad"))
        assert r.json()["error"]["code"] == "auth/bad-token", path
    # a token of another match does not work here
    _mid2, token2 = create(client, FOREST, 2)
    assert token2
    r = client.post(f"{API}/matches/{mid}/actions", json=body, headers=auth(token2))
    assert r.json()["error"]["code"] == "auth/bad-token"
    ok = client.post(f"{API}/matches/{mid}/actions", json=body, headers=auth(token))
    assert ok.status_code == 200, ok.text
    assert ok.json() == {"type": "ack", "ref": None, "version": 1, "pending": False}
    # after leaving, the old token is dead; the seat is free for someone else
    assert client.post(f"{API}/matches/{mid}/leave", headers=auth(other)).status_code == 200
    dead = client.get(f"{API}/matches/{mid}/view", headers=auth(other))
    assert dead.json()["error"]["code"] == "auth/bad-token"
    info = client.get(f"{API}/matches/{mid}").json()
    assert info["joinable"]
    assert info["seats"][1]["taken_over"]


def test_refusals_change_nothing(client: TestClient) -> None:
    mid, token = create(client, FOREST, 2)
    assert token
    other = join(client, mid)
    before = client.get(f"{API}/matches/{mid}/view", headers=auth(token)).json()

    def act(tok: str, version: int, action: object) -> dict[str, object]:
        r = client.post(
            f"{API}/matches/{mid}/actions",
            json={"version": version, "action": action},
            headers=auth(tok),
        )
        error: dict[str, object] = r.json()["error"]
        return error

    stale = act(token, 5, "draw from pile 1")
    assert stale["code"] == "match/stale"
    assert "version 0" in str(stale["message"])
    turn = act(other, 0, "draw from pile 1")
    assert turn["code"] == "action/not-your-turn"
    bad = act(token, 0, "fly to the moon")
    assert bad["code"] == "action/malformed"
    wrong = act(token, 0, {"type": "draw", "pile": 9})
    assert wrong["code"] != "match/stale"
    assert wrong["message"]
    after = client.get(f"{API}/matches/{mid}/view", headers=auth(token)).json()
    assert after.pop("now") >= before.pop("now")  # only the time has moved on
    assert after == before


def test_play_to_the_end_then_replay(client: TestClient) -> None:
    mid, token = create(client, FOREST, 2, seats=[None, "heuristic"], seed=11)
    assert token
    r = client.get(f"{API}/matches/{mid}/replay")
    assert r.status_code == 409
    assert r.json()["error"]["code"] == "match/not-over"
    max_moves = ecotone.make(FOREST, players=2).max_steps
    view = play_to_the_end(client, mid, token, max_moves, key="text")
    assert view["status"] == "over"
    assert view["winners"] is not None
    # after the end every step is in the log, hands included
    log = client.get(f"{API}/matches/{mid}/view").json()["log"]
    assert len(log) == view["version"]
    assert all(e["action"] for e in log)
    assert {e["by"] for e in log} == {"human", "bot"}
    r = client.get(f"{API}/matches/{mid}/replay")
    assert r.status_code == 200
    assert "attachment" in r.headers["content-disposition"]
    replay = Replay.from_json(r.content)
    final = replay.verify()
    assert final.is_over
    assert replay.scores == view["scores"]
    assert replay.seed == 11
    assert replay.seats == ["creator", "heuristic"]
    over = client.get(f"{API}/matches", params={"status": "over"}).json()["matches"]
    assert mid in [m["id"] for m in over]


def test_chat_over_http(client: TestClient) -> None:
    mid, token = create(client, FOREST, 2)
    assert token
    r = client.post(f"{API}/matches/{mid}/chat", json={"text": "  hello\x00 "}, headers=auth(token))
    assert r.status_code == 200
    assert r.json()["text"] == "hello"
    assert client.get(f"{API}/matches/{mid}/chat").json()["lines"][0]["name"] == "creator"
    empty = client.post(f"{API}/matches/{mid}/chat", json={"text": " "}, headers=auth(token))
    assert empty.json()["error"]["code"] == "chat/empty"
    long = client.post(f"{API}/matches/{mid}/chat", json={"text": "x" * 600}, headers=auth(token))
    assert long.json()["error"]["code"] == "chat/too-long"
    codes = [
        client.post(f"{API}/matches/{mid}/chat", json={"text": f"{i}"}, headers=auth(token))
        .json()
        .get("error", {})
        .get("code")
        for i in range(12)
    ]
    assert "limit/chat" in codes


def test_unknown_match_and_limits(client: TestClient) -> None:
    r = client.get(f"{API}/matches/nope")
    assert r.status_code == 404
    assert r.json()["error"]["code"] == "match/not-found"
    big = client.post(
        f"{API}/matches",
        content=b"{" + b" " * 70_000 + b"}",
        headers={"content-type": "application/json"},
    )
    assert big.status_code == 413
    assert big.json()["error"]["code"] == "protocol/too-large"


def test_http_rate_limit(sqlite_url: str) -> None:
    from ecotone.server import create_app
    from tests.server.conftest import make_settings

    app = create_app(make_settings(sqlite_url, http_rate=1.0, http_burst=5.0))
    with TestClient(app) as c:
        codes = [c.get(f"{API}/health").status_code for _ in range(8)]
    assert codes[:5] == [200] * 5
    assert 429 in codes


def test_every_viewer_sees_the_standing_while_the_match_runs(client: TestClient) -> None:
    mid, _ = create(client, FOREST, 2, seats=[None, None], seed=5, join=False)
    r = client.get(f"{API}/matches/{mid}/view")
    assert r.json()["standing"] is None, "nothing stands before the match starts"
    ana, ben = join(client, mid, name="Ana"), join(client, mid, name="Ben")
    tokens = {0: ana, 1: ben}
    seen: set[tuple[float, ...]] = set()
    for _ in range(ecotone.make(FOREST, players=2).max_steps + 1):
        views = [client.get(f"{API}/matches/{mid}/view").json()] + [
            client.get(f"{API}/matches/{mid}/view", headers=auth(t)).json() for t in tokens.values()
        ]
        if views[0]["status"] == "over":
            break
        # the same line for every viewer, the game's own score (shown as its points)
        assert {tuple(v["standing"]) for v in views} == {tuple(views[0]["observation"]["points"])}
        # the lobby's description of the match says the same
        assert client.get(f"{API}/matches/{mid}").json()["standing"] == views[0]["standing"]
        seen.add(tuple(views[0]["standing"]))
        seat = views[0]["to_move"][0]
        view = views[1 + seat]
        body = {"version": view["version"], "action": view["legal"][-1]["action"]}
        r = client.post(f"{API}/matches/{mid}/actions", json=body, headers=auth(tokens[seat]))
        assert r.status_code == 200, r.text
    over = client.get(f"{API}/matches/{mid}/view").json()
    assert over["status"] == "over"
    assert over["standing"] is None
    assert client.get(f"{API}/matches/{mid}").json()["standing"] is None
    assert over["scores"] is not None
    assert len(seen) > 1, "the standing moved with the play"
