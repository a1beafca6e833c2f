"""The game presents itself: a face for every component, a glossary for every mark.

The lists checked here come from the game's data and from the text picture itself, never
from the glossary, so a new card, ability, board label or mark without an entry fails.
"""

from __future__ import annotations

import random
import re

from ecotone.core.presentation import Presentation
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
