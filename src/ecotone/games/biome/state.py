"""The state of a game of BIOME Borneo, as one frozen record.

The board is a tuple with one entry per cell: ``-1`` when empty, else ``tile * 6 + rotation``
(tile index, rotation 0-5). Tiles are tile indexes everywhere in the state (ids like ``T07``
only in actions and views); cards are card ids. Hands, tile supplies and the perimeter are
kept sorted so the same holdings give the same state whatever order they came in.

A turn is a sequence of small decisions; :class:`Phase` says which one is due and
:class:`Stage` how far the end-of-turn sequence has got (rules doc §A turn).
"""

from __future__ import annotations

import enum
from typing import Final

from ecotone.core.records import Record

__all__ = ["EMPTY", "BiomeData", "Phase", "SeatData", "Stage"]

EMPTY: Final = -1


class Phase(enum.StrEnum):
    """The decision that is due."""

    REACT = "react"  # others may play an Opportunist at the start of a turn
    EXCHANGE = "exchange"  # phase 1: exchange cards or tiles, or not
    MARK_CARDS = "mark-cards"  # ... choosing the cards to exchange
    MARK_TILES = "mark-tiles"  # ... choosing the tiles to exchange
    HABITATS = "habitats"  # phase 2: earn a card, play an ability or end the turn
    EARN = "earn"  # placing tiles for one card
    WINDS_GAIN = "winds-gain"  # Winds of Change: which card to gain
    WINDS_SABOTAGE = "winds-sabotage"  # ... whom to sabotage
    REFILL = "refill"  # end of turn: refill the hand from the deck or the Gallery
    DISCARD_TILES = "discard-tiles"  # end of turn: discard down to the tile limit
    FIRE = "fire"  # Forest Fire: the drawer picks the Understory platform that burns
    CLEARING = "clearing"  # Palm-Oil Clearing: each player returns a tile
    DROUGHT = "drought"  # Drought: each player discards a card
    OVER = "over"


class Stage(enum.IntEnum):
    """How far the end of the turn has got (``PLAY`` while the turn is still being played)."""

    PLAY = 0
    CARDS = 1
    TILES = 2
    DISCARD = 3
    GALLERY = 4
    DONE = 5


class SeatData(Record, frozen=True):
    """One player's holdings.

    Attributes:
        hand: card ids, sorted (secret).
        shown: the cards of the hand everyone saw arrive (from the Gallery, the discard
            pile or a withdrawn habitat), sorted; a subset of ``hand``.
        tiles: tile indexes in front of the player, face up, sorted.
        chains: the food chains, each bottom (primary) first; the top animal is unconsumed.
        plants: earned plant cards.
        placed: tiles this player has placed on the board over the game.
    """

    hand: tuple[str, ...] = ()
    shown: tuple[str, ...] = ()
    tiles: tuple[int, ...] = ()
    chains: tuple[tuple[str, ...], ...] = ()
    plants: tuple[str, ...] = ()
    placed: int = 0


class BiomeData(Record, frozen=True):
    """Everything about one position.

    Attributes:
        seats: each player's holdings.
        deck: the Main Deck, top card last (secret order).
        discard: the face-up discard pile, oldest first.
        gallery: the face-up Card Gallery (up to 3).
        board: per cell, ``-1`` or ``tile * 6 + rotation``.
        perimeter: the face-down tile supply around the board, sorted (its contents follow
            from what is visible; only the draws are left to chance).
        bonuses: the two Global Bonus cards in play.
        phase, stage: the decision due and the end-of-turn progress.
        turn: the seat whose turn it is.
        rng: the key for chance during play (draws, reshuffles, sabotage).
        waiting: seats still to answer (reaction window, Palm-Oil Clearing, Drought).
        marked_cards, marked_tiles: chosen for exchange, not yet exchanged (secret cards).
        card: the card being earned; ``from_gallery``: it came from the Gallery.
        pending: the cells of the tiles placed for it so far, in order.
        withdrawals: habitats withdrawn this turn.
        resume: where to return after Winds of Change.
        stopped: a Disaster struck this turn: no more draws for this player.
        reset: the Card Gallery must be reset at the end of this turn.
        placed_this_turn: a tile was placed (and kept) this turn.
        disaster: the Disaster being resolved.
        trigger: the seat who took the last perimeter tile (the end is near).
        final_turns: turns left after the trigger turn (-1 before the trigger).
        quiet_turns: consecutive turns in which no tile was placed.
        turns: turns begun so far.
        ended_by: why the game ended: ``perimeter``, ``stall`` or ``limit``.
    """

    seats: tuple[SeatData, ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    gallery: tuple[str, ...]
    board: tuple[int, ...]
    perimeter: tuple[int, ...]
    bonuses: tuple[str, ...]
    phase: Phase
    rng: int
    stage: Stage = Stage.PLAY
    turn: int = 0
    waiting: tuple[int, ...] = ()
    marked_cards: tuple[str, ...] = ()
    marked_tiles: tuple[int, ...] = ()
    card: str | None = None
    from_gallery: bool = False
    pending: tuple[int, ...] = ()
    withdrawals: int = 0
    resume: Phase | None = None
    stopped: bool = False
    reset: bool = False
    placed_this_turn: bool = False
    disaster: str | None = None
    trigger: int | None = None
    final_turns: int = -1
    quiet_turns: int = 0
    turns: int = 1
    ended_by: str = ""
