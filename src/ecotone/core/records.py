"""Small tools every game's frozen data needs: copies with changes, tuples by seat.

A game's state is a tree of frozen ``msgspec.Struct`` records holding tuples. Changing
one seat's hand means building a new tuple with one entry replaced, and a new record
with one field replaced; these helpers say so in one word each, the same way in every
game.

>>> put(("a", "b", "c"), 1, "B")
('a', 'B', 'c')
>>> without(("G01", "G02", "G01"), "G01")
('G02', 'G01')
>>> seat_name(0)
'P1'
"""

from __future__ import annotations

from typing import Any, Self

import msgspec

# Where they are written: a module of functions alone, which the optional compiled build
# compiles (a module defining a record cannot be: see pyproject.toml).
from ecotone.core.tuples import (
    added,
    configured,
    counted,
    listed,
    named,
    put,
    replace,
    seat_name,
    without,
)

__all__ = [
    "Record",
    "added",
    "configured",
    "counted",
    "listed",
    "named",
    "put",
    "replace",
    "seat_name",
    "without",
]


class Record(msgspec.Struct, frozen=True, gc=False):
    """A frozen record with :meth:`replace`, the base of every game's state records.

    Records are not tracked by Python's cycle collector (``gc=False``): a frozen record
    is made from values that exist before it, so it can never be part of a reference
    cycle, and a search makes records by the million. Untracked, each costs less to make
    and to free, and the many made count for nothing towards the collector's next pass
    (which would walk every object still alive: the search's tree, the games' tables).

    >>> class Seat(Record, frozen=True):
    ...     food: int
    >>> Seat(food=3).replace(food=4)
    Seat(food=4)
    """

    def replace(self, **changes: Any) -> Self:
        """A copy with ``changes`` (the record itself never changes).

        The rules' hot paths call :func:`replace` instead: the same copy, without the
        cost of passing the changes on through a Python method (about 0.3 µs a call).
        """
        return msgspec.structs.replace(self, **changes)
