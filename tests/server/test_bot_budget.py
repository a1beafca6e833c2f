"""Bots are bounded by the server and scheduled fairly: no match can starve another.

The abuse as found: one anonymous request made two matches of ``ismcts:iterations=
1000000000``; they took both bot threads for good (and again after a restart), and a
match of random bots then made no move at all.
"""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import Any

import msgspec
import pytest
from fastapi.testclient import TestClient

import ecotone
from ecotone.bots import Bot, SeatView
from ecotone.bots.ismcts import ISMCTSBot
from ecotone.core.actions import Action
from ecotone.server import create_app
from ecotone.server.botwork import Outcome, bound, check_budget
from ecotone.server.scheduler import FairShare
from tests.server.conftest import make_settings, run_async
from tests.server.helpers import API, POLLS_PER_TURN, create

ABUSE = "ismcts:iterations=1000000000"
GAME = "once-upon-a-forest"


def test_a_bot_asking_for_more_than_the_server_allows_is_refused(client: TestClient) -> None:
    body = {
        "game": GAME,
        "players": 2,
        "seats": [{"kind": "bot", "bot": ABUSE}, {"kind": "bot", "bot": "random"}],
    }
    r = client.post(f"{API}/matches", json=body)
    assert r.status_code == 400, r.text
    error = r.json()["error"]
    assert error["code"] == "config/bot-budget"
    assert "1000000000 iterations" in error["message"]
    assert "at most 5000 iterations" in error["message"]
    body["seats"] = [{"kind": "bot", "bot": "ismcts:seconds=3600"}, {"kind": "human"}]
    r = client.post(f"{API}/matches", json=body)
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "config/bot-budget"
    assert client.get(f"{API}/matches").json()["matches"] == []


def test_a_stored_bot_over_the_limits_is_bounded_when_it_thinks() -> None:
    game = ecotone.make(GAME, players=2)
    bot = ISMCTSBot(game, 0, 0, iterations=1_000_000_000)
    with pytest.raises(ecotone.ConfigError):
        check_budget(ABUSE, bot, max_seconds=3.0, max_iterations=5000)
    bound(bot, max_seconds=0.5, max_iterations=5000)
    assert (bot.iterations, bot.seconds) == (5000, 0.5)
    timed = ISMCTSBot(game, 0, 0, seconds=60.0)
    bound(timed, max_seconds=2.0, max_iterations=10)
    assert timed.seconds == 2.0


def _version(client: TestClient, match_id: str) -> int:
    info = client.get(f"{API}/matches/{match_id}").json()
    version: int = info["version"]
    return version


def test_abusive_bots_resumed_after_a_restart_neither_freeze_nor_starve(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'abuse.db'}"
    # A server from before the limits accepted the abusive matches and stored them.
    lax = make_settings(db, bot_max_iterations=2_000_000_000, bot_max_seconds=0.3)
    with TestClient(create_app(lax)) as c:
        abusers = [create(c, GAME, 2, seats=[ABUSE, ABUSE], join=False)[0] for _ in range(2)]
    # Restarted with the limits: the stored searches are bounded, the quick bots served.
    strict = make_settings(db, bot_max_seconds=0.3)
    with TestClient(create_app(strict)) as c:
        quick, _ = create(c, GAME, 2, seats=["random", "random"], join=False, seed=5)
        for _ in range(POLLS_PER_TURN):
            if c.get(f"{API}/matches/{quick}").json()["status"] == "over":
                break
            time.sleep(0.002)
        else:
            pytest.fail("the random bots' match did not finish beside the abusive ones")
        played = _version(c, quick)
        assert played > 20
        # The searches end at the server's limit: every abusive match keeps moving, yet
        # together they made far fewer moves than the quick match (one worker is theirs
        # at most, and each of their decisions takes the whole limit).
        moved = [_version(c, m) for m in abusers]
        assert sum(moved) < played
        for match_id in abusers:
            start = _version(c, match_id)
            for _ in range(POLLS_PER_TURN):
                if _version(c, match_id) >= start + 2:
                    break
                time.sleep(0.002)
            else:
                pytest.fail(f"abusive match {match_id} is frozen at version {start}")


def test_fair_shares_keep_a_worker_for_quick_bots_and_serve_the_least_used_first() -> None:
    async def scenario() -> list[str]:
        share = FairShare(2)
        order: list[str] = []
        gate = asyncio.Event()

        async def think(owner: str, searching: bool) -> None:
            async with share.slot(owner, searching):
                order.append(owner)
                if searching:
                    await gate.wait()

        heavy = [asyncio.create_task(think(f"search{i}", True)) for i in range(3)]
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        # one search holds a worker; the others wait, and the quick bot gets the other
        assert order == ["search0"]
        quick = asyncio.create_task(think("quick", False))
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert order == ["search0", "quick"]
        await quick
        gate.set()
        await asyncio.gather(*heavy)
        return order

    assert run_async(scenario()) == ["search0", "quick", "search1", "search2"]


def test_the_least_used_match_goes_first() -> None:
    now = [0.0]

    async def scenario() -> list[str]:
        share = FairShare(1, clock=lambda: now[0])
        order: list[str] = []
        gate = asyncio.Event()

        async def think(owner: str, seconds: float, hold: bool = False) -> None:
            async with share.slot(owner, False):
                order.append(owner)
                now[0] += seconds
                if hold:
                    await gate.wait()

        await think("greedy", 30.0)  # greedy has used 30 s lately
        await think("modest", 1.0)
        blocker = asyncio.create_task(think("first", 0.0, hold=True))
        await asyncio.sleep(0)
        waiting = [asyncio.create_task(think(o, 0.1)) for o in ("greedy", "modest")]
        await asyncio.sleep(0)
        gate.set()
        await asyncio.gather(blocker, *waiting)
        return order[2:]

    assert run_async(scenario()) == ["first", "modest", "greedy"]


def test_a_worker_that_does_not_stop_is_killed_and_the_match_goes_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from ecotone.server.botwork import Job
    from ecotone.server.scheduler import BotScheduler

    state = msgspec.json.encode(ecotone.make(GAME, players=2).start(1).to_json()).decode()
    honest = Job(
        game=GAME,
        target="x",
        players=2,
        variant=None,
        options="{}",
        state=state,
        seat=0,
        spec="random",
        seed=0,
        max_seconds=0.1,
        max_iterations=10,
    )
    # a worker stuck making its bot (the module it imports spins), and one stuck thinking
    loading = msgspec.structs.replace(
        honest, game="spinning", target="tests.server.spinning:Nothing"
    )
    thinking = msgspec.structs.replace(
        honest, spec="forever", bot="tests.server.thinking_forever:Forever"
    )

    async def scenario() -> list[object]:
        bots = BotScheduler(1, nice=0, max_seconds=0.1, load_seconds=0.5)
        try:
            return [
                await bots.decide("m1", job, searching=False) for job in (loading, thinking, honest)
            ]
        finally:
            bots.close()

    stuck_loading, stuck_thinking, after = run_async(scenario())
    assert stuck_loading is None
    assert stuck_thinking is None
    said = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any("overran making the bot" in m for m in said), said
    assert any("overran thinking" in m for m in said), said
    # the worker was replaced each time: the next decision is answered
    assert isinstance(after, Outcome)
    assert after.action is not None


_SAID: list[str] = []


class Slow(Bot):
    """A bot that says when it is made and when it thinks."""

    name = "slow"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _SAID.append("made")

    def act(self, view: SeatView) -> Action:
        _SAID.append("thinks")
        return view.legal_actions[0]


def test_making_a_bot_is_not_counted_as_its_thinking() -> None:
    """A worker tells the server when the bot is made (``LOADED``), and the per-move limit
    counts from then: a bot that takes seconds to load (the policy bot's first decision
    imports PyTorch) is not stopped for it."""
    from ecotone.server.botwork import Job, decide

    job = Job(
        game=GAME,
        target="x",
        players=2,
        variant=None,
        options="{}",
        state=msgspec.json.encode(ecotone.make(GAME, players=2).start(1).to_json()).decode(),
        seat=0,
        spec="slow",
        seed=0,
        max_seconds=0.1,
        max_iterations=10,
        bot=f"{__name__}:Slow",
    )
    _SAID.clear()
    outcome = decide(job, loaded=lambda: _SAID.append("loaded"))
    assert outcome.action is not None
    assert _SAID == ["made", "loaded", "thinks"]
