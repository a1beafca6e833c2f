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

from ecotone.core.styled import Styled, mark
from ecotone.games.forest.cards import LEVELS, Level, cards
from ecotone.games.forest.game import OnceUponAForest
from ecotone.games.forest.state import Phase

from .helpers import forest, game, make_state

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


# -- colours ----------------------------------------------------------------------------

# what each style other than a level's or a seat's is meant for, whole
FORMS = {
    "chainsaw": r"chainsaw|\+saw|[1-9]\d* chainsaws?",
    "start": r"start",
    "covered": r"\(\+[1-9]\d*\)",
    "empty": r"·",
    "rival": r"[Nn]eighbouring [Ff]orest",
    "you": r"\(you\)",
    "points": r"-?\d+ points?",
}


def _fits(style: str, text: str) -> bool:
    """Whether ``text`` is what ``style`` is meant for: a card of that level (by the
    data), a level's printed name, the seat, or the form in :data:`FORMS`."""
    cs = cards()
    family, _, key = style.partition(".")
    if family == "card":
        return text in cs.level_of and Level(cs.level_of[text]).key == key
    if family == "level":
        return any(level.key == key and level.title == text for level in LEVELS)
    if family == "seat":
        return text == f"P{key}"
    return re.fullmatch(FORMS[style], text) is not None


def _styles_of(text: str, styled: Styled, word: str) -> set[str]:
    """The styles on every whole occurrence of ``word`` in ``text`` (``(plain)`` for none);
    a word starting with a sign (``+saw``) may follow a letter."""
    before = r"(?<![\w+])" if word[0].isalnum() else ""
    out: set[str] = set()
    for found in re.finditer(rf"{before}{re.escape(word)}(?!\w)", text):
        out |= {
            s.style for s in styled.spans if s.start == found.start() and s.end == found.end()
        } or {"(plain)"}
    return out


@pytest.mark.parametrize(("players", "variant"), [(1, "solo"), (3, None), (4, "semi-cooperative")])
def test_the_colours_land_on_what_they_mean_in_seeded_games(
    players: int, variant: str | None
) -> None:
    """Over seeded games, each seat's styled view is its text picture with palette styles
    only; every span is what its style means; every card id is in its level's colour."""
    g = game(players, variant)
    palette = PRESENTATION.styles
    level_of = cards().level_of
    for seed in (1, 2):
        state = g.start(seed)
        rnd = random.Random(seed)
        step = 0
        while True:
            if step % 6 == 0 or state.is_over:
                for viewer in (None, *range(players)):
                    text = state.render(viewer)
                    styled = state.render_styled(viewer)
                    assert styled.text == text
                    for span in styled.spans:
                        assert span.style in palette, span.style
                        part = text[span.start : span.end]
                        assert _fits(span.style, part), (span.style, part)
                    for cid in set(re.findall(r"\b[A-Z]\d\d\b", text)) & set(level_of):
                        key = Level(level_of[cid]).key
                        assert _styles_of(text, styled, cid) == {f"card.{key}"}, cid
            if state.is_over:
                break
            (seat,) = state.to_move
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
            step += 1


def test_each_level_has_a_colour_of_its_own_and_the_seats_others() -> None:
    palette = PRESENTATION.styles
    levels = [palette[f"level.{level.key}"] for level in LEVELS]
    seats = [palette[f"seat.{n}"].split()[-1] for n in range(1, 5)]
    assert len(set(levels)) == len(LEVELS)
    assert len(set(seats)) == 4
    assert not set(seats) & set(levels)
    assert palette["chainsaw"].split()[-1] not in {*seats, *levels}


def test_a_seat_a_card_of_each_level_and_a_chainsaw_are_marked() -> None:
    g = game(2)
    state = make_state(
        g,
        forests=[forest("G13 F07 S04 C05", "G07 - - -"), forest("G14 - S12 C12")],
        hands=["F05 C02", ""],
        phase=Phase.PLACE,
    )
    text = state.render(0)
    styled = state.render_styled(0)
    assert _styles_of(text, styled, "P1") == {"seat.1"}
    assert _styles_of(text, styled, "P2") == {"seat.2"}
    assert _styles_of(text, styled, "(you)") == {"you"}
    for cid, key in (("C05", "canopy"), ("S04", "second"), ("F07", "first"), ("G13", "ground")):
        assert _styles_of(text, styled, cid) == {f"card.{key}"}, cid
    for level in LEVELS:
        assert _styles_of(text, styled, level.title) == {f"level.{level.key}"}
    # P1's count (C05's saw) is marked whole; S12's and C12's word on its own
    assert "1 chainsaw;" in text
    assert _styles_of(text, styled, "1 chainsaw") == {"chainsaw"}
    uncounted = text.replace("1 chainsaw;", "1 ________;")  # (the same places)
    assert _styles_of(uncounted, styled, "chainsaw") == {"chainsaw"}
    assert _styles_of(text, styled, "+saw") == {"chainsaw"}  # C05 Howler+saw, F05 in hand
    assert "G13 start" in text
    assert _styles_of(text, styled, "start") == {"start", "(plain)"}  # G13's; not a sentence's
    assert "to start a new one" in text
    # the words around them stay plain
    for word in ("tree", "Hand", "complete", "Howler", "Jaguar", "chainsaws"):
        assert _styles_of(text, styled, word) == {"(plain)"}, word


def test_a_move_s_card_and_seat_are_marked_and_its_words_are_not() -> None:
    marks = PRESENTATION.marks
    move = mark("give C08 to P2", marks)
    assert [(move.text[s.start : s.end], s.style) for s in move.spans] == [
        ("C08", "card.canopy"),
        ("P2", "seat.2"),
    ]
    # "start" and "chainsaw" alone are words of a sentence, no card's marks
    sentence = mark("or start tree 2 · a chainsaw costs 1 point", marks)
    assert [sentence.text[s.start : s.end] for s in sentence.spans] == ["·"]
