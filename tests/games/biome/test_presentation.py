"""BIOME Borneo presents itself: a face for every component, with what the data prints on
it, and a glossary holding every code the faces show (the text picture's: test_render)."""

from __future__ import annotations

import re

from ecotone.core.styled import Styled, mark
from ecotone.games.biome.cards import cards
from ecotone.games.biome.game import SPEC, BiomeBorneo
from ecotone.games.biome.tiles import Layer, tiles

from .helpers import game, make_state

TERMS = {t.term for t in BiomeBorneo.presentation().glossary}
CATALOG = BiomeBorneo.presentation().catalog


def test_every_component_has_a_face_with_a_name() -> None:
    g = game(4)
    presentation = g.presentation()
    components = list(g.components())
    assert len(components) == len(cards().ids) + len(cards().bonus_ids) + len(tiles().ids)
    for cid in components:
        face = presentation.face(cid)
        assert face is not None, cid
        assert face["name"], cid


def test_card_faces_carry_what_the_data_prints() -> None:
    cs = cards()
    for cid, info in cs.by_id.items():
        face = CATALOG["cards"][cid]
        assert (face["name"], face["kind"], face["points"]) == (info.name, info.kind, info.points)
        if info.kind == "animal":
            a = cs.animals[info.key]
            assert (face["latin"], face["fact"], face["level"]) == (a.latin, a.fact, a.level)
            assert face["home"] == Layer.of(a.home).title
            assert face["prey"] == [cs.animals[k].name for k in a.prey]
            assert (face["provenance"], face["sources"]) == (a.provenance, a.sources)
        elif info.kind == "plant":
            pc = cs.plant_cards[info.key]
            assert (face["latin"], face["fact"], face["vine_link"]) == (
                pc.latin,
                pc.fact,
                pc.vine_link,
            )
            assert face["provenance"] == pc.provenance
        elif info.kind == "ability":
            assert face["text"] == cs.abilities[info.key].text
            assert face["provenance"] == cs.abilities[info.key].provenance
        else:
            d = cs.disasters[info.key]
            assert (face["text"], face["fact"], face["provenance"]) == (
                d.text,
                d.fact,
                d.provenance,
            )
        if info.earnable:
            plants = tiles().plants
            wanted = [plants[p].code for p, n in enumerate(info.needs) for _ in range(n)]
            assert sorted(face["habitat_codes"]) == sorted(wanted), cid
    for key, bonus in cs.bonuses.items():
        face = CATALOG["bonuses"][key]
        assert (face["text"], face["minimum"], face["provenance"]) == (
            bonus.text,
            bonus.minimum,
            bonus.provenance,
        )


def test_tile_faces_show_their_plants_codes_and_layers() -> None:
    ts = tiles()
    for t in ts.tiles:
        face = CATALOG["tiles"][t.id]
        assert face["codes"] == [ts.plants[p].code for p, _ in t.features]
        assert [Layer.of(x) for x in face["layers"]] == [x for x in Layer if t.fits(x)]
        assert face["provenance"] == t.provenance


def test_every_code_on_a_face_is_in_the_glossary() -> None:
    shown: set[str] = set()
    for face in CATALOG["cards"].values():
        shown |= set(face.get("habitat_codes", ()))
        shown |= {face[k] for k in ("home_layer", "level_name") if k in face}
    for face in CATALOG["tiles"].values():
        shown |= set(face["codes"]) | set(face["layers"])
    for face in CATALOG["plants"].values():
        shown |= {face["code"], *face["layers"]}
    for formation in CATALOG["formations"].values():
        shown |= {layer for _q, _r, layer in formation["cells"].values()}
    assert {p.code for p in tiles().plants} <= shown
    assert shown - TERMS == set()


def test_the_options_read_as_words() -> None:
    for option in SPEC.options:
        assert option.title != option.name
        described = [option.describe(value) for value in option.choices]
        assert all(text != value for text, value in zip(described, option.choices, strict=True))
        assert len(set(described)) == len(described)


def _styles_of(text: str, styled: Styled, word: str) -> set[str]:
    """The styles on every whole occurrence of ``word`` in ``text``."""
    out = set()
    for found in re.finditer(rf"(?<![\w.]){re.escape(word)}(?![\w.])", text):
        out |= {
            s.style for s in styled.spans if s.start == found.start() and s.end == found.end()
        } or {"(plain)"}
    return out


def test_the_text_picture_is_coloured_by_plant_layer_and_seat() -> None:
    presentation = BiomeBorneo.presentation()
    colours = [presentation.styles[f"plant.{p.code}"] for p in tiles().plants]
    assert len(set(colours)) == len(colours)  # a colour of its own for each plant
    state = make_state(
        game(2), hands=["cicada-1", ""], tiles_=["T05", "T21"], board={"C2a": "T17/2"}
    )
    text = state.render(0)
    styled = state.render_styled(0)
    assert styled.text == text
    for p in tiles().plants:
        if re.search(rf"\b{p.code}\b", text):
            assert _styles_of(text, styled, p.code) == {f"plant.{p.code}"}, p.code
    assert _styles_of(text, styled, "C2A") == {"cell.C"}  # a cell holding a tile
    assert _styles_of(text, styled, "c2b") == {"cell.empty"}
    assert _styles_of(text, styled, "P1") == {"seat.1"}
    # the same marks style a move's words; 'or' in a sentence is no plant's code
    move = mark("place T05 on C2b turned 1 · cards or tiles", presentation.marks)
    assert [(move.text[s.start : s.end], s.style) for s in move.spans] == [("C2b", "layer.C")]
