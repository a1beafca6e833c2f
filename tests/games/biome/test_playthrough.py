"""Golden playthroughs, determinism and immutability."""

from __future__ import annotations

from pathlib import Path

import pytest

from ecotone.testing import check_golden, playthrough

from .helpers import game

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(
    ("name", "players", "options", "seed"),
    [
        ("classic-2p-seed3.txt", 2, {}, 3),
        ("fragments-3p-seed7.txt", 3, {"formation": "fragments", "opportunist": "own-turn"}, 7),
    ],
)
def test_golden_playthrough(name: str, players: int, options: dict[str, str], seed: int) -> None:
    check_golden(GOLDEN / name, playthrough(game(players, **options), seed))


def test_golden_files_look_right() -> None:
    text = (GOLDEN / "classic-2p-seed3.txt").read_text(encoding="utf-8")
    actions = [line for line in text.splitlines() if line.startswith("action: ")]
    assert actions[0].startswith(("action: pass", "action: opportunist"))  # reaction window
    assert any(a.startswith("action: place ") for a in actions)
    assert any(a.startswith("action: confirm") for a in actions)
    assert "scores: [" in text
    assert "the game is over" in text


def test_same_seed_same_game() -> None:
    g = game(2)
    assert playthrough(g, 7) == playthrough(g, 7)
    assert playthrough(g, 7) != playthrough(g, 8)


def test_applying_never_changes_the_state_held() -> None:
    g = game(2)
    state = g.start(4)
    for _ in range(60):
        if state.is_over:
            break
        seat = state.to_move[0]
        before = state.digest()
        for action in state.legal_actions(seat)[:20]:
            state.apply(seat, action)
        state.observe(seat)
        state.render(seat)
        state.determinize(seat, 0)
        assert state.digest() == before
        state = state.apply(seat, state.legal_actions(seat)[-1])
