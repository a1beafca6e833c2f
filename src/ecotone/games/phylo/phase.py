"""What is being decided now, in a sentence for one player's eyes (rules doc §A turn,
§Events, §Reactions, §Optional rule: call your bluff).

The player to decide reads an instruction ("Take an action, 2 of 3 left: ..."); the other
player and spectators read who decides and what. Every word comes from public facts: the
step, whose turn it is, the event being played, the species it threatens, the placement
that may be challenged, and whether a throw is in (never which).
"""

from __future__ import annotations

from typing import Final

from ecotone.core.tuples import seat_name
from ecotone.games.phylo.board import cell_name
from ecotone.games.phylo.cards import name
from ecotone.games.phylo.state import ACTIONS_PER_TURN, Phase, PhyloData

__all__ = ["phase"]

_ACTIONS: Final = "play a card, drop one and pick up three, move a species, or pass"


def phase(d: PhyloData, seat: int | None) -> str | None:
    """The decision awaited, for ``seat`` (``None``: a spectator); ``None`` once the game
    is over."""
    step = d.phase
    if step is Phase.OVER:
        return None
    if step is Phase.ACT:
        return _act(d, seat)
    if step is Phase.CONTEST:
        return _contest(d, seat)
    mover = d.turn
    event = name(d.pending.card) if d.pending is not None else ""
    if step is Phase.REACT:
        victim = 1 - mover
        if seat == victim:
            return (
                f"{seat_name(mover)} played {event}: cancel it with a card that negates it, "
                "or allow it."
            )
        whose = "your" if seat == mover else f"{seat_name(mover)}'s"
        return (
            f"{seat_name(victim)} may cancel {whose} {event} with a card that negates it, "
            "or allow it."
        )
    if step is Phase.SPREAD:
        where = cell_name(d.spread_at)
        if seat == mover:
            return (
                f"Climate Change has reached {where}: choose the species next to it that it "
                "spreads to, or stop it."
            )
        return (
            f"Climate Change has reached {where}: {seat_name(mover)} chooses the species "
            "next to it that it spreads to, or stops it."
        )
    if step is Phase.SEASICK:
        victim = 1 - mover
        cards = "a card" if d.owed == 1 else f"{d.owed} cards"
        pace = "" if d.owed == 1 else ", one at a time"
        if seat == victim:
            return f"Discard {cards} from your hand{pace} ({event})."
        return f"{seat_name(victim)} discards {cards} from their hand{pace} ({event})."
    if step is Phase.RECOVER:
        if seat == mover:
            return f"Take a species card back from your discard pile into your hand ({event})."
        return f"{seat_name(mover)} takes a species card back from their discard pile ({event})."
    if step is Phase.CHALLENGE:
        return _challenge(d, seat)
    assert step is Phase.REMOVE
    if seat == d.remover:
        return "You won the challenge: remove any card from the table, or none."
    return f"{seat_name(d.remover)} won the challenge and may remove any card from the table."


def _act(d: PhyloData, seat: int | None) -> str:
    left = f"{d.actions_left} of {ACTIONS_PER_TURN} left"
    notes = []
    if d.final == 0:
        notes.append("the last turn")
    if d.rescuing:
        notes.append(
            "a rescue turn: INCOMPATIBLE cards still on the table at its end are discarded"
        )
    note = f" ({'; '.join(notes)})" if notes else ""
    if seat == d.turn:
        return f"Take an action, {left}: {_ACTIONS}{note}."
    return f"{seat_name(d.turn)} takes the actions of their turn, {left}{note}."


def _contest(d: PhyloData, seat: int | None) -> str:
    assert d.pending is not None
    player = d.pending.player
    slot = d.cells()[d.spread_at]
    target = f"{name(slot.card)} at {cell_name(d.spread_at)}"
    stake = f"if {seat_name(player)} wins, Climate Change discards {target} and spreads on"
    if seat is None:
        return f"Both players throw rock, paper or scissors at once: {stake}."
    if d.throws[seat]:
        return f"Your throw is in; waiting for {seat_name(1 - seat)}'s: {stake}."
    if seat == player:
        stake = f"if you win, Climate Change discards {target} and spreads on"
    else:
        stake = f"if you win, Climate Change stops before {target}"
    return f"Throw rock, paper or scissors; {seat_name(1 - seat)} throws at the same time: {stake}."


def _challenge(d: PhyloData, seat: int | None) -> str:
    slot = d.cells()[d.placed]
    card = slot.under if d.placed_under else slot.card
    assert card is not None
    where = f"{name(card)} {'under' if d.placed_under else 'at'} {cell_name(d.placed)}"
    placer, challenger = d.turn, 1 - d.turn
    if seat == challenger:
        return f"Call the bluff of {seat_name(placer)}'s {where}, or allow it."
    whose = "your" if seat == placer else f"{seat_name(placer)}'s"
    return f"{seat_name(challenger)} may call the bluff of {whose} {where}, or allow it."
