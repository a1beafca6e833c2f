"""How Phylo shows itself: every card's face, the words on them, the board and the picture.

The catalogue lists public components only (the card faces), so it may be sent to anyone;
an observation names cards by id and the surfaces look them up here. Each face carries what
the card prints: a species its name, latin name, points, scale, diet, food chain number,
climates, terrains, the colour of its voyage locale, MOVE# or FLIGHT#, keywords, its play
text and its fact; an event its name, timing and text. Each face also says where the card
comes from (``provenance``: ``public`` for a card recovered from phylogame.org, ``ecotone``
for one Ecotone designed; ``designed`` lists the printed fields Ecotone filled in, and
``source`` links the page a recovered card was found on).

The glossary explains every word, abbreviation and mark the faces and the text picture
(:mod:`.render`) use: the vocabularies of the card data (climates, terrains, diets,
keywords, with the data's own definitions), the locale colours, and the text picture's
marks.

Where a surface colours (:mod:`ecotone.core.styled`), the table reads by owner: a card on
the grid (``B24¹``) and each seat's name are in the seat's colour (the browser grid's
colours of P1's and P2's cells), an INCOMPATIBLE card's ``!`` and the word in red, the
map board in the sea blue the browser draws it in, an empty cell dimmed. A card line's
terrains are in the colours of the land or water they name and its locale in its own
colour, so that two neighbours' lines are compared at a glance; EXTINCT is greyed like a
fossil; points are bold.
"""

from __future__ import annotations

from typing import Any

from ecotone.core.presentation import Presentation, Term
from ecotone.core.styled import Mark
from ecotone.games.phylo.cards import Event, Species, Timing, cards

__all__ = [
    "LOCALE_COLOURS",
    "SEAT_COLOURS",
    "TERRAIN_COLOURS",
    "glossary",
    "marks",
    "present",
    "styles",
]


def _species_face(c: Species) -> dict[str, Any]:
    leg = cards().legs[c.locale]
    face: dict[str, Any] = {
        # the keys the browser's board reads
        "name": c.name,
        "latin": c.latin,
        "fact": c.fact,
        "points": c.points,
        "kind": f"scale {c.scale} · {c.diet.value}",
        # everything else the card prints
        "type": "species",
        "scale": c.scale,
        "diet": c.diet.value,
        "food_chain": c.food_chain,
        "climates": [x.value for x in c.climates],
        "terrains": [x.value for x in c.terrains],
        "locale": leg.colour,
        "locale_name": leg.name,
        "movement": None
        if c.movement is None
        else f"{c.movement.kind.value.upper()} {c.movement.n}",
        "keywords": [k.value for k in c.keywords],
        "play": c.play,
        "provenance": c.provenance.value,
        "designed": list(c.designed),
    }
    if c.printed_latin:
        face["printed_latin"] = c.printed_latin
    if c.source:
        face["source"] = c.source
    return face


def _event_face(c: Event) -> dict[str, Any]:
    face: dict[str, Any] = {
        "name": c.name,
        "fact": c.text,
        "kind": "event",
        "type": "event",
        "timing": c.timing.value,
        "text": c.text,
        "provenance": c.provenance.value,
        "designed": list(c.designed),
    }
    if c.source:
        face["source"] = c.source
    return face


_TIMINGS = {
    Timing.ACTION: "An event played as one of the turn's 3 actions.",
    Timing.START_OF_TURN: "An event played at the start of your turn, after you pick up and "
    "before your first action; it costs no action.",
    Timing.REACTION: "An event played only in answer to an event just played against you, "
    "to cancel it.",
}


def glossary() -> tuple[Term, ...]:
    """Every word, abbreviation and mark the faces and the text picture use."""
    cs = cards()
    raw = cs.raw
    terms = [
        Term(
            "species",
            "A species card: played into a cell of the table, it scores its "
            "points for the player it faces.",
        ),
        Term(
            "event", "An event card: played for its effect, then discarded unless it says it stays."
        ),
        Term("pts", "Points: what a species card on the table scores at the end."),
        Term(
            "FC",
            "Food chain number (FC1, FC2 ...): 1 for a plant, higher for the animals "
            "that eat further up the chain.",
        ),
        Term(
            "scale",
            "Body size, 1 (tiny) to 9 (huge): a carnivore eats prey of equal or smaller scale.",
        ),
        Term(
            "climate", "Where the species lives, by climate: a card needs a neighbour sharing one."
        ),
        Term(
            "terrain",
            "Where the species lives, by land or water: a card needs a neighbour sharing one.",
        ),
        Term(
            "locale",
            "The coloured border at the bottom of a card: the leg of the Beagle's "
            "voyage where Darwin met the species; neighbours share it, or one is black.",
        ),
        Term(
            "MOVE",
            "MOVE n: the card may move up to n cells a turn, along a row or a "
            "column, without jumping over cards.",
        ),
        Term("FLIGHT", "FLIGHT n: like MOVE, and along diagonals too."),
        *(Term(t.id, t.meaning) for t in (*raw.climates, *raw.terrains, *raw.diets)),
        *(Term(t.id, t.meaning) for t in raw.keywords),
        *(
            Term(leg.colour, f"Locale {leg.name} ({leg.dates}): {', '.join(leg.places)}.")
            for leg in raw.legs
        ),
        *(Term(timing.value, meaning) for timing, meaning in _TIMINGS.items()),
        Term(
            "URB",
            "URBAN terrain: Habitat Loss left in a cell of the table. It is no "
            "species: nothing feeds on it or may be played there.",
        ),
        Term(
            "MAP",
            "The map board: the 2 x 2 cells in the middle of the table. Only a "
            "photosynthetic FC1 card may be played next to it without another neighbour.",
        ),
        Term(
            "INCOMPATIBLE",
            "A card that no longer traces back to a plant through "
            "compatible neighbours. Its player's next turn is a rescue turn.",
        ),
        Term(
            "rescue turn",
            "A turn to make your INCOMPATIBLE cards compatible again; at its "
            "end those still INCOMPATIBLE are discarded.",
        ),
        Term("¹", "On the table: a card of P1's (it faces P1 and scores for P1)."),
        Term("²", "On the table: a card of P2's."),
        Term("!", "On the table: the card, or the parasite beneath it, is INCOMPATIBLE."),
        Term("+", "On the table: a PARASITIC species lies beneath the card."),
        Term("·", "On the table: an empty cell."),
    ]
    return tuple(terms)


def present() -> Presentation:
    """The game's card faces, glossary, board, picture and colours."""
    out: dict[str, Any] = {}
    for c in cards().by_id.values():
        out[c.id] = _species_face(c) if isinstance(c, Species) else _event_face(c)
    catalog: dict[str, Any] = {"species": {}, "cards": out}
    return Presentation(
        catalog=catalog,
        glossary=glossary(),
        board="grid",
        picture="🦋",
        colours=("#1d4e89", "#7fc8d9"),
        panels=(),
        styles=styles(),
        marks=marks(),
    )


#: The seats' colours in text (designed by Ecotone: the browser grid's colours of P1's
#: and P2's cells, at a lightness readable on dark and light backgrounds).
SEAT_COLOURS = ("#2f8a45", "#776abd")

#: Each terrain's colour in text (designed by Ecotone: the colour of the land or water
#: it names).
TERRAIN_COLOURS = {
    "forest": "#2e8b3a",
    "grassland": "#7a8c12",
    "desert": "#b0742a",
    "tundra": "#6a8294",
    "freshwater": "#1b86b8",
    "ocean": "#2f5fc8",
    "urban": "#7c746c",
}

#: Each locale's colour in text, by the colour its border is printed in (designed by
#: Ecotone: that colour, at a lightness readable on dark and light backgrounds; black
#: reads as the terminal's own ink, in bold).
LOCALE_COLOURS = {
    "yellow": "#8a7400",
    "blue": "#3f6fd0",
    "red": "#d32f2f",
    "green": "#2e8b3a",
    "purple": "#8e44ad",
    "black": "",
}

_SUPERSCRIPTS = "¹²"


def styles() -> dict[str, str]:
    """The palette of the game's text: seats and their cards, INCOMPATIBLE, the map,
    terrains, locales, EXTINCT, points."""
    out = {f"seat.{n}": f"bold {colour}" for n, colour in enumerate(SEAT_COLOURS, 1)}
    out |= {f"terrain.{key}": colour for key, colour in TERRAIN_COLOURS.items()}
    out |= {f"locale.{key}": f"bold {colour}".strip() for key, colour in LOCALE_COLOURS.items()}
    out |= {"incompatible": "bold #d32f2f", "parasite": "bold", "map": "#3d7d99"}
    out |= {"extinct": "italic #86796b", "empty": "dim", "you": "bold", "points": "bold"}
    return out


def marks() -> tuple[Mark, ...]:
    """What is styled in the game's text, first rule first.

    A terrain or a locale is styled only in its place on a card line, between `` · ``
    (``· forest/ocean · purple``), so that an event's "any ocean" or a move's "leaving it
    as urban" stay plain.
    """
    cs = cards()
    ids = "|".join(sorted({c.id[0] for c in cs.by_id.values()}))
    word = "[a-z-]+"
    terrains = [
        Mark(rf"· (?:{word}/)*({t})(?=(?:/{word})*(?: ·|\n|$))", f"terrain.{t}", 1)
        for t in TERRAIN_COLOURS
    ]
    locales = "|".join(LOCALE_COLOURS)
    return (
        *(
            Mark(rf"(?:\b(?:{ids})\d\d|\bURB){sup}", f"seat.{n}")
            for n, sup in enumerate(_SUPERSCRIPTS, 1)
        ),
        Mark(rf"(?<=[{_SUPERSCRIPTS}])!|!(?= INCOMPATIBLE)", "incompatible"),
        Mark(rf"(?<=[{_SUPERSCRIPTS}])\+|\+(?= a parasite)", "parasite"),
        *(Mark(sup, f"seat.{n}") for n, sup in enumerate(_SUPERSCRIPTS, 1)),
        Mark(r"\bINCOMPATIBLE\b", "incompatible"),
        Mark(r"\[MAP\]", "map"),
        *terrains,
        Mark(rf"· ({locales})(?= ·|\n|$)", "locale.{1}", 1),
        Mark(r"\bEXTINCT\b", "extinct"),
        Mark("·", "empty"),
        Mark(r"\bP([12])\b", "seat.{1}"),
        Mark(r"\(you\)", "you"),
        Mark(r"\b\d+ (?:points|pts)\b", "points"),
    )
