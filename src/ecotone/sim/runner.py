"""Bots playing games: one game, or a batch of many spread over processes.

Everything here works for any registered game: a game is played by asking the first
seat in ``state.to_move`` for a decision until nobody is left to decide.

Seeds make every batch reproducible however it is split among processes:

* game ``i`` of a batch started with ``seed`` is dealt with ``derive_seed(seed, i)``;
* the bot at seat ``s`` of a game dealt with ``g`` is seeded ``derive_seed(g, "bot", s)``.

A bot is named by a *spec*: a registered name, optionally with options, e.g.
``"random"`` or ``"ismcts:iterations=200,c=1.4"`` (see :func:`parse_bot_spec`).

Any registered game will do, so the example takes the first one (this module names none):

>>> import ecotone
>>> first = ecotone.available_games()[0]
>>> players = default_players(first)
>>> game = ecotone.make(first, players=players)
>>> result = play_game(game, seed=1, bots=["random"] * players)
>>> result.error is None and result.steps > 0
True
"""

from __future__ import annotations

import contextlib
import math
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

import ecotone
from ecotone.bots import Bot, SeatView, available_bots, make_bot
from ecotone.core.actions import Action
from ecotone.core.errors import ConfigError
from ecotone.core.game import Game, State
from ecotone.core.registry import default_players
from ecotone.core.replay import Replay
from ecotone.core.rng import derive_seed
from ecotone.sim.pool import play_chunks

__all__ = [
    "Batch",
    "GameResult",
    "Playthrough",
    "Summary",
    "bot_seed",
    "build_bot",
    "check_bots",
    "default_bot",
    "default_players",
    "error_text",
    "game_of",
    "game_seed",
    "lineup_for",
    "parse_bot_spec",
    "parse_options",
    "parse_value",
    "play",
    "play_game",
    "run_games",
    "seat_order",
    "summarize",
    "unplayed",
    "wilson_interval",
]


# -- seeds --------------------------------------------------------------------------------


def game_seed(seed: int, index: int) -> int:
    """The seed that deals game ``index`` of a batch started with ``seed``."""
    return derive_seed(seed, index)


def bot_seed(seed: int, seat: int) -> int:
    """The private seed of the bot at ``seat`` in the game dealt with ``seed``."""
    return derive_seed(seed, "bot", seat)


# -- reading names and options --------------------------------------------------------------


def parse_value(text: str) -> Any:
    """Read an option value typed on a command line: int, float, bool, else the text.

    >>> [parse_value(t) for t in ("200", "1.5", "true", "uct")]
    [200, 1.5, True, 'uct']
    """
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    lowered = text.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    return text


def parse_options(items: Sequence[str], what: str = "option") -> dict[str, Any]:
    """Read ``key=value`` items into a mapping, values converted by :func:`parse_value`.

    Raises:
        ConfigError: for an item without ``=`` or with an empty key.
    """
    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ConfigError("config/bad-option", f"{what} {item!r} is not of the form key=value")
        out[key] = parse_value(value.strip())
    return out


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split a bot spec into its name and options.

    >>> parse_bot_spec("ismcts:iterations=200,c=1.4")
    ('ismcts', {'iterations': 200, 'c': 1.4})

    Raises:
        ConfigError: for an empty name or a malformed option.
    """
    name, _, rest = spec.strip().partition(":")
    name = name.strip()
    if not name:
        raise ConfigError("config/unknown-bot", f"{spec!r} does not name a bot")
    items = [item for item in rest.split(",") if item.strip()]
    return name, parse_options(items, what=f"bot option in {spec!r}:")


def build_bot(spec: str, game: Game[Any], seat: int, seed: int) -> Bot:
    """The bot a spec describes, for ``seat`` of ``game``.

    Raises:
        ConfigError: for an unknown bot, options the bot refuses, or a bot that cannot be
            loaded; always one line naming the spec.
    """
    name, options = parse_bot_spec(spec)
    try:
        return make_bot(name, game, seat, seed, **options)
    except ConfigError as exc:
        if exc.code == "config/bad-bot-option":
            raise ConfigError(exc.code, f"{exc.message} (in {spec!r})") from None
        raise
    except ImportError as exc:
        # A bot registered for the game whose module is missing or broken: say so plainly.
        raise ConfigError(
            "config/bot-unavailable", f"bot {name!r} cannot be loaded: {exc}"
        ) from None


def check_bots(specs: Sequence[str], game: Game[Any]) -> None:
    """Build each distinct spec once, so a bad name fails before any game is played.

    Raises:
        ConfigError: as :func:`build_bot`.
    """
    for spec in dict.fromkeys(specs):
        build_bot(spec, game, 0, 0)


def default_bot(game: Game[Any]) -> str:
    """``"heuristic"`` when the game has one that loads, else ``"random"``."""
    if "heuristic" in available_bots(game.spec.id):
        try:
            build_bot("heuristic", game, 0, 0)
        except ConfigError:
            return "random"
        return "heuristic"
    return "random"


def lineup_for(names: Sequence[str], players: int) -> list[str]:
    """One bot spec per seat: a single name fills every seat.

    Raises:
        ConfigError: when the number of names is neither 1 nor ``players``.
    """
    if len(names) == 1:
        return list(names) * players
    if len(names) != players:
        raise ConfigError(
            "config/bad-bots",
            f"{len(names)} bots were given for {players} seats; give one per seat or a single one",
        )
    return list(names)


def seat_order(players: int, index: int, rotate: bool) -> list[int]:
    """For game ``index``, which lineup entry sits at each seat.

    Without rotation entry ``s`` always plays seat ``s``; with it the lineup turns one
    seat per game, so over a multiple of ``players`` games every bot has every seat equally
    often and none gains from moving first.
    """
    if not rotate:
        return list(range(players))
    return [(seat + index) % players for seat in range(players)]


# -- one game -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Playthrough:
    """A finished game: the final state and every decision, in order."""

    final: State[Any]
    moves: list[tuple[int, Action]]


def play(
    game: Game[Any], seed: int, bots: Sequence[Bot], *, max_steps: int | None = None
) -> Playthrough:
    """Play one game with one bot per seat, from ``game.start(seed)`` to the end.

    Args:
        game: the configured game.
        seed: the deal.
        bots: ``bots[s]`` plays seat ``s``.
        max_steps: stop with an error after this many decisions (default: the game's
            declared bound, so a game that would never end is reported, not waited for).

    Raises:
        IllegalAction: when a bot chooses an action the rules refuse.
        RuntimeError: when the game runs past ``max_steps``.
    """
    limit = game.max_steps if max_steps is None else max_steps
    state = game.start(seed)
    moves: list[tuple[int, Action]] = []
    while not state.is_over:
        if len(moves) >= limit:
            raise RuntimeError(f"the game did not end within {limit} steps")
        # Several seats may be asked at once (simultaneous decisions); they are asked one
        # after the other and the game's observation hides what the others chose.
        seat = state.to_move[0]
        action = bots[seat].act(SeatView(state, seat))
        state = state.apply(seat, action)
        moves.append((seat, action))
    return Playthrough(state, moves)


class GameResult(msgspec.Struct, frozen=True, kw_only=True):
    """The outcome of one game of a batch, JSON-ready (one line of ``simulate --out``).

    Attributes:
        index: the game's number in its batch.
        seed: the seed that dealt it.
        bots: the bot spec at each seat.
        lineup: the lineup entry at each seat (differs from ``range(players)`` with rotation).
        scores: each seat's final score (empty after an error).
        winners: the winning seats (empty: nobody won, or an error).
        steps: the decisions taken.
        first: the starting player: the seat the game names
            (:meth:`~ecotone.core.game.Game.starting_seat`), else the seat that decided
            first; ``None`` after an error.
        error: ``"Type: message"`` when the game raised, else ``None``.
        replay: the saved replay's path, when replays were asked for.
    """

    index: int
    seed: int
    bots: list[str]
    lineup: list[int]
    scores: list[float] = []
    winners: list[int] = []
    steps: int = 0
    first: int | None = None
    error: str | None = None
    replay: str | None = None


def play_game(
    game: Game[Any],
    seed: int,
    bots: Sequence[str],
    *,
    index: int = 0,
    lineup: Sequence[int] | None = None,
    replay_dir: Path | None = None,
) -> GameResult:
    """Play one game with bots named by spec and report it; never raises for the game's sake.

    Any exception from the rules or a bot becomes ``GameResult.error``, so one broken game
    cannot stop a batch of thousands.

    Args:
        game: the configured game.
        seed: the deal; the bot at seat ``s`` gets :func:`bot_seed` ``(seed, s)``.
        bots: one bot spec per seat.
        index: the game's number in its batch (for the record and the replay's name).
        lineup: the lineup entry at each seat (for the record); default ``range(players)``.
        replay_dir: when given, the game's replay is saved there.
    """
    order = list(lineup) if lineup is not None else list(range(game.players))
    record = GameResult(index=index, seed=seed, bots=list(bots), lineup=order)
    try:
        players = [build_bot(spec, game, s, bot_seed(seed, s)) for s, spec in enumerate(bots)]
        run = play(game, seed, players)
        first = _starting_seat(game, seed)
        if first is None and run.moves:
            first = run.moves[0][0]
        path: str | None = None
        if replay_dir is not None:
            replay = Replay.record(game, seed, run.moves, run.final, seats=list(bots))
            target = replay_dir / f"{game.spec.id}-{index:06d}-{seed}.json"
            replay.save(target)
            path = str(target)
        return msgspec.structs.replace(
            record,
            scores=run.final.scores(),
            winners=run.final.winners(),
            steps=len(run.moves),
            first=first,
            replay=path,
        )
    except Exception as exc:  # a batch reports every failure and goes on
        return msgspec.structs.replace(record, error=error_text(exc))


def _starting_seat(game: Game[Any], seed: int) -> int | None:
    """The seat :meth:`~ecotone.core.game.Game.starting_seat` names for the game ``seed``
    deals, or ``None`` where the game names none (its first decider starts). The deal is
    made again only for a game that names one: most games leave the hook as it is."""
    if type(game).starting_seat is Game.starting_seat:
        return None
    return game.starting_seat(game.start(seed).data)


# -- many games -------------------------------------------------------------------------------


def error_text(exc: BaseException) -> str:
    """An error as a game's result keeps it: ``"Type: message"``."""
    return f"{type(exc).__name__}: {exc}"


def unplayed(
    index: int, seed: int, specs: Sequence[str], order: Sequence[int], exc: BaseException
) -> GameResult:
    """A game that its worker could not play (the worker died, say): who was to sit where
    (``specs[order[seat]]``) and the error, no outcome."""
    return GameResult(
        index=index,
        seed=seed,
        bots=[specs[e] for e in order],
        lineup=list(order),
        error=error_text(exc),
    )


def game_of(config: Mapping[str, Any]) -> Game[Any]:
    """The game a configuration describes (``game.config``, as a worker is sent it)."""
    return ecotone.make(
        config["game"], players=config["players"], variant=config["variant"], **config["options"]
    )


@dataclass(frozen=True, slots=True)
class Batch:
    """The results of :func:`run_games`, in game order, and the wall-clock time taken."""

    game: dict[str, Any]
    lineup: list[str]
    seed: int
    rotate: bool
    results: list[GameResult]
    seconds: float


@dataclass(frozen=True, slots=True)
class _Plan:
    """What a worker needs to play a batch's games (sent to each worker)."""

    config: Mapping[str, Any]
    lineup: Sequence[str]
    rotate: bool
    replay_dir: str | None


def _run_chunk(plan: _Plan, jobs: Sequence[tuple[int, int]]) -> list[GameResult]:
    """Play ``jobs`` (index, seed) of a batch; runs in a worker process or a Ray task."""
    game = game_of(plan.config)
    out = []
    folder = Path(plan.replay_dir) if plan.replay_dir is not None else None
    for index, seed in jobs:
        order = seat_order(game.players, index, plan.rotate)
        bots = [plan.lineup[entry] for entry in order]
        out.append(play_game(game, seed, bots, index=index, lineup=order, replay_dir=folder))
    return out


def _failed(plan: _Plan, jobs: Sequence[tuple[int, int]], exc: BaseException) -> list[GameResult]:
    """Results for games whose worker died: the error, no outcome."""
    players = len(plan.lineup)
    return [
        unplayed(index, seed, plan.lineup, seat_order(players, index, plan.rotate), exc)
        for index, seed in jobs
    ]


def _chunks(jobs: list[tuple[int, int]], workers: int) -> list[list[tuple[int, int]]]:
    # Several chunks per worker keep every process busy to the end and the progress bar
    # moving; a cap keeps each chunk's results small.
    size = max(1, min(50, math.ceil(len(jobs) / (workers * 8))))
    return [jobs[i : i + size] for i in range(0, len(jobs), size)]


def run_games(
    game: Game[Any],
    bots: Sequence[str],
    games: int,
    seed: int,
    *,
    workers: int = 1,
    ray: str | None = None,
    rotate: bool = False,
    replay_dir: Path | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> Batch:
    """Play ``games`` bot-vs-bot games, in ``workers`` processes or on Ray, and collect
    the results.

    The results do not depend on ``workers`` or Ray: game ``i`` is dealt with
    :func:`game_seed` ``(seed, i)`` and results are returned in game order.

    Workers are fresh ("spawn") interpreters: they know the built-in games and those
    installed through entry points, but not a game registered at run time with
    :func:`ecotone.core.registry.register`; play such a game with ``workers=1``.

    Args:
        game: the configured game.
        bots: one bot spec per seat (the *lineup*).
        games: how many games.
        seed: the batch's seed.
        workers: processes to use; 1 plays in this process (ignored with ``ray``).
        ray: ``"local"`` to start Ray on this machine, or a Ray cluster's address
            (:func:`ecotone.sim.pool.play_chunks`).
        rotate: turn the lineup one seat per game (see :func:`seat_order`).
        replay_dir: save every game's replay in this folder (on Ray, in that folder on
            the node that plays it).
        on_progress: called with the number of games just finished, as they finish.

    Raises:
        ConfigError: for a lineup of the wrong length or a bot that does not exist, or
            Ray asked for and not installed or not reachable.
    """
    lineup = lineup_for(bots, game.players)
    check_bots(lineup, game)
    jobs = [(i, game_seed(seed, i)) for i in range(games)]
    folder = str(replay_dir) if replay_dir is not None else None
    plan = _Plan(game.config, lineup, rotate, folder)
    started = time.perf_counter()
    results: list[GameResult] = []
    workers = 1 if games <= 1 and not ray else workers
    chunks = _chunks(jobs, max(1, workers))
    with contextlib.closing(
        play_chunks(_run_chunk, plan, chunks, _failed, workers=workers, ray=ray)
    ) as played:
        for done in played:
            results.extend(done)
            if on_progress is not None:
                on_progress(len(done))
    results.sort(key=lambda r: r.index)
    return Batch(
        game=game.config,
        lineup=lineup,
        seed=seed,
        rotate=rotate,
        results=results,
        seconds=time.perf_counter() - started,
    )


# -- statistics -------------------------------------------------------------------------------


# The normal quantile of a two-sided 95% interval (1.95996...).
Z95 = statistics.NormalDist().inv_cdf(0.975)


def wilson_interval(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default): ``successes`` of ``trials``.

    Unlike the textbook ``p +/- z * sqrt(p(1-p)/n)`` (or a bootstrap of the same few
    games), it never collapses to a point: three wins in three games is ``0.44-1``, not
    ``1-1``, because three games cannot show that a bot never loses. It stays inside
    [0, 1] and covers close to its nominal 95% even for a handful of games. A shared win
    counts its fraction, so ``successes`` need not be whole; no trials at all say nothing
    (``0-1``).

    >>> [round(x, 3) for x in wilson_interval(3, 3)]
    [0.439, 1.0]
    >>> [round(x, 3) for x in wilson_interval(0, 1)]
    [0.0, 0.793]

    Reference: E. B. Wilson, "Probable inference, the law of succession, and statistical
    inference", JASA 22 (1927); recommended for small samples by Brown, Cai and DasGupta,
    "Interval estimation for a binomial proportion", Statistical Science 16 (2001).
    """
    if trials <= 0:
        return 0.0, 1.0
    p = min(max(successes / trials, 0.0), 1.0)
    z2 = z * z
    scale = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / scale
    half = z / scale * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    # Rounding must not leave the estimate itself outside its interval at 0 or 1.
    return max(0.0, min(centre - half, p)), min(1.0, max(centre + half, p))


def _stdev(values: Sequence[float]) -> float:
    return statistics.stdev(values) if len(values) > 1 else 0.0


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else 0.0


@dataclass(slots=True)
class Summary:
    """What a batch shows: wins, scores and errors, per seat and per lineup entry.

    A win shared by ``k`` seats counts ``1/k`` for each; games that nobody wins (a
    cooperative loss, a solo game lost) are counted in :attr:`no_winner`. Games that
    raised are left out of every statistic and listed in :attr:`errors`.
    """

    game: str
    variant: str | None
    players: int
    options: dict[str, Any]
    bots: list[str]
    seed: int
    rotate: bool
    games: int
    seconds: float
    completed: int = 0
    steps: int = 0
    wins: list[float] = field(default_factory=list)
    no_winner: int = 0
    shared: int = 0
    first_player_wins: float = 0.0
    mean_scores: list[float] = field(default_factory=list)
    score_stdev: list[float] = field(default_factory=list)
    bot_wins: list[float] = field(default_factory=list)
    bot_mean_scores: list[float] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)

    @property
    def win_rates(self) -> list[float]:
        """Each seat's wins per completed game."""
        return [w / self.completed if self.completed else 0.0 for w in self.wins]

    @property
    def mean_steps(self) -> float:
        """Decisions per completed game."""
        return self.steps / self.completed if self.completed else 0.0

    def to_json(self) -> dict[str, Any]:
        """The summary as one JSON-safe object (``simulate --json``)."""
        return {
            "game": self.game,
            "variant": self.variant,
            "players": self.players,
            "options": self.options,
            "bots": self.bots,
            "rotate": self.rotate,
            "seed": self.seed,
            "games": self.games,
            "completed": self.completed,
            "steps": self.steps,
            "mean_steps": self.mean_steps,
            "seconds": self.seconds,
            "wins": self.wins,
            "win_rates": self.win_rates,
            "no_winner": self.no_winner,
            "shared": self.shared,
            "first_player_wins": self.first_player_wins,
            "mean_scores": self.mean_scores,
            "score_stdev": self.score_stdev,
            "bot_wins": self.bot_wins,
            "bot_mean_scores": self.bot_mean_scores,
            "errors": self.errors,
        }


def summarize(batch: Batch) -> Summary:
    """The statistics of a batch (see :class:`Summary`)."""
    players = int(batch.game["players"])
    summary = Summary(
        game=batch.game["game"],
        variant=batch.game["variant"],
        players=players,
        options=dict(batch.game["options"]),
        bots=list(batch.lineup),
        seed=batch.seed,
        rotate=batch.rotate,
        games=len(batch.results),
        seconds=batch.seconds,
        wins=[0.0] * players,
        bot_wins=[0.0] * len(batch.lineup),
    )
    seat_scores: list[list[float]] = [[] for _ in range(players)]
    entry_scores: list[list[float]] = [[] for _ in batch.lineup]
    # Results are in game order, so float sums are the same however the batch was split.
    for r in batch.results:
        if r.error is not None:
            summary.errors.append({"index": r.index, "seed": r.seed, "message": r.error})
            continue
        summary.completed += 1
        summary.steps += r.steps
        for seat, score in enumerate(r.scores):
            seat_scores[seat].append(score)
            entry_scores[r.lineup[seat]].append(score)
        if not r.winners:
            summary.no_winner += 1
            continue
        if len(r.winners) > 1:
            summary.shared += 1
        share = 1 / len(r.winners)
        for seat in r.winners:
            summary.wins[seat] += share
            summary.bot_wins[r.lineup[seat]] += share
            if seat == r.first:
                summary.first_player_wins += share
    summary.mean_scores = [_mean(s) for s in seat_scores]
    summary.score_stdev = [_stdev(s) for s in seat_scores]
    summary.bot_mean_scores = [_mean(s) for s in entry_scores]
    return summary
