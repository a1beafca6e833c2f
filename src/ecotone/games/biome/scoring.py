"""Final scores and the winner (rules doc §Scoring).

* Every earned card scores its points: animals (prey included: consumed prey stay in the
  chain and still count) and plant cards. [rulebook]
* Each of the 2 Global Bonus cards in play gives 5 points to the one player who leads its
  measure (and reaches its minimum); a tie means nobody scores it. [rulebook; measures ecotone]
* The highest total wins; ties go to the most Apex Predators, then the fewest tiles left in
  front of the player, then the victory is shared. [rulebook]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from ecotone.games.biome.cards import cards
from ecotone.games.biome.state import BiomeData, SeatData

__all__ = [
    "BONUS_POINTS",
    "SeatScore",
    "bonus_winner",
    "leaders",
    "measure",
    "score_seat",
    "score_seats",
    "winners",
]

BONUS_POINTS: Final = 5


def _animals(s: SeatData) -> list[str]:
    return [c for chain in s.chains for c in chain]


def measure(s: SeatData, what: str) -> int:
    """A player's value for a Global Bonus measure."""
    found = _earned(s.chains, s.plants, s.placed).measures.get(what)
    if found is None:
        raise ValueError(what)
    return found


MEASURES: Final = ("species", "apex", "primary", "chain", "plants", "layers", "vine", "tiles")


def _measured(s: SeatData, what: str) -> int:
    """:func:`measure`, worked out."""
    by_id = cards().by_id
    animals = [by_id[c] for c in _animals(s)]
    if what == "species":
        return len({a.key for a in animals})
    if what == "apex":
        return sum(a.level == "apex" for a in animals)
    if what == "primary":
        return sum(a.level == "primary" for a in animals)
    if what == "chain":
        return max((len(ch) for ch in s.chains), default=0)
    if what == "plants":
        return len(s.plants)
    if what == "layers":
        return min(sum(a.home == layer for a in animals) for layer in range(3))
    if what == "vine":
        return sum(by_id[c].uses_vine for c in (*_animals(s), *s.plants))
    if what == "tiles":
        return s.placed
    raise ValueError(what)


class _Earned:
    """What a player's earned cards are worth: the points of its animals and of its plant
    cards, and its value for each Global Bonus measure."""

    __slots__ = ("animals", "measures", "plants")

    def __init__(self, animals: int, plants: int, measures: dict[str, int]) -> None:
        self.animals = animals
        self.plants = plants
        self.measures = measures


@lru_cache(maxsize=4096)
def _earned(chains: tuple[tuple[str, ...], ...], plants: tuple[str, ...], placed: int) -> _Earned:
    """What the earned cards ``chains`` and ``plants`` (and ``placed`` tiles) are worth.

    Observations score every seat at every step, and a seat's earned cards change only
    when it earns one, so the answers for recent holdings are remembered (a pure function
    of immutable values)."""
    by_id = cards().by_id
    s = SeatData(chains=chains, plants=plants, placed=placed)
    return _Earned(
        sum(by_id[c].points for c in _animals(s)),
        sum(by_id[c].points for c in plants),
        {what: _measured(s, what) for what in MEASURES},
    )


def bonus_winner(d: BiomeData, bonus: str) -> int | None:
    """The one seat that earns ``bonus``, or ``None`` (nobody reached it, or a tie)."""
    b = cards().bonuses[bonus]
    values = [measure(s, b.measure) for s in d.seats]
    best = max(values)
    if best < b.minimum or values.count(best) > 1:
        return None
    return values.index(best)


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One player's score and how it was reached.

    Attributes:
        animals: the points of the animals earned (consumed prey included).
        plants: the points of the plant cards earned.
        bonuses: the Global Bonus cards this player earns.
        apexes: Apex Predators earned (the first tie-break).
        tiles_left: tiles in front of the player (the second tie-break, fewest first).
        in_play: the Global Bonus cards in play, earned or not.
    """

    animals: int
    plants: int
    bonuses: tuple[str, ...]
    apexes: int
    tiles_left: int
    in_play: tuple[str, ...] = ()

    @property
    def cards(self) -> int:
        """Points from earned cards, animals and plants."""
        return self.animals + self.plants

    def terms(self) -> tuple[tuple[str, int], ...]:
        """The points line by line: animals, plant cards, then each Global Bonus card in
        play by its name (5 when this player earns it, else 0)."""
        bonuses = cards().bonuses
        return (
            ("Animals", self.animals),
            ("Plants", self.plants),
            *(
                (bonuses[b].name, BONUS_POINTS if b in self.bonuses else 0)
                for b in (self.in_play or self.bonuses)
            ),
        )

    @property
    def total(self) -> int:
        """Points from cards plus Global Bonus cards: the sum of the :meth:`terms`."""
        # (added up as the terms are, without naming them: every observation reads it)
        total = self.animals + self.plants
        for b in self.in_play or self.bonuses:
            if b in self.bonuses:
                total += BONUS_POINTS
        return total


def score_seat(d: BiomeData, seat: int) -> SeatScore:
    """Score ``seat`` as the game stands."""
    return _score(d, seat, leaders(d))


def score_seats(d: BiomeData, lead: dict[str, int | None] | None = None) -> list[SeatScore]:
    """Score every seat as the game stands (each Global Bonus card's leader found once;
    ``lead``: :func:`leaders`, when already known)."""
    lead = leaders(d) if lead is None else lead
    return [_score(d, s, lead) for s in range(len(d.seats))]


def leaders(d: BiomeData) -> dict[str, int | None]:
    """Each Global Bonus card in play and the seat that earns it (:func:`bonus_winner`)."""
    return {b: bonus_winner(d, b) for b in d.bonuses}


def _score(d: BiomeData, seat: int, lead: dict[str, int | None]) -> SeatScore:
    s = d.seats[seat]
    earned = _earned(s.chains, s.plants, s.placed)
    won = tuple(b for b in d.bonuses if lead[b] == seat)
    return SeatScore(
        earned.animals, earned.plants, won, earned.measures["apex"], len(s.tiles), d.bonuses
    )


def winners(d: BiomeData) -> list[int]:
    """The winning seats: most points, then most apexes, then fewest tiles left."""
    scores = score_seats(d)
    keys = [(sc.total, sc.apexes, -sc.tiles_left) for sc in scores]
    best = max(keys)
    return [s for s, k in enumerate(keys) if k == best]
