"""Tuples by seat: a copy with one entry replaced, or with one item less; seats' names and
counts in words.

The helpers of :mod:`ecotone.core.records` that every game's rules call at every step,
written apart from the records so that the optional compiled build compiles them (a module
that defines a record cannot be compiled: see ``pyproject.toml``), with ``replace``, the
copy of a record with changes. :mod:`ecotone.core.records` offers them all beside the
records; a compiled module imports them from here: compiled, a function of this module
is then called directly in C and ``replace`` read from a C variable, where a name imported
from an interpreted module is looked up in a dictionary at every use (and a function
called through Python's calling convention).

>>> put(("a", "b", "c"), 1, "B")
('a', 'B', 'c')
>>> without(("G01", "G02", "G01"), "G01")
('G02', 'G01')
>>> seat_name(0)
'P1'
>>> counted(1, "card"), counted(3, "card"), counted(2, "species", "species")
('1 card', '3 cards', '2 species')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

import msgspec

__all__ = [
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

T = TypeVar("T")

#: ``replace(record, **changes)``: a copy of ``record`` with ``changes``, as
#: :meth:`ecotone.core.records.Record.replace` makes it, at the speed of msgspec's own
#: function (a method handing keyword arguments on costs about twice the copy itself).
replace: Final = msgspec.structs.replace


def put(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with the entry at ``index`` replaced by ``value`` (one seat's hand, say)."""
    # A list copy is the fastest way CPython has (about 1.7x slicing, at any length), and
    # the search steps through this in every move.
    out = list(items)
    out[index] = value
    return tuple(out)


def without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """``items`` less the first ``item`` (one copy of a card leaves a hand).

    Raises:
        ValueError: when ``item`` is not there: a rule took a card nobody held.
    """
    i = items.index(item)
    return (*items[:i], *items[i + 1 :])


def added(before: Sequence[T], after: Sequence[T]) -> tuple[T, ...]:
    """What a window of the last few items gained from ``before`` to ``after`` (a game's
    :meth:`~ecotone.core.game.Game.recent` happenings, one step apart): the items of
    ``after`` past the longest end of ``before`` that ``after`` begins with. A window that
    lost its oldest items as it gained new ones is read right; one that started afresh
    (nothing of ``before`` left) gained all it holds.

    >>> added(("a", "b"), ("a", "b", "c"))
    ('c',)
    >>> added(("a", "b", "c"), ("b", "c", "d", "e"))
    ('d', 'e')
    >>> added(("a", "tie"), ("a", "tie", "tie"))
    ('tie',)
    >>> added(("a", "b"), ("c",))
    ('c',)

    Only a window of one item repeated throughout (``("t", "t")`` to ``("t", "t")``) is
    ambiguous: it reads as having gained nothing.
    """
    for overlap in range(min(len(before), len(after)), 0, -1):
        if before[len(before) - overlap :] == after[:overlap]:
            return tuple(after[overlap:])
    return tuple(after)


def seat_name(seat: int | None) -> str:
    """How players are named on screen and in messages: ``P1``, ``P2``, ... (``None``:
    a spectator)."""
    return "spectator" if seat is None else f"P{seat + 1}"


def counted(n: int, one: str, many: str | None = None) -> str:
    """``n`` things said as a player says them: ``1 card``, ``3 cards`` (``many``: the word
    for several when it is not ``one`` with an ``s``)."""
    return f"{n} {one if n == 1 else (many if many is not None else one + 's')}"


def configured(players: int, variant: str | None = None) -> str:
    """A table's configuration in words: ``2 players``, ``1 player, variant solo``.

    >>> configured(1, "solo")
    '1 player, variant solo'
    """
    return counted(players, "player") + (f", variant {variant}" if variant else "")


def listed(names: Sequence[str]) -> str:
    """``names`` as a sentence lists them: ``A``, ``A and B``, ``A, B and C``.

    >>> listed(["P1"]), listed(["P1", "P3"]), listed(["P1", "P2", "P4"])
    ('P1', 'P1 and P3', 'P1, P2 and P4')
    """
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def named(one: str, names: Sequence[str], none: str = "nobody") -> str:
    """``names`` under their heading, as a player says it: ``winner: P2``, ``winners: P1,
    P2``, ``winner: nobody`` (``none``: what stands for no name).

    >>> named("winner", ["Ana", "P2"])
    'winners: Ana, P2'
    """
    return f"{one if len(names) <= 1 else one + 's'}: {', '.join(names) or none}"
