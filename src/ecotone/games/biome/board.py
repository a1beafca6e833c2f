"""The board of BIOME Borneo: seven platforms of hex cells in a formation (``data/boards.toml``).

Each platform (Emergent ``E1``; Canopy ``C1``-``C3``; Understory ``U1``-``U3``) is a 7-hex
cluster: cell ``a`` at its centre and ``b``-``g`` around it, starting east and going
counter-clockwise. A formation places the platforms side by side (rules doc §The board). Cells
use axial hex coordinates; the six directions are numbered 0-5 from east, counter-clockwise,
like tile edges, and direction ``d`` of a cell faces direction ``(d + 3) % 6`` of its
neighbour.

How two touching cells interact depends on their layers, and is precomputed per formation:

* ``SAME``: same layer; plants facing each other must match or one side be open.
* ``VINE``: a Canopy cell beside an Understory cell; only a vine facing a vine interacts
  (a match that joins the two layers' vine networks).
* no link: the Emergent layer beside another layer; they never interact.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

import msgspec

from ecotone.core.data import decode, load
from ecotone.core.errors import DataError
from ecotone.core.spec import Provenance
from ecotone.games.biome.tiles import Layer

__all__ = [
    "AXIAL",
    "NO_LINK",
    "SAME",
    "VINE",
    "Board",
    "FormationRow",
    "board",
    "formations",
    "parse_boards",
]

AXIAL = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
NO_LINK, SAME, VINE = 0, 1, 2
PLATFORMS = ("E1", "C1", "C2", "C3", "U1", "U2", "U3")
_WHERE: Final = "ecotone.games.biome.data/boards.toml"


class PlatformRow(msgspec.Struct, frozen=True):
    """A platform's place in a formation."""

    name: str
    layer: str
    at: tuple[int, int]


class FormationRow(msgspec.Struct, frozen=True):
    """A formation as written in the data file."""

    key: str
    name: str
    summary: str
    provenance: Provenance
    platforms: tuple[PlatformRow, ...]


class _File(msgspec.Struct, frozen=True):
    formations: tuple[FormationRow, ...]


@dataclass(frozen=True, slots=True)
class Board:
    """One formation's cells and their neighbour tables.

    Attributes:
        key, name, summary: the formation.
        cells: cell names (``C2a``), in index order (the same in every formation).
        layer: each cell's layer.
        platform: each cell's platform name.
        coord: each cell's axial coordinates.
        nbr: for each cell, the neighbouring cell in each direction (``-1``: none).
        link: for each cell and direction, ``SAME``, ``VINE`` or ``NO_LINK``.
        platform_cells: the cells of each platform.
        same: for each cell, ``(direction, neighbour, neighbour's direction back)`` for its
            same-layer neighbours (precomputed for speed).
        linked_nbrs: the same with the link kind last, for every interacting neighbour.
        index: cell name -> index.
        provenance: where the formation comes from.
    """

    key: str
    name: str
    summary: str
    cells: tuple[str, ...]
    layer: tuple[int, ...]
    platform: tuple[str, ...]
    coord: tuple[tuple[int, int], ...]
    nbr: tuple[tuple[int, ...], ...]
    link: tuple[tuple[int, ...], ...]
    platform_cells: dict[str, tuple[int, ...]]
    same: tuple[tuple[tuple[int, int, int], ...], ...]
    linked_nbrs: tuple[tuple[tuple[int, int, int, int], ...], ...]
    index: dict[str, int]
    provenance: Provenance = Provenance.ECOTONE


def cell_names() -> tuple[str, ...]:
    """All 49 cell names: platform then ``a``-``g``."""
    return tuple(f"{p}{ch}" for p in PLATFORMS for ch in "abcdefg")


def _build(row: FormationRow) -> Board:
    problems: list[str] = []
    by_name = {p.name: p for p in row.platforms}
    if sorted(by_name) != sorted(PLATFORMS) or len(row.platforms) != 7:
        problems.append(f"{row.key}: needs exactly the platforms {', '.join(PLATFORMS)}")
    for p in row.platforms:
        if p.layer != p.name[0]:
            problems.append(f"{row.key}: platform {p.name} must be layer {p.name[0]}")
    if problems:
        raise DataError("data/invalid", f"{_WHERE}: " + "; ".join(problems))
    names: list[str] = []
    coords: list[tuple[int, int]] = []
    layers: list[int] = []
    platforms: list[str] = []
    for pname in PLATFORMS:
        a, b = by_name[pname].at
        cq, cr = 2 * a - b, a + 3 * b
        ring = [(cq, cr)] + [(cq + dq, cr + dr) for dq, dr in AXIAL]
        for ch, xy in zip("abcdefg", ring, strict=True):
            names.append(f"{pname}{ch}")
            coords.append(xy)
            layers.append(Layer.of(by_name[pname].layer))
            platforms.append(pname)
    at = {xy: i for i, xy in enumerate(coords)}
    if len(at) != len(coords):
        raise DataError("data/invalid", f"{_WHERE}: {row.key}: two platforms overlap")
    nbr: list[tuple[int, ...]] = []
    link: list[tuple[int, ...]] = []
    for q, r in coords:
        ns = tuple(at.get((q + dq, r + dr), -1) for dq, dr in AXIAL)
        nbr.append(ns)
        link.append(tuple(_link(layers[at[(q, r)]], layers[n]) if n >= 0 else NO_LINK for n in ns))
    cells_of = {p: tuple(i for i, n in enumerate(platforms) if n == p) for p in PLATFORMS}
    same = tuple(
        tuple((d, n, (d + 3) % 6) for d, n in enumerate(ns) if n >= 0 and lk[d] == SAME)
        for ns, lk in zip(nbr, link, strict=True)
    )
    linked = tuple(
        tuple((d, n, (d + 3) % 6, lk[d]) for d, n in enumerate(ns) if n >= 0 and lk[d] != NO_LINK)
        for ns, lk in zip(nbr, link, strict=True)
    )
    result = Board(
        row.key,
        row.name,
        row.summary,
        tuple(names),
        tuple(layers),
        tuple(platforms),
        tuple(coords),
        tuple(nbr),
        tuple(link),
        cells_of,
        same,
        linked,
        {name: i for i, name in enumerate(names)},
        row.provenance,
    )
    if not _connected(result):
        raise DataError("data/invalid", f"{_WHERE}: {row.key}: the platforms are not connected")
    return result


def _link(a: int, b: int) -> int:
    if a == b:
        return SAME
    if {a, b} == {Layer.CANOPY, Layer.UNDERSTORY}:
        return VINE
    return NO_LINK


def _connected(b: Board) -> bool:
    seen = {0}
    todo = [0]
    while todo:
        c = todo.pop()
        for n in b.nbr[c]:
            if n >= 0 and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(b.cells)


def parse_formations(raw: _File) -> dict[str, Board]:
    """Build and check every formation of a data file."""
    boards = {row.key: _build(row) for row in raw.formations}
    if "classic" not in boards:
        raise DataError("data/invalid", f"{_WHERE}: the classic formation is missing")
    return boards


def parse_boards(text: str) -> dict[str, Board]:
    """Validate a boards file's text (the game's own, or a test's broken copy)."""
    return parse_formations(decode(text, _File, _WHERE))


@cache
def formations() -> dict[str, Board]:
    """Every formation, by key (loaded and checked once)."""
    return parse_formations(load("ecotone.games.biome.data", "boards.toml", _File))


def board(key: str) -> Board:
    """The formation called ``key``."""
    return formations()[key]
