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

:func:`plays` lists the legal plays fast, sharing :func:`host_problem` with
:func:`ecotone.games.biomasters.refusals.play_problem`, which says why a play is refused.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator

from ecotone.games.biomasters.board import COMPAT_MASK, Domain, Grid
from ecotone.games.biomasters.cards import Kind, Trophic, cards, level_name
from ecotone.games.biomasters.effects import occupied
from ecotone.games.biomasters.state import BioData, Slot, kind_of

__all__ = [
    "Scan",
    "affordable",
    "capacity",
    "cost_text",
    "host_problem",
    "is_live",
    "live_neighbours",
    "plays",
    "preferred_met",
]

_POOL = cards()
_KINDS = _POOL.kinds
_HOME_KINDS = frozenset(_POOL.homes)


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


class Scan:
    """One pass over the occupied cells, shared by the legal-move searches of a decision.

    Attributes:
        by_level: the cells of the living cards and HOMEs (level 0) by level, in cell order.
        own_decomposers: the cells of ``seat``'s ``-1S`` and ``-2D`` cards (chemoautotrophs
            grow from them).
        tiles: the cells of the Detritus tiles.
        cap: how many cost icons of each level ``seat``'s ready cards can pay.
        actors: the cells of ``seat``'s ready cards that have an ability, in cell order.
        domains: the domain bits of every living card on the grid: a card none of them
            forbids passes the Domain rule anywhere, without a look at each cell.
    """

    __slots__ = ("actors", "by_level", "cap", "domains", "own_decomposers", "tiles")

    def __init__(self, g: tuple[Slot | None, ...], seat: int) -> None:
        by_level: defaultdict[int, list[int]] = defaultdict(list)
        own_decomposers: list[int] = []
        tiles: list[int] = []
        cap: dict[int, int] = {}
        actors: list[int] = []
        domains = 0
        facts, double = _SCAN_FACTS, _DOUBLE  # locals: this loop is hot
        # the occupied cells with their slots, both in cell order
        for i, s in zip(occupied(g), filter(None, g), strict=True):
            if s.tile:
                tiles.append(i)
                continue
            card = s.kind
            lv, bit, acts = facts[card]
            by_level[lv].append(i)
            domains |= bit
            if s.owner == seat:
                if lv < 0:
                    own_decomposers.append(i)
                if s.ready:
                    if lv:
                        m = s.mutualist
                        cap[lv] = cap.get(lv, 0) + (2 if m and kind_of(m) in double else 1)
                    if acts:
                        actors.append(i)
        self.by_level: dict[int, list[int]] = by_level
        self.domains = domains
        self.own_decomposers = own_decomposers
        self.tiles = tiles
        self.cap = cap
        self.actors = actors


def plays(
    d: BioData,
    grid: Grid,
    seat: int,
    hand_kinds: list[str],
    chemo_home: bool,
    scan: Scan | None = None,
) -> list[tuple[str, int]]:
    """Every legal (card id, cell) play of ``seat`` for the card ids in ``hand_kinds``.

    Only the frontier is searched: the empty cells next to a card, the tiles (for
    saprotrophs) and the living hosts (for parasites and mutualists). This is the hot path
    of every playout, so it reads the precomputed tables below rather than the records;
    ``scan`` is the grid already scanned for ``seat`` (made here when not given).
    """
    if not hand_kinds:
        return []
    g = d.grid
    if scan is None:
        scan = Scan(g, seat)
    cap = scan.cap
    placers: list[Kind] = []
    saprotrophs: list[Kind] = []
    attachments: list[Kind] = []
    for c in hand_kinds:
        if any(cap.get(lv, 0) < n for lv, n in _NEED[c]):
            continue
        k = _KINDS[c]
        role = _ROLE[c]
        if role == _PLACER:
            placers.append(k)
        elif role == _ATTACHMENT:
            attachments.append(k)
        else:
            saprotrophs.append(k)
    out: list[tuple[str, int]] = []
    if placers:
        _into_empty_cells(g, grid.neighbours, scan, placers, chemo_home, out)
    if saprotrophs:
        for k in saprotrophs:
            if scan.domains & ~COMPAT_MASK[k.domain]:
                out.extend(
                    (k.id, i) for i in scan.tiles if not _mask(d, grid, i) & ~COMPAT_MASK[k.domain]
                )
            else:  # nothing on the grid clashes with it
                out.extend((k.id, i) for i in scan.tiles)
    if attachments:
        for lv, hosts in scan.by_level.items():
            if lv == 0:  # HOMEs host nothing
                continue
            for i in hosts:
                here = g[i]
                assert here is not None
                host = _KINDS[here.kind]
                for k in attachments:
                    if not k.hosts.isdisjoint(host.tags) and host_problem(k, host, here) is None:
                        out.append((k.id, i))
    return out


def _into_empty_cells(
    g: tuple[Slot | None, ...],
    neighbours: tuple[tuple[int, ...], ...],
    scan: Scan,
    placers: list[Kind],
    chemo_home: bool,
    out: list[tuple[str, int]],
) -> None:
    """Add the legal plays of ``placers`` into the empty cells next to a card.

    A card can only go next to what it connects to (the Trophic rule), so the candidate cells
    of each card are the empty neighbours of its food (or of a HOME, a producer or its
    player's decomposers); only those are checked against the Domain rule.
    """
    by_level = scan.by_level
    none: list[int] = []
    masks: dict[int, int] = {}  # cell -> the domain bits of the living cards around it
    spots: dict[int, set[int]] = {}  # connection key -> the empty cells next to its anchors
    for k in placers:
        key = _KEY[k.id]
        candidates = spots.get(key)
        if candidates is None:
            if key == _PHOTO_KEY:  # a HOME (level 0) or a producer
                sources = by_level.get(0, none) + by_level.get(1, none)
            elif key == _CHEMO_KEY:
                homes = by_level.get(0, none) if chemo_home else none
                sources = homes + scan.own_decomposers
            else:
                sources = by_level.get(key, none)
            candidates = spots[key] = {n for i in sources for n in neighbours[i] if g[n] is None}
        if not candidates:
            continue
        forbidden = ~COMPAT_MASK[k.domain]
        if not scan.domains & forbidden:  # nothing on the grid clashes with it
            out.extend((k.id, cell) for cell in candidates)
            continue
        for cell in candidates:
            mask = masks.get(cell)
            if mask is None:
                mask = 0
                for n in neighbours[cell]:
                    s = g[n]
                    if s is not None and not s.tile:
                        mask |= _DOMAIN_BIT[s.kind]
                masks[cell] = mask
            if not mask & forbidden:
                out.append((k.id, cell))


def _mask(d: BioData, grid: Grid, cell: int) -> int:
    mask = 0
    for _, s in live_neighbours(d, grid, cell):
        mask |= 1 << _KINDS[s.kind].domain
    return mask


# Precomputed per card id for the hot path.
_LEVEL: dict[str, int] = {c: k.level for c, k in _KINDS.items()}
# How a card connects: to its food level, or (the keys below) as a producer.
_PHOTO_KEY, _CHEMO_KEY = 10, 11
_KEY: dict[str, int] = {
    c: _PHOTO_KEY
    if k.trophic is Trophic.PHOTO
    else _CHEMO_KEY
    if k.trophic is Trophic.CHEMO
    else k.food
    for c, k in _KINDS.items()
}
# HOMEs are neutral: no domain bit
_DOMAIN_BIT: dict[str, int] = {
    c: 0 if k.trophic is Trophic.HOME else 1 << k.domain for c, k in _KINDS.items()
}
_DOUBLE: frozenset[str] = frozenset(c for c, k in _KINDS.items() if k.effect == "double")
# What a Scan reads of each card: its level, its domain bit, whether it has an ability.
_SCAN_FACTS: dict[str, tuple[int, int, bool]] = {
    c: (_LEVEL[c], _DOMAIN_BIT[c], bool(k.ability)) for c, k in _KINDS.items()
}
_PLACER, _ATTACHMENT, _SAPROTROPH = 0, 1, 2
_ROLE: dict[str, int] = {
    c: _ATTACHMENT
    if k.is_attachment
    else _SAPROTROPH
    if k.trophic is Trophic.SAPROTROPH
    else _PLACER
    for c, k in _KINDS.items()
}
_NEED: dict[str, tuple[tuple[int, int], ...]] = {
    c: tuple(Counter(k.cost).items()) for c, k in _KINDS.items()
}


def host_problem(k: Kind, host: Kind, slot: Slot) -> str | None:
    """Why ``k`` (a parasite or mutualist) cannot be tucked under ``slot``, or ``None``."""
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
    if k.trophic is Trophic.PARASITE:
        if slot.parasite:
            return f"the {host.card.name} already carries a parasite"
        if slot.mutualist and _KINDS[kind_of(slot.mutualist)].effect == "clean":
            return f"the {host.card.name} is kept clean of parasites by its cleaner"
    elif slot.mutualist:
        return f"the {host.card.name} already has a mutualist"
    return None


def domain_of(card_id: str) -> Domain:
    """A card's domain."""
    return _KINDS[card_id].domain
