"""What is being decided now, in a sentence for one player's eyes (rules doc §A turn,
§Abilities, §Ending your turn, §Disasters).

The player to decide reads an instruction ("Earn the Sun Bear: place tiles for its
habitat, then confirm, or withdraw."); the others read who decides and what. Every word
comes from public facts: the step, whose turn it is, the card being earned (everybody sees
which), the Disaster being resolved, who still answers. The cards a player marks for an
exchange are secret, and no sentence counts them.
"""

from __future__ import annotations

from typing import Final

from ecotone.core.tuples import listed, seat_name
from ecotone.games.biome.cards import cards
from ecotone.games.biome.config import HAND
from ecotone.games.biome.state import BiomeData, Phase

__all__ = ["phase"]


def phase(d: BiomeData, seat: int | None) -> str | None:
    """The decision awaited, for ``seat`` (``None``: a spectator); ``None`` once the game
    is over."""
    step = d.phase
    if step is Phase.OVER:
        return None
    if step is Phase.REACT:
        return _react(d, seat)
    if step is Phase.CLEARING or step is Phase.DROUGHT:
        return _disaster(d, seat)
    text = _MINE[step] if seat == d.turn else _THEIRS[step]
    name = cards().by_id[d.card].name if d.card is not None else ""
    return text.format(who=seat_name(d.turn), card=name, hand=HAND)


def _react(d: BiomeData, seat: int | None) -> str:
    who = seat_name(d.turn)
    if seat is not None and seat in d.waiting:
        others = [s for s in d.waiting if s != seat]
        verb = "answers" if len(others) == 1 else "answer"
        names = listed([seat_name(s) for s in others]) if others else ""
        rest = f"; {names} {verb} at the same time" if others else ""
        return (
            f"{who}'s turn begins: play an Opportunist to take a tile from another "
            f"player's supply, or pass{rest}."
        )
    waiting = listed([seat_name(s) for s in d.waiting])
    if seat == d.turn:
        has = "has" if len(d.waiting) == 1 else "have"
        return (
            f"Your turn begins once {waiting} {has} answered: each may play an "
            "Opportunist, or pass."
        )
    return f"{who}'s turn begins: waiting for {waiting}, who may play an Opportunist, or pass."


def _disaster(d: BiomeData, seat: int | None) -> str:
    clearing = d.phase is Phase.CLEARING
    title = "Palm-Oil Clearing" if clearing else "Drought"
    what = "one of {their} tiles to the perimeter" if clearing else "one of {their} cards"
    verb = ("return", "returns") if clearing else ("discard", "discards")
    now = d.waiting[0]
    after = d.waiting[1:]
    then = f"; then {listed([seat_name(s) for s in after])}" if after else ""
    if seat == now:
        return f"{title}: {verb[0]} {what.format(their='your')}{then}."
    return f"{title}: {seat_name(now)} {verb[1]} {what.format(their='their')}{then}."


# The sentence for the player whose turn it is, and for everyone else; ``{who}`` is that
# player, ``{card}`` the card being earned, ``{hand}`` the hand size.
_MINE: Final[dict[Phase, str]] = {
    Phase.EXCHANGE: "Phase 1: exchange cards or tiles (not both), or no exchange.",
    Phase.MARK_CARDS: "Choose the cards to exchange, one by one, then say done.",
    Phase.MARK_TILES: "Choose the tiles to exchange, one by one, then say done.",
    Phase.HABITATS: (
        "Phase 2: earn a card from your hand or the Card Gallery, play an ability, "
        "or end your turn."
    ),
    Phase.EARN: "Earn the {card}: place tiles for its habitat, then confirm, or withdraw.",
    Phase.WINDS_GAIN: (
        "Winds of Change: gain a card from the Card Gallery or the discard pile, or nothing."
    ),
    Phase.WINDS_SABOTAGE: (
        "Winds of Change: sabotage a player (they discard a card at random), or nobody."
    ),
    Phase.REFILL: (
        "Refill your hand to {hand}, card by card, from the Main Deck or the Card Gallery."
    ),
    Phase.DISCARD_TILES: "You hold more tiles than the limit: return one to the perimeter.",
    Phase.FIRE: (
        "Forest Fire: choose the Understory platform that burns; its tiles return to the perimeter."
    ),
}
_THEIRS: Final[dict[Phase, str]] = {
    Phase.EXCHANGE: "Phase 1: {who} may exchange cards or tiles.",
    Phase.MARK_CARDS: "{who} chooses the cards to exchange.",
    Phase.MARK_TILES: "{who} chooses the tiles to exchange.",
    Phase.HABITATS: "Phase 2: {who} earns cards, plays abilities, or ends their turn.",
    Phase.EARN: "{who} places tiles to earn the {card}.",
    Phase.WINDS_GAIN: (
        "Winds of Change: {who} may gain a card from the Card Gallery or the discard pile."
    ),
    Phase.WINDS_SABOTAGE: "Winds of Change: {who} may make a player discard a card at random.",
    Phase.REFILL: "{who} refills their hand from the Main Deck or the Card Gallery.",
    Phase.DISCARD_TILES: "{who} returns tiles to the perimeter, down to the tile limit.",
    Phase.FIRE: "Forest Fire: {who} chooses the Understory platform that burns.",
}
