"""Train an action-masked PPO to play Once Upon a Forest, then rate it against Ecotone's bots.

Needs the train extra (PyTorch's CPU build, Stable-Baselines3, sb3-contrib):

    scripts/bootstrap dev train                           # see docs/rl.md
    python examples/train_forest.py                       # a few minutes of one core
    python examples/train_forest.py --timesteps 20000     # a quick look

The learner plays seat 0 in one copy of the Gymnasium environment and seat 1 in another,
so it learns both seats, against the random bot (``--opponents heuristic``: against the
heuristic); sb3-contrib's MaskablePPO reads each copy's legal actions from its
``action_masks()``. With ``--imitate GAMES`` it first imitates the heuristic bot: it
watches GAMES games of the heuristic against itself and learns, by supervised learning,
to choose what the heuristic chose (its policy) and to foresee the final score margin
(its value), then PPO goes on from there. The trained policy is saved (``--out``) and then
plays as Ecotone's ``policy`` bot in tournaments, as ``ecotone tournament`` plays them
(every seating, duplicate deals): against each bot of ``--against``, each reported with
its 95% interval (a bootstrap over the deals, or the Wilson interval where the bootstrap
cannot measure the spread). ``--export NAME.npz`` also writes the policy's weights, which
play without PyTorch, and ``NAME.json`` beside them: what Ecotone's package data keeps of
a policy it comes with (ecotone.bots.models). The same tournament from the shell:

    ecotone tournament once-upon-a-forest --bots policy:path=forest_policy.zip,heuristic
"""

from __future__ import annotations

import argparse
import json
import platform
import shlex
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import date
from functools import partial
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import sb3_contrib
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.logger import Logger
from stable_baselines3.common.vec_env import DummyVecEnv

import ecotone
import ecotone.rl  # registers ecotone/<game>-v0 with Gymnasium
from ecotone.bots import SeatView, make_bot
from ecotone.bots.policy import load_network
from ecotone.bots.policy.sb3 import weights_of
from ecotone.bots.policy.weights import save_weights
from ecotone.sim.tournament import Standings, run_tournament, standings

GAME = "once-upon-a-forest"
PLAYERS = 2


class Scaled(gymnasium.RewardWrapper):  # type: ignore[type-arg]
    """The environment's reward times ``scale`` (a margin of 10 points pays 1 at 0.1),
    so that the value head learns numbers of the size PPO's defaults expect."""

    def __init__(self, env: gymnasium.Env, scale: float) -> None:  # type: ignore[type-arg]
        super().__init__(env)
        self.scale = scale

    def reward(self, reward: Any) -> float:
        return float(reward) * self.scale


def environments(opponents: str, reward: str, scale: float) -> DummyVecEnv:
    """One copy of the Gymnasium environment per seat."""

    def make(seat: int) -> gymnasium.Env:  # type: ignore[type-arg]
        env = gymnasium.make(
            ecotone.rl.env_id(GAME),
            players=PLAYERS,
            seat=seat,
            opponents=opponents,
            reward=reward,
        )
        return Scaled(env, scale) if scale != 1.0 else env

    return DummyVecEnv([partial(make, seat) for seat in range(PLAYERS)])


# -- imitating the heuristic ------------------------------------------------------------------


@dataclass(frozen=True)
class Watched:
    """The heuristic's decisions in games against itself, the tensors stored sparsely.

    Row ``i``: the tensor's non-zero slots ``slots[starts[i]:starts[i + 1]]`` with their
    ``values``, the legal action indices ``legal[i]`` (padded with -1), the index the
    heuristic chose, and the deciding seat's final score margin.
    """

    starts: np.ndarray
    slots: np.ndarray
    values: np.ndarray
    legal: np.ndarray
    chosen: np.ndarray
    margin: np.ndarray

    def __len__(self) -> int:
        return len(self.chosen)


def watch(games: int, seed: int) -> Watched:
    """Play ``games`` games of the heuristic against itself (seeds ``seed``, ``seed + 1``,
    ...) and keep every decision with a choice in it."""
    game = ecotone.make(GAME, players=PLAYERS)
    layout = ecotone.rl.layout(GAME, players=PLAYERS)
    starts, slots, values, legal, chosen, seats, ends = [0], [], [], [], [], [], []
    for number in range(games):
        state = game.start(seed + number)
        bots = [make_bot("heuristic", game, s, (seed + number) * 7 + s) for s in range(PLAYERS)]
        first = len(chosen)
        while not state.is_over:
            seat = state.to_move[0]
            view = SeatView(state, seat)
            action = bots[seat].act(view)
            if len(view.legal_actions) > 1:
                tensor = layout.encode(view.observation)
                where = np.flatnonzero(tensor)
                slots.append(where.astype(np.int32))
                values.append(tensor[where])
                starts.append(starts[-1] + len(where))
                legal.append([game.action_index(a) for a in view.legal_actions])
                chosen.append(game.action_index(action))
                seats.append(seat)
            state = state.apply(seat, action)
        scores = state.scores()
        ends.extend(
            scores[s] - max(x for i, x in enumerate(scores) if i != s) for s in seats[first:]
        )
    width = max(len(row) for row in legal)
    return Watched(
        starts=np.array(starts, dtype=np.int64),
        slots=np.concatenate(slots),
        values=np.concatenate(values).astype(np.float32),
        legal=np.array([row + [-1] * (width - len(row)) for row in legal], dtype=np.int64),
        chosen=np.array(chosen, dtype=np.int64),
        margin=np.array(ends, dtype=np.float32),
    )


def sparse_start(model: MaskablePPO, watched: Watched) -> None:
    """Start the first layers' weights of every slot the watched games never filled at
    zero, and hold the action layer's rows of every action never legal in them at zero.

    A slot that stays empty gives its weights an exact zero gradient, so they stay zero.
    An action row would not: sb3-contrib's masked distribution normalises the logits of
    every action before it masks the illegal ones, so float32 rounding reaches every row
    with a gradient of the order of 1e-9, which Adam, dividing by its running size,
    turns into steps as large as any. A hook holds those rows' gradients at zero (such
    an action, if it is ever legal, keeps a logit of 0). The exported weights leave the
    zeros out: the file is a fraction of the full size, and every choice the same.
    """
    policy = model.policy
    dead = np.ones(policy.observation_space.shape[0], dtype=bool)
    dead[np.unique(watched.slots)] = False
    unused = np.ones(policy.action_space.n, dtype=bool)
    unused[np.unique(watched.legal[watched.legal >= 0])] = False
    keep = torch.as_tensor(~unused, dtype=torch.float32)
    with torch.no_grad():
        for branch in (policy.mlp_extractor.policy_net, policy.mlp_extractor.value_net):
            branch[0].weight[:, torch.as_tensor(dead)] = 0.0
        policy.action_net.weight[torch.as_tensor(unused)] = 0.0
        policy.action_net.bias[torch.as_tensor(unused)] = 0.0
    policy.action_net.weight.register_hook(lambda grad: grad * keep[:, None])
    policy.action_net.bias.register_hook(lambda grad: grad * keep)


def imitate(model: MaskablePPO, watched: Watched, epochs: int, scale: float, seed: int) -> float:
    """Teach ``model``'s policy the heuristic's choices (cross-entropy over the legal
    actions) and its value the final margin times ``scale``, with Adam; returns how often
    the policy's most probable action is the heuristic's on the last tenth of the
    decisions, held out."""
    policy = model.policy
    size, actions = policy.observation_space.shape[0], policy.action_space.n
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(watched))
    held, learn = order[: len(order) // 10], order[len(order) // 10 :]
    optimizer = torch.optim.Adam(policy.parameters(), lr=1e-3)

    def batch(rows: np.ndarray) -> tuple[torch.Tensor, np.ndarray]:
        tensors = np.zeros((len(rows), size), dtype=np.float32)
        for k, i in enumerate(rows):
            part = slice(watched.starts[i], watched.starts[i + 1])
            tensors[k, watched.slots[part]] = watched.values[part]
        masks = np.zeros((len(rows), actions + 1), dtype=bool)
        legal = watched.legal[rows]
        masks[np.arange(len(rows))[:, None], np.where(legal < 0, actions, legal)] = True
        return torch.as_tensor(tensors), masks[:, :actions]

    policy.set_training_mode(True)
    for _ in range(epochs):
        for start in range(0, len(learn), 256):
            rows = learn[start : start + 256]
            tensors, masks = batch(rows)
            values, log_prob, _ = policy.evaluate_actions(
                tensors, torch.as_tensor(watched.chosen[rows]), action_masks=masks
            )
            target = torch.as_tensor(watched.margin[rows] * scale)
            loss = -log_prob.mean() + 0.5 * ((values.flatten() - target) ** 2).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        learn = rng.permutation(learn)
    policy.set_training_mode(False)
    agree = 0
    with torch.no_grad():
        for start in range(0, len(held), 1024):
            rows = held[start : start + 1024]
            tensors, masks = batch(rows)
            probs = policy.get_distribution(tensors, action_masks=masks).distribution.probs
            agree += int((probs.argmax(1).numpy() == watched.chosen[rows]).sum())
    return agree / max(len(held), 1)


# -- training, rating, exporting -----------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """How to train: the opponents, the reward and its scale, the imitation before PPO,
    and PPO's own settings (each as MaskablePPO takes it)."""

    timesteps: int
    seed: int
    opponents: str = "random"
    reward: str = "win"
    scale: float = 1.0
    imitate: int = 0
    imitate_epochs: int = 3
    learning_rate: float = 3e-4
    clip_range: float = 0.2
    gamma: float = 0.99
    n_steps: int = 512


def train(plan: Plan, out: Path) -> dict[str, Any]:
    """Train as ``plan`` says and save the policy to ``out``; returns what was measured
    on the way (the seconds each stage took, the imitation's agreement)."""
    envs = environments(plan.opponents, plan.reward, plan.scale)
    model = MaskablePPO(
        "MlpPolicy",
        envs,
        n_steps=plan.n_steps,  # per copy: an update every 2 * n_steps decisions
        batch_size=256,
        learning_rate=plan.learning_rate,
        clip_range=plan.clip_range,
        gamma=plan.gamma,
        seed=plan.seed,  # the network's initial weights, and each copy's deals
        device="cpu",
        verbose=0,
    )
    # no log: stable-baselines3's own would make a folder in the temporary directory at
    # every learn(), and leave it there empty
    model.set_logger(Logger(folder=None, output_formats=[]))
    done: dict[str, Any] = {}
    if plan.imitate:
        started = time.process_time()
        watched = watch(plan.imitate, 1_000_000 + plan.seed * plan.imitate)
        sparse_start(model, watched)
        done["imitation_decisions"] = len(watched)
        done["imitation_agreement"] = imitate(
            model, watched, plan.imitate_epochs, plan.scale, plan.seed
        )
        done["imitation_seconds"] = time.process_time() - started
    started = time.process_time()
    model.learn(total_timesteps=plan.timesteps)
    done["ppo_seconds"] = time.process_time() - started
    model.save(out)
    return done


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


def export(out: Path, weights: Path, plan: Plan, about: dict[str, Any], title: str) -> None:
    """Write the policy's weights to ``weights`` (numpy, no PyTorch needed to play them)
    and, beside them, the record Ecotone's package data keeps of a policy it comes with:
    its title, a sentence on how it plays, its table, and how it was made."""
    save_weights(weights_of(load_network(out), about), weights)
    rates = " and ".join(
        f"{r['win_rate']:.0%} of {r['games']} games against the {r['opponent']} bot"
        for r in about.get("results", [])
    )
    how = "imitated the heuristic bot, then " if plan.imitate else ""
    record = {
        "title": title,
        "summary": f"A network that {how}learnt by PPO against the {plan.opponents} bot"
        + (f"; it won {rates}." if rates else "."),
        "game": GAME,
        "players": PLAYERS,
        "variant": None,
        "provenance": about,
    }
    weights.with_suffix(".json").write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--timesteps", type=int, default=100_000, help="learner decisions")
    parser.add_argument("--seed", type=int, default=0, help="training and tournament seed")
    parser.add_argument("--opponents", default="random", help="the bot PPO plays against")
    parser.add_argument("--reward", choices=["win", "margin"], default="win")
    parser.add_argument("--reward-scale", type=float, default=1.0, help="times the reward")
    parser.add_argument(
        "--imitate", type=int, default=0, metavar="GAMES", help="heuristic games to imitate first"
    )
    parser.add_argument("--imitate-epochs", type=int, default=3, help="passes over them")
    parser.add_argument("--learning-rate", type=float, default=3e-4, help="PPO's")
    parser.add_argument("--clip-range", type=float, default=0.2, help="PPO's")
    parser.add_argument("--gamma", type=float, default=0.99, help="PPO's discount")
    parser.add_argument("--n-steps", type=int, default=512, help="decisions per copy per update")
    parser.add_argument("--games", type=int, default=200, help="games per tournament")
    parser.add_argument("--workers", type=int, default=1, help="tournament processes")
    parser.add_argument(
        "--against", default="random,heuristic", help="the bots to rate it against, in turn"
    )
    parser.add_argument("--out", type=Path, default=Path("forest_policy.zip"))
    parser.add_argument("--export", type=Path, help="also write its weights here (.npz)")
    parser.add_argument("--title", default="PPO", help="the exported policy's title")
    parser.add_argument("--threads", type=int, default=1, help="PyTorch threads")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)  # small networks: more threads mostly wait
    plan = Plan(
        timesteps=args.timesteps,
        seed=args.seed,
        opponents=args.opponents,
        reward=args.reward,
        scale=args.reward_scale,
        imitate=args.imitate,
        imitate_epochs=args.imitate_epochs,
        learning_rate=args.learning_rate,
        clip_range=args.clip_range,
        gamma=args.gamma,
        n_steps=args.n_steps,
    )

    started = time.perf_counter()
    measured = train(plan, args.out)
    trained = time.perf_counter() - started
    about: dict[str, Any] = {
        "command": shlex.join(["python", "examples/train_forest.py", *sys.argv[1:]]),
        "seed": args.seed,
        "plan": asdict(plan),
        "date": date.today().isoformat(),
        "wall_seconds": round(trained),
        **{k: round(v, 4) if isinstance(v, float) else v for k, v in measured.items()},
        "versions": {
            "ecotone": ecotone.__version__,
            "python": platform.python_version(),
            "torch": torch.__version__,
            "sb3_contrib": sb3_contrib.__version__,
        },
    }
    # what is rated is what is kept: the exported weights, when there are any
    played = args.out
    if args.export:
        export(args.out, args.export, plan, about, args.title)
        played = args.export
    results = [
        summary(rate(played, opponent, args.games, args.seed, args.workers))
        for opponent in args.against.split(",")
    ]
    if args.export:
        about["results"] = [asdict(line) for line in results]
        export(args.out, args.export, plan, about, args.title)
    if args.json:
        lines = [asdict(line) for line in results]
        print(
            json.dumps(
                {"timesteps": args.timesteps, "seconds": trained, **measured, "results": lines}
            )
        )
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
