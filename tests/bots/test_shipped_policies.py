"""The trained policies that come with Ecotone: each plays the table it was trained for,
and only that one, where PyTorch is not installed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import ecotone
from ecotone.bots.models import find_policy, policies_for, shipped_policies
from ecotone.bots.policy import load_network
from ecotone.bots.tensor import layout_for
from ecotone.core.errors import ConfigError
from ecotone.core.registry import game_class
from ecotone.sim.runner import build_bot

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_policies_play_their_own_table_only() -> None:
    shipped = shipped_policies()
    assert shipped, "Ecotone comes with at least one trained policy"
    for policy in shipped:
        assert Path(policy.weights).is_file()
        assert policy.spec == f"policy:model={policy.name}"
        assert policy.title
        assert policy.summary.endswith(".")
        assert {"command", "seed"} <= set(policy.provenance)
        game = ecotone.make(policy.game, players=policy.players, variant=policy.variant)
        assert policy in policies_for(game)
        network = load_network(policy.weights)
        assert network.layout is not None
        assert network.layout["fingerprint"] == layout_for(game).fingerprint
        bot = build_bot(policy.spec, game, 1, 3)
        assert getattr(bot, "title", None) == f"Policy: {policy.title}"
        low, high = game_class(policy.game).spec.player_range(policy.variant)
        for players in range(low, high + 1):
            if players != policy.players:
                other = ecotone.make(policy.game, players=players, variant=policy.variant)
                assert policy not in policies_for(other)
                with pytest.raises(ConfigError, match=f"plays .* with {policy.players} players"):
                    build_bot(policy.spec, other, 0, 0)
        with pytest.raises(ValueError, match="has no model 'nobody'"):
            find_policy("nobody", game)


def test_a_shipped_policy_plays_a_tournament_without_pytorch() -> None:
    policy = shipped_policies()[0]
    code = (
        "import sys, json, ecotone\n"
        "from ecotone.sim.tournament import run_tournament\n"
        f"game = ecotone.make({policy.game!r}, players={policy.players}, "
        f"variant={policy.variant!r})\n"
        f"done = run_tournament(game, [{policy.spec!r}, 'random'], 2, seed=5, workers=1)\n"
        "assert 'torch' not in sys.modules, 'PyTorch was imported'\n"
        "print(json.dumps([r.error for r in done.results]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": ""},
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [None, None]
