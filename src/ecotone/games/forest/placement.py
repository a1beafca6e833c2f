"""Where a card goes in a forest (rules §Placing a card, §Solo).

A card goes to its own level, in any tree of its player's forest: it fills that level of
the unfinished tree or covers the card already there (in any tree, complete or not). A new
tree may be started only when the last one has all four levels, so a forest has at most
one unfinished tree, its last, and a card can always be placed.

These are the facts of the board the rules, the refusals and the bots all build on;
:func:`ecotone.games.forest.refusals.tree_rule` is the rule a tree is refused by.
"""

from __future__ import annotations

from typing import Final

from ecotone.games.forest.cards import cards
from ecotone.games.forest.state import EMPTY_TREE, Forest

__all__ = ["can_start_tree", "neighbour_place", "place_card", "target_count", "targets"]


def can_start_tree(forest: Forest) -> bool:
    """A new tree may be started only when the previous one has all four levels."""
    return target_count(forest) > len(forest)


def target_count(forest: Forest) -> int:
    """How many trees a card may go into (see :func:`targets`): every existing tree, plus
    a new one when the last is complete (or there is none)."""
    # ``is_complete(forest[-1])`` written out: the legal moves ask this at every
    # placement, and the call costs more than the test
    if forest and not all(forest[-1]):
        return len(forest)
    return len(forest) + 1


def targets(forest: Forest) -> range:
    """The trees a card may go into: any existing tree (filling or covering its level),
    plus a new tree when the last one is complete."""
    return range(target_count(forest))


def place_card(forest: Forest, card: str, tree: int) -> Forest:
    """``forest`` with ``card`` on top of its level's slot in ``tree`` (new when ``tree``
    is one past the last)."""
    level = _SLOT[card]
    if tree < len(forest):
        # the tree and the forest copied as lists, changed in place and frozen again:
        # cheaper than slicing around the changed entry, or than a call to ``put`` (and a
        # list display, ``[*items]``, copies for less than a call of ``list``)
        slots = [*forest[tree]]
        slots[level] = (*slots[level], card)
        trees = [*forest]
        trees[tree] = (slots[0], slots[1], slots[2], slots[3])
        return tuple(trees)
    slots = [*EMPTY_TREE]
    slots[level] = (card,)
    return (*forest, (slots[0], slots[1], slots[2], slots[3]))


# Each card's slot in a tree: its level as a plain int, which indexes a list for less
# than the level itself (an IntEnum) does.
_SLOT: Final = {cid: int(level) for cid, level in cards().level_of.items()}


def neighbour_place(forest: Forest, card: str) -> Forest:
    """Where the solo game's Neighbouring Forest puts a card it is given (§Solo).

    It fills that level of its last tree if empty; if its last tree is complete (or it has
    none) it starts a new tree; otherwise it covers that level of its last tree.
    """
    if can_start_tree(forest):
        return place_card(forest, card, len(forest))
    return place_card(forest, card, len(forest) - 1)
