"""Ecotone: five ecology tabletop games, playable and studyable.

>>> import ecotone
>>> "once-upon-a-forest" in ecotone.available_games()
True
>>> game = ecotone.make("once-upon-a-forest", players=2)
>>> state = game.start(seed=7)
>>> state.to_move
(0,)

One rules implementation per game serves every surface: the terminal, bots, batch
simulation and reinforcement learning. See ``docs/architecture.md``.
"""

from __future__ import annotations

# First of all: with ECOTONE_NO_EXTENSIONS set, the package's own modules are imported from
# their sources, whatever the compiled build put beside them (importing it is enough).
from ecotone import _pure  # noqa: F401

# isort: split

from collections.abc import Mapping
from typing import Any

import msgspec

import ecotone.games as _games  # noqa: F401 - registers the built-in games
from ecotone.core.actions import Action
from ecotone.core.errors import (
    ConfigError,
    DataError,
    EcotoneError,
    IllegalAction,
    StateError,
)
from ecotone.core.game import Game, State
from ecotone.core.registry import available as _available
from ecotone.core.registry import make as _make
from ecotone.core.spec import GameSpec

# ``ecotone.testing.check_game`` works after a plain ``import ecotone``.
from . import testing as testing

__all__ = [
    "Action",
    "ConfigError",
    "DataError",
    "EcotoneError",
    "Game",
    "GameSpec",
    "IllegalAction",
    "State",
    "StateError",
    "available_games",
    "load_state",
    "make",
]

__version__ = "0.1.0"


def available_games() -> list[str]:
    """The ids of every game that :func:`make` can build, sorted."""
    return _available()


def make(game_id: str, *, players: int, variant: str | None = None, **options: Any) -> Game[Any]:
    """Configure a game.

    Args:
        game_id: one of :func:`available_games`.
        players: the number of seats.
        variant: a variant's name from ``game.spec.variants``, or ``None``.
        **options: the game's options (``game.spec.options``).

    Raises:
        ConfigError: for a wrong id, player count, variant or option; the message lists
            the valid ones.
    """
    return _make(game_id, players=players, variant=variant, **options)


def load_state(data: Mapping[str, Any] | str | bytes) -> State[Any]:
    """Rebuild any saved state (from :meth:`State.to_json`), making its game first."""
    if isinstance(data, str | bytes):
        try:
            data = msgspec.json.decode(data)
        except msgspec.DecodeError as exc:
            raise StateError("state/malformed", f"not valid JSON: {exc}") from None
    if not isinstance(data, Mapping) or not isinstance(data.get("game"), str):
        raise StateError("state/malformed", "a saved state is a JSON object with a 'game'")
    game = make(
        data["game"],
        players=data.get("players"),  # type: ignore[arg-type]
        variant=data.get("variant"),
        **dict(data.get("options") or {}),
    )
    return game.load_state(data)
