"""The game presents itself: a face for every card with what it prints, a glossary for every
word the faces and the text picture use, and option labels a player reads."""

from __future__ import annotations

import random
import re

from ecotone.core.game import State
from ecotone.core.styled import Mark, mark
from ecotone.games.phylo.cards import Event, Species, cards
from ecotone.games.phylo.game import Phylo
from ecotone.games.phylo.render import card_line

from .helpers import game, make_state

PRESENTED = Phylo.presentation()
FACES = PRESENTED.catalog["cards"]
GLOSSARY = {t.term.casefold(): t.meaning for t in PRESENTED.glossary}


def known(word: str) -> bool:
    return word.casefold() in GLOSSARY


def test_every_card_has_a_face_with_a_name() -> None:
    # every card of the pool, of the shared pile and of the ready-made decks
    ids = set(cards().by_id) | set(cards().pile)
    ids |= {c for deck in cards().decks.values() for c in deck.cards}
    for card in ids:
        face = PRESENTED.face(card)
        assert face is not None, card
        assert face["name"] == cards().by_id[card].name


def test_the_browsers_keys_are_kept() -> None:
    assert PRESENTED.catalog["species"] == {}
    for card, face in FACES.items():
        assert {"name", "fact", "kind"} <= set(face), card
        if face["type"] == "species":
            assert {"latin", "points"} <= set(face), card


def test_a_species_face_shows_what_the_card_prints() -> None:
    for sp in cards().species.values():
        face = FACES[sp.id]
        assert (face["latin"], face["points"], face["fact"]) == (sp.latin, sp.points, sp.fact)
        assert (face["scale"], face["food_chain"], face["diet"]) == (
            sp.scale,
            sp.food_chain,
            sp.diet,
        )
        assert face["climates"] == list(sp.climates)
        assert face["terrains"] == list(sp.terrains)
        assert face["locale"] == cards().legs[sp.locale].colour
        assert face["keywords"] == list(sp.keywords)
        assert face["play"] == sp.play
        assert face["provenance"] == sp.provenance
        if sp.movement is None:
            assert face["movement"] is None
        else:
            assert face["movement"].split() == [sp.movement.kind.upper(), str(sp.movement.n)]


def test_an_event_face_shows_its_timing_and_text() -> None:
    for ev in cards().events.values():
        face = FACES[ev.id]
        assert (face["type"], face["timing"], face["text"]) == ("event", ev.timing, ev.text)
        assert face["provenance"] == ev.provenance


def test_every_word_on_a_face_is_in_the_glossary() -> None:
    for card in cards().by_id.values():
        face = FACES[card.id]
        words = [face["type"]]
        if isinstance(card, Species):
            words += [face["diet"], face["locale"], *face["climates"], *face["terrains"]]
            words += face["keywords"]
            if card.feeds_on_keyword is not None:
                words.append(card.feeds_on_keyword)
            if card.feeds_in_terrain is not None:
                words.append(card.feeds_in_terrain)
            if face["movement"] is not None:
                words.append(face["movement"].split()[0])
        else:
            words.append(face["timing"])
        missing = [w for w in words if not known(w)]
        assert not missing, f"{card.id}: {missing} not in the glossary"


def test_every_word_of_a_card_line_is_in_the_glossary() -> None:
    # the text picture's line for a card: the id and name, then the printed values, each
    # word of which the glossary explains (the card's own sentences are the card's)
    for card in cards().by_id.values():
        line = card_line(card.id)
        if isinstance(card, Event):
            head = line.split(":", 1)[0]
            words = re.findall(r"\(([^)]*)\)", head)[-1].split(", ")
        else:
            fields = line.split(" · ")[1:]
            fields = [f for f in fields if f != card.play]
            words = [w for f in fields for w in re.findall(r"[A-Za-z][A-Za-z-]*", f)]
        missing = [w for w in words if not known(w)]
        assert not missing, f"{card.id}: {missing} not in the glossary ({line})"


def test_every_mark_and_capital_of_the_text_picture_is_in_the_glossary() -> None:
    # capitals in the cards' own sentences are the cards' emphasis, not the picture's words
    printed = " ".join(
        f"{c.name} {c.play if isinstance(c, Species) else c.text}" for c in cards().by_id.values()
    )
    emphasis = set(re.findall(r"[A-Z]{2,}", printed))
    seen: set[str] = set()

    def read(state: State) -> None:
        for viewer in (None, 0, 1):
            text = state.render(viewer)
            seen.update(set(re.findall(r"[A-Z]{2,}", text)) - emphasis)
            for row in re.findall(r"^ *\d+ (.*)$", text, flags=re.MULTILINE):
                marks = re.sub(r"B\d\d|URB|\[MAP\]|\s", " ", row)
                seen.update(m for m in marks if not m.isspace())
                seen.update(re.findall(r"URB|MAP", row))

    # URBAN terrain, a parasite beneath its host, an INCOMPATIBLE card and a rescue turn
    read(make_state(board="t21 B25 1, s21 B05 2 B53 1, w21 E09 2, k11 B01 2", rescuing=True))
    for variant, options in ((None, {"challenge": True}), ("constructed", {})):
        g = game(variant, **options)
        rnd = random.Random(3)
        state = g.start(3)
        while not state.is_over:
            read(state)
            seat = rnd.choice(state.to_move)
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert {"MAP", "URB", "¹", "²", "+", "!"} <= seen  # the sample drew all of a table
    missing = sorted(w for w in seen if not known(w))
    assert not missing, f"not in the glossary: {missing}"


def test_the_options_have_labels_a_player_reads() -> None:
    spec = game().spec
    for option in spec.options:
        assert option.label, option.name
    challenge = next(o for o in spec.options if o.name == "challenge")
    assert challenge.describe(True) != "True"
    deck1 = next(o for o in spec.options if o.name == "deck1")
    assert "Enchanted Isles" in deck1.describe("")
    for ready in deck1.ready:
        assert cards().decks[ready].summary in deck1.describe(ready)


# -- colours ----------------------------------------------------------------------------

# what each style other than a terrain's, a locale's or a seat's is meant for, whole
FORMS = {
    "incompatible": r"INCOMPATIBLE|!",
    "parasite": r"\+",
    "map": r"\[MAP\]",
    "extinct": r"EXTINCT",
    "empty": r"·",
    "you": r"\(you\)",
    "points": r"\d+ (?:points|pts)",
}


def _fits(style: str, text: str) -> bool:
    """Whether ``text`` is what ``style`` is meant for: a terrain or locale of the card
    data by name, a seat's name, mark or card on the table, or the form in FORMS."""
    raw = cards().raw
    family, _, key = style.partition(".")
    if family == "terrain":
        return text == key and key in {t.id for t in raw.terrains}
    if family == "locale":
        return text == key and key in {leg.colour for leg in raw.legs}
    if family == "seat":
        sup = "¹²"[int(key) - 1]
        return text in {f"P{key}", sup} or re.fullmatch(rf"(?:[BE]\d\d|URB){sup}", text) is not None
    return re.fullmatch(FORMS[style], text) is not None


def _spans(text: str, marks: tuple[Mark, ...] = PRESENTED.marks) -> list[tuple[str, str]]:
    styled = mark(text, marks)
    return [(text[s.start : s.end], s.style) for s in styled.spans]


def test_the_colours_land_on_what_they_mean_in_seeded_games() -> None:
    """Over seeded games, each seat's styled view is its text picture with palette styles
    only, every span is what its style means, and every card on the grid is in its
    owner's colour."""
    g = game()
    palette = PRESENTED.styles
    for seed in (1, 2, 3):
        state = g.start(seed)
        rnd = random.Random(seed)
        for step in range(120):  # a budget in moves
            if step % 4 == 0 or state.is_over:
                for viewer in (None, 0, 1):
                    text = state.render(viewer)
                    styled = state.render_styled(viewer)
                    assert styled.text == text
                    for span in styled.spans:
                        assert span.style in palette, span.style
                        part = text[span.start : span.end]
                        assert _fits(span.style, part), (span.style, part)
                    starts = {s.start: s for s in styled.spans}
                    for slot in state.data.board:
                        label = re.search(rf"(?:{slot.card}|URB){'¹²'[slot.owner]}", text)
                        assert label is not None, slot
                        assert starts[label.start()].style == f"seat.{slot.owner + 1}"
            if state.is_over:
                break
            seat = state.to_move[0]
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))


def test_the_seats_cards_incompatibility_and_the_map_are_marked_on_the_table() -> None:
    board = "t21 B09 1, s21 B39 1, r21 B05 2 B53 1, w21 B24 2, k11 B25 2"
    state = make_state(board=board, hands=("B01 E06", "B36"))
    text = state.render(0)
    styled = _spans(text)
    assert styled == [(text[s.start : s.end], s.style) for s in state.render_styled(0).spans]
    assert ("B09¹", "seat.1") in styled
    assert ("B05²", "seat.2") in styled
    assert ("B25²", "seat.2") in styled  # the lone palm far from the map ...
    assert ("!", "incompatible") in styled  # ... is INCOMPATIBLE
    assert ("INCOMPATIBLE", "incompatible") in styled
    assert ("+", "parasite") in styled  # the Vampire Bat beneath the fox
    assert ("[MAP]", "map") in styled
    assert ("P1", "seat.1") in styled
    assert ("(you)", "you") in styled
    assert ("EXTINCT", "extinct") in styled  # the Megatherium in the hand
    # a card's id in a card line is no one's card on the table: it stays plain
    at = text.index("B39 Darwin's Beetle")
    assert not [s for s in state.render_styled(0).spans if at <= s.start < at + 3]


def test_a_card_line_s_terrains_and_locale_are_marked_and_an_event_s_words_are_not() -> None:
    line = card_line("B36")  # Guanaco · ... · cold/cool · grassland/desert · blue · MOVE 2
    assert [span for span in _spans(line) if span[1] != "empty"] == [
        ("4 pts", "points"),
        ("grassland", "terrain.grassland"),
        ("desert", "terrain.desert"),
        ("blue", "locale.blue"),
    ]
    assert line.count("·") == _spans(line).count(("·", "empty"))  # the separators, dimmed
    # an event names "ocean" in a sentence; a move leaves a cell "as urban": both plain
    oil = card_line("E06")
    assert "any ocean or fresh water" in oil
    assert _spans(oil) == []
    assert _spans("play E09 at t21 leaving it as urban") == []
    # each terrain and locale has a colour of its own
    palette = PRESENTED.styles
    terrains = [palette[f"terrain.{t.id}"] for t in cards().raw.terrains]
    assert len(set(terrains)) == len(terrains)
