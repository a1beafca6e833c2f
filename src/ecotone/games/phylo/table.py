"""What the rules read off one board, worked out once for every position sharing it.

Kept apart from the records of :mod:`ecotone.games.phylo.state` (which names these too),
where the optional compiled build compiles them: every legal move and every step asks
for a board's cells (a module that defines a record cannot be compiled: see
``pyproject.toml``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from ecotone.core.actions import Action
    from ecotone.games.phylo.state import Slot

__all__ = ["Table", "table"]


class Table:
    """What the rules read off one board, worked out once for every position sharing it.

    A board is a tuple that positions share until a card is placed, moved or removed: a
    turn's actions, its end, the observations and a search's determinizations all read
    the same board. So its mapping from cell to slot, and the facts the rules derive from
    it (the INCOMPATIBLE cards: :func:`ecotone.games.phylo.compatibility.incompatible`),
    are kept with the board tuple, by its identity, while it is among the boards read
    recently.

    Attributes:
        board: the board.
        cells: the board as a mapping from cell to slot (never to be changed).
        trouble: the INCOMPATIBLE cards, once asked (see
            :func:`ecotone.games.phylo.compatibility.trouble_on`), or told when the board
            grew from one without any (:func:`ecotone.games.phylo.compatibility.grown`).
        movers: each seat's cards that may move, once asked (see
            :func:`ecotone.games.phylo.movement.moves`; the lists are shared: read only).
        moves: each seat's legal moves, by the seat and the moves it made this turn,
            once asked (:func:`ecotone.games.phylo.movement.moves`; the lists are shared:
            read only).
        grew: the board this board is, with one species more played into an empty cell,
            and that cell, when the play made it (``None`` otherwise): the species' cells
            are carried from that board (:func:`ecotone.games.phylo.placement.ordinary_spots`)
            without comparing the two boards. The board only, not its table: a table
            holding its parent's would keep a whole game's boards alive.
    """

    __slots__ = ("board", "cells", "grew", "movers", "moves", "trouble")

    def __init__(self, board: tuple[Slot, ...]) -> None:
        self.board = board
        cells: dict[int, Slot] = {}
        for s in board:  # (a loop: a comprehension is a call more, and most boards are new)
            cells[s.cell] = s
        self.cells: Mapping[int, Slot] = cells
        self.trouble: list[tuple[int, bool]] | None = None
        self.movers: tuple[list[Slot], ...] | None = None
        self.moves: dict[tuple[int, tuple[tuple[str, int, int], ...]], list[Action]] = {}
        self.grew: tuple[tuple[Slot, ...], int] | None = None


_TABLES: Final[dict[int, Table]] = {}
_TABLES_KEPT: Final = 1024


def table(board: tuple[Slot, ...]) -> Table:
    """The :class:`Table` of ``board`` (remembered by the board's identity; the memo holds
    the board, so no other object can take that identity while it is remembered)."""
    found = _TABLES.get(id(board))
    if found is None or found.board is not board:
        if len(_TABLES) >= _TABLES_KEPT:
            _TABLES.clear()
        found = _TABLES[id(board)] = Table(board)
    return found
