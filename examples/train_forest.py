"""Train an action-masked PPO to play Once Upon a Forest, then rate it against Ecotone's bots.

Needs the train extra (PyTorch's CPU build, Stable-Baselines3, sb3-contrib):

    pip install -e '.[train]'
    python examples/train_forest.py                       # a few minutes of one core
    python examples/train_forest.py --timesteps 20000     # a quick look

The learner plays seat 0 in one copy of the Gymnasium environment and seat 1 in another,
so it learns both seats, against the random bot; sb3-contrib's MaskablePPO reads each
copy's legal actions from its ``action_masks()``. The trained policy is saved (``--out``)
and then plays as Ecotone's ``policy`` bot in two tournaments, as ``ecotone tournament``
plays them (every seating, duplicate deals): against ``random`` and against
``heuristic``, each reported with its 95% interval (a bootstrap over the deals, or the
Wilson interval where the bootstrap cannot measure the spread). The same tournament from
the shell:

    ecotone tournament once-upon-a-forest --bots policy:path=forest_policy.zip,heuristic
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path

import gymnasium
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv

import ecotone
import ecotone.rl  # registers ecotone/<game>-v0 with Gymnasium
from ecotone.sim.tournament import Standings, run_tournament, standings

GAME = "once-upon-a-forest"
PLAYERS = 2


def train(timesteps: int, seed: int, out: Path, reward: str = "win") -> None:
    """Train against the random bot, from both seats, and save the policy to ``out``."""
    envs = DummyVecEnv(
        [
            partial(
                gymnasium.make,
                ecotone.rl.env_id(GAME),
                players=PLAYERS,
                seat=seat,
                opponents="random",
                reward=reward,
            )
            for seat in range(PLAYERS)
        ]
    )
    model = MaskablePPO(
        "MlpPolicy",
        envs,
        n_steps=512,  # per copy: an update every 1024 decisions, about 13 games
        batch_size=256,
        seed=seed,  # the network's initial weights, and each copy's deals
        device="cpu",
        verbose=0,
    )
    model.learn(total_timesteps=timesteps)
    model.save(out)


def rate(out: Path, opponent: str, games: int, seed: int, workers: int) -> Standings:
    """The policy bot against ``opponent``, as ``ecotone tournament`` plays and rates it."""
    game = ecotone.make(GAME, players=PLAYERS)
    played = run_tournament(game, [f"policy:path={out}", opponent], games, seed, workers=workers)
    return standings(played)


@dataclass(frozen=True)
class Rated:
    """The policy's line of a tournament: its win rate, the 95% interval, how it was found."""

    opponent: str
    games: int
    errors: int
    win_rate: float
    win_rate_ci: tuple[float, float]
    method: str
    rating: float | None


def summary(result: Standings) -> Rated:
    """The policy's line of ``result``."""
    record = next(r for r in result.records if r.bot.startswith("policy"))
    return Rated(
        opponent=next(b for b in result.bots if not b.startswith("policy")),
        games=result.completed,
        errors=len(result.errors),
        win_rate=record.win_rate,
        win_rate_ci=record.win_rate_ci,
        method=record.win_rate_method,
        rating=record.rating,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--timesteps", type=int, default=100_000, help="learner decisions")
    parser.add_argument("--seed", type=int, default=0, help="training and tournament seed")
    parser.add_argument("--games", type=int, default=200, help="games per tournament")
    parser.add_argument("--workers", type=int, default=1, help="tournament processes")
    parser.add_argument(
        "--against", default="random,heuristic", help="the bots to rate it against, in turn"
    )
    parser.add_argument("--reward", choices=["win", "margin"], default="win")
    parser.add_argument("--out", type=Path, default=Path("forest_policy.zip"))
    parser.add_argument("--threads", type=int, default=1, help="PyTorch threads")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)  # small networks: more threads mostly wait

    started = time.perf_counter()
    train(args.timesteps, args.seed, args.out, args.reward)
    trained = time.perf_counter() - started
    results = [
        summary(rate(args.out, opponent, args.games, args.seed, args.workers))
        for opponent in args.against.split(",")
    ]
    if args.json:
        lines = [asdict(line) for line in results]
        print(json.dumps({"timesteps": args.timesteps, "seconds": trained, "results": lines}))
        return 0
    print(f"trained {args.timesteps} steps in {trained:.0f}s, saved to {args.out}")
    for line in results:
        low, high = line.win_rate_ci
        print(
            f"policy vs {line.opponent:<9} win rate {line.win_rate:.0%} "
            f"(95% {low:.0%}-{high:.0%}, {line.method}) over {line.games} games"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
