"""How BioMasters shows itself: every card's face for the boards and the docs.

The catalogue lists public components only (card faces, tiles, board parts), so it may be
sent to anyone; an observation names cards by id and the surfaces look them up here.
"""

from __future__ import annotations

from typing import Any

from ecotone.core.presentation import Presentation
from ecotone.games.biomasters.cards import cards

__all__ = ["present"]


def present() -> Presentation:
    """The game's card faces, board, picture and colours."""
    catalog: dict[str, Any] = {
        "species": {},
        "cards": {
            c.id: {
                "name": c.name,
                "latin": c.latin,
                "fact": c.fact,
                "points": c.vp,
                "kind": f"{c.trophic.value} · {c.trophic.name.lower()}",
            }
            for c in cards().by_id.values()
        },
    }
    return Presentation(
        catalog=catalog,
        board="grid",
        picture="🍄",
        colours=("#5b3d22", "#c9a36b"),
        panels=(),
    )
