"""Plants on the board: conflicts and habitat access (rules doc §Phase 2).

* **Conflict**: two different plants facing each other across a same-layer edge. Plant
  against open, and open against open, are fine. Across the Canopy/Understory seam only vines
  interact, so nothing conflicts there; the Emergent layer interacts with no other layer.
  (:func:`constraints` and :func:`fits`; where a tile may go is :mod:`.placement`.)
* **Access** for a card comes from the tiles newly placed for it: all their plants; for each
  same-layer neighbour they **match** (the same plant facing on both sides), the whole of that
  neighbour's tile (each matched neighbour adds its tile; a super match adds several);
  and when a new tile's vine matches a vine (in its layer, or across the Canopy/Understory
  seam), every tile of that **vine network** (all tiles joined by vine-to-vine matches).
* Counts: each plant a tile shows counts once (a Y-shaped vine is one vine).
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Final

from ecotone.games.biome.board import SAME, Board
from ecotone.games.biome.cards import CardInfo
from ecotone.games.biome.state import EMPTY
from ecotone.games.biome.tiles import OPEN, Layer, Tile, packed, tiles

__all__ = [
    "Access",
    "access",
    "constraints",
    "face",
    "fits",
    "met",
    "missing",
    "vine_network",
    "zone_totals",
]

Cells = tuple[int, ...]

# The Canopy and the Understory as a bit set of layers: a vine network that spans both
# links them.
_CANOPY_UNDERSTORY = 1 << Layer.CANOPY | 1 << Layer.UNDERSTORY


def face(board: Cells, cell: int, direction: int) -> int:
    """The plant the tile on ``cell`` shows towards ``direction`` (``OPEN`` if none/empty)."""
    v = board[cell]
    if v == EMPTY:
        return OPEN
    return tiles().tiles[v // 6].faces[v % 6][direction]


def vine_network(board: Cells, geo: Board, start: int) -> set[int]:
    """The cells joined to ``start`` by vine-to-vine matches (``start`` included)."""
    vine = tiles().vine
    faces = _faces()
    seen = {start}
    todo = [start]
    while todo:
        c = todo.pop()
        mine = faces[board[c]]
        for d, n, back, _link in geo.linked_nbrs[c]:
            if n in seen or mine[d] != vine:
                continue
            v = board[n]
            if v != EMPTY and faces[v][back] == vine:
                seen.add(n)
                todo.append(n)
    return seen


class Access:
    """What the tiles placed for a card give access to.

    Attributes:
        cells: the accessible tiles' cells.
        counts: how many of each plant they show.
        vine_link: a vine network reached by the new tiles joins the Understory and Canopy.
    """

    __slots__ = ("cells", "counts", "vine_link")

    def __init__(self, cells: set[int], counts: list[int], vine_link: bool) -> None:
        self.cells = cells
        self.counts = counts
        self.vine_link = vine_link


def access(board: Cells, geo: Board, pending: Cells) -> Access:
    """The access that the tiles on ``pending`` cells (already on ``board``) give."""
    ts = tiles()
    faces = _faces()
    vine = ts.vine
    layer = geo.layer
    cells = set(pending)
    networks: set[int] = set()
    vine_link = False
    for c in pending:
        mine = faces[board[c]]
        matched_vine = False
        for d, n, back, link in geo.linked_nbrs[c]:
            v = board[n]
            p = mine[d]
            if v == EMPTY or p == OPEN or p != faces[v][back]:
                continue
            if link == SAME:
                cells.add(n)
            if p == vine:
                matched_vine = True
        if matched_vine and c not in networks:
            net = vine_network(board, geo, c)
            networks |= net
            if not vine_link:
                # the layers the network spans, as a bit set (a plain loop, and no enum
                # member read off its class: each costs a Python-level lookup)
                spans = 0
                for x in net:
                    spans |= 1 << layer[x]
                vine_link = spans & _CANOPY_UNDERSTORY == _CANOPY_UNDERSTORY
    cells |= networks
    counts = [0] * len(ts.plants)
    for c in cells:
        for p, k in ts.tiles[board[c] // 6].sparse:
            counts[p] += k
    return Access(cells, counts, vine_link)


def missing(card: CardInfo, acc: Access) -> list[str]:
    """What the card's habitat still lacks, in words (empty when met)."""
    ts = tiles()
    out = []
    for p, need in enumerate(card.needs):
        if acc.counts[p] < need:
            lack = need - acc.counts[p]
            out.append(f"{lack} more {ts.plants[p].name.lower()}")
    if card.vine_link and not acc.vine_link:
        out.append("a vine network joining the Understory and the Canopy")
    return out


def met(card: CardInfo, acc: Access) -> bool:
    """True when the accessible plants meet every habitat icon of ``card``."""
    if card.vine_link and not acc.vine_link:
        return False
    # A plain loop, not all() over a generator, whose frame costs more than the check:
    # the legal actions ask at every placement.
    counts = acc.counts
    for p, need in enumerate(card.needs):  # noqa: SIM110
        if counts[p] < need:
            return False
    return True


@cache
def _tile_counts() -> tuple[int, ...]:
    """Each tile's plants, as packed counts."""
    return tuple(packed(tile.sparse) for tile in tiles().tiles)


def zone_totals(board: Cells, geo: Board, hand: Cells) -> dict[int, int]:
    """The most of each plant a habitat could reach in each zone (Emergent ``0b001``;
    Canopy + Understory ``0b110``), as packed counts: every tile on the board there plus
    every tile in hand that fits there. A card whose habitat asks for more cannot be
    completed in that zone.

    Only the zones where a tile of the hand fits are listed, Emergent first: a habitat
    needs a new tile, so it cannot be begun anywhere else."""
    hand_e, hand_cu = _hand_totals(hand)
    out = {}
    if hand_e >= 0 or hand_cu >= 0:
        board_e, board_cu = _board_totals(board, geo.layer)
        if hand_e >= 0:
            out[0b001] = board_e + hand_e
        if hand_cu >= 0:
            out[0b110] = board_cu + hand_cu
    return out


@lru_cache(maxsize=1024)
def _hand_totals(hand: Cells) -> tuple[int, int]:
    """Packed plant counts of the tiles of ``hand`` that fit the Emergent layer, and of
    those that fit the Canopy or the Understory (``-1`` where none fits). A hand is asked
    about on every board it meets while it lasts (a pure function of immutable values,
    so remembering recent answers is safe)."""
    ts = tiles().tiles
    counts = _tile_counts()
    e = cu = -1  # (no tile of the hand fits there)
    for t in hand:
        layers = ts[t].layers
        if layers & 0b001:
            e = (0 if e < 0 else e) + counts[t]
        if layers & 0b110:
            cu = (0 if cu < 0 else cu) + counts[t]
    return e, cu


@lru_cache(maxsize=4096)
def _board_totals(board: Cells, layer: tuple[int, ...]) -> tuple[int, int]:
    """Packed plant counts of the board's Emergent tiles and of its Canopy + Understory
    tiles (a pure function of immutable values, so remembering recent answers is safe)."""
    counts = _tile_counts()
    e = cu = 0
    for c, v in enumerate(board):
        if v != EMPTY:
            if layer[c] == 0:
                e += counts[v // 6]
            else:
                cu += counts[v // 6]
    return e, cu


def constraints(board: Cells, geo: Board, cell: int) -> tuple[int, ...] | None:
    """The plant each same-layer neighbour of ``cell`` shows towards it (``OPEN`` where
    none), or ``None`` when no neighbour constrains the cell at all."""
    faces = _faces()
    out: list[int] | None = None
    for d, n, back in geo.same[cell]:
        v = board[n]
        if v == EMPTY:
            continue
        q = faces[v][back]
        if q != OPEN:
            if out is None:
                out = [OPEN] * 6
            out[d] = q
    return None if out is None else tuple(out)


@lru_cache(maxsize=1)
def _faces() -> tuple[tuple[int, ...], ...]:
    """The faces of every board value ``tile * 6 + rotation``."""
    return tuple(t.faces[r] for t in tiles().tiles for r in range(6))


_NO_HELP: Final[dict[int, int]] = {}


def fits(
    cons: tuple[int, ...] | None,
    tile: Tile,
    rotation: int,
    reaches: bool = True,
    helpful: dict[int, int] = _NO_HELP,
) -> bool:
    """The conflict rule: True when ``tile`` turned ``rotation`` faces no different plant
    in ``cons`` (:func:`constraints`; ``None``: nothing constrains the cell).

    For the first tile of a habitat it also says whether the tile reaches a plant the card
    needs: ``reaches`` when the tile itself shows one, else by showing a neighbour the plant
    that ``helpful`` names for that direction (whose match reaches one). The defaults ask
    only about conflicts.
    """
    helps = reaches
    for d, p in tile.planted[rotation]:
        if cons is not None and cons[d] not in (OPEN, p):
            return False
        if not helps and helpful.get(d) == p:
            helps = True
    return helps
