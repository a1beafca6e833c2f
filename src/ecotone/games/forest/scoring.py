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
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ecotone.games.forest.cards import CardSet, cards
from ecotone.games.forest.state import Forest, Tree

__all__ = ["ForestScore", "is_complete", "score_forest", "tops"]

COMPLETE_TREE = 3
INCOMPLETE_TREE = -1
CHAINSAW = -1
BALANCED_SPECIES = 1


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

    @property
    def total(self) -> int:
        """The forest's points."""
        return (
            COMPLETE_TREE * self.complete
            + INCOMPLETE_TREE * self.incomplete
            + CHAINSAW * self.chainsaws
            + BALANCED_SPECIES * len(self.balanced)
        )


def score_forest(forest: Forest, cs: CardSet | None = None) -> ForestScore:
    """Score ``forest`` by the rules above."""
    cs = cs or cards()
    complete = [t for t in forest if is_complete(t)]
    individuals: Counter[str] = Counter()
    chainsaws = 0
    for tree in complete:
        for cid in tops(tree):
            card = cs.by_id[cid]
            chainsaws += card.chainsaw
            if card.species:
                individuals[card.species] += 1
    n = len(complete)
    balanced = tuple(sorted(s for s in cs.species if n and individuals[s] == n))
    return ForestScore(
        complete=n,
        incomplete=sum(1 for t in forest if any(t) and not is_complete(t)),
        chainsaws=chainsaws,
        individuals=dict(individuals),
        balanced=balanced,
    )
