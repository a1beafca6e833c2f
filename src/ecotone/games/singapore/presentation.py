"""How Singapore Untamed shows itself: every card's face, the board, and a glossary.

The catalogue lists public components only (card faces, tiles, board parts), so it may be
sent to anyone; an observation names cards by key (``limbs``, ``forage``, ``recovery``) and
niches by key (``dugong``), and the surfaces look them up here. Its groups:

* ``cards``: every Adaptation, Action card, Recovery and Destruction card by key, with every
  printed field (name, species, latin name, points or timing, the ability or effect, the
  fact) and where it comes from (``provenance``, and the data's ``note``); an Adaptation's
  ``links`` say where its habitat (its deck) comes from and where the species lives;
* ``niches``: the Niche cards by key; ``bounty``: the Nature's Bounty cards by id;
  ``decks``: each deck's contents;
* ``boards`` and ``tiles``: the plus-shaped board, with each tile's label in the text
  picture (``Fo3``);
* ``components``: every component id of the game (``wild:limbs:3``, ``niche:dugong``,
  ``bounty:5``) with its name, kind, back and the key of its face in the groups above.

The glossary explains every abbreviation, mark and term the faces and the text picture
use, from the board's label prefixes to each ability a full set or niche unlocks.

Where a surface colours (:mod:`ecotone.core.styled`), the text picture reads by habitat:
each tile's label (``Fo3``, ``Ec.n``), each habitat's name, each deck and each Adaptation
drawn from it are in the habitat's colour (the browser board's deck colours: the
Forest's green, the Mangrove's teal, the Marine's blue, the Urban's grey, the Wild's
brown, and the Ecotone's gold of the game's own colours), a wild tile's ``*`` in the
Wild's brown, a destroyed habitat's tiles dimmed; the seats and the pawns on the map in
the colours of the browser's pawns; Food in the green of its tokens, EVP in bold;
Cooperate in the leaf green and Intimidate in the red of the browser's buttons, and
"destroyed" and a Destruction's warning in red; a Niche in the purple of its card.
"""

from __future__ import annotations

import re
from typing import Any

from ecotone.core.presentation import Presentation, Term
from ecotone.core.styled import Mark
from ecotone.games.singapore.action_cards import MOVE_CARDS
from ecotone.games.singapore.board import CENTRE, ECOTONE, LABEL_PREFIX, board
from ecotone.games.singapore.cards import (
    ACTION_TIMINGS,
    DECKS,
    HABITATS,
    ActionCard,
    Adaptation,
    Niche,
    cards,
)
from ecotone.games.singapore.competition import ECOTONE_FOOD
from ecotone.games.singapore.endround import HAND_LIMIT, RECOVERY_FOOD, URBAN_OPENS_AT
from ecotone.games.singapore.evolution import COST
from ecotone.games.singapore.refusals import WHEN
from ecotone.games.singapore.scoring import FOOD_PER_EVP, NICHE_EVP
from ecotone.games.singapore.state import ROUNDS

__all__ = ["HABITAT_COLOURS", "SEAT_COLOURS", "glossary", "marks", "present", "styles"]

RECOVERY_TEXT = f"With {RECOVERY_FOOD} Food, re-opens a destroyed habitat at the end of a round."
DESTRUCTION_TEXT = "Laid by its habitat; when all are drawn the habitat is destroyed."


def present() -> Presentation:
    """The game's card faces, board, glossary, picture and colours."""
    return Presentation(
        catalog=catalogue(),
        glossary=glossary(),
        board="singapore",
        picture="🦦",
        colours=("#0f5e63", "#e0b45a"),
        panels=("players-table",),
        styles=styles(),
        marks=marks(),
    )


#: Each habitat's and deck's colour in text, by key (designed by Ecotone: the browser
#: board's deck colours, the Mangrove's turned towards cyan to tell it from the Forest,
#: and for the Ecotone the gold of the game's colours; each at a lightness readable on
#: dark and light backgrounds).
HABITAT_COLOURS = {
    "forest": "#3a8448",
    "mangrove": "#1f8a85",
    "marine": "#297abb",
    "urban": "#7c746c",
    "wild": "#a7662a",
    "ecotone": "#a67c00",
}

#: The seats' colours in text (designed by Ecotone: the browser's pawn colours, at a
#: lightness readable on dark and light backgrounds).
SEAT_COLOURS = ("#358547", "#776abd", "#b45e27", "#297abb", "#d2328b", "#797928")

_FOOD = "#6b8e23"  # the olive of the browser's Food tokens, yellower than the Forest's green
_COOPERATE = "#3a8448"  # the leaf green of the browser's Cooperate button
_RED = "#d53f2b"  # the red of the browser's Intimidate button
_NICHE = "#af4db9"  # the purple of a Niche card in the browser


def styles() -> dict[str, str]:
    """The palette of the game's text: habitats and what comes from them, seats and
    pawns, Food and EVP, the Survival Strategies, destruction, Niches."""
    out = {f"habitat.{key}": colour for key, colour in HABITAT_COLOURS.items()}
    out |= {f"gone.{key}": f"dim {colour}" for key, colour in HABITAT_COLOURS.items()}
    out |= {f"seat.{n}": f"bold {colour}" for n, colour in enumerate(SEAT_COLOURS, 1)}
    out |= {"wild": f"bold {HABITAT_COLOURS['wild']}", "soon": "dim"}
    out |= {"food": _FOOD, "points": "bold", "you": "bold", "niche": _NICHE}
    out |= {"cooperate": f"bold {_COOPERATE}", "intimidate": f"bold {_RED}"}
    out |= {"destroyed": f"bold {_RED}"}
    return out


def marks() -> tuple[Mark, ...]:
    """What is styled in the game's text, first rule first.

    Names are read off the board and the cards (labels, habitats, Adaptations, Action
    cards, Niches); a lower-case habitat only as a tile (``forest-3``) or a deck (``the
    wild deck``), so no ordinary word is taken for one. A Niche's name comes before the
    habitats', so that the Mangrove Pitta is a Niche, not a habitat.
    """
    cs = cards()
    b = board()
    niches = "|".join(re.escape(n.name) for n in cs.niches.values())
    decks: dict[str, list[str]] = {key: [] for key in DECKS}
    keys: dict[str, list[str]] = {key: [] for key in DECKS}  # as moves name them
    for a in cs.adaptations.values():
        decks[a.deck].append(a.name)
        keys[a.deck].append(a.key)
    decks["wild"] += [c.name for c in cs.actions.values()]
    regions = [*HABITATS, ECOTONE]
    ecotone_places = sorted(
        (label.split(".", 1)[1] for label in b.labels.values() if "." in label),
        key=lambda p: (-len(p), p),
    )
    places = "|".join(["centre", *ecotone_places, "[1-8]"])
    return (
        Mark(rf"\b(?:{niches})\b", "niche"),
        *(Mark(rf"\b{LABEL_PREFIX[h]}[1-8]x", f"gone.{h}") for h in HABITATS),
        *(Mark(rf"\b{LABEL_PREFIX[h]}[1-8]\b", f"habitat.{h}") for h in HABITATS),
        Mark(rf"\b{LABEL_PREFIX[ECOTONE]}\.(?:{'|'.join(ecotone_places)})\b", "habitat.ecotone"),
        Mark(r"(?<=[0-9a-z])\*|\*(?= wild tile)", "wild"),
        *(
            Mark(rf"\((?:[1-6]*)({n})(?=[1-6]*\))", f"seat.{n}", 1)
            for n in range(1, len(SEAT_COLOURS) + 1)
        ),
        Mark("·soon·", "soon"),
        Mark(r"(?:^|\n)(?:Forest|Mangrove|Marine|Urban) +(opening soon)\b", "soon", 1),
        Mark(r"\bDestruction!|\bdestroyed\b", "destroyed"),
        *(Mark(rf"\b{b.parts[r].name}\b", f"habitat.{r}") for r in regions),
        Mark(r"\bWild\b", "habitat.wild"),
        *(Mark(rf"\b{r}-(?:{places})\b", f"habitat.{r}") for r in regions),
        Mark(rf"\b({'|'.join(DECKS)})(?= deck\b)", "habitat.{1}"),
        Mark(r"\bwild(?= tile)", "habitat.wild"),
        Mark(rf"(?<=\brestore the )({'|'.join(HABITATS)})\b", "habitat.{1}"),
        *(
            Mark(rf"\b(?:{'|'.join(re.escape(n) for n in names)})\b", f"habitat.{deck}")
            for deck, names in decks.items()
            if names
        ),
        *(
            Mark(rf"(?<=\bbuy )(?:{'|'.join(re.escape(k) for k in ks)})\b", f"habitat.{deck}")
            for deck, ks in keys.items()
            if ks
        ),
        Mark(
            rf"(?<=\bplay )(?:{'|'.join(re.escape(c.key) for c in cs.actions.values())})\b",
            "habitat.wild",
        ),
        Mark(r"\b[Cc]ooperat(?:e|es|ed|ors?)\b", "cooperate"),
        Mark(r"\b[Ii]ntimidat(?:e|es|ed|ors?)\b", "intimidate"),
        Mark(r"\bC\d+(?=/I\d)", "cooperate"),
        Mark(r"\bC\d+/(I\d+)\b", "intimidate", 1),
        Mark(r"[+-]?\b\d+ Food\b|\bFood \d+\b|\b\d+ alone / \d+ shared\b", "food"),
        Mark(r"\b\d+ EVP\b|\bEVP \d+\b", "points"),
        Mark(r"\bP([1-6])\b", "seat.{1}"),
        Mark(r"\(you\)", "you"),
    )


def catalogue() -> dict[str, Any]:
    """Every public component's face, by group (see the module docstring)."""
    cs = cards()
    b = board()
    faces: dict[str, Any] = {a.key: _adaptation(a) for a in cs.adaptations.values()}
    faces.update({c.key: _action(c) for c in cs.actions.values()})
    faces["recovery"] = {
        "name": "Recovery",
        "kind": "recovery",
        "decks": [d for d in DECKS if cs.decks[d].recovery],
        "text": RECOVERY_TEXT,
    }
    faces["destruction"] = {
        "name": "Destruction",
        "kind": "destruction",
        "decks": [d for d in DECKS if cs.decks[d].destruction],
        "text": DESTRUCTION_TEXT,
    }
    return {
        "species": {},
        "cards": faces,
        "niches": {n.key: _niche(n) for n in cs.niches.values()},
        "bounty": {
            bid: {
                "name": "Nature's Bounty",
                "kind": "bounty",
                "single": c.single,
                "shared": c.shared,
                "text": f"{c.single} Food for a player alone, {c.shared} shared by several.",
                "provenance": c.provenance.value,
            }
            for bid, c in cs.bounty.items()
        },
        "decks": {
            d.key: _noted(
                {
                    "name": d.name,
                    "adaptations": d.adaptations,
                    "actions": d.actions,
                    "recovery": d.recovery,
                    "destruction": d.destruction,
                    "provenance": d.provenance.value,
                },
                d.note,
            )
            for d in cs.decks.values()
        },
        "boards": {
            p.key: _noted(
                {
                    "name": p.name,
                    "kind": p.kind,
                    "side": p.side,
                    "row": p.row,
                    "col": p.col,
                    "starts": p.starts,
                    "provenance": p.provenance.value,
                },
                p.note,
            )
            for p in b.parts.values()
        },
        "tiles": {
            t.id: {
                "board": t.board,
                "row": t.row,
                "col": t.col,
                "kind": t.kind,
                "ring": t.ring,
                "label": b.labels[t.id],
                "provenance": t.provenance.value,
            }
            for t in b.tiles.values()
        },
        "components": _components(),
    }


def _noted(face: dict[str, Any], note: str) -> dict[str, Any]:
    if note:
        face["note"] = note
    return face


def _adaptation(a: Adaptation) -> dict[str, Any]:
    return _noted(
        {
            "name": a.name,
            "kind": "adaptation",
            "deck": a.deck,
            "species": a.species,
            "latin": a.latin,
            "fact": a.fact,
            "points": list(a.points),
            "full": a.full,
            "copies": a.copies,
            "ability": a.ability,
            "text": a.ability_text,
            "provenance": a.provenance.value,
            "links": a.links(),
        },
        a.note,
    )


def _action(c: ActionCard) -> dict[str, Any]:
    return _noted(
        {
            "name": c.name,
            "kind": "action",
            "deck": "wild",
            "timing": c.timing,
            "when": WHEN[c.timing],
            "species": c.species,
            "latin": c.latin,
            "fact": c.fact,
            "text": c.text,
            "provenance": c.provenance.value,
        },
        c.note,
    )


def _niche(n: Niche) -> dict[str, Any]:
    return _noted(
        {
            "name": n.name,
            "kind": "niche",
            "latin": n.latin,
            "fact": n.fact,
            "needs": list(n.needs),
            "evp": NICHE_EVP,
            "ability": n.ability,
            "text": n.ability_text,
            "provenance": n.provenance.value,
        },
        n.note,
    )


def _components() -> dict[str, Any]:
    """Every component id: its name, kind, back (deck) and the key of its face."""
    cs = cards()
    out: dict[str, Any] = {}
    for deck in DECKS:
        for cid in cs.deck_ids[deck]:
            key = cs.key(cid)
            out[cid] = {"name": cs.name(key), "kind": cs.kind(cid), "deck": deck, "card": key}
    for nid in cs.niche_ids:
        n = cs.niche(nid)
        out[nid] = {"name": n.name, "kind": "niche", "niche": n.key}
    for bid in cs.bounty_ids:
        out[bid] = {"name": "Nature's Bounty", "kind": "bounty", "bounty": bid}
    return out


def glossary() -> tuple[Term, ...]:
    """Every abbreviation, mark and term of the faces and the text picture."""
    cs = cards()
    b = board()
    habitat_names = ", ".join(b.parts[h].name for h in HABITATS)
    terms = [
        Term("EVP", f"Evolution Points: the score. The most EVP after {ROUNDS} rounds wins."),
        Term(
            "Food",
            "what species live on: taken in Inter-species Competition, spent on Adaptations; "
            f"every {FOOD_PER_EVP} Food left at the end is worth 1 EVP.",
        ),
        Term("P1", "the players are P1, P2, ... in seat order; (you) marks your own line."),
        Term(
            "Ecotone",
            "the central 3x3 board where the habitats meet; every player starts on its "
            f"centre ({CENTRE}), and there every player takes {ECOTONE_FOOD} Food.",
        ),
        Term(
            "habitat",
            f"one of the four boards around the Ecotone ({habitat_names}): a ring of 8 "
            "tiles around its deck.",
        ),
        Term(
            "gateway",
            "ring place 1 of a habitat (Fo1), one step from the Ecotone's middle tile on "
            "that side.",
        ),
        Term("habitat tile", "a ring tile where you draw from that habitat's deck."),
        Term(
            "wild tile",
            "a ring tile (marked *) or any Ecotone tile: you draw from the Wild deck there.",
        ),
        Term(
            "Opening Soon",
            "a habitat not open yet (the Urban at the start): it opens once "
            f"{URBAN_OPENS_AT} Destruction cards have been drawn across the Forest, "
            "Mangrove and Marine.",
        ),
        Term(
            "destroyed",
            "a habitat whose Destruction cards are all drawn: turned over at the end of the "
            "round, its pawns sent to the Ecotone's centre; a Recovery re-opens it.",
        ),
        Term(
            "Nature's Bounty",
            "the card dealt to each open habitat every round: Food for a player alone, and "
            "Food shared by several (Bounty 7 alone / 12 shared).",
        ),
        Term("Survival Strategy", "Cooperate or Intimidate, chosen in secret in a shared habitat."),
        Term(
            "Cooperate",
            "share the habitat's Food equally; a lone Intimidator's die roll is taken from "
            "each Cooperator.",
        ),
        Term(
            "Intimidate",
            "the only Intimidator rolls a die and gains that much Food, and each Cooperator "
            "loses it; when several Intimidate, each loses the Gamemaster's roll.",
        ),
        Term(
            "C/I",
            "shown C2/I1: the Survival Strategy cards a player has shown so far, Cooperate "
            "and Intimidate (public history).",
        ),
        Term("roll", "this round's Migration die (two dice with the Cinnamon Bush Frog)."),
        Term(
            "Adaptation",
            f"a card bought in Evolution for {COST} Food; its points table gives EVP for "
            "1, 2, 3 (4) copies owned.",
        ),
        Term(
            "full set",
            "all the copies an Adaptation's points table counts (3 or 4): it may unlock "
            "the set's ability.",
        ),
        Term("×", "Limbs×3: three copies owned."),
        Term(
            "Niche",
            f"a card needing three Adaptations; owning one of each scores {NICHE_EVP} EVP "
            "and unlocks its ability (Standard: your secret card; Survival: the first to "
            "own them claims it).",
        ),
        Term("Action card", "a card for the hand, played at its time for its effect."),
        Term("Recovery", RECOVERY_TEXT),
        Term("Destruction", DESTRUCTION_TEXT),
        Term("hand limit", f"at the end of a round a player keeps at most {HAND_LIMIT} cards."),
        Term("Gamemaster", "the automatic referee: deals, rolls, reveals, shares out Food."),
        Term("bottom", "the Adaptations everyone saw returned to the bottom of a deck."),
        Term("Destruction n/m", "Destruction cards drawn in a habitat, of those it holds."),
        Term("[n]", "in the middle of a habitat: the cards left in its deck."),
        Term("*", "after a tile label (Fo3*): a wild tile."),
        Term("x", "after a tile label (Fo3x): a tile of a destroyed habitat."),
        Term("(12)", "after a tile label: the pawns on it, here P1 and P2."),
        Term("·soon·", "a tile of a habitat still Opening Soon."),
        Term("Ec.", "an Ecotone tile: Ec.n north, Ec.ne north-east, ..., Ec.c the centre."),
    ]
    terms += [
        Term(
            prefix,
            f"a {b.parts[region].name} tile: {prefix}3 is {region}-3, ring place 3 counted "
            f"clockwise from the gateway {prefix}1.",
        )
        for region, prefix in LABEL_PREFIX.items()
        if region != ECOTONE
    ]
    terms += [Term(f"{d.name} deck", _deck_meaning(d.key)) for d in (cs.decks[k] for k in DECKS)]
    timings = dict.fromkeys(ACTION_TIMINGS.values())
    terms += [Term(t, f"an Action card played {WHEN[t]}.") for t in timings]
    terms.append(
        Term(
            "movement card",
            " or ".join(cs.name(k) for k in MOVE_CARDS) + ": at most one goes with a route.",
        )
    )
    terms += [Term(a.ability, a.ability_text) for a in cs.adaptations.values() if a.ability]
    terms += [Term(n.ability, n.ability_text) for n in cs.niches.values()]
    return tuple(terms)


def _deck_meaning(key: str) -> str:
    d = cards().decks[key]
    parts = [f"{d.adaptations} Adaptations"]
    if d.actions:
        parts.append(f"{d.actions} Action cards")
    if d.recovery:
        parts.append(f"{d.recovery} Recovery")
    if d.destruction:
        parts.append(f"{d.destruction} Destruction")
    where = "on wild tiles and in the Ecotone" if key == "wild" else f"on {d.name} habitat tiles"
    return f"drawn {where}: " + ", ".join(parts) + "."
