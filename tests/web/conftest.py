"""Fixtures for the browser tests: a real server process and Debian's Chromium.

The server is ``python -m ecotone serve`` on a free port with a fresh SQLite file, dealing
every match from a fixed number and its configuration (``--seed-matches``), so each test
sees the same game on every run.
Chromium is driven by Playwright for Python, using Debian's browser: its headless shell
``/usr/bin/chromium-headless-shell`` where installed, else ``/usr/bin/chromium``
(Playwright's own browser download cannot work here: never run ``playwright install``).
Without playwright or Chromium the tests are skipped, except under ``CI=true``, where
that is a failure. Screenshots go to ``tests/web/artifacts/``.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# Debian's Chromium headless shell (package chromium-headless-shell) where it is installed:
# the same browser engine as the chromium package without the browser's own windows, so a
# new context (a person) and a page load take a third to a half of their time there. The
# full browser is the fallback. ECOTONE_TEST_CHROMIUM names another build to drive.
CHROMIUMS = (Path("/usr/bin/chromium-headless-shell"), Path("/usr/bin/chromium"))
CHROMIUM = Path(
    os.environ.get("ECOTONE_TEST_CHROMIUM")
    or next((c for c in CHROMIUMS if c.exists()), CHROMIUMS[-1])
)
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).parent / "artifacts"
SEED = 20240601  # the server deals every match from this and the match's configuration


def _missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true but {reason}: .ci/run must install it")
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """A running ``ecotone serve`` process."""

    def __init__(self, url: str, proc: subprocess.Popen[bytes]) -> None:
        self.url = url
        self.proc = proc

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=10) as res:
            return json.loads(res.read())

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> Any:
        """A JSON call as another client would make it (``token``: its bearer token).
        A refusal fails the test with the server's own words, not a bare status."""
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        req = urllib.request.Request(
            self.url + path, data=json.dumps(body).encode(), headers=headers, method="POST"
        )
        try:
            with urllib.request.urlopen(req, timeout=30) as res:
                return json.loads(res.read())
        except urllib.error.HTTPError as refused:
            with refused:
                said = refused.read().decode(errors="replace")
            raise AssertionError(f"POST {path} {body}: {refused.code} {said}") from None


def launch(port: int, db: Path, log: Path) -> Server:
    """Start ``ecotone serve`` on ``port`` with the SQLite file ``db`` (its output appended
    to ``log``) and wait until it answers; the tests' settings, seeded deals included."""
    out = log.open("ab")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ecotone",
            "serve",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{db}",
            "--bot-delay",
            "0.02",
            "--http-rate",
            "500",
            # every page of every test comes from 127.0.0.1: the caps per address are
            # for the world's addresses, not for one test machine's
            "--ws-per-address",
            "10000",
            "--seed-matches",
            str(SEED),
            "--log-level",
            "warning",
        ],
        stdout=out,
        stderr=subprocess.STDOUT,
    )
    out.close()  # the process has its own copy
    srv = Server(f"http://127.0.0.1:{port}", proc)
    deadline = time.monotonic() + 180  # only a stuck start reaches it, however loaded the machine
    while True:
        try:
            srv.get("/api/v1/health")
            return srv
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail(f"the server did not start: see {log}")
            time.sleep(0.2)


def stop(srv: Server) -> None:
    """End a server started by :func:`launch`, politely first."""
    srv.proc.terminate()
    try:
        srv.proc.wait(10)
    except subprocess.TimeoutExpired:
        srv.proc.kill()
        srv.proc.wait(10)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the whole session (every test makes its own matches)."""
    tmp = tmp_path_factory.mktemp("web-server")
    srv = launch(free_port(), tmp / "ecotone.db", tmp / "server.log")
    yield srv
    stop(srv)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, through Playwright."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the playwright Python package is not installed (pip install playwright)")
    if not CHROMIUM.exists():
        _missing(
            f"Chromium is not installed at {CHROMIUM} (apt-get install chromium-headless-shell)"
        )
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any, server: Server) -> Iterator[Any]:
    """A fresh browser context (its own sessionStorage) on the lobby."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server.url + "/")
    yield pg
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


@pytest.fixture
def new_page(browser: Any, server: Server) -> Iterator[Any]:
    """A factory of further independent browser contexts (another person)."""
    contexts: list[Any] = []

    def make() -> Any:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(context)
        pg = context.new_page()
        pg.goto(server.url + "/")
        return pg

    yield make
    for c in contexts:
        c.close()


def shot(page: Any, name: str) -> Path:
    """Save a full-page screenshot as a test artifact."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
