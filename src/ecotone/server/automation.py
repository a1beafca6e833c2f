"""Keeping matches moving: seat bots, clocks and the takeover of seats left too long.

A seat's bot (or the takeover bot of a person's seat) is asked for a decision whenever it
must decide; it chooses from a :class:`~ecotone.bots.SeatView` of its seat only, on a
worker thread, and plays through :meth:`MatchManager.act` like a person. A broken bot is
replaced by a random choice for that decision, so a match never stalls.

With a clock (``move_seconds``), a deadline is set whenever a person must decide; when it
passes, their seat is marked taken over (everyone gets a ``seat/taken-over`` notice) and
the takeover bot plays it until they act or reconnect (``seat/restored``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from ecotone.bots import RandomBot, SeatView
from ecotone.core.rng import derive_seed
from ecotone.server.errors import ServerError
from ecotone.server.matches import Controller, Match, Seat
from ecotone.sim.runner import bot_seed, build_bot, default_bot

if TYPE_CHECKING:
    from ecotone.server.manager import MatchManager

__all__ = ["Automation"]

log = logging.getLogger("ecotone.server")


class Automation:
    """Bots and clocks for the matches of one :class:`MatchManager`."""

    def __init__(self, manager: MatchManager) -> None:
        self.m = manager

    # -- clocks and takeover -----------------------------------------------------------------------

    def deadline(self, match: Match) -> float | None:
        return self.deadline_for(match, match.waiting_for if match.status == "active" else [])

    @staticmethod
    def deadline_for(match: Match, waiting: list[int]) -> float | None:
        """Now plus the clock, when a person (not a bot) is among the ``waiting`` seats."""
        if match.move_seconds is None:
            return None
        if not any(match.seats[s].controller == "human" for s in waiting):
            return None
        return time.time() + match.move_seconds

    def arm_clock(self, match: Match) -> None:
        if match.timer is not None:
            match.timer.cancel()
            match.timer = None
        if match.deadline is None or match.status != "active" or self.m._closing:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, match.deadline - time.time())
        version = match.version
        match.timer = loop.call_later(delay, lambda: self.m._spawn(self.expire(match, version)))

    async def expire(self, match: Match, version: int) -> None:
        async with match.lock:
            if match.version != version or match.status != "active" or match.deadline is None:
                return
            if time.time() < match.deadline:
                self.arm_clock(match)
                return
            for seat in match.waiting_for:
                current = match.seats[seat]
                if current.controller != "human":
                    continue
                updated = Seat(current.seat, "human", None, current.name, current.token_hash, True)
                await self.m._run(self.m.store.update_seat, match.id, updated.record())
                match.seats[seat] = updated
                match.notice(
                    "seat/taken-over",
                    f"{current.name} (P{seat + 1}) took too long: a bot plays for them "
                    "until they come back",
                    seat,
                )
            match.deadline = None
            await self.m._run(self.m.store.update_match, match.id, deadline=None)
            match.broadcast_seats()
            match.broadcast_views()
        self.kick_bots(match)

    async def restore(self, match: Match, seat: int) -> None:
        current = match.seats[seat]
        updated = Seat(current.seat, "human", None, current.name, current.token_hash, False)
        await self.m._run(self.m.store.update_seat, match.id, updated.record())
        match.seats[seat] = updated
        match.notice("seat/restored", f"{current.name} is back at P{seat + 1}", seat)
        match.broadcast_seats()

    # -- bots ------------------------------------------------------------------------------------

    def kick_bots(self, match: Match) -> None:
        if self.m._closing or match.status != "active":
            return
        if match.bot_task is not None and not match.bot_task.done():
            return
        if any(match.seats[s].controller != "human" for s in match.waiting_for):
            match.bot_task = asyncio.get_running_loop().create_task(self.bot_loop(match))
            self.m._tasks.add(match.bot_task)
            match.bot_task.add_done_callback(self.m._tasks.discard)

    async def bot_loop(self, match: Match) -> None:
        loop = asyncio.get_running_loop()
        while match.status == "active" and not self.m._closing:
            seats = [s for s in match.waiting_for if match.seats[s].controller != "human"]
            if not seats:
                return
            seat = seats[0]
            controller = match.seats[seat].controller
            version = match.version
            if self.m.settings.bot_delay:
                await asyncio.sleep(self.m.settings.bot_delay)
                if match.version != version or match.seats[seat].controller != controller:
                    continue
            view = SeatView(match.state, seat)
            bot = self.bot(match, seat, controller)
            try:
                action = await loop.run_in_executor(self.m._bots, bot.act, view)
            except Exception:  # a broken bot must not stall the match
                log.exception("bot %s failed in match %s; playing at random", bot.name, match.id)
                action = RandomBot(match.game, seat, derive_seed(match.seed, version)).act(view)
            try:
                await self.m.act(match, seat, version, action, by=controller)
            except ServerError as exc:
                if exc.code not in ("match/stale", "auth/not-yours", "match/already-chosen"):
                    log.error("bot move refused in match %s: %s %s", match.id, exc.code, exc)
                    return

    def bot(self, match: Match, seat: int, controller: Controller) -> Any:
        key = (seat, controller)
        bot = match.bots.get(key)
        if bot is None:
            game = match.game
            if controller == "bot":
                spec = match.seats[seat].bot or "random"
                bot = build_bot(spec, game, seat, bot_seed(match.seed, seat))
            else:
                spec = self.m.settings.takeover_bot or default_bot(game)
                bot = build_bot(spec, game, seat, derive_seed(match.seed, "takeover", seat))
            match.bots[key] = bot
        return bot

    async def reclaim(self, match: Match, seat: int, token_hash: str | None) -> None:
        """A person reconnected: end a takeover of their seat."""
        async with match.lock:
            if match.seats[seat].token_ok(token_hash) and match.seats[seat].taken_over:
                await self.restore(match, seat)
                match.deadline = self.deadline(match)
                self.arm_clock(match)
                match.broadcast_views()
