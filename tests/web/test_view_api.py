"""What the server adds to a seat's view for the browser, beyond the observation (no
browser needed: Starlette's test client): the cards a deciding seat cannot play and why.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import ecotone
from ecotone.core.game import State
from ecotone.server import create_app
from tests.server.conftest import make_settings
from tests.server.helpers import API, auth, create, join

FOREST = "once-upon-a-forest"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A running app on a fresh SQLite file."""
    with TestClient(create_app(make_settings(f"sqlite:///{tmp_path / 'ecotone.db'}"))) as c:
        yield c


def _view(client: TestClient, match: str, token: str | None = None) -> dict[str, Any]:
    headers = auth(token) if token else {}
    view: dict[str, Any] = client.get(f"{API}/matches/{match}/view", headers=headers).json()
    return view


def test_the_deciding_seat_is_told_which_cards_it_cannot_play_and_why(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[int | None] = []

    def unplayable(self: State[Any], seat: int | None) -> dict[str, str]:
        asked.append(seat)
        return {"G01": f"P{seat}'s reason"} if seat is not None else {}

    # the kernel's hook (State.unplayable, the game's reasons); raising=False: the kernel
    # this runs on may not have it yet, and the server then sends no reasons at all
    monkeypatch.setattr(State, "unplayable", unplayable, raising=False)
    match, ana = create(client, FOREST, 2, seats=[None, None], seed=3)
    assert ana
    ben = join(client, match, name="Ben")
    views = {0: _view(client, match, ana), 1: _view(client, match, ben)}
    deciding = [s for s, v in views.items() if v["legal"]]
    assert len(deciding) == 1
    mover = deciding[0]
    assert views[mover]["unplayable"] == {"G01": f"P{mover}'s reason"}
    # the seat that does not decide, and a spectator, are told nothing
    assert views[1 - mover]["unplayable"] == {}
    assert _view(client, match)["unplayable"] == {}
    assert set(asked) == {mover}


def test_without_the_games_reasons_the_view_says_none(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(State, "unplayable", raising=False)
    match, ana = create(client, FOREST, 2, seats=[None, None], seed=3)
    assert ana
    ben = join(client, match, name="Ben")
    views = [_view(client, match, ana), _view(client, match, ben)]
    assert any(v["legal"] for v in views)
    assert all(v["unplayable"] == {} for v in views)


def test_each_legal_action_carries_the_steps_its_kind_declares(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = ecotone.make(FOREST, players=2)
    kinds = {cls.__struct_config__.tag: cls for cls in game.codec._classes}
    # the play of a card, chosen by card, then tree (a game declares this on its class)
    monkeypatch.setattr(kinds["place"], "choose_by", ("card", "tree"))
    match, ana = create(client, FOREST, 2, seats=[None, None], seed=3)
    assert ana
    ben = join(client, match, name="Ben")
    seen: dict[str, list[list[str] | None]] = {}
    for _ in range(12):  # until a card is to be placed
        views = [_view(client, match, ana), _view(client, match, ben)]
        seat, view = next((s, v) for s, v in enumerate(views) if v["legal"])
        for lg in view["legal"]:
            seen.setdefault(lg["action"]["type"], []).append(lg.get("choose_by"))
        if "place" in seen:
            break
        first = view["legal"][0]
        client.post(
            f"{API}/matches/{match}/actions",
            json={"version": view["version"], "action": first["action"]},
            headers=auth([ana, ben][seat]),
        ).raise_for_status()
    assert seen["place"]
    assert all(steps == ["card", "tree"] for steps in seen["place"])
    # a kind that declares no steps sends none
    assert all(steps is None for kind, said in seen.items() if kind != "place" for steps in said)


def test_the_turn_is_the_games_count_else_the_changes_of_who_moves(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    match, ana = create(client, FOREST, 2, seats=[None, None], seed=3)
    assert ana
    ben = join(client, match, name="Ben")
    tokens = [ana, ben]
    movers: list[int] = []
    for _ in range(10):
        views = [_view(client, match, t) for t in tokens]
        seat, view = next((s, v) for s, v in enumerate(views) if v["legal"])
        # every step of one player's turn is that same turn; each new player a new one
        turns = 1 + sum(1 for a, b in itertools.pairwise([*movers, seat]) if a != b)
        assert view["turn"] == turns, (movers, seat)
        assert client.get(f"{API}/matches/{match}").json()["turn"] == turns
        client.post(
            f"{API}/matches/{match}/actions",
            json={"version": view["version"], "action": view["legal"][0]["action"]},
            headers=auth(tokens[seat]),
        ).raise_for_status()
        movers.append(seat)
    # the deal had turns of several steps, and more than one turn: both rules were tried
    assert any(a == b for a, b in itertools.pairwise(movers)), movers
    assert len(set(movers)) == 2, movers
    # where the game counts its turns itself, that count is the one sent
    monkeypatch.setattr(type(ecotone.make(FOREST, players=2)), "turn", lambda self, data: 7)
    assert _view(client, match, ana)["turn"] == 7


def test_the_view_says_the_decision_in_the_games_words_for_each_viewer(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def phase(self: Any, data: Any, seat: int | None) -> str:
        return "the table watches" if seat is None else f"P{seat + 1} reads this"

    monkeypatch.setattr(type(ecotone.make(FOREST, players=2)), "phase", phase)
    match, ana = create(client, FOREST, 2, seats=[None, None], seed=3)
    assert ana
    ben = join(client, match, name="Ben")
    assert _view(client, match, ana)["phase"] == "P1 reads this"
    assert _view(client, match, ben)["phase"] == "P2 reads this"
    assert _view(client, match)["phase"] == "the table watches"


def test_rules_of_an_unknown_game_are_refused_in_the_registrys_words(client: TestClient) -> None:
    r = client.get(f"{API}/games/no-such-game/rules")
    assert r.status_code == 404  # the game the address names is not there
    error = r.json()["error"]
    assert error["code"] == "game/not-found"
    assert all(game in error["message"] for game in ecotone.available_games())
