"""The loopback load test behind ``ecotone bench-server``.

It starts a server process (unless given ``url``), then keeps ``games`` matches going at
once: every seat is a random bot running in this process and connected over its own
websocket, exactly like a remote player. A seat that must decide waits a random "think"
time (uniform between 0 and twice ``think``), picks a legal action from its update and
sends it; the round trip is the time from sending the action to receiving its ``ack``,
which the server sends only after the action is checked and committed to the database.
When a match ends another starts, so the load stays constant for ``seconds``.

Beside them it can keep matches of the server's own bots going: ``abusers`` matches whose
every seat is a searching bot at the server's largest budget (what an abusive client can
ask for), and ``bot_matches`` matches of random bots; the report counts the moves each
kind made while measuring, so a run shows whether searching bots slow the people's moves
or starve the quick bots.

With ``rounds`` the abusers do not run throughout: the measurement alternates ``rounds``
quiet phases and ``rounds`` abusive ones on the same server, and the report gives each
kind's round trips and the ratio of their p99s, the quiet phases being the reference
measured in the same run (on a shared machine, separate runs differ far more than the
abusers could make them). An abusive match of a phase is one seat of this load test's,
played at once, and searching bots at every other seat; the load test resigns it when
the phase ends, and the next phase is measured only once the last searches have had
time to stop (:data:`SETTLE_SECONDS`).

The load generator shares the machine with the server: its own CPU time is reported, as
are the server's and the load average, so the figures can be read honestly.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import resource
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

import ecotone

__all__ = ["LoadTest", "run_load_test"]


# Seconds between an abusive phase and the next quiet one (``LoadTest.settle``): a search
# under way when its match was resigned runs to the server's limit (3 s by default) first.
SETTLE_SECONDS = 4.0


@dataclass
class LoadTest:
    """The load test's parameters (see ``ecotone bench-server --help``).

    ``game`` ``None`` plays the first registered game (:func:`ecotone.available_games`).
    """

    games: int = 100
    game: str | None = None
    players: int = 2
    seconds: float = 20.0
    think: float = 1.0
    url: str | None = None
    db: str | None = None
    warmup: float = 3.0
    abusers: int = 0
    abuser_bot: str = "ismcts:iterations=5000"
    bot_matches: int = 0
    rounds: int = 0
    settle: float = SETTLE_SECONDS


@dataclass
class _Tally:
    rtts: list[float] = field(default_factory=list)
    phase: str = ""  # with rounds: "quiet" or "abusive", the phase being measured
    phase_rtts: dict[str, list[float]] = field(default_factory=dict)
    moves: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    finished: int = 0
    measuring: bool = False
    window_start: tuple[float, float, float] = (0.0, 0.0, 0.0)
    window_end: tuple[float, float, float] = (0.0, 0.0, 0.0)
    bot_moves: dict[str, int] = field(default_factory=dict)
    workers_start: dict[int, float] = field(default_factory=dict)
    workers_end: dict[int, float] = field(default_factory=dict)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _request(url: str, body: dict[str, Any] | None = None, token: str = "") -> dict[str, Any]:
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    for _ in range(200):
        req = urllib.request.Request(url, data=data, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                result: dict[str, Any] = json.loads(resp.read())
                return result
        except urllib.error.HTTPError as exc:
            # The error holds the response and its connection: closed now, not whenever
            # the error is collected (an unclosed socket is a warning then, anywhere).
            exc.close()
            if exc.code != 429:
                raise
            time.sleep(0.2)
    raise RuntimeError(f"{url}: still rate-limited")


def _descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (its bot workers and their fork server), from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(parent, []).append(int(entry.name))
    out: list[int] = []
    todo = [pid]
    while todo:
        below = children.get(todo.pop(), [])
        out.extend(below)
        todo.extend(below)
    return out


def _workers_cpu(pid: int) -> dict[int, float]:
    """The processor time of each process below ``pid`` (see :func:`_descendants`)."""
    return {child: _cpu_seconds(child) for child in _descendants(pid)}


def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _start_server(
    db: str | None,
) -> tuple[subprocess.Popen[bytes], str, tempfile.TemporaryDirectory[str]]:
    tmp = tempfile.TemporaryDirectory(prefix="ecotone-bench-")
    port = _free_port()
    db_url = db or f"sqlite:///{tmp.name}/bench.db"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ecotone",
            "serve",
            "--port",
            str(port),
            "--db",
            db_url,
            "--bot-delay",
            "0",
            "--log-level",
            "warning",
            "--http-rate",
            "100000",
            # A seat with no think time moves as fast as the server answers; the
            # per-connection limit meant for people would measure itself, not the server.
            "--ws-rate",
            "100000",
            # every seat connects from this machine: lift the cap per address
            "--ws-per-address",
            "1000000",
        ],
        stdout=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    give_up = time.monotonic() + 90
    while time.monotonic() < give_up and proc.poll() is None:
        try:
            _request(f"{url}/api/v1/health")
            return proc, url, tmp
        except OSError:
            time.sleep(0.1)
    proc.kill()
    proc.wait(10)
    tmp.cleanup()
    raise RuntimeError("the server did not start")


async def _seat(
    ws_url: str, token: str, think: float, tally: _Tally, rnd: random.Random, stop: asyncio.Event
) -> None:
    """Play one seat of a match over its websocket until the match is over or ``stop``.

    The seat leaves by itself when told to stop (it looks every half second), rather
    than being cancelled: a connection cancelled in the middle of its opening or closing
    handshake can be left open, to be found by the collector later."""
    async with connect(ws_url, max_size=2**22, ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
        sent: dict[str, float] = {}
        acted_at = -1
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), 0.5)  # (recv may be cancelled)
            except TimeoutError:
                continue
            except ConnectionClosed:
                return
            msg = json.loads(raw)
            kind = msg["type"]
            if kind == "update":
                if msg["status"] == "over":
                    return
                if msg["legal"] and msg["version"] != acted_at:
                    acted_at = msg["version"]
                    if think:
                        await asyncio.sleep(rnd.uniform(0, 2 * think))
                    ref = f"{msg['version']}"
                    action = rnd.choice(msg["legal"])["action"]
                    sent[ref] = time.perf_counter()
                    await ws.send(
                        json.dumps(
                            {"type": "act", "version": msg["version"], "action": action, "ref": ref}
                        )
                    )
            elif kind == "ack":
                start = sent.pop(msg["ref"], None)
                if start is not None and tally.measuring:
                    rtt = time.perf_counter() - start
                    tally.rtts.append(rtt)
                    tally.moves += 1
                    if tally.phase:
                        tally.phase_rtts.setdefault(tally.phase, []).append(rtt)
            elif kind == "error":
                tally.errors[msg["code"]] = tally.errors.get(msg["code"], 0) + 1
                if msg["code"] == "match/stale":
                    acted_at = -1


async def _game_loop(cfg: LoadTest, url: str, tally: _Tally, stop: asyncio.Event, n: int) -> None:
    rnd = random.Random(n)
    ws_base = url.replace("http://", "ws://")
    while not stop.is_set():
        created = await asyncio.to_thread(
            _request,
            f"{url}/api/v1/matches",
            {"game": cfg.game, "players": cfg.players, "join": {"name": "bench"}},
        )
        match_id = created["match"]["id"]
        tokens = [created["token"]]
        for _ in range(cfg.players - 1):
            joined = await asyncio.to_thread(
                _request, f"{url}/api/v1/matches/{match_id}/join", {"name": "bench"}
            )
            tokens.append(joined["token"])
        ws_url = f"{ws_base}/api/v1/matches/{match_id}/ws"
        seats = [
            asyncio.create_task(
                _seat(ws_url, t, cfg.think, tally, random.Random(rnd.random()), stop)
            )
            for t in tokens
        ]
        stopper: asyncio.Future[Any] = asyncio.ensure_future(stop.wait())
        playing: asyncio.Future[Any] = asyncio.gather(*seats)
        await asyncio.wait([stopper, playing], return_when=asyncio.FIRST_COMPLETED)
        done = playing.done()
        stopper.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await playing  # (told to stop, the seats leave within half a second)
        if done:
            tally.finished += 1


async def _bot_loop(
    cfg: LoadTest, url: str, tally: _Tally, stop: asyncio.Event, spec: str, kind: str
) -> None:
    """Keep one match of server bots (``spec`` at every seat) going; count its moves made
    while measuring under ``kind`` (``abusers``: the searching bots of an abusive client;
    ``bot_matches``: quick bots, whose progress shows that nobody starves)."""
    while not stop.is_set():
        seats = [{"kind": "bot", "bot": spec}] * cfg.players
        created = await asyncio.to_thread(
            _request,
            f"{url}/api/v1/matches",
            {"game": cfg.game, "players": cfg.players, "seats": seats},
        )
        match_id = created["match"]["id"]
        seen = 0
        while not stop.is_set():
            await asyncio.sleep(0.25)
            info = await asyncio.to_thread(_request, f"{url}/api/v1/matches/{match_id}")
            if tally.measuring:
                tally.bot_moves[kind] = tally.bot_moves.get(kind, 0) + info["version"] - seen
            seen = info["version"]
            if info["status"] == "over":
                break


async def _abusive_seat_loop(cfg: LoadTest, url: str, tally: _Tally, stop: asyncio.Event) -> None:
    """Keep one abusive match going until ``stop``: a seat of ours, played at once, and
    searching bots at the others; resign it at the end, so that its searches stop."""
    api = f"{url}/api/v1/matches"
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": cfg.abuser_bot}] * (cfg.players - 1)
    while not stop.is_set():
        body = {"game": cfg.game, "players": cfg.players, "seats": seats}
        created = await asyncio.to_thread(_request, api, {**body, "join": {"name": "abuser"}})
        match_id, token = created["match"]["id"], created["token"]
        seen = 0
        while not stop.is_set():
            view = await asyncio.to_thread(_request, f"{api}/{match_id}/view", None, token)
            # (counted through the whole phase: each decision may take the server's limit)
            moved = view["version"] - seen
            tally.bot_moves["abusers"] = tally.bot_moves.get("abusers", 0) + moved
            seen = view["version"]
            if view["status"] == "over":
                break
            if view["legal"]:
                act = {"version": view["version"], "action": view["legal"][0]["action"]}
                with contextlib.suppress(urllib.error.HTTPError):  # stale: look again
                    await asyncio.to_thread(_request, f"{api}/{match_id}/actions", act, token)
                continue
            await asyncio.sleep(0.25)
        else:
            with contextlib.suppress(urllib.error.HTTPError):  # (over meanwhile)
                await asyncio.to_thread(_request, f"{api}/{match_id}/resign", {}, token)


async def _phases(cfg: LoadTest, url: str, tally: _Tally) -> None:
    """Measure ``cfg.rounds`` quiet and abusive phases, alternately (see the module)."""
    length = cfg.seconds / (2 * cfg.rounds)
    for _ in range(cfg.rounds):
        tally.phase, tally.measuring = "quiet", True
        await asyncio.sleep(length)
        tally.measuring = False
        stop = asyncio.Event()
        abusers = [
            asyncio.create_task(_abusive_seat_loop(cfg, url, tally, stop))
            for _ in range(cfg.abusers)
        ]
        await asyncio.sleep(min(cfg.settle, length))  # the searches begin
        tally.phase, tally.measuring = "abusive", True
        await asyncio.sleep(length)
        tally.measuring = False
        stop.set()
        await asyncio.gather(*abusers, return_exceptions=True)
        await asyncio.sleep(cfg.settle)  # the last searches stop
    tally.phase = ""


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def _rusage() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def _drive(
    cfg: LoadTest, url: str, server_pid: int, progress: Callable[[str], None] | None
) -> _Tally:
    tally = _Tally()
    stop = asyncio.Event()
    loops = []
    for _ in range(0 if cfg.rounds else cfg.abusers):
        loops.append(
            asyncio.create_task(_bot_loop(cfg, url, tally, stop, cfg.abuser_bot, "abusers"))
        )
    for _ in range(cfg.bot_matches):
        loops.append(asyncio.create_task(_bot_loop(cfg, url, tally, stop, "random", "quick")))
    for n in range(cfg.games):
        loops.append(asyncio.create_task(_game_loop(cfg, url, tally, stop, n)))
        if n % 50 == 49:
            await asyncio.sleep(0.05)
    if progress:
        progress(f"{cfg.games} matches started; warming up {cfg.warmup:.0f} s")
    await asyncio.sleep(cfg.warmup)
    if progress:
        alternating = f", {cfg.rounds} quiet and {cfg.rounds} abusive phases" if cfg.rounds else ""
        progress(f"measuring for {cfg.seconds:.0f} s{alternating}")
    tally.window_start = (time.perf_counter(), _rusage(), _cpu_seconds(server_pid))
    tally.workers_start = _workers_cpu(server_pid) if server_pid > 0 else {}
    if cfg.rounds:
        await _phases(cfg, url, tally)
    else:
        tally.measuring = True
        await asyncio.sleep(cfg.seconds)
    tally.measuring = False
    tally.window_end = (time.perf_counter(), _rusage(), _cpu_seconds(server_pid))
    tally.workers_end = _workers_cpu(server_pid) if server_pid > 0 else {}
    stop.set()
    await asyncio.gather(*loops, return_exceptions=True)
    return tally


def run_load_test(cfg: LoadTest, progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Run the load test; a report of throughput, round trips and CPU use."""
    if cfg.game is None:
        cfg = replace(cfg, game=ecotone.available_games()[0])
    proc = tmp = None
    url = cfg.url
    if url is None:
        proc, url, tmp = _start_server(cfg.db)
    try:
        load0 = os.getloadavg()[0]
        tally = asyncio.run(_drive(cfg, url, proc.pid if proc else -1, progress))
    finally:
        if proc is not None:
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(10)
            if proc.poll() is None:
                proc.kill()
        if tmp is not None:
            tmp.cleanup()
    (wall0, client0, server0), (wall1, client1, server1) = tally.window_start, tally.window_end
    wall = wall1 - wall0
    ms = [r * 1000 for r in tally.rtts]
    return {
        "game": cfg.game,
        "players": cfg.players,
        "concurrent_matches": cfg.games,
        "websockets": cfg.games * cfg.players,
        "think_seconds_mean": cfg.think,
        "measured_seconds": cfg.seconds,
        "moves": tally.moves,
        "moves_per_second": round(tally.moves / cfg.seconds, 1),
        "rtt_p50_ms": round(_percentile(ms, 0.50), 2),
        "rtt_p90_ms": round(_percentile(ms, 0.90), 2),
        "rtt_p99_ms": round(_percentile(ms, 0.99), 2),
        "rtt_max_ms": round(max(ms), 2) if ms else float("nan"),
        "matches_finished": tally.finished,
        "abusive_bot_matches": cfg.abusers,
        "abusive_bot_moves": tally.bot_moves.get("abusers", 0),
        "quick_bot_matches": cfg.bot_matches,
        "quick_bot_moves": tally.bot_moves.get("quick", 0),
        "errors": tally.errors,
        "server_cpu_percent": round(100 * (server1 - server0) / wall, 1),
        # the server's bot workers (separate processes), those alive at both ends
        "bot_workers_cpu_percent": round(
            100
            * sum(
                end - tally.workers_start[p]
                for p, end in tally.workers_end.items()
                if p in tally.workers_start
            )
            / wall,
            1,
        ),
        "client_cpu_percent": round(100 * (client1 - client0) / wall, 1),
        "loadavg_1min_before": round(load0, 2),
        "loadavg_1min_after": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(),
        **(_compared(tally) if cfg.rounds else {}),
    }


def _compared(tally: _Tally) -> dict[str, Any]:
    """Each phase's round trips and the ratio of the abusive p99 to the quiet one."""
    out: dict[str, Any] = {}
    for phase in ("quiet", "abusive"):
        ms = [r * 1000 for r in tally.phase_rtts.get(phase, [])]
        out[f"{phase}_moves"] = len(ms)
        out[f"{phase}_rtt_p50_ms"] = round(_percentile(ms, 0.50), 2)
        out[f"{phase}_rtt_p99_ms"] = round(_percentile(ms, 0.99), 2)
    out["p99_abusive_over_quiet"] = round(out["abusive_rtt_p99_ms"] / out["quiet_rtt_p99_ms"], 2)
    return out
