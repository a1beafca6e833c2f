"""Scoring (rules doc §Scoring).

"Players will then add up all points that remain on the table (these are the cards that are
facing you): player with the most points wins!" Every species card on the table scores its
printed points for the player who played it, a parasite beneath its host included (Phylo
basic rules v3.0: "even those underneath cards"). Event cards left on the table (URBAN
terrain, Scientific Insight) score nothing. Cards INCOMPATIBLE at the end still lie on the
table, so they score too: only a rescue turn's end discards them. Tied players share the win.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import add
from typing import Final

from ecotone.games.phylo.cards import cards
from ecotone.games.phylo.state import Slot

__all__ = ["TERMS", "points", "table_points", "table_terms", "winners"]

#: The two lines of a seat's score: the cards facing them, and their parasites beneath
#: other cards (the rulebook's "even those underneath cards").
TERMS: Final = ("Cards facing you", "Parasites beneath hosts")


def points(card: str) -> int:
    """The points a card on the table is worth (0 for an event card)."""
    sp = cards().species.get(card)
    return sp.points if sp is not None else 0


def table_terms(board: Iterable[Slot], players: int = 2) -> tuple[list[int], list[int]]:
    """Each seat's points on the table as the two :data:`TERMS`: the cards showing that
    face them, and the parasites they played beneath a card (two lists by seat)."""
    top = [0] * players
    beneath = [0] * players
    for slot in board:
        top[slot.owner] += points(slot.card)
        if slot.under is not None:
            beneath[slot.under_owner] += points(slot.under)
    return top, beneath


def table_points(board: Iterable[Slot], players: int = 2) -> list[int]:
    """Each seat's points on the table: the sum of its :func:`table_terms`."""
    return list(map(add, *table_terms(board, players)))


def winners(scores: list[int]) -> list[int]:
    """The seats with the most points (several when tied)."""
    best = max(scores)
    return [s for s, p in enumerate(scores) if p == best]
