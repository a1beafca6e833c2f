"""A seat's observation in parts (:mod:`ecotone.core.parts`), each from one piece of the
data: a step changes a hand, the table or a discard pile and shares the rest with the
state before it, so a learning environment rebuilds only those parts.

Together the parts make :meth:`~ecotone.games.phylo.game.Phylo.observation` key for
key, from the same helpers; the tests compare the two on played positions of every
configuration.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, Final

from ecotone.core.parts import ObservationPart
from ecotone.games.phylo.board import CELL_NAMES, MAP_CELLS
from ecotone.games.phylo.compatibility import trouble_on
from ecotone.games.phylo.scoring import table_points
from ecotone.games.phylo.state import Pending, PhyloData, Slot, instance

__all__ = ["observation_parts"]


def _same(value: Any) -> Any:
    return value


def _listed(value: tuple[Any, ...]) -> list[Any]:
    return list(value)


def _cell(cell: int) -> str | None:
    return CELL_NAMES[cell] if cell >= 0 else None


_Table = Callable[[tuple[Slot, ...]], list[dict[str, Any]]]
_PerOwner = Callable[[tuple[tuple[str, ...], ...]], list[list[str]]]
_Pending = Callable[[Pending | None], dict[str, Any] | None]

#: The builds of the parts that read nothing of the seat, per kind of game (constructed
#: decks or not): made once for every seat's parts, so that a learning environment's
#: seats share what they make of the table, the piles and a pending play.
_PUBLIC: Final[dict[bool, tuple[_Table, _PerOwner, _Pending]]] = {}


def _public(decks: bool) -> tuple[_Table, _PerOwner, _Pending]:
    """The table, per-owner piles and pending builds for ``decks`` (see :data:`_PUBLIC`)."""
    found = _PUBLIC.get(decks)
    if found is None:
        found = _PUBLIC[decks] = _builds(decks)
    return found


def _builds(decks: bool) -> tuple[_Table, _PerOwner, _Pending]:
    def inst(card: str, owner: int) -> str:
        return instance(card, owner, decks)

    def table(board: tuple[Slot, ...]) -> list[dict[str, Any]]:
        bad = set(trouble_on(board))
        out = []
        for slot in board:
            entry: dict[str, Any] = {
                "cell": CELL_NAMES[slot.cell],
                "card": inst(slot.card, slot.owner),
                "owner": slot.owner,
                "incompatible": (slot.cell, False) in bad,
            }
            if slot.under is not None:
                entry["under"] = inst(slot.under, slot.under_owner)
                entry["under_owner"] = slot.under_owner
                entry["under_incompatible"] = (slot.cell, True) in bad
            out.append(entry)
        return out

    def per_owner(piles: tuple[tuple[str, ...], ...]) -> list[list[str]]:
        return [[inst(c, i) for c in pile] for i, pile in enumerate(piles)]

    def pending(p: Pending | None) -> dict[str, Any] | None:
        if p is None:
            return None
        return {
            "card": inst(p.card, p.player),
            "player": p.player,
            "cell": _cell(p.cell),
            "leave": p.leave,
        }

    return table, per_owner, pending


def observation_parts(
    seat: int, decks: bool, deck_names: list[str] | None
) -> tuple[ObservationPart[PhyloData], ...]:
    """``seat``'s observation in parts (see the module docstring); ``decks`` for the
    constructed-deck game, whose deck names are ``deck_names``."""
    table, per_owner, pending = _public(decks)

    def inst(card: str, owner: int) -> str:
        return instance(card, owner, decks)

    def hand(piece: tuple[int, tuple[str, ...], tuple[str, ...]]) -> dict[str, Any]:
        s, cards, known = piece
        return {
            "count": len(cards),
            "cards": [inst(c, s) for c in cards] if s == seat else None,
            "known": [inst(c, s) for c in known],
        }

    field = operator.attrgetter
    game_map = sorted(CELL_NAMES[c] for c in MAP_CELLS)
    parts = [
        ObservationPart("phase", field("phase"), field("value")),
        ObservationPart("turn", field("turn"), _same),
        ObservationPart("actions_left", field("actions_left"), _same),
        ObservationPart("rescue_turn", field("rescuing"), _same),
        ObservationPart("rescue_due", field("rescue_due"), _listed),
        ObservationPart("skips", field("skips"), _listed),
        ObservationPart("final", field("final"), _same),
        ObservationPart("events_this_turn", field("events_this_turn"), _same),
        ObservationPart("map", lambda d: None, lambda _: list(game_map)),
        ObservationPart("table", field("board"), table),
        ObservationPart("points", field("board"), table_points),
        ObservationPart("piles", field("piles"), lambda piles: [len(p) for p in piles]),
        ObservationPart("discards", field("discards"), per_owner),
        ObservationPart(
            "hands",
            lambda d: tuple(zip(range(len(d.hands)), d.hands, d.known, strict=True)),
            hand,
            each=1,
        ),
        ObservationPart("in_play", field("in_play"), per_owner),
        ObservationPart("pending", field("pending"), pending),
        ObservationPart("owed", field("owed"), _same),
        ObservationPart("spread_at", field("spread_at"), _cell),
        ObservationPart("thrown", field("throws"), lambda throws: [bool(t) for t in throws]),
        ObservationPart("my_throw", lambda d: d.throws[seat], lambda throw: throw or None),
        ObservationPart("ties", field("ties"), _same),
        ObservationPart("placed", field("placed"), _cell),
        ObservationPart("placed_under", field("placed_under"), _same),
        ObservationPart("remover", field("remover"), _same),
        ObservationPart("spread_used", field("spread_used"), _same),
        ObservationPart("challenge_rule", field("challenge_rule"), _same),
        ObservationPart("log", field("log"), _listed),
    ]
    if deck_names is not None:
        names = list(deck_names)
        parts.append(ObservationPart("decks", lambda d: None, lambda _: list(names)))
    return tuple(parts)
