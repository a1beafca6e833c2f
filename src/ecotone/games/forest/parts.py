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


def _pile(pile: tuple[str, ...]) -> dict[str, Any]:
    return {"cards": len(pile), "top": _LEVEL_KEYS[cards().level_of[pile[-1]]] if pile else None}


def _hands(seat: int) -> Part:
    # one item per seat, so that a step that changes one hand makes that one again
    def source(d: ForestData) -> tuple[tuple[int, tuple[str, ...]], ...]:
        return tuple(enumerate(d.hands))

    def build(piece: tuple[int, tuple[str, ...]]) -> dict[str, Any]:
        s, h = piece
        return {"count": len(h), "levels": _levels(h), "cards": list(h) if s == seat else None}

    return ObservationPart("hands", source, build, each=1)


def observation_parts(seat: int, players: int, variant: str | None) -> tuple[Part, ...]:
    """``seat``'s observation in parts (see the module docstring)."""
    forests = operator.attrgetter("forests")
    parts = [
        ObservationPart("phase", operator.attrgetter("phase"), operator.attrgetter("value")),
        ObservationPart("turn", operator.attrgetter("turn"), _same),
        ObservationPart("draws_left", operator.attrgetter("draws_left"), _same),
        ObservationPart("gift", operator.attrgetter("gift"), _same),
        ObservationPart("receiver", operator.attrgetter("receiver"), _same),
        ObservationPart("piles", operator.attrgetter("piles"), _pile, each=1),
        _hands(seat),
        ObservationPart("forests", forests, _tree, each=2),
        ObservationPart("points", forests, forest_points, each=1),
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
