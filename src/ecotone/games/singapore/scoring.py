"""Scoring (rules §The end).

After 10 rounds each player scores Evolution Points (EVP):

* each Adaptation type by the points table on its cards for the copies owned (copies beyond
  a full set add nothing);
* 12 EVP for each completed (Standard) or claimed (Survival) Niche;
* 1 EVP for every 10 Food left.

The highest total wins. The rulebook gives no tie-break; Ecotone's: the most Food left
(what the exchange rounded away), then a shared win. :func:`announce` is the Gamemaster's
reckoning of all this for the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from ecotone.core.tuples import listed
from ecotone.games.singapore.abilities import counts_of
from ecotone.games.singapore.cards import cards, name_of
from ecotone.games.singapore.gamemaster import SEAT_NAMES
from ecotone.games.singapore.state import Player

__all__ = ["FOOD_PER_EVP", "NICHE_EVP", "Score", "announce", "evp", "score", "winners"]

NICHE_EVP: Final = 12
FOOD_PER_EVP: Final = 10


@dataclass(frozen=True, slots=True)
class Score:
    """A player's EVP and where they come from."""

    adaptations: dict[str, int]  # points per adaptation type owned
    niches: int
    food: int

    def terms(self, niches: bool = True) -> tuple[tuple[str, int], ...]:
        """The EVP line by line: each Adaptation type owned (by its name), the Niches,
        and the Food left; ``niches=False`` leaves out the Niches line (the Beginner game
        has none)."""
        return (
            *((name_of(k), v) for k, v in self.adaptations.items()),
            *((("Niches", self.niches),) if niches else ()),
            ("Food", self.food),
        )

    @property
    def total(self) -> int:
        """The player's EVP: the sum of its :meth:`terms`."""
        return sum(points for _, points in self.terms())


def score(p: Player) -> Score:
    """Score one player by the rules above."""
    return Score(
        adaptations=dict(_adaptation_terms(p.adaptations)),
        niches=_niche_points(p),
        food=_food_points(p),
    )


def evp(p: Player) -> int:
    """The player's EVP: ``score(p).total``, without the breakdown.

    Scores are read at every step of a search, so the Adaptations' points (which change
    only when a card is bought) are remembered by the cards owned.
    """
    return _adaptation_points(p.adaptations) + _niche_points(p) + _food_points(p)


def _niche_points(p: Player) -> int:
    return NICHE_EVP * len(p.niches)


def _food_points(p: Player) -> int:
    return p.food // FOOD_PER_EVP


@lru_cache(maxsize=4096)
def _adaptation_terms(adaptations: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """The points of each Adaptation type among ``adaptations``, by the points table on
    its cards, in key order."""
    cs = cards()
    return tuple((k, cs.adaptations[k].score(n)) for k, n in sorted(counts_of(adaptations).items()))


@lru_cache(maxsize=4096)
def _adaptation_points(adaptations: tuple[str, ...]) -> int:
    return sum(points for _, points in _adaptation_terms(adaptations))


def winners(players: tuple[Player, ...]) -> list[int]:
    """The seats with the most EVP; among them, the most Food left; else all share."""
    keys = [(evp(p), p.food) for p in players]
    best = max(keys)
    return [s for s, k in enumerate(keys) if k == best]


def announce(players: tuple[Player, ...]) -> list[str]:
    """The Gamemaster's final reckoning: each player's EVP and where they come from, then
    the winner and, when EVP are tied, how the tie was settled."""
    # Every search rollout ends here: each player's terms are read once, from the tables
    # the scores themselves are remembered in, and named from the cards' table of names
    # (a :class:`Score` and its lines, made twice per player, cost several times this).
    cs = cards()
    names = cs.names
    lines = ["Final scores:"]
    totals = []
    for s, p in enumerate(players):
        parts = [f"{names[k]} {v}" for k, v in _adaptation_terms(p.adaptations)]
        parts += [f"the {cs.niche(n).name} niche {NICHE_EVP}" for n in p.niches]
        food = _food_points(p)
        parts.append(f"{food} for {p.food} Food")
        total = evp(p)
        totals.append(total)
        lines.append(f"  {SEAT_NAMES[s]}: {total} EVP = {' + '.join(parts)}.")
    top = max(totals)
    tied = [s for s, t in enumerate(totals) if t == top]
    won = winners(players)
    names_won = listed([SEAT_NAMES[s] for s in won])
    names_tied = listed([SEAT_NAMES[s] for s in tied])
    if len(tied) == 1:
        lines.append(f"{names_won} wins with {top} EVP.")
    elif len(won) == 1:
        others = ", ".join(f"{SEAT_NAMES[s]} {players[s].food}" for s in tied if s != won[0])
        lines.append(
            f"{names_tied} tie on {top} EVP; {names_won} wins with the "
            f"most Food left ({players[won[0]].food} against {others})."
        )
    elif len(won) == len(tied):
        lines.append(
            f"{names_won} tie on {top} EVP and {players[won[0]].food} Food left: they share "
            "the win."
        )
    else:
        lines.append(
            f"{names_tied} tie on {top} EVP; {names_won} have the most Food left "
            f"({players[won[0]].food}) and share the win."
        )
    return lines
