"""The bot contract: a bot sees only what its seat may know.

A bot is asked to act with a :class:`SeatView`: the seat's observation, its legal actions,
and a :meth:`SeatView.determinize` that samples full states consistent with that view.
It never receives the true :class:`~ecotone.core.game.State`, so it cannot read hidden
cards or foresee chance. Bots are made by name with :func:`ecotone.bots.make_bot`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, TypeVar

from ecotone.core.actions import Action
from ecotone.core.game import Game, State

__all__ = ["Bot", "SeatView", "describe"]


class SeatView:
    """What one seat knows at the moment it must decide.

    Attributes:
        game: the configured game (its spec, codec and player count are public).
        seat: the deciding seat.
        legal_actions: ``state.legal_actions(seat)``.
    """

    __slots__ = (
        "_data",
        "_determinize",
        "_observation",
        "_observe",
        "game",
        "legal_actions",
        "seat",
    )

    def __init__(self, state: State[Any], seat: int) -> None:
        self.game: Game[Any] = state.game
        self.seat = seat
        self.legal_actions: list[Action] = state.legal_actions(seat)
        self._observe: Callable[[int | None], dict[str, Any]] = state.observe
        self._observation: dict[str, Any] | None = None
        self._determinize: Callable[[int, random.Random], State[Any]] = state.determinize
        self._data: Any = state.data

    @property
    def observation(self) -> dict[str, Any]:
        """``state.observe(seat)``, made when first read: a search asks a bot to act at
        every step of its rollouts, and a bot that reads only its determinizations never
        pays for the whole observation."""
        seen = self._observation
        if seen is None:
            seen = self._observation = self._observe(self.seat)
        return seen

    def seen(self) -> dict[str, Any]:
        """The part of :attr:`observation` the game's own bots read
        (:meth:`Game.seen <ecotone.core.game.Game.seen>`), made straight from the state's
        data at each call: a heuristic that reads a few keys at every step of a search's
        rollouts pays for those alone. Its values may be shared: read them, never write."""
        return self.game.seen(self._data, self.seat)

    def determinize(self, rng: random.Random) -> State[Any]:
        """A full state consistent with this view: hidden cards re-dealt, chance re-seeded."""
        return self._determinize(self.seat, rng)


class Bot(ABC):
    """A player that chooses from its seat's view.

    Args:
        game: the configured game.
        seat: the seat it plays.
        seed: its private seed; the same seed and the same views give the same choices.
    """

    name: str = "bot"

    def __init__(self, game: Game[Any], seat: int, seed: int = 0, **options: Any) -> None:
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)
        if options:
            raise ValueError(f"takes no options; got {sorted(options)}")

    @abstractmethod
    def act(self, view: SeatView) -> Action:
        """Choose one of ``view.legal_actions``."""


_B = TypeVar("_B", bound=type[Bot])


def describe(cls: _B, about: str) -> _B:
    """Give the bot class ``cls`` its docstring, ``about``, and return it.

    ``ecotone bots`` describes a bot by its class's docstring, and mypyc keeps none of a
    class it compiles; nor may a compiled module assign a class's ``__doc__`` itself. The
    compiled bots' modules therefore say what their classes are here, after the class,
    and both builds describe them alike (tests/bots/test_bot_descriptions.py).
    """
    cls.__doc__ = about
    return cls
