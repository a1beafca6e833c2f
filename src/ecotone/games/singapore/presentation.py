"""How Singapore Untamed shows itself: every card's face for the boards and the docs.

The catalogue lists public components only (card faces, tiles, board parts), so it may be
sent to anyone; an observation names cards by id and the surfaces look them up here.
"""

from __future__ import annotations

from typing import Any

from ecotone.core.presentation import Presentation
from ecotone.games.singapore.board import board
from ecotone.games.singapore.cards import cards

__all__ = ["present"]


def present() -> Presentation:
    """The game's card faces, board, picture and colours."""
    cs = cards()
    b = board()
    out: dict[str, Any] = {
        a.key: {
            "name": a.name,
            "kind": "adaptation",
            "deck": a.deck,
            "species": a.species,
            "latin": a.latin,
            "fact": a.fact,
            "points": list(a.points),
            "text": a.ability_text,
        }
        for a in cs.adaptations.values()
    }
    for c in cs.actions.values():
        out[c.key] = {
            "name": c.name,
            "kind": "action",
            "deck": "wild",
            "timing": c.timing,
            "species": c.species,
            "latin": c.latin,
            "fact": c.fact,
            "text": c.text,
        }
    out["recovery"] = {
        "name": "Recovery",
        "kind": "recovery",
        "text": "With 10 Food, re-opens a destroyed habitat at the end of a round.",
    }
    out["destruction"] = {
        "name": "Destruction",
        "kind": "destruction",
        "text": "Laid by its habitat; when all are drawn the habitat is destroyed.",
    }
    catalog: dict[str, Any] = {
        "species": {},
        "cards": out,
        "niches": {
            n.key: {
                "name": n.name,
                "latin": n.latin,
                "fact": n.fact,
                "needs": list(n.needs),
                "text": n.ability_text,
            }
            for n in cs.niches.values()
        },
        "boards": {
            p.key: {"name": p.name, "side": p.side, "row": p.row, "col": p.col}
            for p in b.parts.values()
        },
        "tiles": {
            t.id: {"board": t.board, "row": t.row, "col": t.col, "kind": t.kind, "ring": t.ring}
            for t in b.tiles.values()
        },
    }
    return Presentation(
        catalog=catalog,
        board="singapore",
        picture="🦦",
        colours=("#0f5e63", "#e0b45a"),
        panels=("players-table",),
    )
