"""Bots' thinking, scheduled fairly on worker processes.

Every bot decision of every match is a :class:`~ecotone.server.botwork.Job` run by one of
a few worker processes (``Settings.bot_workers``). Two things keep one match from
starving the others:

* **Budgets.** A decision is bounded by the server (``Settings.bot_max_seconds`` and
  ``bot_max_iterations``, :func:`~ecotone.server.botwork.bound`); a worker still busy
  well after the limit is killed and replaced, and that decision is played at random.
* **Fair shares** (:class:`FairShare`). When several matches' bots wait for a worker,
  the match that has used the least bot time lately goes first (each match's usage
  decays with a half-life of a minute), so a cheap bot is never queued behind a long
  line of expensive ones. And searching bots (those with a budget, or any bot whose
  decisions have been slow) never hold every worker: one is always left for the quick
  ones, so a random or heuristic bot waits at most for another quick decision.

A game or bot registered at run time whose class no worker can import (one defined
inside a function) is decided in the server's own process instead, on one of the threads
that wait for the workers (:mod:`.botwork`).

Worker processes start on first use (from a fork server that has the game modules
loaded), run below the server's CPU priority (``Settings.bot_nice``) and never share the
event loop's interpreter lock, so a bot searching for seconds slows neither the other
matches' moves nor the people playing.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import math
import multiprocessing
import multiprocessing.context
import multiprocessing.forkserver
import os
import threading
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from ecotone.server.botwork import (
    LOADED,
    Job,
    Outcome,
    decide,
    decode_outcome,
    encode_job,
    serve,
)

__all__ = ["LOAD_SECONDS", "BotScheduler", "FairShare", "Grant", "start_fork_server"]

log = logging.getLogger("ecotone.server")

# Decisions slower than this (seconds, a running mean) mark a match's bots as searching.
_SLOW = 0.1
# How fast a match's bot time is forgotten: its usage halves every this many seconds.
_HALF_LIFE = 60.0
# The processor seconds a worker may take to make a bot before it thinks: importing its
# libraries and reading its network (the policy bot's first decision in a worker imports
# PyTorch), which is not thinking and is not held to the per-move limit.
LOAD_SECONDS = 60.0


@dataclass(eq=False)
class _Waiter:
    owner: str
    heavy: bool
    order: int
    future: asyncio.Future[None]


@dataclass
class Grant:
    """A slot held: what the work in it cost, as its holder reports (else the time held).

    ``seconds`` is the worker's time taken (what other matches waited for), ``cpu`` the
    processor time the decision used (what marks a bot as slow, whatever the machine's
    load)."""

    heavy: bool = False
    seconds: float | None = None
    cpu: float | None = None


@dataclass
class _Usage:
    used: float = 0.0  # decayed bot seconds
    stamp: float = 0.0
    mean: float = 0.0  # running mean of a decision's seconds


@dataclass
class FairShare:
    """Grants ``workers`` slots to the owners (matches) that wait for one, fairly.

    Args:
        workers: how many slots there are.
        clock: the time source (for tests).
    """

    workers: int
    clock: Callable[[], float] = time.monotonic
    _free: int = field(init=False)
    _heavy: int = field(init=False, default=0)
    _waiting: list[_Waiter] = field(init=False, default_factory=list)
    _usage: dict[str, _Usage] = field(init=False, default_factory=dict)
    _order: itertools.count[int] = field(init=False, default_factory=itertools.count)

    def __post_init__(self) -> None:
        self._free = self.workers

    @property
    def heavy_limit(self) -> int:
        """The most slots searching bots may hold at once: all but one."""
        return max(1, self.workers - 1)

    def usage(self, owner: str) -> float:
        """``owner``'s bot seconds, decayed to now."""
        entry = self._usage.get(owner)
        if entry is None:
            return 0.0
        return entry.used * math.pow(0.5, (self.clock() - entry.stamp) / _HALF_LIFE)

    def is_heavy(self, owner: str, searching: bool) -> bool:
        """Whether ``owner``'s next decision counts as a searching bot's."""
        entry = self._usage.get(owner)
        return searching or (entry is not None and entry.mean > _SLOW)

    @contextlib.asynccontextmanager
    async def slot(self, owner: str, searching: bool) -> AsyncIterator[Grant]:
        """Hold a slot for ``owner`` while the body runs; its time is charged to the owner."""
        heavy = self.is_heavy(owner, searching)
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        waiter = _Waiter(owner, heavy, next(self._order), future)
        self._waiting.append(waiter)
        self._dispatch()
        try:
            await waiter.future
        except asyncio.CancelledError:
            if waiter in self._waiting:
                self._waiting.remove(waiter)
            elif waiter.future.done() and not waiter.future.cancelled():
                self._release(owner, heavy, 0.0, 0.0)
            raise
        start = self.clock()
        grant = Grant(heavy)
        try:
            yield grant
        finally:
            seconds = grant.seconds if grant.seconds is not None else self.clock() - start
            self._release(owner, heavy, seconds, grant.cpu if grant.cpu is not None else seconds)

    def forget(self, owner: str) -> None:
        """Drop what is known of a finished match."""
        self._usage.pop(owner, None)

    def _release(self, owner: str, heavy: bool, seconds: float, cpu: float) -> None:
        self._free += 1
        if heavy:
            self._heavy -= 1
        entry = self._usage.setdefault(owner, _Usage(stamp=self.clock()))
        entry.used = self.usage(owner) + seconds
        entry.stamp = self.clock()
        entry.mean = cpu if entry.mean == 0.0 else 0.7 * entry.mean + 0.3 * cpu
        self._dispatch()

    def _dispatch(self) -> None:
        while self._free > 0 and self._waiting:
            ready = [w for w in self._waiting if not w.heavy or self._heavy < self.heavy_limit]
            if not ready:
                return
            chosen = min(ready, key=lambda w: (self.usage(w.owner), w.order))
            self._waiting.remove(chosen)
            if chosen.future.cancelled():
                continue
            self._free -= 1
            if chosen.heavy:
                self._heavy += 1
            chosen.future.set_result(None)


def _cpu_seconds(pid: int | None) -> float:
    """A process's processor time so far (Linux's /proc), or ``nan`` where unknown."""
    if pid is None:
        return math.nan
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return math.nan


def _fork_server() -> multiprocessing.context.ForkServerContext:
    """The context the workers start in, its fork server told what to load first."""
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["ecotone.server.botpreload"])
    return ctx


def start_fork_server() -> None:
    """Start the bot workers' fork server now, without waiting for it: it loads every
    game and bot (a second or more), and a server that starts it first loads them while
    it imports its web stack, rather than after. The first worker waits for it to be
    ready; without this call, that worker starts it."""
    _fork_server()
    multiprocessing.forkserver.ensure_running()


class _Worker:
    """One worker process and its pipe; used by one decision at a time."""

    def __init__(self, nice: int) -> None:
        self.nice = nice
        self.why = ""  # why the last call failed
        ctx = _fork_server()
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(
            target=serve, args=(child, nice), name="ecotone-bot", daemon=True
        )
        self.process.start()
        child.close()

    def call(
        self, payload: bytes, cpu_limit: float, wall_limit: float, load_limit: float
    ) -> Outcome | None:
        """Send a job and wait for the answer; ``None`` when the worker died, or overran
        and was killed: it used more than ``cpu_limit`` seconds of processor time
        thinking (from its word that the bot was made, :data:`~.botwork.LOADED`), more
        than ``load_limit`` making the bot, or took more than ``wall_limit`` seconds in
        all. A worker that is only waiting for a processor (it runs at a low
        priority on a busy machine) is not overrunning, so processor time is what counts,
        where the system tells it."""
        start = time.monotonic()
        used = _cpu_seconds(self.process.pid)
        doing, limit = "making the bot", load_limit
        try:
            self.conn.send_bytes(payload)
            while True:
                if self.conn.poll(0.5):
                    data = self.conn.recv_bytes()
                    if data != LOADED:
                        return decode_outcome(data)
                    # the bot is made: its thinking is counted from now
                    used, doing, limit = _cpu_seconds(self.process.pid), "thinking", cpu_limit
                    continue
                elapsed = time.monotonic() - start
                spent = _cpu_seconds(self.process.pid) - used
                if math.isnan(spent):
                    spent = elapsed  # no processor times here: the wall clock it is
                if spent > limit or elapsed > wall_limit:
                    self.why = (
                        f"overran {doing}: {spent:.1f} s of processor time, {elapsed:.1f} s in all"
                    )
                    break
        except (EOFError, OSError) as exc:
            self.why = f"died ({type(exc).__name__}: {exc}; exit code {self.process.exitcode})"
        self.kill()
        return None

    @property
    def alive(self) -> bool:
        return self.process.is_alive() and not self.conn.closed

    def kill(self) -> None:
        with contextlib.suppress(OSError):
            self.conn.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)


class BotScheduler:
    """Runs bot decisions on worker processes, fairly between matches.

    Searching bots think on workers below the server's CPU priority, the others on a
    worker at the server's own (a random or heuristic bot is part of serving a person
    its opponent's move); a quick decision may borrow an idle searching worker.

    Args:
        workers: worker processes (at least 1): one for quick bots, the rest for searches.
        nice: how far below the server's CPU priority the searching workers run.
        max_seconds: the per-decision limit. A worker that has used more than ``2 *
            max_seconds + 2`` seconds of processor time thinking about a decision, or
            taken ``20 * max_seconds + 30`` seconds in all, is killed, and the decision
            is lost (``None``). Processor time, not the clock: a search stops itself at
            the limit, and a searching worker runs at a low priority, so on a saturated
            machine it may wait for a processor for seconds without overrunning anything.
        load_seconds: the processor time a worker may take to make a bot before it
            thinks (:data:`LOAD_SECONDS`): making it is not thinking.
    """

    def __init__(
        self, workers: int, *, nice: int, max_seconds: float, load_seconds: float = LOAD_SECONDS
    ) -> None:
        self.share = FairShare(max(1, workers))
        self.cpu_limit = 2 * max_seconds + 2.0
        self.load_limit = load_seconds
        self.wall_limit = 20 * max_seconds + 30.0
        quick = max(1, self.share.workers - self.share.heavy_limit)
        # the niceness of each worker there is to be, quick ones first
        self._kinds = [0] * quick + [nice] * (self.share.workers - quick)
        self._idle: list[_Worker] = []
        self._all: set[_Worker] = set()
        self._lock = threading.Lock()
        self._threads = ThreadPoolExecutor(self.share.workers, thread_name_prefix="ecotone-botio")
        self._closed = False

    async def decide(self, owner: str, job: Job, *, searching: bool) -> Outcome | None:
        """Run ``job`` for match ``owner`` when its turn comes; ``None`` if it failed to
        answer in time (or the scheduler is closing)."""
        async with self.share.slot(owner, searching) as grant:
            if self._closed:
                return None
            loop = asyncio.get_running_loop()
            outcome = await loop.run_in_executor(self._threads, self._call, job, grant.heavy)
            if outcome is not None:
                grant.seconds, grant.cpu = outcome.seconds, outcome.cpu
            return outcome

    async def warm(self, timeout: float = 60.0) -> None:
        """Start the workers (the first of the process also starts the fork server, which
        loads the game modules), so that the first decisions need not wait for them.
        Waits at most ``timeout`` seconds: a worker not ready by then is left to finish
        starting in the background."""
        started = [
            asyncio.wrap_future(self._threads.submit(self._start, nice)) for nice in self._kinds
        ]
        await asyncio.wait(started, timeout=timeout)

    def _start(self, nice: int) -> None:
        if self._closed:
            return
        worker = _Worker(nice)
        with self._lock:
            self._all.add(worker)
            self._idle.append(worker)

    def _take(self, heavy: bool) -> _Worker:
        """An idle worker of the kind ``heavy`` asks for, else any idle one, else a new one
        of the kind missing."""
        with self._lock:
            self._idle = [w for w in self._idle if w.alive]
            if self._idle:
                self._idle.sort(key=lambda w: (w.nice > 0) != heavy)
                return self._idle.pop(0)
            live = sorted(w.nice for w in self._all if w.alive)
            missing = list(self._kinds)
            for nice in live:
                if nice in missing:
                    missing.remove(nice)
            nice = (max if heavy else min)(missing or self._kinds)
        worker = _Worker(nice)
        with self._lock:
            self._all.add(worker)
        return worker

    def _call(self, job: Job, heavy: bool) -> Outcome | None:
        worker = self._take(heavy)
        outcome = worker.call(encode_job(job), self.cpu_limit, self.wall_limit, self.load_limit)
        with self._lock:
            if outcome is None:
                self._all.discard(worker)
                if not self._closed:  # (closing kills the workers in the middle of a job)
                    log.warning("a bot worker %s; it was replaced", worker.why)
            elif self._closed:
                worker.kill()
            else:
                self._idle.append(worker)
        if outcome is not None and outcome.unloadable and not self._closed:
            # A game or bot registered at run time that no worker can import: the
            # server's own registries know it, so it is decided here, on this thread,
            # within the same budget (no process to kill if it overran, though).
            outcome = decide(job, worker=False)
        return outcome

    def forget(self, owner: str) -> None:
        """A match ended: forget its usage."""
        self.share.forget(owner)

    def close(self) -> None:
        """Stop every worker."""
        self._closed = True
        self._threads.shutdown(wait=False, cancel_futures=True)
        with self._lock:
            workers = list(self._all)
            self._all.clear()
            self._idle.clear()
        for worker in workers:
            worker.kill()
