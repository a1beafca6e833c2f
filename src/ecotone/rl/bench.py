"""What the environments cost over the engine: steps per second, side by side.

``python -m ecotone.rl.bench`` plays seeded random games of each game four ways, in the
same run, and reports steps per second and the ratios:

* ``engine``: the raw playout every search runs, ``state.apply(seat, choice(legal))``:
  the legal actions and the step;
* ``engine+observe``: the same plus ``state.observe(seat)`` for the seat to move, the
  least any agent needs to decide (the JSON every bot and client reads);
* ``aec``: the PettingZoo AEC environment, ``env.last()`` (the next agent's tensor and
  mask) then ``env.step(index)`` with a legal index (drawn from the legal ones the mask
  was made from, so that the time a policy takes to read a mask is not counted);
* ``blank``: the same environment handing out an all-zero tensor: what its bookkeeping
  and the mask cost without the observation, the floor any tensor adds to.

``cost`` is the environment's time per step over the engine's (``aec / engine``),
``cost vs observe`` over the observed engine's, ``blank cost`` the blank environment's
over the engine's. Times are CPU time (the process's, so that other work on a busy
machine counts for none of the ways), and each way plays its own seeds, in interleaved
rounds, so that a cache one way warmed never serves another the same positions.
Absolute speeds depend on the machine; the ratios, measured in one run, are what to
compare.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

import ecotone
from ecotone.core.errors import ConfigError
from ecotone.core.game import Game, State
from ecotone.core.registry import game_class
from ecotone.rl.aec import EcotoneAEC

__all__ = ["RlBench", "bench", "main"]


@dataclass(frozen=True, slots=True)
class RlBench:
    """The four speeds of one configuration, in steps per second."""

    game: str
    players: int
    engine: float
    observed: float
    aec: float
    blank: float

    @property
    def cost(self) -> float:
        """The environment's time per step over the raw engine's."""
        return self.engine / self.aec if self.aec else float("inf")

    @property
    def cost_vs_observe(self) -> float:
        """The environment's time per step over the engine's with ``observe``."""
        return self.observed / self.aec if self.aec else float("inf")

    @property
    def blank_cost(self) -> float:
        """The blank environment's time per step over the raw engine's."""
        return self.engine / self.blank if self.blank else float("inf")

    def to_json(self) -> dict[str, Any]:
        """The measurement as JSON."""
        return {
            "game": self.game,
            "players": self.players,
            "engine_steps_per_second": round(self.engine, 1),
            "observed_steps_per_second": round(self.observed, 1),
            "aec_steps_per_second": round(self.aec, 1),
            "cost": round(self.cost, 3),
            "blank_steps_per_second": round(self.blank, 1),
            "cost_vs_observe": round(self.cost_vs_observe, 3),
            "blank_cost": round(self.blank_cost, 3),
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


class _Blank:
    """A seat encoder handing out an all-zero tensor (a new array, as the real one)."""

    def __init__(self, size: int) -> None:
        self.zeros = np.zeros(size, dtype=np.float32)

    def encode(self, state: State[Any]) -> npt.NDArray[np.float32]:
        del state
        return self.zeros.copy()


def _blank(env: EcotoneAEC) -> EcotoneAEC:
    size = env.table.layout.size
    env.table.encoders = [_Blank(size) for _ in env.table.encoders]  # type: ignore[misc]
    return env


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
    ``seconds`` of CPU per way of playing, in interleaved rounds so that a busy machine
    slows all four alike."""
    out: list[RlBench] = []
    for game_id in games or ecotone.available_games():
        count = players or game_class(game_id).spec.min_players
        game = ecotone.make(game_id, players=count)
        ways = [
            _engine(game, False),
            _engine(game, True),
            _aec(EcotoneAEC(game_id, count)),
            _aec(_blank(EcotoneAEC(game_id, count))),
        ]
        ways[2](10**6)  # build the layout and compile the encoders before timing
        totals = [[0, 0.0] for _ in ways]
        rounds = 0
        deadline = time.process_time() + len(ways) * seconds
        while time.process_time() < deadline or rounds == 0:
            # each way its own seeds: a cache one way warmed (the game's memoised
            # scoring, say) never serves another the same positions
            for index, (total, way) in enumerate(zip(totals, ways, strict=True)):
                steps, spent = _rate(way, [len(ways) * rounds + index])
                total[0] += steps
                total[1] += spent
            rounds += 1
        engine, observed, aec, blank = (steps / spent for steps, spent in totals)
        out.append(RlBench(game_id, count, engine, observed, aec, blank))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m ecotone.rl.bench [GAME ...] [--seconds S] [--players N]``."""
    parser = argparse.ArgumentParser(
        prog="python -m ecotone.rl.bench",
        description="Steps per second of the RL environments against the raw engine.",
    )
    parser.add_argument("games", nargs="*", metavar="GAME", help="default: every game")
    parser.add_argument("--seconds", type=float, default=1.0, help="per way, per game")
    parser.add_argument("--players", type=int, default=None)
    args = parser.parse_args(argv)
    if not args.seconds > 0 or args.seconds == float("inf"):  # (nan is neither)
        parser.error(f"--seconds must be a positive number, not {args.seconds:g}")
    try:
        # every configuration refused before any is measured, in the game's own words
        for game_id in args.games:
            game_class(game_id)
        for game_id in args.games or ecotone.available_games():
            if args.players is not None:
                ecotone.make(game_id, players=args.players)
    except ConfigError as error:
        parser.error(str(error))
    rows = bench(args.games or None, args.seconds, args.players)
    print(
        f"{'game':20} {'players':>7} {'engine/s':>9} {'+observe/s':>10} {'aec/s':>8} "
        f"{'cost':>6} {'vs observe':>10} {'blank cost':>10}"
    )
    for row in rows:
        print(
            f"{row.game:20} {row.players:>7} {row.engine:>9.0f} {row.observed:>10.0f} "
            f"{row.aec:>8.0f} {row.cost:>5.2f}x {row.cost_vs_observe:>9.2f}x "
            f"{row.blank_cost:>9.2f}x"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
