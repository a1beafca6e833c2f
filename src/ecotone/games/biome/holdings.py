"""A seat's holdings changed in a position: the change nearly every step of the rules makes.

Functions, not methods of the records: the compiled build compiles this module, and it
cannot compile a module that defines records (see ``pyproject.toml``), where a method
would run interpreted at every step.
"""

from __future__ import annotations

from typing import Final

import msgspec

from ecotone.core.tuples import put, without
from ecotone.games.biome.state import BiomeData, SeatData

__all__ = ["losing", "seat_changed", "seat_replaced", "seats_with"]

_replace: Final = msgspec.structs.replace


def seat_changed(d: BiomeData, s: int, **changes: object) -> BiomeData:
    """A copy of ``d`` with fields of seat ``s``'s holdings changed (``tiles=...``)."""
    return _replace(d, seats=seats_with(d, s, **changes))


def seats_with(d: BiomeData, s: int, **changes: object) -> tuple[SeatData, ...]:
    """``d``'s seats with fields of seat ``s``'s holdings changed: for a step that changes
    other fields of ``d`` too, in the same copy of the record (a copy of a position is
    most of what a small step costs)."""
    seats = d.seats
    return put(seats, s, _replace(seats[s], **changes))


def seat_replaced(d: BiomeData, s: int, holdings: SeatData) -> BiomeData:
    """A copy of ``d`` with seat ``s``'s holdings replaced by ``holdings``."""
    return _replace(d, seats=put(d.seats, s, holdings))


def losing(holdings: SeatData, card: str) -> SeatData:
    """The holdings once ``card`` has left the hand (and the known part of it, when it
    was known)."""
    shown = holdings.shown
    if card in shown:
        shown = without(shown, card)
    return _replace(holdings, hand=without(holdings.hand, card), shown=shown)
