"""Helpers for driving the server in tests: create/join over HTTP, talk over websockets."""

from __future__ import annotations

import json
import time
import weakref
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

API = "/api/v1"


def create(
    client: TestClient,
    game: str,
    players: int,
    *,
    seats: list[str | None] | None = None,
    seed: int | None = 1,
    join: bool = True,
    **extra: Any,
) -> tuple[str, str | None]:
    """Create a match (``seats``: None for a person, else a bot spec); the creator
    joins the first human seat. Returns the match id and the creator's token."""
    body: dict[str, Any] = {"game": game, "players": players, **extra}
    if seed is not None:
        body["seed"] = seed
    if seats is not None:
        body["seats"] = [
            {"kind": "human"} if s is None else {"kind": "bot", "bot": s} for s in seats
        ]
    if join:
        body["join"] = {"name": "creator"}
    r = client.post(f"{API}/matches", json=body)
    assert r.status_code == 201, r.text
    data = r.json()
    return data["match"]["id"], data["token"]


def join(client: TestClient, match_id: str, seat: int | None = None, name: str = "x") -> str:
    """Join a seat; its token."""
    r = client.post(f"{API}/matches/{match_id}/join", json={"seat": seat, "name": name})
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


def auth(token: str) -> dict[str, str]:
    """The header carrying a seat token."""
    return {"Authorization": f"Bearer {token}"}


class Conn:
    """A websocket session with a message buffer."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.seen: list[dict[str, Any]] = []
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send_text(json.dumps(message))

    def recv(self) -> dict[str, Any]:
        msg: dict[str, Any] = self.ws.receive_json()
        self.seen.append(msg)
        return msg

    def until(self, pred: Callable[[dict[str, Any]], bool], limit: int = 500) -> dict[str, Any]:
        """Read messages until one satisfies ``pred``."""
        for _ in range(limit):
            msg = self.recv()
            if pred(msg):
                return msg
        raise AssertionError(f"no matching message in {limit}")

    def sync(self) -> list[dict[str, Any]]:
        """Everything queued before a ping's pong (the connection is then idle)."""
        ref = f"sync-{time.monotonic_ns()}"
        self.send({"type": "ping", "ref": ref})
        out = []
        while True:
            msg = self.recv()
            if msg["type"] == "pong" and msg.get("ref") == ref:
                return out
            out.append(msg)

    def update(self) -> dict[str, Any]:
        """The latest view (asks for it)."""
        self.send({"type": "sync", "since": None})
        return self.until(lambda m: m["type"] == "update")


# Waiting for the others (bots on the server's threads) is counted in polls, not timed:
# on a loaded machine the polls slow down with the bots, so no wall-clock limit can fail
# a correct test. Each poll sleeps a moment to leave the server the processor.
POLLS_PER_TURN = 20_000
# How long a request the server refused with ``limit/rate`` waits before it is sent again.
_SLOWER = 0.25


def my_turn(client: TestClient, match_id: str, token: str) -> dict[str, Any]:
    """The seat's next view with something to decide, or the finished match's view.

    A poll the server asks to slow down (``limit/rate``: a server with the default HTTP
    limits, whose bot takes seconds over a move) waits a little longer before the next."""
    view: dict[str, Any] = {}
    for _ in range(POLLS_PER_TURN):
        r = client.get(f"{API}/matches/{match_id}/view", headers=auth(token))
        if r.status_code == 429:
            time.sleep(_SLOWER)
            continue
        view = r.json()
        if view["status"] == "over" or view["legal"]:
            return view
        time.sleep(0.001)
    raise AssertionError(
        f"match {match_id}: the seat's turn did not come in {POLLS_PER_TURN} polls "
        f"(status {view.get('status')}, version {view.get('version')})"
    )


def play_to_the_end(
    client: TestClient, match_id: str, token: str, max_moves: int, key: str = "action"
) -> dict[str, Any]:
    """Take the last listed action (sent as its ``key``: ``action`` or ``text``) for the
    token's seat until the match is over; its final view. The budget is in moves: a
    match not over after ``max_moves`` of them fails."""
    for _ in range(max_moves + 1):
        view = my_turn(client, match_id, token)
        if view["status"] == "over":
            return view
        body = {"version": view["version"], "action": view["legal"][-1][key]}
        r = client.post(f"{API}/matches/{match_id}/actions", json=body, headers=auth(token))
        while r.status_code == 429:  # (bounded by the server's own rate: it refills)
            time.sleep(_SLOWER)
            r = client.post(f"{API}/matches/{match_id}/actions", json=body, headers=auth(token))
        assert r.status_code == 200, r.text
    raise AssertionError(f"match {match_id} is not over after {max_moves} moves of the seat")


def open_ws(
    client: TestClient, match_id: str, token: str | None = None, since: int | None = None
) -> tuple[Conn, dict[str, Any], dict[str, Any]]:
    """Open a session; returns it with the welcome and the first update."""
    ws = client.websocket_connect(f"{API}/matches/{match_id}/ws").__enter__()
    conn = Conn(ws)
    _OPEN.setdefault(client, []).append(conn)
    hello: dict[str, Any] = {"type": "hello", "protocol": 1}
    if token is not None:
        hello["token"] = token
    if since is not None:
        hello["since"] = since
    conn.send(hello)
    welcome = conn.recv()
    assert welcome["type"] == "welcome", welcome
    first = conn.recv()
    assert first["type"] == "update", first
    return conn, welcome, first


def close(conn: Conn) -> None:
    """Close a session (once: closing it again does nothing)."""
    if not conn.closed:
        conn.closed = True
        conn.ws.__exit__(None, None, None)


#: The sessions :func:`open_ws` opened, by the client they were opened on (held weakly:
#: a client gone takes its list along). A client that stops waits for every session's
#: task, so a test that fails with a session open would hang in its client's teardown
#: instead of failing: :func:`close_sessions` closes them first (tests/server/conftest.py
#: has every client do so).
_OPEN: weakref.WeakKeyDictionary[TestClient, list[Conn]] = weakref.WeakKeyDictionary()


def close_sessions(client: TestClient) -> None:
    """Close every session :func:`open_ws` opened on ``client`` and left open."""
    for conn in _OPEN.pop(client, []):
        close(conn)
