"""Where a game's time goes: :mod:`cProfile` over one workload, its busiest functions.

``ecotone bench --profile GAME`` runs one workload of ``GAME`` under the profiler for a
budget of CPU time and lists the functions that took the most of it:

* ``checked``: random playouts through ``legal_actions`` and ``apply``;
* ``unchecked``: the same through the search's ``step``;
* ``bot``: the ISMCTS bot at its default settings, deciding at positions early, midway
  and late in seeded random games (what a player waits for).

Each function is listed with its own time (spent in its body) and its time including
what it calls, as shares of the whole profiled time, so that the list reads the same on
a fast machine and a slow one. The profiler itself slows Python calls down (about three
times), and more the functions that make many small calls, so the shares are a guide to
where to look, not exact costs.
"""

from __future__ import annotations

import cProfile
import pstats
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ecotone.bots import SeatView
from ecotone.bots.ismcts import ISMCTSBot
from ecotone.core.game import Game
from ecotone.sim.bench import clock, roll_out
from ecotone.sim.bench_bots import sample_positions

__all__ = ["WORKLOADS", "Hotspot", "Profile", "profile"]

#: The workloads a profile can run.
WORKLOADS = ("checked", "unchecked", "bot")


@dataclass(frozen=True, slots=True)
class Hotspot:
    """One function's share of a profile.

    Attributes:
        where: ``module/path.py:line(function)``, the path from the package root when the
            function is Ecotone's own.
        calls: how often it was called.
        own: seconds in its own body.
        total: seconds including the functions it called.
    """

    where: str
    calls: int
    own: float
    total: float


@dataclass(frozen=True, slots=True)
class Profile:
    """A profiled workload: what ran, for how long, and its busiest functions.

    Attributes:
        name, players: the game measured.
        workload: what ran (one of :data:`WORKLOADS`).
        units, unit: how many of what (``playouts``, ``decisions``).
        seconds: the CPU time it took, under the profiler.
        profiled: the whole time the profiler saw (by its own clock): what shares are of.
        by_own, by_total: the busiest functions by own time and by time with calls.
    """

    name: str
    players: int
    workload: str
    units: int
    unit: str
    seconds: float
    profiled: float
    by_own: list[Hotspot]
    by_total: list[Hotspot]

    def share(self, seconds: float) -> float:
        """``seconds`` of the profiler's clock as a share of the whole."""
        return seconds / self.profiled if self.profiled > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        """The profile as JSON-safe data."""

        def row(h: Hotspot) -> dict[str, Any]:
            return {
                "where": h.where,
                "calls": h.calls,
                "own_seconds": h.own,
                "total_seconds": h.total,
                "own_share": self.share(h.own),
                "total_share": self.share(h.total),
            }

        return {
            "name": self.name,
            "players": self.players,
            "workload": self.workload,
            "units": self.units,
            "unit": self.unit,
            "seconds": self.seconds,
            "profiled_seconds": self.profiled,
            "by_own_time": [row(h) for h in self.by_own],
            "by_total_time": [row(h) for h in self.by_total],
        }


def _where(filename: str, line: int, function: str) -> str:
    parts = Path(filename).parts
    if "ecotone" in parts:
        at = len(parts) - 1 - parts[::-1].index("ecotone")
        filename = "/".join(parts[at:])
    elif filename == "~":  # a built-in
        return function
    return f"{filename}:{line}({function})"


def _workload(
    game: Game[Any], workload: str, seed: int, bot_options: Mapping[str, Any]
) -> tuple[Callable[[int], int], str]:
    """``run(i)``: the ``i``-th unit of ``workload`` (a playout or a decision), returning
    how many steps it took; and what a unit is called."""
    rng = random.Random(seed)
    if workload == "bot":
        positions = sample_positions(game, 2, seed)
        ISMCTSBot(game, 0, seed, **bot_options)  # the bots' modules load outside the profile

        def decide(i: int) -> int:
            state, seat = positions[i % len(positions)]
            ISMCTSBot(game, seat, seed + i, **bot_options).act(SeatView(state, seat))
            return 1

        return decide, "decisions"
    if workload == "unchecked":  # as the benchmark's unchecked playouts: a search's rollouts
        hooks = game.step_hooks()
        return (lambda i: roll_out(hooks, game.start(seed + i).data, rng.random)), "playouts"

    def playout(i: int) -> int:
        state = game.start(seed + i)
        steps = 0
        while not state.is_over:
            seat = state.to_move[0]
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
        return steps

    return playout, "playouts"


def profile(
    game: Game[Any],
    workload: str = "checked",
    seconds: float = 2.0,
    top: int = 20,
    seed: int = 0,
    bot_options: Mapping[str, Any] | None = None,
) -> Profile:
    """Profile ``workload`` of ``game`` for about ``seconds`` of CPU time (at least one unit).

    ``bot_options`` change the bot's settings from its defaults (the ``bot`` workload).

    Raises:
        ValueError: for a workload not in :data:`WORKLOADS`.
    """
    if workload not in WORKLOADS:
        raise ValueError(f"no workload {workload!r}; choose from {', '.join(WORKLOADS)}")
    run, unit = _workload(game, workload, seed, bot_options or {})
    game.start(seed)  # tables a game builds once are built outside the profile
    profiler = cProfile.Profile()  # its own C timer: a Python one would slow every call
    units = 0
    start = clock()
    profiler.enable()
    while True:
        run(units)
        units += 1
        if clock() - start >= seconds:
            break
    profiler.disable()
    took = clock() - start
    stats = pstats.Stats(profiler)
    raw: dict[tuple[str, int, str], tuple[int, int, float, float, Any]]
    raw = stats.stats  # type: ignore[attr-defined]
    spots = [
        Hotspot(_where(*key), calls, own, total) for key, (_, calls, own, total, _) in raw.items()
    ]
    profiled = sum(h.own for h in spots)
    by_own = sorted(spots, key=lambda h: -h.own)[:top]
    by_total = sorted(spots, key=lambda h: -h.total)[:top]
    return Profile(
        game.spec.id, game.players, workload, units, unit, took, profiled, by_own, by_total
    )
