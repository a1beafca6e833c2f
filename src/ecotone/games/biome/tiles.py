"""The plants and the 45 hexagonal plant tiles of BIOME Borneo (``data/tiles.toml``).

A tile is a hexagon; each of its six edges is open or shows one plant, except that a
Y-shaped vine covers three alternate edges and still counts as one vine (rules doc
§Plants and tiles). A tile's background colour(s) name the layer(s) it may go in: Emergent (E),
Canopy (C), Understory (U); hybrid tiles carry two. Tiles turn freely: rotation ``r``
turns the tile ``r`` x 60 degrees counter-clockwise, so the plant on tile edge ``e`` faces board
direction ``(e + r) % 6``.

Everything the rules need per tile is precomputed once: the plant facing each direction
for each rotation, the rotations that actually differ, and the plant counts.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Final

import msgspec

from ecotone.core.data import decode, load
from ecotone.core.errors import DataError
from ecotone.core.spec import Provenance

__all__ = [
    "DIRECTION_NAMES",
    "OPEN",
    "PLANT_BITS",
    "Layer",
    "Plant",
    "Tile",
    "TileSet",
    "layer_mask",
    "packed",
    "parse_tiles",
    "tiles",
]

OPEN: Final = -1  # an edge with no plant
DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
_WHERE: Final = "ecotone.games.biome.data/tiles.toml"


class Layer(enum.IntEnum):
    """A layer of the rainforest, top first."""

    EMERGENT = 0
    CANOPY = 1
    UNDERSTORY = 2

    @property
    def letter(self) -> str:
        """``E``, ``C`` or ``U``: the layer's letter in data files and cell names."""
        return "ECU"[self]

    @property
    def title(self) -> str:
        """The layer's name."""
        return ("Emergent", "Canopy", "Understory")[self]

    @classmethod
    def of(cls, letter: str) -> Layer:
        """The layer with letter ``letter``."""
        return cls("ECU".index(letter))


def layer_mask(letters: str) -> int:
    """A bit set of layers (bit ``layer``) from letters such as ``"CU"``."""
    return sum(1 << Layer.of(ch) for ch in set(letters))


class Plant(msgspec.Struct, frozen=True):
    """One of the 11 plants shown on tiles and asked for by cards."""

    key: str
    code: str
    name: str
    latin: str
    layers: str
    fact: str
    provenance: Provenance


class _TileRow(msgspec.Struct, frozen=True):
    id: str
    layers: str
    features: tuple[str, ...]
    provenance: Provenance = Provenance.ECOTONE


class _File(msgspec.Struct, frozen=True):
    plants: tuple[Plant, ...]
    tiles: tuple[_TileRow, ...]


# Plant counts packed into one integer: PLANT_BITS bits per plant, plant ``p`` at bit
# ``PLANT_BITS * p``, so that adding two sets of counts is one addition (a count stays
# far below the top bit of its field: 45 tiles show each plant at most once each).
PLANT_BITS: Final = 8


def packed(counts: Iterable[tuple[int, int]]) -> int:
    """``(plant, count)`` pairs as packed counts."""
    out = 0
    for p, k in counts:
        out += k << PLANT_BITS * p
    return out


@dataclass(frozen=True, slots=True)
class Tile:
    """A plant tile, ready for the rules.

    Attributes:
        id: ``T01`` .. ``T45``.
        index: its position in :attr:`TileSet.tiles`.
        layers: bit set of the layers it may be placed in.
        features: ``(plant, edges)`` pairs; a Y-shaped vine has three edges.
        faces: for each rotation, the plant index facing each direction (``OPEN`` if none).
        planted: for each rotation, the ``(direction, plant)`` pairs that are not open.
        rotations: the rotations that give different faces (the others repeat them).
        counts: how many of each plant the tile shows (a Y-shaped vine counts once).
        provenance: where the layout comes from.
        sparse: ``(plant, count)`` for each plant the tile shows.
        plant_set: the plants it shows, as a bit set (bit ``plant``).
    """

    id: str
    index: int
    layers: int
    features: tuple[tuple[int, tuple[int, ...]], ...]
    faces: tuple[tuple[int, ...], ...]
    planted: tuple[tuple[tuple[int, int], ...], ...]
    rotations: tuple[int, ...]
    counts: tuple[int, ...]
    provenance: Provenance
    sparse: tuple[tuple[int, int], ...]
    plant_set: int

    def fits(self, layer: int) -> bool:
        """True when the tile may be placed in ``layer``."""
        return bool(self.layers >> layer & 1)

    def canonical(self, rotation: int) -> int:
        """The listed rotation that gives the same faces as ``rotation``."""
        return next(r for r in self.rotations if self.faces[r] == self.faces[rotation % 6])


class TileSet:
    """The validated plants and tiles."""

    def __init__(self, raw: _File) -> None:
        problems: list[str] = []
        self.plants: tuple[Plant, ...] = raw.plants
        self.plant_index: dict[str, int] = {p.key: i for i, p in enumerate(raw.plants)}
        code_index = {p.code: i for i, p in enumerate(raw.plants)}
        self.vine: int = self.plant_index.get("vine", -1)
        tiles: list[Tile] = []
        for i, row in enumerate(raw.tiles):
            tiles.append(_build(i, row, code_index, self.vine, problems))
        self.tiles: tuple[Tile, ...] = tuple(tiles)
        self.by_id: dict[str, Tile] = {t.id: t for t in tiles}
        self.ids: tuple[str, ...] = tuple(t.id for t in tiles)
        _validate(self, raw, problems)
        if problems:
            raise DataError("data/invalid", f"{_WHERE}: " + "; ".join(problems))

    def describe(self, index: int) -> str:
        """``T07 (E: meranti leaves, orchid)``: a tile in words."""
        tile = self.tiles[index]
        names = ", ".join(self.plants[p].name.lower() for p, _ in tile.features)
        layers = "/".join(Layer(b).letter for b in range(3) if tile.layers >> b & 1)
        return f"{tile.id} ({layers}: {names})"


def _build(
    index: int, row: _TileRow, code_index: dict[str, int], vine: int, problems: list[str]
) -> Tile:
    features: list[tuple[int, tuple[int, ...]]] = []
    used: set[int] = set()
    for text in row.features:
        code, _, edges_text = text.partition("@")
        plant = code_index.get(code)
        try:
            edges = tuple(int(ch) for ch in edges_text)
        except ValueError:
            edges = ()
        if plant is None:
            problems.append(f"{row.id}: unknown plant code {code!r}")
            continue
        if not edges or any(not 0 <= e < 6 for e in edges):
            problems.append(f"{row.id}: bad edges in {text!r} (edges are 0-5)")
            continue
        if len(edges) not in (1, 3) or (
            len(edges) == 3 and (plant != vine or not _alternate(edges))
        ):
            problems.append(
                f"{row.id}: {text!r}: a plant shows on one edge; only a Y-shaped vine "
                "covers three alternate edges"
            )
            continue
        if used & set(edges):
            problems.append(f"{row.id}: two plants on one edge in {list(row.features)}")
            continue
        used |= set(edges)
        features.append((plant, edges))
    base = [OPEN] * 6
    for plant, edges in features:
        for e in edges:
            base[e] = plant
    faces = tuple(tuple(base[(d - r) % 6] for d in range(6)) for r in range(6))
    rotations = tuple(r for r in range(6) if faces[r] not in faces[:r])
    planted = tuple(tuple((d, p) for d, p in enumerate(f) if p != OPEN) for f in faces)
    counts = [0] * len(code_index)
    for plant, _ in features:
        counts[plant] += 1
    try:
        layers = layer_mask(row.layers)
    except ValueError:
        problems.append(f"{row.id}: unknown layer letters {row.layers!r}")
        layers = 0
    sparse = tuple((p, k) for p, k in enumerate(counts) if k)
    return Tile(
        row.id,
        index,
        layers,
        tuple(features),
        faces,
        planted,
        rotations,
        tuple(counts),
        row.provenance,
        sparse,
        sum(1 << p for p, _ in sparse),
    )


def _alternate(edges: tuple[int, ...]) -> bool:
    return sorted(edges) in ([0, 2, 4], [1, 3, 5])


def _validate(ts: TileSet, raw: _File, problems: list[str]) -> None:
    if len(raw.plants) != 11:
        problems.append(f"{len(raw.plants)} plants; the rulebook has 11")
    if len({p.key for p in raw.plants}) != len(raw.plants):
        problems.append("plant keys are not unique")
    if len(raw.tiles) != 45:
        problems.append(f"{len(raw.tiles)} tiles; the rulebook has 45")
    if len(ts.by_id) != len(raw.tiles):
        problems.append("tile ids are not unique")
    for tile in ts.tiles:
        if not 2 <= len(tile.features) <= 3:
            problems.append(f"{tile.id}: {len(tile.features)} plants; tiles show 2 or 3")
        for plant, _ in tile.features:
            home = layer_mask(ts.plants[plant].layers)
            if not home & tile.layers:
                problems.append(
                    f"{tile.id}: {ts.plants[plant].name} does not grow in layer(s) "
                    f"{raw.tiles[tile.index].layers}"
                )


def parse_tiles(text: str) -> TileSet:
    """Validate a tiles file's text (the game's own, or a test's broken copy)."""
    return TileSet(decode(text, _File, _WHERE))


@cache
def tiles() -> TileSet:
    """The game's plants and tiles (loaded and validated once)."""
    return TileSet(load("ecotone.games.biome.data", "tiles.toml", _File))
