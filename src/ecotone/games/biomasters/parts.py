"""A seat's observation in parts (:mod:`ecotone.core.parts`), each from one piece of the
data: a step changes the grid, a hand or a Score Pile and shares the rest with the state
before it, so a learning environment rebuilds only those parts.

Together the parts make :func:`~ecotone.games.biomasters.view.observation` key for key,
from the same helpers; the tests compare the two on played positions of every
configuration.
"""

from __future__ import annotations

import operator
from typing import Any

from ecotone.core.parts import ABSENT, ObservationPart
from ecotone.games.biomasters.cards import level_name
from ecotone.games.biomasters.effects import Table
from ecotone.games.biomasters.scoring import pile_vp
from ecotone.games.biomasters.state import BioData, Pending, Scored, Slot
from ecotone.games.biomasters.view import _slot_json

__all__ = ["observation_parts"]


def _same(value: Any) -> Any:
    return value


def _listed(value: tuple[Any, ...]) -> list[Any]:
    return list(value)


def _pile(pile: tuple[Scored, ...]) -> dict[str, Any]:
    return {"cards": [[e.card, e.vp] for e in pile], "vp": pile_vp(pile)}


def _cell(piece: tuple[str, Slot | None]) -> Any:
    """A cell's entry, left out when the cell is empty: the same function for every seat,
    so that a learning environment's seats share the entries they make."""
    name, slot = piece
    return ABSENT if slot is None else _slot_json(name, slot)


class _Cells:
    """The grid as one piece per cell, ``(name, slot)``: one item of the cells list per
    cell, the empty ones left out, so that a step that changes a cell or two makes those
    again. Made again only when the grid changes, so that a step that leaves it as it
    was hands over the very pieces of the step before (nothing to compare)."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.grid: tuple[Slot | None, ...] | None = None
        self.pieces: tuple[tuple[str, Slot | None], ...] = ()

    def __call__(self, d: BioData) -> tuple[tuple[str, Slot | None], ...]:
        if d.grid is not self.grid:
            self.pieces = tuple(zip(self.names, d.grid, strict=True))
            self.grid = d.grid
        return self.pieces


def observation_parts(seat: int, table: Table) -> tuple[ObservationPart[BioData], ...]:
    """``seat``'s observation in parts (see the module docstring)."""
    names = table.grid.names
    rows, cols = table.grid.rows, table.grid.cols
    deck_names = [deck.name for deck in table.decks]
    deck_lists = [dict(deck.cards) for deck in table.decks]
    teams = [[0, 2], [1, 3]] if table.teams else None

    def pending(p: Pending | None) -> dict[str, Any] | None:
        if p is None:
            return None
        return {
            "card": p.card,
            "cell": names[p.cell] if p.cell >= 0 else None,
            "icons": [level_name(lv) for lv in p.icons],
        }

    cells = _Cells(names)

    def hand(piece: tuple[int, tuple[str, ...], tuple[str, ...]]) -> dict[str, Any]:
        s, cards, revealed = piece
        return {
            "count": len(cards),
            "revealed": list(revealed),
            "cards": list(cards) if s == seat else None,
        }

    def deck(piece: tuple[int, int]) -> dict[str, Any]:
        s, count = piece
        return {"count": count, "name": deck_names[s], "list": dict(deck_lists[s])}

    field = operator.attrgetter
    return (
        ObservationPart("turn", field("turn"), _same),
        ObservationPart("turns", field("turns"), _same),
        ObservationPart("phase", field("phase"), field("value")),
        ObservationPart("actions", field("actions"), _same),
        ObservationPart("pending", field("pending"), pending),
        ObservationPart("last", field("last"), _same),
        ObservationPart("events", field("events"), _listed),
        ObservationPart("rows", lambda d: rows, _same),
        ObservationPart("cols", lambda d: cols, _same),
        ObservationPart("cells", cells, _cell, each=1, sparse=True),
        ObservationPart(
            "hands",
            lambda d: tuple(zip(range(len(d.hands)), d.hands, d.revealed, strict=True)),
            hand,
            each=1,
        ),
        ObservationPart(
            "decks",
            lambda d: tuple((s, len(cards)) for s, cards in enumerate(d.decks)),
            deck,
            each=1,
        ),
        ObservationPart("piles", field("piles"), _pile, each=1),
        ObservationPart("teams", lambda d: None, lambda _: teams and [list(t) for t in teams]),
    )
