"""What is being decided now, in a sentence for one player's eyes (rules doc §A round,
§Migration, §Inter-species Competition, §Evolution, §End of the round).

The player to decide reads an instruction ("Choose your route: you rolled 4; ..."); the
others read who decides and what. In the secret steps (Migration, Competition) everyone
learns who is still choosing, which the table sees anyway, and never what anyone chose.
The player deciding may be told their own secrets (what they drew, what they may afford);
the others only what lies face up.
"""

from __future__ import annotations

from ecotone.core.tuples import seat_name
from ecotone.games.singapore.board import board, region_name
from ecotone.games.singapore.cards import cards
from ecotone.games.singapore.competition import OUT
from ecotone.games.singapore.endround import HAND_LIMIT, need
from ecotone.games.singapore.evolution import decks_allowed, draw_size, prices
from ecotone.games.singapore.state import Phase, SGData
from ecotone.games.singapore.view import SEQUENTIAL

__all__ = ["phase"]


def phase(d: SGData, seat: int | None) -> str | None:
    """The decision awaited, for ``seat`` (``None``: a spectator); ``None`` once the game
    is over (or before the first round)."""
    step = d.phase
    if step is Phase.MIGRATE:
        return _migrate(d, seat)
    if step is Phase.COMPETE:
        return _compete(d, seat)
    if step not in SEQUENTIAL:
        return None
    me = seat == d.turn
    who = seat_name(d.turn)
    if step is Phase.DRAW:
        if me:
            names = [cards().decks[k].name for k in decks_allowed(d, d.turn)]
            decks = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
            n = draw_size(d, d.turn)
            return (
                f"Evolution: draw {n} cards from the {decks} deck (you may play Action "
                "cards first)."
            )
        return f"Evolution: {who} draws their cards (after any Action cards)."
    if step is Phase.BUY:
        cost = prices(d, d.turn)
        if me:
            return (
                f"Evolution: buy Adaptations among the cards you drew, {cost}, or return the rest."
            )
        return (
            f"Evolution: {who} buys Adaptations among the cards they drew, {cost}, or returns "
            "the rest."
        )
    if step is Phase.ANCHOR:
        if me:
            return (
                "The Mangrove is destroyed: hold fast with your Anchorage set, or leave for "
                "the Ecotone."
            )
        return (
            f"The Mangrove is destroyed: {who} holds fast with their Anchorage set, or leaves "
            "for the Ecotone."
        )
    if step is Phase.RESTORE:
        if me:
            return "Recovery: offer a Recovery card to restore a destroyed habitat, or pass."
        return f"Recovery: {who} may offer a Recovery card to restore a destroyed habitat, or pass."
    if step is Phase.PLEDGE:
        habitat = region_name(d.proposal)
        if seat == d.proposer:
            by = "you offer"
        elif d.turn == d.proposer:
            by = "they offer"
        else:
            by = f"{seat_name(d.proposer)} offers"
        missing = f"{need(d)} more Food needed"
        if me:
            return f"Pledge Food for the Recovery of the {habitat} that {by} ({missing}), or 0."
        return f"{who} pledges Food for the Recovery of the {habitat} that {by} ({missing})."
    assert step is Phase.DISCARD
    if me:
        return f"You hold more than {HAND_LIMIT} cards: discard one (the hand limit)."
    return (
        f"{who} holds more than {HAND_LIMIT} cards and discards down to {HAND_LIMIT} (the "
        "hand limit)."
    )


def _still(d: SGData, seat: int | None) -> tuple[str, str]:
    """The seats still choosing other than ``seat`` (``P2, P4 and P5``), and the verb that
    goes with them (``choose``, or ``chooses`` for one)."""
    names = [seat_name(s) for s, c in enumerate(d.choices) if not c.final and s != seat]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return listed, "chooses" if len(names) == 1 else "choose"


def _choosing(d: SGData, seat: int | None) -> bool:
    return seat is not None and not d.choices[seat].final


def _alongside(d: SGData, seat: int) -> str:
    """``; P2 and P3 choose at the same time`` (nothing when ``seat`` is the last)."""
    if all(c.final for s, c in enumerate(d.choices) if s != seat):
        return ""
    listed, verb = _still(d, seat)
    return f"; {listed} {verb} at the same time"


def _migrate(d: SGData, seat: int | None) -> str:
    if _choosing(d, seat):
        assert seat is not None
        rolled = " and ".join(str(v) for v in d.players[seat].dice)
        return f"Migration: choose your route, in secret: you rolled {rolled}{_alongside(d, seat)}."
    head = "your route is chosen; " if seat is not None else ""
    listed, verb = _still(d, seat)
    return f"Migration: {head}waiting for {listed}, who {verb} a route in secret."


def _compete(d: SGData, seat: int | None) -> str:
    if _choosing(d, seat):
        assert seat is not None
        where = region_name(board().region(d.players[seat].tile))
        return (
            f"Competition in the {where}: choose your Survival Strategy, Cooperate or "
            f"Intimidate, in secret{_alongside(d, seat)}."
        )
    if seat is not None and d.choices[seat].final == OUT:
        head = "you have no contest this round; "
    elif seat is not None:
        head = "your Survival Strategy is chosen; "
    else:
        head = ""
    listed, verb = _still(d, seat)
    return f"Competition: {head}waiting for {listed}, who {verb} a Survival Strategy in secret."
