"""Scoring (rules §The end).

After 10 rounds each player scores Evolution Points (EVP):

* each Adaptation type by the points table on its cards for the copies owned (copies beyond
  a full set add nothing);
* 12 EVP for each completed (Standard) or claimed (Survival) Niche;
* 1 EVP for every 10 Food left.

The highest total wins. The rulebook gives no tie-break; Ecotone's: the most Food left
(what the exchange rounded away), then a shared win.
"""

from __future__ import annotations

from dataclasses import dataclass

from ecotone.games.singapore.cards import cards
from ecotone.games.singapore.common import counts
from ecotone.games.singapore.state import Player

__all__ = ["FOOD_PER_EVP", "NICHE_EVP", "Score", "score", "winners"]

NICHE_EVP = 12
FOOD_PER_EVP = 10


@dataclass(frozen=True, slots=True)
class Score:
    """A player's EVP and where they come from."""

    adaptations: dict[str, int]  # points per adaptation type owned
    niches: int
    food: int

    @property
    def total(self) -> int:
        """The player's EVP."""
        return sum(self.adaptations.values()) + self.niches + self.food


def score(p: Player) -> Score:
    """Score one player by the rules above."""
    cs = cards()
    have = counts(p)
    return Score(
        adaptations={k: cs.adaptations[k].score(n) for k, n in sorted(have.items())},
        niches=NICHE_EVP * len(p.niches),
        food=p.food // FOOD_PER_EVP,
    )


def winners(players: tuple[Player, ...]) -> list[int]:
    """The seats with the most EVP; among them, the most Food left; else all share."""
    keys = [(score(p).total, p.food) for p in players]
    best = max(keys)
    return [s for s, k in enumerate(keys) if k == best]
