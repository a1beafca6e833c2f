"""Single-core throughput: how fast random playouts run, game by game.

A playout is the simplest loop any search or learning code runs millions of times::

    while not state.is_over:
        seat = state.to_move[0]
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))

Absolute speeds depend on the machine and on what else it is doing, so every benchmark
also times a fixed *reference* workload (random tic-tac-toe, written plainly in pure
Python) in the same run, and reports each game's steps per second as a ratio to it.
Ratios are what to compare between machines and between commits.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ecotone
from ecotone.core.game import Game
from ecotone.core.registry import game_class

__all__ = ["REFERENCE", "BenchReport", "Throughput", "bench", "game_playouts", "reference_playouts"]

REFERENCE = "reference"

# The eight lines of a tic-tac-toe board, cells numbered 0-8 row by row.
_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


@dataclass(frozen=True, slots=True)
class Throughput:
    """Playouts of one workload: how many, how long.

    Attributes:
        name: the game id, or ``"reference"``.
        players: the seats played (0 for the reference).
        games: complete playouts run.
        steps: decisions taken in them.
        seconds: the time they took.
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


def _timed(name: str, players: int, seconds: float, playout: Callable[[int], int]) -> Throughput:
    """Run ``playout(i)`` (returning its step count) for i = 0, 1, ... until ``seconds`` pass.

    At least one playout always runs, so a very slow game still gets a figure.
    """
    games = steps = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while True:
        steps += playout(games)
        games += 1
        now = clock()
        if now >= deadline:
            return Throughput(name, players, games, steps, now - start)


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


def reference_playouts(seconds: float, seed: int = 0) -> Throughput:
    """Time random tic-tac-toe playouts for about ``seconds``."""
    rng = random.Random(seed)
    return _timed(REFERENCE, 0, seconds, lambda _: _tic_tac_toe(rng))


def game_playouts(game: Game[Any], seconds: float, seed: int = 0) -> Throughput:
    """Time random playouts of ``game`` for about ``seconds`` (playout ``i`` deals ``seed + i``)."""
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


@dataclass(frozen=True, slots=True)
class BenchReport:
    """A benchmark run: the reference and each game, with ratios to the reference."""

    reference: Throughput
    games: list[Throughput]

    def ratio(self, row: Throughput) -> float:
        """``row``'s steps per second divided by the reference's."""
        ref = self.reference.steps_per_second
        return row.steps_per_second / ref if ref > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-safe data (``bench --json``)."""

        def row(t: Throughput) -> dict[str, Any]:
            return {
                "name": t.name,
                "players": t.players,
                "games": t.games,
                "steps": t.steps,
                "seconds": t.seconds,
                "steps_per_second": t.steps_per_second,
                "games_per_second": t.games_per_second,
                "steps_per_game": t.steps_per_game,
                "ratio": self.ratio(t),
            }

        return {"reference": row(self.reference), "games": [row(t) for t in self.games]}


def bench(
    game_ids: Sequence[str],
    seconds: float,
    *,
    on_start: Callable[[str], None] | None = None,
) -> BenchReport:
    """Time the reference and random playouts of each game (standard game, fewest players).

    The reference is timed half before and half after the games, so a machine that
    speeds up or slows down during the run (turbo, thermal limits, other load) skews the
    ratios less.

    Args:
        game_ids: games to time.
        seconds: roughly how long to time each workload.
        on_start: called with each workload's name as it starts (for progress display).

    Raises:
        ConfigError: for an unknown game id.
    """
    # Make every game first so a typo fails at once, not after minutes of timing.
    games = [ecotone.make(gid, players=game_class(gid).spec.min_players) for gid in game_ids]
    if on_start is not None:
        on_start(REFERENCE)
    reference = reference_playouts(seconds / 2)
    rows = []
    for game in games:
        if on_start is not None:
            on_start(game.spec.id)
        rows.append(game_playouts(game, seconds))
    if on_start is not None:
        on_start(REFERENCE)
    reference = reference + reference_playouts(seconds / 2, seed=1)
    return BenchReport(reference, rows)
