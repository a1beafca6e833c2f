"""The board of Singapore Untamed, from ``data/board.toml``, and how pawns move on it.

Five boards in a plus: the Ecotone (a 3x3 grid, the start at its centre) and a habitat on
each side, each a clockwise ring of 8 tiles around its deck. The gateway (ring place 1)
touches the Ecotone tile on that side. Inside a habitat a pawn steps clockwise; in the
Ecotone it steps to any orthogonal neighbour, back and forth as it likes; from a gateway it
may step out to the Ecotone, and from the Ecotone's edge tile into an *open* habitat. See
``docs/rules/singapore-untamed.md`` §The board and §Migration.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Final

import msgspec

from ecotone.core.data import decode, load_text
from ecotone.core.errors import DataError
from ecotone.core.spec import Provenance
from ecotone.games.singapore.cards import HABITATS

__all__ = ["CENTRE", "ECOTONE", "Board", "Tile", "board", "parse_board", "region_name"]

ECOTONE: Final = "ecotone"
CENTRE: Final = "ecotone-centre"
RING: Final = 8
RING_HABITAT_TILES: Final = 5
RING_WILD_TILES: Final = 3
_SIDES = {"north", "east", "south", "west"}
# The board picture's labels: ``Fo3`` is forest-3, ``Ec.n`` is ecotone-n.
LABEL_PREFIX = {ECOTONE: "Ec", "forest": "Fo", "mangrove": "Mg", "marine": "Ma", "urban": "Ur"}


class BoardPart(msgspec.Struct, frozen=True):
    """One of the five boards: where its 3x3 block lies in the 9x9 plus."""

    key: str
    name: str
    kind: str
    side: str
    row: int
    col: int
    starts: str
    provenance: Provenance
    note: str = ""


class Tile(msgspec.Struct, frozen=True):
    """A tile: its board, grid cell, kind (start, wild, habitat) and ring place (1 = gateway)."""

    id: str
    board: str
    row: int
    col: int
    kind: str
    ring: int
    provenance: Provenance


class _File(msgspec.Struct, frozen=True):
    boards: tuple[BoardPart, ...]
    tiles: tuple[Tile, ...]


class Board:
    """The validated board and its movement graph."""

    def __init__(self, raw: _File, where: str = "board.toml") -> None:
        problems = _problems(raw)
        if problems:
            raise DataError("data/invalid", f"{where}: " + "; ".join(problems))
        self.parts: dict[str, BoardPart] = {b.key: b for b in raw.boards}
        # each board's name, read by the log at every round (:func:`region_name`)
        self.region_names: dict[str, str] = {b.key: b.name for b in raw.boards}
        self.tiles: dict[str, Tile] = {t.id: t for t in raw.tiles}
        # the deck each tile draws from (:meth:`deck_for`), read at every Evolution turn
        self.decks_at: dict[str, str] = {
            t.id: t.board if t.kind == "habitat" else "wild" for t in raw.tiles
        }
        self.ids: tuple[str, ...] = tuple(t.id for t in raw.tiles)
        self.ecotone: tuple[str, ...] = tuple(t.id for t in raw.tiles if t.board == ECOTONE)
        self.ring: dict[str, tuple[str, ...]] = {
            h: tuple(t.id for t in sorted(raw.tiles, key=lambda t: t.ring) if t.board == h)
            for h in HABITATS
        }
        self.starts_closed: tuple[str, ...] = tuple(
            b.key for b in raw.boards if b.starts == "closed"
        )
        at = {(t.row, t.col): t.id for t in raw.tiles}
        self.cell: dict[tuple[int, int], str] = at
        self.edge: dict[str, str] = {}
        for h in HABITATS:
            gate = self.tiles[self.ring[h][0]]
            self.edge[h] = next(
                at[n] for n in _around(gate.row, gate.col) if n in at and at[n] in self.ecotone
            )
        self._neighbours: dict[str, tuple[str, ...]] = {
            e: tuple(
                at[n]
                for n in _around(self.tiles[e].row, self.tiles[e].col)
                if n in at and at[n] in self.ecotone
            )
            for e in self.ecotone
        }
        self._gate_of: dict[str, str] = {self.edge[h]: h for h in HABITATS}
        self._order = {tid: i for i, tid in enumerate(self.ids)}
        self.labels: dict[str, str] = {t.id: _label(t) for t in raw.tiles}
        self._by_label = {label.casefold(): tid for tid, label in self.labels.items()}

    def labelled(self, label: str) -> str | None:
        """The tile the board picture labels ``label`` (``Fo3``: ``forest-3``), if any."""
        return self._by_label.get(label.casefold())

    def region(self, tile: str) -> str:
        """``ecotone`` or the habitat a tile belongs to."""
        return self.tiles[tile].board

    def deck_for(self, tile: str) -> str:
        """The deck drawn from on ``tile`` in Evolution: its habitat's, or Wild (wild tiles
        and every Ecotone tile)."""
        return self.decks_at[tile]

    def steps(
        self, tile: str, open_habitats: frozenset[str], both_ways: frozenset[str]
    ) -> tuple[str, ...]:
        """The tiles one step from ``tile``.

        ``open_habitats``: the habitats that may be entered; ``both_ways``: habitats inside
        which this pawn may also step anticlockwise (the Gliding full set).
        """
        t = self.tiles[tile]
        if t.board == ECOTONE:
            out = list(self._neighbours[tile])
            h = self._gate_of.get(tile)
            if h is not None and h in open_habitats:
                out.append(self.ring[h][0])
            return tuple(out)
        ring = self.ring[t.board]
        i = t.ring - 1
        out = [ring[(i + 1) % RING]]
        if t.board in both_ways:
            out.append(ring[(i - 1) % RING])
        if i == 0:  # passing the gateway, a pawn may leave toward the Ecotone
            out.append(self.edge[t.board])
        return tuple(out)

    def destinations(
        self,
        start: str,
        counts: Iterable[int],
        open_habitats: frozenset[str],
        both_ways: frozenset[str] = frozenset(),
    ) -> tuple[str, ...]:
        """Every tile a pawn on ``start`` can end on after exactly one of ``counts`` steps,
        in board order."""
        return _destinations(self, start, frozenset(counts), open_habitats, both_ways)

    def sort(self, tiles: Iterable[str]) -> tuple[str, ...]:
        """Tiles in board order (the Ecotone first, then each habitat's ring)."""
        return tuple(sorted(set(tiles), key=self._order.__getitem__))


@lru_cache(maxsize=8192)
def _destinations(
    b: Board,
    start: str,
    counts: frozenset[int],
    open_habitats: frozenset[str],
    both_ways: frozenset[str],
) -> tuple[str, ...]:
    ends: set[str] = set()
    here = {start}
    for n in range(max(counts, default=0) + 1):
        if n in counts:
            ends |= here
        here = {nxt for tile in here for nxt in _steps(b, tile, open_habitats, both_ways)}
    return b.sort(ends)


@lru_cache(maxsize=4096)
def _steps(
    b: Board, tile: str, open_habitats: frozenset[str], both_ways: frozenset[str]
) -> tuple[str, ...]:
    """:meth:`Board.steps`, remembered: a search of the routes steps from the same tiles
    again and again."""
    return b.steps(tile, open_habitats, both_ways)


def _label(t: Tile) -> str:
    """The board picture's label of a tile: ``Fo3``, ``Ec.n``, ``Ec.c``."""
    if t.board == ECOTONE:
        side = t.id.removeprefix("ecotone-")
        return "Ec." + ("c" if side == "centre" else side)
    return f"{LABEL_PREFIX[t.board]}{t.ring}"


def _around(row: int, col: int) -> tuple[tuple[int, int], ...]:
    return ((row - 1, col), (row, col + 1), (row + 1, col), (row, col - 1))


def _problems(raw: _File) -> list[str]:
    out: list[str] = []
    parts = {b.key: b for b in raw.boards}
    if tuple(parts) != (ECOTONE, *HABITATS):
        return [f"boards must be {ECOTONE}, {', '.join(HABITATS)} in that order"]
    if {parts[h].side for h in HABITATS} != _SIDES:
        out.append("the four habitats must lie on the four sides of the Ecotone")
    if [h for h, p in parts.items() if p.starts == "closed"] != ["urban"]:
        out.append("only the Urban board starts closed (Opening Soon)")
    if len({t.id for t in raw.tiles}) != len(raw.tiles):
        out.append("tile ids are not unique")
    if len({(t.row, t.col) for t in raw.tiles}) != len(raw.tiles):
        out.append("two tiles share a cell")
    eco = parts[ECOTONE]
    eco_tiles = [t for t in raw.tiles if t.board == ECOTONE]
    block = {(eco.row + r, eco.col + c) for r in range(3) for c in range(3)}
    if {(t.row, t.col) for t in eco_tiles} != block:
        out.append("the Ecotone must be a 3x3 grid")
    starts = [t for t in raw.tiles if t.kind == "start"]
    if [t.id for t in starts] != [CENTRE] or (starts[0].row, starts[0].col) != (
        eco.row + 1,
        eco.col + 1,
    ):
        out.append(f"the only start tile is {CENTRE}, at the centre of the Ecotone")
    edges = {
        (eco.row, eco.col + 1),
        (eco.row + 1, eco.col),
        (eco.row + 1, eco.col + 2),
        (eco.row + 2, eco.col + 1),
    }
    used_edges: set[tuple[int, int]] = set()
    for h in HABITATS:
        out += _ring_problems(
            h, parts[h], [t for t in raw.tiles if t.board == h], edges, used_edges
        )
    if any(t.board not in parts for t in raw.tiles):
        out.append("a tile lies on no board")
    return out


def _ring_problems(
    h: str,
    part: BoardPart,
    tiles: list[Tile],
    edges: set[tuple[int, int]],
    used: set[tuple[int, int]],
) -> list[str]:
    out: list[str] = []
    cr, cc = part.row + 1, part.col + 1
    block = {(part.row + r, part.col + c) for r in range(3) for c in range(3)} - {(cr, cc)}
    ring = sorted(tiles, key=lambda t: t.ring)
    if [t.ring for t in ring] != list(range(1, RING + 1)) or {(t.row, t.col) for t in ring} != (
        block
    ):
        return [f"{h}: a ring of 8 tiles (places 1-8) around the deck in the block's middle"]
    kinds = [t.kind for t in ring]
    if kinds.count("habitat") != RING_HABITAT_TILES or kinds.count("wild") != RING_WILD_TILES:
        out.append(f"{h}: a ring has 5 habitat tiles and 3 wild tiles")
    for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
        if abs(a.row - b.row) + abs(a.col - b.col) != 1:
            out.append(f"{h}: {a.id} and {b.id} are not neighbours")
        # clockwise on the page (rows grow downwards): the turn around the deck is positive
        cross = (a.col - cc) * (b.row - cr) - (a.row - cr) * (b.col - cc)
        if cross <= 0:
            out.append(f"{h}: the ring does not run clockwise at {a.id} -> {b.id}")
    gate = ring[0]
    touching = [n for n in _around(gate.row, gate.col) if n in edges]
    if len(touching) != 1:
        out.append(f"{h}: its gateway {gate.id} must touch one edge-middle tile of the Ecotone")
    elif touching[0] in used:
        out.append(f"{h}: another habitat already joins the Ecotone at that tile")
    else:
        used.add(touching[0])
    return out


PACKAGE: Final = "ecotone.games.singapore.data"


def parse_board(text: str, where: str = "board.toml") -> Board:
    """Validate board data given as TOML text."""
    return Board(decode(text, _File, where), where)


@cache
def board() -> Board:
    """The game's board (loaded and validated once)."""
    return parse_board(load_text(PACKAGE, "board.toml"), f"{PACKAGE}/board.toml")


def region_name(region: str) -> str:
    """A board in words: ``Ecotone``, ``Forest``, ..."""
    return board().region_names[region]
