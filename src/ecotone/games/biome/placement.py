"""Where a tile may go for the card being earned (rules doc §Phase 2).

The placement rules: a tile goes on an empty cell of a layer its background colour allows,
turned freely (turns that look the same are offered once), with no conflict (:mod:`.habitat`),
and the tiles placed for one card must touch each other: same-layer neighbours, or a vine
facing a vine across the Canopy/Understory seam. They are checked here for every tile in
hand, every free cell and every distinct rotation, and the list is pruned where it is cheap
to know that a placement cannot lead to the card:

* **zones**: a habitat lies in the Emergent layer or in the Canopy and Understory (which
  vines join). A zone is feasible for a card when the plants of the board there plus the
  player's tiles that fit there could cover the card's habitat; a first tile goes only to a
  feasible zone, and later tiles only when their zone still is.
* **the first tile** must itself reach a plant the card needs (on the tile, by a match or by
  a vine network). Of the tiles that complete a habitat at least one does so on its own, and
  placing it first loses nothing, because the others can follow it one by one.
* **later tiles** go only beside the tiles already placed: a same-layer neighbour, or a vine
  facing one of their vines across the Canopy/Understory seam.

:func:`placements` lists them all at once, fast (search asks for it at every step);
:func:`place_problem` checks one placement with the same pieces (:func:`.habitat.fits`,
``_later_cells``, ``_helpful``, ``_zones``) and says which rule it breaks. A test compares
the two on every position of random games where a card is being earned.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from ecotone.core.errors import IllegalAction
from ecotone.games.biome.actions import Place
from ecotone.games.biome.board import SAME, Board, formations
from ecotone.games.biome.cards import CardInfo
from ecotone.games.biome.config import Config
from ecotone.games.biome.habitat import (
    _faces,
    constraints,
    fits,
    vine_network,
    zone_totals,
)
from ecotone.games.biome.refusals import BiomeRefusal as R
from ecotone.games.biome.refusals import not_your_tile
from ecotone.games.biome.state import EMPTY, BiomeData
from ecotone.games.biome.tiles import DIRECTION_NAMES, OPEN, PLANT_BITS, Layer, Tile, packed, tiles

__all__ = [
    "ZONE_CU",
    "ZONE_E",
    "feasible",
    "place_problem",
    "placements",
    "zone_of",
]


ZONE_E: Final = 0b001  # the Emergent layer
ZONE_CU: Final = 0b110  # Canopy and Understory, joined by vines

# The layers in a bit set of layers (a tile's ``layers``), by the bit set.
_LAYERS_IN: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(layer for layer in range(3) if bits >> layer & 1) for bits in range(8)
)


def zone_of(layer: int) -> int:
    """The zone a layer belongs to."""
    return ZONE_E if layer == 0 else ZONE_CU


def _zones(
    board: tuple[int, ...],
    geo: Board,
    hand: tuple[int, ...],
    needs: tuple[int, ...],
    vine_link: bool,
) -> int:
    """The zones (a bit set of :data:`ZONE_E` and :data:`ZONE_CU`) where a habitat
    needing ``needs`` could still be met with the board and ``hand`` (:func:`feasible`)."""
    return feasible(limits(zone_totals(board, geo, hand)), _packed_needs(needs), vine_link)


# The top bit of each plant's field of packed counts (:func:`.tiles.packed`), for up to 16
# plants (11 here).
_TOPS: Final = sum(1 << PLANT_BITS * p + PLANT_BITS - 1 for p in range(16))


def limits(totals: dict[int, int]) -> list[tuple[int, int]]:
    """The zones of ``totals`` (:func:`.habitat.zone_totals`), each with its packed counts
    as :func:`feasible` reads them (the top bit of every field set). The totals list only
    the zones where a tile of the hand fits, so these do too."""
    out = []
    for zone, most in totals.items():  # (a plain loop: a comprehension costs a frame)
        out.append((zone, most | _TOPS))
    return out


def feasible(zones: list[tuple[int, int]], need: int, vine_link: bool, first: bool = False) -> int:
    """The zones (a bit set; 0: none) of ``zones`` (:func:`limits`) where a habitat needing
    the packed counts ``need`` (a card's ``packed_needs``; and a vine link, when
    ``vine_link``) could still be met: those that hold at least ``need`` of every plant.
    With ``first``, only the first such zone (enough to know whether it can be met at all).

    One subtraction tells it for every plant: each field of a zone's counts has its top
    bit set, and keeps it exactly when no more is taken from it than it holds (a count
    stays below the top bit of its field). The cards that may be earned are asked about
    with the zones' limits made once for them all."""
    found = 0
    for zone, most in zones:
        if vine_link and zone == ZONE_E:
            continue
        if most - need & _TOPS == _TOPS:
            found |= zone
            if first:
                break
    return found


@lru_cache(maxsize=256)
def _packed_needs(needs: tuple[int, ...]) -> int:
    return packed(enumerate(needs))


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
    if pending:
        return _next_places(board, geo, hand, pending)
    return _first_places(board, geo, hand, needs, vine_link)


def _first_places(
    board: tuple[int, ...],
    geo: Board,
    hand: tuple[int, ...],
    needs: tuple[int, ...],
    vine_link: bool,
) -> tuple[Place, ...]:
    """The placements of a habitat's first tile: anywhere in a feasible zone, reaching a
    plant the card needs (on the tile itself, or by a match its cell offers)."""
    mask = _zones(board, geo, hand, needs, vine_link)
    if not mask:
        return ()
    made, canon = _made(geo.key)
    wanted = _need_set(needs)
    by_layer, own_by_layer = _hand_by_layer(hand, wanted, len(geo.cells))
    shows = _turn_sets()[2]
    out: list[Place] = []
    add = out.append
    # layer by layer: the layers follow each other in cell order, and a whole layer is
    # passed over when its zone cannot meet the card or no tile of the hand goes there
    for layer, cells in enumerate(_open_cells(board, geo.key)):
        mine = by_layer[layer]
        if not mask >> layer & 1 or not mine:
            continue
        own_tiles = own_by_layer[layer]
        for cell, fit, reach in cells:
            if not reach:
                # no match from here reaches a plant: only a tile showing a needed plant
                # itself may begin the habitat (most empty cells are such)
                if fit is None:  # (nothing constrains the cell: every turn fits)
                    for _shift, base in own_tiles:
                        out += canon[base + cell]
                    continue
                for shift, base in own_tiles:
                    turns = fit >> shift & 63
                    if turns:
                        row = made[base + cell]
                        for r in _TURNS_IN[turns]:
                            add(row[r])
                continue
            # the turns of a tile that shows no needed plant must also show a neighbour
            # the plant whose match reaches one: worked out when such a tile asks (-1: not
            # yet)
            helping = -1
            for t, own, base in mine:
                if own:
                    if fit is None:
                        out += canon[base + cell]
                        continue
                    turns = fit >> t * 6 & 63
                else:
                    if helping < 0:
                        helping = 0
                        for dr, q, plants in reach:
                            if plants & wanted:
                                helping |= shows[dr][q]
                        if fit is not None:
                            helping &= fit
                    if not helping:
                        continue
                    turns = helping >> t * 6 & 63
                if turns:
                    row = made[base + cell]
                    for r in _TURNS_IN[turns]:  # (a plain loop: cheaper than a comprehension)
                        add(row[r])
    return tuple(out)


def _hand_by_layer(
    hand: tuple[int, ...], wanted: int, size: int
) -> tuple[tuple[list[tuple[int, bool, int]], ...], tuple[list[tuple[int, int]], ...]]:
    """The tiles of ``hand`` that may go in each layer, in hand order, for a first tile
    (``wanted``: the plants the card needs, as a bit set; ``size``: the board's cells):
    all of them, as ``(tile, it shows a needed plant itself, its offset in the tables of
    actions)``; and those that show one, as ``(its first bit in a set of turns, its
    offset)``."""
    ts = tiles().tiles
    by_layer: tuple[list[tuple[int, bool, int]], ...] = ([], [], [])
    own_by_layer: tuple[list[tuple[int, int]], ...] = ([], [], [])
    for t in hand:
        tile = ts[t]
        own = tile.plant_set & wanted != 0  # (_shows_need, by the bit sets)
        for layer in _LAYERS_IN[tile.layers]:
            by_layer[layer].append((t, own, t * size))
            if own:
                own_by_layer[layer].append((t * 6, t * size))
    return by_layer, own_by_layer


def _next_places(
    board: tuple[int, ...], geo: Board, hand: tuple[int, ...], pending: tuple[int, ...]
) -> tuple[Place, ...]:
    """The placements of a habitat's later tiles: any tile of the hand, touching the tiles
    already placed for the card (whose zone can still meet it: see :func:`_later_cells`)."""
    ts = tiles().tiles
    made, _canon = _made(geo.key)
    size = len(geo.cells)
    # the tiles of the hand that may go in each layer: (the tile's bits, its offset in
    # the tables of actions)
    by_layer: tuple[list[tuple[int, int]], ...] = ([], [], [])
    for t in hand:
        for layer in _LAYERS_IN[ts[t].layers]:
            by_layer[layer].append((t * 6, t * size))
    out: list[Place] = []
    add = out.append
    layer_of = geo.layer
    for cell, fit in _later_cells(board, geo, pending):
        for shift, base in by_layer[layer_of[cell]]:
            turns = fit >> shift & 63
            if turns:
                row = made[base + cell]
                for r in _TURNS_IN[turns]:
                    add(row[r])
    return tuple(out)


# The rotations in a bit set of rotations (bit ``r``), by the bit set.
_TURNS_IN: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(r for r in range(6) if bits >> r & 1) for bits in range(64)
)

_TurnSets = tuple[int, tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]


@lru_cache(maxsize=1)
def _turn_sets() -> _TurnSets:
    """The conflict rule and what a tile shows, as bit sets over every tile's distinct
    turns (bit ``tile * 6 + rotation``):

    * every distinct turn of every tile;
    * by direction and plant: the turns that a neighbour showing that plant from that
      direction lets through: those whose side there is open or shows the same plant
      (the rule of :func:`.habitat.fits`, one side at a time; a cell's constraints allow
      the turns in every one of their sets: :func:`_open_cells`);
    * by direction and plant: the turns that show that plant that way (a first tile's
      helpful match, a later tile's vine across the seam).

    A list of placements then reads a tile's turns on a cell as six bits of one integer,
    instead of asking the rule per tile, turn and cell. (A test checks every set against
    :func:`.habitat.fits`.)"""
    ts = tiles()
    plants = range(len(ts.plants))
    canonical = 0
    fitting = [[0] * len(plants) for _ in range(6)]
    shows = [[0] * len(plants) for _ in range(6)]
    for tile in ts.tiles:
        for r in tile.rotations:
            bit = 1 << tile.index * 6 + r
            canonical |= bit
            for d, p in enumerate(tile.faces[r]):
                if p == OPEN:  # an open side faces any plant
                    for q in plants:
                        fitting[d][q] |= bit
                else:
                    fitting[d][p] |= bit
                    shows[d][p] |= bit
    return canonical, tuple(map(tuple, fitting)), tuple(map(tuple, shows))


def _later_cells(
    board: tuple[int, ...], geo: Board, pending: tuple[int, ...]
) -> list[tuple[int, int]]:
    """The empty cells where a later tile may touch the tiles already placed for the card
    (``pending``, never empty), in cell order, each with the distinct turns of every tile
    (bit ``tile * 6 + rotation``) that fit there and touch them: every turn that no
    neighbour's plant conflicts with when a same-layer neighbour is among them, else those
    that also show a vine towards one of their vines across the seam (there is one).

    Their zone can still meet the card, and is not checked again: the first tile went only
    to a zone where the board and the hand could cover the habitat, and while the card is
    earned that zone's totals cannot fall. A tile placed moves from the hand to the board
    within the zone, and the abilities played meanwhile only add to the hand (an
    Opportunist takes a tile; a Blight takes one from the board into the hand, where it
    counts again in the zone of the layer it lay on)."""
    near: set[int] = set()
    linked = geo.linked_nbrs
    for c in pending:
        for _dr, n, _back, _link in linked[c]:
            if board[n] == EMPTY:
                near.add(n)
    faces = _faces()
    vine = tiles().vine
    canonical, fitting, shows = _turn_sets()
    out: list[tuple[int, int]] = []
    for cell in sorted(near):
        # one pass over the neighbours: their constraints (as habitat.constraints reads
        # them, from the same-layer ones) and how a tile here touches the pending tiles
        fit = canonical
        touching = False
        across = -1  # (no vine of theirs faces the cell across the seam)
        for dr, n, back, link in linked[cell]:
            v = board[n]
            if v == EMPTY:
                continue
            q = faces[v][back]
            if link == SAME:
                if q != OPEN:
                    fit &= fitting[dr][q]
                if n in pending:
                    touching = True
            elif q == vine and n in pending:
                across = shows[dr][vine] if across < 0 else across | shows[dr][vine]
        if touching:
            out.append((cell, fit))
        elif across >= 0:
            out.append((cell, fit & across))
    return out


def _shows_need(tile: Tile, needs: tuple[int, ...]) -> bool:
    """Whether ``tile`` itself shows a plant of ``needs``."""
    return tile.plant_set & _need_set(needs) != 0


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


def place_problem(
    d: BiomeData, seat: int, card: CardInfo, tile: Tile, cell: int, rotation: int, cfg: Config
) -> IllegalAction | None:
    """Why ``seat`` may not place ``tile`` turned ``rotation`` on ``cell`` for ``card`` (the
    card being earned), or ``None``: exactly when :func:`placements` offers it.

    The same checks as :func:`placements`, one placement at a time: the tile is the
    player's, the cell empty and of a layer the tile allows, the rotation one that looks
    different, no plants conflict, the tiles for one card touch, a first tile reaches a
    plant the card needs, and the habitat can still be met in the zone.
    """
    geo = cfg.geo
    board = d.board
    hand = d.seats[seat].tiles
    pending = d.pending
    name = geo.cells[cell]
    if tile.index not in hand:
        return not_your_tile(d, seat, tile.id)
    if board[cell] != EMPTY:
        return IllegalAction(R.CELL_TAKEN, f"{name} already holds a tile")
    layer = geo.layer[cell]
    if not tile.fits(layer):
        allowed = "/".join(Layer(b).title for b in range(3) if tile.fits(b))
        return IllegalAction(
            R.WRONG_LAYER,
            f"{tile.id} is {'an' if allowed[:1] in 'AEIOU' else 'a'} {allowed} tile; "
            f"{name} is in the {Layer(layer).title} layer",
        )
    if rotation not in tile.rotations:
        return IllegalAction(
            R.SAME_ROTATION,
            f"{tile.id} turned {rotation} looks the same "
            f"as turned {tile.canonical(rotation)}: use that",
        )
    cons = constraints(board, geo, cell)
    if not fits(cons, tile, rotation):
        return _conflict(tile, rotation, cons, cell, geo)
    if pending:
        # (the cell is empty: it is among the later cells exactly when it may touch them)
        touching = dict(_later_cells(board, geo, pending)).get(cell, 0)
        if not touching >> tile.index * 6 + rotation & 1:
            return IllegalAction(
                R.MUST_TOUCH,
                "the tiles placed for one card must touch each other "
                "(in one layer, or by a vine matched across the Canopy/Understory seam)",
            )
    elif not _shows_need(tile, card.needs) and not fits(
        None, tile, rotation, False, _helpful(board, geo, cell, card.needs)
    ):
        ts = tiles()
        names = ", ".join(ts.plants[p].name.lower() for p, n in enumerate(card.needs) if n)
        return IllegalAction(
            R.TILE_DOES_NOT_HELP,
            f"{tile.id} there reaches none of the plants "
            f"{card.name} needs ({names}), neither on the tile nor by a match: begin "
            "its habitat with a tile that does",
        )
    zone = zone_of(geo.layer[pending[0]] if pending else layer)
    if not zone & _zones(board, geo, hand, card.needs, card.vine_link):
        return IllegalAction(
            R.HABITAT_IMPOSSIBLE,
            f"{card.name}'s habitat cannot be completed in the "
            f"{Layer(layer).title} layer with the plants on the board and your tiles",
        )
    return None


def _conflict(
    tile: Tile, rotation: int, cons: tuple[int, ...] | None, cell: int, geo: Board
) -> IllegalAction:
    """The refusal of a placement :func:`.habitat.fits` found in conflict, naming both plants."""
    assert cons is not None
    ts = tiles()
    bad, mine = next((dr, p) for dr, p in tile.planted[rotation] if cons[dr] not in (OPEN, p))
    return IllegalAction(
        R.CONFLICT,
        f"plants conflict: your {ts.plants[mine].name.lower()} would face the "
        f"{ts.plants[cons[bad]].name.lower()} of {geo.cells[geo.nbr[cell][bad]]} "
        f"({DIRECTION_NAMES[bad]} side)",
    )


def _helpful(
    board: tuple[int, ...], geo: Board, cell: int, needs: tuple[int, ...]
) -> dict[int, int]:
    """For a first tile on the empty ``cell``: the plant to show in each direction whose
    match would reach a plant the card needs (a matched neighbour's tile, or a vine
    network), read from the board's :func:`_open_cells`, as the placements read it.

    The first tile must reach a needed plant: of the tiles that complete a habitat, at least
    one does so on its own (its plants, a matched neighbour's, or a vine network it matches
    into), and placing it first loses nothing, because the others can follow one by one."""
    for c, _fit, reach in _open_cells(board, geo.key)[geo.layer[cell]]:
        if c == cell:
            return _helping(reach, _need_set(needs))
    raise AssertionError(f"cell {cell} is not empty")


def _helping(reach: _Reach, wanted: int) -> dict[int, int]:
    """The directions of ``reach`` whose match reaches a plant of the bit set ``wanted``,
    with the plant to show there."""
    return {dr: q for dr, q, plants in reach if plants & wanted}


# What a tile placed on a cell could reach by matching each neighbour: ``(direction, the
# plant to show there, the plants the match reaches as a bit set)``.
_Reach = tuple[tuple[int, int, int], ...]

# A layer's empty cells: ``(cell, fit, reach)`` (see :func:`_open_cells`).
_OpenCells = tuple[tuple[int, int | None, _Reach], ...]


@lru_cache(maxsize=1024)
def _open_cells(board: tuple[int, ...], formation: str) -> tuple[_OpenCells, ...]:
    """Each empty cell of ``board``, by layer (the layers follow each other in cell order,
    so the three together are in cell order): ``(cell, fit, reach)``, as :func:`_read`
    reads it (``(cell, None, ())`` where no tile touches the cell).

    The same board is asked about for every card started on it (a withdrawal restores
    it), so it is read once (a pure function of immutable values: remembering is safe).
    And most boards asked about grew from the one asked about before by a habitat or two:
    then only the cells whose reading those tiles can change are read again, those beside
    them or beside a vine network they joined (a network only grows as tiles are added)."""
    geo = formations()[formation]
    linked = geo.linked_nbrs
    before, known = _LAST_READ.get(formation, ((), ()))
    added = _added(before, board)
    if added is None:
        # read every empty cell that a tile touches
        touched = set()
        for c, v in enumerate(board):
            if v != EMPTY:
                for _dr, n, _back, _link in linked[c]:
                    if board[n] == EMPTY:
                        touched.add(n)
        read = _read(board, geo, touched)
        bare = _bare(len(board))
        out: tuple[list[tuple[int, int | None, _Reach]], ...] = ([], [], [])
        layer = geo.layer
        for c, v in enumerate(board):
            if v == EMPTY:
                out[layer[c]].append(read.get(c) or bare[c])
    else:
        # the tiles added, and the vine networks they are now part of
        grown: set[int] = set()
        for c in added:
            grown |= vine_network(board, geo, c)
        again = set()
        for c in grown:
            for _dr, n, _back, _link in linked[c]:
                if board[n] == EMPTY:
                    again.add(n)
        read = _read(board, geo, again)
        out = ([], [], [])
        for cells, kept in zip(known, out, strict=True):
            for entry in cells:
                c = entry[0]
                if board[c] == EMPTY:
                    kept.append(read.get(c) or entry)
    found = tuple(map(tuple, out))
    _LAST_READ[formation] = (board, found)
    return found


# The board whose open cells were worked out last, by formation, and those cells.
_LAST_READ: Final[dict[str, tuple[tuple[int, ...], tuple[_OpenCells, ...]]]] = {}


def _added(before: tuple[int, ...], board: tuple[int, ...]) -> list[int] | None:
    """The cells where ``board`` holds a tile that ``before`` does not, when that is all
    that differs (``None`` otherwise, or when ``before`` is no board)."""
    if len(before) != len(board):
        return None
    added = []
    for c, (was, now) in enumerate(zip(before, board, strict=True)):
        if was != now:
            if was != EMPTY:
                return None
            added.append(c)
    return added


@lru_cache(maxsize=1)
def _bare(size: int) -> tuple[tuple[int, None, _Reach], ...]:
    """The reading of each cell that no tile touches, by cell."""
    return tuple((c, None, ()) for c in range(size))


def _read(
    board: tuple[int, ...], geo: Board, cells: set[int]
) -> dict[int, tuple[int, int | None, _Reach]]:
    """Each of the empty ``cells`` of ``board`` as :func:`_open_cells` lists it,
    ``(cell, fit, reach)``, read in one pass over its neighbours:

    * ``fit``: the turns that no neighbour's plant conflicts with (bit ``tile * 6 +
      rotation``: those in the set of every plant a same-layer neighbour shows towards
      the cell, the constraints of :func:`.habitat.constraints`), ``None`` when no
      neighbour constrains the cell;
    * ``reach``: what matching each neighbour reaches: a same-layer neighbour's tile, and
      the vine network of a neighbour showing a vine, across the seam too.

    The neighbours are read inline, not by a function per cell: a Python call costs more
    than most cells' whole reading."""
    ts = tiles()
    plant_sets = _plant_sets()
    vine = ts.vine
    faces = _faces()
    canonical, fitting, _shows = _turn_sets()
    linked = geo.linked_nbrs
    # the plants of the vine networks already traced, by cell (a network's cells all
    # share its plants)
    networks: dict[int, int] = {}
    out = {}
    for c in cells:
        fit: int | None = None
        reach = []
        for dr, n, back, link in linked[c]:
            w = board[n]
            if w == EMPTY:
                continue
            q = faces[w][back]
            if q == OPEN:
                continue
            if link == SAME:
                fit = (canonical if fit is None else fit) & fitting[dr][q]
                plants = plant_sets[w]
            elif q != vine:
                continue
            else:
                plants = 0
            if q == vine:
                net = networks.get(n)
                if net is None:
                    found = vine_network(board, geo, n)
                    net = 0
                    for f in found:
                        net |= plant_sets[board[f]]
                    for f in found:
                        networks[f] = net
                plants |= net
            reach.append((dr, q, plants))
        out[c] = (c, fit, tuple(reach))
    return out


@lru_cache(maxsize=1)
def _plant_sets() -> tuple[int, ...]:
    """The plants shown by every board value ``tile * 6 + rotation``, as a bit set."""
    return tuple(t.plant_set for t in tiles().tiles for _r in range(6))


@lru_cache(maxsize=256)
def _need_set(needs: tuple[int, ...]) -> int:
    """The plants of ``needs`` as a bit set."""
    return sum(1 << p for p, n in enumerate(needs) if n)
