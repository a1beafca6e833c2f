"""Where a batch's games are played: in this process, in local worker processes, or on Ray.

``ecotone simulate``, ``tournament`` and ``balance`` cut their games into chunks and hand
them here with the function that plays a chunk (a module-level function, so that a
worker process or a Ray task can import it) and what it needs (the *plan*, sent to each
worker). Whoever plays a chunk, its results are the same: every game's deal comes from
the batch's seed and the game's index, never from the worker or the order chunks end.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import signal
from collections.abc import Callable, Generator, Sequence
from typing import TypeVar

from ecotone.bots.tuning import tune_for_search

__all__ = ["play_chunks", "start_worker"]

P = TypeVar("P")
J = TypeVar("J")
R = TypeVar("R")


def play_chunks(
    play: Callable[[P, Sequence[J]], list[R]],
    plan: P,
    chunks: Sequence[Sequence[J]],
    failed: Callable[[P, Sequence[J], BaseException], list[R]],
    *,
    workers: int = 1,
    ray: str | None = None,
) -> Generator[list[R], None, None]:
    """Yield ``play(plan, chunk)`` for every chunk, as each ends (in this process, in
    chunk order; elsewhere, in the order they finish).

    A chunk whose worker failed (died, say) yields ``failed(plan, chunk, error)``. Close
    the iterator to stop early: the chunks not started are cancelled.

    Args:
        workers: local processes; 1 plays in this process (ignored with ``ray``).
        ray: ``"local"`` to start Ray on this machine for the run, or a running
            cluster's address (:mod:`ecotone.sim.onray`).

    Raises:
        ConfigError: when Ray is asked for and not installed, or cannot be reached.
    """
    if ray:
        from ecotone.sim import onray  # noqa: PLC0415 - Ray loads only when asked for

        yield from onray.run(play, plan, chunks, ray, failed)
    elif workers <= 1:
        for chunk in chunks:
            yield play(plan, chunk)
    else:
        yield from _processes(play, plan, chunks, failed, workers)


def start_worker() -> None:
    """What a simulation's worker process does first (a process pool's ``initializer``):
    ignore Ctrl-C, which reaches the whole process group while the parent alone decides
    how to stop, and tune the collector for running bots."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    tune_for_search()


def _processes(
    play: Callable[[P, Sequence[J]], list[R]],
    plan: P,
    chunks: Sequence[Sequence[J]],
    failed: Callable[[P, Sequence[J], BaseException], list[R]],
    workers: int,
) -> Generator[list[R], None, None]:
    # "spawn" starts clean interpreters: no inherited threads or locks (fork's hazards),
    # and the same behaviour on Linux, macOS and Windows.
    context = multiprocessing.get_context("spawn")
    with cf.ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=start_worker
    ) as pool:
        futures = {pool.submit(play, plan, chunk): chunk for chunk in chunks}
        try:
            for future in cf.as_completed(futures):
                try:
                    done = future.result()
                except Exception as exc:  # a worker that died
                    done = failed(plan, futures[future], exc)
                yield done
        except BaseException:
            # an interrupt, or the caller closing this generator (GeneratorExit)
            pool.shutdown(wait=False, cancel_futures=True)
            raise
