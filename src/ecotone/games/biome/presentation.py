"""How BIOME Borneo shows itself: every card's face for the boards and the docs.

The catalogue lists public components only (card faces, tiles, board parts), so it may be
sent to anyone; an observation names cards by id and the surfaces look them up here.
"""

from __future__ import annotations

from typing import Any

from ecotone.core.presentation import Presentation
from ecotone.games.biome.board import formations
from ecotone.games.biome.cards import cards
from ecotone.games.biome.tiles import Layer, tiles

__all__ = ["present"]


def present() -> Presentation:
    """The game's card faces, board, picture and colours."""
    cs = cards()
    ts = tiles()
    out: dict[str, Any] = {}
    for c in cs.by_id.values():
        entry: dict[str, Any] = {"name": c.name, "kind": c.kind, "points": c.points}
        if c.kind == "animal":
            a = cs.animals[c.key]
            entry |= {
                "latin": a.latin,
                "fact": a.fact,
                "level": a.level,
                "home": Layer.of(a.home).title,
                "habitat": list(a.habitat),
                "prey": [cs.animals[k].name for k in a.prey],
            }
        elif c.kind == "plant":
            pc = cs.plant_cards[c.key]
            entry |= {
                "latin": pc.latin,
                "fact": pc.fact,
                "habitat": list(pc.habitat),
                "vine_link": pc.vine_link,
            }
        elif c.kind == "ability":
            entry["text"] = cs.abilities[c.key].text
        else:
            d = cs.disasters[c.key]
            entry |= {"text": d.text, "fact": d.fact}
        out[c.id] = entry
    catalog: dict[str, Any] = {
        "species": {},
        "cards": out,
        "bonuses": {b.key: {"name": b.name, "text": b.text} for b in cs.bonuses.values()},
        "plants": {
            p.key: {"code": p.code, "name": p.name, "latin": p.latin, "fact": p.fact}
            for p in ts.plants
        },
        "tiles": {
            t.id: {
                "layers": "".join(x.letter for x in Layer if t.fits(x)),
                "features": [[ts.plants[p].key, list(edges)] for p, edges in t.features],
            }
            for t in ts.tiles
        },
        "formations": {
            key: {
                "name": b.name,
                "summary": b.summary,
                "cells": {
                    name: [q, r, Layer(b.layer[i]).letter]
                    for i, (name, (q, r)) in enumerate(zip(b.cells, b.coord, strict=True))
                },
            }
            for key, b in formations().items()
        },
    }
    return Presentation(
        catalog=catalog,
        board="biome",
        picture="🦧",
        colours=("#1f5d3a", "#d8c36a"),
        panels=(),
    )
