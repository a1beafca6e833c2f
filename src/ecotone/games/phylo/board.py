"""The table: an open grid of cells around the 2x2 MAP BOARD, its names and its lines.

Rules doc sections: §The MAP BOARD and the table, §Moving.

The rulebook's table is unbounded. Ecotone bounds it to a square of ``SIZE`` x ``SIZE``
cells so that every placement has a finite name and index: columns ``a``-``z`` then
``aa``-``ap`` from west to east, rows ``1``-``42`` from south (P1's side) to north (P2's side),
so ``u21`` is a cell name. The map board covers the four centre cells ``u21 v21 u22 v22``,
leaving 20 free cells on every side of it. That is more than games use: in 1,200 games between
heuristic players (who spread their chains the most) no card went further than 15 cells from
the map board, and in random games 6 (a test checks a sample). A placement or move beyond
the edge is simply never offered.

Cells are numbered ``row * SIZE + col`` in the state and the action index. Which cards may
stand next to which is :mod:`ecotone.games.phylo.compatibility`.
"""

from __future__ import annotations

import enum
from typing import Final

__all__ = [
    "CELLS",
    "CELL_INDEX",
    "CELL_NAMES",
    "MAP_CELLS",
    "MAP_LOW",
    "NEIGHBOURS",
    "NEXT_TO_MAP",
    "OFF_MAP_NEIGHBOURS",
    "QUEEN",
    "RAYS",
    "ROOK",
    "SIZE",
    "Direction",
    "cell_index",
    "cell_name",
    "column_name",
    "parse_cell",
    "ray",
]

SIZE: Final = 42
CELLS: Final = SIZE * SIZE
_COLUMNS: Final = "abcdefghijklmnopqrstuvwxyz"
MAP_LOW: Final = SIZE // 2 - 1  # the map's first column and row (0-based): 20


def cell_index(col: int, row: int) -> int:
    """The number of the cell in column ``col`` and row ``row`` (both 0-based)."""
    return row * SIZE + col


def column_name(col: int) -> str:
    """``"a"`` .. ``"z"``, then ``"aa"``, ``"ab"`` ... for the 0-based column ``col``."""
    if col < len(_COLUMNS):
        return _COLUMNS[col]
    return _COLUMNS[col // len(_COLUMNS) - 1] + _COLUMNS[col % len(_COLUMNS)]


def cell_name(cell: int) -> str:
    """``"u21"`` for the cell in column u, row 21."""
    row, col = divmod(cell, SIZE)
    return f"{column_name(col)}{row + 1}"


CELL_NAMES: Final[tuple[str, ...]] = tuple(cell_name(i) for i in range(CELLS))
CELL_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(CELL_NAMES)}
"""Each cell by its name exactly as :data:`CELL_NAMES` spells it (:func:`parse_cell` reads
what a person types)."""

MAP_CELLS: Final[frozenset[int]] = frozenset(
    cell_index(MAP_LOW + dc, MAP_LOW + dr) for dc in (0, 1) for dr in (0, 1)
)


class Direction(enum.StrEnum):
    """A straight line on the grid; north is towards row 42 (P2's side)."""

    NORTH = "north"
    NORTH_EAST = "north-east"
    EAST = "east"
    SOUTH_EAST = "south-east"
    SOUTH = "south"
    SOUTH_WEST = "south-west"
    WEST = "west"
    NORTH_WEST = "north-west"

    @property
    def diagonal(self) -> bool:
        """Only FLIGHT may move along a diagonal."""
        return "-" in self.value


_STEP: Final[dict[Direction, tuple[int, int]]] = {
    Direction.NORTH: (0, 1),
    Direction.NORTH_EAST: (1, 1),
    Direction.EAST: (1, 0),
    Direction.SOUTH_EAST: (1, -1),
    Direction.SOUTH: (0, -1),
    Direction.SOUTH_WEST: (-1, -1),
    Direction.WEST: (-1, 0),
    Direction.NORTH_WEST: (-1, 1),
}
ROOK: Final = (Direction.NORTH, Direction.EAST, Direction.SOUTH, Direction.WEST)
QUEEN: Final = tuple(Direction)


def _ray(cell: int, direction: Direction) -> tuple[int, ...]:
    row, col = divmod(cell, SIZE)
    dc, dr = _STEP[direction]
    # as many cells as the nearer edge leaves along the line, each a fixed step on
    steps = min(_room(col, dc), _room(row, dr))
    step = cell_index(dc, dr)
    return tuple(range(cell + step, cell + step * (steps + 1), step)) if steps else ()


def _room(at: int, delta: int) -> int:
    """How many steps of ``delta`` (-1, 0 or 1) stay on the grid from ``at``: any number
    (``SIZE``) when the line does not move that way."""
    if delta > 0:
        return SIZE - 1 - at
    if delta < 0:
        return at
    return SIZE


RAYS: Final[tuple[dict[Direction, tuple[int, ...]], ...]] = tuple(
    {d: _ray(i, d) for d in Direction} for i in range(CELLS)
)
"""Each cell's lines to the edge of the grid, by direction (:func:`ray`)."""


def ray(cell: int, direction: Direction) -> tuple[int, ...]:
    """The cells from ``cell`` (excluded) to the edge of the grid along ``direction``."""
    return RAYS[cell][direction]


NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(r[0] for d in ROOK if (r := RAYS[i][d])) for i in range(CELLS)
)
"""Each cell's orthogonal neighbours inside the grid."""

OFF_MAP_NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(n for n in ns if n not in MAP_CELLS) for ns in NEIGHBOURS
)
"""Each cell's orthogonal neighbours that are not part of the map board."""

NEXT_TO_MAP: Final[frozenset[int]] = frozenset(
    n for m in MAP_CELLS for n in NEIGHBOURS[m] if n not in MAP_CELLS
)


def parse_cell(name: str) -> int | None:
    """The cell called ``name`` (``"u21"``), or ``None``."""
    return CELL_INDEX.get(name.strip().lower())
