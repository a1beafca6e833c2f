"""What the server adds to a seat's view for the browser, beyond the observation (no
browser needed: Starlette's test client): the cards a deciding seat cannot play and why.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

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
