"""A bot's decision as a self-contained job, and the worker process that runs such jobs.

The server never runs a bot on its own threads: a decision is a :class:`Job` (the game,
the state as stored, the seat, the bot's spec, a seed and the server's budget) sent to a
worker process (:mod:`ecotone.server.scheduler`), which rebuilds the state, hands the bot
a :class:`~ecotone.bots.SeatView` of its seat only, and answers with the action's JSON
form (:class:`Outcome`). So a bot's search never competes with the event loop for the
interpreter lock, runs at a lower CPU priority than serving, and can be stopped by
killing its process when it overruns.

Budgets (:func:`bound`): a bot with a time budget (a ``seconds`` attribute, as the ISMCTS
bot has) gets the server's per-move limit as its budget when it has none or a larger one,
and an iteration budget (``iterations``) above the server's cap is cut to the cap. A
match created with more is refused (:func:`check_budget`), but a match stored before the
limits were lowered is still bounded when it resumes.

Decisions are reproducible: a job's seed is derived from the match's seed, the seat and
the version, so the same stored match gives its bots the same decisions after a restart
(given an iteration budget; a time budget stops after what the machine manages).

Games and bots registered at run time (a plugin registered by hand, a test's toy game, a
notebook's bot) are unknown to a worker's own registries, which were filled when the
worker started: a job names their classes (``target``, ``bot``) and the worker imports
them. A class that cannot be imported by name (one defined inside a function) makes the
worker answer ``unloadable``, and the server's own process then decides
(:meth:`~ecotone.server.scheduler.BotScheduler.decide`), within the same budget.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import time
from collections.abc import Callable
from typing import Any

import msgspec

import ecotone
from ecotone.bots import Bot, RandomBot, SeatView, available_bots, make_bot
from ecotone.bots.models import shipped_policies
from ecotone.bots.tuning import tune_for_search
from ecotone.core.errors import ConfigError
from ecotone.core.game import Game
from ecotone.core.registry import available, default_players, game_class, register
from ecotone.sim.runner import build_bot, parse_bot_spec

__all__ = [
    "LOADED",
    "Job",
    "Outcome",
    "bound",
    "check_budget",
    "decide",
    "decode_outcome",
    "encode_job",
    "preload",
    "searches",
    "serve",
]

# The budget attributes a searching bot has (the ISMCTS bot's names): a time budget per
# decision and an iteration budget per decision.
_SECONDS = "seconds"
_ITERATIONS = "iterations"


class Job(msgspec.Struct, frozen=True):
    """One decision for a worker.

    ``target`` is the game class's import path (``module:Class``), so a worker can play a
    game registered at run time (a plugin, a test's toy game); ``state`` is the state's
    JSON as stored.
    """

    game: str
    target: str
    players: int
    variant: str | None
    options: str
    state: str
    seat: int
    spec: str
    seed: int
    max_seconds: float
    max_iterations: int
    bot: str = ""  # the bot's class (module:Class), for a bot registered at run time


class Outcome(msgspec.Struct, frozen=True):
    """A worker's answer: the action's JSON form, or why there is none; the time taken
    (wall clock) and the processor time used. ``unloadable``: this process could not make
    the job's game or bot (a class registered at run time that cannot be imported by
    name), so another process, the server's, must decide."""

    action: dict[str, Any] | None
    error: str | None
    seconds: float
    cpu: float
    unloadable: bool = False


def check_budget(spec: str, bot: Bot, *, max_seconds: float, max_iterations: int) -> None:
    """Refuse a bot spec whose budget per move is above the server's.

    Raises:
        ConfigError: ``config/bot-budget``, naming the spec and the server's limits.
    """
    iterations = getattr(bot, _ITERATIONS, None)
    seconds = getattr(bot, _SECONDS, None)
    limits = f"this server allows at most {max_iterations} iterations and {max_seconds:g} s a move"
    if isinstance(iterations, int) and iterations > max_iterations:
        raise ConfigError(
            "config/bot-budget", f"bot {spec!r} asks for {iterations} iterations a move; {limits}"
        )
    if isinstance(seconds, int | float) and seconds > max_seconds:
        raise ConfigError(
            "config/bot-budget", f"bot {spec!r} asks for {seconds:g} s a move; {limits}"
        )


def bound(bot: Bot, *, max_seconds: float, max_iterations: int) -> Bot:
    """Bring ``bot``'s budgets within the server's limits (see the module's docstring)."""
    if hasattr(bot, _SECONDS):
        seconds = getattr(bot, _SECONDS)
        if not isinstance(seconds, int | float) or not 0 < seconds <= max_seconds:
            setattr(bot, _SECONDS, max_seconds)
    iterations = getattr(bot, _ITERATIONS, None)
    if isinstance(iterations, int) and iterations > max_iterations:
        setattr(bot, _ITERATIONS, max_iterations)
    return bot


def searches(bot: Bot) -> bool:
    """Whether a bot searches on a budget (its decisions are the expensive kind)."""
    return hasattr(bot, _SECONDS) or hasattr(bot, _ITERATIONS)


_games: dict[tuple[str, str, int, str | None, str], Game[Any]] = {}


def _game(job: Job, *, worker: bool) -> Game[Any]:
    key = (job.game, job.target, job.players, job.variant, job.options)
    game = _games.get(key)
    if game is None:
        if worker and job.game not in available():
            register(job.game, job.target)  # registered by the server at run time
        game = ecotone.make(
            job.game,
            players=job.players,
            variant=job.variant,
            **msgspec.json.decode(job.options),
        )
        if len(_games) >= 64:
            _games.clear()
        _games[key] = game
    return game


def decide(job: Job, *, worker: bool = True, loaded: Callable[[], None] | None = None) -> Outcome:
    """Run one decision: in a worker process (``worker``: a game this process's registry
    does not know is registered from the job's ``target``), or in the server's own
    (only what its registry knows is played).

    The time reported is the bot's own (from its view to its choice), not the loading of
    the game, the bot or the state, so a bot is judged by what it does; ``loaded`` is
    called when the loading is done and the thinking begins (a worker tells the server,
    which then starts counting the bot's time: :data:`LOADED`).
    """
    start, cpu = time.perf_counter(), time.process_time()
    try:
        game = _game(job, worker=worker)
        try:
            bot = build_bot(job.spec, game, job.seat, job.seed)
        except ConfigError:
            bot = _registered_elsewhere(job, game)
    except Exception as exc:  # a class this process cannot import: the server decides
        error = f"{type(exc).__name__}: {exc}"
        return Outcome(None, error, 0.0, 0.0, unloadable=True)
    try:
        state = game.load_state(job.state)
        view = SeatView(state, job.seat)
        bound(bot, max_seconds=job.max_seconds, max_iterations=job.max_iterations)
        if loaded is not None:
            loaded()
        start, cpu = time.perf_counter(), time.process_time()
        action = bot.act(view).to_json()
    except Exception as exc:  # reported to the server, which plays at random instead
        error = f"{type(exc).__name__}: {exc}"
        return Outcome(None, error, time.perf_counter() - start, time.process_time() - cpu)
    return Outcome(action, None, time.perf_counter() - start, time.process_time() - cpu)


def _registered_elsewhere(job: Job, game: Game[Any]) -> Bot:
    """The bot of a spec this process's registry does not know: one the server registered
    at run time (a test, a notebook), made from its class; else (a spec this version no
    longer knows) a random bot, so the match plays on."""
    if job.bot:
        module, _, name = job.bot.partition(":")
        cls = getattr(importlib.import_module(module), name, None)
        if not (isinstance(cls, type) and issubclass(cls, Bot)):
            raise ImportError(f"no bot class {job.bot} to import")
        return cls(game, job.seat, job.seed, **parse_bot_spec(job.spec)[1])
    return RandomBot(game, job.seat, job.seed)


def preload() -> None:
    """Import every registered game and its bots, and read the trained policies that
    come with them (their weights, and the tensor layout of the table each plays, which
    takes a second or two to find), so that a worker forked after this starts its first
    decision at once."""
    for game_id in available():
        with contextlib.suppress(Exception):  # a broken plugin is reported when used
            spec = game_class(game_id).spec
            available_bots(spec.id)
            make_bot("ismcts", ecotone.make(game_id, players=_players(game_id)), 0, 0)
            for policy in shipped_policies(spec.id):
                game = ecotone.make(game_id, players=policy.players, variant=policy.variant)
                build_bot(policy.spec, game, 0, 0)


def _players(game_id: str) -> int:
    return default_players(game_id)


# What a worker sends once the bot of a job is made (its libraries imported, its network
# read: seconds, the first time, for a bot such as the policy bot) and its thinking
# begins; the server counts the bot's time from then. (An outcome is a msgpack map,
# never this one byte.)
LOADED = b"\x00"


def _say(conn: Any, data: bytes) -> None:
    with contextlib.suppress(OSError):  # the server went away: the job's answer fails too
        conn.send_bytes(data)


_decode_job = msgspec.msgpack.Decoder(Job)
_encode = msgspec.msgpack.Encoder()


def encode_job(job: Job) -> bytes:
    """A job as sent to a worker."""
    return _encode.encode(job)


def decode_outcome(data: bytes) -> Outcome:
    """A worker's answer as received."""
    return msgspec.msgpack.decode(data, type=Outcome)


def serve(conn: Any, nice: int, ready: Callable[[], None] | None = None) -> None:
    """A worker process's loop: read a job, answer it, until the pipe closes.

    ``conn`` is a :class:`multiprocessing.connection.Connection`. The process lowers its
    own CPU priority by ``nice`` first, so that on a busy machine serving people comes
    before bots' thinking, and tunes its collector for searching
    (:func:`~ecotone.bots.tuning.tune_for_search`).
    """
    if nice:
        with contextlib.suppress(OSError):  # not allowed here: run at the server's priority
            os.nice(nice)
    tune_for_search()
    if ready is not None:
        ready()
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):
            return
        outcome = decide(_decode_job.decode(data), loaded=lambda: _say(conn, LOADED))
        try:
            conn.send_bytes(_encode.encode(outcome))
        except (BrokenPipeError, OSError):
            return
