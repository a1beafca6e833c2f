"""Search speed: ISMCTS iterations per second per game, against OpenSpiel's ISMCTS.

For each game (standard game, at its fewest players or at ``players``) the benchmark plays
a few seeded random games, stops at decisions early, midway and late in them, and times
the ISMCTS search there with a fixed number of iterations, random rollouts and no prior
(as the OpenSpiel reference searches). Iterations per second is the total iterations over
the total time.
The bot at its default settings (the game's iterations, rollout policy and prior) then
plays the same decisions: its mean time per move is what a player waits.

Two references are timed in the same run, because raw speeds depend on the machine:

* **OpenSpiel's ISMCTS on Hearts** (optional: ``pip install 'ecotone[bench]'``): the
  pure-Python ``open_spiel.python.algorithms.ismcts`` bot and the C++ ``pyspiel.ISMCTSBot``,
  set up as in the shared research measurements (``research/perf/bench_mcts.py``):
  random-rollout evaluator, one rollout per leaf, UCT c=2, the first decision of a
  seeded deal, best of three searches. A missing ``open_spiel`` is reported, not fatal.
* **the playout reference** of ``ecotone bench`` (OpenSpiel's pure-Python dominoes, or
  random tic-tac-toe in plain Python without OpenSpiel), always available.

Every search is timed in CPU time of this process (:func:`time.process_time`), so the
others' work on a shared machine slows neither the games nor the references.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import ecotone
from ecotone.bots import SeatView
from ecotone.bots.ismcts import ISMCTSBot, default_iterations
from ecotone.core.game import Game, State
from ecotone.core.registry import game_class
from ecotone.sim.bench import (
    DOMINOES,
    DOMINOES_AT_TARGETS,
    Throughput,
    clock,
    reference_playouts,
)

__all__ = [
    "BotBenchReport",
    "SearchSpeed",
    "bench_bots",
    "ismcts_speed",
    "openspiel_hearts",
    "sample_positions",
]

# Where in a game the timed decisions are taken, as fractions of its length.
STAGES = (0.1, 0.4, 0.7)


@dataclass(frozen=True, slots=True)
class SearchSpeed:
    """One search workload: how many iterations, how long.

    Attributes:
        name: the game id, or the reference's name.
        bot: which search (``"ismcts"``, ``"openspiel-py"``, ...).
        players: the seats played.
        decisions: searches timed.
        iterations: iterations in them.
        seconds: the time they took.
        slowest: the iterations per second of the slowest search (the longest rollouts:
            usually early in the game); what a per-move budget must allow for.
        default_ms: the mean time of the bot at its default settings (its game's
            iterations, rollouts and prior) at the same decisions, in milliseconds.
        default_max_ms: its longest decision among them, in milliseconds.
    """

    name: str
    bot: str
    players: int
    decisions: int
    iterations: int
    seconds: float
    slowest: float = 0.0
    default_ms: float | None = None
    default_max_ms: float | None = None

    @property
    def iterations_per_second(self) -> float:
        """Iterations per second."""
        return self.iterations / self.seconds if self.seconds > 0 else 0.0

    def ms_per_move(self, iterations: int) -> float:
        """Milliseconds a search of ``iterations`` iterations takes at this speed."""
        speed = self.iterations_per_second
        return 1000.0 * iterations / speed if speed > 0 else 0.0

    @property
    def iterations_per_second_budget(self) -> int:
        """The iterations the slowest search fits in one second, rounded down to 2 digits."""
        speed = int(self.slowest or self.iterations_per_second)
        if speed < 100:
            return max(1, speed)
        scale = int(10 ** (len(str(speed)) - 2))
        return speed // scale * scale


def sample_positions(game: Game[Any], games: int, seed: int = 0) -> list[tuple[State[Any], int]]:
    """Decisions with a real choice, early, midway and late in seeded random games."""
    rnd = random.Random(seed)
    out: list[tuple[State[Any], int]] = []
    for g in range(games):
        state = game.start(seed + g)
        choices: list[tuple[State[Any], int]] = []
        while not state.is_over:
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                choices.append((state, seat))
            state = state.apply(seat, rnd.choice(legal))
        out.extend(choices[int(f * len(choices))] for f in STAGES if choices)
    return out


def ismcts_speed(game: Game[Any], iterations: int, *, games: int = 2, seed: int = 0) -> SearchSpeed:
    """Time the ISMCTS search at :func:`sample_positions` of ``game``.

    The iterations per second are those of the plain search (random rollouts, no prior:
    the set-up of the OpenSpiel reference). The same decisions are then played by the bot
    at its default settings, whose mean time per move is ``default_ms``.
    """
    done = 0
    seconds = 0.0
    slowest = float("inf")
    positions = sample_positions(game, games, seed)
    plain = {"rollout": "random", "prior": "none", "max_depth": 0}
    for i, (state, seat) in enumerate(positions):
        bot = ISMCTSBot(game, seat, seed + i, iterations=iterations, **plain)
        view = SeatView(state, seat)
        start = clock()
        bot.act(view)
        took = clock() - start
        seconds += took
        assert bot.last_search is not None
        done += bot.last_search.iterations
        slowest = min(slowest, bot.last_search.iterations / took)
    default_seconds = longest = 0.0
    for i, (state, seat) in enumerate(positions):
        bot = ISMCTSBot(game, seat, seed + i)
        start = clock()
        bot.act(SeatView(state, seat))
        took = clock() - start
        default_seconds += took
        longest = max(longest, took)
    return SearchSpeed(
        game.spec.id,
        "ismcts",
        game.players,
        len(positions),
        done,
        seconds,
        slowest if positions else 0.0,
        1000.0 * default_seconds / len(positions) if positions else None,
        1000.0 * longest if positions else None,
    )


def openspiel_hearts(iterations: int) -> tuple[list[SearchSpeed], str | None]:
    """OpenSpiel's Python and C++ ISMCTS on Hearts, or why they could not be timed."""
    try:
        np = importlib.import_module("numpy")
        pyspiel = importlib.import_module("pyspiel")
        ismcts = importlib.import_module("open_spiel.python.algorithms.ismcts")
        mcts = importlib.import_module("open_spiel.python.algorithms.mcts")
    except ImportError as exc:
        return [], (
            f"open_spiel is not installed ({exc.name or exc}); "
            "install it with: pip install 'ecotone[bench]'"
        )
    game = pyspiel.load_game("hearts")
    rng = np.random.RandomState(0)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))

    def python_bot() -> Any:
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
        return ismcts.ISMCTSBot(
            game, evaluator, 2.0, iterations, random_state=np.random.RandomState(2)
        )

    def cpp_bot() -> Any:
        return pyspiel.ISMCTSBot(2, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, iterations)

    rows = []
    for name, make in (("openspiel-py", python_bot), ("openspiel-cpp", cpp_bot)):
        best = _best_of(3, make, state)
        rows.append(SearchSpeed("hearts", name, game.num_players(), 1, iterations, best))
    return rows, None


def _best_of(runs: int, make: Callable[[], Any], state: Any) -> float:
    best = float("inf")
    for _ in range(runs):
        bot = make()
        start = clock()
        bot.step(state)
        best = min(best, clock() - start)
    return best


@dataclass(frozen=True, slots=True)
class BotBenchReport:
    """A search benchmark run: each game, the OpenSpiel rows, the playout reference.

    ``failures`` names the games whose search raised (a bug in the game or the bot), with
    the error; the other games are timed all the same.
    """

    iterations: int
    games: list[SearchSpeed]
    openspiel: list[SearchSpeed]
    openspiel_missing: str | None
    reference: Throughput
    failures: dict[str, str] = field(default_factory=dict)

    def ratio(self, row: SearchSpeed) -> float | None:
        """``row``'s iterations per second over OpenSpiel's Python ISMCTS on Hearts."""
        base = next((r for r in self.openspiel if r.bot == "openspiel-py"), None)
        if base is None or base.iterations_per_second <= 0:
            return None
        return row.iterations_per_second / base.iterations_per_second

    def at_targets(self, ms: float | None) -> float | None:
        """``ms`` measured in this run, scaled to the machine the decision targets were set
        on (:data:`~ecotone.sim.bench.DOMINOES_AT_TARGETS`) by the speed of OpenSpiel's
        dominoes in this run; ``None`` when dominoes was not the reference (no OpenSpiel)
        or ``ms`` is ``None``."""
        ref = self.reference
        if ms is None or ref.name != DOMINOES or ref.steps_per_second <= 0:
            return None
        return ms * ref.steps_per_second / DOMINOES_AT_TARGETS

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-safe data (``bench-bots --json``)."""

        def row(r: SearchSpeed) -> dict[str, Any]:
            default = default_iterations(r.name) if r.bot == "ismcts" else None
            return {
                "name": r.name,
                "bot": r.bot,
                "players": r.players,
                "decisions": r.decisions,
                "iterations": r.iterations,
                "seconds": r.seconds,
                "iterations_per_second": r.iterations_per_second,
                "slowest_iterations_per_second": r.slowest,
                "iterations_in_one_second": r.iterations_per_second_budget,
                "default_iterations": default,
                "ms_per_default_move": r.default_ms,
                "slowest_ms_per_default_move": r.default_max_ms,
                "ms_per_default_move_at_targets": self.at_targets(r.default_ms),
                "slowest_ms_per_default_move_at_targets": self.at_targets(r.default_max_ms),
                "x_openspiel_python": self.ratio(r),
            }

        return {
            "iterations": self.iterations,
            "games": [row(r) for r in self.games],
            "openspiel": [row(r) for r in self.openspiel],
            "openspiel_missing": self.openspiel_missing,
            "failures": self.failures,
            "reference": {
                "name": self.reference.name,
                "steps_per_second": self.reference.steps_per_second,
            },
        }


def bench_bots(
    game_ids: Sequence[str],
    iterations: int,
    *,
    games: int = 2,
    players: int | None = None,
    openspiel: bool = True,
    on_start: Callable[[str], None] | None = None,
) -> BotBenchReport:
    """Time ISMCTS on each game, OpenSpiel's ISMCTS on Hearts and the playout reference.

    Each game is played at ``players`` seats, or at its fewest. Without ``openspiel``
    the playout reference is the plain-Python one too.

    Raises:
        ConfigError: for an unknown game id, or a player count a game does not allow.
    """
    made = [
        ecotone.make(gid, players=players or game_class(gid).spec.min_players) for gid in game_ids
    ]
    if on_start is not None:
        on_start("reference")
    reference = reference_playouts(0.5, plain=not openspiel)
    rows = []
    failures: dict[str, str] = {}
    for game in made:
        if on_start is not None:
            on_start(game.spec.id)
        try:
            rows.append(ismcts_speed(game, iterations, games=games))
        except Exception as exc:  # a broken game is reported; the others are still timed
            failures[game.spec.id] = f"{type(exc).__name__}: {exc}"
    spiel: list[SearchSpeed] = []
    missing: str | None = "not asked for (--no-openspiel)"
    if openspiel:
        if on_start is not None:
            on_start("OpenSpiel hearts")
        spiel, missing = openspiel_hearts(iterations)
    if on_start is not None:
        on_start("reference")
    reference = reference + reference_playouts(0.5, seed=1, plain=not openspiel)
    return BotBenchReport(iterations, rows, spiel, missing, reference, failures)
