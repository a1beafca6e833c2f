"""Playing a batch's chunks of games as Ray tasks (``--ray local|ADDRESS`` of ``ecotone
simulate``, ``tournament`` and ``balance``; :mod:`ecotone.sim.pool` calls it).

Ray is optional (``pip install 'ecotone[ray]'``) and imported only here. Each chunk of
games becomes one task running the very function a local worker process runs, so the
results are the same as with ``--workers``. ``"local"`` starts a Ray instance on this
machine for the run; any other address joins a running cluster, whose nodes need the
same version of Ecotone installed.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from ecotone.core.errors import ConfigError

__all__ = ["run"]

P = TypeVar("P")
J = TypeVar("J")
R = TypeVar("R")


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail at once on a cluster address nothing answers at (Ray itself retries for minutes).

    Raises:
        ConfigError: when ``host:port`` (or ``ray://host:port``) refuses or times out.
    """
    if address in ("local", "auto"):
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return  # not host:port; let Ray read it
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as exc:
        raise ConfigError(
            "config/ray-unreachable",
            f"no Ray cluster answers at {address}: {exc.strerror or exc}; "
            "start one ('ray start --head') or use --ray local",
        ) from None


def run(
    play: Callable[[P, Sequence[J]], list[R]],
    plan: P,
    chunks: Sequence[Sequence[J]],
    address: str,
    failed: Callable[[P, Sequence[J], BaseException], list[R]],
) -> Iterator[list[R]]:
    """Run ``play(plan, chunk)`` for every chunk on Ray; yield each chunk's results as it ends.

    A task that fails (its worker died, say) yields ``failed(plan, chunk, error)``.

    Raises:
        ConfigError: when Ray is not installed or the cluster cannot be reached.
    """
    try:
        import ray  # noqa: PLC0415 - optional, loaded only for --ray
    except ImportError:
        raise ConfigError(
            "config/no-ray", "--ray needs Ray, which is not installed: pip install 'ecotone[ray]'"
        ) from None
    started = False
    if not ray.is_initialized():
        _check_reachable(address)
        try:
            ray.init(
                address=address,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.WARNING,
            )
        except (ConnectionError, ValueError, RuntimeError) as exc:
            raise ConfigError(
                "config/ray-unreachable", f"cannot start Ray at {address!r}: {exc}"
            ) from None
        started = True
    task = ray.remote(play)
    pending = {task.remote(plan, chunk): chunk for chunk in chunks}
    try:
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                chunk = pending.pop(ref)
                try:
                    yield ray.get(ref)
                except Exception as exc:  # a task or its worker failed
                    yield failed(plan, chunk, exc)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()
