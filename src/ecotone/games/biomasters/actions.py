"""The decisions of BioMasters TCG.

==============================  ==============================================================
notation                        meaning
==============================  ==============================================================
``play lion at E4``             play a card from your hand into cell E4 (a parasite or
                                mutualist: onto the host in E4; a saprotroph: onto the
                                Detritus tile in E4); an action
``exhaust D5``                  pay the card just played by exhausting your ready card in D5
``activate D5``                 use the ability of your ready card in D5 that needs no target
                                (recycle, filter feeding); an action
``activate D5 on D6``           use its ability on the card in D6 (hunt, scavenge); an action
``metamorphose D5 into X``      turn your juvenile in D5 into its adult card X from your hand;
                                an action
``pass``                        end your turn, giving up the actions left
==============================  ==============================================================

Cells are named by column letter and row number (``A1`` top-left); cards by their id.
"""

from __future__ import annotations

from typing import ClassVar

from ecotone.core.actions import Action, ActionCodec
from ecotone.games.biomasters.board import CELL_NAMES
from ecotone.games.biomasters.cards import cards

__all__ = ["CODEC", "Activate", "Metamorphose", "Pass", "Pay", "Play", "Target"]


class Play(Action, frozen=True, tag="play"):
    """Play a card from your hand into a cell (an action)."""

    notation: ClassVar[str] = "play {card} at {cell}"
    # many cards at many cells: a person picks the card, then the cell
    choose_by: ClassVar[tuple[str, ...]] = ("card", "cell")
    card: str
    cell: str


class Pay(Action, frozen=True, tag="exhaust"):
    """Exhaust one of your ready cards to pay for the card just played."""

    notation: ClassVar[str] = "exhaust {cell}"
    cell: str


class Activate(Action, frozen=True, tag="activate"):
    """Exhaust a ready card to use an ability that needs no target (an action)."""

    notation: ClassVar[str] = "activate {cell}"
    cell: str


class Target(Action, frozen=True, tag="target"):
    """Exhaust a ready card to use its ability on the card in another cell (an action)."""

    notation: ClassVar[str] = "activate {cell} on {target}"
    cell: str
    target: str


class Metamorphose(Action, frozen=True, tag="metamorphose"):
    """Replace your juvenile with its adult card from your hand (an action)."""

    notation: ClassVar[str] = "metamorphose {cell} into {card}"
    cell: str
    card: str


class Pass(Action, frozen=True, tag="pass"):
    """End your turn now."""

    notation: ClassVar[str] = "pass"


CODEC = ActionCodec(
    {
        Play: {"card": cards().playable, "cell": CELL_NAMES},
        Pay: {"cell": CELL_NAMES},
        Activate: {"cell": CELL_NAMES},
        Target: {"cell": CELL_NAMES, "target": CELL_NAMES},
        Metamorphose: {"cell": CELL_NAMES, "card": cards().playable},
        Pass: {},
    }
)
