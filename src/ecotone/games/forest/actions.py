"""The decisions of Once Upon a Forest.

=========================  ==========================================================
notation                   meaning
=========================  ==========================================================
``draw from pile 3``       take the top card of pile 3 (piles numbered 1-5)
``place C07 in tree 2``    put card C07 in tree 2 of your forest (its level's slot)
``give G03 to P2``         give card G03 to player 2, who must place it at once
``give G03 to the          (solo) give card G03 to the Neighbouring Forest
neighbouring forest``
=========================  ==========================================================

Trees are numbered from 1 in notation and from 0 in JSON, like piles and seats.
"""

from __future__ import annotations

from typing import ClassVar, Final

from ecotone.core.actions import Action, ActionCodec
from ecotone.games.forest.cards import cards

__all__ = ["CODEC", "MAX_TREES", "PILES", "Draw", "Give", "GiveToNeighbour", "Place"]

PILES: Final = 5
MAX_TREES: Final = 16  # a tree needs a Ground card and there are 16
MAX_SEATS: Final = 4


class Draw(Action, frozen=True, tag="draw"):
    """Take the top card of a pile into your hand."""

    notation: ClassVar[str] = "draw from pile {pile:n1}"
    pile: int


class Place(Action, frozen=True, tag="place"):
    """Place a card in a tree of your forest, at the card's own level."""

    notation: ClassVar[str] = "place {card} in tree {tree:n1}"
    card: str
    tree: int


class Give(Action, frozen=True, tag="give"):
    """Give a card from your hand to another player."""

    notation: ClassVar[str] = "give {card} to {to:seat}"
    card: str
    to: int


class GiveToNeighbour(Action, frozen=True, tag="give-neighbour"):
    """Solo game: give a card from your hand to the Neighbouring Forest."""

    notation: ClassVar[str] = "give {card} to the neighbouring forest"
    card: str


CODEC = ActionCodec(
    {
        Draw: {"pile": range(PILES)},
        Place: {"card": cards().ids, "tree": range(MAX_TREES)},
        Give: {"card": cards().ids, "to": range(MAX_SEATS)},
        GiveToNeighbour: {"card": cards().ids},
    }
)
