"""What is being decided now, in a sentence for one player's eyes (rules doc §A turn,
§Paying the cost, §The end).

The player to move reads an instruction ("Take an action, 2 of 3 left: ..."); everyone
else reads who decides and what. Every word comes from public facts: whose turn it is, the
actions left, the card being paid for and the icons still due, whether the end is
triggered.
"""

from __future__ import annotations

from ecotone.core.tuples import seat_name
from ecotone.games.biomasters.cards import cards
from ecotone.games.biomasters.placement import cost_text
from ecotone.games.biomasters.rules import ACTIONS_PER_TURN
from ecotone.games.biomasters.state import BioData, Phase, kind_of

__all__ = ["phase"]


def phase(d: BioData, seat: int | None) -> str | None:
    """The decision awaited, for ``seat`` (``None``: a spectator); ``None`` once the game
    is over."""
    if d.phase is Phase.OVER:
        return None
    me = seat == d.turn
    who = seat_name(d.turn)
    if d.phase is Phase.PAY:
        assert d.pending is not None
        paying = cards().kinds[kind_of(d.pending.card)].card.name
        due = f"still due {cost_text(d.pending.icons)}"
        if me:
            return f"Choose a ready card of yours to exhaust for the {paying}: {due}."
        return f"{who} chooses a ready card of theirs to exhaust for the {paying}: {due}."
    left = f"{d.actions} of {ACTIONS_PER_TURN} left"
    end = ""
    if d.last >= 0:
        last = "your" if seat == d.last else f"{seat_name(d.last)}'s"
        end = f" (the end is triggered: the game ends with {last} turn)"
    if me:
        return f"Take an action, {left}: play a card, activate an ability, or pass{end}."
    return f"{who} takes the actions of their turn, {left}{end}."
