"""Where a tile may go for the card being earned (rules doc §Phase 2).

The placement rules themselves (layer, conflicts, touching) are checked here for every tile
in hand, every free cell and every distinct rotation, and the list is pruned where it is
cheap to know that a placement cannot lead to the card:

* **zones**: a habitat lies in the Emergent layer or in the Canopy and Understory (which
  vines join). A zone is feasible for a card when the plants of the board there plus the
  player's tiles that fit there could cover the card's habitat; a first tile goes only to a
  feasible zone, and later tiles only when their zone still is.
* **the first tile** must itself reach a plant the card needs (on the tile, by a match or by
  a vine network). Of the tiles that complete a habitat at least one does so on its own, and
  placing it first loses nothing, because the others can follow it one by one.
* **later tiles** go only beside the tiles already placed: a same-layer neighbour, or a vine
  facing one of their vines across the Canopy/Understory seam.
"""

from __future__ import annotations

from functools import lru_cache

from ecotone.games.biome.actions import Place
from ecotone.games.biome.board import SAME, Board, formations
from ecotone.games.biome.cards import CardInfo
from ecotone.games.biome.config import Config
from ecotone.games.biome.habitat import _faces, constraints, vine_network, zone_totals
from ecotone.games.biome.state import EMPTY, BiomeData
from ecotone.games.biome.tiles import OPEN, Tile, tiles

__all__ = [
    "ZONE_CU",
    "ZONE_E",
    "feasible_zones",
    "first_tile_helps",
    "placements",
    "zone_of",
]


ZONE_E = 0b001  # the Emergent layer
ZONE_CU = 0b110  # Canopy and Understory, joined by vines


def zone_of(layer: int) -> int:
    """The zone a layer belongs to."""
    return ZONE_E if layer == 0 else ZONE_CU


def feasible_zones(
    d: BiomeData,
    seat: int,
    card: CardInfo,
    cfg: Config,
    totals: dict[int, list[int]] | None = None,
) -> list[int]:
    """The zones where the board and the player's tiles could still meet ``card``'s habitat
    (``totals``: :func:`zone_totals` for this position, when already computed)."""
    hand = d.seats[seat].tiles
    if totals is None:
        totals = zone_totals(d.board, cfg.geo, hand)
    return _feasible(totals, hand, card.needs, card.vine_link)


def _zones(
    board: tuple[int, ...],
    geo: Board,
    hand: tuple[int, ...],
    needs: tuple[int, ...],
    vine_link: bool,
) -> list[int]:
    return _feasible(zone_totals(board, geo, hand), hand, needs, vine_link)


def _feasible(
    totals: dict[int, list[int]], hand: tuple[int, ...], needs: tuple[int, ...], vine_link: bool
) -> list[int]:
    ts = tiles().tiles
    wanted = _sparse_needs(needs)
    out = []
    for zone in (ZONE_E, ZONE_CU):
        if vine_link and zone == ZONE_E:
            continue
        if not any(ts[t].layers & zone for t in hand):
            continue
        ub = totals[zone]
        for p, n in wanted:
            if ub[p] < n:
                break
        else:
            out.append(zone)
    return out


@lru_cache(maxsize=256)
def _sparse_needs(needs: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    return tuple((p, n) for p, n in enumerate(needs) if n)


def placements(d: BiomeData, seat: int, card: CardInfo, cfg: Config) -> tuple[Place, ...]:
    """Every placement offered to ``seat`` for ``card``, the card being earned."""
    return _places(d.board, d.seats[seat].tiles, d.pending, card.needs, card.vine_link, cfg.geo.key)


@lru_cache(maxsize=8192)
def _places(
    board: tuple[int, ...],
    hand: tuple[int, ...],
    pending: tuple[int, ...],
    needs: tuple[int, ...],
    vine_link: bool,
    formation: str,
) -> tuple[Place, ...]:
    """The placements for a habitat needing ``needs``: a pure function of immutable values,
    remembered because random playouts and bots ask again after a withdrawal."""
    geo = formations()[formation]
    ts = tiles()
    made, canon = _made(formation)
    mine = []
    all_own = True
    for t in hand:
        tile = ts.tiles[t]
        # with tiles already placed, any tile may follow; a first tile must reach a need
        own = bool(pending) or any(needs[p] for p, _ in tile.sparse)
        all_own = all_own and own
        mine.append((tile, own, t * len(geo.cells)))
    out: list[Place] = []
    for cell in _candidates(board, geo, hand, pending, needs, vine_link):
        layer = geo.layer[cell]
        cons = constraints(board, geo, cell)
        helpful = {} if pending or all_own else _helpful(board, geo, cell, needs)
        touching, seam = _touch(board, geo, cell, pending)
        if not touching and not seam:
            continue
        for tile, own, base in mine:
            if not tile.layers >> layer & 1 or (not own and not helpful):
                continue
            if cons is None and own and not pending:
                out.extend(canon[base + cell])
                continue
            row = made[base + cell]
            for r in tile.rotations:
                if _fits_here(tile, r, cons, own, helpful) and (
                    touching or any(tile.faces[r][dr] == ts.vine for dr in seam)
                ):
                    out.append(row[r])
    return tuple(out)


def _candidates(
    board: tuple[int, ...],
    geo: Board,
    hand: tuple[int, ...],
    pending: tuple[int, ...],
    needs: tuple[int, ...],
    vine_link: bool,
) -> list[int]:
    """The empty cells a tile may go to: beside the tiles already placed for the card, or
    for a first tile anywhere in a zone where the card could still be met."""
    zones = _zones(board, geo, hand, needs, vine_link)
    if pending:
        if zone_of(geo.layer[pending[0]]) not in zones:
            return []
        near: set[int] = set()
        for c in pending:
            for _dr, n, _back, _link in geo.linked_nbrs[c]:
                if board[n] == EMPTY:
                    near.add(n)
        return sorted(near)
    mask = 0
    for z in zones:
        mask |= z
    return [c for c, v in enumerate(board) if v == EMPTY and mask >> geo.layer[c] & 1]


def _touch(
    board: tuple[int, ...], geo: Board, cell: int, pending: tuple[int, ...]
) -> tuple[bool, list[int]]:
    """Whether a tile on ``cell`` touches the tiles placed for the card whatever its
    rotation (a same-layer neighbour among them; always so for a first tile), and else the
    directions across the seam where showing a vine would touch one of their vines."""
    if not pending:
        return True, []
    faces = _faces()
    vine = tiles().vine
    seam = []
    for dr, n, back, link in geo.linked_nbrs[cell]:
        if n in pending:
            if link == SAME:
                return True, []
            if faces[board[n]][back] == vine:
                seam.append(dr)
    return False, seam


def _fits_here(
    tile: Tile, r: int, cons: tuple[int, ...] | None, own: bool, helpful: dict[int, int]
) -> bool:
    """No conflict with the neighbours (``cons``), and a first tile reaches a need."""
    helps = own
    for dr, p in tile.planted[r]:
        if cons is not None and cons[dr] not in (OPEN, p):
            return False
        if not helps and helpful.get(dr) == p:
            helps = True
    return helps


@lru_cache(maxsize=8)
def _made(
    formation: str,
) -> tuple[tuple[tuple[Place, ...], ...], tuple[tuple[Place, ...], ...]]:
    """Every placement action of a formation, made once, indexed ``[tile * cells + cell]``:
    by rotation, and (second) only the rotations that differ."""
    geo = formations()[formation]
    made = []
    canon = []
    for tile in tiles().tiles:
        for name in geo.cells:
            row = tuple(Place(tile.id, name, r) for r in range(6))
            made.append(row)
            canon.append(tuple(row[r] for r in tile.rotations))
    return tuple(made), tuple(canon)


def first_tile_helps(
    board: tuple[int, ...],
    geo: Board,
    cell: int,
    tile: Tile,
    rotation: int,
    needs: tuple[int, ...],
) -> bool:
    """True when ``tile`` as the first tile of a habitat reaches a plant in ``needs``."""
    if any(needs[p] for p, _ in tile.sparse):
        return True
    helpful = _helpful(board, geo, cell, needs)
    return any(helpful.get(dr) == p for dr, p in tile.planted[rotation])


def _helpful(
    board: tuple[int, ...], geo: Board, cell: int, needs: tuple[int, ...]
) -> dict[int, int]:
    """For a first tile on ``cell``: the plant to show in each direction whose match would
    reach a plant the card needs (a matched neighbour's tile, or a vine network).

    The first tile must reach a needed plant: of the tiles that complete a habitat, at least
    one does so on its own (its plants, a matched neighbour's, or a vine network it matches
    into), and placing it first loses nothing, because the others can follow one by one."""
    ts = tiles().tiles
    vine = tiles().vine
    faces = _faces()
    out: dict[int, int] = {}
    for dr, n, back, link in geo.linked_nbrs[cell]:
        v = board[n]
        if v == EMPTY:
            continue
        q = faces[v][back]
        if q == OPEN or (link != SAME and q != vine):
            continue
        if link == SAME:
            for p, _ in ts[v // 6].sparse:
                if needs[p]:
                    out[dr] = q
                    break
        if (
            dr not in out
            and q == vine
            and any(
                needs[p] for c in vine_network(board, geo, n) for p, _ in ts[board[c] // 6].sparse
            )
        ):
            out[dr] = q
    return out
