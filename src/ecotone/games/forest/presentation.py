"""How Once Upon a Forest shows itself: every card's face, the glossary, the board.

The catalogue lists public components only, so it may be sent to anyone; an observation
names cards by id and the surfaces look them up here. It has three groups:

* ``levels``: the four levels of a tree by key (``"canopy"``), with the name printed on
  the cards, the row (0 is the Ground) and where the level comes from;
* ``species``: the eight animals by key, with their full and short names, Latin name,
  level, the true fact shown with them and where they come from (``provenance``, the
  ``links`` note saying where the animal's level comes from, and a source ``note``);
* ``cards``: the 64 cards by id, each with every printed field: its level (key and name),
  its animal (key, name, Latin name, fact and ``links``, or none), whether it shows a
  chainsaw, whether it is a start card, the short label the text picture uses, and
  provenance.

The glossary explains every word and mark the faces and the text picture use: the levels,
the letter that starts a card's id, the animals' short names, the chainsaw and start
marks, the signs of the picture and the words of the scoring.

Where a surface colours (:mod:`ecotone.core.styled`), the text picture reads by level:
each card's id and each level's name are in the level's colour, from the Canopy's deep
green down to the Ground's brown (the browser board's level colours, their hues spread
apart so the two greens still tell apart at the one lightness that reads on dark and light
terminals alike); a chainsaw in red, a start card's mark in italics, what a card covers
and an empty level dimmed, the seats in their colours, the points in bold.
"""

from __future__ import annotations

import re
from typing import Any

from ecotone.core.presentation import Presentation, Term
from ecotone.core.styled import Mark
from ecotone.games.forest.cards import LEVELS, Card, CardSet, Level, Species, cards

__all__ = [
    "LEVEL_COLOURS",
    "SEAT_COLOURS",
    "card_name",
    "glossary",
    "links",
    "marks",
    "present",
    "styles",
]


def present() -> Presentation:
    """The game's card faces, glossary, board, picture and colours."""
    cs = cards()
    catalog: dict[str, Any] = {
        "levels": {
            level.key: {"name": level.title, "row": int(level), "provenance": "rulebook"}
            for level in LEVELS
        },
        "species": {
            s.key: {
                "name": s.name,
                "short": s.short,
                "latin": s.latin,
                "fact": s.fact,
                "level": s.level,
                "provenance": s.provenance.value,
                "links": links(s),
                **({"note": s.note} if s.note else {}),
            }
            for s in cs.species.values()
        },
        "cards": {c.id: _face(c, cs) for c in cs.by_id.values()},
    }
    return Presentation(
        catalog=catalog,
        glossary=glossary(cs),
        board="forest",
        picture="🌳",
        colours=("#2f6b3a", "#a7c97f"),
        panels=(),
        styles=styles(),
        marks=marks(cs),
    )


#: Each level's colour in text, by its key (designed by Ecotone: the browser board's
#: level colours, the Canopy's green turned towards teal and the 1st level's towards
#: olive so that the four read apart, each at a lightness readable on dark and light
#: backgrounds; the Canopy the darkest, as on the board).
LEVEL_COLOURS = {
    "canopy": "#127a66",
    "second": "#3c9a34",
    "first": "#7a8c12",
    "ground": "#9c6b3d",
}

#: The seats' colours in text (designed by Ecotone: hues no level and no chainsaw uses).
SEAT_COLOURS = ("#4a63d8", "#c2185b", "#8e44ad", "#0a7fa6")

#: A chainsaw's colour: the red of a warning (designed by Ecotone).
CHAINSAW = "#d32f2f"


def styles() -> dict[str, str]:
    """The palette of the game's text: levels and their cards, chainsaws, seats, points."""
    out = {f"level.{key}": colour for key, colour in LEVEL_COLOURS.items()}
    out |= {f"card.{key}": f"bold {colour}" for key, colour in LEVEL_COLOURS.items()}
    out |= {f"seat.{n}": f"bold {colour}" for n, colour in enumerate(SEAT_COLOURS, 1)}
    out |= {"chainsaw": f"bold {CHAINSAW}", "start": "italic", "covered": "dim"}
    out |= {"empty": "dim", "rival": "bold", "you": "bold", "points": "bold"}
    return out


def marks(cs: CardSet | None = None) -> tuple[Mark, ...]:
    """What is styled in the game's text, first rule first.

    ``start`` and ``chainsaw`` are styled only where they follow a card's id (``G13
    start``, ``C12 chainsaw``), so that "or start tree 3" stays plain; a count of
    chainsaws only when it is not zero; points only as a forest's score (``P1: 4
    points``), not in a sentence ("costs 1 point").
    """
    cs = cs or cards()
    letters = _id_letters(cs)
    code = "".join(letter for letter, _ in letters)
    return (
        *(Mark(rf"\b{letter}\d\d\b", f"card.{level.key}") for letter, level in letters),
        *(Mark(rf"\b{re.escape(level.title)}\b", f"level.{level.key}") for level in LEVELS),
        Mark(rf"(?<=\b[{code}]\d\d )chainsaw\b", "chainsaw"),
        Mark(r"(?<=[a-z])\+saw\b", "chainsaw"),
        Mark(r"\b[1-9]\d* chainsaws?\b", "chainsaw"),
        Mark(rf"(?<=\b[{code}]\d\d )start\b", "start"),
        Mark(r"\(\+\d+\)", "covered"),
        Mark("·", "empty"),
        Mark(r"\b[Nn]eighbouring [Ff]orest\b", "rival"),
        Mark(r"\bP([1-4])\b", "seat.{1}"),
        Mark(r"\(you\)", "you"),
        Mark(r"(?<=: )-?\d+ points?\b", "points"),
    )


def card_name(card: Card, cs: CardSet) -> str:
    """What a card is called: its animal, or what else it shows (``"Start card"``)."""
    if card.species:
        return cs.species[card.species].name
    if card.start:
        return "Start card"
    if card.chainsaw:
        return "Chainsaw"
    return "Plain card"


def links(sp: Species) -> dict[str, str]:
    """Where an animal's links to the forest come from: here its one link, its level."""
    return {"level": sp.level_note}


def _face(card: Card, cs: CardSet) -> dict[str, Any]:
    sp = cs.species[card.species] if card.species else None
    extra = {"links": links(sp)} if sp else {}
    return {
        "name": card_name(card, cs),
        "level": card.level,
        "level_name": card.row.title,
        "species": card.species,
        "latin": sp.latin if sp else None,
        "fact": sp.fact if sp else None,
        "chainsaw": card.chainsaw,
        "start": card.start,
        "label": cs.label(card.id),
        "provenance": card.provenance.value,
        **extra,
    }


def glossary(cs: CardSet) -> tuple[Term, ...]:
    """Every word and mark of the faces and the text picture, with its meaning."""
    levels = [Term(level.title, _where(level)) for level in LEVELS]
    letters = [
        Term(letter, f"the first letter of the id of a {level.title} card ({letter}01-{letter}16)")
        for letter, level in _id_letters(cs)
    ]
    animals = [
        Term(s.short, f"the {s.name} ({s.latin}), an animal of the {_level(s.level).title}")
        for s in cs.species.values()
    ]
    return (*levels, *letters, *animals, *_MARKS)


def _id_letters(cs: CardSet) -> list[tuple[str, Level]]:
    """The letter each level's card ids start with (``G`` for the Ground), in level order."""
    first: dict[Level, str] = {}
    for cid in cs.ids:
        first.setdefault(cs.level_of[cid], cid[0])
    return [(first[level], level) for level in LEVELS]


def _level(key: str) -> Level:
    return next(level for level in LEVELS if level.key == key)


def _where(level: Level) -> str:
    """Where ``level`` lies in a tree, in words."""
    if level is LEVELS[0]:
        return "the bottom level of a tree, where forests take root"
    below = LEVELS[level - 1].title
    if level is LEVELS[-1]:
        return f"the top level of a tree, above the {below}"
    return f"the level of a tree above the {below}"


_MARKS = (
    Term("chainsaw", "a card showing a chainsaw: -1 point while it shows in a complete tree"),
    Term("+saw", "after an animal's name: the card shows a chainsaw as well"),
    Term("start", "a start card: a plain Ground card that begins a player's first tree"),
    Term("plain", "a card with neither an animal nor a chainsaw"),
    Term("P1", "a player, by seat: P1 plays first, then P2, P3, P4"),
    Term("tree", "a column of four levels in a forest, numbered from 1 (tree 1)"),
    Term("complete", "a tree with all four levels filled: +3 points"),
    Term("started", "a tree begun but not complete: -1 point"),
    Term(
        "in balance",
        "an animal whose individuals showing in complete trees number exactly the complete "
        "trees: +1 point",
    ),
    Term("cover", "to place a card on one at its level; the card underneath no longer counts"),
    Term("(+n)", "after a card in a forest: it covers n cards"),
    Term("·", "an empty level of a tree"),
    Term("[n]", "in the Piles row, pile n (1 to 5); after a card in your hand, its level"),
    Term("×n", "a pile holding n cards"),
    Term("Neighbouring Forest", "the solo game's rival forest, built from the cards you give it"),
    Term("gift", "the card a player gives another, who must place it at once"),
)
