"""Train one policy for every seat of a game by self-play on Ray's RLlib, then rate it.

Needs the rllib extra (Ray's RLlib, PyTorch's CPU build):

    scripts/bootstrap dev rllib                                   # see docs/rl.md
    python examples/train_rllib.py                                # Once Upon a Forest, this machine
    python examples/train_rllib.py --env-runners 16 --ray ADDRESS # on a running Ray cluster
    python examples/train_rllib.py --game biome-borneo --players 3 --iterations 50

RLlib's PPO plays the game against itself: every seat is the one policy ``shared``
(each seat's tensor is from its own point of view), and every env runner (a Ray actor,
on any node of the cluster) plays its own games with it. The network reads the action
mask (``ecotone.rl.rllib.MaskedPPOModule``), so it never picks an illegal action. The
trained policy is saved as the weights the ``policy`` bot plays without PyTorch or Ray
(``--out``), then plays as that bot in tournaments, as ``ecotone tournament`` plays them
(every seating, duplicate deals), against each bot of ``--against``, each reported with
its 95% interval. The same tournament from the shell:

    ecotone tournament once-upon-a-forest --bots policy:path=forest_rllib.npz,heuristic
"""

from __future__ import annotations

import argparse
import json
import logging
import platform
import shlex
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ray
import torch
from ray.rllib.algorithms.ppo import PPOConfig

import ecotone
from ecotone.bots.policy.weights import save_weights
from ecotone.rl import rllib
from ecotone.sim import default_players
from ecotone.sim.tournament import run_tournament, standings


def config(args: argparse.Namespace) -> Any:
    """PPO's configuration: the game on ``--env-runners`` runners, self-play, masked."""
    name = rllib.register(args.game)
    return (
        PPOConfig()
        .environment(name, env_config={"players": args.players, "reward": args.reward})
        # every runner's games are waited for: RLlib's default drops a runner's samples
        # after 60 s, which a machine busy with other work reaches (fewer steps trained)
        .env_runners(
            num_env_runners=args.env_runners, num_cpus_per_env_runner=1, sample_timeout_s=None
        )
        .multi_agent(policies={"shared"}, policy_mapping_fn=rllib.shared)
        .rl_module(rl_module_spec=rllib.module_spec(hidden=args.hidden))
        .training(
            train_batch_size_per_learner=args.batch,
            minibatch_size=min(256, args.batch),
            num_epochs=args.epochs,
            lr=args.learning_rate,
            gamma=args.gamma,
        )
        .debugging(seed=args.seed, log_level="ERROR")
    )


def train(args: argparse.Namespace) -> dict[str, Any]:
    """Train for ``--iterations`` and save the policy's weights to ``--out``; returns what
    was measured on the way."""
    algo = config(args).build_algo()
    try:
        steps = 0
        for iteration in range(args.iterations):
            result = algo.train()
            runners = result["env_runners"]
            steps = int(runners.get("num_env_steps_sampled_lifetime", steps))
            if not args.json:
                print(
                    f"iteration {iteration + 1}/{args.iterations}: {steps} steps, "
                    f"{int(runners.get('num_episodes_lifetime', 0))} games",
                    flush=True,
                )
        about = {
            "command": shlex.join(["python", "examples/train_rllib.py", *sys.argv[1:]]),
            "trainer": "RLlib PPO, self-play (one policy for every seat)",
            "seed": args.seed,
            "iterations": args.iterations,
            "env_steps": steps,
            "versions": {
                "ecotone": ecotone.__version__,
                "python": platform.python_version(),
                "ray": ray.__version__,
                "torch": torch.__version__,
            },
        }
        save_weights(rllib.weights_of(algo.get_module("shared"), about), args.out)
        return {"env_steps": steps}
    finally:
        algo.stop()


def rate(args: argparse.Namespace, opponent: str) -> dict[str, Any]:
    """The policy bot against ``opponent``, as ``ecotone tournament`` plays and rates it."""
    game = ecotone.make(args.game, players=args.players)
    lineup = [f"policy:path={args.out}", opponent]
    played = run_tournament(game, lineup, args.games, args.seed, workers=args.workers)
    result = standings(played)
    record = next(r for r in result.records if r.bot.startswith("policy"))
    return {
        "opponent": opponent,
        "games": result.completed,
        "errors": len(result.errors),
        "win_rate": record.win_rate,
        "win_rate_ci": list(record.win_rate_ci),
        "method": record.win_rate_method,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="once-upon-a-forest", choices=ecotone.available_games())
    parser.add_argument("--players", type=int, help="seats (default: the fewest the game takes)")
    parser.add_argument("--iterations", type=int, default=20, help="PPO updates")
    parser.add_argument("--batch", type=int, default=4000, help="decisions per update")
    parser.add_argument("--epochs", type=int, default=4, help="passes over each batch")
    parser.add_argument("--learning-rate", type=float, default=3e-4, help="PPO's")
    parser.add_argument("--gamma", type=float, default=0.99, help="PPO's discount")
    parser.add_argument("--hidden", type=int, nargs="+", default=[64, 64], help="layer sizes")
    parser.add_argument("--reward", choices=["win", "margin"], default="win")
    parser.add_argument("--env-runners", type=int, default=2, help="Ray actors playing games")
    parser.add_argument(
        "--ray", default="local", metavar="ADDRESS", help="a Ray cluster's address, or local"
    )
    parser.add_argument("--seed", type=int, default=0, help="training and tournament seed")
    parser.add_argument("--games", type=int, default=200, help="games per tournament")
    parser.add_argument("--workers", type=int, default=1, help="tournament processes")
    parser.add_argument(
        "--against", default="random,heuristic", help="the bots to rate it against, in turn"
    )
    parser.add_argument("--out", type=Path, default=Path("forest_rllib.npz"))
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.players is None:
        args.players = default_players(args.game)
    if args.out.suffix != ".npz":
        parser.error(f"--out is a weights file, NAME.npz, not {args.out}")
    try:
        ecotone.make(args.game, players=args.players)
    except ecotone.ConfigError as error:
        parser.error(str(error))

    ray.init(
        address=None if args.ray == "local" else args.ray,
        include_dashboard=False,
        log_to_driver=False,
        logging_level=logging.ERROR,
    )
    try:
        started = time.perf_counter()
        measured = train(args)
        trained = time.perf_counter() - started
    finally:
        ray.shutdown()
    results = [rate(args, opponent) for opponent in args.against.split(",")]
    if args.json:
        print(json.dumps({"seconds": trained, **measured, "results": results}))
        return 0
    print(f"trained {measured['env_steps']} steps in {trained:.0f}s, saved to {args.out}")
    for line in results:
        low, high = line["win_rate_ci"]
        print(
            f"policy vs {line['opponent']:<9} win rate {line['win_rate']:.0%} "
            f"(95% {low:.0%}-{high:.0%}, {line['method']}) over {line['games']} games"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
