"""Playing a species card into a cell (rules doc §Playing a species, §Keywords).

:func:`species_problem` is the rule: the first condition that playing a species at a cell
breaks, or ``None``. The refusal asks it about one play. The legal actions work the rule
out for many cells at once where that is the bulk of the work: a species can only be
compatible in an empty cell next to a card it may stand beside (the relation tables of
:mod:`ecotone.games.phylo.compatibility`), or next to the map board for a plant, so the
empty cells of a whole hand are found in one walk of the table (:func:`ordinary_cells`,
:func:`species_cells`), and carried from one decision to the next while the board stays
or grows by a card (:func:`ordinary_spots`); the rules a card has of its own (a pollinator
to wait for, a host to lie beneath, a similar species to replace) are asked of the checks
themselves.
``tests/games/phylo/test_refusals.py`` checks on random tables that both agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from typing import Final

from ecotone.games.phylo.actions import Play
from ecotone.games.phylo.board import (
    CELL_NAMES,
    MAP_CELLS,
    NEIGHBOURS,
    NEXT_TO_MAP,
    OFF_MAP_NEIGHBOURS,
)
from ecotone.games.phylo.cards import Species, cards, name
from ecotone.games.phylo.compatibility import fits, pollinated, tables
from ecotone.games.phylo.refusals import PhyloRefusal, Problem, pair_reason, why_not_fits
from ecotone.games.phylo.state import PhyloData, Slot, Table

__all__ = [
    "Spots",
    "around",
    "ordinary_cells",
    "ordinary_spots",
    "species_cells",
    "species_problem",
]

Spots = tuple[AbstractSet[int] | list[int], list[Play] | None]
"""Where an ordinary species may be played: its cells, as a set, or ascending once the
legal list asked for them, and then its play into each, in the same order, once made
(:func:`ordinary_spots`)."""


def species_problem(
    d: PhyloData, cells: Mapping[int, Slot], card: str, cell: int
) -> Problem | None:
    """Why species ``card`` may not be played at ``cell`` now, or ``None`` if it may.

    ``cells`` is ``d``'s table (:meth:`PhyloData.cells`), passed in so that one table serves
    many questions. In order: the map board is no cell; a PARASITIC card goes beneath a
    host it feeds on that has no parasite yet; an INVASIVE card may replace a similar
    species (same diet and scale); any other card goes into an empty cell next to a card or
    the map board; a plant needing a pollinator waits for a POLLINATOR on the table; and
    the card must be compatible there (:func:`~ecotone.games.phylo.compatibility.fits`).
    """
    if cell in MAP_CELLS:
        return Problem(
            PhyloRefusal.MAP_BOARD, lambda: f"{CELL_NAMES[cell]} is part of the map board"
        )
    slot = cells.get(cell)
    if card in _T.parasites:
        return _host_problem(card, cell, slot)
    if slot is not None:
        return _invasion_problem(d, cells, card, cell, slot)
    if fits(card, cell, cells):
        return _pollinator_problem(d, card)
    # a compatible card always has a neighbour: only a refused one may have none
    if cell not in NEXT_TO_MAP and not any(n in cells for n in NEIGHBOURS[cell]):
        return Problem(
            PhyloRefusal.NOT_ADJACENT,
            lambda: f"{CELL_NAMES[cell]} is not next to any card or the map board",
        )
    return _pollinator_problem(d, card) or _incompatible(cells, card, cell)


def _host_problem(card: str, cell: int, slot: Slot | None) -> Problem | None:
    """A PARASITIC card lies beneath a species it feeds on, one parasite to a host."""
    if slot is None or slot.card not in _T.species:
        return Problem(
            PhyloRefusal.NEEDS_HOST,
            lambda: (
                f"{_sp(card).name} is PARASITIC: play it beneath a "
                f"{' or '.join(_sp(card).hosts)} species"
            ),
        )
    if slot.under is not None:
        return Problem(
            PhyloRefusal.CELL_FULL,
            lambda: f"{CELL_NAMES[cell]} already holds a parasite (at most 2 cards a cell)",
        )
    host = slot.card
    if host not in _T.links[card]:
        return Problem(
            PhyloRefusal.NOT_A_HOST,
            lambda: (
                f"{_sp(host).name} cannot host {_sp(card).name}: "
                f"{pair_reason(_sp(card), _sp(host))}"
            ),
        )
    return None


def _invasion_problem(
    d: PhyloData, cells: Mapping[int, Slot], card: str, cell: int, slot: Slot
) -> Problem | None:
    """A taken cell takes only an INVASIVE card, on top of a similar species."""
    similar = _T.invasive.get(card)
    if similar is None:
        return Problem(
            PhyloRefusal.CELL_TAKEN, lambda: f"{CELL_NAMES[cell]} is taken by {name(slot.card)}"
        )
    if slot.card not in similar:
        return Problem(
            PhyloRefusal.NOT_SIMILAR,
            lambda: (
                f"INVASIVE {_sp(card).name} may only be played on top of a "
                f"{_sp(card).diet.value} species of scale {_sp(card).scale}, "
                f"not on {name(slot.card)}"
            ),
        )
    # the card it replaces is in ``cell`` itself, so it is no neighbour to fit with
    if fits(card, cell, cells):
        return _pollinator_problem(d, card)
    return _pollinator_problem(d, card) or _incompatible(cells, card, cell)


def _pollinator_problem(d: PhyloData, card: str) -> Problem | None:
    """Some plants may be played only while a POLLINATOR is on the table."""
    if _waits(d, card):
        return Problem(
            PhyloRefusal.NEEDS_POLLINATOR,
            lambda: f"{_sp(card).name} needs a POLLINATOR on the table first",
        )
    return None


def _waits(d: PhyloData, card: str) -> bool:
    """Whether ``card`` is a plant that waits for a POLLINATOR on the table."""
    return card in _T.needs_pollinator and not pollinated(d.board)


def _incompatible(cells: Mapping[int, Slot], card: str, cell: int) -> Problem:
    return Problem(PhyloRefusal.INCOMPATIBLE, lambda: why_not_fits(_sp(card), cell, cells))


def _sp(card: str) -> Species:
    return cards().species[card]


# -- where each card may go ---------------------------------------------------------------


def around(cells: Mapping[int, Slot]) -> dict[str, set[int]]:
    """For each card id on the table, the empty cells next to it (not the map board)."""
    out: dict[str, set[int]] = {}
    for c, slot in cells.items():
        spots = out.get(slot.card)
        if spots is None:
            out[slot.card] = set(OFF_MAP_NEIGHBOURS[c])
        else:
            spots.update(OFF_MAP_NEIGHBOURS[c])
    for spots in out.values():
        spots.difference_update(cells)
    return out


def species_cells(
    d: PhyloData,
    card: str,
    cells: Mapping[int, Slot],
    near: Mapping[str, set[int]] | None = None,
) -> list[int]:
    """Where species ``card`` may be played now, in the order the legal actions list them:
    the empty cells ascending, then the cards it may lie on or beneath.

    The empty cells are found as :func:`ordinary_cells` finds them (the empty neighbours of
    the cards it may stand beside, and of the map board for a plant); the cells a PARASITIC
    or INVASIVE card would share with another card are asked of :func:`species_problem`,
    in the order of ``cells``: ``d``'s table (:meth:`PhyloData.cells`), which holds the
    board's cells in cell order. ``near``, :func:`around` of ``cells``, saves work when
    several cards are placed on one table; without it the table's cards are walked directly.
    """
    # a rule of the card, whatever the cell (_pollinator_problem); _waits asked only of
    # the plants it concerns, a call fewer for every other species
    if card in _T.needs_pollinator and _waits(d, card):
        return []
    t = _T
    if card in t.parasites:
        links = t.links[card]
        hosts: list[int] = []
        for c, slot in cells.items():  # in cell order, as a board's table holds it
            if slot.card in links and species_problem(d, cells, card, c) is None:
                hosts.append(c)
        return hosts
    found: set[int] = set(NEXT_TO_MAP) if card in t.plants else set()
    friends = t.beside[card]
    if near is None:
        for c, slot in cells.items():
            if slot.card in friends:
                found.update(OFF_MAP_NEIGHBOURS[c])
    else:
        for other in friends.intersection(near):
            found |= near[other]
    out = sorted(found.difference(cells))  # (a set less a dict: see ordinary_cells)
    similar = t.invasive.get(card)
    if similar:
        for c, slot in cells.items():  # in cell order, as a board's table holds it
            if slot.card in similar and species_problem(d, cells, card, c) is None:
                out.append(c)
    return out


def ordinary_cells(cells: Mapping[int, Slot], hand: Iterable[str]) -> dict[str, list[int]]:
    """Where each *ordinary* species of ``hand`` may be played, ascending: one with no
    placement rule of its own (not PARASITIC, INVASIVE or waiting for a pollinator), which
    goes into an empty cell where it is compatible (a card of the hand no card on the table
    may stand beside is left out; one whose cells are all taken has none). Every other
    species is placed by :func:`species_cells`.

    This is :func:`species_problem` for many cells and cards at once, and the fast path of
    the legal actions: the table is walked once, each card on it handing its neighbours off
    the map board to the cards of the hand that may stand beside it
    (:attr:`~ecotone.games.phylo.compatibility.Tables.friends`, the inverse of the relation
    :func:`~ecotone.games.phylo.compatibility.fits` reads), and a plant also takes the cells
    beside the map board; the taken cells are struck out once per card at the end.
    ``tests/games/phylo/test_refusals.py`` checks on random tables that both say the same.
    """
    ordinary = _ORDINARY.intersection(hand)
    if not ordinary:
        return {}
    near = _near(cells, ordinary)
    # (a set less a dict walks the set and asks the dict: no frame, no list)
    out: dict[str, list[int]] = {}
    for card, spots in near.items():
        out[card] = sorted(spots.difference(cells))
    return out


def ordinary_spots(on: Table, hand: Iterable[str]) -> dict[str, Spots]:
    """:func:`ordinary_cells` on the board of ``on`` (its :class:`Table`): for every
    ordinary species of ``hand``, its cells (a set; empty where it has none), or once
    listed, its cells ascending with its :class:`~ecotone.games.phylo.actions.Play` into
    each (:data:`Spots`; the mapping is shared, and the sets and lists: read only, but for
    an entry's list and plays, which the legal actions make when they first list the card
    on this board and enter here).

    A species' cells are a fact of the board alone, and a turn's decisions follow one
    another on boards that change little: a drop leaves the board as it was, a play puts
    one card more on it. So the cells and plays found for the board listed last are kept
    (that one board only): asked of it again, a card met there takes them from there;
    asked of that board with one card more, it takes them from there too, the cell now
    taken struck out and, when the card may stand beside the new card, the card's cells
    found again with that card's empty neighbours. Only the cards met nowhere before are
    worked out afresh, in one walk of the table for them all. The plays are kept with the
    cells: most of a hand's plays are the same records from one decision to the next, and
    making them again was a good part of the legal actions. They are made only when the
    whole list is asked for (:func:`ecotone.games.phylo.rules.legal`): a random playout
    counts the cells and makes only the play it draws
    (:func:`ecotone.games.phylo.rules.pick`). For the same reason the cells are kept as a
    set, put in order only when listed: a set counts as well as a list, and a card's cells
    found again (a new card beside it, or a card met for the first time on this board)
    are then never sorted for a playout that draws another action.
    """
    missing = _ORDINARY.intersection(hand)
    last = _LISTED[0]
    if last is not None and last[0] is on:
        known = last[1]
        # (a set less a dict walks the set and asks the dict)
        missing = missing.difference(known)
    else:
        known = {}
        if last is not None and missing:
            missing = _carry(last[0], last[1], on, known, missing)
        _LISTED[0] = (on, known)
    if missing:
        cells = on.cells
        for card in missing:
            known[card] = _NOWHERE
        for card, near in _near(cells, missing).items():
            # (a set less a dict: see ordinary_cells; put in order only when listed)
            known[card] = near.difference(cells), None
    return known


def _near(cells: Mapping[int, Slot], ordinary: frozenset[str]) -> dict[str, set[int]]:
    """For each card of ``ordinary`` that may stand beside a card on the table (or, a
    plant, beside the map board), the cells next to those cards, taken or not."""
    near: dict[str, set[int]] = {}
    # (``a & b`` of two sets, not ``a.intersection(b)``: an operator, not a method call)
    for card in _PLANTS & ordinary:
        near[card] = set(NEXT_TO_MAP)
    friends_of = _FRIENDS
    for c, slot in cells.items():
        for card in ordinary & friends_of[slot.card]:
            spots = near.get(card)
            if spots is None:
                near[card] = set(OFF_MAP_NEIGHBOURS[c])
            else:
                spots.update(OFF_MAP_NEIGHBOURS[c])
    return near


def _carry(
    last: Table,
    prior: Mapping[str, Spots],
    on: Table,
    known: dict[str, Spots],
    missing: frozenset[str],
) -> frozenset[str]:
    """Where the cards of ``missing`` found in ``prior`` (their cells, and plays if made,
    on the board of ``last``) go on the board of ``on``, when that board is ``last``'s
    with one card more in a cell that was empty, each entered in ``known``; the cards
    still missing."""
    now = on.cells
    grew = on.grew
    if grew is not None and grew[0] is last.board:  # (the commonest case: a play)
        cell = grew[1]
    else:
        before = last.cells
        if len(now) != len(before) + 1 or not before.items() <= now.items():
            return missing
        (cell,) = now.keys() - before.keys()
    friends = _FRIENDS[now[cell].card]
    fresh: set[int] | None = None  # the new card's empty neighbours, once asked
    for card in missing:
        found = prior.get(card)
        if found is None:
            continue
        spots, plays = found
        if card in friends:
            if fresh is None:
                fresh = set(OFF_MAP_NEIGHBOURS[cell]).difference(now)
            more = fresh.union(spots)
            more.discard(cell)
            known[card] = more, None
        elif cell in spots:
            if isinstance(spots, list):  # listed: its plays, if made, lose theirs too
                # (copies less one item by slices: no frame, where a comprehension needs one)
                i = spots.index(cell)
                known[card] = (
                    spots[:i] + spots[i + 1 :],
                    None if plays is None else plays[:i] + plays[i + 1 :],
                )
            else:
                known[card] = spots - {cell}, None
        else:
            known[card] = found
    return missing.difference(known)


_T: Final = tables()
_ORDINARY: Final = _T.ordinary
_PLANTS: Final = _T.plants
# The species that may be placed next to each card of the pool (Tables.friends): none next
# to an event left on the table as URBAN terrain, listed too, so that the walk of the table
# needs no test for it.
_FRIENDS: Final[dict[str, frozenset[str]]] = {
    c: _T.friends.get(c, frozenset()) for c in cards().by_id
}
_NOWHERE: Final[Spots] = ([], [])  # (shared: read only)
# The table whose ordinary species were listed last and the cells and plays found there
# (ordinary_spots): the board a turn's next decision most often reads, or grew from. One
# board only: remembered for every board, the cells cost the cycle collector more than
# they saved.
_LISTED: Final[list[tuple[Table, dict[str, Spots]] | None]] = [None]
