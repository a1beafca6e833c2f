"""The state of a game of Once Upon a Forest, as one frozen record.

A forest is a row of trees; a tree is four *slots*, one per level (Ground first), and each
slot is a stack of the cards placed there, bottom first: covering a card leaves it under
the new one, and only the top card counts. Hands are kept sorted so that the same cards
held give the same state whatever order they were drawn in.
"""

from __future__ import annotations

import enum
from typing import Final

from ecotone.core.records import Record

__all__ = [
    "HAND_SIZE",
    "Forest",
    "ForestData",
    "Phase",
    "Tree",
]

Tree = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]
Forest = tuple[Tree, ...]

EMPTY_TREE: Tree = ((), (), (), ())

#: The cards each player holds after the deal and after each turn's draws (§Set-up).
HAND_SIZE: Final = 3


class Phase(enum.StrEnum):
    """The step of the game that the next decision belongs to."""

    DEAL = "deal"  # players in turn take one card at a time until each holds 3
    PLACE = "place"  # the player to move places a card in their forest
    GIVE = "give"  # ... gives one of their cards to another player
    RECEIVE = "receive"  # ... whose receiver places it in their own forest at once
    DRAW = "draw"  # ... then draws up to 2 cards, one pile at a time
    OVER = "over"


class ForestData(Record, frozen=True):
    """Everything about one position.

    Attributes:
        piles: the 5 face-down piles, top card last.
        hands: each seat's hand, sorted card ids.
        forests: each seat's forest.
        phase: the current step.
        turn: the seat whose turn it is (in the deal: who draws next).
        gift: the card being given, while its receiver places it.
        receiver: the seat placing the gift.
        draws_left: cards still to draw this turn.
        neighbour: the solo game's Neighbouring Forest, built from the cards given to it.
    """

    piles: tuple[tuple[str, ...], ...]
    hands: tuple[tuple[str, ...], ...]
    forests: tuple[Forest, ...]
    phase: Phase
    turn: int = 0
    gift: str | None = None
    receiver: int | None = None
    draws_left: int = 0
    neighbour: Forest = ()
