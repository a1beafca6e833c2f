"""The game contract (``ecotone.testing.check_game``) for every configuration, notation and
the action codec."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ecotone.core.errors import IllegalAction
from ecotone.games.biomasters.actions import CODEC, Activate, Metamorphose, Pass, Pay, Play, Target
from ecotone.games.biomasters.cards import cards
from ecotone.testing import check_game

from .helpers import GAME_ID, game

CONFIGS = [
    pytest.param(2, None, {}, 6, 2, id="1v1"),
    pytest.param(4, "2v2", {}, 3, 4, id="2v2"),
    pytest.param(4, "free-for-all", {}, 3, 4, id="free-for-all"),
    pytest.param(2, None, {"decks": "ocean,wetland"}, 4, 2, id="ocean-wetland"),
    pytest.param(
        4,
        "free-for-all",
        {"decks": "production,decomposition,ocean,wetland"},
        2,
        5,
        id="four-decks",
    ),
    pytest.param(
        2, None, {"chemo_home": False, "decks": "decomposition"}, 3, 2, id="printed-chemo"
    ),
]


@pytest.mark.parametrize(("players", "variant", "options", "games", "deep_every"), CONFIGS)
def test_check_game(
    players: int, variant: str | None, options: dict[str, Any], games: int, deep_every: int
) -> None:
    report = check_game(
        GAME_ID,
        players=players,
        variant=variant,
        games=games,
        seed=7 + players,
        deep_every=deep_every,
        **options,
    )
    assert report.games == games
    assert report.illegal_checked > 0
    assert report.determinizations > 0
    assert 0 < report.longest <= game(players, variant, **options).max_steps
    for scores, winners in report.outcomes:
        assert len(scores) == players
        assert winners


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "variant", "options"),
    [
        (2, None, {}),
        (4, "2v2", {}),
        (4, "free-for-all", {"decks": "production,decomposition,ocean,wetland"}),
        (2, None, {"decks": "wetland,ocean"}),
    ],
)
def test_soak(players: int, variant: str | None, options: dict[str, Any]) -> None:
    report = check_game(
        GAME_ID, players=players, variant=variant, games=40, seed=99, deep_every=7, **options
    )
    assert report.games == 40


# -- notation and the codec ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Play("lion", "E4"), "play lion at E4"),
        (Pay("D5"), "exhaust D5"),
        (Activate("C3"), "activate C3"),
        (Target("C3", "C4"), "activate C3 on C4"),
        (Metamorphose("E3", "common-frog"), "metamorphose E3 into common-frog"),
        (Pass(), "pass"),
    ],
)
def test_notation_round_trip(action: Any, text: str) -> None:
    assert str(action) == text
    assert CODEC.parse(text) == action
    assert CODEC.parse(text.upper()) == action if action != Pass() else True
    as_json = json.loads(json.dumps(action.to_json()))
    assert CODEC.parse(as_json) == action


def test_card_ids_and_cells_are_case_insensitive() -> None:
    assert CODEC.parse("PLAY Lion AT e4") == Play("lion", "E4")
    assert CODEC.parse("activate c3 on c4") == Target("C3", "C4")


def test_malformed_text_lists_the_forms() -> None:
    with pytest.raises(IllegalAction) as info:
        CODEC.parse("hunt with the lion")
    assert info.value.code == "action/malformed"
    assert "play <card> at <cell>" in info.value.message
    assert "activate <cell> on <target>" in info.value.message


def test_index_space() -> None:
    n = len(cards().playable)
    assert CODEC.size == n * 100 + 100 + 100 + 100 * 100 + 100 * n + 1
    for i in (0, 1, CODEC.size // 2, CODEC.size - 1):
        assert CODEC.index(CODEC.from_index(i)) == i
    assert CODEC.from_index(CODEC.size - 1) == Pass()


def test_homes_cannot_be_played() -> None:
    assert "savanna-home" not in cards().playable
    with pytest.raises(IllegalAction):
        CODEC.index(Play("savanna-home", "E4"))


def test_max_steps_follows_the_decks() -> None:
    assert game(2).max_steps == 13 * (29 + 29 + 2)
    assert game(4).max_steps == 13 * (4 * 29 + 4)
