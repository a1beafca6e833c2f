"""Fixtures for the server tests: a database per test on every backend, and an app.

SQLite always runs. PostgreSQL runs when ``ECOTONE_TEST_POSTGRES_URL`` names a server
(``.ci/run`` starts one): each test gets its own fresh database there. Without it the
PostgreSQL cases are skipped, except under ``CI=true``, where a missing server fails.
"""

from __future__ import annotations

import asyncio
import os
import time
import uuid
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest
from fastapi.testclient import TestClient

from ecotone.server import Settings, create_app
from tests.server.helpers import close_sessions

PG_ENV = "ECOTONE_TEST_POSTGRES_URL"


T = TypeVar("T")


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` to its end from a plain test, in an event loop of its own.

    ``asyncio.run`` refuses to start while another loop runs in the thread, and
    Playwright's sync API leaves one running in a worker that has run a browser test: the
    coroutine then runs on a thread of its own, so the result does not depend on which
    tests a worker ran before.
    """
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


@pytest.fixture(autouse=True)
def _sessions_closed_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test client, the fixture's or a test's own, closes the websocket sessions
    left open on it before it stops: it waits for their tasks, so a test that fails with
    one open would otherwise hang in its teardown instead of failing."""
    stop = TestClient.__exit__

    def stop_after_its_sessions(self: TestClient, *exc: Any) -> None:
        close_sessions(self)
        stop(self, *exc)

    monkeypatch.setattr(TestClient, "__exit__", stop_after_its_sessions)


def _postgres_url() -> str:
    url = os.environ.get(PG_ENV)
    if not url:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but {PG_ENV} is not set: .ci/run must start PostgreSQL")
        pytest.skip(f"PostgreSQL tests need {PG_ENV} (e.g. postgresql://user@127.0.0.1/db)")
    return url


@pytest.fixture
def postgres_db() -> Iterator[str]:
    """A fresh PostgreSQL database for one test, dropped afterwards."""
    import psycopg

    admin = _postgres_url()
    name = f"ecotone_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = admin.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        _drop(admin, name)


def _drop(admin: str, name: str) -> None:
    """Drop database ``name``. An autovacuum worker visiting the new database is no
    session of ours, and ``WITH (FORCE)`` may not end it without the ``pg_signal_backend``
    role: it leaves in a moment, so the drop is tried again a few times."""
    import psycopg

    for attempt in range(20):
        try:
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            return
        except (psycopg.errors.InsufficientPrivilege, psycopg.errors.ObjectInUse):
            if attempt == 19:
                raise
            time.sleep(0.25)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database URL on each backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'ecotone.db'}"
    return str(request.getfixturevalue("postgres_db"))


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """An SQLite database URL (for tests that need only one backend)."""
    return f"sqlite:///{tmp_path / 'ecotone.db'}"


def make_settings(db: str, **overrides: object) -> Settings:
    """Test settings: no bot delay, seeds allowed, generous HTTP limits, short clocks."""
    base: dict[str, object] = {
        "db_url": db,
        "min_move_seconds": 0.1,
        "bot_delay": 0.0,
        "allow_seed": True,
        "http_rate": 10_000.0,
        "http_burst": 10_000.0,
    }
    base.update(overrides)
    return Settings(**base)  # type: ignore[arg-type]


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    """A running app on SQLite, through Starlette's test client."""
    with TestClient(create_app(make_settings(sqlite_url))) as c:
        yield c
