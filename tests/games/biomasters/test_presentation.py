"""The game presents itself: every card has a full face, every code and mark a meaning.

What the glossary must explain is read off the data and the text picture, not copied from
the glossary: the trophic numbers, cost icons, domains, IUCN statuses, keywords, abilities,
effects and abbreviations of the cards, and the signs the text picture of random positions
shows.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from ecotone.games.biomasters.board import Domain
from ecotone.games.biomasters.cards import DOMAIN_KEYS, cards
from ecotone.games.biomasters.game import BioMasters

from .helpers import game

PRESENTATION = BioMasters.presentation()
FACES = PRESENTATION.catalog["cards"]
TERMS = [t.term for t in PRESENTATION.glossary]

# punctuation of ordinary sentences, which needs no glossary
PROSE = set(" ,.:;()'-!?")


def explained(mark: str) -> bool:
    return any(mark in term for term in TERMS)


def test_every_card_has_a_face_with_a_name() -> None:
    assert set(FACES) == set(cards().ids)
    for cid, face in FACES.items():
        assert face["name"], cid
        assert PRESENTATION.face(cid) is face


def test_every_face_carries_every_printed_field() -> None:
    for cid, face in FACES.items():
        card = cards().by_id[cid]
        assert (face["name"], face["latin"], face["fact"]) == (card.name, card.latin, card.fact)
        assert (face["abbr"], face["trophic"]) == (card.abbr, card.trophic.value)
        assert face["points"] == card.vp
        assert face["cost"] == list(card.cost)
        assert (face["iucn"], face["rarity"]) == (card.iucn, card.rarity.value)
        assert face["domain"] == DOMAIN_KEYS[card.domain].title
        assert len(face["keywords"]) == len(card.strategy)
        assert (face["ability"], face["effect"], face["adult"]) == (
            card.ability,
            card.effect,
            card.adult,
        )
        assert (face["prey"], face["hosts"]) == (list(card.prey), list(card.hosts))
        assert face["provenance"] == card.provenance.value


def test_the_browser_board_finds_its_keys() -> None:
    """The grid board reads these; they may gain fields but never lose them."""
    for face in FACES.values():
        assert {"name", "latin", "fact", "points", "kind"} <= set(face)
    assert json.loads(json.dumps(PRESENTATION.catalog)) == PRESENTATION.catalog
    assert PRESENTATION.board == "grid"


def test_the_glossary_names_each_term_once() -> None:
    assert len(TERMS) == len(set(TERMS))
    assert all(t.meaning for t in PRESENTATION.glossary)


def test_every_code_of_the_faces_is_in_the_glossary() -> None:
    codes: set[str] = set()
    for face in FACES.values():
        codes |= {face["trophic"], face["domain"], face["iucn"], face["abbr"], *face["cost"]}
        codes |= set(face["keywords"])
        codes |= {face["ability"], face["effect"]} - {""}
    assert {"+1", "-1S", "HOME", "LIO", "PACK HUNTER", "hunt", "double"} <= codes
    assert codes - set(TERMS) == set()
    assert {d.title for d in Domain if d is not Domain.HOME} <= codes


def test_the_option_labels_read_as_words() -> None:
    decks, chemo = BioMasters.spec.options
    assert decks.title == "Decks"
    assert decks.describe(decks.default) == "Savanna against Woodland Floor"
    assert [decks.describe(name) for name in decks.ready] == [
        "Savanna",
        "Woodland Floor",
        "Ocean",
        "Wetland",
    ]
    assert chemo.to_json()["choice_labels"][1].startswith("No, as the printed rulebook")


@pytest.mark.parametrize(("players", "variant"), [(2, None), (4, "2v2")])
def test_every_sign_of_the_text_picture_is_explained(players: int, variant: str | None) -> None:
    g = game(players, variant)
    rnd = random.Random(players)
    state = g.start(players)
    text = ""
    step = 0
    while True:
        if step % 9 == 0 or state.is_over:
            text += "".join(state.render(viewer) for viewer in (None, *range(players)))
        if state.is_over:
            break
        (seat,) = state.to_move
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
        step += 1
    abbrs = set(re.findall(r"\b\d([A-Z]{3})\b", text))
    abbrs |= {a.upper() for a in re.findall(r"\b\d([a-z]{3})\b", text)}
    abbrs |= {a.upper() for a in re.findall(r"~([a-z]{3})\s*~", text)}
    assert len(abbrs) > 10
    assert abbrs - set(TERMS) == set()
    signs = {c for c in set(text) - PROSE if not (re.fullmatch(r"\w", c) or c.isspace())}
    assert {"·", "~", "[", "+", "="} <= signs
    assert {s for s in signs if not explained(s)} == set()
