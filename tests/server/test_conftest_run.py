"""The server tests' own helper for coroutines: it must work whatever ran before it."""

from __future__ import annotations

import asyncio

from tests.server.conftest import run_async


async def _answer() -> int:
    await asyncio.sleep(0)
    return 42


def test_run_async_runs_a_coroutine() -> None:
    assert run_async(_answer()) == 42


def test_run_async_inside_a_running_loop() -> None:
    """As in a worker where Playwright's sync API keeps a loop running (asyncio.run fails)."""

    async def outer() -> int:
        return run_async(_answer())

    assert asyncio.run(outer()) == 42
