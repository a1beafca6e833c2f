"""The Living Grid: its size, cell names, neighbours, HOME places and the Domain rule.

Rules doc §Players and variants, §Connection and §The Domain rule (``docs/rules/biomasters.md``).

The grid is bounded (RULINGS.md): 9 rows x 10 columns for two players, 10 x 10 for four.
Cells are numbered row by row from 0 and named like a chess board, column letter then row
number from the top: ``A1`` is the top-left cell, ``J9`` the bottom-right one of the 2-player
grid. The HOMEs sit in the middle as the rulebook draws them: ``[H1][H2]`` for two players,
``[H1][H2]`` over ``[H3][H4]`` for four.
"""

from __future__ import annotations

import enum
from functools import cache
from typing import Final

__all__ = [
    "CELLS",
    "CELL_NAMES",
    "COLUMNS",
    "Domain",
    "Grid",
    "compatible",
    "grid_for",
]

COLUMNS: Final = "ABCDEFGHIJ"
MAX_ROWS: Final = 10

# Every cell name of the largest grid, for the action codec.
CELL_NAMES: Final[tuple[str, ...]] = tuple(
    f"{COLUMNS[c]}{r + 1}" for r in range(MAX_ROWS) for c in range(len(COLUMNS))
)

# Every cell index of the largest grid: ``itertools.compress(CELLS, grid)`` lists the
# occupied cells of any grid without a Python loop.
CELLS: Final = range(len(CELL_NAMES))


class Domain(enum.IntEnum):
    """A card's domain (§The Domain rule); HOME cards have their own, neutral one."""

    TERRESTRIAL = 0
    FRESHWATER = 1
    MARINE = 2
    AMPHIBIOUS_FRESHWATER = 3
    AMPHIBIOUS_MARINE = 4
    EURYHALINE = 5
    HOME = 6

    @property
    def title(self) -> str:
        """The keyword as printed: ``[AMPHIBIOUS - FRESHWATER]``."""
        return _TITLES[self]


_TITLES: Final = {
    Domain.TERRESTRIAL: "[TERRESTRIAL]",
    Domain.FRESHWATER: "[FRESHWATER]",
    Domain.MARINE: "[MARINE]",
    Domain.AMPHIBIOUS_FRESHWATER: "[AMPHIBIOUS - FRESHWATER]",
    Domain.AMPHIBIOUS_MARINE: "[AMPHIBIOUS - MARINE]",
    Domain.EURYHALINE: "[EURYHALINE]",
    Domain.HOME: "HOME",
}

_T: Final = Domain.TERRESTRIAL
_F: Final = Domain.FRESHWATER
_M: Final = Domain.MARINE
_AF: Final = Domain.AMPHIBIOUS_FRESHWATER
_AM: Final = Domain.AMPHIBIOUS_MARINE
_E: Final = Domain.EURYHALINE

# What each domain may touch, as the rulebook lists it (§The Domain rule). An amphibious card
# bridges land and its own water type; a euryhaline card bridges fresh and salt water.
# Two cards of the same amphibious type may touch (ecotone).
_ALLOWS: Final[dict[Domain, frozenset[Domain]]] = {
    _T: frozenset({_T, _AF, _AM}),
    _F: frozenset({_F, _AF, _AM, _E}),
    _M: frozenset({_M, _AF, _AM, _E}),
    _AF: frozenset({_T, _F, _AF}),
    _AM: frozenset({_T, _M, _AM}),
    _E: frozenset({_F, _M, _E}),
}


@cache
def compatible(a: Domain, b: Domain) -> bool:
    """Whether cards of domains ``a`` and ``b`` may share an edge.

    Both must allow the other (so a freshwater card may not touch an amphibious-marine
    one: the sea lion's water is not the frog's). HOMEs are neutral.
    """
    if a is Domain.HOME or b is Domain.HOME:
        return True
    return b in _ALLOWS[a] and a in _ALLOWS[b]


# For the placement hot path: bit i of COMPAT_MASK[d] is set when domain i may touch d.
COMPAT_MASK: Final[tuple[int, ...]] = tuple(
    sum(1 << other for other in Domain if compatible(d, other)) for d in Domain
)


class Grid:
    """The geometry of one grid size: names, neighbours, HOME cells."""

    def __init__(self, rows: int, cols: int, homes: tuple[int, ...]) -> None:
        self.rows = rows
        self.cols = cols
        self.size = rows * cols
        self.homes = homes
        self.names: tuple[str, ...] = tuple(
            f"{COLUMNS[i % cols]}{i // cols + 1}" for i in range(self.size)
        )
        self.index: dict[str, int] = {n: i for i, n in enumerate(self.names)}
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            self._around(i) for i in range(self.size)
        )
        # the same as sets, for the frontier searches: the cells next to many cards are
        # their neighbours' union, and what a set's own methods do runs without a Python loop
        self.around: tuple[frozenset[int], ...] = tuple(frozenset(n) for n in self.neighbours)

    def _around(self, i: int) -> tuple[int, ...]:
        r, c = divmod(i, self.cols)
        out = []
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < self.rows and 0 <= cc < self.cols:
                out.append(rr * self.cols + cc)
        return tuple(out)

    def cell(self, name: str) -> int | None:
        """The number of the cell called ``name`` (``"E5"``), or ``None`` if off the grid."""
        return self.index.get(name.upper())


@cache
def grid_for(players: int) -> Grid:
    """The grid of a ``players``-seat game, with its HOME cells in seat order."""
    homes: tuple[int, ...]
    if players == 2:
        rows, cols = 9, 10
        mid = rows // 2  # the middle row, row 5
        homes = (mid * cols + 4, mid * cols + 5)  # E5, F5
    else:
        rows, cols = 10, 10
        homes = (4 * cols + 4, 4 * cols + 5, 5 * cols + 4, 5 * cols + 5)  # E5 F5 / E6 F6
    return Grid(rows, cols, homes)
