"""One strict schema for HTTP and the websocket, and every error in the documented shape.

The abuse as found: HTTP accepted what the websocket refused (``"players": "2"``, unknown
fields, ``move_seconds: 1e-9``, which handed every person's seat to a bot at once),
invalid JSON was answered ``{"detail": ...}``, and an unknown game's catalogue answered
with the wrong code.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ecotone.server import create_app
from ecotone.server.errors import status_for
from tests.server.conftest import make_settings
from tests.server.helpers import API, auth, close, create, open_ws

FOREST = "once-upon-a-forest"


def _refused(r: Any, code: str) -> dict[str, Any]:
    """The refusal in the documented shape, with ``code`` and its documented status."""
    body = r.json()
    assert set(body) == {"error"}, body
    assert set(body["error"]) == {"code", "message"}, body
    assert body["error"]["code"] == code, body
    assert r.status_code == status_for(code), (r.status_code, body)
    assert body["error"]["message"]
    error: dict[str, Any] = body["error"]
    return error


@pytest.fixture
def strict(tmp_path: Path) -> Any:
    """A server with the default floor on clocks."""
    settings = make_settings(f"sqlite:///{tmp_path / 'e.db'}", min_move_seconds=3.0)
    with TestClient(create_app(settings)) as c:
        yield c


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ({"game": FOREST, "players": "2"}, "players"),
        ({"game": FOREST, "players": 2, "colour": "red"}, "colour"),
        ({"game": FOREST, "players": 2, "move_seconds": "60"}, "move_seconds"),
        ({"game": FOREST, "players": 2, "move_seconds": 1e300}, "move_seconds"),
        ({"game": FOREST, "players": 2.0}, "players"),
        ({"game": FOREST, "players": 10**30}, "players"),
        ({"game": FOREST, "players": 2, "seats": [{"kind": "bot", "bot": "x", "y": 1}]}, "y"),
        ({"game": FOREST, "players": 2, "join": {"seat": "0"}}, "seat"),
        ({"game": FOREST, "players": 2, "join": {"seat": 64}}, "seat"),
        ({"game": FOREST, "players": 2, "seed": -1}, "seed"),
        ({"game": FOREST}, "players"),
        ([], "object"),
    ],
)
def test_http_refuses_what_the_websocket_refuses(strict: TestClient, body: Any, where: str) -> None:
    r = strict.post(f"{API}/matches", json=body)
    error = _refused(r, "protocol/malformed")
    assert where in error["message"], error
    assert strict.get(f"{API}/matches").json()["matches"] == []


def test_a_clock_too_short_to_read_the_table_is_refused(strict: TestClient) -> None:
    body = {"game": FOREST, "players": 2, "move_seconds": 1e-9}
    error = _refused(strict.post(f"{API}/matches", json=body), "config/bad-clock")
    assert "3 s" in error["message"]
    assert strict.get(f"{API}/matches").json()["matches"] == []
    body["move_seconds"] = 3.0
    assert strict.post(f"{API}/matches", json=body).status_code == 201


def test_invalid_json_and_the_frameworks_refusals_keep_the_documented_shape(
    strict: TestClient,
) -> None:
    headers = {"Content-Type": "application/json"}
    broken = strict.post(f"{API}/matches", content=b"{not json", headers=headers)
    _refused(broken, "protocol/malformed")
    _refused(strict.get(f"{API}/no-such-thing"), "protocol/no-route")
    _refused(strict.delete(f"{API}/matches"), "protocol/method")
    _refused(strict.get(f"{API}/matches", params={"limit": "lots"}), "protocol/malformed")
    _refused(strict.get(f"{API}/matches/nope"), "match/not-found")


def test_an_unknown_games_catalogue_is_not_found(strict: TestClient) -> None:
    error = _refused(strict.get(f"{API}/games/no-such-game/catalog"), "game/not-found")
    assert "no-such-game" in error["message"]
    assert strict.get(f"{API}/games/{FOREST}/catalog").status_code == 200
    # a game named in a body is a bad request, not a missing resource
    unknown = strict.post(f"{API}/matches", json={"game": "nope", "players": 2})
    _refused(unknown, "config/unknown-game")


def test_an_action_is_the_same_record_over_http_and_the_websocket(client: TestClient) -> None:
    mid, token = create(client, FOREST, 2, seats=[None, "random"])
    assert token
    view = client.get(f"{API}/matches/{mid}/view", headers=auth(token)).json()
    bad: list[dict[str, Any]] = [
        {"version": str(view["version"]), "action": view["legal"][0]["action"]},
        {"version": view["version"], "action": view["legal"][0]["action"], "extra": 1},
        {"version": -1, "action": view["legal"][0]["action"]},
        {"version": view["version"], "action": view["legal"][0]["action"], "ref": "r" * 65},
        {"version": view["version"], "action": 7},
    ]
    conn, _, _ = open_ws(client, mid, token)
    for body in bad:
        r = client.post(f"{API}/matches/{mid}/actions", json=body, headers=auth(token))
        _refused(r, "protocol/malformed")
        conn.send({"type": "act", **body})
        assert conn.until(lambda m: m["type"] == "error")["code"] == "protocol/malformed"
    # the websocket's message, tag and all, is a valid HTTP body
    good = {"type": "act", "version": view["version"], "action": view["legal"][0]["action"]}
    r = client.post(f"{API}/matches/{mid}/actions", json=good, headers=auth(token))
    assert r.status_code == 200, r.text
    close(conn)


@pytest.mark.parametrize(
    ("route", "body", "where"),
    [
        ("check", {"deck": {"cards": {"lion": "2"}}}, "cards"),
        ("check", {"deck": {"name": "x", "colour": "red"}}, "colour"),
        ("check", {"deck": {}, "extra": 1}, "extra"),
        ("encode", {"deck": {"cards": {"lion": 2.0}}}, "cards"),
        ("decode", {"code": 7}, "code"),
        ("read", {"text": "x" * 16_001}, "text"),
        ("read", {}, "text"),
    ],
)
def test_the_deck_routes_decode_their_bodies_as_strictly(
    strict: TestClient, route: str, body: dict[str, Any], where: str
) -> None:
    r = strict.post(f"{API}/games/biomasters/decks/{route}", json=body)
    assert where in _refused(r, "protocol/malformed")["message"]


@pytest.mark.parametrize(
    ("route", "body", "where"),
    [
        ("undo", {"version": "3"}, "version"),
        ("undo", {"version": 3, "please": True}, "please"),
        ("undo", {"version": -1}, "version"),
        ("undo/reply", {"version": 3, "accept": "yes"}, "accept"),
        ("undo/reply", {"version": 3}, "accept"),
    ],
)
def test_take_backs_over_http_decode_their_bodies_as_strictly(
    client: TestClient, route: str, body: dict[str, Any], where: str
) -> None:
    mid, token = create(client, FOREST, 2, seats=[None, None])
    assert token
    r = client.post(f"{API}/matches/{mid}/{route}", json=body, headers=auth(token))
    assert where in _refused(r, "protocol/malformed")["message"]
