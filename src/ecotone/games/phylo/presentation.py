"""How Phylo shows itself: every card's face for the boards and the docs.

The catalogue lists public components only (card faces, tiles, board parts), so it may be
sent to anyone; an observation names cards by id and the surfaces look them up here.
"""

from __future__ import annotations

from typing import Any

from ecotone.core.presentation import Presentation
from ecotone.games.phylo.cards import Species, cards

__all__ = ["present"]


def present() -> Presentation:
    """The game's card faces, board, picture and colours."""
    out: dict[str, Any] = {}
    for c in cards().by_id.values():
        if isinstance(c, Species):
            out[c.id] = {
                "name": c.name,
                "latin": c.latin,
                "fact": c.fact,
                "points": c.points,
                "kind": f"scale {c.scale} · {c.diet.value}",
            }
        else:
            out[c.id] = {"name": c.name, "fact": c.text, "kind": "event"}
    catalog: dict[str, Any] = {"species": {}, "cards": out}
    return Presentation(
        catalog=catalog,
        board="grid",
        picture="🦋",
        colours=("#1d4e89", "#7fc8d9"),
        panels=(),
    )
