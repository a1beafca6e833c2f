"""A seat's observation in parts (:mod:`ecotone.core.parts`), each from one field of the
data: a step changes a hand, a pile or a forest and shares the other fields with the
state before it, so a learning environment rebuilds only those parts.

Together the parts make :func:`~ecotone.games.forest.view.observation` key for key,
from the same helpers; the tests compare the two on played positions of every
configuration.
"""

from __future__ import annotations

import operator
from typing import Any

from ecotone.core.parts import ObservationPart
from ecotone.games.forest.cards import cards
from ecotone.games.forest.scoring import (
    SEMI_COOP,
    degradation_limit,
    forest_points,
    table_chainsaws,
)
from ecotone.games.forest.state import ForestData
from ecotone.games.forest.view import _LEVEL_KEYS, _forest_json, _levels

__all__ = ["observation_parts"]

Part = ObservationPart[ForestData]  # for annotations (built as ObservationPart)


def _same(value: Any) -> Any:
    return value


def _tree(tree: tuple[tuple[str, ...], ...]) -> list[list[str]]:
    return [list(slot) for slot in tree]


def _piles(piles: tuple[tuple[str, ...], ...]) -> list[dict[str, Any]]:
    level_of = cards().level_of
    return [{"cards": len(p), "top": _LEVEL_KEYS[level_of[p[-1]]] if p else None} for p in piles]


def _hands(seat: int) -> Part:
    def build(hands: tuple[tuple[str, ...], ...]) -> list[dict[str, Any]]:
        return [
            {"count": len(h), "levels": _levels(h), "cards": list(h) if s == seat else None}
            for s, h in enumerate(hands)
        ]

    return ObservationPart("hands", operator.attrgetter("hands"), build)


def observation_parts(seat: int, players: int, variant: str | None) -> tuple[Part, ...]:
    """``seat``'s observation in parts (see the module docstring)."""
    forests = operator.attrgetter("forests")
    parts = [
        ObservationPart("phase", operator.attrgetter("phase"), operator.attrgetter("value")),
        ObservationPart("turn", operator.attrgetter("turn"), _same),
        ObservationPart("draws_left", operator.attrgetter("draws_left"), _same),
        ObservationPart("gift", operator.attrgetter("gift"), _same),
        ObservationPart("receiver", operator.attrgetter("receiver"), _same),
        ObservationPart("piles", operator.attrgetter("piles"), _piles),
        _hands(seat),
        ObservationPart("forests", forests, _tree, each=2),
        ObservationPart("points", forests, lambda fs: [forest_points(f) for f in fs]),
    ]
    if players == 1:
        neighbour = operator.attrgetter("neighbour")
        parts.append(ObservationPart("neighbour", neighbour, _forest_json))
        parts.append(ObservationPart("neighbour_points", neighbour, forest_points))
    if variant == SEMI_COOP:
        parts.append(ObservationPart("table_chainsaws", _same, table_chainsaws))
        limit = degradation_limit(players)
        parts.append(ObservationPart("degradation_limit", lambda d: limit, _same))
    return tuple(parts)
