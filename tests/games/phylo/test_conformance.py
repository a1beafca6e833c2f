"""The game contract (``ecotone.testing.check_game``) for every variant and option, and the
action codec."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.games.phylo.actions import (
    CODEC,
    Allow,
    Cancel,
    Challenge,
    Discard,
    Done,
    Drop,
    Move,
    Pass,
    Play,
    PlayEvent,
    PlayLeaving,
    Recover,
    Remove,
    RemoveUnder,
    SpreadTo,
    ThrowHand,
)
from ecotone.games.phylo.board import Direction
from ecotone.games.phylo.state import Throw
from ecotone.testing import check_game

from .helpers import GAME_ID, game

EVENTS_DECK = str(Path(__file__).parent / "decks" / "pampas-and-events.toml")

CONFIGS = [
    pytest.param(None, {}, 3, id="shared"),
    pytest.param(None, {"challenge": True}, 3, id="shared-challenge"),
    pytest.param("constructed", {}, 3, id="decks"),
    pytest.param("constructed", {"challenge": True}, 2, id="decks-challenge"),
    pytest.param(
        "constructed",
        {"deck1": "Across the Andes", "deck2": "Across the Andes"},
        2,
        id="same-deck-twice",
    ),
    pytest.param(
        "constructed", {"deck1": EVENTS_DECK, "deck2": "Enchanted Isles"}, 3, id="deck-file"
    ),
]


@pytest.mark.parametrize(("variant", "options", "games"), CONFIGS)
def test_check_game(variant: str | None, options: dict[str, Any], games: int) -> None:
    # a few games each, deep checks on every second step; the soak below plays many more
    report = check_game(
        GAME_ID, players=2, variant=variant, games=games, seed=7, deep_every=2, **options
    )
    assert report.games == games
    assert report.illegal_checked > 0
    assert report.determinizations > 0
    assert 0 < report.longest <= game(variant, **options).max_steps


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "options", "games"), CONFIGS)
def test_soak(variant: str | None, options: dict[str, Any], games: int) -> None:
    report = check_game(
        GAME_ID, players=2, variant=variant, games=150, seed=99, deep_every=3, **options
    )
    assert report.games == 150


# -- notation --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Play("B09", "l13"), "play B09 at l13"),
        (PlayLeaving("E09", "c3"), "play E09 at c3 leaving it as urban"),
        (PlayEvent("E04"), "play E04"),
        (Drop("B05"), "drop B05"),
        (Move("l13", Direction.NORTH_EAST, 2), "move l13 north-east 2"),
        (Pass(), "pass"),
        (Cancel("E03"), "cancel it with E03"),
        (Allow(), "allow"),
        (Discard("B05"), "discard B05"),
        (Recover("B05"), "take B05 from the discard pile"),
        (SpreadTo("k13"), "spread to k13"),
        (ThrowHand(Throw.SCISSORS), "throw scissors"),
        (Challenge(), "challenge"),
        (Remove("k13"), "remove k13"),
        (RemoveUnder("k13"), "remove the parasite under k13"),
        (Done(), "done"),
    ],
)
def test_notation_round_trip(action: Action, text: str) -> None:
    assert str(action) == text
    assert CODEC.parse(text) == action
    assert CODEC.parse(json.dumps(action.to_json())) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("PLAY b09 AT L13", Play("B09", "l13")),
        ("  move  l13   North-East 2 ", Move("l13", Direction.NORTH_EAST, 2)),
        ("Throw Rock", ThrowHand(Throw.ROCK)),
    ],
)
def test_notation_is_case_and_space_tolerant(text: str, action: object) -> None:
    assert CODEC.parse(text) == action


@pytest.mark.parametrize("text", ["plant B09 at l13", "move l13 up 2", "throw lizard", ""])
def test_malformed_text_lists_the_forms(text: str) -> None:
    with pytest.raises(IllegalAction) as info:
        CODEC.parse(text)
    assert info.value.code == "action/malformed"
    assert "play <card> at <cell>" in info.value.message


def test_the_action_index_is_finite_and_round_trips() -> None:
    cards, cells = 73, 42 * 42
    assert CODEC.size == (
        cards * cells
        + cells
        + 15
        + cards
        + cells * 8 * 4
        + 1
        + 2
        + 1
        + cards
        + 58
        + cells
        + 3
        + 1
        + cells
        + cells
        + 1
    )
    for i in range(0, CODEC.size, 97):
        action = CODEC.from_index(i)
        assert CODEC.index(action) == i
        assert CODEC.from_text(str(action)) == action


def test_max_steps_is_the_spec_bound() -> None:
    assert game().max_steps == 2400
