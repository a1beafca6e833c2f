"""The game contract (``ecotone.testing.check_game``), notation and the action codec."""

from __future__ import annotations

import json

import pytest

from ecotone.core.errors import IllegalAction
from ecotone.games.forest.actions import CODEC, Draw, Give, GiveToNeighbour, Place
from ecotone.games.forest.cards import cards
from ecotone.testing import check_game

from .helpers import GAME_ID, forest, game, make_state

# -- check_game -------------------------------------------------------------------------

# The default run plays a few games of each configuration, deep checks spaced out; the
# soak below (the slow run) plays many more of each, checked closely.
CONFIGS = [
    pytest.param(2, None, 3, 2, id="2p"),
    pytest.param(3, None, 2, 2, id="3p"),
    pytest.param(4, None, 2, 3, id="4p"),
    pytest.param(1, "solo", 3, 2, id="solo"),
    pytest.param(2, "semi-cooperative", 2, 3, id="semi-2p"),
    pytest.param(3, "semi-cooperative", 2, 3, id="semi-3p"),
    pytest.param(4, "semi-cooperative", 2, 3, id="semi-4p"),
]


@pytest.mark.parametrize(("players", "variant", "games", "deep_every"), CONFIGS)
def test_check_game(players: int, variant: str | None, games: int, deep_every: int) -> None:
    report = check_game(
        GAME_ID,
        players=players,
        variant=variant,
        games=games,
        seed=2024 + players,
        deep_every=deep_every,
    )
    assert report.games == games
    assert report.illegal_checked > 0
    assert report.determinizations > 0
    g = game(players, variant)
    assert 0 < report.longest <= g.max_steps
    # every game deals 3 cards per seat, then plays every card of the piles out
    in_piles = 60 + 4 - players
    assert report.longest >= 2 * in_piles
    for scores, winners in report.outcomes:
        assert len(scores) == players
        assert all(0 <= w < players for w in winners)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "variant"),
    [
        (2, None),
        (3, None),
        (4, None),
        (1, "solo"),
        (2, "semi-cooperative"),
        (4, "semi-cooperative"),
    ],
)
def test_soak(players: int, variant: str | None) -> None:
    report = check_game(GAME_ID, players=players, variant=variant, games=150, seed=99, deep_every=3)
    assert report.games == 150


def test_max_steps_bounds() -> None:
    assert game(2).spec.max_steps == 3 * 63
    assert [game(p).max_steps for p in (1, 2, 3, 4)] == [3 * 63, 3 * 62, 3 * 61, 3 * 60]


# -- notation ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Place("C07", 1), "place C07 in tree 2"),
        (Give("G03", 1), "give G03 to P2"),
        (Draw(2), "draw from pile 3"),
        (GiveToNeighbour("G03"), "give G03 to the neighbouring forest"),
        (Place("G13", 0), "place G13 in tree 1"),
        (Give("S05", 3), "give S05 to P4"),
    ],
)
def test_notation_round_trip(action: object, text: str) -> None:
    assert str(action) == text
    assert CODEC.parse(text) == action
    assert CODEC.from_text(text) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("PLACE C07 IN TREE 2", Place("C07", 1)),
        ("  place   C07  in    tree 2  ", Place("C07", 1)),
        ("Give G03 To p2", Give("G03", 1)),
        ("give G03 to 2", Give("G03", 1)),
        ("Draw From Pile 5", Draw(4)),
        ("give   G03 to the  Neighbouring   FOREST", GiveToNeighbour("G03")),
    ],
)
def test_notation_is_case_and_space_tolerant(text: str, action: object) -> None:
    assert CODEC.parse(text) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("place c07 in tree 2", Place("C07", 1)),
        ("GIVE g03 TO p2", Give("G03", 1)),
        ("give s05 to the neighbouring forest", GiveToNeighbour("S05")),
    ],
)
def test_notation_card_ids_are_case_insensitive(text: str, action: object) -> None:
    assert CODEC.parse(text) == action


def test_parse_action_reads_lower_case_card_ids() -> None:
    g = game(2)
    state = make_state(
        g,
        forests=[forest("G13 - - -"), forest("G14 - - -")],
        hands=["C07 F06 G01", "S01 S13 C13"],
        fill_piles=True,
    )
    assert g.parse_action(state, 0, "place c07 in tree 1") == Place("C07", 0)


def test_json_round_trip() -> None:
    for action, as_json in (
        (Place("C07", 1), {"type": "place", "card": "C07", "tree": 1}),
        (Give("G03", 1), {"type": "give", "card": "G03", "to": 1}),
        (Draw(2), {"type": "draw", "pile": 2}),
        (GiveToNeighbour("G03"), {"type": "give-neighbour", "card": "G03"}),
    ):
        assert action.to_json() == as_json
        assert CODEC.parse(as_json) == action
        assert CODEC.parse(json.dumps(as_json)) == action
        assert CODEC.from_json(json.dumps(as_json).encode()) == action


@pytest.mark.parametrize(
    "text", ["plant C07 in tree 2", "place C07", "draw from pile three", "give G03", ""]
)
def test_malformed_text_lists_the_forms(text: str) -> None:
    with pytest.raises(IllegalAction) as info:
        CODEC.parse(text)
    assert info.value.code == "action/malformed"
    for form in (
        "draw from pile <pile>",
        "place <card> in tree <tree>",
        "give <card> to <to>",
        "give <card> to the neighbouring forest",
    ):
        assert form in info.value.message


@pytest.mark.parametrize(
    "data",
    [
        {"type": "plant", "card": "C07", "tree": 1},
        {"type": "place", "card": "C07"},
        {"type": "draw", "pile": "one"},
        '{"type": "draw", "pile": 1',
    ],
)
def test_malformed_json(data: object) -> None:
    with pytest.raises(IllegalAction) as info:
        CODEC.parse(data)
    assert info.value.code == "action/malformed"


def test_parse_action_checks_legality() -> None:
    g = game(2)
    state = make_state(
        g,
        forests=[forest("G13 - - -"), forest("G14 - - -")],
        hands=["C07 F06 G01", "S01 S13 C13"],
        fill_piles=True,
    )
    assert g.parse_action(state, 0, "place C07 in tree 1") == Place("C07", 0)
    with pytest.raises(IllegalAction) as info:
        g.parse_action(state, 0, "place C07 in tree 2")
    assert info.value.code == "forest/tree-incomplete"
    with pytest.raises(IllegalAction) as info:
        g.parse_action(state, 0, "give C07 to P2")
    assert info.value.code == "forest/must-place"
    with pytest.raises(IllegalAction) as info:
        g.parse_action(state, 0, "chop C07")
    assert info.value.code == "action/malformed"


# -- the action index -------------------------------------------------------------------


def test_num_distinct_actions() -> None:
    # draw 5 piles + place 64 cards x 16 trees + give 64 cards x 4 seats + give-neighbour 64
    assert game(2).num_distinct_actions == 5 + 64 * 16 + 64 * 4 + 64 == 1349
    assert game(1).num_distinct_actions == 1349
    assert game(4, "semi-cooperative").num_distinct_actions == 1349


def test_index_round_trip_over_the_whole_space() -> None:
    seen = set()
    for i in range(CODEC.size):
        action = CODEC.from_index(i)
        assert CODEC.index(action) == i
        seen.add(str(action))
        assert CODEC.from_text(str(action)) == action
    assert len(seen) == CODEC.size
    assert CODEC.index(Draw(0)) == 0
    assert CODEC.from_index(CODEC.size - 1) == GiveToNeighbour(cards().ids[-1])


def test_index_of_legal_actions_round_trips_through_the_game() -> None:
    g = game(3)
    state = g.start(8)
    for _ in range(30):
        (seat,) = state.to_move
        for action in state.legal_actions(seat):
            assert g.action_from_index(state, seat, g.action_index(action)) == action
        state = state.apply(seat, state.legal_actions(seat)[0])


def test_bad_index() -> None:
    g = game(2)
    state = g.start(0)
    for bad in (-1, 1349, 10**6):
        with pytest.raises(IllegalAction) as info:
            g.action_from_index(state, 0, bad)
        assert info.value.code == "action/unknown-index"
    # a valid index of an action that is not legal now
    with pytest.raises(IllegalAction) as info:
        g.action_from_index(state, 0, g.action_index(Place("C07", 0)))
    assert info.value.code == "forest/must-draw"


def test_unknown_card_has_no_index() -> None:
    with pytest.raises(IllegalAction) as info:
        CODEC.index(Place("X99", 0))
    assert info.value.code == "action/malformed"
