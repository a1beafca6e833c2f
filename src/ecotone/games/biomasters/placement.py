"""Where a card may be played, and what it costs (rules doc §Playing a card).

A card is played into a cell of the grid:

* **Connection**: an empty cell sharing an edge with a card already on the grid.
* **Domain rule**: it may not share an edge with a live card of an incompatible domain
  (HOMEs and Detritus tiles are neutral). [rulebook; applying it to every neighbour: public]
* **Trophic rule**: a ``+X`` card must touch a live ``+X-1`` card; a ``-2D`` a ``-1S``.
  A photoautotroph (``+1A``) connects to a HOME or to a producer already grown from one
  [rulebook; producers: public]; a chemoautotroph (``+1C``) to a HOME or to a ``-1S`` or
  ``-2D`` card its player controls [RULINGS]; a saprotroph (``-1S``) is played onto a Detritus
  tile [rulebook]; a parasite or mutualist is tucked under a live host [rulebook] whose
  tags match it and whose domain it shares [ecotone].
* **Cost**: exhaust ready cards you control whose trophic icons match the cost; they need
  not be adjacent [RULINGS]. A host carrying a ``double`` mutualist pays two icons.

:func:`play_cells` finds the legal plays fast, sharing :func:`host_problem` with
:func:`ecotone.games.biomasters.refusals.play_problem`, which says why a play is refused.
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import compress
from typing import Final

from ecotone.games.biomasters.actions import Play
from ecotone.games.biomasters.board import CELLS, COMPAT_MASK, Grid
from ecotone.games.biomasters.cards import Kind, Trophic, cards, level_name
from ecotone.games.biomasters.effects import occupied
from ecotone.games.biomasters.state import BioData, Slot, kind_of

__all__ = [
    "EATERS",
    "Layout",
    "Scan",
    "Standing",
    "affordable",
    "capacity",
    "cost_text",
    "forget_layouts",
    "grid_layout",
    "host_problem",
    "is_live",
    "layout_changed",
    "layout_of",
    "layout_plus",
    "layout_tucked",
    "live_neighbours",
    "play_cells",
    "play_row",
    "play_rows",
    "preferred_met",
    "same_layout",
    "scan_seat",
]

_POOL: Final = cards()
_KINDS: Final = _POOL.kinds
_HOME_KINDS: Final = frozenset(_POOL.homes)


def is_live(slot: Slot | None) -> bool:
    """A living card: not an empty cell, a Detritus tile or a HOME."""
    return slot is not None and not slot.tile and slot.kind not in _HOME_KINDS


def live_neighbours(d: BioData, grid: Grid, cell: int) -> Iterator[tuple[int, Slot]]:
    """The live cards around ``cell``, with their cells."""
    g = d.grid
    for n in grid.neighbours[cell]:
        s = g[n]
        if s is not None and not s.tile and s.kind not in _HOME_KINDS:
            yield n, s


def capacity(d: BioData, seat: int, exclude: int = -1) -> Counter[int]:
    """How many cost icons of each level ``seat``'s ready cards can pay."""
    out: Counter[int] = Counter()
    g = d.grid
    for i in occupied(g):
        s = g[i]
        if s is None or s.owner != seat or not s.ready or s.tile or i == exclude:
            continue
        k = _KINDS[s.kind]
        if k.level == 0:
            continue
        out[k.level] += 2 if s.mutualist and _KINDS[kind_of(s.mutualist)].effect == "double" else 1
    return out


def affordable(k: Kind, cap: Counter[int]) -> bool:
    """Whether ready cards with capacity ``cap`` can pay ``k``'s cost."""
    if not k.cost:
        return True
    need = Counter(k.cost)
    return all(cap[level] >= n for level, n in need.items())


def cost_text(icons: tuple[int, ...]) -> str:
    """``(1, 1)`` -> ``"+1 +1"``."""
    return " ".join(level_name(lv) for lv in icons) or "nothing"


def preferred_met(d: BioData, grid: Grid, k: Kind, cell: int) -> bool:
    """Preferred Diet: the card touches a live card of its food level with its food tag."""
    if not k.preferred:
        return False
    for _, s in live_neighbours(d, grid, cell):
        f = _KINDS[s.kind]
        if f.level == k.food and k.preferred in f.tags:
            return True
    return False


# -- the fast path: every legal play ----------------------------------------------------------


class Standing:
    """What one seat's cards on a grid could do were they all ready: the cost icons they
    would pay, by level, and the cells of those with an ability, in cell order; and the
    cells of those that may eat (:data:`EATERS`), in cell order, the only ones the end of
    the seat's turn may starve or find digesting a meal.

    A seat's cards stand where they are from one of its decisions to the next, while
    which of them are ready changes at nearly every step: :func:`scan_seat` starts from
    this and takes out only the exhausted cards. Never changed once made (scans share its lists).
    """

    __slots__ = ("actors", "cap", "eaters")

    def __init__(self, cap: list[int], actors: list[int], eaters: list[int]) -> None:
        self.cap = cap
        self.actors = actors
        self.eaters = eaters


class Layout:
    """Where the cards lie on one grid, whatever their state (ready, fed): what a
    decision's scan (:func:`scan_seat`) reads for every seat. Never changed once made
    (scans share its lists).

    Attributes:
        cells: the occupied cells, in cell order.
        by_level: the cells of the living cards and HOMEs (level 0), by level (indexed as
            :class:`Scan` says), in cell order.
        domains: the domain bits of every living card on the grid.
        tiles: the cells of the Detritus tiles.
        owned: the cells of each seat's living cards and HOME, by seat, in cell order: a
            seat's scan reads only these.
        parasitoids: the cells of the living cards carrying a parasitoid, in cell order:
            the only cards of a seat whose turn neither ends nor starts that a change of
            turn touches.
        standing: each seat's :class:`Standing`, worked out when a scan first asks
            (``None`` until then); a card tucked under a host can change its owner's.
        near: the cells next to a living card of some domains, by the domain bits, as
            :meth:`Scan.near` finds them.
        frontier: the empty cells, in order, where a card may go, by its connection and the
            domains it may not touch (``key * 128 + clash``), as the legal plays find them;
            a chemoautotroph's depend on the seat, whose decomposers it grows from, and are
            kept by seat (``key``: :data:`_CHEMO_SEAT_KEY` plus the seat).
        neighbours: the grid's neighbours of each cell (its :class:`Grid`'s).
    ``near`` and ``frontier`` are filled as the scans of the grids sharing the layout ask:
    one seat's turn ends and the next one's begins on the same layout, and a turn's
    payments and abilities mostly leave it as it was. A play that brings no new domain
    hands the frontier on to the next layout (:func:`_frontier_plus`): only the cells
    around the card can open or close.
    """

    __slots__ = (
        "by_level",
        "cells",
        "domains",
        "frontier",
        "near",
        "neighbours",
        "owned",
        "parasitoids",
        "standing",
        "tiles",
    )

    def __init__(
        self,
        cells: list[int],
        by_level: list[list[int]],
        domains: int,
        tiles: list[int],
        owned: list[list[int]],
        parasitoids: list[int],
        standing: list[Standing | None],
        neighbours: tuple[tuple[int, ...], ...],
    ) -> None:
        self.cells = cells
        self.by_level = by_level
        self.domains = domains
        self.tiles = tiles
        self.owned = owned
        self.parasitoids = parasitoids
        self.standing = standing
        self.neighbours = neighbours
        self.near: dict[int, set[int]] = {}
        self.frontier: dict[int, list[int]] = {}

    def stand(self, g: tuple[Slot | None, ...], seat: int) -> Standing:
        """``seat``'s :class:`Standing` on the grid ``g`` (of this layout), kept."""
        cap = [0, 0, 0, 0, 0, 0, 0]
        actors: list[int] = []
        eaters: list[int] = []
        facts = _SCAN_FACTS
        for i in self.owned[seat]:
            s = g[i]
            assert s is not None
            lv, _, acts = facts[s.kind]
            if lv:
                cap[lv] += _weight(s) if s.mutualist else 1
            if acts:
                actors.append(i)
            if s.kind in EATERS:
                eaters.append(i)
        out = self.standing[seat] = Standing(cap, actors, eaters)
        return out

    def plus(self, g: tuple[Slot | None, ...], cell: int, card: str, owner: int) -> Layout:
        """This layout made the layout of the grid ``g``, where ``owner``'s living card
        ``card`` was put in ``cell`` (empty, or a Detritus tile); the lists that do not
        change are shared. A card just played carries nothing: it pays one icon of its
        level, and no parasitoid rides it."""
        lv, bit, acts = _SCAN_FACTS[card]
        cells, tiles = self.cells, self.tiles
        if cell in tiles:
            tiles = [i for i in tiles if i != cell]
        else:
            cells = cells.copy()
            insort(cells, cell)
        by_level = self.by_level.copy()
        same_level = by_level[lv] = by_level[lv].copy()
        insort(same_level, cell)
        owned = self.owned.copy()
        mine = owned[owner] = owned[owner].copy()
        insort(mine, cell)
        # A list of its own even when the owner's standing is not known yet: stand() fills
        # an entry in place, and the owner's differs from one grid to the other.
        standing = self.standing.copy()
        was = standing[owner]
        if was is not None:
            cap, actors, eaters = was.cap, was.actors, was.eaters
            if lv:
                cap = cap.copy()
                cap[lv] += 1
            if acts:
                actors = actors.copy()
                insort(actors, cell)
            if card in EATERS:
                eaters = eaters.copy()
                insort(eaters, cell)
            standing[owner] = Standing(cap, actors, eaters)
        out = Layout(
            cells,
            by_level,
            self.domains | bit,
            tiles,
            owned,
            self.parasitoids,
            standing,
            self.neighbours,
        )
        if self.frontier and not bit & ~self.domains:
            # no new domain: every connection and clash asked of this layout is asked
            # alike of the next one, and only the cells around the card can change
            out.frontier = _frontier_plus(self.frontier, g, self.neighbours, cell, lv, bit, owner)
        return out

    def tucked(self, old: Slot, new: Slot, cell: int) -> Layout:
        """This layout made the layout of the grid where the host in ``cell`` went from
        ``old`` to ``new``: a parasite or mutualist tucked under it (or a parasite eaten).
        Every card keeps its place, so the lists and what was found from them are
        shared; only the host's icons and whether a parasitoid rides it may change."""
        standing = self.standing
        if _weight(old) != _weight(new):
            # the host's owner stands otherwise now: a list of its own (stand() fills an
            # entry in place), even while that standing is not known yet
            standing = standing.copy()
            known = standing[old.owner]
            if known is not None:
                cap = known.cap.copy()
                cap[_SCAN_FACTS[new.kind][0]] += _weight(new) - _weight(old)
                standing[old.owner] = Standing(cap, known.actors, known.eaters)
        parasitoids = self.parasitoids
        if (cell in parasitoids) != _carries_parasitoid(new):
            parasitoids = [i for i in parasitoids if i != cell]
            if _carries_parasitoid(new):
                insort(parasitoids, cell)
        out = Layout(
            self.cells,
            self.by_level,
            self.domains,
            self.tiles,
            self.owned,
            parasitoids,
            standing,
            self.neighbours,
        )
        out.near = self.near
        out.frontier = self.frontier
        return out

    def changed(
        self, old: tuple[Slot | None, ...], new: tuple[Slot | None, ...], where: Sequence[int]
    ) -> Layout:
        """This layout (of the grid ``old``) made the layout of ``new``, which differs from
        ``old`` only in the cells ``where``: what each of those held is taken out, what it
        holds now put in. A living card gone takes its domain out only if no other card
        of the grid has it, so the cards are read then until one of that domain is found;
        the standing of a seat whose cards changed is worked out again when asked."""
        cells, tiles = self.cells.copy(), self.tiles.copy()
        by_level, owned = self.by_level.copy(), self.owned.copy()
        parasitoids = [i for i in self.parasitoids if i not in where]
        standing = self.standing.copy()
        copied: set[int] = set()  # the lists of by_level and owned copied so far
        domains = self.domains
        gone = 0  # the domain bits of the living cards taken out
        for cell in where:
            was, now = old[cell], new[cell]
            if was is not None:
                cells.remove(cell)
                if was.tile:
                    tiles.remove(cell)
                else:
                    lv = _SCAN_FACTS[was.kind][0]
                    same_level = by_level[lv]
                    if id(same_level) not in copied:
                        same_level = by_level[lv] = same_level.copy()
                        copied.add(id(same_level))
                    same_level.remove(cell)
                    mine = owned[was.owner]
                    if id(mine) not in copied:
                        mine = owned[was.owner] = mine.copy()
                        copied.add(id(mine))
                    mine.remove(cell)
                    standing[was.owner] = None
                    gone |= _DOMAIN_BIT[was.kind]
            if now is not None:
                insort(cells, cell)
                if now.tile:
                    insort(tiles, cell)
                else:
                    lv, bit, _ = _SCAN_FACTS[now.kind]
                    same_level = by_level[lv]
                    if id(same_level) not in copied:
                        same_level = by_level[lv] = same_level.copy()
                        copied.add(id(same_level))
                    insort(same_level, cell)
                    mine = owned[now.owner]
                    if id(mine) not in copied:
                        mine = owned[now.owner] = mine.copy()
                        copied.add(id(mine))
                    insort(mine, cell)
                    standing[now.owner] = None
                    domains |= bit
                    if _carries_parasitoid(now):
                        insort(parasitoids, cell)
        if gone:
            domains = (domains & ~gone) | _domains_among(new, by_level, gone)
        return Layout(
            cells,
            by_level,
            domains,
            tiles,
            owned,
            parasitoids,
            standing,
            self.neighbours,
        )


def _domains_among(g: tuple[Slot | None, ...], by_level: list[list[int]], domains: int) -> int:
    """Which of the domain bits ``domains`` a living card of the grid ``g`` has (``by_level``:
    its cards by level): the cards are read only until each is found (most are common)."""
    found = 0
    for cells in by_level:
        for i in cells:
            found |= _DOMAIN_BIT[g[i].kind] & domains  # type: ignore[union-attr]
        if found == domains:
            break
    return found


def _weight(s: Slot) -> int:
    """How many cost icons the living card ``s`` pays: two with a ``double`` mutualist."""
    m = s.mutualist
    return 2 if m and kind_of(m) in _DOUBLE else 1


def _carries_parasitoid(s: Slot) -> bool:
    """Whether a parasitoid (a parasite that kills its host) rides the living card ``s``."""
    p = s.parasite
    return bool(p) and kind_of(p) in _PARASITOID


def _frontier_plus(
    frontier: dict[int, list[int]],
    g: tuple[Slot | None, ...],
    neighbours: tuple[tuple[int, ...], ...],
    cell: int,
    level: int,
    bit: int,
    owner: int,
) -> dict[int, list[int]]:
    """The frontier lists (by connection and clash, as :attr:`Layout.frontier` keeps them)
    of the grid ``g``, where ``owner``'s living card of ``level`` and domain ``bit`` was put
    in ``cell`` (empty or a tile before), from those of the grid before: the cell is taken;
    the empty cells around it are open now to what connects to the card, unless a card
    they may not touch is next to them. A list the card blocks is left to be found again."""
    out: dict[int, list[int]] = {}
    for fkey, before in frontier.items():
        clash = fkey & 127
        if clash & bit:
            continue  # the card's neighbours are closed to this list now: found when asked
        spots = before
        if cell in spots:
            spots = spots.copy()
            spots.remove(cell)
        key = fkey >> 7
        if (
            key == level
            or (key == _PHOTO_KEY and level == 1)
            or (level < 0 and key - _CHEMO_SEAT_KEY == owner)  # the owner's decomposer
        ):  # the card connects it
            for n in neighbours[cell]:
                if g[n] is not None or n in spots:
                    continue
                if clash and _touches(g, neighbours[n], clash):
                    continue
                if spots is before:  # the list of the layout before: changed in a copy
                    spots = spots.copy()
                insort(spots, n)
        out[fkey] = spots
    return out


def _touches(g: tuple[Slot | None, ...], cells: tuple[int, ...], domains: int) -> bool:
    """Whether a living card of one of the domain bits ``domains`` lies in ``cells``."""
    for i in cells:
        s = g[i]
        if s is not None and not s.tile and _DOMAIN_BIT[s.kind] & domains:
            return True
    return False


# The layouts of the last grids scanned or made from them, by the grid's id, each with its
# grid (which keeps the id its own): (grid, layout, cell, card) is the grid whose layout is
# ``layout`` with ``card`` put in ``cell`` (-1: none), worked out if a scan asks. Paying
# for a card and the start of a turn change no card's place, a card played adds one, and a
# death, a decomposition, a scavenge or a metamorphosis changes one or two cells: the rules
# hand the layout on (same_layout, layout_plus, layout_changed), so the next decision's
# scan reads only the seat's own ready cards.
_LAYOUTS: Final[dict[int, tuple[tuple[Slot | None, ...], Layout, int, str]]] = {}
_GRIDS_KEPT: Final = 4


def _keep_layout(g: tuple[Slot | None, ...], layout: Layout, cell: int, card: str) -> None:
    if len(_LAYOUTS) >= _GRIDS_KEPT:
        _LAYOUTS.clear()
    _LAYOUTS[id(g)] = (g, layout, cell, card)


def forget_layouts() -> None:
    """Forget every layout kept: the next scan of each grid reads it whole."""
    _LAYOUTS.clear()


def layout_of(g: tuple[Slot | None, ...]) -> Layout | None:
    """The layout of the grid ``g`` if it is known, else ``None``."""
    known = _LAYOUTS.get(id(g))
    if known is None or known[0] is not g:
        return None
    layout = known[1]
    if known[2] >= 0:
        cell = known[2]
        layout = layout.plus(g, cell, known[3], g[cell].owner)  # type: ignore[union-attr]
        _LAYOUTS[id(g)] = (g, layout, -1, "")  # in the entry's place: none more kept
    return layout


def grid_layout(g: tuple[Slot | None, ...], grid: Grid) -> Layout:
    """The layout of the grid ``g`` (of the size ``grid``): known, or read whole once."""
    layout = layout_of(g)
    if layout is None:
        seats = len(grid.homes)  # a HOME per seat
        by_level: list[list[int]] = [[], [], [], [], [], [], []]
        owned: list[list[int]] = [[] for _ in range(seats)]
        tiles: list[int] = []
        parasitoids: list[int] = []
        domains = 0
        cells = list(compress(CELLS, g))
        full: tuple[Slot, ...] = g  # type: ignore[assignment] # read only where occupied
        for i in cells:
            s = full[i]
            if s.tile:
                tiles.append(i)
                continue
            lv, bit, _ = _SCAN_FACTS[s.kind]
            by_level[lv].append(i)
            domains |= bit
            owned[s.owner].append(i)
            if s.parasite and _carries_parasitoid(s):
                parasitoids.append(i)
        layout = Layout(
            cells,
            by_level,
            domains,
            tiles,
            owned,
            parasitoids,
            [None] * seats,
            grid.neighbours,
        )
        _keep_layout(g, layout, -1, "")
    return layout


def same_layout(new: tuple[Slot | None, ...], old: tuple[Slot | None, ...]) -> None:
    """Tell the scans that the grid ``new`` holds its cards where ``old`` does (only their
    state changed: exhausted, readied, fed)."""
    known = _LAYOUTS.get(id(old))
    if known is not None and known[0] is old:
        _keep_layout(new, known[1], known[2], known[3])


def layout_plus(
    new: tuple[Slot | None, ...], old: tuple[Slot | None, ...], cell: int, card: str
) -> None:
    """Tell the scans that the grid ``new`` is ``old`` with the living card ``card`` put in
    ``cell`` (empty or a Detritus tile in ``old``; every other cell as it was)."""
    known = _LAYOUTS.get(id(old))
    if known is not None and known[0] is old and known[2] < 0:
        _keep_layout(new, known[1], cell, card)


def layout_tucked(new: tuple[Slot | None, ...], old: tuple[Slot | None, ...], cell: int) -> None:
    """Tell the scans that the grid ``new`` is ``old`` with a parasite or mutualist tucked
    under the host in ``cell`` (or a parasite eaten there): every card keeps its place."""
    layout = layout_of(old)
    if layout is not None:
        was, now = old[cell], new[cell]
        assert was is not None
        assert now is not None
        _keep_layout(new, layout.tucked(was, now, cell), -1, "")


def layout_changed(
    new: tuple[Slot | None, ...], old: tuple[Slot | None, ...], where: Sequence[int]
) -> None:
    """Tell the scans that the grid ``new`` is ``old`` with only the cells ``where``
    changed (a card died, a tile was emptied or taken from, a card grew into another)."""
    layout = layout_of(old)
    if layout is not None:
        _keep_layout(new, layout.changed(old, new, where), -1, "")


def scan_seat(
    g: tuple[Slot | None, ...], grid: Grid, seat: int
) -> tuple[Layout, list[int], list[int]]:
    """One look at ``seat``'s cards on the grid ``g``, shared by the legal-move searches
    of a decision: the grid's :class:`Layout`, how many cost icons of each level the
    seat's ready cards can pay (by level), and the cells of its ready cards that have an
    ability (in cell order).

    Where the grid's layout is known (handed on by the rules from the grid it was made
    from), only the seat's cards are read, and of each only whether it is ready; else the
    grid is read whole once, for every seat. The lists returned may be those of the
    seat's :class:`Standing`: read only.
    """
    full: tuple[Slot, ...] = g  # type: ignore[assignment] # read only where occupied
    layout = layout_of(g) or grid_layout(g, grid)  # known, mostly: one call
    standing = layout.standing[seat]
    if standing is None:
        standing = layout.stand(full, seat)
    cap, actors = standing.cap, standing.actors
    # what the seat's cards could do were they all ready, less what the exhausted
    # ones cannot: only a card's readiness is read, the rest of it only when exhausted
    tired = False
    for i in layout.owned[seat]:
        if not full[i].ready:
            s = full[i]
            lv, _, acts = _SCAN_FACTS[s.kind]
            if not tired:  # the standing's lists are shared: changed in copies
                cap, actors, tired = cap.copy(), actors.copy(), True
            if lv:
                cap[lv] -= _weight(s) if s.mutualist else 1
            if acts:
                actors.remove(i)
    return layout, cap, actors


class Scan:
    """What the frontier searches read of a grid's :class:`Layout` for one seat, made
    only when a decision must search (a connection's open cells not listed yet, a tile
    next to a card a saprotroph may not touch).

    The cards are listed by level in a list indexed by the level itself: seven lists cover
    the levels 0 to 4 from the front and -1 and -2 from the back, as Python's negative
    indices count them. What few decisions need (the cells by domain, the player's
    decomposers) is found when asked, from these lists.

    Attributes:
        cells: the occupied cells, in cell order.
        by_level: the cells of the living cards and HOMEs (level 0), by level, in cell order.
        domains: the domain bits of every living card on the grid: a card none of them
            forbids passes the Domain rule anywhere, without a look at each cell.
        tiles: the cells of the Detritus tiles.
        frontier: the layout's open cells by connection and clash (:attr:`Layout.frontier`).
        seat: the seat the scan is for.
    """

    __slots__ = (
        "_grid",
        "_near",
        "around",
        "by_level",
        "cells",
        "domains",
        "frontier",
        "seat",
        "tiles",
    )

    def __init__(self, layout: Layout, g: tuple[Slot | None, ...], grid: Grid, seat: int) -> None:
        self.cells = layout.cells
        self.by_level = layout.by_level
        self.domains = layout.domains
        self.tiles = layout.tiles
        self.around = grid.around
        self._grid: tuple[Slot, ...] = g  # type: ignore[assignment] # read only where occupied
        self.seat = seat
        self._near = layout.near
        self.frontier = layout.frontier

    def empty_around(self, sources: list[int]) -> set[int]:
        """The empty cells next to any of the cells ``sources``."""
        # a plain loop: a map() over the table's __getitem__ costs more, a call through
        # the method's wrapper for every source
        out: set[int] = set()
        around = self.around
        for i in sources:
            out |= around[i]
        out.difference_update(self.cells)
        return out

    def near(self, domains: int) -> set[int]:
        """The cells next to a living card of one of the domain bits ``domains``."""
        out = self._near.get(domains)
        if out is None:
            out = self._near[domains] = set()
            g, around = self._grid, self.around
            for cells in self.by_level[1:]:  # the living cards: every level but the HOMEs'
                for i in cells:
                    if _DOMAIN_BIT[g[i].kind] & domains:
                        out.update(around[i])
        return out

    def own_decomposers(self) -> list[int]:
        """The cells of the seat's ``-1S`` and ``-2D`` cards (chemoautotrophs grow from them)."""
        g, seat = self._grid, self.seat
        return [i for i in self.by_level[-1] + self.by_level[-2] if g[i].owner == seat]


def play_cells(
    d: BioData,
    grid: Grid,
    seat: int,
    hand: Sequence[str],
    chemo_home: bool,
    layout: Layout,
    cap: list[int],
) -> list[tuple[str, list[int]]]:
    """The card ids ``seat`` may play from the instances ``hand`` (sorted), in order, each
    with the cells it may go to, in order (never none): the legal plays by card, counted
    by a random playout's pick without making a play of each.

    Only the frontier is searched: the empty cells next to a card, the tiles (for
    saprotrophs) and the living hosts (for parasites and mutualists). This is the hot path
    of every playout, so it reads the precomputed tables below rather than the records;
    ``layout`` and ``cap`` are what :func:`scan_seat` found for ``seat``. The lists of
    cells may be the layout's own: read only.
    """
    frontier, domains = layout.frontier, layout.domains
    scan: Scan | None = None  # made if a search is needed
    spots: dict[int, set[int]] = {}  # connection key -> the empty cells next to its anchors
    out: list[tuple[str, list[int]]] = []
    # a sorted hand holds each card id's instances side by side (``#`` sorts before every
    # character of an id), so one pass reads each card id once, with neither set nor sort;
    # one look-up per instance gives all its card id's facts (compared by the id: the
    # compiled build copies a tuple of fixed length out of the table, so no identity holds)
    last = ""
    met = _FACTS_MET  # a local: read for every card in hand
    for inst in hand:
        try:
            facts = met[inst]
        except KeyError:  # an instance not met before
            facts = _facts_of(inst)
        c, need, role, fkey, clash = facts
        if c == last:
            continue
        last = c
        for lv, n in need:
            if cap[lv] < n:
                break  # the ready cards cannot pay for it
        else:
            if role == _PLACER:
                # the open cells the layout has listed already, else found (and kept)
                cells = frontier.get(fkey + (domains & clash))
                if cells is None:
                    if scan is None:
                        scan = Scan(layout, d.grid, grid, seat)
                    cells = _empty_cells_for(scan, _KINDS[c], chemo_home, spots)
            elif role == _SAPROTROPH:
                cells = layout.tiles
                if domains & clash:
                    if scan is None:
                        scan = Scan(layout, d.grid, grid, seat)
                    cells = _tiles_for(scan, _KINDS[c])
            elif role == _CHEMO:  # as a placer's, kept by seat
                cells = frontier.get(fkey + seat * 128 + (domains & clash))
                if cells is None:
                    if scan is None:
                        scan = Scan(layout, d.grid, grid, seat)
                    cells = _empty_cells_for(scan, _KINDS[c], chemo_home, spots)
            else:
                cells = _hosts_for(d.grid, layout.cells, _KINDS[c])
            if cells:
                out.append((c, cells))
    return out


def play_rows(grid: Grid) -> dict[str, tuple[Play, ...]]:
    """The rows of plays of ``grid`` made so far, by card id (:func:`play_row` makes one)."""
    rows = _PLAYS.get(grid)
    if rows is None:
        rows = _PLAYS[grid] = {}
    return rows


def play_row(grid: Grid, card: str) -> tuple[Play, ...]:
    """The plays of ``card`` on ``grid``, one per cell, in cell order: made once, shared."""
    rows = play_rows(grid)
    row = rows.get(card)
    if row is None:
        row = rows[card] = tuple(Play(card, name) for name in grid.names)
    return row


# Actions are frozen, so each play (card id, cell) of a grid is made once and shared by every
# position that offers it, rather than built again at every step: a row of plays of each
# card, by cell.
_PLAYS: Final[dict[Grid, dict[str, tuple[Play, ...]]]] = {}


def _empty_cells_for(
    scan: Scan, k: Kind, chemo_home: bool, spots: dict[int, set[int]]
) -> list[int]:
    """The empty cells, in order, where ``k`` may be played (neither a saprotroph nor an
    attachment).

    A card can only go next to what it connects to (the Trophic rule), so its candidate cells
    are the empty neighbours of its food (or of a HOME, a producer or its player's
    decomposers), kept in ``spots`` for the other cards of the same connection; those next to
    a card of a domain it may not touch are left out.
    """
    key = _KEY[k.id]
    clash = scan.domains & ~COMPAT_MASK[k.domain]
    # the same wherever the layout is met (a chemoautotroph's: for the same seat)
    fkey = (key if key != _CHEMO_KEY else _CHEMO_SEAT_KEY + scan.seat) * 128 + clash
    known = scan.frontier.get(fkey)
    if known is None:
        known = scan.frontier[fkey] = _frontier(scan, key, clash, chemo_home, spots)
    return known


def _frontier(
    scan: Scan, key: int, clash: int, chemo_home: bool, spots: dict[int, set[int]]
) -> list[int]:
    """The empty cells, in order, next to what connection ``key`` connects to and next to
    no living card of the domain bits ``clash``."""
    candidates = spots.get(key)
    if candidates is None:
        by_level = scan.by_level
        if key == _PHOTO_KEY:  # a HOME (level 0) or a producer
            sources = by_level[0] + by_level[1]
        elif key == _CHEMO_KEY:
            homes = by_level[0] if chemo_home else []
            sources = homes + scan.own_decomposers()
        else:
            sources = by_level[key]
        candidates = spots[key] = scan.empty_around(sources)
    if clash and candidates:
        return sorted(candidates.difference(scan.near(clash)))
    return sorted(candidates)


def _tiles_for(scan: Scan, k: Kind) -> list[int]:
    """The Detritus tiles, in order, onto which the saprotroph ``k`` may be played."""
    clash = scan.domains & ~COMPAT_MASK[k.domain]
    if not clash:
        return scan.tiles
    blocked = scan.near(clash)
    return [i for i in scan.tiles if i not in blocked]


def _hosts_for(g: tuple[Slot | None, ...], cells: list[int], k: Kind) -> list[int]:
    """The living hosts, in order, under which the parasite or mutualist ``k`` may go
    (``cells``: the occupied cells, in order, as :attr:`Layout.cells` lists them).

    The hosts whose kind ``k`` may live on are known by card id (:data:`_HOST_KINDS`);
    only a host already carrying a parasite or mutualist is asked what it carries."""
    out: list[int] = []
    kinds = _HOST_KINDS[k.id]
    for i in cells:
        here: Slot = g[i]  # type: ignore[assignment] # an occupied cell
        if here.kind in kinds and not here.tile:
            if (here.parasite or here.mutualist) and _carry_problem(k, here) is not None:
                continue
            out.append(i)
    return out


# Precomputed per card id for the hot path.
_LEVEL: Final[dict[str, int]] = {c: k.level for c, k in _KINDS.items()}
# How a card connects: to its food level, or (the keys below) as a producer.
_PHOTO_KEY: Final = 10
_CHEMO_KEY: Final = 11
# The frontier key of seat 0's chemoautotrophs (:attr:`Layout.frontier`); seat 1's is the
# next one, and so on.
_CHEMO_SEAT_KEY: Final = 12
_KEY: Final[dict[str, int]] = {
    c: _PHOTO_KEY
    if k.trophic is Trophic.PHOTO
    else _CHEMO_KEY
    if k.trophic is Trophic.CHEMO
    else k.food
    for c, k in _KINDS.items()
}
_DOUBLE: Final[frozenset[str]] = frozenset(c for c, k in _KINDS.items() if k.effect == "double")
_PARASITOID: Final[frozenset[str]] = frozenset(
    c for c, k in _KINDS.items() if k.effect == "parasitoid"
)
# HOMEs are neutral: no domain bit
_DOMAIN_BIT: Final[dict[str, int]] = {
    c: 0 if k.trophic is Trophic.HOME else 1 << k.domain for c, k in _KINDS.items()
}
# What a scan reads of each card: its level, its domain bit, whether it has an ability.
_SCAN_FACTS: Final[dict[str, tuple[int, int, bool]]] = {
    c: (_LEVEL[c], _DOMAIN_BIT[c], bool(k.ability)) for c, k in _KINDS.items()
}


def _eaters() -> frozenset[str]:
    """The card ids that may eat: the consumers, the cards that hunt or scavenge (which
    are fed when they do), and the adults a juvenile among them grows into (an adult keeps
    the juvenile's meal)."""
    out = {c for c, k in _KINDS.items() if k.is_consumer or k.ability in ("hunt", "scavenge")}
    while grown := {k.adult for c, k in _KINDS.items() if c in out and k.adult} - out:
        out |= grown
    return frozenset(out)


# The card ids whose cards may starve or digest a meal (``fed``): no other card ever does.
EATERS: Final = _eaters()
# How a card is played: into an empty cell (a chemoautotroph's depending on the seat),
# onto a tile, or under a host.
_PLACER: Final = 0
_ATTACHMENT: Final = 1
_SAPROTROPH: Final = 2
_CHEMO: Final = 3
_ROLE: Final[dict[str, int]] = {
    c: _ATTACHMENT
    if k.is_attachment
    else _SAPROTROPH
    if k.trophic is Trophic.SAPROTROPH
    else _CHEMO
    if k.trophic is Trophic.CHEMO
    else _PLACER
    for c, k in _KINDS.items()
}
# A card's own part of its frontier key (``key * 128``; a chemoautotroph's is seat 0's, the
# seat's added when asked) and the domain bits it may not touch.
_FRONTIER_KEY: Final[dict[str, int]] = {
    c: (key if key != _CHEMO_KEY else _CHEMO_SEAT_KEY) * 128 for c, key in _KEY.items()
}
_CLASH_MASK: Final[dict[str, int]] = {c: ~COMPAT_MASK[k.domain] & 127 for c, k in _KINDS.items()}

# What the legal plays read of a card id, in one tuple shared by all its instances: the id,
# its cost as (level, icons) pairs, its role, its own part of its frontier key and the
# domain bits it may not touch.
_PlayFacts = tuple[str, tuple[tuple[int, int], ...], int, int, int]
_PLAY_FACTS: Final[dict[str, _PlayFacts]] = {
    c: (c, tuple(Counter(k.cost).items()), _ROLE[c], _FRONTIER_KEY[c], _CLASH_MASK[c])
    for c, k in _KINDS.items()
}
# The facts of every instance met so far, by instance id (a few hundred fixed strings, as
# :data:`~ecotone.games.biomasters.instances.KINDS_MET` keeps their card ids).
_FACTS_MET: Final[dict[str, _PlayFacts]] = {}


def _facts_of(instance: str) -> _PlayFacts:
    """The :data:`_PLAY_FACTS` of ``instance``'s card id, remembered for the instance."""
    facts = _FACTS_MET[instance] = _PLAY_FACTS[kind_of(instance)]
    return facts


def host_problem(k: Kind, host: Kind, slot: Slot) -> str | None:
    """Why ``k`` (a parasite or mutualist) cannot be tucked under ``slot``, or ``None``."""
    problem = _kind_problem(k, host)
    if problem is None and (slot.parasite or slot.mutualist):
        problem = _carry_problem(k, slot)
    return problem


def _kind_problem(k: Kind, host: Kind) -> str | None:
    """Why ``k`` (a parasite or mutualist) can never live on a ``host``, or ``None``."""
    if k.hosts.isdisjoint(host.tags):
        wanted = ", ".join(sorted(k.hosts))
        return (
            f"a {k.card.name} lives only on a host that is a {wanted}; the {host.card.name} is not"
        )
    if not (COMPAT_MASK[k.domain] >> host.domain) & 1:
        return (
            f"the Domain rule: a {k.domain.title} {k.card.name} cannot live on a "
            f"{host.domain.title} host"
        )
    return None


def _carry_problem(k: Kind, slot: Slot) -> str | None:
    """Why ``k`` (a parasite or mutualist) cannot be tucked under ``slot`` for what the
    host carries already, or ``None`` (never a problem for a host carrying nothing)."""
    name = _KINDS[slot.kind].card.name
    if k.trophic is Trophic.PARASITE:
        if slot.parasite:
            return f"the {name} already carries a parasite"
        if slot.mutualist and _KINDS[kind_of(slot.mutualist)].effect == "clean":
            return f"the {name} is kept clean of parasites by its cleaner"
    elif slot.mutualist:
        return f"the {name} already has a mutualist"
    return None


# The card ids of the living cards each parasite or mutualist may live on, by its id: every
# kind but the HOMEs' (level 0) that passes _kind_problem.
_HOST_KINDS: Final[dict[str, frozenset[str]]] = {
    c: frozenset(
        h for h, host in _KINDS.items() if host.level != 0 and _kind_problem(k, host) is None
    )
    for c, k in _KINDS.items()
    if k.is_attachment
}
