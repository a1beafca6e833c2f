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
from collections import defaultdict
from typing import Any

from ecotone.core.records import replace, seat_name
from ecotone.games.forest.cards import LEVELS, Level, cards
from ecotone.games.forest.scoring import (
    SEMI_COOP,
    degradation_limit,
    forest_points,
    table_chainsaws,
)
from ecotone.games.forest.state import Forest, ForestData

__all__ = ["determinize", "observation", "zones"]

_LEVEL_KEYS = tuple(level.key for level in LEVELS)


@functools.lru_cache(maxsize=512)
def _level_keys(hand: tuple[str, ...]) -> tuple[str, ...]:
    level_of = cards().level_of
    return tuple(_LEVEL_KEYS[lv] for lv in sorted(level_of[c] for c in hand))


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
    cs = cards()
    seen = set(d.hands[seat])
    for forest in (*d.forests, d.neighbour):
        for tree in forest:
            for slot in tree:
                seen.update(slot)
    if d.gift is not None:
        seen.add(d.gift)
    pool: dict[Level, list[str]] = defaultdict(list)
    for cid in cs.ids:
        if cid not in seen:
            pool[cs.level_of[cid]].append(cid)
    for group in pool.values():
        rnd.shuffle(group)
    hands = list(d.hands)
    for s, hand in enumerate(d.hands):
        if s != seat:
            hands[s] = tuple(sorted(pool[cs.level_of[c]].pop() for c in hand))
    tops = [pool[cs.level_of[p[-1]]].pop() if p else None for p in d.piles]
    rest = [cid for lv in LEVELS for cid in pool[lv]]
    rnd.shuffle(rest)
    piles = []
    for pile, top in zip(d.piles, tops, strict=True):
        under = [rest.pop() for _ in range(len(pile) - 1)] if pile else []
        piles.append(tuple(under) + ((top,) if top is not None else ()))
    assert not rest
    return replace(d, hands=tuple(hands), piles=tuple(piles))


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
