"""What each seat sees (the observation), what it cannot tell apart (determinization),
and where every card lies (zones). The text picture of a view is in
:mod:`~ecotone.games.forest.render`.

Public: the forests (every card placed, covered ones included: all were seen when
placed), the number of cards in each pile and the level of each pile's top card (card
backs show the level), the levels of every hand (same reason), a gift being placed, the
Neighbouring Forest. Private: the faces of the cards in a hand, and the order of the
piles below their top card.
"""

from __future__ import annotations

import functools
import random
from typing import Any, Final

from ecotone.core.rng import shuffle
from ecotone.core.tuples import replace, seat_name
from ecotone.games.forest.cards import LEVELS, cards
from ecotone.games.forest.scoring import (
    SEMI_COOP,
    degradation_limit,
    forest_points,
    table_chainsaws,
)
from ecotone.games.forest.state import Forest, ForestData

__all__ = ["determinize", "observation", "zones"]

_LEVEL_KEYS: Final = tuple(level.key for level in LEVELS)


# Each card's level as a plain int (indexing a list by a plain int costs less than by the
# IntEnum; a hand is sorted by it) and its level's key.
_SLOT: Final = {cid: int(level) for cid, level in cards().level_of.items()}
_LEVEL_KEY: Final = {cid: _LEVEL_KEYS[level] for cid, level in _SLOT.items()}


@functools.lru_cache(maxsize=512)
def _level_keys(hand: tuple[str, ...]) -> tuple[str, ...]:
    # Remembered: an observation per step asks for every hand, most unchanged. A hand
    # met for the first time (a learning environment's encoder asks only for changed
    # ones) is sorted and looked up by C calls alone, no generator frames.
    return tuple(map(_LEVEL_KEY.__getitem__, sorted(hand, key=_SLOT.__getitem__)))


def _levels(hand: tuple[str, ...]) -> list[str]:
    return list(_level_keys(hand))


def _forest_json(forest: Forest) -> list[list[list[str]]]:
    return [[list(slot) for slot in tree] for tree in forest]


def observation(
    d: ForestData, seat: int | None, players: int, variant: str | None = None
) -> dict[str, Any]:
    """Everything ``seat`` may know (``None``: a spectator); the semi-cooperative game
    adds the table's chainsaws and their limit."""
    level_of = cards().level_of
    obs: dict[str, Any] = {
        "phase": d.phase.value,
        "turn": d.turn,
        "draws_left": d.draws_left,
        "gift": d.gift,
        "receiver": d.receiver,
        "piles": [
            {"cards": len(p), "top": _LEVEL_KEYS[level_of[p[-1]]] if p else None} for p in d.piles
        ],
        "hands": [
            {
                "count": len(h),
                "levels": _levels(h),
                "cards": list(h) if s == seat else None,
            }
            for s, h in enumerate(d.hands)
        ],
        "forests": [_forest_json(f) for f in d.forests],
        "points": [forest_points(f) for f in d.forests],
    }
    if players == 1:
        obs["neighbour"] = _forest_json(d.neighbour)
        obs["neighbour_points"] = forest_points(d.neighbour)
    if variant == SEMI_COOP:
        obs["table_chainsaws"] = table_chainsaws(d)
        obs["degradation_limit"] = degradation_limit(players)
    return obs


def determinize(d: ForestData, seat: int, rnd: random.Random) -> ForestData:
    """Re-deal what ``seat`` cannot see, keeping everything it can.

    The unseen cards (other hands, the piles) are shuffled within their levels so that
    each hidden hand keeps its levels and each pile its top card's level; the cards under
    the tops are shuffled freely.
    """
    # Every card lies in exactly one place, so the unseen ones are those of the piles and
    # of the other hands: a search re-deals at every iteration, and these few tuples are
    # read for less than every forest's slots. The shuffles take them level by level in
    # the card list's order, as a deal from the whole card list would.
    unseen: set[str] = set()
    for pile in d.piles:
        unseen.update(pile)
    for s, hand in enumerate(d.hands):
        if s != seat:
            unseen.update(hand)
    pool = [[cid for cid in ids if cid in unseen] for ids in _IDS_BY_LEVEL]
    for group in pool:
        shuffle(rnd, group)
    hands = [*d.hands]
    for s, hand in enumerate(d.hands):
        if s != seat and hand:
            hands[s] = tuple(sorted([pool[_SLOT[c]].pop() for c in hand]))
    tops = [pool[_SLOT[p[-1]]].pop() if p else None for p in d.piles]
    rest: list[str] = []
    for group in pool:  # a level's cards at once, not one by one
        rest += group
    shuffle(rnd, rest)
    piles = []
    for pile, top in zip(d.piles, tops, strict=True):
        if top is None:
            piles.append(pile)
            continue
        # the cards under the top, taken one at a time off the end of the shuffled rest
        under = len(pile) - 1
        taken = rest[len(rest) - under :]
        del rest[len(rest) - under :]
        taken.reverse()
        taken.append(top)
        piles.append(tuple(taken))
    assert not rest
    return replace(d, hands=tuple(hands), piles=tuple(piles))


# The card ids of each level, in the card list's order.
_IDS_BY_LEVEL: Final = tuple(
    tuple(cid for cid in cards().ids if cards().level_of[cid] == level) for level in LEVELS
)


def zones(d: ForestData) -> dict[str, list[str]]:
    """Every card by where it lies."""
    out: dict[str, list[str]] = {}
    for i, pile in enumerate(d.piles):
        out[f"pile {i + 1}"] = list(pile)
    for s, hand in enumerate(d.hands):
        out[f"{seat_name(s)} hand"] = list(hand)
    for s, forest in enumerate(d.forests):
        out[f"{seat_name(s)} forest"] = [c for tree in forest for slot in tree for c in slot]
    out["gift"] = [d.gift] if d.gift is not None else []
    out["neighbouring forest"] = [c for tree in d.neighbour for slot in tree for c in slot]
    return out
