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
from collections import Counter

import pytest

from ecotone.core.game import State
from ecotone.core.styled import mark
from ecotone.games.biomasters.board import Domain
from ecotone.games.biomasters.cards import DOMAIN_KEYS, cards
from ecotone.games.biomasters.game import BioMasters

from .helpers import game, position

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


# -- colours ----------------------------------------------------------------------------

# what each style other than a seat's or a trophic number's is meant for, whole
FORMS = {
    "parasite": r"p|P",
    "mutualist": r"m|M",
    "both": r"\+",
    "detritus": r"~[a-z]{2,3} ?~",
    "empty": r"·",
    "team": r"team [AB]",
    "you": r"\(you\)",
    "points": r"\d+ VP",
}

# each trophic number and cost icon as printed, by the step of the food web it names
ICONS = {
    "producer": {"+1A", "+1"},
    "chemo": {"+1C"},
    "herbivore": {"+2"},
    "carnivore": {"+3"},
    "apex": {"+4"},
    "saprotroph": {"-1S"},
    "detritivore": {"-2D"},
}


def _fits(style: str, text: str) -> bool:
    """Whether ``text`` is what ``style`` is meant for: a seat's card (by an abbreviation
    of the pool), name or HOME, a trophic icon, or the form in FORMS."""
    abbrs = {c.abbr for c in cards().by_id.values()}
    family, _, key = style.partition(".")
    if family == "seat":
        return text in {f"P{key}", f"[H{key}]"} or (text[0] == key and text[1:] in abbrs)
    if family == "exhausted":
        return text[0] == key and text[1:].upper() in abbrs and text[1:].islower()
    if family == "trophic":
        return text in ICONS[key]
    return re.fullmatch(FORMS[style], text) is not None


def _grid_cards(state: State) -> Counter[tuple[str, str]]:
    """The cards on the grid as their styled labels should read: ``("seat.1", "1ZEB")``."""
    pool = cards()
    out: Counter[tuple[str, str]] = Counter()
    for slot in state.data.grid:
        if slot is None or slot.tile or slot.kind in pool.homes:
            continue
        abbr = pool.kinds[slot.kind].abbr
        n = slot.owner + 1
        out[
            (f"seat.{n}", f"{n}{abbr}") if slot.ready else (f"exhausted.{n}", f"{n}{abbr.lower()}")
        ] += 1
    return out


@pytest.mark.parametrize(("players", "variant"), [(2, None), (4, "2v2"), (4, "free-for-all")])
def test_the_colours_land_on_what_they_mean_in_seeded_games(
    players: int, variant: str | None
) -> None:
    """Over seeded games, each seat's styled view is its text picture with palette styles
    only, every span is what its style means, and every card on the grid, and nothing
    else but the key's example, is styled as its owner's, ready or exhausted."""
    g = game(players, variant)
    palette = PRESENTATION.styles
    legend = Counter({("seat.1", "1ZEB"): 1, ("exhausted.1", "1zeb"): 1})
    for seed in (1, 2):
        state = g.start(seed)
        rnd = random.Random(seed)
        for step in range(160):  # a budget in moves
            if step % 20 == 0 or state.is_over:
                for viewer in (None, *range(players)):
                    text = state.render(viewer)
                    styled = state.render_styled(viewer)
                    assert styled.text == text
                    labels: Counter[tuple[str, str]] = Counter()
                    for span in styled.spans:
                        assert span.style in palette, span.style
                        part = text[span.start : span.end]
                        assert _fits(span.style, part), (span.style, part)
                        if re.fullmatch(r"\d[A-Za-z]+", part):
                            labels[span.style, part] += 1
                    assert labels - legend == _grid_cards(state)
            if state.is_over:
                break
            (seat,) = state.to_move
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))


def test_ready_and_exhausted_cards_detritus_and_attachments_are_marked() -> None:
    state = position(
        game(),
        {
            "E4": "P1 red-oat-grass ready",
            "E3": "P1 plains-zebra parasite=castor-bean-tick@P2",
            "F4": "P2 english-oak ready mutualist=penny-bun@P2",
            "F3": "P2 english-oak",
            "D4": "tile lion owner=P2",
        },
        hands=["lion"],
        piles=["plains-zebra:2"],
    )
    text = state.render(0)
    styled = state.render_styled(0)
    spans = [(text[s.start : s.end], s.style) for s in styled.spans]
    at = {s.start: (text[s.start : s.end], s.style) for s in styled.spans}
    assert ("1ROG", "seat.1") in spans
    assert ("2oak", "exhausted.2") in spans
    zebra = text.index("1zebp")  # the tick under P1's exhausted zebra
    assert at[zebra] == ("1zeb", "exhausted.1")
    assert at[zebra + 4] == ("p", "parasite")
    oak = text.index("2OAKm")  # the penny bun under P2's ready oak
    assert at[oak] == ("2OAK", "seat.2")
    assert at[oak + 4] == ("m", "mutualist")
    assert ("~lio~", "detritus") in spans
    assert ("[H1]", "seat.1") in spans
    assert ("P1", "seat.1") in spans
    assert ("(you)", "you") in spans
    assert ("2 VP", "points") in spans
    # the key names each card with its trophic number; the hand its cost icons
    assert "ROG=Red Oat Grass +1A" in text
    assert "hand: lion (+3, cost +2 +1)" in text
    for icon, key in (("+1A", "producer"), ("+3", "carnivore"), ("+2", "herbivore")):
        assert (icon, f"trophic.{key}") in spans
    # the names in the key and the hand stay plain
    for word in ("Red Oat Grass", "lion", "ROG", "Savanna", "hand"):
        assert all(part != word for part, _ in spans), word


def test_a_move_s_words_stay_plain_but_its_seat() -> None:
    marks = PRESENTATION.marks
    for move in ("play lion at D1", "exhaust G4", "activate B6 on C6", "pass"):
        assert mark(move, marks).spans == (), move
    news = mark("P1's Northern Harvester Termite in G9 was killed by P4's Lion", marks)
    assert [news.text[s.start : s.end] for s in news.spans] == ["P1", "P4"]
