"""What is being decided now, in a sentence for one player's eyes (rules doc §Set-up, §A turn).

The player to decide reads an instruction ("Give one of your cards to another player, who
must place it at once."); everyone else reads who decides and what ("P2 gives one of their
cards to another player, who must place it at once."). Every word comes from public facts:
the step, whose turn it is, who places a gift, how many draws are left.
"""

from __future__ import annotations

from ecotone.core.tuples import seat_name
from ecotone.games.forest.state import HAND_SIZE, ForestData, Phase

__all__ = ["phase"]


def phase(d: ForestData, seat: int | None, players: int) -> str | None:
    """The decision awaited, for ``seat`` (``None``: a spectator); ``None`` once the game
    is over."""
    step = d.phase
    if step is Phase.OVER:
        return None
    me = d.turn == seat
    who = seat_name(d.turn)
    if step is Phase.DEAL:
        if players == 1:
            deal = f", one at a time, until {'you hold' if me else 'they hold'} {HAND_SIZE}"
        else:
            deal = f"; players take one card each in turn until everyone holds {HAND_SIZE}"
        if me:
            return f"Take the top card of a pile of your choice{deal}."
        return f"{who} takes the top card of a pile of their choice{deal}."
    if step is Phase.PLACE:
        if me:
            return "Place one of your cards in your forest, at its own level."
        return f"{who} places one of their cards in their forest."
    if step is Phase.GIVE:
        if players == 1:
            if me:
                return "Give one of your cards to the Neighbouring Forest."
            return f"{who} gives one of their cards to the Neighbouring Forest."
        if me:
            return "Give one of your cards to another player, who must place it at once."
        return f"{who} gives one of their cards to another player, who must place it at once."
    if step is Phase.RECEIVE:
        assert d.receiver is not None
        if d.receiver == seat:
            return f"Place the card {who} gave you in your forest, at once."
        to = seat_name(d.receiver)
        if me:
            return f"{to} places the card you gave them in their forest."
        return f"{to} places the card {who} gave them in their forest."
    assert step is Phase.DRAW
    if d.draws_left == 1:
        if me:
            return "Draw a card from the pile of your choice."
        return f"{who} draws a card from the pile of their choice."
    if me:
        return f"Draw {d.draws_left} cards from the piles of your choice, one at a time."
    return f"{who} draws {d.draws_left} cards from the piles of their choice, one at a time."
