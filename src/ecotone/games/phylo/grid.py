"""The table: an open grid of cells around the 2x2 MAP BOARD, and compatibility on it.

Rules doc sections: §The MAP BOARD and the table, §Compatibility, §Incompatible cards and
the rescue turn, §Moving.

Geometry
--------
The rulebook's table is unbounded. Ecotone bounds it to a square of ``SIZE`` x ``SIZE``
cells so that every placement has a finite name and index: columns ``a``-``z`` then
``aa``-``ap`` from west to east, rows ``1``-``42`` from south (P1's side) to north (P2's side),
so ``u21`` is a cell name. The map board covers the four centre cells ``u21 v21 u22 v22``,
leaving 20 free cells on every side of it. That is more than games use: in 1,200 games between
heuristic players (who spread their chains the most) no card went further than 15 cells from
the map board, and in random games 6 (a test checks a sample). A placement or move beyond
the edge is simply never offered.

Cells are numbered ``row * SIZE + col`` in the state and the action index.

Compatibility (``RULINGS.md``, Phylo)
-------------------------------------
A species needs **one** orthogonal neighbour meeting every condition at once: a shared
climate, a shared terrain, a matching locale (or a black border) and the food-chain rule
(:func:`ecotone.games.phylo.cards.links_to`). A photosynthetic FC1 card needs only a
neighbour sharing climate, terrain and locale, or the map board beside it (regardless of
its habitat). A PARASITIC card lies beneath a host it links to. The map board and the
URBAN card Habitat Loss may leave are no species: nothing links to them.

A card on the table is **supported** when it traces back to an autotroph: a photosynthetic
FC1 card is a source when it stands next to the map or to a species sharing its habitat;
any other card is supported when a neighbour it links to is supported; a parasite when its
host is supported and still its host. Unsupported cards are INCOMPATIBLE.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from functools import cache

import msgspec

from ecotone.games.phylo.cards import Diet, Keyword, cards, environment_compatible, links_to

__all__ = [
    "CELLS",
    "CELL_NAMES",
    "MAP_CELLS",
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

SIZE = 42
CELLS = SIZE * SIZE
_COLUMNS = "abcdefghijklmnopqrstuvwxyz"
MAP_LOW = SIZE // 2 - 1  # the map's first column and row (0-based): 20


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


CELL_NAMES: tuple[str, ...] = tuple(cell_name(i) for i in range(CELLS))
_BY_NAME = {name: i for i, name in enumerate(CELL_NAMES)}

MAP_CELLS: frozenset[int] = frozenset(
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


_STEP: dict[Direction, tuple[int, int]] = {
    Direction.NORTH: (0, 1),
    Direction.NORTH_EAST: (1, 1),
    Direction.EAST: (1, 0),
    Direction.SOUTH_EAST: (1, -1),
    Direction.SOUTH: (0, -1),
    Direction.SOUTH_WEST: (-1, -1),
    Direction.WEST: (-1, 0),
    Direction.NORTH_WEST: (-1, 1),
}
ROOK = (Direction.NORTH, Direction.EAST, Direction.SOUTH, Direction.WEST)
QUEEN = tuple(Direction)


def _ray(cell: int, direction: Direction) -> tuple[int, ...]:
    row, col = divmod(cell, SIZE)
    dc, dr = _STEP[direction]
    out = []
    col, row = col + dc, row + dr
    while 0 <= col < SIZE and 0 <= row < SIZE:
        out.append(cell_index(col, row))
        col, row = col + dc, row + dr
    return tuple(out)


_RAYS: tuple[dict[Direction, tuple[int, ...]], ...] = tuple(
    {d: _ray(i, d) for d in Direction} for i in range(CELLS)
)


def ray(cell: int, direction: Direction) -> tuple[int, ...]:
    """The cells from ``cell`` (excluded) to the edge of the grid along ``direction``."""
    return _RAYS[cell][direction]


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r[0] for d in ROOK if (r := _RAYS[i][d])) for i in range(CELLS)
)
"""Each cell's orthogonal neighbours inside the grid."""

OFF_MAP_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in ns if n not in MAP_CELLS) for ns in NEIGHBOURS
)
"""Each cell's orthogonal neighbours that are not part of the map board."""

NEXT_TO_MAP: frozenset[int] = frozenset(
    n for m in MAP_CELLS for n in NEIGHBOURS[m] if n not in MAP_CELLS
)


def parse_cell(name: str) -> int | None:
    """The cell called ``name`` (``"u21"``), or ``None``."""
    return _BY_NAME.get(name.strip().lower())


# -- the board ------------------------------------------------------------------------------


class Slot(msgspec.Struct, frozen=True):
    """One occupied cell.

    Attributes:
        cell: the cell number.
        card: the card showing: a species, or the Habitat Loss event left as URBAN terrain.
        owner: the seat who played it (the card faces them and scores for them).
        under: a PARASITIC species beneath the card, if any.
        under_owner: the seat who played the parasite.
    """

    cell: int
    card: str
    owner: int
    under: str | None = None
    under_owner: int = 0


# -- precomputed relations between card ids -----------------------------------------------


class Tables:
    """Every pairwise relation the rules ask about, computed once from the card pool.

    Attributes:
        links: for each species, the ids it may feed on next to it (``links_to``).
        eaters: for each species, the ids that may feed on it.
        habitat: for each species, the ids sharing a climate, a terrain and the locale.
        plants: the photosynthetic FC1 species (sources, and the map board's neighbours).
        parasites: PARASITIC species.
        invasive: for each INVASIVE species, the ids it may be played on top of.
        pollinators: POLLINATOR species.
        needs_pollinator: plants that may be played only while a POLLINATOR is on the table.
        movers: for each species that moves, its MOVE# or FLIGHT# and whether it flies.
        ordinary: species with no placement rule of their own (not PARASITIC, INVASIVE or
            needing a pollinator).
        friends: for each species, the species that may be placed next to it: those that
            feed on it, and the plants sharing its habitat.
        beside: for each species, the ids it is compatible next to: its habitat for a
            plant, what it feeds on for any other card (the inverse of ``friends``).
    """

    def __init__(self) -> None:
        cs = cards()
        species = list(cs.species.values())
        self.links: dict[str, frozenset[str]] = {
            x.id: frozenset(y.id for y in species if links_to(x, y)) for x in species
        }
        self.eaters: dict[str, frozenset[str]] = {
            y.id: frozenset(x.id for x in species if y.id in self.links[x.id]) for y in species
        }
        self.habitat: dict[str, frozenset[str]] = {
            x.id: frozenset(y.id for y in species if environment_compatible(x, y)) for x in species
        }
        self.plants = frozenset(
            s.id for s in species if s.diet is Diet.PHOTOSYNTHETIC and s.food_chain == 1
        )
        self.parasites = frozenset(s.id for s in species if Keyword.PARASITIC in s.keywords)
        self.invasive: dict[str, frozenset[str]] = {
            x.id: frozenset(y.id for y in species if y.diet is x.diet and y.scale == x.scale)
            for x in species
            if Keyword.INVASIVE in x.keywords
        }
        self.pollinators = frozenset(s.id for s in species if Keyword.POLLINATOR in s.keywords)
        self.needs_pollinator = frozenset(s.id for s in species if s.needs_pollinator)
        self.species = frozenset(cs.species)
        self.movers: dict[str, tuple[int, bool]] = {
            s.id: (s.reach, s.flies) for s in species if s.movement is not None
        }
        self.ordinary = self.species - self.parasites - self.invasive.keys()
        self.ordinary -= self.needs_pollinator
        self.beside: dict[str, frozenset[str]] = {
            x: self.habitat[x] if x in self.plants else self.links[x] for x in self.species
        }
        self.friends: dict[str, frozenset[str]] = {
            y: self.eaters[y] | frozenset(x for x in self.plants if y in self.habitat[x])
            for y in self.species
        }


@cache
def tables() -> Tables:
    """The relation tables (built once)."""
    return Tables()


_TABLES = tables()
_PLANTS = _TABLES.plants
_BESIDE = _TABLES.beside


# -- compatibility ---------------------------------------------------------------------------


def fits(card: str, cell: int, cells: Mapping[int, Slot], leaving: int = -1) -> bool:
    """Whether species ``card`` is compatible in ``cell`` (§Compatibility).

    Only the neighbours of ``cell`` count, so whatever lies in ``cell`` itself (the card an
    INVASIVE species replaces) does not; ``leaving`` is a cell whose card is not counted
    either (a moving card's old cell). The pollinator condition of a plant is checked by
    the caller (it concerns the whole table).
    """
    if cell in NEXT_TO_MAP and card in _PLANTS:
        return True
    friends = _BESIDE[card]
    for n in NEIGHBOURS[cell]:
        slot = cells.get(n)
        if slot is not None and slot.card in friends and n != leaving:
            return True
    return False


def frontier(cells: Mapping[int, Slot]) -> list[int]:
    """The empty cells next to a card or to the map board, ascending."""
    out: set[int] = set(NEXT_TO_MAP)
    for c in cells:
        out.update(NEIGHBOURS[c])
    return sorted(c for c in out if c not in cells and c not in MAP_CELLS)


def supported(cells: Mapping[int, Slot]) -> set[int]:
    """The cells whose top card traces back to an autotroph.

    (Rules doc §Incompatible cards and the rescue turn.)
    """
    t = tables()
    plants, habitat, eaters = t.plants, t.habitat, t.eaters
    good: set[int] = set()
    for c, slot in cells.items():
        card = slot.card
        if card not in plants:
            continue
        if c in NEXT_TO_MAP:
            good.add(c)
            continue
        friends = habitat[card]
        for n in NEIGHBOURS[c]:
            other = cells.get(n)
            if other is not None and other.card in friends:
                good.add(c)
                break
    stack = list(good)
    while stack:
        c = stack.pop()
        who_eats = eaters.get(cells[c].card)
        if not who_eats:
            continue
        for n in NEIGHBOURS[c]:
            if n in good:
                continue
            eater = cells.get(n)
            if eater is not None and eater.card in who_eats:
                good.add(n)
                stack.append(n)
    return good


def incompatible(cells: Mapping[int, Slot]) -> list[tuple[int, bool]]:
    """The INCOMPATIBLE cards as ``(cell, beneath)`` pairs, in cell order.

    ``beneath`` is True for a parasite under its host. Event cards (URBAN) are never
    incompatible: they are no species.
    """
    t = tables()
    good = supported(cells)
    out: list[tuple[int, bool]] = []
    for c in sorted(cells):
        slot = cells[c]
        if slot.card in t.species and c not in good:
            out.append((c, False))
        if slot.under is not None and not (c in good and slot.card in t.links[slot.under]):
            out.append((c, True))
    return out


def pollinated(cells: Iterable[Slot]) -> bool:
    """Whether a POLLINATOR species is on the table (a card showing or beneath)."""
    pollinators = tables().pollinators
    return any(s.card in pollinators or s.under in pollinators for s in cells)
