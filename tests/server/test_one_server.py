"""One server per database: a second one refuses to start, saying why.

The abuse as found: two server processes on one SQLite file; the second failed its
writes to a match the first had moved on, never reloaded it, and stayed at the old
version for good.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ecotone.server import create_app
from ecotone.server.store import Store, StoreBusy
from tests.server.conftest import make_settings
from tests.server.helpers import API, auth, create

FOREST = "once-upon-a-forest"


def test_a_second_server_on_the_same_database_refuses_to_start(db_url: str) -> None:
    with TestClient(create_app(make_settings(db_url))) as first:
        mid, token = create(first, FOREST, 2, seats=[None, "random"])
        assert token
        second = TestClient(create_app(make_settings(db_url)))
        with pytest.raises(StoreBusy, match="another Ecotone server"):
            second.__enter__()
        # the first goes on serving, alone
        view = first.get(f"{API}/matches/{mid}/view", headers=auth(token)).json()
        body = {"version": view["version"], "action": view["legal"][0]["action"]}
        r = first.post(f"{API}/matches/{mid}/actions", json=body, headers=auth(token))
        assert r.status_code == 200, r.text
    # once the first has stopped, a server starts on the database and finds the move
    with TestClient(create_app(make_settings(db_url))) as later:
        assert later.get(f"{API}/matches/{mid}").json()["version"] >= 1


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(db: str, port: int) -> list[str]:
    return [sys.executable, "-m", "ecotone", "serve", "--port", str(port), "--db", db]


def test_a_second_serve_process_says_why_and_exits(tmp_path: Path) -> None:
    """`ecotone serve` on a database that a server holds: one line naming the holder,
    status 2, nothing served. The holder is this test's own claim, the one a running
    server makes as it starts (the test above: the app's claim)."""
    db = f"sqlite:///{tmp_path / 'one.db'}"
    holder = Store(db)
    holder.claim()
    try:
        second = subprocess.run(
            _serve(db, _free_port()), check=False, capture_output=True, text=True, timeout=120
        )
    finally:
        holder.close()
    assert second.returncode == 2
    assert f"another Ecotone server (process {os.getpid()})" in second.stderr
    assert "Ecotone server: open" not in second.stdout


def test_a_restart_waits_a_moment_for_the_server_that_is_stopping(postgres_db: str) -> None:
    """PostgreSQL frees a session's advisory lock once it has ended the session, a moment
    after the connection closed (longer on a busy machine, or after a kill -9): a server
    started meanwhile waits for it, up to two seconds, rather than calling the database
    taken. (A server that stops releases the lock itself first.)"""
    first = Store(postgres_db)
    first.claim()
    letting_go = threading.Timer(0.5, first.close)
    letting_go.start()
    second = Store(postgres_db)
    try:
        second.claim()
    finally:
        letting_go.join()
        second.close()
    # a server that does not let go is still refused, after the wait
    third, fourth = Store(postgres_db), Store(postgres_db)
    try:
        third.claim()
        with pytest.raises(StoreBusy, match="another Ecotone server"):
            fourth.claim()
    finally:
        fourth.close()
        third.close()
