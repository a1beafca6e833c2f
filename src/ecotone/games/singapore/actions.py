"""The decisions of Singapore Untamed.

==================================  ===========================================================
notation                            meaning
==================================  ===========================================================
``migrate to forest-3``             Migration: your route ends on this tile (secret until all
                                    have chosen)
``play stampede``                   play an Action card now (in secret during Migration and
                                    Competition; face up on your Evolution turn)
``cooperate`` / ``intimidate``      Competition: your Survival Strategy (secret until the reveal)
``draw from the wild deck``         Evolution: draw your cards from this deck
``buy call``                        Evolution: keep a drawn Adaptation for 5 Food
``return the rest``                 Evolution: the unbought cards go to the bottom of the deck
``stay anchored`` / ``leave for     a full Anchorage set in a destroyed Mangrove: resist, or go
the ecotone``                       to the centre of the Ecotone
``restore the forest`` / ``pass``   Recovery: offer a Recovery card for a destroyed habitat
``pledge 4 food``                   Recovery: put Food towards the 10 needed
``discard forage``                  end of the round: discard down to 2 cards in hand
==================================  ===========================================================
"""

from __future__ import annotations

from typing import ClassVar, Final

from ecotone.core.actions import Action, ActionCodec
from ecotone.games.singapore.board import board
from ecotone.games.singapore.cards import DECKS, HABITATS, cards

__all__ = [
    "CODEC",
    "MAX_PLEDGE",
    "Buy",
    "Cooperate",
    "Discard",
    "Draw",
    "Finish",
    "Intimidate",
    "Leave",
    "Migrate",
    "Pass",
    "Play",
    "Pledge",
    "Restore",
    "Stay",
]

MAX_PLEDGE: Final = 10  # a Recovery needs 10 Food


class Migrate(Action, frozen=True, tag="migrate"):
    """Choose where your Migration ends."""

    notation: ClassVar[str] = "migrate to {tile}"
    # the routes are secret until everyone has chosen; the others learn only that one is in
    noun: ClassVar[str] = "a route chosen"
    tile: str


class Play(Action, frozen=True, tag="play"):
    """Play an Action card from your hand."""

    notation: ClassVar[str] = "play {card}"
    # played in secret in Migration and Competition: the others see a card leave the hand
    noun: ClassVar[str] = "an Action card played"
    card: str


class Cooperate(Action, frozen=True, tag="cooperate"):
    """Hold out your Cooperate card."""

    notation: ClassVar[str] = "cooperate"


class Intimidate(Action, frozen=True, tag="intimidate"):
    """Hold out your Intimidate card."""

    notation: ClassVar[str] = "intimidate"


class Draw(Action, frozen=True, tag="draw"):
    """Draw your Evolution cards from a deck."""

    notation: ClassVar[str] = "draw from the {deck} deck"
    deck: str


class Buy(Action, frozen=True, tag="buy"):
    """Keep one of the Adaptation cards drawn, for Food."""

    notation: ClassVar[str] = "buy {adaptation}"
    adaptation: str


class Finish(Action, frozen=True, tag="finish"):
    """Stop buying: the unbought cards go to the bottom of their deck."""

    notation: ClassVar[str] = "return the rest"


class Stay(Action, frozen=True, tag="stay"):
    """Resist being swept out of the destroyed Mangrove (full Anchorage set)."""

    notation: ClassVar[str] = "stay anchored"


class Leave(Action, frozen=True, tag="leave"):
    """Go to the centre of the Ecotone with the others."""

    notation: ClassVar[str] = "leave for the ecotone"


class Restore(Action, frozen=True, tag="restore"):
    """Offer one of your Recovery cards to re-open a destroyed habitat."""

    notation: ClassVar[str] = "restore the {habitat}"
    habitat: str


class Pass(Action, frozen=True, tag="pass"):
    """Offer no Recovery card."""

    notation: ClassVar[str] = "pass"


class Pledge(Action, frozen=True, tag="pledge"):
    """Put Food towards a Recovery."""

    notation: ClassVar[str] = "pledge {food} food"
    food: int


class Discard(Action, frozen=True, tag="discard"):
    """Discard a card from your hand (hand limit)."""

    notation: ClassVar[str] = "discard {card}"
    card: str


CODEC = ActionCodec(
    {
        Migrate: {"tile": board().ids},
        Play: {"card": tuple(cards().actions)},
        Cooperate: {},
        Intimidate: {},
        Draw: {"deck": DECKS},
        Buy: {"adaptation": tuple(cards().adaptations)},
        Finish: {},
        Stay: {},
        Leave: {},
        Restore: {"habitat": HABITATS},
        Pass: {},
        Pledge: {"food": range(MAX_PLEDGE + 1)},
        Discard: {"card": cards().hand_keys},
    }
)
