"""The game presents itself: every card has a full face, every mark has a meaning.

The marks the glossary must explain are read off the data and the text picture, not
copied from the glossary: the levels' names, the letters card ids start with, the animals'
short names, every word of the cards' short labels, and every sign the text picture of
random positions shows.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from ecotone.games.forest.cards import LEVELS, cards
from ecotone.games.forest.game import OnceUponAForest

from .helpers import game

PRESENTATION = OnceUponAForest.presentation()
FACES = PRESENTATION.catalog["cards"]
TERMS = [t.term for t in PRESENTATION.glossary]

# punctuation of ordinary sentences, which needs no glossary
PROSE = set(" ,.:;()'-!?")


def explained(mark: str) -> bool:
    return any(mark in term for term in TERMS)


def test_every_card_has_a_face_with_a_name() -> None:
    cs = cards()
    assert set(FACES) == set(cs.ids)
    for cid, face in FACES.items():
        assert face["name"], cid
        assert PRESENTATION.face(cid) is face


def test_every_face_carries_every_printed_field() -> None:
    cs = cards()
    for cid, face in FACES.items():
        card = cs.by_id[cid]
        assert face["level"] == card.level
        assert face["level_name"] == card.row.title
        assert face["chainsaw"] is card.chainsaw
        assert face["start"] is card.start
        assert face["provenance"] == card.provenance.value
        assert face["label"] == cs.label(cid)
        if card.species:
            sp = cs.species[card.species]
            assert (face["species"], face["name"]) == (sp.key, sp.name)
            assert (face["latin"], face["fact"]) == (sp.latin, sp.fact)
        else:
            assert face["species"] is None
            assert face["latin"] is None


def test_the_browser_board_finds_its_keys() -> None:
    """forest.js reads these; they may gain fields but never lose them."""
    catalog = PRESENTATION.catalog
    for sp in catalog["species"].values():
        assert {"name", "short", "latin", "level", "fact", "provenance"} <= set(sp)
    for face in FACES.values():
        assert {"level", "species", "chainsaw", "start"} <= set(face)
    assert set(catalog["levels"]) == {level.key for level in LEVELS}
    assert json.loads(json.dumps(catalog)) == catalog
    assert PRESENTATION.board == "forest"


def test_the_glossary_names_each_term_once() -> None:
    assert len(TERMS) == len(set(TERMS))
    assert all(t.meaning for t in PRESENTATION.glossary)


def marks_of_the_data() -> set[str]:
    cs = cards()
    marks = {level.title for level in LEVELS}
    marks |= {cid[0] for cid in cs.ids}
    shorts = {s.short for s in cs.species.values()}
    marks |= shorts
    for cid in cs.ids:
        rest = cs.label(cid).removeprefix(cid)
        for short in shorts:
            rest = rest.replace(short, " ")
        marks |= set(rest.split())
    return marks


def test_every_mark_of_the_faces_is_explained() -> None:
    marks = marks_of_the_data()
    # the labels' own marks are among them: a card that shows a chainsaw, a start card
    assert {"+saw", "start", "chainsaw"} <= marks
    assert {m for m in marks if not explained(m)} == set()


@pytest.mark.parametrize(("players", "variant"), [(1, "solo"), (3, None), (2, "semi-cooperative")])
def test_every_sign_of_the_text_picture_is_explained(players: int, variant: str | None) -> None:
    g = game(players, variant)
    rnd = random.Random(players)
    state = g.start(players)
    signs: set[str] = set()
    step = 0
    while True:
        if step % 5 == 0 or state.is_over:
            for viewer in (None, *range(players)):
                signs |= set(state.render(viewer)) - PROSE
        if state.is_over:
            break
        (seat,) = state.to_move
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
        step += 1
    signs = {s for s in signs if not (re.fullmatch(r"\w", s) or s.isspace())}
    assert {"·", "×", "+", "["} <= signs  # an empty level, a pile's size, a cover, a pile
    assert {s for s in signs if not explained(s)} == set()
