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
others' work on a shared machine slows neither the games nor the references. A benchmark
of several rounds (``bench_bots(..., rounds=5)``) times everything again in each round,
each game at the same decisions searched with seeds of its own (so that the rounds differ
by the machine's noise and the searches' luck, not by how hard their positions are), and
reports each ratio as the median of the rounds' with their range
(:class:`~ecotone.sim.bench.Spread`).
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
    Spread,
    Throughput,
    announcer,
    check_rounds,
    clock,
    reference_playouts,
    unsteady,
)

__all__ = [
    "BotBenchReport",
    "SearchSpeed",
    "bench_bots",
    "combined_bots",
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

    def __add__(self, other: SearchSpeed) -> SearchSpeed:
        """The searches of both (of one workload): their decisions, iterations and time
        summed, the slower of their slowest searches, the mean of their bots' mean
        decisions (weighted by decisions) and the longer of their longest."""
        decisions = self.decisions + other.decisions
        mean = None
        if self.default_ms is not None and other.default_ms is not None and decisions:
            mean = (
                self.default_ms * self.decisions + other.default_ms * other.decisions
            ) / decisions
        longest = None
        if self.default_max_ms is not None and other.default_max_ms is not None:
            longest = max(self.default_max_ms, other.default_max_ms)
        slowest = min(self.slowest, other.slowest) if self.slowest and other.slowest else 0.0
        return SearchSpeed(
            self.name,
            self.bot,
            self.players,
            decisions,
            self.iterations + other.iterations,
            self.seconds + other.seconds,
            slowest or self.slowest or other.slowest,
            mean,
            longest,
        )


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


def ismcts_speed(
    game: Game[Any], iterations: int, *, games: int = 2, seed: int = 0, repeat: int = 0
) -> SearchSpeed:
    """Time the ISMCTS search at :func:`sample_positions` of ``game``.

    The iterations per second are those of the plain search (random rollouts, no prior:
    the set-up of the OpenSpiel reference). The same decisions are then played by the bot
    at its default settings, whose mean time per move is ``default_ms``.

    The positions come from the deals ``seed`` on; the searches are seeded one per
    decision, from ``seed`` on. A ``repeat`` (the same decisions timed again, as a
    benchmark's later rounds time them) starts the searches' seeds one decision-count
    further on per repeat: the same positions searched afresh (other determinizations,
    other rollouts), so that a game's memories of the searches before serve them little.
    """
    done = 0
    seconds = 0.0
    slowest = float("inf")
    positions = sample_positions(game, games, seed)
    plain = {"rollout": "random", "prior": "none", "max_depth": 0}
    first = seed + repeat * len(positions)  # the first search's seed
    for i, (state, seat) in enumerate(positions):
        bot = ISMCTSBot(game, seat, first + i, iterations=iterations, **plain)
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
        bot = ISMCTSBot(game, seat, first + i)
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
    #: each round's own report when there were several (:func:`combined_bots`), else empty
    rounds: tuple[BotBenchReport, ...] = ()

    def ratio(self, row: SearchSpeed) -> float | None:
        """``row``'s iterations per second over OpenSpiel's Python ISMCTS on Hearts (all
        rounds together)."""
        base = next((r for r in self.openspiel if r.bot == "openspiel-py"), None)
        if base is None or base.iterations_per_second <= 0:
            return None
        return row.iterations_per_second / base.iterations_per_second

    def spread(self, row: SearchSpeed) -> Spread | None:
        """The ratio of ``row``'s workload (its game or reference and its bot) in each
        round, each against that round's own OpenSpiel Python ISMCTS; ``None`` without
        OpenSpiel (or a round that did not time the workload: its search failed)."""
        values = []
        for report in self.rounds or (self,):
            same = next(
                (
                    r
                    for r in (*report.games, *report.openspiel)
                    if (r.name, r.bot) == (row.name, row.bot)
                ),
                None,
            )
            ratio = None if same is None else report.ratio(same)
            if ratio is None:
                return None
            values.append(ratio)
        return Spread(tuple(values))

    def unsteady(self) -> str | None:
        """What to say of the rounds when the games' ratios disagree
        (:func:`~ecotone.sim.bench.unsteady`)."""
        return unsteady(
            (f"{row.name}'s search", spread)
            for row in self.games
            if (spread := self.spread(row)) is not None
        )

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
                **(
                    spread.to_json("x_openspiel_python")
                    if (spread := self.spread(r)) is not None
                    else {"x_openspiel_python": None}
                ),
            }

        return {
            "rounds": len(self.rounds) or 1,
            "unsteady": self.unsteady(),
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
    rounds: int = 1,
) -> BotBenchReport:
    """Time ISMCTS on each game, OpenSpiel's ISMCTS on Hearts and the playout reference,
    ``rounds`` times over (each round at the same decisions of ``games`` deals, searched
    with seeds of its own: see :func:`ismcts_speed`).

    Each game is played at ``players`` seats, or at its fewest. Without ``openspiel``
    the playout reference is the plain-Python one too.

    Raises:
        ConfigError: for an unknown game id, or a player count a game does not allow.
        ValueError: for fewer than one round.
    """
    check_rounds(rounds)
    made = [
        ecotone.make(gid, players=players or game_class(gid).spec.min_players) for gid in game_ids
    ]
    return combined_bots(
        [_round(made, iterations, games, openspiel, on_start, r, rounds) for r in range(rounds)]
    )


def _round(
    made: list[Game[Any]],
    iterations: int,
    games: int,
    openspiel: bool,
    on_start: Callable[[str], None] | None,
    number: int,
    rounds: int,
) -> BotBenchReport:
    """Round ``number`` (from 0) of ``rounds`` of :func:`bench_bots`."""
    starting = announcer(on_start, number, rounds)
    starting("reference")
    reference = reference_playouts(0.5, seed=2 * number, plain=not openspiel)
    rows = []
    failures: dict[str, str] = {}
    for game in made:
        starting(game.spec.id)
        try:
            rows.append(ismcts_speed(game, iterations, games=games, repeat=number))
        except Exception as exc:  # a broken game is reported; the others are still timed
            failures[game.spec.id] = f"{type(exc).__name__}: {exc}"
    spiel: list[SearchSpeed] = []
    missing: str | None = "not asked for (--no-openspiel)"
    if openspiel:
        starting("OpenSpiel hearts")
        spiel, missing = openspiel_hearts(iterations)
    starting("reference")
    reference = reference + reference_playouts(0.5, seed=2 * number + 1, plain=not openspiel)
    return BotBenchReport(iterations, rows, spiel, missing, reference, failures)


def combined_bots(reports: Sequence[BotBenchReport]) -> BotBenchReport:
    """Rounds of one search benchmark as one report: each workload's searches summed
    (:meth:`SearchSpeed.__add__`) where every round timed it, the failures of any round,
    and the rounds kept for the spread of their ratios (:meth:`BotBenchReport.spread`).
    One round is its own report."""
    first, *rest = reports
    if not rest:
        return first

    def summed(rows: Callable[[BotBenchReport], list[SearchSpeed]]) -> list[SearchSpeed]:
        out = []
        for row in rows(first):
            total: SearchSpeed | None = row
            for report in rest:
                same = next(
                    (r for r in rows(report) if (r.name, r.bot) == (row.name, row.bot)), None
                )
                total = None if same is None or total is None else total + same
            if total is not None:
                out.append(total)
        return out

    reference = first.reference
    failures = dict(first.failures)
    for report in rest:
        reference += report.reference
        failures.update(report.failures)
    return BotBenchReport(
        first.iterations,
        summed(lambda r: r.games),
        summed(lambda r: r.openspiel),
        first.openspiel_missing,
        reference,
        failures,
        tuple(reports),
    )
