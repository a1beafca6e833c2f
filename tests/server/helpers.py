"""Helpers for driving the server in tests: create/join over HTTP, talk over websockets."""

from __future__ import annotations

import json
import time
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


def open_ws(
    client: TestClient, match_id: str, token: str | None = None, since: int | None = None
) -> tuple[Conn, dict[str, Any], dict[str, Any]]:
    """Open a session; returns it with the welcome and the first update."""
    ws = client.websocket_connect(f"{API}/matches/{match_id}/ws").__enter__()
    conn = Conn(ws)
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
    """Close a session."""
    conn.ws.__exit__(None, None, None)
