"""What the environments cost over the engine: steps per second, side by side.

``python -m ecotone.rl.bench`` plays seeded random games of each game three ways, in the
same run, and reports steps per second and the ratios:

* ``engine``: the raw playout every search runs, ``state.apply(seat, choice(legal))``;
* ``engine+observe``: the same plus ``state.observe(seat)`` for the seat to move, the
  least any agent needs to decide (the JSON every bot and client reads);
* ``aec``: the PettingZoo AEC environment, ``env.last()`` (tensor, mask and JSON) then
  ``env.step(index)`` with a legal index (drawn from the legal ones the mask was made
  from, so that the time a policy takes to read a mask is not counted).

``cost`` is the environment's time per step over the engine's (``aec / engine``), and
``cost vs observe`` over the observed engine's. Absolute speeds depend on the machine;
the ratios, measured in one run, are what to compare.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ecotone
from ecotone.core.game import Game
from ecotone.core.registry import game_class
from ecotone.rl.aec import EcotoneAEC

__all__ = ["RlBench", "bench", "main"]


@dataclass(frozen=True, slots=True)
class RlBench:
    """The three speeds of one configuration, in steps per second."""

    game: str
    players: int
    engine: float
    observed: float
    aec: float

    @property
    def cost(self) -> float:
        """The environment's time per step over the raw engine's."""
        return self.engine / self.aec if self.aec else float("inf")

    @property
    def cost_vs_observe(self) -> float:
        """The environment's time per step over the engine's with ``observe``."""
        return self.observed / self.aec if self.aec else float("inf")

    def to_json(self) -> dict[str, Any]:
        """The measurement as JSON."""
        return {
            "game": self.game,
            "players": self.players,
            "engine_steps_per_second": round(self.engine, 1),
            "observed_steps_per_second": round(self.observed, 1),
            "aec_steps_per_second": round(self.aec, 1),
            "cost": round(self.cost, 3),
            "cost_vs_observe": round(self.cost_vs_observe, 3),
        }


def _engine(game: Game[Any], observe: bool) -> Callable[[int], int]:
    def playout(seed: int) -> int:
        rnd = random.Random(seed)
        state = game.start(seed)
        steps = 0
        while not state.is_over:
            seat = state.to_move[0]
            if observe:
                state.observe(seat)
            legal = state.legal_actions(seat)
            state = state.apply(seat, legal[rnd.randrange(len(legal))])
            steps += 1
        return steps

    return playout


def _aec(env: EcotoneAEC) -> Callable[[int], int]:
    def playout(seed: int) -> int:
        rnd = random.Random(seed)
        env.reset(seed=seed)
        steps = 0
        while not env.table.state.is_over:
            _, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                break
            # an index a policy could draw from the mask (the policy's own cost aside)
            legal = list(env.table.legal(int(env.agent_selection[7:])))
            env.step(legal[rnd.randrange(len(legal))])
            steps += 1
        return steps

    return playout


def _rate(playout: Callable[[int], int], seeds: Sequence[int]) -> tuple[int, float]:
    steps = 0
    start = time.process_time()
    for seed in seeds:
        steps += playout(seed)
    return steps, time.process_time() - start


def bench(
    games: Sequence[str] | None = None, seconds: float = 1.0, players: int | None = None
) -> list[RlBench]:
    """Measure each game (default: all, at their smallest player count) for about
    ``seconds`` per way of playing, in interleaved rounds so that a busy machine slows
    all three alike."""
    out: list[RlBench] = []
    for game_id in games or ecotone.available_games():
        count = players or game_class(game_id).spec.min_players
        game = ecotone.make(game_id, players=count)
        env = EcotoneAEC(game_id, count)
        ways = [_engine(game, False), _engine(game, True), _aec(env)]
        ways[2](10**6)  # build the layout before timing
        totals = [[0, 0.0] for _ in ways]
        rounds = 0
        deadline = time.process_time() + 3 * seconds
        while time.process_time() < deadline or rounds == 0:
            # each way its own seeds: a cache one way warmed (the game's memoised
            # scoring, say) never serves another the same positions
            for index, (total, way) in enumerate(zip(totals, ways, strict=True)):
                steps, spent = _rate(way, [len(ways) * rounds + index])
                total[0] += steps
                total[1] += spent
            rounds += 1
        engine, observed, aec = (steps / spent for steps, spent in totals)
        out.append(RlBench(game_id, count, engine, observed, aec))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m ecotone.rl.bench [GAME ...] [--seconds S] [--players N]``."""
    parser = argparse.ArgumentParser(
        prog="python -m ecotone.rl.bench",
        description="Steps per second of the RL environments against the raw engine.",
    )
    parser.add_argument("games", nargs="*", choices=[[], *ecotone.available_games()])
    parser.add_argument("--seconds", type=float, default=1.0, help="per way, per game")
    parser.add_argument("--players", type=int, default=None)
    args = parser.parse_args(argv)
    rows = bench(args.games or None, args.seconds, args.players)
    print(
        f"{'game':20} {'players':>7} {'engine/s':>10} {'+observe/s':>11} {'aec/s':>9} "
        f"{'cost':>6} {'cost vs observe':>16}"
    )
    for row in rows:
        print(
            f"{row.game:20} {row.players:>7} {row.engine:>10.0f} {row.observed:>11.0f} "
            f"{row.aec:>9.0f} {row.cost:>5.2f}x {row.cost_vs_observe:>15.2f}x"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
