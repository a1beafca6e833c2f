"""The state of a game of Singapore Untamed, as one frozen record.

Decks are tuples of card ids, top first; ``known[i]`` counts the cards at the bottom of deck
``i`` that every player saw go there (unbought adaptations are returned face up, in the
order drawn). Hands and adaptations are kept sorted, so the same cards held give the same
state whatever order they came in. While several seats decide at once (Migration,
Inter-species Competition) each seat's secret choice waits in ``choices`` until the last
one is made and the Gamemaster reveals them together.

Every record is an :class:`ecotone.core.records.Record` (``.replace`` makes a changed
copy). Below them, the few readings of a position every rule needs: one player changed
(:func:`set_player`), the habitats open, the seats in a region, the cards in a hand.
"""

from __future__ import annotations

import enum
from functools import lru_cache
from typing import Final

from ecotone.core.records import Record

__all__ = [
    "ROUNDS",
    "Choice",
    "Habitat",
    "Phase",
    "Player",
    "SGData",
    "Status",
]

ROUNDS: Final = 10  # a game lasts 10 rounds


class Phase(enum.StrEnum):
    """The step of the round that the next decision belongs to."""

    MIGRATE = "migrate"  # everyone chooses a route, in secret (simultaneous)
    COMPETE = "compete"  # players sharing a habitat choose a Survival Strategy (simultaneous)
    DRAW = "draw"  # Evolution: the player whose turn it is draws (after any Action cards)
    BUY = "buy"  # ... and buys adaptations among the cards drawn
    ANCHOR = "anchor"  # a full Anchorage set resists being swept out of a destroyed Mangrove
    RESTORE = "restore"  # each player in turn may offer a Recovery card for a destroyed habitat
    PLEDGE = "pledge"  # ... and the players pool Food for it
    DISCARD = "discard"  # hand limit: keep at most 2 cards
    OVER = "over"
    # Passing moments, settled by the Gamemaster before anyone is asked anything:
    ROUND_END = "round-end"  # Evolution is over: secret cards, Destruction, Recovery, hand limit
    NEXT_ROUND = "next-round"  # Nature's Bounty and the Migration roll of the next round


class Status(enum.StrEnum):
    """A habitat board's side: open, turned over before opening, or destroyed."""

    SOON = "opening-soon"
    OPEN = "open"
    DESTROYED = "destroyed"


class Choice(Record, frozen=True):
    """A seat's secret choice in a simultaneous phase.

    Attributes:
        cards: the Action card keys played with it so far, in play order.
        final: the route's tile, or ``cooperate``/``intimidate``/``hibernate``/``mimicry``;
            empty while the seat is still choosing; ``out`` for a seat not taking part.
    """

    cards: tuple[str, ...] = ()
    final: str = ""


class Player(Record, frozen=True):
    """One player's pawn, Food and cards.

    Attributes:
        tile: where the pawn stands.
        food: Food held (never below 0).
        adaptations: Adaptation card ids owned, face up.
        hand: Action and Recovery card ids held, secret.
        niche: Standard mode: the Niche card dealt, secret until completed ("" when none).
        niches: Niche card ids completed (Standard) or claimed (Survival), face up.
        facedown: secret Action card ids played this round, announced at its end.
        dice: this round's Migration roll (two dice for the Cinnamon Bush Frog).
        cooperated, intimidated: Survival Strategy cards shown so far (public history).
    """

    tile: str
    food: int = 0
    adaptations: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    niche: str = ""
    niches: tuple[str, ...] = ()
    facedown: tuple[str, ...] = ()
    dice: tuple[int, ...] = ()
    cooperated: int = 0
    intimidated: int = 0


class Habitat(Record, frozen=True):
    """A habitat board: its side, the Destruction cards drawn there, this round's Bounty."""

    status: Status
    destruction: tuple[str, ...] = ()
    bounty: str = ""


class SGData(Record, frozen=True):
    """Everything about one position.

    Attributes:
        mode: ``beginner``, ``standard`` or ``survival``.
        round: 1 to 10.
        phase: the current step.
        players: per seat.
        habitats: Forest, Mangrove, Marine, Urban.
        decks: Wild, Forest, Mangrove, Marine, Urban; top card first.
        known: per deck, how many bottom cards everyone saw returned there.
        bounty_deck: the Nature's Bounty cards not dealt this round.
        niche_display: Survival mode: the Niche cards on display, still to be claimed.
        niche_box: Niche cards out of play (face down).
        discard: the discard pile (face up), oldest first.
        rng: the Gamemaster's dice and shuffles (``ecotone.core.rng``).
        turn: the seat deciding in a one-at-a-time step.
        queue: the seats still to take that step after ``turn``.
        asks: Recovery: the seats still to be asked after the current offer.
        choices: simultaneous steps: each seat's secret choice.
        drawn: Evolution: adaptation cards drawn and not yet bought.
        drawn_from: the deck they came from.
        extra: Evolution: cards drawn above 3 (Rapid Evolution).
        any_deck: Evolution: the player may draw from any open deck (Seed Dispersal).
        bargain: Evolution: the next adaptation costs 3 Food (Bargain).
        proposal, proposer, pledges: Recovery: the habitat offered, by whom, Food pledged.
        destroyed_count: Destruction cards drawn so far in the Forest, Mangrove and Marine.
        log: what happened this round, in the Gamemaster's words (public only).
        last_log: the previous round's log.
    """

    mode: str
    round: int
    phase: Phase
    players: tuple[Player, ...]
    habitats: tuple[Habitat, ...]
    decks: tuple[tuple[str, ...], ...]
    known: tuple[int, ...]
    bounty_deck: tuple[str, ...]
    niche_display: tuple[str, ...]
    niche_box: tuple[str, ...]
    rng: int
    discard: tuple[str, ...] = ()
    turn: int = 0
    queue: tuple[int, ...] = ()
    asks: tuple[int, ...] = ()
    choices: tuple[Choice, ...] = ()
    drawn: tuple[str, ...] = ()
    drawn_from: str = ""
    extra: int = 0
    any_deck: bool = False
    bargain: bool = False
    proposal: str = ""
    proposer: int = -1
    pledges: tuple[int, ...] = ()
    destroyed_count: int = 0
    log: tuple[str, ...] = ()
    last_log: tuple[str, ...] = ()

    @property
    def first(self) -> int:
        """The round's first player: P1 in round 1, then one seat on each round."""
        return (self.round - 1) % len(self.players)

    def order(self) -> tuple[int, ...]:
        """Every seat in turn order, starting with the round's first player."""
        n = len(self.players)
        return _turn_order(n, (self.round - 1) % n)


@lru_cache(maxsize=64)
def _turn_order(players: int, first: int) -> tuple[int, ...]:
    """Every seat of ``players`` in turn order from ``first`` (asked several times a round)."""
    return tuple((first + i) % players for i in range(players))
