"""How BioMasters shows itself: every card's face, the glossary, the board.

The catalogue lists public components only (the card pool), so it may be sent to anyone;
an observation names cards by id and the surfaces look them up here. Each face in
``cards`` carries every printed field of its card (rules doc §The cards): name, Latin
name, the abbreviation the grid shows, trophic number, domain, cost icons, VP, IUCN status
and the rarity it gives, keywords (feeding strategy), terrain and climate, tags, the
ability and its prey, Preferred Diet, hosts and effect of an attachment, the adult a
juvenile grows into, the fact, the public source it follows, a source ``note``, ``links``
(where its habitat, prey, hosts and diet come from: a named source, or designed by Ecotone
with what is true in the wild) and provenance; ``points`` and ``kind`` are the short forms
the browser board reads.

The glossary explains every code and mark the faces and the text picture use: trophic
numbers and cost icons, domains, IUCN statuses and rarities, keywords, abilities and
effects, the grid's card abbreviations, and the signs of the text picture.

Where a surface colours (:mod:`ecotone.core.styled`), the grid reads by owner and by
state: a ready card (``1ZEB``) and its player's HOME in the seat's colour, in bold (the
browser grid's colours of the players' cells), an exhausted one (``1zeb``) in the same
colour dimmed, a Detritus tile (``~zeb~``) greyed, a parasite's ``p`` in red and a
mutualist's ``m`` in teal. Each trophic number and cost icon (``+1A``, ``+3``, ``-1S``)
is in its step of the food web's colours, from the producers' green up to the apex's
crimson and down through the decomposers' purple and brown; VP are bold.
"""

from __future__ import annotations

import re
from typing import Any

from ecotone.core.presentation import Presentation, Term
from ecotone.core.styled import Mark
from ecotone.games.biomasters.board import Domain
from ecotone.games.biomasters.cards import (
    ABILITIES,
    DOMAIN_KEYS,
    EFFECTS,
    ICONS,
    RARITY,
    Card,
    CardPool,
    Trophic,
    cards,
)

__all__ = [
    "SEAT_COLOURS",
    "TROPHIC_COLOURS",
    "glossary",
    "keyword",
    "marks",
    "present",
    "styles",
]


def present() -> Presentation:
    """The game's card faces, glossary, board, picture and colours."""
    pool = cards()
    catalog: dict[str, Any] = {
        "species": {},
        "cards": {c.id: _face(c) for c in pool.by_id.values()},
    }
    return Presentation(
        catalog=catalog,
        glossary=glossary(pool),
        board="grid",
        picture="🍄",
        colours=("#5b3d22", "#c9a36b"),
        panels=(),
        styles=styles(),
        marks=marks(pool),
    )


#: The seats' colours in text (designed by Ecotone: the browser grid's colours of the
#: players' cells, at a lightness readable on dark and light backgrounds).
SEAT_COLOURS = ("#2f8a45", "#776abd", "#b45e27", "#297abb")

#: Each trophic number's and cost icon's colour in text, by its style's name (designed
#: by Ecotone: up the production loop from the producers' green through the herbivores'
#: amber and the carnivores' red to the apex's crimson; down the decomposition loop the
#: saprotrophs' fungal purple and the detritivores' soil brown).
TROPHIC_COLOURS = {
    "producer": "#3c9a34",
    "chemo": "#8a7400",
    "herbivore": "#b06f00",
    "carnivore": "#d84315",
    "apex": "#c2185b",
    "saprotroph": "#8e44ad",
    "detritivore": "#96703c",
}

#: The style of each trophic number and cost icon as printed (``+1`` is the cost of any
#: producer).
_ICON_STYLES = {
    "+1A": "producer",
    "+1C": "chemo",
    "+1": "producer",
    "+2": "herbivore",
    "+3": "carnivore",
    "+4": "apex",
    "-1S": "saprotroph",
    "-2D": "detritivore",
}

_PARASITE = "#d32f2f"
_MUTUALIST = "#168a7a"


def styles() -> dict[str, str]:
    """The palette of the game's text: seats' ready and exhausted cards and HOMEs,
    Detritus, attachments, trophic numbers, VP."""
    out = {f"seat.{n}": f"bold {colour}" for n, colour in enumerate(SEAT_COLOURS, 1)}
    out |= {f"exhausted.{n}": f"dim {colour}" for n, colour in enumerate(SEAT_COLOURS, 1)}
    out |= {f"trophic.{key}": colour for key, colour in TROPHIC_COLOURS.items()}
    out |= {"parasite": f"bold {_PARASITE}", "mutualist": f"bold {_MUTUALIST}", "both": "bold"}
    out |= {"detritus": "italic #86796b", "empty": "dim"}
    out |= {"team": "bold", "you": "bold", "points": "bold"}
    return out


def marks(pool: CardPool | None = None) -> tuple[Mark, ...]:
    """What is styled in the game's text, first rule first.

    A grid card is found by its abbreviation (read off the card pool), so that only
    ``1ZEB`` and ``1zeb`` are a seat's cards, never a word of a sentence; an icon only
    where no letter, digit or sign touches it.
    """
    pool = pool or cards()
    abbrs = sorted({c.abbr for c in pool.by_id.values()}, key=lambda a: (-len(a), a))
    ready = "|".join(abbrs)
    spent = "|".join(a.lower() for a in abbrs)
    either = f"{ready}|{spent}"
    return (
        Mark(rf"\b[1-4](?:{either}) ?(p)(?!\w)", "parasite", 1),
        Mark(rf"\b[1-4](?:{either}) ?(m)(?!\w)", "mutualist", 1),
        Mark(rf"\b[1-4](?:{either}) ?(\+)", "both", 1),
        # the same marks in the key under the grid ("p/m/+: parasite/mutualist/both")
        Mark(r"\bp(?=/m/\+:)", "parasite"),
        Mark(r"(?<=\bp/)m(?=/\+:)", "mutualist"),
        Mark(r"(?<=\bp/m/)\+(?=:)", "both"),
        Mark(rf"\b([1-4])(?:{ready})", "seat.{1}"),
        Mark(rf"\b([1-4])(?:{spent})", "exhausted.{1}"),
        Mark(rf"~(?:{spent}) ?~", "detritus"),
        Mark(r"\[H([1-4])\]", "seat.{1}"),
        *(
            Mark(rf"(?<![\w+-]){re.escape(icon)}(?!\w)", f"trophic.{key}")
            for icon, key in _ICON_STYLES.items()
        ),
        Mark(r"(?<=\()P(?=[,)])", "parasite"),
        Mark(r"(?<=\()M(?=[,)])", "mutualist"),
        Mark("·", "empty"),
        Mark(r"\bteam [AB]\b", "team"),
        Mark(r"\bP([1-4])\b", "seat.{1}"),
        Mark(r"\(you\)", "you"),
        Mark(r"\b\d+ VP\b", "points"),
    )


def keyword(strategy: str) -> str:
    """A feeding strategy as printed: ``"pack-hunter"`` -> ``"PACK HUNTER"``."""
    return strategy.replace("-", " ").upper()


def _face(c: Card) -> dict[str, Any]:
    return {
        "name": c.name,
        "latin": c.latin,
        "abbr": c.abbr,
        "fact": c.fact,
        "points": c.vp,
        "kind": f"{c.trophic.value} · {c.trophic.name.lower()}",
        "trophic": c.trophic.value,
        "domain": DOMAIN_KEYS[c.domain].title,
        "cost": list(c.cost),
        "iucn": c.iucn,
        "rarity": c.rarity.value,
        "keywords": [keyword(s) for s in c.strategy],
        "terrain": list(c.terrain),
        "climate": list(c.climate),
        "tags": list(c.tags),
        "ability": c.ability,
        "prey": list(c.prey),
        "prey_levels": list(c.prey_levels),
        "preferred": c.preferred,
        "hosts": list(c.hosts),
        "effect": c.effect,
        "adult": c.adult,
        "public": c.public,
        "note": c.note,
        "links": c.links(),
        "provenance": c.provenance.value,
    }


def glossary(pool: CardPool) -> tuple[Term, ...]:
    """Every code and mark of the faces and the text picture, with its meaning."""
    trophic = [Term(t.value, _TROPHIC[t]) for t in Trophic]
    icons = [
        Term(icon, f"a cost icon: exhaust one of your ready {_LEVEL_WORDS[level]} cards")
        for icon, level in ICONS.items()
        if icon not in {t.value for t in Trophic}
    ]
    # a HOME's domain prints as HOME, the trophic number's term
    domains = [Term(d.title, _DOMAINS[d]) for d in Domain if d is not Domain.HOME]
    iucn = [
        Term(code, f"IUCN Red List: {_IUCN[code]}; the card is {RARITY[code].value}")
        for code in RARITY
    ]
    keywords = sorted({s for c in pool.by_id.values() for s in c.strategy})
    strategies = [Term(keyword(s), _STRATEGIES[s]) for s in keywords]
    abilities = [Term(a, _ABILITIES[a]) for a in ABILITIES if a]
    effects = [Term(e, _EFFECTS[e]) for e in EFFECTS if e]
    abbrs: dict[str, list[Card]] = {}
    for c in pool.by_id.values():
        abbrs.setdefault(c.abbr, []).append(c)
    grid = [
        Term(abbr, " or ".join(f"{c.name} ({c.trophic.value})" for c in same))
        for abbr, same in abbrs.items()
    ]
    return (
        *trophic,
        *icons,
        *domains,
        *iucn,
        *strategies,
        *abilities,
        *effects,
        *grid,
        *_MARKS,
    )


_LEVEL_WORDS = {
    1: "+1 (producer)",
    2: "+2",
    3: "+3",
    4: "+4",
    -1: "-1S (saprotroph)",
    -2: "-2D (detritivore)",
}

_TROPHIC = {
    Trophic.PHOTO: "photoautotroph: a producer living on light, grown from a HOME or a producer",
    Trophic.CHEMO: "chemoautotroph: a producer living on chemical energy",
    Trophic.HERBIVORE: "primary consumer: played next to a +1 card it feeds on",
    Trophic.CARNIVORE: "secondary consumer: played next to a +2 card it feeds on",
    Trophic.APEX: "apex consumer: played next to a +3 card it feeds on",
    Trophic.SAPROTROPH: "saprotroph: a decomposer played onto a Detritus tile",
    Trophic.DETRITIVORE: "detritivore: played next to a -1S card it feeds on",
    Trophic.PARASITE: "parasite: tucked under a living host",
    Trophic.MUTUALIST: "mutualist: tucked under a living host it helps",
    Trophic.HOME: "a player's HOME: a place where producers take root, not a species; any "
    "card may touch it",
}

_DOMAINS = {
    Domain.TERRESTRIAL: "lives on land; touches land and amphibious cards",
    Domain.FRESHWATER: "lives in fresh water; touches freshwater, amphibious and euryhaline cards",
    Domain.MARINE: "lives in the sea; touches marine, amphibious and euryhaline cards",
    Domain.AMPHIBIOUS_FRESHWATER: "bridges land and fresh water",
    Domain.AMPHIBIOUS_MARINE: "bridges land and the sea",
    Domain.EURYHALINE: "bridges fresh and salt water",
}

_IUCN = {
    "NE": "not evaluated",
    "LC": "least concern",
    "NT": "near threatened",
    "DD": "data deficient",
    "VU": "vulnerable",
    "EN": "endangered",
    "CR": "critically endangered",
}

_STRATEGIES = {
    "photosynthesis": "makes its food from light",
    "chemosynthesis": "makes its food from chemical energy",
    "grazer": "eats grass or algae (its Preferred Diet)",
    "browser": "eats leaves (its Preferred Diet)",
    "herbivore": "eats producers",
    "carnivore": "eats other animals",
    "insectivore": "eats insects (its Preferred Diet)",
    "frugivore": "eats fruit (its Preferred Diet)",
    "nectarivore": "drinks nectar from flowers (its Preferred Diet)",
    "piscivore": "eats fish (its Preferred Diet)",
    "planktivore": "eats plankton (its Preferred Diet)",
    "pack-hunter": "with another ready PACK HUNTER of yours next to it, takes large prey",
    "venomous": "may kill prey of its own level",
    "mixotroph": "a producer that also hunts",
    "scavenge": "takes the top card of a Detritus tile next to it into your hand",
    "filter-feeder": "filters its food from the water: draws a card",
    "metamorphosis": "a juvenile that grows into its adult card",
    "decomposer": "breaks down the dead",
    "detritivore": "eats dead matter",
    "parasite": "lives on a host and harms it",
    "parasitoid": "lives on a host and kills it",
    "mutualist": "lives on a host and helps it",
}

_ABILITIES = {
    "hunt": "exhaust it to kill a prey card next to it",
    "scavenge": "exhaust it to take a Detritus tile's top card next to it into your hand",
    "decompose": "exhaust it to decompose a Detritus tile next to it",
    "recycle": "exhaust it to raise a Score Pile card to its printed VP, then draw",
    "filter": "exhaust it to draw a card",
    "metamorphosis": "replace the juvenile with its adult card from your hand, for free",
}

_EFFECTS = {
    "drain": "a parasite whose host does not ready",
    "parasitoid": "a parasite that kills its host at the start of its player's turn",
    "double": "a mutualist whose host pays two cost icons of its level",
    "clean": "a mutualist that eats its host's parasite and keeps new ones off",
}

_MARKS = (
    Term("1ZEB", "on the grid: P1's card ZEB, ready (upright)"),
    Term("1zeb", "on the grid: P1's card ZEB, exhausted"),
    Term("~zeb~", "on the grid: a Detritus tile, the dead ZEB face down"),
    Term("[H1]", "on the grid: P1's HOME"),
    Term("·", "on the grid: an empty cell"),
    Term(
        "p/m/+",
        "after a card on the grid: a parasite (p), a mutualist (m) or both (+) are tucked under it",
    ),
    Term("ZEB=Plains Zebra", "in the key under the grid: the card an abbreviation stands for"),
    Term("x2", "after a card in your hand: you hold two copies"),
    Term("VP", "victory points: only the Score Pile counts"),
    Term("Score Pile", "the decomposed cards a player has scored, each worth its VP"),
    Term("Detritus tile", "a dead card, face down in its cell, waiting to be decomposed"),
    Term("ready", "upright: the card may pay a cost or use its ability"),
    Term("exhausted", "turned: it readies at the start of its player's turn"),
    Term("fed", "a consumer that ate: it cannot starve this turn nor its player's next"),
    Term("team A", "in 2v2, P1 and P3 (team B: P2 and P4), scoring together"),
    Term("P1", "a player, by seat: P1 plays first"),
)
