"""The worked training example trains a policy that beats the random bot (slow run).

Runs ``examples/train_forest.py`` as a researcher would, with a small budget counted in
the learner's decisions (never seconds: the machine's load must not change the outcome),
and reads the tournament it reports: the policy's 95% interval against random must lie
above one half. The budget was chosen by measurement (docs/rl.md): at 16,384 and 32,768
decisions every seed tried won 59% to 73% against random, the interval's lower end
falling to 0.51 for the weakest; at 65,536 they won 77% to 84%, the lower end at 0.71 or
more for each, which leaves room for another machine's arithmetic to train a different
network.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.optional import requires

pytestmark = requires("sb3_contrib")

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "train_forest.py"
#: The learner's decisions to train for, and the games to rate it by.
TIMESTEPS = 65_536
GAMES = 200


@pytest.mark.slow
def test_a_briefly_trained_policy_beats_random(tmp_path: Path) -> None:
    command = [
        sys.executable,
        str(EXAMPLE),
        "--timesteps",
        str(TIMESTEPS),
        "--games",
        str(GAMES),
        "--against",
        "random",
        "--seed",
        "1",
        "--out",
        str(tmp_path / "policy.zip"),
        "--json",
    ]
    scratch = tmp_path / "tmp"  # the temporary directory the example sees
    scratch.mkdir()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "TMPDIR": str(scratch)}
    done = subprocess.run(
        command, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=3600, check=False
    )
    assert done.returncode == 0, done.stderr
    (line,) = json.loads(done.stdout)["results"]
    assert line["opponent"] == "random"
    assert line["games"] == GAMES
    assert line["errors"] == 0
    low, _ = line["win_rate_ci"]
    assert low > 0.5, line
    assert (tmp_path / "policy.zip").is_file()
    # stable-baselines3 logs into a folder it makes there unless told otherwise (PyTorch
    # may keep its compiler's cache there: that one is meant to stay)
    assert not list(scratch.glob("SB3-*")), "the example left a log folder behind"
