"""Scoring a forest (rules §Scoring).

* +3 for each complete tree (all four levels filled);
* -1 for each tree started but not complete;
* -1 for each chainsaw showing in a complete tree;
* +1 for each species whose number of individuals showing in complete trees equals the
  number of complete trees (the forest is *in balance* for that species). Ecotone ruling:
  a species must be present to be in balance, so a forest without complete trees scores
  no species.

Only the top card of each slot counts: covered cards are gone from the forest's life.
Incomplete trees count for nothing but their -1.

The variants judge the outcome on top of the scores (§Variants, both Ecotone designs): the
solo game rates the final forest and is won with a Healthy forest that also outscores the
Neighbouring Forest; in the semi-cooperative game everybody loses when the complete trees
of the table show too many chainsaws.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ecotone.games.forest.cards import CardSet, cards
from ecotone.games.forest.state import Forest, ForestData, Tree

__all__ = [
    "SEMI_COOP",
    "SOLO",
    "SOLO_RATINGS",
    "SOLO_TARGET",
    "TERMS",
    "ForestScore",
    "degradation_limit",
    "forest_points",
    "is_complete",
    "score_forest",
    "solo_rating",
    "table_chainsaws",
    "tops",
    "winners",
]

SOLO: Final = "solo"
SEMI_COOP: Final = "semi-cooperative"

COMPLETE_TREE: Final = 3
INCOMPLETE_TREE: Final = -1
CHAINSAW: Final = -1
BALANCED_SPECIES: Final = 1

#: The lines of a forest's score, as :meth:`ForestScore.terms` names them.
TERMS: Final = ("Complete trees", "Animals in balance", "Chainsaws", "Unfinished trees")


def is_complete(tree: Tree) -> bool:
    """True when all four levels of ``tree`` hold a card."""
    return all(tree)


def tops(tree: Tree) -> list[str]:
    """The card showing at each filled level of ``tree``, Ground first."""
    return [slot[-1] for slot in tree if slot]


@dataclass(frozen=True, slots=True)
class ForestScore:
    """A forest's score and how it was reached."""

    complete: int
    incomplete: int
    chainsaws: int
    individuals: dict[str, int]
    balanced: tuple[str, ...]

    def terms(self) -> tuple[tuple[str, int], ...]:
        """The points line by line, in the order the rules count them: complete trees,
        species in balance, chainsaws, unfinished trees (the last two negative)."""
        return tuple(zip(TERMS, self._points(), strict=True))

    @property
    def total(self) -> int:
        """The forest's points: the sum of its :meth:`terms`."""
        return sum(self._points())

    def _points(self) -> tuple[int, int, int, int]:
        return (
            COMPLETE_TREE * self.complete,
            BALANCED_SPECIES * len(self.balanced),
            CHAINSAW * self.chainsaws,
            INCOMPLETE_TREE * self.incomplete,
        )


def score_forest(forest: Forest, cs: CardSet | None = None) -> ForestScore:
    """Score ``forest`` by the rules above."""
    cs = cs or cards()
    by_id = cs.by_id
    complete = incomplete = chainsaws = 0
    # a plain dict counted by hand: a Counter costs several calls more per forest, and
    # the search's heuristic scores forests by the thousand
    individuals: dict[str, int] = {}
    for tree in forest:
        # ``is_complete`` and ``tops`` written out: a search scores every playout's end
        if not all(tree):
            if any(tree):
                incomplete += 1
            continue
        complete += 1
        for slot in tree:
            card = by_id[slot[-1]]
            chainsaws += card.chainsaw
            if card.species:
                individuals[card.species] = individuals.get(card.species, 0) + 1
    # only a species counted can be in balance (and none without a complete tree)
    balanced = tuple(sorted([s for s, n in individuals.items() if n == complete]))
    return ForestScore(
        complete=complete,
        incomplete=incomplete,
        chainsaws=chainsaws,
        individuals=individuals,
        balanced=balanced,
    )


_POINTS: Final[dict[int, tuple[Forest, int]]] = {}
_POINTS_KEPT: Final = 4096


def forest_points(forest: Forest) -> int:
    """``score_forest(forest).total``, remembered for the forests seen last.

    Scores are read many times per step: an observation per viewer (a server checking
    who may see a step makes one per alternative action too), and a search reads the
    scores and then the winners of every playout it ends, nearly always of forests
    already scored: a step changes one forest at most, and states share the others.
    They are found by identity, which costs less than hashing the nested tuples; the
    entry keeps its forest alive, so the id cannot be reused while it is remembered.
    """
    kept = _POINTS.get(id(forest))
    if kept is not None and kept[0] is forest:
        return kept[1]
    if len(_POINTS) >= _POINTS_KEPT:
        _POINTS.clear()
    points = score_forest(forest).total
    _POINTS[id(forest)] = (forest, points)
    return points


# -- the variants (§Solo, §Semi-cooperative) --------------------------------------------

# Solo rating table (§Solo): the lowest score of each rating.
SOLO_RATINGS: Final[tuple[tuple[int, str], ...]] = (
    (24, "Primary rainforest"),
    (18, "Old-growth forest"),
    (12, "Healthy forest"),
    (6, "Young forest"),
    (-99, "Clear-cut"),
)

# The solo game is won with a Healthy forest that also outscores the Neighbouring Forest.
SOLO_TARGET: Final = 12


def solo_rating(points: int) -> str:
    """The solo game's rating of a final score."""
    return next(name for low, name in SOLO_RATINGS if points >= low)


def table_chainsaws(d: ForestData) -> int:
    """Chainsaws showing in the complete trees of every forest together (§Semi-cooperative)."""
    by_id = cards().by_id
    return sum(by_id[c].chainsaw for f in d.forests for t in f if is_complete(t) for c in tops(t))


def degradation_limit(players: int) -> int:
    """The most chainsaws the table's complete trees may show in the semi-cooperative game.

    The same for every table: all 64 cards end up in the forests whatever the number of
    players, so the 12 chainsaws are always there to be covered or left showing.
    """
    del players
    return 2


def winners(d: ForestData, variant: str | None) -> list[int]:
    """The winning seats of a finished game: the highest score (shared on a tie), unless
    the variant says otherwise (§Solo, §Semi-cooperative)."""
    points = [forest_points(f) for f in d.forests]
    if variant == SOLO:
        beaten = points[0] > forest_points(d.neighbour)
        return [0] if beaten and points[0] >= SOLO_TARGET else []
    if variant == SEMI_COOP and table_chainsaws(d) > degradation_limit(len(d.forests)):
        return []
    best = max(points)
    return [s for s, p in enumerate(points) if p == best]
