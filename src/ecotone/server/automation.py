"""Keeping matches moving: seat bots, clocks and the takeover of seats left too long.

A seat's bot (or the takeover bot of a person's seat) is asked for a decision whenever it
must decide; it chooses from a :class:`~ecotone.bots.SeatView` of its seat only, in a
worker process scheduled fairly between matches (:mod:`.scheduler`), within the server's
budget, and plays through :meth:`MatchManager.act` like a person. A broken or overrunning
bot is replaced by a random choice for that decision, so a match never stalls.

With a clock (``move_seconds``), a deadline is set whenever a person must decide; when it
passes, their seat is marked taken over (everyone gets a ``seat/taken-over`` notice) and
the takeover bot plays it until they act or reconnect (``seat/restored``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from typing import TYPE_CHECKING, Any

import msgspec

from ecotone.bots import RandomBot, SeatView
from ecotone.core.errors import ConfigError
from ecotone.core.game import Game
from ecotone.core.rng import derive_seed
from ecotone.server.botwork import Job, searches
from ecotone.server.errors import ServerError
from ecotone.server.matches import Controller, Match
from ecotone.sim.runner import build_bot, default_bot

if TYPE_CHECKING:
    from ecotone.server.manager import MatchManager

__all__ = ["Automation"]

log = logging.getLogger("ecotone.server")

_json = msgspec.json.Encoder(order="deterministic")
_MOVED_ON = frozenset({"match/stale", "auth/not-yours", "match/already-chosen", "match/over"})


class Automation:
    """Bots and clocks for the matches of one :class:`MatchManager`."""

    def __init__(self, manager: MatchManager) -> None:
        self.m = manager
        self._defaults: dict[str, str] = {}
        self._known: dict[tuple[str, int, str], tuple[bool, str]] = {}

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
                updated = dataclasses.replace(current, taken_over=True)
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
        updated = dataclasses.replace(current, taken_over=False)
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
            action = await self.think(match, seat, controller)
            try:
                await self.m.act(match, seat, version, action, by=controller)
            except ServerError as exc:
                # the match moved on while the bot thought (a person acted, left, took the
                # seat back, or resigned and ended it): nothing went wrong
                if exc.code not in _MOVED_ON:
                    log.error("bot move refused in match %s: %s %s", match.id, exc.code, exc)
                    return

    async def think(self, match: Match, seat: int, controller: Controller) -> Any:
        """The decision of ``seat``'s bot (its own, or the takeover bot) at this version,
        from a worker process (:mod:`.scheduler`); a random legal action when the bot
        fails or overruns, so a match never stalls."""
        spec = self.spec(match, seat, controller)
        version = match.version
        salt = "bot" if controller == "bot" else "takeover"
        game = match.game
        settings = self.m.settings
        job = Job(
            game=game.spec.id,
            target=f"{type(game).__module__}:{type(game).__qualname__}",
            players=game.players,
            variant=game.variant,
            options=_json.encode(game.options).decode(),
            state=_json.encode(match.state.to_json()).decode(),
            seat=seat,
            spec=spec,
            seed=derive_seed(match.seed, salt, seat, version),
            max_seconds=settings.bot_max_seconds,
            max_iterations=settings.bot_max_iterations,
        )
        searching, bot_class = self.known(game, spec)
        job = msgspec.structs.replace(job, bot=bot_class)
        outcome = await self.m.bots.decide(match.id, job, searching=searching)
        if outcome is not None and outcome.action is not None:
            return outcome.action
        why = "took too long" if outcome is None else outcome.error
        log.warning("bot %s failed in match %s (%s); playing at random", spec, match.id, why)
        view = SeatView(match.state, seat)
        return RandomBot(game, seat, derive_seed(match.seed, version)).act(view).to_json()

    def spec(self, match: Match, seat: int, controller: Controller) -> str:
        """The bot spec that decides for ``seat`` now."""
        if controller == "bot":
            return match.seats[seat].bot or "random"
        return self.m.settings.takeover_bot or self._default(match.game)

    def _default(self, game: Game[Any]) -> str:
        key = game.spec.id
        spec = self._defaults.get(key)
        if spec is None:
            spec = self._defaults[key] = default_bot(game)
        return spec

    def known(self, game: Game[Any], spec: str) -> tuple[bool, str]:
        """Whether the bot ``spec`` searches on a budget (for the fair shares), and its
        class's import path (a worker makes a bot registered at run time from it)."""
        key = (game.spec.id, game.players, spec)
        known = self._known.get(key)
        if known is None:
            try:
                bot = build_bot(spec, game, 0, 0)
            except ConfigError:
                known = (False, "")
            else:
                known = (searches(bot), f"{type(bot).__module__}:{type(bot).__qualname__}")
            self._known[key] = known
        return known

    async def reclaim(self, match: Match, seat: int, token_hash: str | None) -> None:
        """A person reconnected: end a takeover of their seat."""
        async with match.lock:
            if match.seats[seat].token_ok(token_hash) and match.seats[seat].taken_over:
                await self.restore(match, seat)
                match.deadline = self.deadline(match)
                self.arm_clock(match)
                match.broadcast_views()
