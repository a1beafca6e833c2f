"""The names this module used to hold, kept for the code that still imports them here.

The table's geometry is now :mod:`ecotone.games.phylo.board`, compatibility
:mod:`ecotone.games.phylo.compatibility`, and ``Slot`` is part of the state
(:mod:`ecotone.games.phylo.state`). Import from those.
"""

from ecotone.games.phylo.board import (
    CELL_NAMES,
    CELLS,
    MAP_CELLS,
    MAP_LOW,
    NEIGHBOURS,
    NEXT_TO_MAP,
    OFF_MAP_NEIGHBOURS,
    QUEEN,
    ROOK,
    SIZE,
    Direction,
    cell_index,
    cell_name,
    column_name,
    parse_cell,
    ray,
)
from ecotone.games.phylo.compatibility import (
    Tables,
    fits,
    frontier,
    incompatible,
    pollinated,
    supported,
    tables,
)
from ecotone.games.phylo.state import Slot

__all__ = [
    "CELLS",
    "CELL_NAMES",
    "MAP_CELLS",
    "MAP_LOW",
    "NEIGHBOURS",
    "NEXT_TO_MAP",
    "OFF_MAP_NEIGHBOURS",
    "QUEEN",
    "ROOK",
    "SIZE",
    "Direction",
    "Slot",
    "Tables",
    "cell_index",
    "cell_name",
    "column_name",
    "fits",
    "frontier",
    "incompatible",
    "parse_cell",
    "pollinated",
    "ray",
    "supported",
    "tables",
]
