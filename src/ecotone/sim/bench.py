"""Single-core throughput: how fast random playouts run, game by game and variant by variant.

A playout is the simplest loop any search or learning code runs millions of times. Two
are timed for every configuration (the standard game and each variant, at their fewest
players):

* **checked**, through the public API a program plays with::

      state = state.apply(seat, rng.choice(state.legal_actions(seat)))

  (``apply`` verifies that the action is legal before it takes it);
* **unchecked**, as a search's rollout plays on: the game's step hooks on its data, no
  check and no :class:`~ecotone.core.game.State` per step, the action the one the game's
  ``pick`` takes for a uniform draw (the legal list's item at that place)::

      data = hooks.next(data, seat, pick(data, seat, rng.random()))

Absolute speeds depend on the machine and on what else it is doing, so every benchmark
also times a fixed *reference* workload in the same run and reports each rate as a ratio
to it. The reference is **OpenSpiel's pure-Python block dominoes**
(``python_block_dominoes``, played through OpenSpiel's own ``legal_actions`` and
``apply_action``, chance outcomes drawn by their probabilities) when OpenSpiel is installed
(``pip install 'ecotone[bench]'``), and random tic-tac-toe written plainly in Python
otherwise. Ratios are what to compare between machines and between commits.

Every workload is timed in **CPU time** of this process (:func:`time.process_time`), not
wall time: on a shared machine the others' work then slows the clock of neither the games
nor the reference.

Even so a shared machine's load moves a ratio by several percent from one run to the next.
A benchmark of several **rounds** (``bench(..., rounds=5)``, ``ecotone bench --rounds 5``)
times the reference and every configuration again in each round, on deals of its own (the
search, :mod:`ecotone.sim.bench_bots`, at the same decisions seeded afresh), and reports
each ratio as the median of the rounds' with their lowest and highest
(:class:`Spread`): a target is met when the median is past it, and the range says how
sure that is.
"""

from __future__ import annotations

import importlib
import random
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import ecotone
from ecotone.core.game import Game, StepHooks
from ecotone.core.registry import game_class

__all__ = [
    "DOMINOES",
    "DOMINOES_AT_TARGETS",
    "REFERENCE",
    "TIC_TAC_TOE",
    "UNSTEADY",
    "BenchReport",
    "Playouts",
    "Spread",
    "Throughput",
    "announcer",
    "bench",
    "check_rounds",
    "combined",
    "configurations",
    "dominoes_playouts",
    "game_playouts",
    "reference_playouts",
    "roll_out",
    "tic_tac_toe_playouts",
    "unchecked_playouts",
    "unsteady",
]

#: The name of the reference row.
REFERENCE = "reference"
#: The reference workloads: OpenSpiel's dominoes when installed, else plain tic-tac-toe.
DOMINOES = "python_block_dominoes"
TIC_TAC_TOE = "tic-tac-toe"

#: OpenSpiel's dominoes' random playouts, in steps per second, on the machine where the
#: decision times of docs/performance.md's targets were set (a bot's move under 300 ms).
#: A time measured beside dominoes in one run scales to that machine by the two speeds'
#: ratio, so the targets in milliseconds can be checked on any machine.
DOMINOES_AT_TARGETS = 89_000

#: Rounds whose ratios for one workload lie further apart than this share of the lowest
#: (a fifth) tell of a machine whose load changed during the run, or of rounds too short
#: to settle, more than of the code: a report of such rounds says so (:func:`unsteady`).
UNSTEADY = 0.2

#: What each reference is, in a line.
REFERENCE_TEXT = {
    DOMINOES: "OpenSpiel's pure-Python block dominoes (legal_actions + apply_action)",
    TIC_TAC_TOE: "random tic-tac-toe in plain Python",
}

# The eight lines of a tic-tac-toe board, cells numbered 0-8 row by row.
_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))

# Where the unchecked playouts' deals start: far from the checked playouts' own.
_OTHER_DEALS = 1_000_003
# How far apart the rounds' deals start: more playouts than a round ever plays.
_ROUND_DEALS = 100_003

#: The clock every workload is timed with: this process's CPU time.
clock = time.process_time


@dataclass(frozen=True, slots=True)
class Throughput:
    """Playouts of one workload: how many, how long.

    Attributes:
        name: the game id, or the reference's name.
        players: the seats played (0 for the reference).
        games: complete playouts run.
        steps: decisions taken in them.
        seconds: the CPU time they took.
    """

    name: str
    players: int
    games: int
    steps: int
    seconds: float

    @property
    def steps_per_second(self) -> float:
        """Decisions per second."""
        return self.steps / self.seconds if self.seconds > 0 else 0.0

    @property
    def games_per_second(self) -> float:
        """Complete playouts per second."""
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def steps_per_game(self) -> float:
        """Mean decisions per playout."""
        return self.steps / self.games if self.games else 0.0

    def __add__(self, other: Throughput) -> Throughput:
        return Throughput(
            self.name,
            self.players,
            self.games + other.games,
            self.steps + other.steps,
            self.seconds + other.seconds,
        )


@dataclass(frozen=True, slots=True)
class Spread:
    """One ratio as each round of a benchmark measured it: the median and the range.

    Attributes:
        values: the ratio of each round, in the order they ran (one: a single round).
    """

    values: tuple[float, ...]

    @property
    def median(self) -> float:
        """The median of the rounds' ratios (0 when none)."""
        return statistics.median(self.values) if self.values else 0.0

    @property
    def low(self) -> float:
        """The lowest round's ratio."""
        return min(self.values, default=0.0)

    @property
    def high(self) -> float:
        """The highest round's ratio."""
        return max(self.values, default=0.0)

    @property
    def swing(self) -> float:
        """How far the highest round's ratio lies above the lowest's, as a share of the
        lowest (``0.25``: a quarter higher); 0 for a single round."""
        low = self.low
        return self.high / low - 1.0 if len(self.values) > 1 and low > 0 else 0.0

    def text(self) -> str:
        """``1.32``, or with several rounds ``1.32 (1.20-1.41)``: the median, then the
        lowest and highest rounds'."""
        if len(self.values) < 2:
            return f"{self.median:.2f}"
        return f"{self.median:.2f} ({self.low:.2f}-{self.high:.2f})"

    def to_json(self, name: str) -> dict[str, Any]:
        """The spread as the fields ``name`` (the median), ``name_low``, ``name_high`` and
        ``name_rounds`` (every round's)."""
        return {
            name: self.median,
            f"{name}_low": self.low,
            f"{name}_high": self.high,
            f"{name}_rounds": list(self.values),
        }


def unsteady(spreads: Iterable[tuple[str, Spread]]) -> str | None:
    """What a report says when its rounds disagree: the widest :attr:`Spread.swing` of
    the named ratios, past :data:`UNSTEADY`, in words (``None`` when every ratio's rounds
    agree, or there was one round)."""
    name, widest = max(spreads, key=lambda named: named[1].swing, default=("", Spread(())))
    if widest.swing <= UNSTEADY:
        return None
    return (
        f"The rounds disagree by up to {widest.swing:.0%} ({name}: {widest.low:.2f} to "
        f"{widest.high:.2f}): the machine's load changed during the run, or the rounds were "
        "too short to settle. Read the medians, and settle a ratio near its target on a "
        "quiet machine, with longer rounds."
    )


def _timed(name: str, players: int, seconds: float, playout: Callable[[int], int]) -> Throughput:
    """Run ``playout(i)`` (returning its step count) for i = 0, 1, ... until ``seconds`` of
    CPU time pass.

    At least one playout always runs, so a very slow game still gets a figure.
    """
    games = steps = 0
    start = clock()
    deadline = start + seconds
    while True:
        steps += playout(games)
        games += 1
        now = clock()
        if now >= deadline:
            return Throughput(name, players, games, steps, now - start)


# -- the references ----------------------------------------------------------------------------


def _tic_tac_toe(rng: random.Random) -> int:
    """One random game of tic-tac-toe; returns its number of moves.

    Deliberately shaped like a game engine's loop (a fresh state per move, a legal-move
    list, a winner check) so that it ages with Python the way the games do.
    """
    board: tuple[int, ...] = (0,) * 9
    player = 1
    steps = 0
    while True:
        legal = [cell for cell in range(9) if board[cell] == 0]
        if not legal:
            return steps
        cell = rng.choice(legal)
        board = (*board[:cell], player, *board[cell + 1 :])
        steps += 1
        if any(board[a] == board[b] == board[c] == player for a, b, c in _LINES):
            return steps
        player = 3 - player


def tic_tac_toe_playouts(seconds: float, seed: int = 0) -> Throughput:
    """Time random tic-tac-toe playouts for about ``seconds``."""
    rng = random.Random(seed)
    return _timed(TIC_TAC_TOE, 0, seconds, lambda _: _tic_tac_toe(rng))


def _open_spiel() -> Any | None:
    """``pyspiel`` with OpenSpiel's Python games registered, or ``None`` if not installed."""
    try:
        pyspiel = importlib.import_module("pyspiel")
        importlib.import_module("open_spiel.python.games")  # registers the python_* games
    except ImportError:
        return None
    return pyspiel


def dominoes_playouts(seconds: float, seed: int = 0) -> Throughput | None:
    """Time random playouts of OpenSpiel's ``python_block_dominoes`` for about ``seconds``,
    through OpenSpiel's public API; ``None`` when OpenSpiel is not installed.

    A step is any applied action, the chance outcomes of the deal included, as OpenSpiel's
    own playout benchmarks count them.
    """
    pyspiel = _open_spiel()
    if pyspiel is None:
        return None
    game = pyspiel.load_game(DOMINOES)
    rng = random.Random(seed)

    def playout(_: int) -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return _timed(DOMINOES, 2, seconds, playout)


def reference_playouts(seconds: float, seed: int = 0, *, plain: bool = False) -> Throughput:
    """Time the reference for about ``seconds``: OpenSpiel's dominoes if installed (and not
    ``plain``), else tic-tac-toe. The row's name says which."""
    found = None if plain else dominoes_playouts(seconds, seed)
    return found if found is not None else tic_tac_toe_playouts(seconds, seed)


# -- the games ---------------------------------------------------------------------------------


def game_playouts(game: Game[Any], seconds: float, seed: int = 0) -> Throughput:
    """Time random playouts of ``game`` through the checked API (``legal_actions`` and
    ``apply``) for about ``seconds``; playout ``i`` deals ``seed + i``."""
    rng = random.Random(seed)

    def playout(i: int) -> int:
        state = game.start(seed + i)
        steps = 0
        while not state.is_over:
            seat = state.to_move[0]
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
        return steps

    return _timed(game.spec.id, game.players, seconds, playout)


def unchecked_playouts(game: Game[Any], seconds: float, seed: int = 0) -> Throughput:
    """Random playouts as a search's rollouts play them, for about ``seconds``: the
    game's step hooks on its data (no check, no :class:`~ecotone.core.game.State` per
    step), each action the one the game's ``pick`` takes for a uniform draw
    (:meth:`~ecotone.core.game.StepHooks.picker`), as
    :class:`~ecotone.bots.ismcts.ISMCTSBot` rolls out; playout ``i`` deals ``seed + i``."""
    rng = random.Random(seed)
    hooks = game.step_hooks()
    return _timed(
        game.spec.id,
        game.players,
        seconds,
        lambda i: roll_out(hooks, game.start(seed + i).data, rng.random),
    )


def roll_out(hooks: StepHooks[Any], data: Any, draw: Callable[[], float]) -> int:
    """Play ``data`` to the end as a search's rollout does, each action the legal list's
    item at the place ``draw()`` names (by the game's ``pick`` where it has one, else from
    the list, as :class:`~ecotone.bots.ismcts.ISMCTSBot` takes it); the number of steps."""
    pick, legal_of, next_of, to_move_of = hooks.pick, hooks.legal, hooks.next, hooks.to_move
    steps = 0
    while to_move := to_move_of(data):
        seat = to_move[0]
        if pick is None:
            legal = legal_of(data, seat)
            data = next_of(data, seat, legal[int(draw() * len(legal))])
        else:
            data = next_of(data, seat, pick(data, seat, draw()))
        steps += 1
    return steps


@dataclass(frozen=True, slots=True)
class Playouts:
    """One configuration's playouts, checked and unchecked.

    Attributes:
        name: the game id.
        variant: the variant, or ``None`` for the standard game.
        players: the seats played.
        checked: through ``legal_actions`` and ``apply``.
        unchecked: as a search's rollout plays (:func:`unchecked_playouts`).
    """

    name: str
    variant: str | None
    players: int
    checked: Throughput
    unchecked: Throughput

    @property
    def label(self) -> str:
        """``game`` or ``game/variant``."""
        return self.name if self.variant is None else f"{self.name}/{self.variant}"


def configurations(game_ids: Sequence[str]) -> list[Game[Any]]:
    """Each game's standard game and every variant of it, each at its fewest players.

    Raises:
        ConfigError: for an unknown game id.
    """
    out: list[Game[Any]] = []
    for gid in game_ids:
        spec = game_class(gid).spec
        out.append(ecotone.make(gid, players=spec.min_players))
        for v in spec.variants:
            out.append(ecotone.make(gid, players=v.min_players, variant=v.name))
    return out


@dataclass(frozen=True, slots=True)
class BenchReport:
    """A benchmark run: the reference and each configuration, with ratios to the reference.

    Attributes:
        reference: the reference's playouts (of every round).
        rows: each configuration's playouts (of every round), in the order timed.
        rounds: each round's own report when there were several (see :func:`combined`),
            else empty.
    """

    reference: Throughput
    rows: list[Playouts]
    rounds: tuple[BenchReport, ...] = ()

    @property
    def reference_text(self) -> str:
        """What the reference is, in a line."""
        return REFERENCE_TEXT.get(self.reference.name, self.reference.name)

    def ratio(self, row: Throughput) -> float:
        """``row``'s steps per second divided by the reference's (all rounds together)."""
        ref = self.reference.steps_per_second
        return row.steps_per_second / ref if ref > 0 else 0.0

    def spread(self, index: int, *, unchecked: bool = False) -> Spread:
        """The ratio of configuration ``index`` (of :attr:`rows`), checked or
        ``unchecked``, in each round: each against that round's own reference."""
        return Spread(
            tuple(
                r.ratio(r.rows[index].unchecked if unchecked else r.rows[index].checked)
                for r in self.rounds or (self,)
            )
        )

    def unsteady(self) -> str | None:
        """What to say of the rounds when their ratios disagree (:func:`unsteady`)."""
        return unsteady(
            (f"{row.label}, {way}", self.spread(i, unchecked=way == "unchecked"))
            for i, row in enumerate(self.rows)
            for way in ("checked", "unchecked")
        )

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-safe data (``bench --json``)."""

        def rate(t: Throughput, spread: Spread) -> dict[str, Any]:
            return {
                "games": t.games,
                "steps": t.steps,
                "seconds": t.seconds,
                "steps_per_second": t.steps_per_second,
                "games_per_second": t.games_per_second,
                "steps_per_game": t.steps_per_game,
                **spread.to_json("ratio"),
            }

        rounds = len(self.rounds) or 1
        return {
            "rounds": rounds,
            "unsteady": self.unsteady(),
            "reference": {
                "name": self.reference.name,
                "text": self.reference_text,
                **rate(self.reference, Spread((1.0,) * rounds)),
            },
            "playouts": [
                {
                    "name": r.name,
                    "variant": r.variant,
                    "players": r.players,
                    "checked": rate(r.checked, self.spread(i)),
                    "unchecked": rate(r.unchecked, self.spread(i, unchecked=True)),
                }
                for i, r in enumerate(self.rows)
            ],
        }


def check_rounds(rounds: int) -> None:
    """Refuse a benchmark of fewer than one round (``ValueError``)."""
    if rounds < 1:
        raise ValueError(f"a benchmark takes at least one round, not {rounds}")


def announcer(
    on_start: Callable[[str], None] | None, number: int, rounds: int
) -> Callable[[str], None]:
    """What tells ``on_start`` (if any) of each workload of round ``number`` (from 0) of
    ``rounds`` as it starts: its name, and which round when there are several."""
    suffix = f" (round {number + 1} of {rounds})" if rounds > 1 else ""

    def starting(name: str) -> None:
        if on_start is not None:
            on_start(name + suffix)

    return starting


def combined(reports: Sequence[BenchReport]) -> BenchReport:
    """Rounds of one benchmark (the same configurations, in the same order) as one report:
    each workload's playouts summed, and the rounds kept for the spread of their ratios
    (:meth:`BenchReport.spread`). One round is its own report."""
    first, *rest = reports
    if not rest:
        return first
    reference = first.reference
    rows = list(first.rows)
    for report in rest:
        reference += report.reference
        rows = [
            Playouts(a.name, a.variant, a.players, a.checked + b.checked, a.unchecked + b.unchecked)
            for a, b in zip(rows, report.rows, strict=True)
        ]
    return BenchReport(reference, rows, tuple(reports))


def bench(
    game_ids: Sequence[str],
    seconds: float,
    *,
    plain: bool = False,
    on_start: Callable[[str], None] | None = None,
    rounds: int = 1,
) -> BenchReport:
    """Time the reference and random playouts of every configuration of each game
    (:func:`configurations`), checked and unchecked, ``rounds`` times over.

    In each round the reference is timed half before and half after the games, so a
    machine that speeds up or slows down during the run (turbo, thermal limits) skews the
    ratios less. Each round plays deals of its own: a game that remembers what it worked
    out for a position meets no position of an earlier round again.

    Args:
        game_ids: games to time.
        seconds: roughly how much CPU time to spend on each workload, per round.
        plain: time the plain-Python reference even when OpenSpiel is installed.
        on_start: called with each workload's name as it starts (for progress display).
        rounds: how many times to time everything (see :func:`combined`).

    Raises:
        ConfigError: for an unknown game id.
        ValueError: for fewer than one round.
    """
    check_rounds(rounds)
    # Make every game first so a typo fails at once, not after minutes of timing.
    games = configurations(game_ids)
    return combined([_round(games, seconds, plain, on_start, r, rounds) for r in range(rounds)])


def _round(
    games: list[Game[Any]],
    seconds: float,
    plain: bool,
    on_start: Callable[[str], None] | None,
    number: int,
    rounds: int,
) -> BenchReport:
    """Round ``number`` (from 0) of ``rounds`` of :func:`bench`."""
    starting = announcer(on_start, number, rounds)
    deals = number * _ROUND_DEALS
    starting(REFERENCE)
    reference = reference_playouts(seconds / 2, seed=2 * number, plain=plain)
    rows = []
    for game in games:
        label = game.spec.id if game.variant is None else f"{game.spec.id}/{game.variant}"
        starting(label)
        game.start(0)  # the game's tables are built once, outside the timing
        rows.append(
            Playouts(
                game.spec.id,
                game.variant,
                game.players,
                game_playouts(game, seconds / 2, seed=deals),
                # other deals: a game that remembers what it worked out for a position
                # (placements, a table's facts) would meet the same positions again
                unchecked_playouts(game, seconds / 2, seed=_OTHER_DEALS + deals),
            )
        )
    starting(REFERENCE)
    more = reference_playouts(seconds / 2, seed=2 * number + 1, plain=reference.name != DOMINOES)
    return BenchReport(reference + more, rows)
