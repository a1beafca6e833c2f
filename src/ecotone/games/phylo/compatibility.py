"""Compatibility: which cards may stand next to which, and which cards on the table are
INCOMPATIBLE.

Rules doc sections: §Compatibility, §Incompatible cards and the rescue turn.

A species needs **one** orthogonal neighbour meeting every condition at once: a shared
climate, a shared terrain, a matching locale (or a black border) and the food-chain rule
(:func:`ecotone.games.phylo.cards.links_to`). A photosynthetic FC1 card needs only a
neighbour sharing climate, terrain and locale, or the map board beside it (regardless of
its habitat). A PARASITIC card lies beneath a host it links to. The map board and the
URBAN card Habitat Loss may leave are no species: nothing links to them (``RULINGS.md``,
Phylo).

A card on the table is **supported** when it traces back to an autotroph: a photosynthetic
FC1 card is a source when it stands next to the map or to a species sharing its habitat;
any other card is supported when a neighbour it links to is supported; a parasite when its
host is supported and still its host. Unsupported cards are INCOMPATIBLE.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Final

from ecotone.games.phylo.board import MAP_CELLS, NEIGHBOURS, NEXT_TO_MAP
from ecotone.games.phylo.cards import Diet, Keyword, cards, environment_compatible, links_to
from ecotone.games.phylo.state import Slot, Table, table

__all__ = [
    "Tables",
    "fits",
    "frontier",
    "grown",
    "incompatible",
    "pollinated",
    "shrunk",
    "supported",
    "tables",
    "trouble_on",
]


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
        # (a frozenset, as declared: less a dict's keys, it would be a set)
        self.ordinary = self.species - self.parasites - frozenset(self.invasive)
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


_TABLES: Final = tables()
_PLANTS: Final = _TABLES.plants
_BESIDE: Final = _TABLES.beside
_LINKS: Final = _TABLES.links
_FRIENDS: Final = _TABLES.friends
_EATERS: Final = _TABLES.eaters
_NOTHING: Final[frozenset[str]] = frozenset()
_NO_TROUBLE: Final[list[tuple[int, bool]]] = []  # (shared: read only)


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
    species, links = _TABLES.species, _TABLES.links
    good = supported(cells)
    out: list[tuple[int, bool]] = []
    for c in sorted(cells):
        slot = cells[c]
        if slot.card in species and c not in good:
            out.append((c, False))
        if slot.under is not None and not (c in good and slot.card in links[slot.under]):
            out.append((c, True))
    return out


def trouble_on(board: tuple[Slot, ...]) -> list[tuple[int, bool]]:
    """:func:`incompatible` of the cards of ``board``, kept with the board (its
    :class:`~ecotone.games.phylo.state.Table`): the end of every turn and every view asks,
    and a board is often the same from one to the next. The list is shared: read only."""
    t = table(board)
    found = t.trouble
    if found is None:
        found = t.trouble = incompatible(t.cells)
    return found


def grown(before: Table, after: Table, cell: int, beneath: bool = False) -> None:
    """Tell the table ``after``, whose board is the board of ``before`` (its table) with one
    compatible card more at ``cell`` (a species played into an empty cell where it fits,
    or, with ``beneath``, a parasite beneath a host it feeds on), its INCOMPATIBLE cards
    when ``before``'s are known, without tracing ``after`` again at the end of the turn.

    A card added only adds support: every card that traced back still does. So when no
    card was INCOMPATIBLE none is (a plant fits beside the map or a species sharing its
    habitat, any other card beside a species it feeds on, which traces back); otherwise
    only the cards the new one reaches can change (:func:`_grown_trouble`).
    """
    known = before.trouble
    if known is None:
        if before.board:
            return
        known = _NO_TROUBLE  # the empty board
    if known:
        known = _grown_trouble(known, after.cells, cell, beneath)
    after.trouble = known  # (read only: shared by the boards with none)


def _grown_trouble(
    known: list[tuple[int, bool]], cells: Mapping[int, Slot], cell: int, beneath: bool
) -> list[tuple[int, bool]]:
    """The INCOMPATIBLE cards of ``cells`` after the card at ``cell`` was added (see
    :func:`grown`), from ``known``, those of the board before it.

    A parasite traces back when its host does. A species traces back when it is a source
    or feeds on a neighbour that traces back; it may also make a neighbouring plant a
    source (sharing its habitat), and support flows on from what traces back now, but
    only through cards that did not before: those are followed, as :func:`supported`
    follows them from every source.
    """
    if beneath:
        if (cell, False) not in known:  # the host traces back: so does its parasite
            return known
        more = list(known)
        insort(more, (cell, True))
        return more
    lost = {c for c, under in known if not under}  # the species that do not trace back
    card = cells[cell].card
    plant = card in _PLANTS
    links, habitat = _LINKS[card], _TABLES.habitat
    mates = habitat[card] if plant else _NOTHING  # the neighbours making it a source
    traced = plant and cell in NEXT_TO_MAP
    fresh: list[int] = []
    for n in NEIGHBOURS[cell]:
        slot = cells.get(n)
        if slot is None:
            continue
        other = slot.card
        if other in mates or (other in links and n not in lost):
            traced = True
        if n in lost and other in _PLANTS and card in habitat[other]:
            fresh.append(n)  # a plant the new card makes a source
    lost.difference_update(fresh)
    if traced:
        fresh.append(cell)
    else:
        lost.add(cell)
    while fresh:
        c = fresh.pop()
        who_eats = _EATERS.get(cells[c].card)
        if not who_eats:
            continue
        for n in NEIGHBOURS[c]:
            if n in lost and cells[n].card in who_eats:
                lost.discard(n)
                fresh.append(n)
    out: list[tuple[int, bool]] = []
    for c, under in known:
        if c in lost:
            out.append((c, under))  # still not traced back, or a parasite on such a host
        elif under:  # a parasite on a host that traces back: INCOMPATIBLE if not its food
            slot = cells[c]
            if slot.under is not None and slot.card not in _LINKS[slot.under]:
                out.append((c, under))
    if cell in lost:
        insort(out, (cell, False))
    return out


def shrunk(before: Table, after: tuple[Slot, ...], cell: int) -> None:
    """Tell the table of ``after``, which is the board of ``before`` (its table) without
    the card at ``cell`` and any parasite beneath it, its INCOMPATIBLE cards when
    ``before``'s are known and no card beside ``cell`` may have traced back through the
    card taken away.

    A card traced back through it when it fed on it while both traced back, or when it is
    a plant the card made a source (sharing its habitat) with nothing else making it one.
    When no neighbour did, every other card traces back as it did, and the cards at
    ``cell`` are simply gone (the rescue turn's discards, of cards that trace back to
    nothing, are mostly such); otherwise :func:`trouble_on` traces ``after`` again when
    asked.
    """
    known = before.trouble
    if known is None:
        return
    cells = before.cells
    card = cells[cell].card
    friends = _FRIENDS.get(card)  # (none for Habitat Loss left as URBAN)
    if friends:
        eaters = _EATERS[card] if (cell, False) not in known else _NOTHING
        habitat = _TABLES.habitat
        for n in NEIGHBOURS[cell]:
            slot = cells.get(n)
            if slot is None or slot.card not in friends:
                continue
            other = slot.card
            if other in eaters and (n, False) not in known:
                return  # it may have traced back through the card
            if other in _PLANTS and card in habitat[other] and not _source(cells, n, cell):
                return  # a plant the card made a source
    if known:
        known = [(c, under) for c, under in known if c != cell]
    table(after).trouble = known  # (read only: shared)


def _source(cells: Mapping[int, Slot], plant: int, leaving: int) -> bool:
    """Whether the plant at ``plant`` is a source without the card at ``leaving``: beside
    the map, or beside another species sharing its habitat (as :func:`supported` finds
    the sources)."""
    if plant in NEXT_TO_MAP:
        return True
    mates = _TABLES.habitat[cells[plant].card]
    for n in NEIGHBOURS[plant]:
        slot = cells.get(n)
        if slot is not None and n != leaving and slot.card in mates:
            return True
    return False


def pollinated(cells: Iterable[Slot]) -> bool:
    """Whether a POLLINATOR species is on the table (a card showing or beneath)."""
    pollinators = _TABLES.pollinators
    for s in cells:  # noqa: SIM110 (any() of a generator costs a frame more)
        if s.card in pollinators or s.under in pollinators:
            return True
    return False
