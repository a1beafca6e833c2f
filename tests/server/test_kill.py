"""A real server process is killed with SIGKILL mid-game and restarted on the same database:
every match resumes exactly where it was, every acknowledged action (and take-back) is
there, bots go on.

On SQLite in the default run; on PostgreSQL in the slow run, which CI runs with its
PostgreSQL too (each test starts a server twice: seconds of a default run's budget)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from ecotone.core.replay import Replay
from ecotone.server.store import Store

FOREST = "once-upon-a-forest"
ROOT = Path(__file__).resolve().parents[2]


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _http(url: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        out: dict[str, Any] = json.loads(resp.read())
        return out


def _serve(db: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as err:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "ecotone",
                "serve",
                "--port",
                str(port),
                "--db",
                db,
                "--bot-delay",
                "0",
                "--log-level",
                "warning",
            ],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
    give_up = time.monotonic() + 90  # a loaded CI machine can take a while to import
    while time.monotonic() < give_up:
        try:
            _http(f"http://127.0.0.1:{port}/api/v1/health")
            return proc
        except OSError:
            if proc.poll() is not None:
                raise AssertionError(log.read_text()) from None
            time.sleep(0.1)
    proc.kill()
    proc.wait(10)
    raise AssertionError("the server did not start")


class Seat:
    """A person at a seat, over a websocket."""

    def __init__(self, port: int, match_id: str, token: str, since: int | None = None) -> None:
        self.ws: ClientConnection = connect(
            f"ws://127.0.0.1:{port}/api/v1/matches/{match_id}/ws", open_timeout=10
        ).__enter__()
        hello: dict[str, Any] = {"type": "hello", "protocol": 1, "token": token}
        if since is not None:
            hello["since"] = since
        self.ws.send(json.dumps(hello))
        self.welcome = self.recv()
        self.view = self.until(lambda m: m["type"] == "update")

    def recv(self) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(self.ws.recv(timeout=30))
        return msg

    def until(self, pred: Any) -> dict[str, Any]:
        while True:
            msg = self.recv()
            if pred(msg):
                return msg

    def poll(self) -> None:
        """Take in whatever has arrived (waiting a little)."""
        try:
            while True:
                msg: dict[str, Any] = json.loads(self.ws.recv(timeout=0.003))
                if msg["type"] == "update":
                    self.view = msg
        except TimeoutError:
            return

    def full(self) -> dict[str, Any]:
        """The whole view, log from the start."""
        self.ws.send(json.dumps({"type": "sync"}))
        return self.until(lambda m: m["type"] == "update")

    def my_turn(self) -> dict[str, Any]:
        """The next view where this seat must decide (or the end)."""
        while not (self.view["legal"] or self.view["status"] == "over"):
            self.view = self.until(lambda m: m["type"] == "update")
        return self.view

    def act(self) -> dict[str, Any]:
        view = self.my_turn()
        if not view["legal"]:  # the match ended meanwhile
            return view
        choice = view["legal"][view["version"] % len(view["legal"])]
        for _ in range(50):
            self.ws.send(
                json.dumps(
                    {
                        "type": "act",
                        "version": view["version"],
                        "action": choice["action"],
                        "ref": str(view["version"]),
                    }
                )
            )
            ack = self.until(lambda m: m["type"] in ("ack", "error"))
            if ack.get("code") != "limit/rate":  # a fast script meets the rate limit
                break
            time.sleep(0.2)
        assert ack["type"] == "ack", ack
        self.last = (ack["version"], choice["action"])
        self.view = self.until(lambda m: m["type"] == "update" and m["version"] >= ack["version"])
        return ack


def _take_back(port: int, base: str) -> tuple[str, str, int, dict[str, Any]]:
    """A person places a card against a bot, then takes it back (acknowledged): the
    match, the person's token, the version of the step taken back, and the view before it."""
    made = _http(
        f"{base}/matches",
        {
            "game": FOREST,
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
            "join": {"name": "cy"},
        },
    )
    mid, token = made["match"]["id"], made["token"]
    cy = Seat(port, mid, token)
    for _ in range(60):  # draw until a card can be placed, then place it
        before = cy.my_turn()
        places = [a for a in before["legal"] if a["action"]["type"] == "place"]
        choice = (places or before["legal"])[0]["action"]
        cy.ws.send(json.dumps({"type": "act", "version": before["version"], "action": choice}))
        placed: int = cy.until(lambda m: m["type"] == "ack")["version"]
        cy.view = cy.until(lambda m, at=placed: m["type"] == "update" and m["version"] >= at)
        if places:
            break
    else:
        raise AssertionError("no card to place in 60 turns")
    cy.ws.send(json.dumps({"type": "undo", "version": placed, "ref": "u"}))
    ack = cy.until(lambda m: m["type"] in ("ack", "error"))
    assert ack == {"type": "ack", "ref": "u", "version": placed + 1, "pending": False}
    cy.ws.close()
    return mid, token, placed, before


def _taken_back_still(port: int, mid: str, token: str, placed: int, before: dict[str, Any]) -> None:
    """After the restart: the match resumes at the take-back's version, a client that had
    seen the step taken back is told it is gone, and play goes on from there."""
    cy = Seat(port, mid, token, since=placed)
    view = cy.view
    assert view["version"] == placed + 1
    assert [e["version"] for e in view["log"]] == [placed + 1]
    assert view["log"][0]["took_back"]["version"] == placed
    assert view["observation"] == before["observation"]
    assert view["legal"] == before["legal"]
    cy.act()
    assert cy.last[0] == placed + 2
    cy.ws.close()


def _kill_restart(db_url: str, tmp: Path) -> None:
    port = _port()
    proc = _serve(db_url, port, tmp / "server.log")
    base = f"http://127.0.0.1:{port}/api/v1"
    try:
        quiet = _http(
            f"{base}/matches",
            {
                "game": FOREST,
                "players": 2,
                "seed": None,
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
                "join": {"name": "ann"},
            },
        )
        busy = _http(
            f"{base}/matches",
            {
                "game": FOREST,
                "players": 3,
                "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
                "join": {"name": "bo"},
            },
        )
        taken = _take_back(port, base)
        qid, bid = quiet["match"]["id"], busy["match"]["id"]
        bea = _http(f"{base}/matches/{bid}/join", {"name": "bea"})["token"]
        q = Seat(port, qid, quiet["token"])
        b1, b2 = Seat(port, bid, busy["token"]), Seat(port, bid, bea)
        for _ in range(4):
            q.act()
        for _ in range(3):
            for s in (b1, b2):
                if s.my_turn()["legal"]:
                    s.act()
        # the quiet match is waiting for its person: nothing can change it
        q.my_turn()
        before = q.full()
        # the busy one: kill right after an acknowledgement, bots maybe mid-move
        turn = b1 if b1.my_turn()["legal"] else b2
        turn.act()
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        acked_version, acked_action = turn.last
        for s in (q, b1, b2):
            s.ws.close()
        store = Store(db_url)
        stored = {m: store.load(m) for m in (qid, bid)}
        store.close()

        proc = _serve(db_url, port, tmp / "server.log")
        q = Seat(port, qid, quiet["token"])
        assert q.view["version"] == before["version"]
        assert q.view["observation"] == before["observation"]
        assert q.view["log"] == before["log"]
        assert q.view["legal"] == before["legal"]
        _taken_back_still(port, *taken)
        b1, b2 = Seat(port, bid, busy["token"]), Seat(port, bid, bea)
        entry = next(e for e in b1.view["log"] if e["version"] == acked_version)
        assert entry["action"] == acked_action or b1 is not turn
        assert b1.view["version"] >= acked_version
        for record in stored.values():
            assert record is not None
            assert record.match.version == len(record.moves)
            assert record.match.digest == record.moves[-1].digest
        # the quiet match is played to the end, the busy one for a while: bots carry on
        while q.view["status"] != "over":
            q.act()
        resumed_at = b1.view["version"]
        while b1.view["version"] < resumed_at + 12 and b1.view["status"] != "over":
            for s in (b1, b2):
                s.poll()
                if s.view["status"] != "over" and s.view["legal"]:
                    s.act()
        b1.poll()
        later = Store(db_url)
        busy_now = later.load(bid)
        later.close()
        assert busy_now is not None
        assert {m.by for m in busy_now.moves[resumed_at:]} >= {"bot"}
        for mid, record in stored.items():
            assert record is not None
            now = busy_now
            if mid == qid:
                with urllib.request.urlopen(f"{base}/matches/{mid}/replay", timeout=30) as resp:
                    replay = Replay.from_json(resp.read())
                assert replay.verify().is_over
                assert replay.seed == record.match.seed
                steps = [(st.seat, st.action) for st in replay.steps]
            else:
                steps = [(m.seat, json.loads(m.action)) for m in now.moves]
            # the match went on from exactly the state stored when the server was killed
            assert steps[: record.match.version] == [
                (m.seat, json.loads(m.action)) for m in record.moves
            ]
        for s in (q, b1, b2):
            s.ws.close()
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(10)


# Both backends: SQLite by default, PostgreSQL in the slow run (the db_url fixture's own
# parameters, marked).
BACKENDS = pytest.mark.parametrize(
    "db_url", ["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)], indirect=True
)


@BACKENDS
def test_kill_9_and_restart(db_url: str, tmp_path: Path) -> None:
    """Three matches when the server is killed: one waiting for its person, one whose
    seats and bot are moving, and one where a decision was just taken back."""
    _kill_restart(db_url, tmp_path)
