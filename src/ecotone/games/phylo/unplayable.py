"""The cards of a hand that cannot be played now, and why (``Game.unplayable``).

A card is playable when a legal action plays it: on its turn, a species into a cell or an
event (on a species, or on none); when an event has just been played against the player,
a card that cancels it. Dropping or discarding a card is not playing it.

For every other card the reason is the game's own refusal (:func:`.rules.refusal`) of the
*nearest* way to play it: each way is asked, and the refusal that gets furthest through
the rules wins (a pollinator missing, or no neighbour compatible, tells more than a cell
next to nothing). :data:`_NEAREST` orders the codes from the first rules a play can break
to the last.

A cell is named only where it matters. When the nearest ways are refused for a rule that
holds at every cell tried, the general fact is told instead of one cell's refusal: a
species compatible nowhere hears what each card it could stand beside has against it
(:func:`.refusals.why_fits_nowhere`; on an empty table, the map board's rule alone), an
event with no species to strike that the table holds none. Any other refusal that names
a cell (a host that already holds a parasite) tells the first in the table's order.
"""

from __future__ import annotations

from typing import Final

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.games.phylo import rules
from ecotone.games.phylo.actions import Cancel, Play, PlayEvent, PlayLeaving
from ecotone.games.phylo.board import CELL_INDEX, CELL_NAMES, NEXT_TO_MAP, OFF_MAP_NEIGHBOURS
from ecotone.games.phylo.cards import cards
from ecotone.games.phylo.events import why_no_target
from ecotone.games.phylo.refusals import PhyloRefusal as R
from ecotone.games.phylo.refusals import why_fits_nowhere
from ecotone.games.phylo.state import Phase, PhyloData, instance

__all__ = ["unplayable"]

# From the first rules a play can break to the last: a refusal further down tells more.
_NEAREST: Final = (
    R.NEEDS_CELL,
    R.TAKES_NO_TARGET,
    R.NEEDS_TARGET,
    R.CANNOT_LEAVE,
    R.MAP_BOARD,
    R.NOT_ADJACENT,
    R.CELL_TAKEN,
    R.NEEDS_HOST,
    R.NO_TARGET,
    R.NOT_SIMILAR,
    R.NOT_A_HOST,
    R.CELL_FULL,
    R.BAD_TARGET,
    R.INCOMPATIBLE,
    R.NEEDS_POLLINATOR,
    R.NOTHING_TO_RECOVER,
    R.ONCE_PER_GAME,
    R.START_OF_TURN_ONLY,
    R.REACTION_ONLY,
    R.CANNOT_CANCEL,
)
_RANK: Final = {code.value: i for i, code in enumerate(_NEAREST)}


def unplayable(d: PhyloData, seat: int) -> dict[str, str]:
    """``seat``'s hand cards that no legal action plays now, by the name its observation
    gives them, each with the refusal of its nearest play; empty unless ``seat`` is to
    play cards (its turn's actions, or answering an event)."""
    reacting = d.phase is Phase.REACT and seat == 1 - d.turn
    if not reacting and not (d.phase is Phase.ACT and seat == d.turn):
        return {}
    played = {
        a.card
        for a in rules.legal(d, seat)
        if isinstance(a, Cancel if reacting else Play | PlayLeaving | PlayEvent)
    }
    out: dict[str, str] = {}
    for card in d.hands[seat]:
        if card in played:
            continue
        ways: list[Action] = [Cancel(card)] if reacting else _plays(d, card)
        out[instance(card, seat, d.decks)] = _told(d, card, _nearest(d, seat, ways))
    return out


def _plays(d: PhyloData, card: str) -> list[Action]:
    """The ways worth asking about to play ``card``: a species into every cell where a
    card might go (the taken cells and the empty ones beside a card or the map board);
    an event on no species, and on every card on the table."""
    cells = d.cells()
    if card in cards().species:
        around = {n for c in cells for n in OFF_MAP_NEIGHBOURS[c]} | NEXT_TO_MAP
        spots = sorted(set(cells) | around)
        return [Play(card, CELL_NAMES[c]) for c in spots]
    # with nothing on the table, one empty cell stands for them all
    spots = sorted(cells) or [min(NEXT_TO_MAP)]
    return [PlayEvent(card), *(Play(card, CELL_NAMES[c]) for c in spots)]


def _nearest(d: PhyloData, seat: int, ways: list[Action]) -> list[tuple[Action, IllegalAction]]:
    """The ways that get furthest through the rules, in their order, each with its
    refusal (all of one code)."""
    best = -2
    nearest: list[tuple[Action, IllegalAction]] = []
    for action in ways:
        refused = rules.refusal(d, seat, action)
        assert refused is not None, f"{action} is legal, yet not offered"
        rank = _RANK.get(refused.code, -1)
        if rank > best:
            best, nearest = rank, []
        if rank == best:
            nearest.append((action, refused))
    return nearest


def _told(d: PhyloData, card: str, nearest: list[tuple[Action, IllegalAction]]) -> str:
    """What the refusals of the nearest ways to play ``card`` tell (the module docstring):
    the general fact where their rule holds at every cell tried, else the first one."""
    refused = nearest[0][1]
    if refused.code == R.INCOMPATIBLE:
        tried = [CELL_INDEX[a.cell] for a, _ in nearest if isinstance(a, Play)]
        return why_fits_nowhere(cards().species[card], tried, d.cells())
    if refused.code == R.NO_TARGET:
        return why_no_target(cards().events[card])
    return refused.message
