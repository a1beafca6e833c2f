"""BIOME Borneo presents itself: a face for every component, with what the data prints on
it, and a glossary holding every code the faces and the text picture show."""

from __future__ import annotations

import random
import re

from ecotone.core.game import State
from ecotone.core.rng import derive_seed
from ecotone.games.biome.cards import cards
from ecotone.games.biome.game import SPEC, BiomeBorneo
from ecotone.games.biome.state import Phase
from ecotone.games.biome.tiles import Layer, tiles

from .helpers import act, game, make_state

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


# What the text picture abbreviates: a cell in its layer's brackets (marked when placed for
# the card being earned), the plant on each side of a placed tile, a tile's layers, and the
# food chain's arrows.
_CELL = re.compile(r"([<{(])(?:[a-z]\d[a-g]|T\d\d)(\*?)([>})])")
_SIDE = re.compile(r"\b([A-Z]{1,2}):(\S+)")
_TILE = re.compile(r"T\d\d \(([A-Z/]+):")
_CHAIN = re.compile(r"chain: (.*)")


def _codes(text: str) -> set[str]:
    out: set[str] = set()
    for left, mark, right in _CELL.findall(text):
        out |= {f"{left} {right}", *([mark] if mark else [])}
    for line in text.splitlines():
        if re.match(r"\s+[A-Z]\d[a-g]\s+T\d\d turned", line):
            for side, plant in _SIDE.findall(line):
                out |= {side, plant}
    for layers in _TILE.findall(text):
        out |= set(layers.split("/"))
    for chain in _CHAIN.findall(text):  # the marks between the animals' names
        out |= set(re.findall(r"\s([^\w\s']+)\s", chain))
    return out


def _pictures() -> list[str]:
    """The text picture of positions of random games, and of a food chain being extended."""
    out = []
    for players, formation in ((2, "classic"), (3, "fragments"), (4, "stairway")):
        g = game(players, formation=formation)
        rnd = random.Random(players)
        state: State = g.start(derive_seed(21, players))
        step = 0
        while not state.is_over:
            if step % 25 == 0 or (state.data.phase is Phase.EARN and state.data.pending):
                out.append(state.render(state.to_move[0]))
            seat = rnd.choice(state.to_move)
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
            step += 1
        out.append(state.render(None))
    chain = make_state(
        game(2),
        hands=["sun-bear-1 cicada-1", "moon-moth-1"],
        tiles_=["T21 T29", "T01"],
        chains=[["honey-bee-1"], []],
        board={"U2a": "T38/0"},
    )
    out.append(act(chain, "earn sun-bear-1").render(0))
    return out


def test_every_code_in_the_text_picture_is_in_the_glossary() -> None:
    shown: set[str] = set()
    for text in _pictures():
        shown |= _codes(text)
    # every kind of code was seen: the three layers' brackets, a placed tile's mark, an open
    # side, the six sides, plant codes and layer letters, and the food chain's arrow
    assert {"< >", "{ }", "( )", "*", "--", "<-", "NE", "SW"} <= shown
    assert len(shown & {p.code for p in tiles().plants}) >= 8
    assert {x.letter for x in Layer} <= shown
    assert shown - TERMS == set()


def test_the_options_read_as_words() -> None:
    for option in SPEC.options:
        assert option.title != option.name
        described = [option.describe(value) for value in option.choices]
        assert all(text != value for text, value in zip(described, option.choices, strict=True))
        assert len(set(described)) == len(described)
