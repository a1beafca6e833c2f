"""The Gamemaster's hands (rules §The Gamemaster and the log): the dice, the shuffles and
the public log.

The Gamemaster's randomness is the 64-bit key in :attr:`SGData.rng`
(:mod:`ecotone.core.rng`): each throw or shuffle draws from it and moves it on, so a seed
and the decisions replay a game exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, TypeVar

from ecotone.core.rng import below, roll, shuffle
from ecotone.core.tuples import replace, seat_name
from ecotone.games.singapore.state import SGData

__all__ = ["MOST_SEATS", "SEAT_NAMES", "dice", "say", "shuffled", "throw"]

T = TypeVar("T")

MOST_SEATS: Final = 6  # the game seats 4 to 6 players

#: Each seat as the log names it (``P1``, ``P2``, ...: :func:`~ecotone.core.records.seat_name`),
#: by seat. The log names a seat in most of its lines, at every step of a search's
#: rollouts, and an item of a tuple costs a fraction of a call.
SEAT_NAMES: Final[tuple[str, ...]] = tuple(seat_name(s) for s in range(MOST_SEATS))


def say(d: SGData, *lines: str) -> SGData:
    """``d`` with lines added to the round's public log."""
    return replace(d, log=d.log + lines)


def dice(d: SGData, count: int) -> tuple[tuple[int, ...], SGData]:
    """The Gamemaster rolls ``count`` dice."""
    rnd, key = roll(d.rng)
    return tuple([throw(rnd) for _ in range(count)]), replace(d, rng=key)


def shuffled(d: SGData, items: Sequence[T]) -> tuple[tuple[T, ...], SGData]:
    """The Gamemaster shuffles ``items``."""
    rnd, key = roll(d.rng)
    out = list(items)
    shuffle(rnd, out)
    return tuple(out), replace(d, rng=key)


# A die draws from the generator exactly what ``random.Random``'s own ``randint(1, 6)``
# draws (:func:`ecotone.core.rng.below`), without the library's Python-level calls: a
# round throws a die per player, and a search plays many rounds. The shuffles likewise
# (:func:`ecotone.core.rng.shuffle`).

_SIDES: Final = 6


def throw(rnd: random.Random) -> int:
    """One die thrown with ``rnd``: what ``rnd.randint(1, 6)`` gives."""
    return below(rnd, _SIDES) + 1
