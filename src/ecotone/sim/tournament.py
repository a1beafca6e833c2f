"""Tournaments: several bots, every seating, ratings with confidence intervals.

A tournament plays one game over and over with different *lineups* (which bot sits at
each seat) and ranks the bots.

Fair seating. The schedule lists every lineup once: every choice of bots for the seats
(all different when there are more bots than seats; otherwise every bot at least once)
in every distinct seating order, each seating followed by its rotations (the same table
turned one seat at a time). Over one pass of the schedule each bot sits at each seat
equally often and next to each other bot equally often, so nobody gains from seat order.
Games go through the schedule in order; ``--games`` a multiple of its length keeps the
balance exact (the report says when it is not).

Duplicate deals. The rotations of one seating (a *block*) play the *same deal*, as in
duplicate bridge: every bot at that table plays every seat of those cards, so a bot
cannot be lucky with the deal, only with what it makes of it, and the intervals are
narrower for the same number of games.

Reproducible. Deal ``d`` (the blocks numbered on through the passes of the schedule) is
dealt with ``game_seed(seed, d)`` and each bot is seeded from its deal and its seat, so
the results are the same for any number of worker processes.

Ratings. Each game is read as pairwise results between the seats of different bots: a
winner beats a loser; between two winners or two losers the higher score wins, equal
scores tie. A Bradley-Terry model fitted to all of them (Hunter's MM algorithm, with one
virtual tie between every two bots so that a bot that never wins still gets a finite
rating) gives each bot a strength, shown on the Elo scale (400 points: 10 to 1 odds)
with the bots' mean at 1500. Confidence intervals come from a bootstrap over deals.

Intervals on small samples. A bootstrap can only show the spread its sample has: a bot
that won every one of three games gets ``100%-100%`` from it, and so does a rating when
every deal went the same way. Such an interval claims a certainty three games cannot
give, so a win rate's interval is the Wilson score interval on the seats the bot filled
(:func:`ecotone.sim.runner.wilson_interval`; three wins of three: 44%-100%) whenever the
bootstrap cannot measure it: fewer than :data:`MIN_BOOTSTRAP_DEALS` deals, or resamples
that never differ. A rating has no such formula, so a rating whose resamples never
differ gets no interval at all rather than a point posing as one.
"""

from __future__ import annotations

import contextlib
import itertools
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ecotone.core.errors import ConfigError
from ecotone.core.game import Game
from ecotone.sim.pool import play_chunks
from ecotone.sim.runner import (
    GameResult,
    check_bots,
    game_of,
    game_seed,
    play_game,
    unplayed,
    wilson_interval,
)

__all__ = [
    "BOOTSTRAP",
    "MIN_BOOTSTRAP_DEALS",
    "WILSON",
    "BotRecord",
    "Standings",
    "Tournament",
    "blocks",
    "bradley_terry",
    "deals",
    "pairwise",
    "rotations",
    "run_tournament",
    "schedule",
    "standings",
]

# Above this many lineups the schedule is too long to be played through evenly.
MAX_SCHEDULE = 5000
BASE_RATING = 1500.0
ELO_SCALE = 400.0 / math.log(10.0)
# Below this many deals a bootstrap over deals resamples too few of them to say how much
# a win rate varies (it is too narrow far more often than 5% of the time).
MIN_BOOTSTRAP_DEALS = 10
# How a win rate's interval was found (``BotRecord.win_rate_method``).
BOOTSTRAP = "bootstrap"
WILSON = "wilson"


def schedule(bots: int, players: int) -> list[tuple[int, ...]]:
    """Every lineup of the tournament, as bot numbers per seat, in a fixed order.

    >>> schedule(3, 2)
    [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]

    Raises:
        ConfigError: when there are no bots, or the schedule would be too long.
    """
    if bots < 1:
        raise ConfigError("config/bad-bots", "a tournament needs at least one bot")
    if bots > 1 and players < 2:
        groups: list[tuple[int, ...]] = [(b,) for b in range(bots)]
    elif bots > players:
        groups = list(itertools.combinations(range(bots), players))
    else:
        groups = [
            g
            for g in itertools.combinations_with_replacement(range(bots), players)
            if len(set(g)) == bots
        ]
    # count the seatings first: generating them all only to refuse would take forever
    total = sum(
        math.factorial(players) // math.prod(math.factorial(g.count(b)) for b in set(g))
        for g in groups
    )
    if total > MAX_SCHEDULE:
        raise ConfigError(
            "config/bad-bots",
            f"{bots} bots at {players} seats make {total} seatings, more than {MAX_SCHEDULE}; "
            "compare fewer bots at a time",
        )
    lineups: list[tuple[int, ...]] = []
    for group in groups:
        # every distinct seating of the group, a seating followed by its rotations
        placed: set[tuple[int, ...]] = set()
        for seating in sorted(set(itertools.permutations(group))):
            if seating not in placed:
                turns = rotations(seating)
                placed.update(turns)
                lineups.extend(turns)
    return lineups


def rotations(lineup: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The distinct seatings of ``lineup`` turned one seat at a time, starting with itself.

    Over them every bot of the lineup sits at every seat equally often.

    >>> rotations((0, 1, 2))
    [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    >>> rotations((0, 1, 0, 1))
    [(0, 1, 0, 1), (1, 0, 1, 0)]
    """
    turns = [lineup[k:] + lineup[:k] for k in range(len(lineup))]
    return list(dict.fromkeys(turns))


def blocks(lineups: Sequence[tuple[int, ...]]) -> list[int]:
    """For each lineup of a schedule, the number of the rotation block it belongs to."""
    out: list[int] = []
    block = -1
    members: list[tuple[int, ...]] = []
    for lineup in lineups:
        if lineup not in members:
            block += 1
            members = rotations(lineup)
        out.append(block)
    return out


# -- running -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tournament:
    """The games of a tournament, in order, and what produced them."""

    game: dict[str, Any]
    bots: list[str]
    seed: int
    schedule: list[tuple[int, ...]]
    results: list[GameResult]
    seconds: float


def deals(
    games: int, seed: int, lineups: Sequence[tuple[int, ...]]
) -> list[tuple[int, int, tuple[int, ...]]]:
    """Each game's ``(index, deal seed, lineup)``: one deal per rotation block.

    Deal ``d`` is dealt with ``game_seed(seed, d)``; the blocks of each pass of the
    schedule are numbered on from the previous pass's.
    """
    block_of = blocks(lineups)
    per_pass = block_of[-1] + 1
    out = []
    for i in range(games):
        round_, place = divmod(i, len(lineups))
        deal = round_ * per_pass + block_of[place]
        out.append((i, game_seed(seed, deal), lineups[place]))
    return out


@dataclass(frozen=True, slots=True)
class _Plan:
    """What a worker needs to play a tournament's games (sent to each worker)."""

    config: Mapping[str, Any]
    bots: Sequence[str]


Job = tuple[int, int, tuple[int, ...]]


def _play_chunk(plan: _Plan, jobs: Sequence[Job]) -> list[GameResult]:
    """Play ``jobs`` (index, deal, lineup); runs in a worker process or a Ray task."""
    game = game_of(plan.config)
    return [
        play_game(game, deal, [plan.bots[b] for b in lineup], index=index, lineup=lineup)
        for index, deal, lineup in jobs
    ]


def _failed(plan: _Plan, jobs: Sequence[Job], exc: BaseException) -> list[GameResult]:
    """Results for games whose worker died: the error, no outcome."""
    return [unplayed(index, deal, plan.bots, lineup, exc) for index, deal, lineup in jobs]


def _report(
    done: list[GameResult],
    on_progress: Callable[[int], None] | None,
    on_result: Callable[[GameResult], None] | None,
) -> None:
    if on_result is not None:
        for result in done:
            on_result(result)
    if on_progress is not None:
        on_progress(len(done))


def run_tournament(
    game: Game[Any],
    bots: Sequence[str],
    games: int,
    seed: int,
    *,
    workers: int = 1,
    ray: str | None = None,
    on_progress: Callable[[int], None] | None = None,
    on_result: Callable[[GameResult], None] | None = None,
) -> Tournament:
    """Play ``games`` games of ``game`` between ``bots`` (specs), seated by :func:`schedule`.

    Workers are fresh ("spawn") processes, so a game registered at run time must be played
    with ``workers=1``. ``ray`` plays the games as Ray tasks instead: ``"local"`` starts
    Ray on this machine, else a cluster's address (:func:`ecotone.sim.pool.play_chunks`).
    Results are in game order and depend on neither.
    ``on_result`` sees each game as it finishes (in finishing order), so a caller can keep
    the games of a long tournament that is interrupted; ``on_progress`` gets counts only.

    Raises:
        ConfigError: for fewer than one game or two bots, a bot that does not exist or
            takes bad options, a schedule too long to play, or Ray asked for and not
            installed or not reachable.
    """
    if games < 1:
        raise ConfigError("config/bad-games", f"a tournament needs at least 1 game, not {games}")
    bots = list(bots)
    if len(bots) < 2:
        # One bot has nobody to be rated against: its "standings" would be noise.
        raise ConfigError(
            "config/bad-bots", f"a tournament compares bots: it needs at least two, not {len(bots)}"
        )
    check_bots(bots, game)
    lineups = schedule(len(bots), game.players)
    jobs = deals(games, seed, lineups)
    started = time.perf_counter()
    results: list[GameResult] = []
    if games <= 1 and not ray:
        workers = 1
    # One game per chunk: ISMCTS games are slow, and small chunks keep both the progress
    # bar and every worker busy to the end.
    chunks = [[job] for job in jobs]
    plan = _Plan(game.config, bots)
    played = play_chunks(_play_chunk, plan, chunks, _failed, workers=workers, ray=ray)
    with contextlib.closing(played):
        for done in played:
            _report(done, on_progress, on_result)
            results.extend(done)
    results.sort(key=lambda r: r.index)
    return Tournament(
        game=game.config,
        bots=bots,
        seed=seed,
        schedule=lineups,
        results=results,
        seconds=time.perf_counter() - started,
    )


# -- ratings -----------------------------------------------------------------------------------


def pairwise(result: GameResult, bots: int) -> list[tuple[int, int, float]]:
    """A game's results between seats of different bots: ``(bot a, bot b, a's points)``.

    A winner beats a loser; otherwise the higher score wins; equal scores tie (0.5).
    """
    if result.error is not None:
        return []
    winners = set(result.winners)
    key = [(seat in winners, score) for seat, score in enumerate(result.scores)]
    out = []
    for i, j in itertools.combinations(range(len(result.lineup)), 2):
        a, b = result.lineup[i], result.lineup[j]
        if a == b or not (0 <= a < bots and 0 <= b < bots):
            continue
        points = 1.0 if key[i] > key[j] else 0.0 if key[i] < key[j] else 0.5
        out.append((a, b, points))
    return out


def bradley_terry(
    wins: Sequence[Sequence[float]], *, iterations: int = 200, tolerance: float = 1e-9
) -> list[float]:
    """Bradley-Terry ratings (Elo scale, mean 1500) from ``wins[a][b]``: a's points against b.

    One virtual tie between every two bots keeps every rating finite (a bot that lost
    every game is rated low, not minus infinity).
    """
    k = len(wins)
    if k == 0:
        return []
    w = [[wins[a][b] + (0.5 if a != b else 0.0) for b in range(k)] for a in range(k)]
    games = [[w[a][b] + w[b][a] for b in range(k)] for a in range(k)]
    total = [sum(row) for row in w]
    gamma = [1.0] * k
    for _ in range(iterations):
        new = []
        for a in range(k):
            denom = sum(games[a][b] / (gamma[a] + gamma[b]) for b in range(k) if b != a)
            new.append(total[a] / denom if denom > 0 else gamma[a])
        # keep the geometric mean at 1 so the ratings' mean stays at BASE_RATING
        mean_log = sum(math.log(g) for g in new) / k
        new = [g / math.exp(mean_log) for g in new]
        change = max(abs(math.log(n / g)) for n, g in zip(new, gamma, strict=True))
        gamma = new
        if change < tolerance:
            break
    return [BASE_RATING + ELO_SCALE * math.log(g) for g in gamma]


@dataclass(frozen=True, slots=True)
class BotRecord:
    """One bot's results over a tournament.

    Attributes:
        bot: its spec.
        seats: the seats it filled (a game with it twice counts twice).
        wins: its wins, a shared win counting ``1/k`` for each of ``k`` winners.
        win_rate: wins per seat filled; ``share`` is what a bot of equal strength gets.
        win_rate_ci: the 95% interval of ``win_rate``, found as ``win_rate_method`` says:
            :data:`BOOTSTRAP` (over deals) or :data:`WILSON` (the Wilson score interval
            on the seats filled, where the bootstrap cannot measure the spread).
        mean_score: its mean final score.
        rating: its Bradley-Terry rating (Elo scale); ``rating_ci`` the 95% bootstrap
            interval, ``None`` when unrated or when the bootstrap saw no spread at all.
    """

    bot: str
    seats: int
    wins: float
    win_rate: float
    win_rate_ci: tuple[float, float]
    share: float
    mean_score: float
    rating: float | None
    rating_ci: tuple[float, float] | None
    win_rate_method: str = BOOTSTRAP

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-safe data."""
        return {
            "bot": self.bot,
            "seats": self.seats,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci": list(self.win_rate_ci),
            "win_rate_method": self.win_rate_method,
            "share": self.share,
            "mean_score": self.mean_score,
            "rating": self.rating,
            "rating_ci": list(self.rating_ci) if self.rating_ci is not None else None,
        }


@dataclass(frozen=True, slots=True)
class Standings:
    """What a tournament shows: one record per bot, best rated first, and the errors."""

    game: dict[str, Any]
    bots: list[str]
    seed: int
    games: int
    completed: int
    deals: int
    balanced: bool
    schedule: int
    seconds: float
    records: list[BotRecord]
    errors: list[dict[str, Any]]
    bootstrap: int
    head_to_head: list[list[tuple[float, int]]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The standings as one JSON-safe object (``tournament --json``)."""
        return {
            **self.game,  # the configuration: game, players, variant, options
            "bots": self.bots,
            "seed": self.seed,
            "games": self.games,
            "completed": self.completed,
            "deals": self.deals,
            "schedule": self.schedule,
            "balanced": self.balanced,
            "seconds": self.seconds,
            "bootstrap": self.bootstrap,
            "standings": [r.to_json() for r in self.records],
            "head_to_head": [
                {"bot": self.bots[a], "against": self.bots[b], "points": pts, "meetings": n}
                for a, row in enumerate(self.head_to_head)
                for b, (pts, n) in enumerate(row)
                if a != b and n
            ],
            "errors": self.errors,
        }


@dataclass(slots=True)
class _Tally:
    """Per-deal contributions (games on one deal summed), so the bootstrap can re-add them.

    The bootstrap resamples deals, not games: the games of one deal are alike (the same
    cards), so resampling them one by one would make the intervals too narrow.
    """

    games: int
    seats: list[list[int]]  # per deal: the seats each bot filled
    wins: list[list[float]]
    scores: list[list[float]]
    pairs: list[list[tuple[int, int, float]]]


def _tally(results: Sequence[GameResult], bots: int) -> _Tally:
    t = _Tally(0, [], [], [], [])
    where: dict[int, int] = {}  # deal seed -> its row, in order of first appearance
    for r in results:
        if r.error is not None:
            continue
        t.games += 1
        row = where.get(r.seed)
        if row is None:
            row = where[r.seed] = len(t.seats)
            t.seats.append([0] * bots)
            t.wins.append([0.0] * bots)
            t.scores.append([0.0] * bots)
            t.pairs.append([])
        for seat, b in enumerate(r.lineup):
            t.seats[row][b] += 1
            t.scores[row][b] += r.scores[seat]
        for seat in r.winners:
            t.wins[row][r.lineup[seat]] += 1 / len(r.winners)
        t.pairs[row].extend(pairwise(r, bots))
    return t


def _estimates(t: _Tally, sample: Sequence[int], bots: int) -> tuple[list[float], list[float]]:
    """Win rates and ratings over the deals numbered in ``sample`` (with repeats)."""
    seats, wins = [0] * bots, [0.0] * bots
    matrix = [[0.0] * bots for _ in range(bots)]
    for g in sample:
        for b in range(bots):
            seats[b] += t.seats[g][b]
            wins[b] += t.wins[g][b]
        for a, b, points in t.pairs[g]:
            matrix[a][b] += points
            matrix[b][a] += 1.0 - points
    rates = [wins[b] / seats[b] if seats[b] else 0.0 for b in range(bots)]
    return rates, bradley_terry(matrix)


def _interval(values: list[float]) -> tuple[float, float] | None:
    """The 95% percentile interval of bootstrap ``values``; ``None`` when they never
    differ (or there are none): the bootstrap then saw no spread, which is not the same
    as there being none."""
    if not values:
        return None
    values = sorted(values)
    n = len(values)
    lo = values[max(0, math.floor(0.025 * (n - 1)))]
    hi = values[min(n - 1, math.ceil(0.975 * (n - 1)))]
    return (lo, hi) if hi > lo else None


def _win_rate_interval(
    samples: list[float], wins: float, seats: int, deals: int
) -> tuple[tuple[float, float], str]:
    """A win rate's 95% interval and how it was found: the bootstrap over deals where it
    can measure the spread, else the Wilson score interval on the seats filled."""
    boot = _interval(samples) if deals >= MIN_BOOTSTRAP_DEALS else None
    if boot is not None:
        return boot, BOOTSTRAP
    return wilson_interval(wins, seats), WILSON


def standings(tournament: Tournament, *, bootstrap: int = 200) -> Standings:
    """Win rates, mean scores and ratings per bot, with 95% intervals.

    The intervals come from ``bootstrap`` resamples of the deals; a win rate's falls
    back on the Wilson score interval where they cannot measure it (see the module's
    docstring), and a rating whose resamples never differ gets none.

    ``head_to_head[a][b]`` is ``(points, meetings)``: the pairwise results (see
    :func:`pairwise`) of bot ``a``'s seats against bot ``b``'s in the same games.

    The bootstrap resamples whole deals (seeded by the tournament's seed), so the same
    tournament always gets the same intervals.
    """
    k = len(tournament.bots)
    players = int(tournament.game["players"])
    t = _tally(tournament.results, k)
    n = len(t.seats)
    rated = players > 1 and k > 1
    rates, ratings = _estimates(t, range(n), k)
    rate_samples: list[list[float]] = [[] for _ in range(k)]
    rating_samples: list[list[float]] = [[] for _ in range(k)]
    if n:
        rnd = random.Random(f"bootstrap:{tournament.seed}")
        for _ in range(bootstrap):
            sample = [int(rnd.random() * n) for _ in range(n)]
            r, elo = _estimates(t, sample, k)
            for b in range(k):
                rate_samples[b].append(r[b])
                rating_samples[b].append(elo[b])
    records = []
    for b, bot in enumerate(tournament.bots):
        seats = sum(g[b] for g in t.seats)
        wins = sum(g[b] for g in t.wins)
        win_rate_ci, method = _win_rate_interval(rate_samples[b], wins, seats, n)
        records.append(
            BotRecord(
                bot=bot,
                seats=seats,
                wins=wins,
                win_rate=rates[b],
                win_rate_ci=win_rate_ci,
                win_rate_method=method,
                share=1.0 / players,
                mean_score=sum(g[b] for g in t.scores) / seats if seats else 0.0,
                rating=ratings[b] if rated else None,
                rating_ci=_interval(rating_samples[b]) if rated else None,
            )
        )
    records.sort(key=lambda r: -(r.rating if r.rating is not None else r.win_rate))
    head_to_head = [[(0.0, 0) for _ in range(k)] for _ in range(k)]
    for deal in t.pairs:
        for a, b, points in deal:
            pa, na = head_to_head[a][b]
            head_to_head[a][b] = (pa + points, na + 1)
            pb, nb = head_to_head[b][a]
            head_to_head[b][a] = (pb + 1.0 - points, nb + 1)
    errors = [
        {"index": r.index, "seed": r.seed, "bots": r.bots, "message": r.error}
        for r in tournament.results
        if r.error is not None
    ]
    return Standings(
        game=tournament.game,
        bots=tournament.bots,
        seed=tournament.seed,
        games=len(tournament.results),
        completed=t.games,
        deals=n,
        balanced=len(tournament.results) % len(tournament.schedule) == 0,
        schedule=len(tournament.schedule),
        seconds=tournament.seconds,
        records=records,
        errors=errors,
        bootstrap=bootstrap,
        head_to_head=head_to_head,
    )
