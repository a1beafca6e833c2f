"""Where a card goes in a forest (rules §Placing a card, §Solo).

A card goes to its own level, in any tree of its player's forest: it fills that level of
the unfinished tree or covers the card already there (in any tree, complete or not). A new
tree may be started only when the last one has all four levels, so a forest has at most
one unfinished tree, its last, and a card can always be placed.

These are the facts of the board the rules, the refusals and the bots all build on;
:func:`ecotone.games.forest.refusals.tree_rule` is the rule a tree is refused by.
"""

from __future__ import annotations

from ecotone.games.forest.cards import cards
from ecotone.games.forest.scoring import is_complete
from ecotone.games.forest.state import EMPTY_TREE, Forest, Tree

__all__ = ["can_start_tree", "neighbour_place", "place_card", "targets"]


def can_start_tree(forest: Forest) -> bool:
    """A new tree may be started only when the previous one has all four levels."""
    return not forest or is_complete(forest[-1])


def targets(forest: Forest) -> range:
    """The trees a card may go into: any existing tree (filling or covering its level),
    plus a new tree when the last one is complete."""
    return range(len(forest) + can_start_tree(forest))


def place_card(forest: Forest, card: str, tree: int) -> Forest:
    """``forest`` with ``card`` on top of its level's slot in ``tree`` (new when ``tree``
    is one past the last)."""
    level = cards().level_of[card]
    base = forest[tree] if tree < len(forest) else EMPTY_TREE
    slots = list(base)
    slots[level] = (*base[level], card)
    new_tree: Tree = (slots[0], slots[1], slots[2], slots[3])
    return (*forest[:tree], new_tree, *forest[tree + 1 :])


def neighbour_place(forest: Forest, card: str) -> Forest:
    """Where the solo game's Neighbouring Forest puts a card it is given (§Solo).

    It fills that level of its last tree if empty; if its last tree is complete (or it has
    none) it starts a new tree; otherwise it covers that level of its last tree.
    """
    if can_start_tree(forest):
        return place_card(forest, card, len(forest))
    return place_card(forest, card, len(forest) - 1)
