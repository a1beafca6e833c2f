"""The server tests' own helpers: the one for coroutines must work whatever ran before
it, and a client must stop even when a test fails with a session open."""

from __future__ import annotations

import asyncio
import threading

from fastapi.testclient import TestClient

from ecotone.server import create_app
from tests.server.conftest import make_settings, run_async
from tests.server.helpers import Conn, create, open_ws


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


def test_a_client_left_with_a_session_open_stops(sqlite_url: str, toy: str) -> None:
    """A test that fails with a websocket session open fails: its client closes the
    session before it stops (it would wait for the session's task for ever). Run on a
    thread of its own, so that a client that hangs fails this test instead of hanging it."""
    failed: list[BaseException] = []
    opened: list[Conn] = []

    def failing_test() -> None:
        try:
            with TestClient(create_app(make_settings(sqlite_url))) as client:
                mid, token = create(client, toy, 2, seed=5)
                opened.append(open_ws(client, mid, token)[0])
                raise AssertionError("the test's own failure")
        except AssertionError as error:
            failed.append(error)

    runner = threading.Thread(target=failing_test, daemon=True)
    runner.start()
    runner.join(60)  # a bound on a hang, not a measure of speed
    assert not runner.is_alive(), "the client hung with a session open"
    assert [str(e) for e in failed] == ["the test's own failure"]
    assert opened[0].closed
