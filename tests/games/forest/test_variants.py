"""The solo and semi-cooperative variants, and the player counts of each way to play."""

from __future__ import annotations

import pytest

import ecotone
from ecotone.core.errors import ConfigError
from ecotone.core.game import State
from ecotone.games.forest.actions import Draw, Give, GiveToNeighbour, Place
from ecotone.games.forest.placement import neighbour_place
from ecotone.games.forest.scoring import (
    SOLO_RATINGS,
    degradation_limit,
    score_forest,
    solo_rating,
    table_chainsaws,
)
from ecotone.games.forest.state import Forest, Phase

from .helpers import GAME_ID, forest, game, make_state, refusal, tree

SEMI = "semi-cooperative"

# -- player counts ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "variant"),
    [(2, None), (3, None), (4, None), (1, "solo"), (2, SEMI), (3, SEMI), (4, SEMI)],
)
def test_valid_configurations(players: int, variant: str | None) -> None:
    g = ecotone.make(GAME_ID, players=players, variant=variant)
    assert g.players == players
    assert g.variant == variant
    assert g.config == {"game": GAME_ID, "players": players, "variant": variant, "options": {}}


def test_one_player_standard_suggests_the_solo_variant() -> None:
    with pytest.raises(ConfigError) as info:
        ecotone.make(GAME_ID, players=1)
    assert info.value.code == "config/bad-player-count"
    assert "2 to 4 players, not 1" in info.value.message
    assert "'solo'" in info.value.message


@pytest.mark.parametrize("variant", [None, SEMI, "solo"])
def test_five_players_fail(variant: str | None) -> None:
    with pytest.raises(ConfigError) as info:
        ecotone.make(GAME_ID, players=5, variant=variant)
    assert info.value.code == "config/bad-player-count"
    assert "not 5" in info.value.message
    assert "try variant" not in info.value.message


def test_solo_is_for_one_player_only() -> None:
    with pytest.raises(ConfigError) as info:
        ecotone.make(GAME_ID, players=2, variant="solo")
    assert "solo variant" in info.value.message
    assert "not 2" in info.value.message


def test_semi_cooperative_needs_two_to_four() -> None:
    with pytest.raises(ConfigError) as info:
        ecotone.make(GAME_ID, players=1, variant=SEMI)
    assert "2 to 4 players, not 1" in info.value.message
    assert "'solo'" in info.value.message


def test_unknown_variant_lists_the_variants() -> None:
    with pytest.raises(ConfigError) as info:
        ecotone.make(GAME_ID, players=2, variant="cooperative")
    assert info.value.code == "config/unknown-variant"
    assert "solo" in info.value.message
    assert SEMI in info.value.message


@pytest.mark.parametrize("players", [0, -1])
def test_zero_players_fail(players: int) -> None:
    with pytest.raises(ConfigError):
        ecotone.make(GAME_ID, players=players)


# -- solo: the Neighbouring Forest's placement rule ---------------------------------------


def test_neighbour_starts_its_first_tree() -> None:
    assert neighbour_place((), "C07") == (tree("- - - C07"),)


def test_neighbour_fills_an_empty_level_of_its_last_tree() -> None:
    f = forest("G13 F13 S13 C13", "- F14 - -")
    assert neighbour_place(f, "S06") == forest("G13 F13 S13 C13", "- F14 S06 -")


def test_neighbour_starts_a_new_tree_when_its_last_is_complete() -> None:
    f = forest("G13 F13 S13 C13")
    assert neighbour_place(f, "C07") == forest("G13 F13 S13 C13", "- - - C07")


def test_neighbour_covers_the_level_of_its_last_tree_otherwise() -> None:
    f = forest("G13 F13 S13 C13", "- F14 - -")
    # the 1st level of the last tree is taken: the card covers it, never an older tree
    assert neighbour_place(f, "F06") == forest("G13 F13 S13 C13", "- F14/F06 - -")


def solo_giving(neighbour: Forest = ()) -> State:
    """The solo player has placed and must give C07 or F06 to the Neighbouring Forest."""
    return make_state(
        game(1),
        forests=[forest("G13 - - -")],
        hands=["C07 F06 G01"],
        neighbour=neighbour,
        fill_piles=True,
    ).apply(0, Place("G01", 0))


def test_solo_gives_only_to_the_neighbouring_forest() -> None:
    state = solo_giving()
    assert state.data.phase is Phase.GIVE
    assert state.legal_actions(0) == [GiveToNeighbour("C07"), GiveToNeighbour("F06")]
    err = refusal(state, 0, Give("C07", 0), "forest/must-give-neighbour")
    assert "Neighbouring Forest" in err.message
    refusal(state, 0, Give("C07", 1), "forest/must-give-neighbour")
    refusal(state, 0, Draw(0), "forest/must-give-neighbour")
    err = refusal(state, 0, GiveToNeighbour("G01"), "forest/not-in-hand")
    assert "G01 is not in your hand" in err.message


def test_solo_gift_is_placed_by_the_rule_then_the_player_draws() -> None:
    state = solo_giving(neighbour=forest("G14 F14 S14 C14", "- - S13 -"))
    after = state.apply(0, GiveToNeighbour("C07"))
    assert after.data.neighbour == forest("G14 F14 S14 C14", "- - S13 C07")
    assert after.data.phase is Phase.DRAW
    assert after.data.draws_left == 2
    assert after.to_move == (0,)
    assert after.data.hands[0] == ("F06",)
    assert after.data.gift is None
    assert after.data.receiver is None


def test_solo_place_in_the_draw_phase_is_refused() -> None:
    after = solo_giving().apply(0, GiveToNeighbour("C07"))
    refusal(after, 0, Place("F06", 0), "forest/must-draw")


def test_solo_observation_shows_the_neighbouring_forest() -> None:
    state = solo_giving().apply(0, GiveToNeighbour("C07"))
    obs = state.observe(0)
    assert obs["neighbour"] == [[[], [], [], ["C07"]]]
    assert obs["neighbour_points"] == -1
    assert "Neighbouring Forest: -1 points" in state.render(0)
    assert "neighbour" not in game(2).start(0).observe(0)


# -- solo: winning ------------------------------------------------------------------------

# 3 complete trees (+9), agouti, jaguar and sloth 3 each (+3): 12
SOLO_12 = forest("G01 F06 S06 C13", "G02 F07 S07 C14", "G03 F08 S08 C15")
# 4 complete trees (+12), chainsaw C11 (-1), howler 2 != 4: 11
NEIGHBOUR_11 = forest("G13 F13 S13 C11", "G14 F14 S14 C16", "G15 F15 S15 C01", "G16 F16 S16 C02")
# the same with C03 (howler) for C11: 12, howler 3 != 4
NEIGHBOUR_12 = forest("G13 F13 S13 C03", "G14 F14 S14 C16", "G15 F15 S15 C01", "G16 F16 S16 C02")


def solo_over(mine: Forest, neighbour: Forest) -> State:
    return make_state(game(1), forests=[mine], neighbour=neighbour, phase=Phase.OVER)


def test_solo_positions_score_as_computed() -> None:
    assert score_forest(SOLO_12).total == 12
    assert score_forest(NEIGHBOUR_11).total == 11
    assert score_forest(NEIGHBOUR_12).total == 12


def test_solo_win_with_12_beating_the_neighbour() -> None:
    state = solo_over(SOLO_12, NEIGHBOUR_11)
    assert state.scores() == [12.0]
    assert state.winners() == [0]
    assert "Rating: Healthy forest" in state.render(0)
    assert state.observe(0)["neighbour_points"] == 11


def test_solo_tie_with_the_neighbour_is_a_loss() -> None:
    state = solo_over(SOLO_12, NEIGHBOUR_12)
    assert state.winners() == []


def test_solo_below_12_is_a_loss_even_against_an_empty_neighbour() -> None:
    # SOLO_12 plus a started tree: 11
    mine = (*SOLO_12, tree("G04 - - -"))
    state = solo_over(mine, ())
    assert state.scores() == [11.0]
    assert state.winners() == []
    assert "Rating: Young forest" in state.render(0)


def test_solo_rating_table() -> None:
    assert [low for low, _ in SOLO_RATINGS] == [24, 18, 12, 6, -99]
    cases = {
        30: "Primary rainforest",
        24: "Primary rainforest",
        23: "Old-growth forest",
        18: "Old-growth forest",
        17: "Healthy forest",
        12: "Healthy forest",
        11: "Young forest",
        6: "Young forest",
        5: "Clear-cut",
        -3: "Clear-cut",
    }
    for points, name in cases.items():
        assert solo_rating(points) == name, points


def test_solo_rating_only_shown_at_the_end() -> None:
    state = game(1).start(0)
    assert "Rating" not in state.render(0)


def test_solo_game_plays_to_the_end() -> None:
    state = game(1).start(4)
    gifts = 0
    while not state.is_over:
        (seat,) = state.to_move
        action = state.legal_actions(seat)[0]
        gifts += isinstance(action, GiveToNeighbour)
        state = state.apply(seat, action)
    neighbour_cards = [c for t in state.data.neighbour for s in t for c in s]
    assert len(neighbour_cards) == gifts > 20
    mine = [c for t in state.data.forests[0] for s in t for c in s]
    assert len(mine) + len(neighbour_cards) == 64


# -- semi-cooperative ---------------------------------------------------------------------


def semi_over(*forests: Forest) -> State:
    g = game(len(forests), SEMI)
    return make_state(g, forests=list(forests), phase=Phase.OVER)


def test_degradation_limit_is_two_for_every_table() -> None:
    assert [degradation_limit(p) for p in (2, 3, 4)] == [2, 2, 2]


def test_semi_cooperative_highest_score_wins_within_the_limit() -> None:
    # P1: 2 trees +6, chainsaw G11 -1, agouti 1 != 2 -> 5.  P2: +3, chainsaw G12 -1 -> 2
    state = semi_over(
        forest("G11 F13 S13 C13", "G01 F14 S14 C14"),
        forest("G12 F15 S15 C15"),
    )
    assert table_chainsaws(state.data) == 2
    assert state.scores() == [5.0, 2.0]
    assert state.winners() == [0]


def test_semi_cooperative_table_loses_above_the_limit() -> None:
    # P2's tree now also shows chainsaw F11: 3 chainsaws on the table > 2
    state = semi_over(
        forest("G11 F13 S13 C13", "G01 F14 S14 C14"),
        forest("G12 F11 S15 C15"),
    )
    assert table_chainsaws(state.data) == 3
    assert state.scores() == [5.0, 1.0]
    assert state.winners() == []


def test_semi_cooperative_covered_and_incomplete_chainsaws_do_not_count() -> None:
    # F11 covered by F01; G05 and F12 in an incomplete tree: still 2 on the table.
    # P2: +3, chainsaw G12 -1, frog 1 +1, started tree -1 -> 2
    state = semi_over(
        forest("G11 F13 S13 C13", "G01 F14 S14 C14"),
        forest("G12 F11/F01 S15 C15", "G05 F12 - -"),
    )
    assert table_chainsaws(state.data) == 2
    assert state.scores() == [5.0, 2.0]
    assert state.winners() == [0]


def test_semi_cooperative_ties_share_the_win() -> None:
    state = semi_over(forest("G13 F13 S13 C13"), forest("G14 F14 S14 C14"), forest("G15 - - -"))
    assert state.winners() == [0, 1]


def test_standard_game_ignores_the_table_limit() -> None:
    forests = [forest("G11 F11 S11 C11"), forest("G12 F12 S12 C12")]
    std = make_state(game(2), forests=forests, phase=Phase.OVER)
    assert std.scores() == [-1.0, -1.0]
    assert std.winners() == [0, 1]
    semi = make_state(game(2, SEMI), forests=forests, phase=Phase.OVER)
    assert table_chainsaws(semi.data) == 8
    assert semi.winners() == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_semi_cooperative_observation_and_render(players: int) -> None:
    state = game(players, SEMI).start(1)
    for seat in (None, *range(players)):
        obs = state.observe(seat)
        assert obs["table_chainsaws"] == 0
        assert obs["degradation_limit"] == 2
    assert "Table: 0 chainsaws in complete trees; more than 2 and everybody loses" in (
        state.render(0)
    )
    std = game(players).start(1).observe(0)
    assert "table_chainsaws" not in std
    assert "degradation_limit" not in std


def test_semi_cooperative_observation_counts_the_table() -> None:
    state = make_state(
        game(2, SEMI),
        forests=[forest("G11 F13 S13 C13", "G12 - - -"), forest("G14 F11 S14 C14")],
        hands=["C07", "F06"],
    )
    assert state.observe(1)["table_chainsaws"] == 2
    assert "Table: 2 chainsaws" in state.render(None)


def test_semi_cooperative_plays_like_the_standard_game() -> None:
    std, semi = game(3).start(9), game(3, SEMI).start(9)
    assert std.data == semi.data
    for _ in range(40):
        (seat,) = std.to_move
        assert semi.legal_actions(seat) == std.legal_actions(seat)
        action = std.legal_actions(seat)[-1]
        std, semi = std.apply(seat, action), semi.apply(seat, action)
    assert std.data == semi.data
