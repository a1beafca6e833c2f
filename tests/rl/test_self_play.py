"""examples/self_play.py runs, and the policy bot plays what it saves (tests/rl/test_docs.py
checks that docs/rl.md shows it whole)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import ecotone
from ecotone.bots import SeatView, make_bot
from tests.optional import requires

pytestmark = requires("sb3_contrib")

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "self_play.py"


@pytest.mark.slow  # a training run, PyTorch's import and all: the slow run's
def test_the_example_learns_from_its_own_games_and_saves_a_policy(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "2", "2"],  # 2 rounds of 2 games
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    rounds = [line for line in done.stdout.splitlines() if line.startswith("round ")]
    assert [line.split(":")[0] for line in rounds] == ["round 0", "round 1"]
    game = ecotone.make("once-upon-a-forest", players=2)
    bot = make_bot("policy", game, 1, path=str(tmp_path / "selfplay.zip"))
    state = game.start(2)
    while not state.is_over:
        seat = state.to_move[0]
        action = bot.act(SeatView(state, seat)) if seat == 1 else state.legal_actions(seat)[0]
        state = state.apply(seat, action)
    assert state.is_over
