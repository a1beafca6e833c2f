"""`ecotone serve`: a database (or setting) that cannot work is one line and status 2, before
the server prints its address.

The server itself never starts here: ``uvicorn.run`` is replaced by a stand-in that
records the call, so these tests open no port.
"""

from __future__ import annotations

import socket
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from ecotone.cli.main import main

Argv = Callable[[Path], list[str]]


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The calls to ``uvicorn.run``: a server that would have started."""
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append({"app": app, **kw}))
    return calls


def _closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _file_as_folder(tmp: Path) -> list[str]:
    (tmp / "a-file").write_text("", encoding="utf-8")
    return ["--db", f"sqlite:///{tmp / 'a-file' / 'ecotone.db'}"]


def _deeper_under_a_file(tmp: Path) -> list[str]:
    (tmp / "a-file").write_text("", encoding="utf-8")
    return ["--db", f"sqlite:///{tmp / 'a-file' / 'more' / 'ecotone.db'}"]


def _default_under_a_file(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    (tmp / "a-file").write_text("", encoding="utf-8")
    monkeypatch.setenv("ECOTONE_DATA", str(tmp / "a-file" / "data"))
    return []


CASES: dict[str, tuple[Argv, str]] = {
    "not a URL": (lambda t: ["--db", "not a url"], "is not a database URL"),
    "empty URL": (lambda t: ["--db", ""], "is not a database URL"),
    "unknown scheme": (lambda t: ["--db", "nosuchdb://host/x"], "not 'nosuchdb'"),
    "a database Ecotone does not support": (
        lambda t: ["--db", "mysql://me@localhost/ecotone"],
        "SQLite or PostgreSQL, not 'mysql'",
    ),
    "a web address": (lambda t: ["--db", "http://localhost/"], "not 'http'"),
    "unreachable PostgreSQL": (
        lambda t: ["--db", f"postgresql://me@127.0.0.1:{_closed_port()}/ecotone"],
        "Connection refused",
    ),
    "an SQLite folder that is a file": (_file_as_folder, "a-file is a file, not a folder"),
    "an SQLite folder under a file": (_deeper_under_a_file, "a folder on its path is a file"),
    "a clock of no time": (
        lambda t: ["--move-seconds", "0"],
        "--move-seconds must be a positive number, not 0",
    ),
    "a clock under the server's floor": (
        lambda t: ["--move-seconds", "1"],
        "--move-seconds must be at least 3, not 1",
    ),
    "bots that never move": (lambda t: ["--bot-delay", "nan"], "--bot-delay must be a finite"),
    "no requests allowed": (lambda t: ["--http-rate", "0"], "--http-rate must be a positive"),
    "an SQLite file that is a folder": (
        lambda t: ["--db", f"sqlite:///{t}"],
        "unable to open database file",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_server_that_cannot_work_stops_before_it_starts(
    case: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    started: list[dict[str, Any]],
) -> None:
    argv, fragment = CASES[case]
    code = main(["serve", *argv(tmp_path)])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""  # no address was printed
    assert started == []
    assert err.startswith("ecotone: error: ")
    assert err.count("\n") == 1, err
    assert fragment in err
    assert "Traceback" not in err


def test_the_default_database_is_checked_too(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    started: list[dict[str, Any]],
) -> None:
    code = main(["serve", *_default_under_a_file(tmp_path, monkeypatch)])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert started == []
    assert err.startswith("ecotone: error: cannot make the folder for the default database: ")
    assert err.count("\n") == 1


def test_a_password_is_never_shown(
    capsys: pytest.CaptureFixture[str], started: list[dict[str, Any]]
) -> None:
    url = f"postgresql://me:hunter2@127.0.0.1:{_closed_port()}/ecotone"
    assert main(["serve", "--db", url]) == 2
    err = capsys.readouterr().err
    assert "hunter2" not in err
    assert "me:***@127.0.0.1" in err


def test_a_usable_database_is_ready_before_the_address_is_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], started: list[dict[str, Any]]
) -> None:
    path = tmp_path / "new" / "ecotone.db"
    code = main(["serve", "--db", f"sqlite:///{path}", "--port", "8765"])
    out, err = capsys.readouterr()
    assert code == 0
    assert err == ""
    assert out == f"Ecotone server: open http://127.0.0.1:8765/  (database: sqlite:///{path})\n"
    assert len(started) == 1
    assert started[0]["port"] == 8765
    # the schema is in place: the server's first request will not be its first write
    with sqlite3.connect(path) as db:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    assert "alembic_version" in tables


def test_serve_without_the_server_packages_says_how_to_install_them(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # a player's light install has no server stack: one line, exit 2, no traceback
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'ecotone[serve]'" in err
    assert "Traceback" not in err
