"""Accounts (a name and a password, or a guest), profiles with history and replays, and
ratings per game for people and for bots on one scale."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

import ecotone
from ecotone.cli.main import main
from ecotone.server.ratings import Rating, Ratings, SeatResult, places, rate
from ecotone.server.store import Store
from ecotone.sim.tournament import run_tournament
from tests.server.helpers import API, auth, create

FOREST = "once-upon-a-forest"


def _sign_up(client: TestClient, name: str, password: str = "correct horse") -> str:
    r = client.post(f"{API}/accounts", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    assert r.json()["account"] == {
        "name": name,
        "guest": False,
        "created_at": r.json()["account"]["created_at"],
    }
    token: str = r.json()["token"]
    return token


def _code(r: Any) -> str:
    code: str = r.json()["error"]["code"]
    return code


def test_sign_up_log_in_and_the_password_is_only_hashed(
    client: TestClient, sqlite_url: str
) -> None:
    token = _sign_up(client, "Ada")
    again = client.post(f"{API}/accounts", json={"name": "ada", "password": "another one"})
    assert (again.status_code, _code(again)) == (409, "account/name-taken")
    assert _code(client.post(f"{API}/accounts", json={"name": "x", "password": "long enough"})) == (
        "account/bad-name"
    )
    weak = client.post(f"{API}/accounts", json={"name": "Bea", "password": "short"})
    assert (weak.status_code, _code(weak)) == (422, "account/weak-password")
    wrong = client.post(f"{API}/accounts/login", json={"name": "Ada", "password": "wrong horse"})
    nobody = client.post(f"{API}/accounts/login", json={"name": "Zed", "password": "wrong horse"})
    assert (wrong.status_code, _code(wrong)) == (401, "auth/bad-login")
    assert wrong.json() == nobody.json()  # the same refusal: names cannot be probed
    ok = client.post(f"{API}/accounts/login", json={"name": "ADA", "password": "correct horse"})
    assert ok.status_code == 200
    assert ok.json()["token"] != token
    me = client.get(f"{API}/accounts/me", headers=auth(ok.json()["token"])).json()
    assert me["account"]["name"] == "Ada"
    client.post(f"{API}/accounts/logout", headers=auth(token))
    assert _code(client.get(f"{API}/accounts/me", headers=auth(token))) == "auth/bad-account"
    store = Store(sqlite_url)
    with store.engine.connect() as conn:
        stored = conn.execute(text("SELECT password_hash FROM accounts")).scalar_one()
    store.close()
    assert stored.startswith("$argon2id$")
    assert "correct horse" not in stored


def test_a_finished_match_moves_the_ratings_and_fills_the_profiles(client: TestClient) -> None:
    ada = _sign_up(client, "Ada")
    guest = client.post(f"{API}/accounts/guest", json={}).json()
    assert guest["account"]["guest"] is True
    bea = guest["token"]
    bea_name = guest["account"]["name"]
    r = client.post(
        f"{API}/matches",
        json={"game": FOREST, "players": 2, "seed": 1, "join": {"name": "ignored"}},
        headers=auth(ada),
    )
    assert r.status_code == 201, r.text
    mid, ada_seat = r.json()["match"]["id"], r.json()["token"]
    seats = r.json()["match"]["seats"]
    assert (seats[0]["name"], seats[0]["account"], seats[0]["rating"]) == ("Ada", "Ada", 0.0)
    joined = client.post(f"{API}/matches/{mid}/join", json={}, headers=auth(bea))
    assert joined.status_code == 200, joined.text
    bad = client.post(f"{API}/matches/{mid}/join", json={}, headers=auth("not a token"))
    assert _code(bad) == "auth/bad-account"
    lobby = client.get(f"{API}/matches", params={"status": "active"}).json()["matches"]
    assert [s["account"] for s in lobby[0]["seats"]] == ["Ada", bea_name]
    # Ada concedes: Bea wins; both ratings move, Bea's up and Ada's down
    assert client.post(f"{API}/matches/{mid}/resign", headers=auth(ada_seat)).status_code == 200
    profile: dict[str, Any] = {}
    for _ in range(2000):  # the result is recorded just after the end
        profile = client.get(f"{API}/players/{bea_name}").json()
        if profile["ratings"]:
            break
    [bea_rating] = profile["ratings"]
    assert bea_rating["game"] == FOREST
    assert bea_rating["matches"] == 1
    assert bea_rating["rating"] > 0.0
    [played] = profile["matches"]
    assert (played["id"], played["seat"], played["place"], played["won"]) == (mid, 1, 0, True)
    assert played["replay"] == f"/api/v1/matches/{mid}/replay"
    assert client.get(played["replay"]).status_code == 200
    ada_profile = client.get(f"{API}/players/ada").json()
    assert ada_profile["ratings"][0]["rating"] < 0.0
    assert ada_profile["matches"][0]["won"] is False
    info = client.get(f"{API}/matches/{mid}").json()
    assert [s["rating"] for s in info["seats"]] == [
        ada_profile["ratings"][0]["rating"],
        bea_rating["rating"],
    ]
    assert _code(client.get(f"{API}/players/nobody-here")) == "player/not-found"
    # a guest has no password to log in with
    login = client.post(f"{API}/accounts/login", json={"name": bea_name, "password": "anything!"})
    assert _code(login) == "auth/bad-login"


def test_seat_tokens_still_play_without_an_account(client: TestClient) -> None:
    mid, token = create(client, FOREST, 2, seats=[None, "random"])
    assert token
    info = client.get(f"{API}/matches/{mid}").json()
    assert info["seats"][0]["account"] is None
    assert info["seats"][0]["rating"] is None
    view = client.get(f"{API}/matches/{mid}/view", headers=auth(token)).json()
    body = {"version": view["version"], "action": view["legal"][0]["action"]}
    assert (
        client.post(f"{API}/matches/{mid}/actions", json=body, headers=auth(token)).status_code
        == 200
    )


def test_places_and_ratings() -> None:
    assert places([4.0, 9.0, 9.0], [1, 2], None) == [1, 0, 0]
    assert places([4.0, 9.0, 1.0], [1], resigned=0) == [2, 0, 1]
    before = [Rating(), Rating()]
    after = rate(before, [0, 1])
    assert after[0].shown > before[0].shown > after[1].shown
    assert after[0].matches == 1


def test_a_match_is_rated_once_and_one_account_at_two_seats_moves_nothing(
    sqlite_url: str,
) -> None:
    store = Store(sqlite_url)
    store.migrate()
    ratings = Ratings(store)
    with store.engine.begin() as conn:
        for mid in ("m1", "m2"):
            conn.execute(
                text(
                    "INSERT INTO matches (id, game, players, options, seed, rules_version, "
                    "status, version, state, digest, created_at, updated_at) VALUES "
                    f"('{mid}', 'g', 2, '{{}}', 1, '1', 'over', 0, '{{}}', '', 0, 0)"
                )
            )
    twice = [SeatResult(0, "account:a", 0, 3.0), SeatResult(1, "account:a", 1, 1.0)]
    assert ratings.record_match("m1", "g", twice, 0.0) == {}
    assert ratings.get(["account:a"], "g") == {}
    pair = [SeatResult(0, "account:a", 0, 3.0), SeatResult(1, None, 1, 1.0)]
    moved = ratings.record_match("m2", "g", pair, 0.0)
    assert moved is not None
    assert set(moved) == {0}
    assert ratings.record_match("m2", "g", pair, 0.0) is None  # once
    assert ratings.get(["account:a"], "g")["account:a"].matches == 1
    store.close()


def test_bots_are_rated_from_a_tournament_on_the_same_scale(
    tmp_path: Path, sqlite_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.server.conftest import make_settings

    game = ecotone.make(FOREST, players=2)
    played = run_tournament(game, ["heuristic", "random"], 12, seed=7)
    lines = tmp_path / "games.jsonl"
    import msgspec

    lines.write_bytes(b"".join(msgspec.json.encode(r) + b"\n" for r in played.results))
    assert main(["rate-bots", FOREST, str(lines), "--db", sqlite_url]) == 0
    printed = capsys.readouterr().out
    assert "heuristic" in printed
    store = Store(sqlite_url)
    rated = Ratings(store).get(["bot:heuristic", "bot:random"], FOREST)
    store.close()
    assert rated["bot:heuristic"].matches == rated["bot:random"].matches == 12
    assert rated["bot:heuristic"].shown > rated["bot:random"].shown
    # the bots' ratings are shown at the table, on the people's scale
    from ecotone.server import create_app

    with TestClient(create_app(make_settings(sqlite_url))) as client:
        mid, _ = create(client, FOREST, 2, seats=[None, "heuristic"])
        seats = client.get(f"{API}/matches/{mid}").json()["seats"]
        assert seats[1]["rating"] == rated["bot:heuristic"].shown


@pytest.mark.parametrize(
    ("game", "content", "said"),
    [
        ("nope", None, "there is no game 'nope'"),
        (FOREST, None, "cannot read"),
        (FOREST, b'{"x": 1}\n', "is not a tournament's games"),
        (FOREST, b"", "holds no finished game"),
    ],
)
def test_rating_bots_refuses_what_is_not_a_tournament(
    game: str,
    content: bytes | None,
    said: str,
    tmp_path: Path,
    sqlite_url: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "games.jsonl"
    if content is not None:
        path.write_bytes(content)
    assert main(["rate-bots", game, str(path), "--db", sqlite_url]) == 2
    err = capsys.readouterr().err
    assert said in err
    assert err.count("\n") == 1  # one line, no traceback
