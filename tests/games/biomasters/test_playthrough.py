"""Golden playthroughs, determinism and immutability."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ecotone.testing import check_golden, playthrough

from .helpers import game

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(
    ("name", "players", "variant", "seed"),
    [("1v1-seed3.txt", 2, None, 3)],
)
def test_golden_playthrough(name: str, players: int, variant: str | None, seed: int) -> None:
    check_golden(GOLDEN / name, playthrough(game(players, variant), seed))


def test_golden_file_reads_right() -> None:
    text = (GOLDEN / "1v1-seed3.txt").read_text(encoding="utf-8")
    actions = [line for line in text.splitlines() if line.startswith("action: ")]
    assert any(a.startswith("action: play ") for a in actions)
    assert any(a.startswith("action: exhaust ") for a in actions)
    assert any(a == "action: pass" for a in actions)
    assert '"phase": "pay"' in text
    assert "cannot draw: the end is triggered" in text
    assert "the game is over" in text
    assert "winners: [" in text


def test_same_seed_and_actions_reproduce_the_digests() -> None:
    g = game()

    def run(seed: int) -> list[str]:
        rnd = random.Random(seed)
        state = g.start(seed)
        out = [state.digest()]
        while not state.is_over:
            (seat,) = state.to_move
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
            out.append(state.digest())
        return out

    assert run(4) == run(4)
    assert run(4) != run(5)


def test_applying_never_changes_the_state_held() -> None:
    g = game()
    state = g.start(12)
    rnd = random.Random(1)
    for _ in range(60):
        if state.is_over:
            break
        (seat,) = state.to_move
        before = state.digest()
        snapshot = state.to_json()
        for action in state.legal_actions(seat):
            state.apply(seat, action)
        state.observe(seat)
        state.render(seat)
        state.determinize(seat, 0)
        assert state.digest() == before
        assert state.to_json() == snapshot
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))


def test_state_json_round_trip_mid_game() -> None:
    g = game()
    state = g.start(4)
    for _ in range(25):
        (seat,) = state.to_move
        state = state.apply(seat, state.legal_actions(seat)[0])
    back = g.load_state(state.to_json())
    assert back == state
    assert back.digest() == state.digest()
