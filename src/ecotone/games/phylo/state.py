"""The state of a game of Phylo: Voyage of the Beagle, as one frozen record.

The shared game has one pick-up pile and one discard pile; the constructed-deck game has one
of each per player (a player draws from their own deck, and their cards go back to their own
discard pile). Which one the record holds is told by the number of piles, so the rules need
no configuration. Piles are drawn from the end (the top card is last); hands are sorted, so
the same cards held give the same state whatever order they came in.

In the constructed-deck game two players may bring the same card, so a card on the table or
in a pile is told apart by its deck: :func:`instance` names it ``P1:B16`` (P1's copy of B16);
in the shared game it is just ``B16``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Final

from ecotone.core.records import Record, seat_name

# Written apart from the records, where the optional compiled build compiles them (a
# module that defines a record cannot be: see pyproject.toml); named here too.
from ecotone.games.phylo.table import Table, table

__all__ = [
    "ACTIONS_PER_TURN",
    "Pending",
    "Phase",
    "PhyloData",
    "Slot",
    "Table",
    "Throw",
    "instance",
    "table",
]

ACTIONS_PER_TURN: Final = 3


class Phase(enum.StrEnum):
    """The decision the game is waiting for."""

    ACT = "act"  # the player to move takes one of their 3 actions
    REACT = "react"  # the opponent may cancel the event just played
    SPREAD = "spread"  # Climate Change: its player picks the next species it spreads to
    CONTEST = "contest"  # both players throw rock, paper or scissors
    SEASICK = "seasick"  # Darwin Gets Seasick: the victim discards cards, one at a time
    RECOVER = "recover"  # Increase Biodiversity: its player takes a species from the discards
    CHALLENGE = "challenge"  # (option) the opponent may call the bluff of a placement
    REMOVE = "remove"  # the challenge's winner may remove any card
    OVER = "over"


class Throw(enum.StrEnum):
    """A rock-paper-scissors throw (Climate Change's contest)."""

    ROCK = "rock"
    PAPER = "paper"
    SCISSORS = "scissors"

    def beats(self, other: Throw) -> bool:
        """Rock blunts scissors, scissors cut paper, paper wraps rock."""
        return (self, other) in {
            (Throw.ROCK, Throw.SCISSORS),
            (Throw.SCISSORS, Throw.PAPER),
            (Throw.PAPER, Throw.ROCK),
        }


class Slot(Record, frozen=True):
    """One occupied cell.

    Attributes:
        cell: the cell number.
        card: the card showing: a species, or the Habitat Loss event left as URBAN terrain.
        owner: the seat who played it (the card faces them and scores for them).
        under: a PARASITIC species beneath the card, if any.
        under_owner: the seat who played the parasite.
    """

    cell: int
    card: str
    owner: int
    under: str | None = None
    under_owner: int = 0


class Pending(Record, frozen=True):
    """An event card being played, until it has resolved.

    Attributes:
        card: the event.
        player: who played it.
        cell: its target cell, or -1 for an event played on no species.
        leave: Habitat Loss is to stay on the table as URBAN terrain.
    """

    card: str
    player: int
    cell: int = -1
    leave: bool = False


class PhyloData(Record, frozen=True):
    """Everything about one position.

    Attributes:
        piles: the pick-up pile (shared game) or each player's deck, top card last.
        hands: each seat's hand, sorted card ids.
        known: the cards in each hand the opponent has seen go in (taken from a discard
            pile), so they are public.
        discards: the discard pile (shared game) or each player's, in the order discarded.
        board: the occupied cells, in cell order.
        in_play: event cards that stay in front of each player (Scientific Insight).
        phase: the decision awaited.
        turn: the seat whose turn it is.
        actions_left: actions left in this turn.
        moved: ``(card, owner, cells)`` for each card moved this turn, and how far.
        rescuing: this turn is the player's rescue turn (their INCOMPATIBLE cards are
            discarded at its end).
        rescue_due: each seat has INCOMPATIBLE cards, so their next turn is a rescue turn.
        skips: turns each seat is to miss.
        final: -1 until the last card of a pick-up pile is picked up; then the number of
            turns still to play before a last turn (1 during the turn that emptied it, 0
            during a last turn).
        events_this_turn: event cards the player to move has played this turn.
        spread_used: Climate Change has been played (once per game).
        pending: the event being played.
        owed: cards the victim of Darwin Gets Seasick still has to discard.
        spread_at: the cell Climate Change spreads from, or the species it is trying to
            reach during a contest.
        throws: each seat's rock-paper-scissors throw, ``""`` until made.
        ties: tied throws in a row in the current contest.
        placed: the cell of the placement the opponent may challenge.
        placed_under: that placement is a parasite, beneath the card in ``placed``.
        remover: the seat who may remove a card after winning a challenge.
        challenge_rule: the optional "call your bluff" rule is in play.
        log: the last public happenings, newest last.
    """

    piles: tuple[tuple[str, ...], ...]
    hands: tuple[tuple[str, ...], ...]
    discards: tuple[tuple[str, ...], ...]
    board: tuple[Slot, ...] = ()
    known: tuple[tuple[str, ...], ...] = ((), ())
    in_play: tuple[tuple[str, ...], ...] = ((), ())
    phase: Phase = Phase.ACT
    turn: int = 0
    actions_left: int = ACTIONS_PER_TURN
    moved: tuple[tuple[str, int, int], ...] = ()
    rescuing: bool = False
    rescue_due: tuple[bool, ...] = (False, False)
    skips: tuple[int, ...] = (0, 0)
    final: int = -1
    events_this_turn: int = 0
    spread_used: bool = False
    pending: Pending | None = None
    owed: int = 0
    spread_at: int = -1
    throws: tuple[str, ...] = ("", "")
    ties: int = 0
    placed: int = -1
    placed_under: bool = False
    remover: int = -1
    challenge_rule: bool = False
    log: tuple[str, ...] = ()

    @property
    def decks(self) -> bool:
        """The constructed-deck game (each player has their own piles)."""
        return len(self.piles) == 2

    def pile_of(self, seat: int) -> int:
        """The index of the pile ``seat`` draws from."""
        return seat if len(self.piles) == 2 else 0

    def discard_of(self, seat: int) -> int:
        """The index of the discard pile ``seat``'s cards go to."""
        return seat if len(self.discards) == 2 else 0

    def cells(self) -> Mapping[int, Slot]:
        """The board as a mapping from cell to slot (read only: it is shared, see
        :func:`table`)."""
        return table(self.board).cells


def instance(card: str, deck_owner: int, decks: bool) -> str:
    """A card's component name: ``B16`` in the shared game, ``P1:B16`` in a deck game."""
    return f"{seat_name(deck_owner)}:{card}" if decks else card
