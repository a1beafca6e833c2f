"""Simulation: bots playing games, one at a time or in parallel batches, and benchmarks.

:mod:`ecotone.sim.runner` plays games and summarises batches; :mod:`ecotone.sim.bench`
times random playouts against a fixed reference workload. Nothing here knows any game's
rules: both work through the kernel's :class:`~ecotone.core.game.State` contract only.
"""

from ecotone.sim.bench import BenchReport, Throughput, bench
from ecotone.sim.runner import (
    Batch,
    GameResult,
    Playthrough,
    Summary,
    build_bot,
    default_bot,
    default_players,
    parse_bot_spec,
    play,
    play_game,
    run_games,
    summarize,
)

__all__ = [
    "Batch",
    "BenchReport",
    "GameResult",
    "Playthrough",
    "Summary",
    "Throughput",
    "bench",
    "build_bot",
    "default_bot",
    "default_players",
    "parse_bot_spec",
    "play",
    "play_game",
    "run_games",
    "summarize",
]
