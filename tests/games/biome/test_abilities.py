"""Ability cards: Opportunist, Winds of Change, Blight (rules doc §Abilities)."""

from __future__ import annotations

from ecotone.core.game import State
from ecotone.games.biome.state import EMPTY, Phase

from .helpers import act, game, make_state, refusal, tile


def pos(**kw: object) -> State:
    parts: dict[str, object] = {
        "hands": [
            "opportunist-1 winds-of-change-1 blight-1 moon-moth-1 termites-1",
            "cicada-1 cicada-2 honey-bee-1",
        ],
        "tiles_": ["T18 T21 T16", "T01 T02 T28"],
        "gallery": "tadpoles-1 orangutan-1",
        "discard": "sun-bear-1 drought",
    }
    parts.update(kw)
    return make_state(game(2), **parts)  # type: ignore[arg-type]


# -- Opportunist ------------------------------------------------------------------------------


def test_opportunist_takes_a_tile_from_an_opponent() -> None:
    s = act(pos(), "opportunist takes T28")
    assert tile("T28") in s.data.seats[0].tiles
    assert tile("T28") not in s.data.seats[1].tiles
    assert s.data.discard[-1] == "opportunist-1"
    assert s.data.phase is Phase.HABITATS


def test_opportunist_refusals() -> None:
    refusal(pos(), 0, "opportunist takes T18", "biome/tile-not-opponents", "already yours")
    s = pos(hands=["moon-moth-1", "cicada-1"])
    refusal(s, 0, "opportunist takes T28", "biome/no-opportunist")


def test_opportunist_at_any_time_also_mid_habitat() -> None:
    s = act(pos(), "earn moon-moth-1", "place T18 on C3a turned 0", "opportunist takes T28")
    assert s.data.phase is Phase.EARN
    assert s.data.pending


def test_opportunist_in_the_reaction_window_at_the_start_of_another_turn() -> None:
    s = pos(hands=["moon-moth-1", "opportunist-2 cicada-1"], phase=Phase.REACT, waiting=(1,))
    assert [str(a) for a in s.legal_actions(1)] == [
        "pass",
        "opportunist takes T16",
        "opportunist takes T18",
        "opportunist takes T21",
    ]
    s = act(s, "opportunist takes T16")
    assert tile("T16") in s.data.seats[1].tiles
    assert s.data.phase is Phase.EXCHANGE
    assert s.to_move == (0,)


def test_a_player_without_opportunist_just_passes() -> None:
    s = pos(hands=["moon-moth-1", "cicada-1"], phase=Phase.REACT, waiting=(1,))
    assert [str(a) for a in s.legal_actions(1)] == ["pass"]
    refusal(s, 1, "end turn", "biome/reaction-window", "pass")


# -- Winds of Change ----------------------------------------------------------------------------


def test_winds_of_change_gains_a_card_and_sabotages() -> None:
    s = act(pos(), "winds of change")
    assert s.data.phase is Phase.WINDS_GAIN
    legal = [str(a) for a in s.legal_actions(0)]
    assert legal == ["gain nothing", "gain tadpoles-1", "gain orangutan-1", "gain sun-bear-1"]
    refusal(s, 0, "gain drought", "biome/cannot-gain", "Disaster")
    refusal(s, 0, "gain winds-of-change-1", "biome/cannot-gain", "itself")
    s = act(s, "gain sun-bear-1")
    assert "sun-bear-1" in s.data.seats[0].shown
    assert [str(a) for a in s.legal_actions(0)] == ["sabotage nobody", "sabotage P2"]
    refusal(s, 0, "sabotage P1", "biome/cannot-sabotage", "not yourself")
    s = act(s, "sabotage P2")
    assert len(s.data.seats[1].hand) == 2
    assert s.data.discard[-1] in {"cicada-1", "cicada-2", "honey-bee-1"}
    assert s.data.phase is Phase.HABITATS


def test_winds_of_change_mid_habitat_returns_to_it() -> None:
    s = act(
        pos(),
        "earn moon-moth-1",
        "place T18 on C3a turned 0",
        "winds of change",
        "gain nothing",
        "sabotage nobody",
    )
    assert s.data.phase is Phase.EARN
    assert s.data.card == "moon-moth-1"
    s = act(s, "confirm")
    assert s.data.seats[0].chains == (("moon-moth-1",),)


# -- Blight ---------------------------------------------------------------------------------------


def test_blight_takes_a_placed_tile_and_earned_cards_stay() -> None:
    s = pos(board={"C2a": "T17/0"}, chains=[["tadpoles-2"], []])
    s = act(s, "blight C2a")
    assert s.data.board[s.game.cfg.geo.index["C2a"]] == EMPTY  # type: ignore[attr-defined]
    assert tile("T17") in s.data.seats[0].tiles
    assert len(s.data.seats[0].tiles) == 4
    assert s.data.seats[0].chains == (("tadpoles-2",),)


def test_blight_refusals() -> None:
    refusal(pos(), 0, "blight C2a", "biome/empty-cell", "no tile")
    s = act(pos(), "earn moon-moth-1", "place T18 on C3a turned 0")
    refusal(s, 0, "blight C3a", "biome/own-pending", "withdraw")
    refusal(
        pos(hands=["moon-moth-1", "cicada-1"], board={"C2a": "T17/0"}),
        0,
        "blight C2a",
        "biome/no-blight",
    )


def test_abilities_wait_for_phase_1_choices() -> None:
    s = act(pos(phase=Phase.EXCHANGE), "exchange card termites-1")
    refusal(s, 0, "opportunist takes T28", "biome/exchanging-cards", "done exchanging")


def test_unknown_names_are_refused_in_the_games_words() -> None:
    s = pos()
    refusal(s, 0, "earn dodo-1", "biome/no-such-card", "no card")
    s = act(s, "earn moon-moth-1")
    refusal(s, 0, "place T99 on C2a turned 0", "biome/no-such-tile", "T01-T45")
    refusal(s, 0, "place T18 on Z9z turned 0", "biome/no-such-cell", "C2a")
    refusal(s, 0, "place T18 on C2a turned 7", "biome/no-such-rotation", "0-5")
