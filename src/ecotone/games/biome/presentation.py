"""How BIOME Borneo shows itself: every card's and tile's face, and the glossary of its codes.

The catalogue lists public components only (card faces, tiles, board parts), so it may be
sent to anyone; an observation names cards by id and the surfaces look them up here. Its
groups:

* ``cards``: every Main Deck card by id: name, kind, points; for an animal its latin name,
  level, the layer it lives in, its habitat (plant keys and their codes), its prey and its
  fact; for a plant card the same without level and prey, and whether it needs a vine
  network joining the Understory and the Canopy; for an ability or a Disaster its text (and
  a Disaster's fact). Every card carries its kind's key, the copies of it in the deck, its
  provenance and, where the data says, which of its fields come from the rulebook; an
  animal or plant card also carries ``links``, where its habitat and prey come from (the
  rulebook, a named source, or designed by Ecotone, with what is true in the wild).
* ``bonuses``: the Global Bonus cards; ``plants``: the 11 plants and their two-letter codes;
  ``tiles``: the 45 tiles (layers, plants by edge); ``formations``: the boards' cells.
* ``species``: empty, kept for the boards that read it.

The glossary explains every code a face or the text picture (:mod:`.drawing`) shows: the
plant codes (``VI``, ``BL``, ``FE`` ...), the layer letters, the sides of a tile, the map's
marks, and the game's own words (habitat, prey, vine network ...).

Where a surface colours (:mod:`ecotone.core.styled`), each plant's code is in its own
colour, so that matching sides show as one colour on the map and a tile's picture reads
at a glance; the layers' letters, the names of the cells holding tiles and the layers'
names in their layer's colour (an empty cell's name dimmed); a conflict in red, a tile
placed for the card being earned marked, and the seats in their colours. The plants'
hues follow the browser board's (designed by Ecotone), each at a lightness that reads
on dark and light terminals alike.
"""

from __future__ import annotations

import re
from typing import Any

from ecotone.core.presentation import Presentation, Term
from ecotone.core.styled import Mark
from ecotone.games.biome.board import PLATFORMS, formations
from ecotone.games.biome.cards import CardInfo, CardSet, cards
from ecotone.games.biome.config import HAND, MAX_CHAIN, TILE_LIMIT
from ecotone.games.biome.drawing import CROSS, NO_PLANT, PENDING
from ecotone.games.biome.scoring import BONUS_POINTS
from ecotone.games.biome.tiles import DIRECTION_NAMES, Layer, TileSet, tiles

__all__ = [
    "LAYER_COLOURS",
    "LEVEL_NAMES",
    "PLANT_COLOURS",
    "SEAT_COLOURS",
    "glossary",
    "marks",
    "present",
    "styles",
]

#: What each level of the food chain is called on a card.
LEVEL_NAMES = {
    "primary": "Primary Consumer",
    "secondary": "Secondary Consumer",
    "apex": "Apex Predator",
}

_LEVELS = {
    "primary": "the first animal of a food chain: it needs no prey",
    "secondary": "an animal that is earned on its prey, and may itself be eaten",
    "apex": "the top of a food chain: it is earned on its prey and eaten by none",
}

_SIDES = {
    "E": "east",
    "NE": "north-east",
    "NW": "north-west",
    "W": "west",
    "SW": "south-west",
    "SE": "south-east",
}

_LAYERS = {
    Layer.EMERGENT: "the top layer, the crowns of the tallest trees breaking through the canopy",
    Layer.CANOPY: "the middle layer, the closed roof of the forest",
    Layer.UNDERSTORY: "the lowest layer, the shade near the forest floor",
}

_WORDS = (
    ("habitat", "the plants a card needs; tiles placed for it must give access to all of them"),
    (
        "access",
        "what the tiles placed for a card reach: their own plants, the whole tile of each "
        "neighbour they match, and every tile of a vine network a new vine matches into",
    ),
    ("match", "the same plant facing on both sides of an edge, in one layer"),
    ("super match", "one tile matching several neighbours at once: each adds its whole tile"),
    ("conflict", "two different plants facing each other across an edge: not allowed"),
    (
        "vine network",
        "tiles joined by vine-to-vine matches, in one layer or across the Canopy/Understory "
        "seam; a new vine matching into it reaches every tile of it",
    ),
    ("Y-shaped vine", "a vine covering three alternate edges of a tile; it counts as one vine"),
    ("hybrid tile", "a tile of two background colours: it may be placed in either layer"),
    (
        "prey",
        "the animals a Secondary Consumer or an Apex Predator eats: it is earned on one of "
        "yours that is not yet eaten",
    ),
    ("consumed", "an animal eaten by a predator stacked on it: it feeds no other, but scores"),
    ("food chain", f"an animal and the predators stacked on it, at most {MAX_CHAIN} animals"),
    ("Card Gallery", "the three face-up cards anyone may earn or take when refilling"),
    ("Main Deck", "the face-down cards, drawn when exchanging and refilling"),
    ("perimeter", "the face-down tiles around the board; tiles are drawn from it at random"),
    (
        "tile limit",
        "the tiles each player refills to: "
        + ", ".join(f"{n} with {p} players" for p, n in sorted(TILE_LIMIT.items())),
    ),
    ("hand", f"the cards a player holds, refilled to {HAND} at the end of the turn"),
    (
        "Global Bonus card",
        f"{BONUS_POINTS} points at the end to the one player who leads its measure",
    ),
    ("Disaster", "a card that strikes when drawn: the drawer's turn ends at once"),
    ("ability card", "Opportunist, Winds of Change or Blight: played, not earned"),
    ("withdraw", "take back the tiles placed for a card; the card returns where it came from"),
    (
        "reaction window",
        "the start of each turn, when the other players may play an Opportunist",
    ),
)


def glossary() -> tuple[Term, ...]:
    """Every code and word the faces and the text picture use, with its meaning."""
    ts = tiles()
    meanings: dict[str, list[str]] = {}

    def add(term: str, meaning: str) -> None:
        meanings.setdefault(term, []).append(meaning)

    for p in ts.plants:
        where = " and ".join(Layer.of(ch).title for ch in p.layers)
        add(p.code, f"{p.name} ({p.latin}), a plant of the {where}")
    for layer in Layer:
        add(layer.letter, f"{layer.title}: {_LAYERS[layer]} (a tile's or a cell's layer)")
    for side in DIRECTION_NAMES:
        add(side, f"the {_SIDES[side]} side of a tile")
    add(PENDING, "after a cell's name on the map: a tile placed for the card being earned")
    add(NO_PLANT, "a side of a tile that shows no plant")
    add(
        "fe (lower case)",
        "on the map, between two tiles: only one of them shows the plant there, the other "
        "side is open (no match); in capitals (FE) both show it, or no tile lies beyond",
    )
    add(CROSS, "on the map: two tiles of different layers show different plants on that side")
    add("c2a, C2A", "on the map: an empty cell (lower case), a cell holding a tile (capitals)")
    add("pt", "points, on a card's line (4pt: the card scores 4 points)")
    add("T01-T45", "the 45 plant tiles")
    add(
        ", ".join(PLATFORMS),
        "the platforms: one Emergent (E1), three Canopy (C1-C3), three Understory (U1-U3)",
    )
    add(
        "a-g",
        "the cells of a platform (C2a): a in the centre, b to g around it from the east, "
        "anticlockwise",
    )
    add("turned 0-5", "how far a tile is turned, in steps of 60 degrees anticlockwise")
    add("P1-P4", "the players, in the order they play")
    for level, name in LEVEL_NAMES.items():
        add(name, f"{_LEVELS[level]} ({level} on a card)")
    for word, meaning in _WORDS:
        add(word, meaning)
    return tuple(Term(term, "; ".join(texts)) for term, texts in meanings.items())


def _card_face(c: CardInfo, cs: CardSet, ts: TileSet) -> dict[str, Any]:
    """One Main Deck card's face: every field it prints."""
    codes = {p.key: p.code for p in ts.plants}
    entry: dict[str, Any] = {"name": c.name, "kind": c.kind, "points": c.points, "key": c.key}
    if c.kind == "animal":
        a = cs.animals[c.key]
        entry |= {
            "latin": a.latin,
            "fact": a.fact,
            "level": a.level,
            "level_name": LEVEL_NAMES[a.level],
            "home": Layer.of(a.home).title,
            "home_layer": a.home,
            "habitat": list(a.habitat),
            "habitat_codes": [codes[p] for p in a.habitat],
            "prey": [cs.animals[k].name for k in a.prey],
            "prey_keys": list(a.prey),
            "copies": a.copies,
            "provenance": a.provenance.value,
            "sources": a.sources,
            "links": a.links(),
        }
    elif c.kind == "plant":
        pc = cs.plant_cards[c.key]
        entry |= {
            "latin": pc.latin,
            "fact": pc.fact,
            "habitat": list(pc.habitat),
            "habitat_codes": [codes[p] for p in pc.habitat],
            "vine_link": pc.vine_link,
            "copies": 1,
            "provenance": pc.provenance.value,
            "sources": pc.sources,
            "links": pc.links(),
        }
    elif c.kind == "ability":
        ab = cs.abilities[c.key]
        entry |= {"text": ab.text, "copies": ab.copies, "provenance": ab.provenance.value}
    else:
        d = cs.disasters[c.key]
        entry |= {"text": d.text, "fact": d.fact, "copies": 1, "provenance": d.provenance.value}
    return entry


def _tile_face(ts: TileSet, index: int) -> dict[str, Any]:
    """One tile's face: its layers and its plants, edge by edge."""
    t = ts.tiles[index]
    layers = [x for x in Layer if t.fits(x)]
    return {
        "name": "/".join(x.title for x in layers) + " tile",
        "layers": "".join(x.letter for x in layers),
        "features": [[ts.plants[p].key, list(edges)] for p, edges in t.features],
        "codes": [ts.plants[p].code for p, _ in t.features],
        "text": ts.describe(index),
        "provenance": t.provenance.value,
    }


#: Each plant's colour in text (designed by Ecotone: the browser board's hues, at a
#: lightness readable on dark and light backgrounds).
PLANT_COLOURS = {
    "meranti-leaves": "#238b3d",
    "meranti-flowers": "#95740c",
    "orchid": "#bc4ea6",
    "fig": "#9164c4",
    "bromeliad": "#d3493b",
    "fern": "#478818",
    "vine": "#a16e3d",
    "hibiscus": "#e52a55",
    "broad-leaf": "#268870",
    "mango": "#b3650f",
    "pitcher-plant": "#7a7e12",
}

#: Each layer's colour in text, by its letter (designed by Ecotone).
LAYER_COLOURS = {"E": "#b35c00", "C": "#2e7d32", "U": "#1565c0"}

#: The seats' colours in text (designed by Ecotone).
SEAT_COLOURS = ("#1f6fb4", "#c62828", "#2e7d32", "#8e44ad")


def styles() -> dict[str, str]:
    """The palette of the game's text: plants, layers, the map's marks, seats."""
    out = {f"plant.{p.code}": PLANT_COLOURS[p.key] for p in tiles().plants}
    out |= {f"layer.{letter}": colour for letter, colour in LAYER_COLOURS.items()}
    out |= {f"cell.{letter}": f"bold {colour}" for letter, colour in LAYER_COLOURS.items()}
    out |= {f"seat.{n}": f"bold {colour}" for n, colour in enumerate(SEAT_COLOURS, 1)}
    out |= {"cell.empty": "dim", "open": "dim", "conflict": "bold #c62828"}
    out |= {"pending": "bold #b35c00", "you": "bold", "points": "bold"}
    return out


def marks() -> tuple[Mark, ...]:
    """What is styled in the game's text, first rule first (see the module docstring).

    A plant code in lower case (a side only one tile shows) is left plain: ``or`` is also
    a word of the game's sentences.
    """
    codes = "|".join(p.code for p in tiles().plants)
    layer_names = tuple(Mark(rf"\b{layer.title}\b", f"layer.{layer.letter}") for layer in Layer)
    return (
        Mark(r"\b([EUC])\d[A-G]\b", "cell.{1}"),  # on the map: a cell holding a tile
        Mark(r"\b[euc]\d[a-g]\b", "cell.empty"),
        Mark(r"\b([EUC])\d[a-g]\b", "layer.{1}"),  # a cell as moves name it
        Mark(rf"(?<=[EUC]\d[A-G]){re.escape(PENDING)}", "pending"),
        Mark(rf"\b({codes})\b", "plant.{1}"),
        Mark(r"\b([EUC])\b", "layer.{1}"),
        *layer_names,
        Mark(re.escape(CROSS), "conflict"),
        Mark(re.escape(NO_PLANT), "open"),
        Mark(r"\bP([1-4])\b", "seat.{1}"),
        Mark(r"\(you\)", "you"),
        Mark(r"\b\d+(pt| points?)\b", "points"),
    )


def present() -> Presentation:
    """The game's card faces, glossary, board, picture and colours."""
    cs = cards()
    ts = tiles()
    catalog: dict[str, Any] = {
        "species": {},
        "cards": {c.id: _card_face(c, cs, ts) for c in cs.by_id.values()},
        "bonuses": {
            b.key: {
                "name": b.name,
                "text": b.text,
                "points": BONUS_POINTS,
                "measure": b.measure,
                "minimum": b.minimum,
                "provenance": b.provenance.value,
            }
            for b in cs.bonuses.values()
        },
        "plants": {
            p.key: {
                "code": p.code,
                "name": p.name,
                "latin": p.latin,
                "fact": p.fact,
                "layers": p.layers,
                "provenance": p.provenance.value,
            }
            for p in ts.plants
        },
        "tiles": {t.id: _tile_face(ts, t.index) for t in ts.tiles},
        "formations": {
            key: {
                "name": b.name,
                "summary": b.summary,
                "provenance": b.provenance.value,
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
        glossary=glossary(),
        board="biome",
        picture="🦧",
        colours=("#1f5d3a", "#d8c36a"),
        panels=(),
        styles=styles(),
        marks=marks(),
    )
