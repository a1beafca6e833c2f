"""The turn cycle, rescue turns and the end of the game.

Rules doc sections: §A turn, §Incompatible cards and the rescue turn, §The end.

* A turn: the player picks up 1 card (2 with Scientific Insight in front of them), then
  takes 3 actions; *pass* ends the turn early.
* Cards that no longer trace back to an autotroph are INCOMPATIBLE. A player who has such
  cards when a turn ends gets their next turn as a *rescue turn*; at its end their cards
  still INCOMPATIBLE are discarded, again and again until none is (a discard can strand
  another card, e.g. a plant whose only neighbour it was). Newly stranded cards of the
  other player give that player a rescue turn of their own.
* A player who is to miss a turn (Beagle Runs Ashore, Rough Seas) skips it entirely.
* The end: the player who picks up the last card of a pick-up pile finishes their turn, the
  opponent plays one last turn, and the game ends, unless an event was played during that
  last turn: then the other player gets one extra turn, and so on.
"""

from __future__ import annotations

from typing import Final

from ecotone.core.tuples import put, replace, seat_name
from ecotone.games.phylo.cards import DrawBonus, cards
from ecotone.games.phylo.compatibility import trouble_on
from ecotone.games.phylo.state import ACTIONS_PER_TURN, Phase, PhyloData
from ecotone.games.phylo.zones import describe_slot, log, picked_up, remove_cell, remove_under

__all__ = [
    "begin_turn",
    "discard_incompatible",
    "finish_turn",
    "recheck",
    "rescue_due",
    "trouble",
]


def draws_per_turn(d: PhyloData, seat: int) -> int:
    """1, plus the bonus of the Scientific Insight cards in front of ``seat``."""
    n = 1
    for card in d.in_play[seat]:
        effect = cards().events[card].effect
        if isinstance(effect, DrawBonus):
            n += effect.draws - 1
    return n


def begin_turn(d: PhyloData) -> PhyloData:
    """Start ``d.turn``'s turn: pick up, then 3 actions (a rescue turn if one is due)."""
    return _begin(d, d.turn, d.final, d.rescue_due)


def _begin(d: PhyloData, seat: int, final: int, due: tuple[bool, ...]) -> PhyloData:
    """:func:`begin_turn` for ``seat``, with ``final`` the turns still to play and ``due``
    the seats whose next turn is a rescue turn (:func:`rescue_due`): the turn handed on,
    begun and its pick-up made in one copy of the record."""
    # (draws_per_turn asked only with an event in front of the seat: a call fewer a turn)
    draws = draws_per_turn(d, seat) if d.in_play[seat] else 1
    piles, hands, final, log_ = picked_up(d, seat, draws, final, d.hands, d.log)
    return replace(
        d,
        turn=seat,
        final=final,
        phase=_ACT,
        actions_left=ACTIONS_PER_TURN,
        rescue_due=due,
        rescuing=due[seat],
        moved=(),
        events_this_turn=0,
        piles=piles,
        hands=hands,
        log=log_,
    )


def trouble(d: PhyloData, seat: int) -> list[tuple[int, bool]]:
    """``seat``'s INCOMPATIBLE cards as ``(cell, beneath)`` pairs."""
    cells = d.cells()
    return [
        (c, beneath)
        for c, beneath in trouble_on(d.board)
        if (cells[c].under_owner if beneath else cells[c].owner) == seat
    ]


def discard_incompatible(d: PhyloData, seat: int) -> PhyloData:
    """Discard ``seat``'s INCOMPATIBLE cards, repeatedly, until none is left."""
    while bad := trouble(d, seat):
        for c, beneath in bad:
            slot = d.cells().get(c)
            if slot is None or (beneath and slot.under is None):
                continue  # gone with its host already
            what = describe_slot(slot, beneath)
            d = remove_under(d, c) if beneath else remove_cell(d, c)
            d = log(d, f"{what} was INCOMPATIBLE and is discarded")
    return d


def recheck(d: PhyloData) -> PhyloData:
    """Whose next turn is a rescue turn: every seat with INCOMPATIBLE cards now."""
    due = rescue_due(d)
    return d if d.rescue_due == due else replace(d, rescue_due=due)


def rescue_due(d: PhyloData) -> tuple[bool, ...]:
    """The ``rescue_due`` of :func:`recheck` (for a step changing other fields too: the
    end of a turn, with the start of the next)."""
    trouble = trouble_on(d.board)
    if not trouble:  # (most turns)
        return _NONE_DUE
    cells = d.cells()
    due = [False, False]
    for c, beneath in trouble:
        due[cells[c].under_owner if beneath else cells[c].owner] = True
    return tuple(due)


_NONE_DUE: Final = (False, False)


def finish_turn(d: PhyloData) -> PhyloData:
    """End ``d.turn``'s turn: rescue discards, then the next turn or the end of the game."""
    if d.rescuing:
        d = discard_incompatible(d, d.turn)
    return _advance(d, rescue_due(d), evented=d.events_this_turn > 0)


def _advance(d: PhyloData, due: tuple[bool, ...], *, evented: bool) -> PhyloData:
    """Hand the turn on, with ``due`` the seats whose next turn is a rescue turn (set in
    the same copy of the record as the next turn's start)."""
    final = d.final
    if final > 0:
        final -= 1
    elif final == 0:
        if not evented:
            d = replace(d, phase=_OVER, rescuing=False, rescue_due=due)
            return log(d, "the game is over")
        d = log(d, f"an event was played: {seat_name(1 - d.turn)} gets one extra turn to react")
    nxt = 1 - d.turn
    if d.skips[nxt] > 0:
        d = replace(
            d, final=final, turn=nxt, events_this_turn=0, moved=(), rescuing=False, rescue_due=due
        )
        skips = put(d.skips, nxt, d.skips[nxt] - 1)
        d = log(replace(d, skips=skips), f"{seat_name(nxt)} misses this turn")
        return _advance(d, due, evented=False)
    return _begin(d, nxt, final, due)


# The phases read once (reading an enum member through its class costs a call).
_ACT: Final = Phase.ACT
_OVER: Final = Phase.OVER
