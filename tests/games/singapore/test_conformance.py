"""The game contract (``ecotone.testing.check_game``) for every player count and mode,
the notation and the action index."""

from __future__ import annotations

import json

import pytest

from ecotone.core.actions import Action
from ecotone.core.errors import ConfigError, IllegalAction
from ecotone.games.singapore import (
    Buy,
    Cooperate,
    Discard,
    Draw,
    Finish,
    Intimidate,
    Leave,
    Migrate,
    Pass,
    Play,
    Pledge,
    Restore,
    Stay,
)
from ecotone.games.singapore.actions import CODEC
from ecotone.games.singapore.game import steps_bound
from ecotone.testing import check_game

from .helpers import GAME_ID, game

CONFIGS = [
    pytest.param(players, variant, id=f"{variant or 'standard'}-{players}p")
    for variant in (None, "beginner", "survival")
    for players in (4, 5, 6)
]


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_check_game(players: int, variant: str | None) -> None:
    report = check_game(
        GAME_ID, players=players, variant=variant, games=1, seed=2024 + players, deep_every=5
    )
    # one game each, deep checks spaced out: the soak below plays 40 of each
    assert report.games == 1
    assert report.illegal_checked > 0
    assert report.determinizations > 0
    assert 0 < report.longest <= game(players, variant).max_steps
    for scores, winners in report.outcomes:
        assert len(scores) == players
        assert winners


@pytest.mark.slow
@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_soak(players: int, variant: str | None) -> None:
    report = check_game(GAME_ID, players=players, variant=variant, games=40, seed=99, deep_every=3)
    assert report.games == 40


def test_player_counts_and_modes() -> None:
    for bad in (3, 7):
        with pytest.raises(ConfigError) as info:
            game(bad)
        assert "4 to 6 players" in info.value.message
    with pytest.raises(ConfigError, match="beginner, survival"):
        game(4, "expert")
    assert game(4).spec.simultaneous
    assert [game(p).max_steps for p in (4, 5, 6)] == [steps_bound(p) for p in (4, 5, 6)]


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Migrate("forest-3"), "migrate to forest-3"),
        (Play("territorial-display"), "play territorial-display"),
        (Cooperate(), "cooperate"),
        (Intimidate(), "intimidate"),
        (Draw("wild"), "draw from the wild deck"),
        (Buy("seagrass-grazing"), "buy seagrass-grazing"),
        (Finish(), "return the rest"),
        (Stay(), "stay anchored"),
        (Leave(), "leave for the ecotone"),
        (Restore("mangrove"), "restore the mangrove"),
        (Pass(), "pass"),
        (Pledge(4), "pledge 4 food"),
        (Discard("recovery"), "discard recovery"),
    ],
)
def test_notation_round_trip(action: Action, text: str) -> None:
    assert str(action) == text
    assert CODEC.parse(text) == action
    assert CODEC.parse(text.upper()) == action
    as_json = json.loads(json.dumps(action.to_json()))
    assert CODEC.parse(as_json) == action


def test_index_round_trip_over_the_whole_space() -> None:
    assert CODEC.size == 41 + 11 + 1 + 1 + 5 + 20 + 1 + 1 + 1 + 4 + 1 + 11 + 12
    for i in range(CODEC.size):
        action = CODEC.from_index(i)
        assert CODEC.index(action) == i
        assert CODEC.from_text(str(action)) == action


@pytest.mark.parametrize("text", ["migrate forest-3", "play", "buy", "pledge four food", ""])
def test_malformed_text_lists_the_forms(text: str) -> None:
    with pytest.raises(IllegalAction) as info:
        CODEC.parse(text)
    assert info.value.code == "action/malformed"
    assert "migrate to <tile>" in info.value.message
