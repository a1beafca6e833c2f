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

from ecotone.games.phylo.cards import cards
from ecotone.games.phylo.state import Slot

__all__ = ["points", "table_points", "winners"]


def points(card: str) -> int:
    """The points a card on the table is worth (0 for an event card)."""
    sp = cards().species.get(card)
    return sp.points if sp is not None else 0


def table_points(board: Iterable[Slot], players: int = 2) -> list[int]:
    """Each seat's points on the table."""
    out = [0] * players
    for slot in board:
        out[slot.owner] += points(slot.card)
        if slot.under is not None:
            out[slot.under_owner] += points(slot.under)
    return out


def winners(scores: list[int]) -> list[int]:
    """The seats with the most points (several when tied)."""
    best = max(scores)
    return [s for s, p in enumerate(scores) if p == best]
