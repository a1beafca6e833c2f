"""The state of a game of BioMasters TCG, as one frozen record.

Every physical card is an *instance* with its own id, ``<card id>#<seat><copy>`` (the
third Lion of P2's deck is ``lion#2c``), so each can be followed from deck to hand to grid to
Score Pile. Hands are kept sorted; a deck's top card is its last.

The grid is a tuple with one entry per cell (``None`` when empty). A :class:`Slot` is what
lies in a cell: a live card (with its Ready state and the parasite and mutualist tucked under
it), a HOME, or a face-down Detritus tile (the dead card on top of whatever died with it).
"""

from __future__ import annotations

import enum

from ecotone.core.records import Record
from ecotone.games.biomasters.instances import kind_of

__all__ = ["BioData", "Pending", "Phase", "Scored", "Slot", "kind_of"]


class Phase(enum.StrEnum):
    """The kind of decision the player to move makes now."""

    ACTION = "action"  # play a card, activate an ability, or pass
    PAY = "pay"  # choose which ready card to exhaust for the card just played
    OVER = "over"


class Slot(Record, frozen=True):
    """What lies in one grid cell.

    Attributes:
        card: the instance showing (for a Detritus tile: the dead card on top).
        kind: its card id.
        owner: the seat that controls it (for a tile: the seat that controlled it).
        ready: upright (True) or exhausted.
        tile: a face-down Detritus tile.
        killer: for a tile, the seat whose creature or parasitoid killed it (-1: starved).
        fed: how many more ends of its player's turns a consumer that ate (by hunting
            or scavenging) survives without food: 2 when it eats, so it cannot starve at
            the end of this turn nor of its player's next one.
        parasite, parasite_owner: the parasite tucked under it, and who played it.
        mutualist, mutualist_owner: the mutualist tucked under it, and who played it.
        under: other cards beneath: the juvenile a metamorphosis replaced, and in a tile
            everything that died with the top card.
    """

    card: str
    kind: str
    owner: int
    ready: bool = False
    tile: bool = False
    killer: int = -1
    fed: int = 0
    parasite: str = ""
    parasite_owner: int = -1
    mutualist: str = ""
    mutualist_owner: int = -1
    under: tuple[str, ...] = ()

    def stack(self) -> tuple[str, ...]:
        """Every card in the cell, top first."""
        extra = tuple(c for c in (self.parasite, self.mutualist) if c)
        return (self.card, *extra, *self.under)


class Scored(Record, frozen=True):
    """A card in a Score Pile and what it is worth now (1 until processed)."""

    card: str
    vp: int


class Pending(Record, frozen=True):
    """A card just played whose cost is still being paid.

    Attributes:
        card: the instance being paid for.
        cell: where it was played (its host's cell for a parasite or mutualist).
        icons: the cost icons still to pay, as levels (``(1, 1)``: two +1 cards).
    """

    card: str
    cell: int
    icons: tuple[int, ...]


class BioData(Record, frozen=True):
    """Everything about one position.

    Attributes:
        grid: one entry per cell, row by row.
        hands: each seat's hand (sorted instance ids).
        revealed: the cards in each hand that everybody has seen (taken by Scavenge).
        decks: each seat's face-down deck, top card last.
        piles: each seat's Score Pile.
        turn: the seat whose turn it is.
        phase: what the player to move decides.
        actions: actions left this turn (3 at the start of a turn).
        pending: the card being paid for, in the pay phase.
        last: once a player could not draw, the seat whose turn ends the game; else -1.
        turns: turns begun so far (the first is 1).
        events: what happened by itself since the last decision (deaths, draws refused).
    """

    grid: tuple[Slot | None, ...]
    hands: tuple[tuple[str, ...], ...]
    revealed: tuple[tuple[str, ...], ...]
    decks: tuple[tuple[str, ...], ...]
    piles: tuple[tuple[Scored, ...], ...]
    turn: int
    phase: Phase
    actions: int
    pending: Pending | None = None
    last: int = -1
    turns: int = 1
    events: tuple[str, ...] = ()
