"""The game presents itself: a face for every component, a glossary for every mark.

The lists checked here come from the game's data and from the text picture itself, never
from the glossary, so a new card, ability, board label or mark without an entry fails.
"""

from __future__ import annotations

import random
import re

import pytest

from ecotone.core.presentation import Presentation
from ecotone.core.styled import mark
from ecotone.games.singapore import SingaporeUntamed
from ecotone.games.singapore.board import board
from ecotone.games.singapore.cards import cards
from ecotone.games.singapore.state import Status

from .helpers import game, start, state, with_habitat, with_player


def presentation() -> Presentation:
    return SingaporeUntamed.presentation()


def terms() -> set[str]:
    return {t.term for t in presentation().glossary}


def test_every_component_has_a_face_with_a_name() -> None:
    p = presentation()
    for cid in game().components():
        face = p.face(cid)
        assert face is not None, cid
        assert face["name"], cid


def test_every_card_key_an_observation_names_has_a_full_face() -> None:
    cs = cards()
    faces = presentation().catalog["cards"]
    for a in cs.adaptations.values():
        face = faces[a.key]
        assert face["name"] == a.name
        assert (face["species"], face["latin"], face["fact"]) == (a.species, a.latin, a.fact)
        assert face["points"] == list(a.points)
        assert face["copies"] == a.copies
        assert face["provenance"] == a.provenance.value
    for c in cs.actions.values():
        face = faces[c.key]
        assert (face["name"], face["timing"], face["text"]) == (c.name, c.timing, c.text)
        assert (face["species"], face["latin"], face["fact"]) == (c.species, c.latin, c.fact)
        assert face["provenance"] == c.provenance.value
    for key in cs.hand_keys:
        assert faces[key]["name"]
    niches = presentation().catalog["niches"]
    for n in cs.niches.values():
        face = niches[n.key]
        assert (face["name"], face["latin"], face["needs"]) == (n.name, n.latin, list(n.needs))
        assert face["ability"] == n.ability
        assert face["text"] == n.ability_text
    bounty = presentation().catalog["bounty"]
    for bid, b in cs.bounty.items():
        assert (bounty[bid]["single"], bounty[bid]["shared"]) == (b.single, b.shared)


def test_every_tile_shows_its_label_in_the_text_picture() -> None:
    tiles = presentation().catalog["tiles"]
    assert tiles.keys() == board().tiles.keys()
    assert tiles["forest-4"]["label"] == "Fo4"
    assert tiles["ecotone-centre"]["label"] == "Ec.c"


def test_every_ability_and_timing_a_face_names_is_in_the_glossary() -> None:
    cs = cards()
    named = {a.ability for a in cs.adaptations.values() if a.ability}
    named |= {n.ability for n in cs.niches.values()}
    named |= {c.timing for c in cs.actions.values()}
    named |= {f"{d.name} deck" for d in cs.decks.values()}
    assert named - terms() == set()


def test_every_board_label_prefix_is_in_the_glossary() -> None:
    prefixes = {re.sub(r"[0-9]+$|(?<=\.)\w+$", "", label) for label in board().labels.values()}
    assert prefixes == {"Ec.", "Fo", "Mg", "Ma", "Ur"}
    assert prefixes - terms() == set()


def pictures() -> list[str]:
    """Text pictures of varied positions: random play, a destroyed habitat, the Urban
    still Opening Soon, pawns sharing tiles, an anchored pawn."""
    out = []
    rnd = random.Random(7)
    s = game(5).start(3)
    for _ in range(400):
        if s.is_over:
            break
        seat = rnd.choice(s.to_move)
        if rnd.random() < 0.1:
            out.append(s.render(seat))
        s = s.step(seat, rnd.choice(s.legal_actions(seat)))
    d = with_habitat(start(4), "forest", status=Status.DESTROYED, destruction=2)
    d = with_player(d, 0, tile="forest-3", adaptations=["limbs"] * 2, hand=["forage"])
    d = with_player(d, 1, tile="forest-3")
    out.append(state(d).render(0))
    out.append(state(d).render(None))
    return out


def test_every_mark_and_abbreviation_of_the_text_picture_is_in_the_glossary() -> None:
    glossed = terms()
    labels = "|".join(re.escape(label) for label in board().labels.values())
    seen: set[str] = set()
    for text in pictures():
        # the board's cells: a label, then its marks
        for cell in re.finditer(rf"(?<!\S)(?:{labels})(\S*)", text):
            marks = cell.group(1)
            if marks.startswith(("*", "x")):
                seen.add(marks[0])
            if re.search(r"\(\d+\)", marks):
                seen.add("(12)")
        if "·soon·" in text:
            seen.add("·soon·")
        if re.search(r"\[\d+\]", text):
            seen.add("[n]")
        if re.search(r"\bC\d+/I\d+\b", text):
            seen.add("C/I")
        if re.search(r"\w×\d", text):
            seen.add("×")
        if re.search(r"Destruction \d+/\d+", text):
            seen.add("Destruction n/m")
        if re.search(r"\bP\d\b", text):
            seen.add("P1")  # seat names
        seen |= set(re.findall(r"\b[A-Z]{2,}\b", text))  # abbreviations in capitals
    # the pictures really show every kind of mark the board can make
    assert {"*", "x", "(12)", "·soon·", "[n]", "C/I", "×", "EVP", "P1"} <= seen
    assert seen - glossed == set()


# -- colours ----------------------------------------------------------------------------

# what each style other than a habitat's or a seat's is meant for, whole
FORMS = {
    "wild": r"\*",
    "soon": r"·soon·|opening soon",
    "destroyed": r"destroyed|Destruction!",
    "food": r"[+-]?\d+ Food|Food \d+|\d+ alone / \d+ shared",
    "points": r"\d+ EVP|EVP \d+",
    "you": r"\(you\)",
    "cooperate": r"[Cc]ooperat(?:e|es|ed|ors?)|C\d+",
    "intimidate": r"[Ii]ntimidat(?:e|es|ed|ors?)|I\d+",
}


def _belongs(key: str) -> set[str]:
    """Everything the text may show in habitat ``key``'s colour, read off the board and
    the cards: its name, its tiles' labels and ids, its deck's word, its cards' names."""
    cs = cards()
    b = board()
    out = {b.parts[key].name} if key in b.parts else {"Wild", "wild"}
    out |= {key} if key != "ecotone" else set()
    out |= {label for tile, label in b.labels.items() if b.region(tile) == key}
    out |= {tile for tile in b.labels if b.region(tile) == key}
    out |= {a.name for a in cs.adaptations.values() if a.deck == key}
    out |= {a.key for a in cs.adaptations.values() if a.deck == key}
    if key == "wild":
        out |= {c.name for c in cs.actions.values()} | {c.key for c in cs.actions.values()}
    return out


def _fits(style: str, text: str) -> bool:
    family, _, key = style.partition(".")
    if family == "habitat":
        return text in _belongs(key)
    if family == "gone":
        return text.endswith("x") and text[:-1] in _belongs(key)
    if family == "seat":
        return text in {f"P{key}", key}
    if style == "niche":
        return text in {n.name for n in cards().niches.values()}
    return re.fullmatch(FORMS[style], text) is not None


def _spans(text: str) -> list[tuple[str, str]]:
    styled = mark(text, presentation().marks)
    return [(text[s.start : s.end], s.style) for s in styled.spans]


@pytest.mark.parametrize(("players", "variant"), [(4, None), (5, "beginner"), (6, "survival")])
def test_the_colours_land_on_what_they_mean_in_seeded_games(
    players: int, variant: str | None
) -> None:
    """Over seeded games, each seat's styled view is its text picture with palette styles
    only, every span is what its style means, and every tile of the map is in its
    habitat's colour with each pawn on it in its seat's."""
    g = game(players, variant)
    palette = presentation().styles
    b = board()
    labels = "|".join(re.escape(label) for label in b.labels.values())
    region = {label: b.region(tile) for tile, label in b.labels.items()}
    pawns_seen = 0
    for seed in (1, 2):
        s = g.start(seed)
        rnd = random.Random(seed)
        for step in range(150):  # a budget in moves
            if step % 15 == 0 or s.is_over:
                for viewer in (None, *range(players)):
                    text = s.render(viewer)
                    styled = s.render_styled(viewer)
                    assert styled.text == text
                    at = {span.start: span for span in styled.spans}
                    for span in styled.spans:
                        assert span.style in palette, span.style
                        part = text[span.start : span.end]
                        assert _fits(span.style, part), (span.style, part)
                    map_part = text.split("\n\n")[1]  # the map, after the status line
                    for cell in re.finditer(rf"(?<!\S)({labels})(x?)\*?(?:\((\d+)\))?", map_part):
                        label, gone, pawns = cell.groups()
                        start = len(text.split("\n\n")[0]) + 2 + cell.start()
                        kind = "gone" if gone else "habitat"
                        assert at[start].style == f"{kind}.{region[label]}", label
                        pawns_seen += len(pawns or "")
                        for digit in pawns or "":
                            where = start + cell.group(0).index("(") + 1 + pawns.index(digit)
                            assert at[where].style == f"seat.{digit}", (label, digit)
            if s.is_over:
                break
            seat = s.to_move[0]
            s = s.apply(seat, rnd.choice(s.legal_actions(seat)))
    assert pawns_seen > 0


def test_habitats_their_cards_and_the_seats_are_marked_on_a_player_s_line() -> None:
    d = with_habitat(start(4), "mangrove", status=Status.DESTROYED, destruction=2)
    d = with_player(d, 0, tile="forest-3", food=7, adaptations=["anchorage", "limbs"])
    d = with_player(d, 0, hand=["forage"])
    s = state(d)
    text = s.render(0)
    spans = [(text[sp.start : sp.end], sp.style) for sp in s.render_styled(0).spans]
    line = next(x for x in text.splitlines() if x.startswith("P1 (you): "))
    assert _spans(line)[:5] == [
        ("P1", "seat.1"),
        ("(you)", "you"),
        ("Fo3", "habitat.forest"),
        ("Forest", "habitat.forest"),
        ("Food 7", "food"),
    ]
    assert ("Anchorage", "habitat.mangrove") in spans  # a Mangrove deck's Adaptation
    assert ("Limbs", "habitat.wild") in spans  # a Wild deck's
    assert ("Forage", "habitat.wild") in spans  # an Action card, from the Wild deck
    assert ("Mg3x", "gone.mangrove") in spans  # a tile of the destroyed Mangrove
    assert ("destroyed", "destroyed") in spans
    assert ("Ec.c", "habitat.ecotone") in spans
    assert ("·soon·", "soon") in spans  # the Urban, not open yet
    # the words around them stay plain
    for word in ("Adaptations", "Hand", "deck", "open", "roll", "shown"):
        assert all(part != word for part, _ in spans), word


def test_the_survival_strategies_are_marked_and_ordinary_words_are_not() -> None:
    assert _spans("Mangrove: revealed P1 Intimidate, P2 Cooperate.") == [
        ("Mangrove", "habitat.mangrove"),
        ("P1", "seat.1"),
        ("Intimidate", "intimidate"),
        ("P2", "seat.2"),
        ("Cooperate", "cooperate"),
    ]
    assert _spans("shown C2/I1") == [("C2", "cooperate"), ("I1", "intimidate")]
    assert _spans("cooperate") == [("cooperate", "cooperate")]  # the move
    assert _spans("No Intimidators: peace and cooperation.") == [("Intimidators", "intimidate")]
    # the Mangrove Pitta is a Niche, not the Mangrove
    assert _spans("Niches: Mangrove Pitta") == [("Mangrove Pitta", "niche")]
    # a move names a tile, a deck, a card by its key; its other words stay plain
    assert _spans("migrate to marine-6") == [("marine-6", "habitat.marine")]
    assert _spans("draw from the forest deck") == [("forest", "habitat.forest")]
    assert _spans("buy salt-tolerance") == [("salt-tolerance", "habitat.mangrove")]
    assert _spans("return the rest") == []
    assert _spans("pledge 3 food") == []
