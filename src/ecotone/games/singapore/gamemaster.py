"""The Gamemaster's hands (rules §The Gamemaster and the log): the dice, the shuffles and
the public log.

The Gamemaster's randomness is the 64-bit key in :attr:`SGData.rng`
(:mod:`ecotone.core.rng`): each throw or shuffle draws from it and moves it on, so a seed
and the decisions replay a game exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from ecotone.core.records import replace
from ecotone.core.rng import roll
from ecotone.games.singapore.state import SGData

__all__ = ["dice", "say", "shuffled"]

T = TypeVar("T")


def say(d: SGData, *lines: str) -> SGData:
    """``d`` with lines added to the round's public log."""
    return replace(d, log=d.log + lines)


def dice(d: SGData, count: int) -> tuple[tuple[int, ...], SGData]:
    """The Gamemaster rolls ``count`` dice."""
    rnd, key = roll(d.rng)
    return tuple(rnd.randint(1, 6) for _ in range(count)), replace(d, rng=key)


def shuffled(d: SGData, items: Sequence[T]) -> tuple[tuple[T, ...], SGData]:
    """The Gamemaster shuffles ``items``."""
    rnd, key = roll(d.rng)
    out = list(items)
    rnd.shuffle(out)
    return tuple(out), replace(d, rng=key)
