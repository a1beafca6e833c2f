"""The text picture of BIOME Borneo and the previews of its choices: what a player reads.

The map is read back here by the geometry the drawing documents (a cell's name, the codes
of its west and east sides on its line, the slanting sides on the lines above and below),
and every expectation comes from the data (a tile's plants and edges, a card's habitat,
points, prey and layer), not from the drawing code.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from ecotone.core.choices import narrow, next_field, values
from ecotone.core.game import State
from ecotone.core.rng import derive_seed
from ecotone.games.biome.actions import Place
from ecotone.games.biome.cards import cards
from ecotone.games.biome.drawing import (
    BRIEF,
    CROSS,
    NO_PLANT,
    PENDING,
    WIDTH,
    card_brief,
    card_line,
    card_lines,
)
from ecotone.games.biome.game import BiomeBorneo
from ecotone.games.biome.state import Phase
from ecotone.games.biome.tiles import Layer, Tile, tiles

from .helpers import act, game, make_state

#: The lines the picture may take: it aims at 30 (most positions), and long lists of prey
#: or a crowded table may take a few more; a terminal of 40 lines keeps the rest for the
#: decision list.
LINES = 34
TERMS = {t.term for t in BiomeBorneo.presentation().glossary}

# A side's offset from the first letter of its cell's name: (lines down, columns right),
# in the order of the directions (E, NE, NW, W, SW, SE).
_AROUND = ((0, 5), (-1, 3), (-1, -1), (0, -3), (1, -1), (1, 3))


def _find(lines: list[str], name: str) -> tuple[int, int]:
    hits = [(y, m.start()) for y, line in enumerate(lines) for m in re.finditer(name, line)]
    assert len(hits) == 1, (name, hits)
    return hits[0]


def _sides(lines: list[str], name: str) -> list[str]:
    """The six codes drawn around the cell (or tile) called ``name``, east first."""
    y, x = _find(lines, name)
    return [lines[y + dy][x + dx : x + dx + 2].strip() for dy, dx in _AROUND]


def _drawn(tile: Tile, rotation: int) -> list[str]:
    """What each side of ``tile`` turned ``rotation`` shows, from the tile's data: a plant on
    tile edge ``e`` faces direction ``(e + rotation) % 6``."""
    out = [NO_PLANT] * 6
    for plant, edges in tile.features:
        for e in edges:
            out[(e + rotation) % 6] = tiles().plants[plant].code
    return out


def _map(state: State) -> list[str]:
    return state.render(0).splitlines()[1:]


def test_a_placed_tile_shows_the_plant_on_each_of_its_sides_whichever_way_it_turns() -> None:
    g = game(2)
    for tile in tiles().tiles[:12]:
        for r in range(6):
            lines = _map(make_state(g, board={"C2a": f"{tile.id}/{r}"}))
            assert _sides(lines, "C2A") == _drawn(tile, r), (tile.id, r)
            assert "c2b" in " ".join(lines)  # its empty neighbour keeps its lower-case name


def _pair(match: bool) -> tuple[str, str, str]:
    """Two Canopy tiles for C2a and its east neighbour C2b: one showing a plant east and the
    other the same plant west (``match``), or nothing west; with that plant's code."""
    canopy = [t for t in tiles().tiles if t.fits(Layer.CANOPY)]
    for a in canopy:
        for ra in range(6):
            east = _drawn(a, ra)[0]
            if east == NO_PLANT:
                continue
            for b in canopy:
                for rb in range(6):
                    west = _drawn(b, rb)[3]
                    if b is not a and west == (east if match else NO_PLANT):
                        return f"{a.id}/{ra}", f"{b.id}/{rb}", east
    raise AssertionError("no such pair in the data")


def test_a_side_two_tiles_share_tells_a_match_from_a_plant_facing_an_open_side() -> None:
    g = game(2)
    for match in (True, False):
        left, right, code = _pair(match)
        lines = _map(make_state(g, board={"C2a": left, "C2b": right}))
        shown = _sides(lines, "C2A")[0]
        assert shown == (code if match else code.lower())
        assert _sides(lines, "C2B")[3] == shown  # one side, one code


def test_the_tiles_placed_for_the_card_being_earned_are_marked() -> None:
    state = make_state(
        game(2),
        hands=["sun-bear-1", ""],
        tiles_=["T21", "T01"],
        board={"U2a": "T38/0"},
        phase=Phase.EARN,
        card="sun-bear-1",
        pending=(game(2).cfg.geo.index["U2a"],),  # type: ignore[attr-defined]
    )
    text = state.render(0)
    assert f"U2A{PENDING}" in text
    card = cards().by_id["sun-bear-1"]
    assert "is earning sun-bear-1" in text.splitlines()[0]
    codes = [tiles().plants[p].code for p, n in enumerate(card.needs) for _ in range(n)]
    assert f"(habitat {' '.join(codes)})" in text.splitlines()[0]


def test_each_tile_in_the_supply_is_drawn_with_its_sides_and_layers() -> None:
    ts = tiles()
    state = make_state(game(2), hands=["cicada-1", ""], tiles_=["T05 T21 T33 T40", "T01"])
    lines = state.render(0).splitlines()
    for tid in ("T05", "T21", "T33", "T40"):
        tile = ts.by_id[tid]
        assert _sides(lines, tid) == _drawn(tile, 0)
        y, x = _find(lines, tid)
        layers = "/".join(x.letter for x in Layer if tile.fits(x))
        assert lines[y - 2][x - 3 : x + 7].strip() == layers
    # another player's tiles are named, not drawn
    assert [line for line in state.render(1).splitlines() if "T05" in line] == [
        line for line in state.render(1).splitlines() if "tiles T05 T21 T33 T40" in line
    ]


def _expected(card_id: str) -> dict[str, Any]:
    """A card's layer, points, habitat codes and prey, straight from the data file's record."""
    cs = cards()
    info = cs.by_id[card_id]
    codes = {p.key: p.code for p in tiles().plants}
    if info.kind == "animal":
        a = cs.animals[info.key]
        return {
            "layer": a.home,
            "points": a.points,
            "habitat": [codes[p] for p in a.habitat],
            "prey": list(a.prey),
        }
    p = cs.plant_cards[info.key]
    return {"layer": "", "points": p.points, "habitat": [codes[x] for x in p.habitat], "prey": []}


# A card's line with its spaces collapsed: id, layer (none for a plant card), points,
# habitat codes, then "eats" and the prey, or the level, or "plant card".
_CARD = re.compile(
    r"(?P<id>\S+) (?:(?P<layer>[ECU]) )?(?P<points>\d+)pt (?P<habitat>(?:[A-Z]{2} ?)+)"
    r"(?: eats (?P<prey>.*)| (?:primary|plant card.*))"
)


def _read(lines: list[str]) -> dict[str, Any]:
    m = _CARD.fullmatch(" ".join(" ".join(lines).split()))
    assert m, lines
    return {
        "layer": m["layer"] or "",
        "points": int(m["points"]),
        "habitat": m["habitat"].split(),
        "prey": (m["prey"] or "").split(),
    }


def test_every_earnable_card_line_shows_its_layer_points_habitat_and_prey() -> None:
    cs = cards()
    longest = max(len(c) for c in cs.ids)
    for cid, info in cs.by_id.items():
        if not info.earnable:
            continue
        lines = card_lines(cid, longest)
        assert all(len(line) <= WIDTH for line in lines), lines
        read, want = _read(lines), _expected(cid)
        assert (read["layer"], read["points"], read["prey"]) == (
            want["layer"],
            want["points"],
            want["prey"],
        ), cid
        assert Counter(read["habitat"]) == Counter(want["habitat"]), cid


def test_ability_cards_say_what_they_do() -> None:
    cs = cards()
    for cid in cs.ids_of("ability"):
        first = re.split(r"[.:] ", cs.abilities[cs.by_id[cid].key].text)[0].rstrip(".")
        assert card_line(cid).endswith(f"ability: {first}")


def _games() -> list[tuple[int, str]]:
    return [(2, "classic"), (3, "stairway"), (4, "fragments"), (2, "fragments")]


@pytest.mark.parametrize(("players", "formation"), _games())
def test_the_picture_fits_a_terminal_at_every_step(players: int, formation: str) -> None:
    g = game(players, formation=formation)
    rnd = random.Random(players)
    state: State = g.start(derive_seed(31, players))
    hands_seen = 0
    while True:
        viewers = [state.to_move[0], None] if not state.is_over else list(range(players))
        for seat in viewers:
            lines = state.render(seat).splitlines()
            assert max(len(line) for line in lines) <= WIDTH, (seat, lines)
            assert len(lines) <= LINES, "\n".join(lines)
            if seat is not None:
                hand = state.data.seats[seat].hand
                width = max((len(c) for c in (*hand, *state.data.gallery)), default=0)
                for c in hand:  # every card in hand is there, with its details
                    assert "\n".join(card_lines(c, width)) in "\n".join(lines)
                hands_seen += len(hand)
        if state.is_over:
            break
        seat = rnd.choice(state.to_move)
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert hands_seen > 100


def _crowded(formation: str) -> State:
    """Four players late in a long game: all but four tiles on the board (each turned its
    own way), hands of the cards with the longest lines, food chains, known cards."""
    g = game(4, formation=formation)
    cells = g.cfg.geo.cells  # type: ignore[attr-defined]
    rnd = random.Random(formation)
    ts = tiles().ids
    board = {cell: f"{ts[i]}/{rnd.randrange(6)}" for i, cell in enumerate(cells[: len(ts) - 4])}
    return make_state(
        g,
        hands=[
            "crested-serpent-eagle-1 barred-eagle-owl-1 clouded-leopard-1 "
            "reticulated-python-1 winds-of-change-1",
            "bay-cat-1 sun-bear-1 new-heights-vine tiger-orchid blight-1",
            "orangutan-1 flying-frog-1 agile-gibbon-1 honey-bee-1 cicada-1",
            "barred-eagle-owl-2 keeled-pit-viper-1 golden-orb-weaver-1 termites-1 opportunist-1",
        ],
        shown=["", "bay-cat-1 sun-bear-1 new-heights-vine", "", "golden-orb-weaver-1 termites-1"],
        tiles_=[ts[-4], ts[-3], ts[-2], ts[-1]],
        chains=[
            ["termites-2 orangutan-2", "moon-moth-2 agile-gibbon-2 clouded-leopard-2", "cicada-2"],
            ["lantern-bug-2 forest-dragon-2 western-tarsier-2 bay-cat-2", "atlas-moth-2"],
            ["honey-bee-2", "tadpoles-2 rhinoceros-hornbill-2", "termites-3", "cicada-3"],
            ["moon-moth-3 slow-loris-1", "lantern-bug-3"],
        ],
        plants=["rafflesia", "", "strangler-fig yellow-meranti", ""],
        gallery="crested-serpent-eagle-2 barred-eagle-owl-2 clouded-leopard-2",
        discard="proboscis-monkey-1",
        board=board,
    )


@pytest.mark.parametrize("formation", ["classic", "stairway", "fragments"])
def test_a_crowded_table_still_fits(formation: str) -> None:
    state = _crowded(formation)
    for viewer in (0, 1, 2, 3, None):
        lines = state.render(viewer).splitlines()
        assert max(len(line) for line in lines) <= WIDTH, lines
        assert len(lines) <= LINES, "\n".join(lines)


def _placements(players: int = 2, seed: int = 3) -> State:
    """The first decision of a seeded game that places a first tile."""
    g = game(players)
    rnd = random.Random(seed)
    state: State = g.start(seed)
    while not any(isinstance(a, Place) for a in state.legal_actions(state.to_move[0])):
        seat = rnd.choice(state.to_move)
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return state


def test_a_placement_is_chosen_tile_then_cell_then_turn() -> None:
    state = _placements()
    seat = state.to_move[0]
    places: list[Any] = [a for a in state.legal_actions(seat) if isinstance(a, Place)]
    assert len(places) > 20
    asked = []
    left = places
    while (field := next_field(left)) is not None:
        asked.append(field)
        left = narrow(left, field, values(left, field)[0])
    assert len(left) == 1
    assert asked == [f for f in Place.choose_by if f in asked]
    assert asked[-1] == "rotation"
    assert set(Place.choose_by) == set(Place.__struct_fields__)


def test_the_turns_offered_look_different_and_their_previews_show_them() -> None:
    ts = tiles()
    seen_asymmetric = False
    for seed in range(3, 9):
        state = _placements(seed=seed)
        seat = state.to_move[0]
        places = [a for a in state.legal_actions(seat) if isinstance(a, Place)]
        by_spot: dict[tuple[str, str], list[Place]] = {}
        for a in places:
            by_spot.setdefault((a.tile, a.cell), []).append(a)
        for (tid, cell), turns in by_spot.items():
            tile = ts.by_id[tid]
            shown = [state.game.preview(state.data, seat, a) for a in turns]
            assert len(set(shown)) == len(shown), (tid, cell)  # no two look alike
            for a, text in zip(turns, shown, strict=True):
                assert text is not None
                lines = text.splitlines()
                assert _sides(lines, cell) == _drawn(tile, a.rotation)
                assert lines[-1] == "habitat met" or lines[-1].startswith("lacks ")
            pictures = {tuple(_drawn(tile, r)) for r in range(6)}
            assert len(turns) <= len(pictures)  # a symmetric tile is not offered twice alike
            seen_asymmetric |= len(pictures) == 6 and len(turns) == 6
    assert seen_asymmetric


def test_a_placement_names_the_tile_it_places_above_its_picture() -> None:
    # With one tile to place, a guided placement never asks which tile ("place … on C3b
    # turned …: which rotation?"): each turn's picture names it, as a tile in hand is named.
    state = _placements()
    seat = state.to_move[0]
    places = [a for a in state.legal_actions(seat) if isinstance(a, Place)]
    for a in places[:: max(1, len(places) // 12)]:
        shown = state.game.preview(state.data, seat, a)
        assert shown is not None
        head, *picture = shown.splitlines()
        assert head.strip() == a.tile
        assert a.tile not in "\n".join(picture)
        assert _sides(picture, a.cell) == _drawn(tiles().by_id[a.tile], a.rotation)


def test_a_preview_draws_the_tile_or_card_an_action_names() -> None:
    state = make_state(
        game(2), hands=["cicada-1", ""], tiles_=["T05", "T21"], board={"C2a": "T17/2"}
    )
    g = state.game
    for text, kind in (("opportunist takes T21", "T21"), ("blight C2a", "C2a")):
        shown = g.preview(state.data, 0, g.codec.parse(text))
        assert shown is not None
        tile = tiles().by_id["T17" if kind == "C2a" else kind]
        assert _sides(shown.splitlines(), kind) == _drawn(tile, 2 if kind == "C2a" else 0)
    # a card as its line says it, without the id the choice already names
    card = g.preview(state.data, 0, g.codec.parse("earn cicada-1"))
    assert card is not None
    assert card.split() == card_line("cicada-1").split()[1:]
    assert g.preview(state.data, 0, g.codec.parse("end turn")) is None


def test_a_card_beside_a_choice_fits_half_a_screen_and_says_what_its_line_says() -> None:
    for cid in cards().by_id:
        brief = card_brief(cid)
        assert max(len(line) for line in brief) <= BRIEF, cid
        said = " ".join(brief).split()
        line = card_line(cid, 0, 0).split()[1:]
        assert said == line, cid


def _codes_shown(text: str) -> set[str]:
    """Every code of a picture: the map's and the tiles' sides, the tiles' layers, a card's
    layer and the mark of points, the mark of a tile being placed."""
    out: set[str] = set()
    for token in text.split():
        if re.fullmatch(r"[A-Z]{2}", token) and token in {p.code for p in tiles().plants}:
            out.add(token)
        elif re.fullmatch(r"[a-z]{2}", token) and token.upper() in {p.code for p in tiles().plants}:
            out.add("fe (lower case)")
            out.add(token.upper())
        elif token in (NO_PLANT, CROSS):
            out.add(token)
        elif re.fullmatch(r"[ECU](/[ECU])?", token):
            out |= set(token.split("/"))
        elif re.fullmatch(r"\d+pt", token):
            out.add("pt")
        elif re.fullmatch(r"[EUC]\d[A-G]\*?|[euc]\d[a-g]", token):
            out |= {"c2a, C2A", *(PENDING for _ in token[3:])}
    return out


def test_every_code_in_the_text_picture_is_in_the_glossary() -> None:
    shown: set[str] = set()
    for players, formation in ((2, "classic"), (3, "fragments"), (4, "stairway")):
        g = game(players, formation=formation)
        rnd = random.Random(players)
        state: State = g.start(derive_seed(21, players))
        step = 0
        while not state.is_over:
            if step % 25 == 0 or (state.data.phase is Phase.EARN and state.data.pending):
                shown |= _codes_shown(state.render(state.to_move[0]))
            seat = rnd.choice(state.to_move)
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
            step += 1
        shown |= _codes_shown(state.render(None))
    # every kind of code was seen: an open side, a tile being placed, a plant facing an open
    # side, the marks of points and cells, plant codes and layer letters
    assert {NO_PLANT, PENDING, "fe (lower case)", "pt", "c2a, C2A"} <= shown
    assert len(shown & {p.code for p in tiles().plants}) >= 8
    assert {x.letter for x in Layer} <= shown
    assert shown - TERMS == set()


def test_a_food_chain_shows_its_top_animal_to_its_owner() -> None:
    chain = make_state(
        game(2),
        hands=["sun-bear-1 cicada-1", "moon-moth-1"],
        tiles_=["T21 T29", "T01"],
        chains=[["honey-bee-1"], []],
        board={"U2a": "T38/0"},
    )
    text = act(chain, "earn sun-bear-1").render(0)
    assert "1 chain, on top: honey-bee" in text
    assert "1 chain" in chain.render(1)
