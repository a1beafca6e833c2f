"""Golden playthroughs, determinism and immutability."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from ecotone.games.phylo.state import Phase
from ecotone.testing import check_golden, playthrough

from .helpers import game

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(
    ("name", "variant", "options", "seed"),
    [
        ("shared-seed7.txt", None, {}, 7),
        ("constructed-challenge-seed3.txt", "constructed", {"challenge": True}, 3),
    ],
)
def test_golden_playthrough(
    name: str, variant: str | None, options: dict[str, Any], seed: int
) -> None:
    text = playthrough(game(variant, **options), seed)
    check_golden(GOLDEN / name, text)


def test_golden_files_look_right() -> None:
    text = (GOLDEN / "shared-seed7.txt").read_text(encoding="utf-8")
    steps = [line for line in text.splitlines() if line.startswith("## step ")]
    actions = [line for line in text.splitlines() if line.startswith("action: ")]
    assert len(steps) == len(actions) > 10
    assert any(a.startswith("action: play B") for a in actions)
    assert '"phase": "act"' in text
    assert "scores: [" in text
    assert "winners: [" in text
    assert "the game is over" in text
    assert "[MAP]" in text
    decks = (GOLDEN / "constructed-challenge-seed3.txt").read_text(encoding="utf-8")
    assert '"challenge_rule": true' in decks
    assert '"phase": "challenge"' in decks
    assert "P1 deck" in decks
    assert "P2 deck" in decks


def test_playthrough_is_reproducible() -> None:
    g = game()
    assert playthrough(g, 7) == playthrough(g, 7)
    assert playthrough(g, 7) != playthrough(g, 8)


def random_game(variant: str | None, seed: int) -> list[tuple[int, object, str]]:
    g = game(variant)
    rnd = random.Random(seed)
    state = g.start(seed)
    out: list[tuple[int, object, str]] = [(-1, None, state.digest())]
    while not state.is_over:
        seat = state.to_move[0]
        action = rnd.choice(state.legal_actions(seat))
        state = state.apply(seat, action)
        out.append((seat, action, state.digest()))
    return out


@pytest.mark.parametrize("variant", [None, "constructed"])
def test_same_seed_and_actions_reproduce_the_digests(variant: str | None) -> None:
    first = random_game(variant, 5)
    assert random_game(variant, 5) == first
    assert random_game(variant, 6) != first


def test_applying_never_changes_the_state_held() -> None:
    g = game(challenge=True)
    state = g.start(12)
    rnd = random.Random(1)
    while not state.is_over:
        seat = state.to_move[0]
        before = state.digest()
        snapshot = state.to_json()
        for action in state.legal_actions(seat)[:30]:
            state.apply(seat, action)
        state.observe(seat)
        state.render(seat)
        state.determinize(seat, 0)
        assert state.digest() == before
        assert state.to_json() == snapshot
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert state.data.phase is Phase.OVER


def test_state_json_round_trip_mid_game() -> None:
    g = game("constructed")
    state = g.start(4)
    for _ in range(15):
        seat = state.to_move[0]
        state = state.apply(seat, state.legal_actions(seat)[0])
    back = g.load_state(state.to_json())
    assert back == state
    assert back.digest() == state.digest()
