"""The decisions of Phylo: Voyage of the Beagle.

Cells are named by column letter and row number (``u21``; see :mod:`.board`); cards by id.

=======================================  ====================================================
notation                                 meaning
=======================================  ====================================================
``play B09 at t21``                      put a species in a cell (on top of a similar
                                         species for an INVASIVE card, beneath its host for a
                                         PARASITIC one), or play an event on the species there
``play E09 at t21 leaving it as urban``  Habitat Loss, staying on the table as URBAN terrain
``play E04``                             an event played on no species
``drop B05``                             drop a card and pick up three
``move t21 north 2``                     move your card at t21 two cells north (FLIGHT may
                                         also go north-east, south-east, ...)
``pass``                                 end your turn
``cancel it with E03``                   answer an event with one that negates it
``allow``                                let an event resolve, or a placement stand
``discard B05``                          discard a card (Darwin Gets Seasick)
``take B05 from the discard pile``       Increase Biodiversity
``spread to t22``                        Climate Change spreads on to the species there
``throw rock``                           the rock-paper-scissors contest
``challenge``                            call the bluff of the placement just made
``remove t21``                           the challenge's winner removes the card at t21 ...
``remove the parasite under t21``        ... or the parasite beneath it
``done``                                 stop spreading, or remove nothing
=======================================  ====================================================
"""

from __future__ import annotations

from typing import ClassVar

from ecotone.core.actions import Action, ActionCodec
from ecotone.games.phylo.board import CELL_NAMES, Direction
from ecotone.games.phylo.cards import MOVE_MAX, DiscardTarget, Negate, cards
from ecotone.games.phylo.state import Throw

__all__ = [
    "CODEC",
    "MAX_STEPS_PER_MOVE",
    "Allow",
    "Cancel",
    "Challenge",
    "Discard",
    "Done",
    "Drop",
    "Move",
    "Pass",
    "Play",
    "PlayEvent",
    "PlayLeaving",
    "Recover",
    "Remove",
    "RemoveUnder",
    "SpreadTo",
    "ThrowHand",
]

MAX_STEPS_PER_MOVE = MOVE_MAX  # the largest MOVE# or FLIGHT# a card may print


class Play(Action, frozen=True, tag="play"):
    """Play a species into a cell, or an event on the species in a cell."""

    notation: ClassVar[str] = "play {card} at {cell}"
    # many cards at many cells: a person picks the card, then the cell
    choose_by: ClassVar[tuple[str, ...]] = ("card", "cell")
    card: str
    cell: str


class PlayLeaving(Action, frozen=True, tag="play-leaving"):
    """Play Habitat Loss and leave it on the table as URBAN terrain."""

    notation: ClassVar[str] = "play {card} at {cell} leaving it as urban"
    # many cards at many cells: a person picks the card, then the cell
    choose_by: ClassVar[tuple[str, ...]] = ("card", "cell")
    card: str
    cell: str


class PlayEvent(Action, frozen=True, tag="play-event"):
    """Play an event that is not played on a species."""

    notation: ClassVar[str] = "play {card}"
    card: str


class Drop(Action, frozen=True, tag="drop"):
    """Drop a card on the discard pile and pick up three."""

    notation: ClassVar[str] = "drop {card}"
    card: str


class Move(Action, frozen=True, tag="move"):
    """Move your species card in a straight line (diagonals only by FLIGHT)."""

    notation: ClassVar[str] = "move {cell} {direction} {steps}"
    cell: str
    direction: Direction
    steps: int


class Pass(Action, frozen=True, tag="pass"):
    """End your turn."""

    notation: ClassVar[str] = "pass"


class Cancel(Action, frozen=True, tag="cancel"):
    """Negate the event just played against you."""

    notation: ClassVar[str] = "cancel it with {card}"
    card: str


class Allow(Action, frozen=True, tag="allow"):
    """Let the event just played resolve, or the placement just made stand."""

    notation: ClassVar[str] = "allow"


class Discard(Action, frozen=True, tag="discard"):
    """Discard a card from your hand (Darwin Gets Seasick)."""

    notation: ClassVar[str] = "discard {card}"
    card: str


class Recover(Action, frozen=True, tag="recover"):
    """Take a species from your discard pile into your hand (Increase Biodiversity)."""

    notation: ClassVar[str] = "take {card} from the discard pile"
    card: str


class SpreadTo(Action, frozen=True, tag="spread"):
    """Climate Change spreads on to an adjacent species (then the contest decides)."""

    notation: ClassVar[str] = "spread to {cell}"
    cell: str


class ThrowHand(Action, frozen=True, tag="throw"):
    """A rock-paper-scissors throw."""

    notation: ClassVar[str] = "throw {throw}"
    # the other player learns that the throw is in, not which it is, until both are
    noun: ClassVar[str] = "a throw"
    throw: Throw


class Challenge(Action, frozen=True, tag="challenge"):
    """Call the bluff of the placement just made."""

    notation: ClassVar[str] = "challenge"


class Remove(Action, frozen=True, tag="remove"):
    """The winner of a challenge removes the card at a cell."""

    notation: ClassVar[str] = "remove {cell}"
    cell: str


class RemoveUnder(Action, frozen=True, tag="remove-under"):
    """The winner of a challenge removes the parasite beneath the card at a cell."""

    notation: ClassVar[str] = "remove the parasite under {cell}"
    cell: str


class Done(Action, frozen=True, tag="done"):
    """Stop spreading Climate Change, or remove nothing after winning a challenge."""

    notation: ClassVar[str] = "done"


def _codec() -> ActionCodec:
    cs = cards()
    ids = tuple(sorted(cs.by_id))
    leaving = tuple(
        e.id
        for e in cs.events.values()
        if isinstance(e.effect, DiscardTarget) and e.effect.leave_terrain is not None
    )
    negating = tuple(e.id for e in cs.events.values() if isinstance(e.effect, Negate))
    return ActionCodec(
        {
            Play: {"card": ids, "cell": CELL_NAMES},
            PlayLeaving: {"card": leaving, "cell": CELL_NAMES},
            PlayEvent: {"card": tuple(sorted(cs.events))},
            Drop: {"card": ids},
            Move: {
                "cell": CELL_NAMES,
                "direction": tuple(Direction),
                "steps": range(1, MAX_STEPS_PER_MOVE + 1),
            },
            Pass: {},
            Cancel: {"card": negating},
            Allow: {},
            Discard: {"card": ids},
            Recover: {"card": tuple(sorted(cs.species))},
            SpreadTo: {"cell": CELL_NAMES},
            ThrowHand: {"throw": tuple(Throw)},
            Challenge: {},
            Remove: {"cell": CELL_NAMES},
            RemoveUnder: {"cell": CELL_NAMES},
            Done: {},
        }
    )


CODEC = _codec()
