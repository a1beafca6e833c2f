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
"""

from __future__ import annotations

from typing import Any

from ecotone.core.presentation import Presentation, Term
from ecotone.games.forest.cards import LEVELS, Card, CardSet, Level, Species, cards

__all__ = ["card_name", "glossary", "links", "present"]


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
