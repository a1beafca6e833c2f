"""The optional "call your bluff" rule (game option ``challenge``).

Rules doc section: §Optional rule: call your bluff.

Right after a player places a species (by playing or moving it), the opponent may
challenge the connection it makes. Photosynthetic FC1 cards connect by habitat alone,
which their card shows, so they are never challenged. The engine settles the challenge
from the species data instead of Wikipedia or the Encyclopedia of Life: the placement is
real when, for at least one neighbour the card feeds on by the rules (its host, for a
PARASITIC card), what the species really eats names that neighbour
(:func:`ecotone.games.phylo.cards.diet_evidence`). Where it really lives is already settled
by the locale rule. The winner may remove any card from the table "with immediate
consequences": every card that becomes INCOMPATIBLE because of the removal is discarded at
once, again and again until none is, without a rescue turn.
"""

from __future__ import annotations

from collections.abc import Mapping

from ecotone.core.actions import Action
from ecotone.core.tuples import replace, seat_name
from ecotone.games.phylo.actions import Done, Remove, RemoveUnder
from ecotone.games.phylo.board import CELL_NAMES, NEIGHBOURS
from ecotone.games.phylo.cards import cards, diet_evidence, name
from ecotone.games.phylo.compatibility import tables, trouble_on
from ecotone.games.phylo.events import resume
from ecotone.games.phylo.refusals import PhyloRefusal, Problem
from ecotone.games.phylo.state import Phase, PhyloData, Slot
from ecotone.games.phylo.zones import describe_slot, log, remove_cell, remove_under

__all__ = [
    "after_placement",
    "call_bluff",
    "challengeable",
    "remove",
    "remove_actions",
    "remove_problem",
    "verdict",
]


def challengeable(card: str) -> bool:
    """Whether a placement of ``card`` can be challenged (any but a photosynthetic FC1)."""
    return card not in tables().plants


def after_placement(d: PhyloData, cell: int, card: str, beneath: bool = False) -> PhyloData:
    """Open the challenge window after ``card`` was placed at ``cell`` (beneath the card
    there with ``beneath``), when the option is on."""
    if d.challenge_rule and challengeable(card):
        return replace(d, phase=Phase.CHALLENGE, placed=cell, placed_under=beneath)
    return resume(d)


def verdict(d: PhyloData, cell: int, beneath: bool) -> tuple[bool, str]:
    """Whether the placement at ``cell`` is real, and the evidence, in words."""
    cells = d.cells()
    slot = cells[cell]
    species = cards().species
    eater_id = slot.under if beneath else slot.card
    assert eater_id is not None
    eater = species[eater_id]
    links = tables().links[eater_id]
    if beneath:
        foods = [slot.card]
    else:
        foods = [cells[n].card for n in NEIGHBOURS[cell] if n in cells and cells[n].card in links]
    for food in foods:
        evidence = diet_evidence(eater, species[food])
        if evidence is not None:
            return True, f"{eater.name} really eats {evidence!r}, which names {name(food)}"
    shown = ", ".join(name(f) for f in foods) or "nothing next to it"
    return False, (f"{eater.name} really eats {'; '.join(eater.eats)}: none of it is {shown}")


def call_bluff(d: PhyloData) -> PhyloData:
    """The opponent challenges the placement in ``d.placed``; the engine settles it."""
    placer = d.turn
    real, evidence = verdict(d, d.placed, d.placed_under)
    winner = placer if real else 1 - placer
    what = describe_slot(d.cells()[d.placed], d.placed_under)
    outcome = "it is real" if real else "it is a bluff"
    challenger = seat_name(1 - placer)
    d = log(d, f"{challenger} challenged {what}: {outcome} ({evidence}); {seat_name(winner)} wins")
    return replace(d, phase=Phase.REMOVE, remover=winner, placed=-1, placed_under=False)


def remove_problem(cells: Mapping[int, Slot], cell: int, beneath: bool) -> Problem | None:
    """The winner removes a card on the table: the one in ``cell``, or the parasite
    beneath it (``beneath``)."""
    slot = cells.get(cell)
    if slot is None:
        return Problem(
            PhyloRefusal.EMPTY_CELL, lambda: f"there is no card at {CELL_NAMES[cell]} to remove"
        )
    if beneath and slot.under is None:
        return Problem(
            PhyloRefusal.NO_PARASITE, lambda: f"there is no parasite under {CELL_NAMES[cell]}"
        )
    return None


def remove_actions(d: PhyloData) -> list[Action]:
    """The winner's choices: any card on the table, or none."""
    cells = d.cells()
    out: list[Action] = []
    for c in sorted(cells):
        if remove_problem(cells, c, beneath=False) is None:
            out.append(Remove(CELL_NAMES[c]))
        if remove_problem(cells, c, beneath=True) is None:
            out.append(RemoveUnder(CELL_NAMES[c]))
    out.append(Done())
    return out


def _identities(d: PhyloData) -> set[tuple[str | None, int]]:
    cells = d.cells()
    out: set[tuple[str | None, int]] = set()
    for c, beneath in trouble_on(d.board):
        slot = cells[c]
        out.add((slot.under, slot.under_owner) if beneath else (slot.card, slot.owner))
    return out


def remove(d: PhyloData, cell: int | None, beneath: bool = False) -> PhyloData:
    """The winner removes a card (``cell=None``: none), with immediate consequences."""
    winner = d.remover
    d = replace(d, remover=-1)
    if cell is None:
        return resume(log(d, f"{seat_name(winner)} removes nothing"))
    before = _identities(d)
    what = describe_slot(d.cells()[cell], beneath)
    d = remove_under(d, cell) if beneath else remove_cell(d, cell)
    d = log(d, f"{seat_name(winner)} removed {what}")
    while True:
        cells = d.cells()
        fresh = []
        for c, under in trouble_on(d.board):
            slot = cells[c]
            ident = (slot.under, slot.under_owner) if under else (slot.card, slot.owner)
            if ident not in before:
                fresh.append((c, under))
        if not fresh:
            return resume(d)
        for c, under in fresh:
            slot_now = d.cells().get(c)
            if slot_now is None or (under and slot_now.under is None):
                continue
            text = describe_slot(slot_now, under)
            d = remove_under(d, c) if under else remove_cell(d, c)
            d = log(d, f"{text} lost its link and is discarded at once")
