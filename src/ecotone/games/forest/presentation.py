"""How Once Upon a Forest shows itself: every card's face for the boards and the docs.

The catalogue lists public components only (card faces, tiles, board parts), so it may be
sent to anyone; an observation names cards by id and the surfaces look them up here.
"""

from __future__ import annotations

from typing import Any

from ecotone.core.presentation import Presentation
from ecotone.games.forest.cards import cards

__all__ = ["present"]


def present() -> Presentation:
    """The game's card faces, board, picture and colours."""
    cs = cards()
    catalog: dict[str, Any] = {
        "species": {
            s.key: {
                "name": s.name,
                "short": s.short,
                "latin": s.latin,
                "fact": s.fact,
                "level": s.level,
            }
            for s in cs.species.values()
        },
        "cards": {
            c.id: {
                "level": c.level,
                "species": c.species,
                "chainsaw": c.chainsaw,
                "start": c.start,
            }
            for c in cs.by_id.values()
        },
    }
    return Presentation(
        catalog=catalog,
        board="forest",
        picture="🌳",
        colours=("#2f6b3a", "#a7c97f"),
        panels=(),
    )
