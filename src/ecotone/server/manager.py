"""The authoritative match manager: every change to a match goes through here.

Each match is changed under its own lock, so its actions are handled one at a time, in
the order they arrive. A change is checked by the rules engine, *stored* (committed, with
a compare-and-set on the version; moves of several matches that arrive together share a
transaction, see :class:`~ecotone.server.store.WriteQueue`), and only then applied in
memory, acknowledged and broadcast: a crash can lose nothing that was acknowledged.

Around that core:

* bots (a seat's own bot, or the takeover bot of a seat left too long) play through
  :meth:`MatchManager.act` like anyone else, choosing from a
  :class:`~ecotone.bots.SeatView` of their seat only;
* take-backs: a seat takes back its last decision when the engine's undo policy and the
  other people at the table allow it (:mod:`ecotone.server.takeback`), stored like a move;
* decks brought to the table: a seat may leave its deck to whoever takes it; the match is
  dealt when the last such deck arrives (:mod:`ecotone.server.seatdecks`);
* clocks: with ``move_seconds`` set, a person who has not decided by the deadline is taken
  over by a bot (everybody is told) until they act or reconnect;
* restarts: :meth:`MatchManager.start` loads every open and running match, checks that
  its state is the one stored after its last step, gives running clocks some grace and
  lets the bots carry on.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import secrets
import sys
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

import msgspec

import ecotone
from ecotone.bots.tuning import freeze_what_lives
from ecotone.core.actions import Action
from ecotone.core.errors import ConfigError, IllegalAction, StateError
from ecotone.core.game import State
from ecotone.core.records import named
from ecotone.core.replay import Replay
from ecotone.core.visibility import Announcement, announcement, declared_secret, revealed
from ecotone.server.accounts import Account, Accounts, player_key
from ecotone.server.automation import Automation
from ecotone.server.botwork import check_budget
from ecotone.server.errors import ServerError
from ecotone.server.limits import KeyedLimiter, TokenBucket
from ecotone.server.matches import (
    Controller,
    Match,
    Pending,
    Seat,
    Step,
    Subscriber,
    hash_token,
    rebuild,
)
from ecotone.server.protocol import (
    Ack,
    ChatLine,
    ChatMessage,
    Error,
    MatchInfo,
    encode,
)
from ecotone.server.ratings import Rating, Ratings, SeatResult, places
from ecotone.server.scheduler import BotScheduler
from ecotone.server.schema import DeckIn
from ecotone.server.seatdecks import deck_hook, read_deck, seated, standard_entries
from ecotone.server.settings import Settings
from ecotone.server.store import (
    ConflictError,
    MatchRecord,
    MoveRecord,
    PendingRecord,
    StepsWrite,
    Store,
    WriteQueue,
)
from ecotone.server.takeback import TakeBacks
from ecotone.sim.runner import build_bot

__all__ = ["MatchManager", "NewMatch"]

log = logging.getLogger("ecotone.server")

T = TypeVar("T")

_json = msgspec.json.Encoder(order="deterministic")

# A step with more alternatives than this is judged (who may see it) on a worker thread.
_JUDGED_INLINE = 96


@dataclass(frozen=True, slots=True)
class _Applied:
    """A step :func:`_played` took: the state it was taken in, who took what, what each
    viewer is told of it, the digest after it, and whether it was a secret of a decision
    still open after it (:func:`~ecotone.core.visibility.declared_secret`)."""

    before: State[Any]
    seat: int
    action: Action
    by: Controller
    told: Announcement
    digest: str
    secret: bool


async def _played(
    state: State[Any], steps: list[tuple[int, Action, Controller]]
) -> tuple[list[_Applied], list[tuple[int, str]], State[Any], dict[int | None, dict[str, Any]]]:
    """Take ``steps`` in order from ``state``, each judged (who may see it): the steps
    taken, the choices void (a collected choice the others' choices made impossible, with
    the reason), the state reached and its observations by viewer.

    When the steps are the choices of a simultaneous decision, collected and applied
    together, the last closing it, each secret choice is judged again as the decision
    closed (:func:`~ecotone.core.visibility.revealed`): a route is seen where it led, as
    the board shows it; what the observations still hide stays hidden."""
    viewers: list[int | None] = [*range(state.game.players), None]
    applied: list[_Applied] = []
    void: list[tuple[int, str]] = []
    observed: dict[int | None, dict[str, Any]] = {}
    for seat, action, by in steps:
        reason = state.explain(seat, action)
        if reason is not None:
            void.append((seat, reason))
            continue
        after = state.apply(seat, action)
        observed = {v: after.observe(v) for v in viewers}
        if len(state.legal_actions(seat)) > _JUDGED_INLINE:
            # Judging a step with hundreds of alternatives (a BIOME Borneo placement)
            # takes tens of milliseconds: do it off the event loop, so the other
            # matches keep being served meanwhile.
            told = await asyncio.to_thread(announcement, state, seat, action, after, observed)
        else:
            told = announcement(state, seat, action, after, observed)
        secret = declared_secret(state, seat, action, after)
        applied.append(_Applied(state, seat, action, by, told, after.digest(), secret))
        state = after
    if any(step.secret for step in applied[:-1]) and not applied[-1].secret:
        decision = [(step.before, step.seat, step.action) for step in applied]
        again = await asyncio.to_thread(revealed, decision, state, observed)
        applied = [
            *(
                replace(step, told=step.told.widened(late)) if step.secret else step
                for step, late in zip(applied[:-1], again, strict=True)
            ),
            applied[-1],
        ]
    return applied, void, state, observed


# How the server process is tuned while a manager runs (see _tune_process).
_SWITCH_INTERVAL = 0.001
_GC_THRESHOLD = (20_000, 50, 10)


def _tune_process() -> tuple[float, tuple[int, int, int]]:
    """Tune the interpreter for serving; the settings it replaced, to restore them.

    * The database thread must win the GIL back from the event loop after every call into
      the driver (each call releases it). With Python's default switch interval of 5 ms a
      busy loop makes each of those calls wait that long, and a commit makes several;
      1 ms keeps a commit near its own cost.
    * The garbage collector's full collections stop the server for tens of milliseconds.
      They come when enough objects have survived the young collections, and what
      survives them is mostly the objects of moves under way at that instant (a move
      allocates many small objects: observations, messages). Young collections every
      20,000 allocations instead of 700 let those die first, so full collections become
      rare.
    * Everything alive when the first manager of the process starts (modules, classes,
      the web framework) lives as long as the process: it is exempted from the collector
      (``gc.freeze``) so that a full collection does not walk it again. Matches are loaded
      after this, so they stay collectable.
    """
    before = (sys.getswitchinterval(), gc.get_threshold())
    sys.setswitchinterval(min(before[0], _SWITCH_INTERVAL))
    gc.set_threshold(*_GC_THRESHOLD)
    freeze_what_lives()
    return before


@dataclass(slots=True)
class NewMatch:
    """What a match is created from. ``seats``: per seat ``None`` (a person) or a bot spec;
    ``brings_deck``: per seat, whether its deck is left to whoever takes it."""

    game: str
    players: int
    variant: str | None = None
    options: dict[str, Any] | None = None
    seats: Sequence[str | None] | None = None
    move_seconds: float | None = None
    seed: int | None = None
    brings_deck: Sequence[bool] | None = None


def _player(seat: Seat) -> str | None:
    """Who sits at ``seat`` for the ratings: an account, a bot by its spec, or nobody
    rated (a person without an account)."""
    if seat.account is not None:
        return player_key(seat.account)
    if seat.kind == "bot" and seat.bot:
        return f"bot:{seat.bot}"
    return None


def _in_names(match: Match, seat: int, refusal: IllegalAction) -> str:
    """A rules refusal's words for the person at ``seat``. The kernel's refusal of a
    move out of turn names seats by number (``it is not P2's turn; waiting for P1``): it
    knows no names. The server does, so it says that one in names; every other refusal
    is the game's own text, kept as the game wrote it."""
    if refusal.code != "action/not-your-turn":
        return refusal.message
    waiting = match.waiting_for or list(match.state.to_move)
    return f"it is not {match.name(seat)}'s turn; waiting for {match.who(waiting)}"


def _clean_name(name: str | None, seat: int) -> str:
    text = "".join(ch for ch in (name or "") if unicodedata.category(ch)[0] != "C").strip()
    return text[:32] or f"P{seat + 1}"


# How a bot's kind reads for players; a kind not listed is its name, capitalised.
_BOT_KINDS = {"ismcts": "ISMCTS"}


def bot_title(spec: str) -> str:
    """A bot seat's name as players read it, from its spec: ``heuristic`` is "Heuristic
    bot", ``ismcts:iterations=300`` "ISMCTS bot (300 iterations)"."""
    kind, _, rest = spec.partition(":")
    kind = kind.strip()
    title = f"{_BOT_KINDS.get(kind, kind.capitalize())} bot"
    said = []
    for item in rest.split(","):
        key, _, value = (part.strip() for part in item.partition("="))
        if key:
            number = value.replace(".", "", 1).isdigit()
            said.append(f"{value} {key.replace('_', ' ')}" if number else f"{key} {value}".strip())
    return (f"{title} ({', '.join(said)})" if said else title)[:64]


class MatchManager:
    """Creates, loads, changes and broadcasts matches.

    Args:
        store: the database.
        settings: the server's settings.
    """

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.live: dict[str, Match] = {}
        self.finished: OrderedDict[str, Match] = OrderedDict()
        self._writes = WriteQueue(store)
        self.bots = BotScheduler(
            settings.bot_workers, nice=settings.bot_nice, max_seconds=settings.bot_max_seconds
        )
        self._tasks: set[asyncio.Task[Any]] = set()
        self._closing = False
        self._untuned: tuple[float, tuple[int, int, int]] | None = None
        self.auto = Automation(self)
        self.accounts = Accounts(store)
        self.ratings = Ratings(store)
        self.takebacks = TakeBacks(self)

    # -- life cycle ------------------------------------------------------------------------

    async def start(self) -> None:
        """Claim the database (one server per database: :meth:`Store.claim`), migrate it,
        then load and resume every open or running match."""
        self._untuned = _tune_process()
        await self._run(self.store.claim)  # StoreBusy: another server has the database
        await self.bots.warm()  # a server is ready when its bots are
        await self._run(self.store.migrate)
        loaded = await self._run(self.store.load_live)
        now = time.time()
        for record in loaded:
            try:
                match = rebuild(record)
            except (StateError, ConfigError) as exc:
                log.error("match %s cannot be resumed: %s", record.match.id, exc)
                continue
            await self._show_ratings(match)
            self.live[match.id] = match
            if match.status == "active" and match.deadline is not None:
                match.deadline = max(match.deadline, now + self.settings.restart_grace)
            self.auto.arm_clock(match)
            self.auto.kick_bots(match)
        log.info("resumed %d matches", len(self.live))
        # results a crash kept from being recorded (the match ended, the server stopped)
        for match_id in await self._run(self.ratings.unrated):
            with contextlib.suppress(ServerError):
                self._spawn(self._record_result(await self.get(match_id)))

    async def stop(self) -> None:
        """Stop clocks and bots and release the database."""
        self._closing = True
        for match in self.live.values():
            if match.timer is not None:
                match.timer.cancel()
            self.takebacks.stop(match)
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.bots.close()
        self._writes.close()
        self.store.close()
        if self._untuned is not None:
            switch_interval, threshold = self._untuned
            sys.setswitchinterval(switch_interval)
            gc.set_threshold(*threshold)

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a store function on the store's thread (the only one that touches it)."""
        return await self._run(fn, *args, **kwargs)

    async def _run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        result: T = await asyncio.wrap_future(self._writes.submit(fn, *args, **kwargs))
        return result

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- finding matches ---------------------------------------------------------------------

    async def get(self, match_id: str) -> Match:
        """The match ``match_id`` (read back from the database when not in memory).

        Raises:
            ServerError: ``match/not-found``.
        """
        match = self.live.get(match_id) or self.finished.get(match_id)
        if match is not None:
            return match
        if not isinstance(match_id, str) or not 0 < len(match_id) <= 32:
            raise ServerError("match/not-found", f"there is no match {match_id!r}")
        record = await self._run(self.store.load, match_id)
        if record is None:
            raise ServerError("match/not-found", f"there is no match {match_id!r}")
        fresh = rebuild(record)
        await self._show_ratings(fresh)
        match = self.live.get(match_id) or self.finished.get(match_id) or fresh
        if match.status == "over":
            self._remember_finished(match)
        else:
            self.live[match.id] = match
        return match

    def _remember_finished(self, match: Match) -> None:
        self.live.pop(match.id, None)
        self.finished[match.id] = match
        self.finished.move_to_end(match.id)
        while len(self.finished) > self.settings.finished_cache:
            self.finished.popitem(last=False)

    async def lobby(self, status: str | None, limit: int = 100) -> list[MatchInfo]:
        """Public descriptions of matches: ``open`` (joinable), ``active``, ``over``."""
        if status == "over":
            ids = await self._run(self.store.list_ids, "over", limit)
            return [(await self.get(i)).info() for i in ids]
        matches = sorted(self.live.values(), key=lambda m: m.updated_at, reverse=True)
        if status == "open":
            matches = [m for m in matches if m.joinable]
        elif status == "active":
            matches = [m for m in matches if m.status == "active"]
        return [m.info() for m in matches[:limit]]

    # -- creating, joining, leaving ------------------------------------------------------------

    async def create(self, new: NewMatch) -> Match:
        """Create a match (seats with a bot spec are bots; the others wait for people).

        Raises:
            ServerError: ``config/...`` for a game, player count, variant, option, bot or
                clock the server cannot set up.
        """
        try:
            game = ecotone.make(
                new.game, players=new.players, variant=new.variant, **(new.options or {})
            )
        except ConfigError as exc:
            raise ServerError(exc.code, exc.message) from None
        except TypeError as exc:
            raise ServerError("config/bad-option", f"bad options: {exc}") from None
        specs = list(new.seats) if new.seats is not None else [None] * game.players
        if len(specs) != game.players:
            raise ServerError(
                "config/bad-seats", f"{len(specs)} seats given for {game.players} players"
            )
        seats: list[Seat] = []
        for number, spec in enumerate(specs):
            if spec is None:
                seats.append(Seat(number, "human"))
                continue
            try:
                bot = build_bot(spec, game, number, 0)
                check_budget(
                    spec,
                    bot,
                    max_seconds=self.settings.bot_max_seconds,
                    max_iterations=self.settings.bot_max_iterations,
                )
            except ConfigError as exc:
                raise ServerError(exc.code, exc.message) from None
            # a bot with a title of its own (a shipped policy: "Policy: PPO vs heuristic")
            # reads by it; the others by their spec
            title = getattr(bot, "title", None)
            name = title[:64] if isinstance(title, str) and title else bot_title(spec)
            seats.append(Seat(number, "bot", bot=spec, name=name))
        game = self._decks_left_open(game, seats, new.brings_deck)
        if new.seed is not None and not self.settings.allow_seed:
            raise ServerError("config/seed-not-allowed", "this server deals its own cards")
        move_seconds = new.move_seconds or self.settings.default_move_seconds
        shortest = self.settings.min_move_seconds
        if move_seconds is not None and not shortest <= move_seconds <= 90 * 86400:
            raise ServerError(
                "config/bad-clock", f"move_seconds must be between {shortest:g} s and 90 days"
            )
        seed = new.seed if new.seed is not None else secrets.randbits(63)
        state = game.start(seed)
        now = time.time()
        match = Match(
            id=secrets.token_urlsafe(9),
            game=game,
            seed=seed,
            state=state,
            status="open",
            seats=seats,
            move_seconds=move_seconds,
            created_at=now,
            updated_at=now,
        )
        if all(s.kind == "bot" for s in seats):  # (a bot's seat never waits for a deck)
            match.status = "active"
            match.deadline = self.auto.deadline(match)
        record = MatchRecord(
            id=match.id,
            game=game.spec.id,
            players=game.players,
            variant=game.variant,
            options=_json.encode(game.options).decode(),
            seed=seed,
            rules_version=game.spec.rules_version,
            status=match.status,
            version=0,
            state=_json.encode(state.to_json()).decode(),
            digest=state.digest(),
            move_seconds=move_seconds,
            deadline=match.deadline,
            created_at=now,
            updated_at=now,
        )
        await self._run(self.store.create_match, record, [s.record() for s in seats])
        await self._show_ratings(match)
        self.live[match.id] = match
        self.auto.kick_bots(match)
        return match

    @staticmethod
    def _decks_left_open(
        game: ecotone.Game[Any], seats: list[Seat], brings: Sequence[bool] | None
    ) -> ecotone.Game[Any]:
        """Leave the seats ``brings`` marks to bring their own decks: a person's seat
        waits for its deck; a bot's plays the game's standard deck for it. The game, made
        again when a bot's deck changed (the stand-in the match holds until it is dealt).

        Raises:
            ServerError: ``config/bad-seats`` for a list of the wrong length or a variant
                without decks of the players' own, ``config/no-decks``.
        """
        if not brings or not any(brings):
            return game
        if len(brings) != game.players:
            raise ServerError(
                "config/bad-seats", f"brings_deck given for {len(brings)} of {game.players} seats"
            )
        deck_hook(game)
        standard = standard_entries(game)
        bots = {s.seat: standard[s.seat] for s in seats if brings[s.seat] and s.kind == "bot"}
        for s in seats:
            s.brings_deck = brings[s.seat] and s.kind == "human"
        return seated(game, bots) if bots else game

    async def account(self, token: str) -> Account | None:
        """The account an account token signs in, if any."""
        return await self._run(self.accounts.by_token, token)

    async def join(
        self,
        match: Match,
        seat: int | None,
        name: str | None,
        account: Account | None = None,
        deck: str | DeckIn | None = None,
    ) -> tuple[int, str]:
        """Take a free human seat (``None``: the first free one); return it and its token.

        With an ``account`` the seat takes its name, and the match goes into its history
        and rating (:mod:`.ratings`). A seat whose person brings its deck is taken with
        one (``deck``, checked by the game's deck rules); the last such deck deals the
        match (:mod:`.seatdecks`). Without ``seat``, the first free seat that wants a deck
        (with one) or does not (without).

        Raises:
            ServerError: ``match/over``, ``match/no-such-seat``, ``match/seat-taken``,
                ``match/no-free-seat``, ``match/deck-needed``, ``match/deck-fixed``, and a
                deck's refusal in the game's words (``deck/...``, ``<game>/deck-...``).
        """
        async with match.lock:
            if match.status == "over":
                raise ServerError("match/over", "the match is over")
            if seat is None:
                free = [s for s in match.seats if s.kind == "human" and not s.joined]
                if not free:
                    raise ServerError("match/no-free-seat", "every seat of this match is taken")
                fitting = [s for s in free if s.brings_deck == (deck is not None)]
                target = (fitting or free)[0]
            else:
                if not isinstance(seat, int) or not 0 <= seat < len(match.seats):
                    raise ServerError(
                        "match/no-such-seat", f"there is no seat {seat!r} in this match"
                    )
                target = match.seats[seat]
                if target.kind != "human":
                    raise ServerError(
                        "match/seat-taken", f"P{seat + 1} is a bot's seat ({match.name(seat)})"
                    )
                if target.joined:
                    raise ServerError(
                        "match/seat-taken", f"P{seat + 1} is taken: {match.name(seat)} sits there"
                    )
            brought = self._brought(match, target, deck)
            token = secrets.token_urlsafe(24)
            updated = Seat(
                target.seat,
                "human",
                None,
                account.name if account is not None else _clean_name(name, target.seat),
                hash_token(token),
                False,
                account.id if account is not None else None,
                brings_deck=target.brings_deck,
                deck=brought,
            )
            if account is not None:
                known = await self._run(self.ratings.get, [account.player], match.game.spec.id)
                updated.rating = known.get(account.player, Rating()).shown
            others = [s for s in match.seats if s.seat != target.seat]
            starts = match.status == "open" and not any(
                s.kind == "human" and not s.joined for s in others
            )
            awaited = [s for s in others if s.brings_deck and s.deck is None]
            if brought is not None and not awaited:
                await self._deal(match, updated, starts=starts)
            else:
                if brought is not None:  # refused now, with the game's words, not at the deal
                    seated(match.game, {target.seat: brought})
                taken = match.seats[target.seat]
                match.seats[target.seat] = updated  # as it will be, for the clock's deadline
                # The last seat taken starts play in the same transaction: a server that
                # died between two writes would leave a match open with no seat free.
                start: dict[str, Any] = {}
                if starts:
                    start = {
                        "status": "active",
                        "deadline": self.auto.deadline_for(match, list(match.state.to_move)),
                        "updated_at": time.time(),
                    }
                try:
                    await self._run(self.store.update_seat, match.id, updated.record(), **start)
                except Exception:
                    match.seats[target.seat] = taken
                    raise
                match.notice(
                    "seat/joined", f"{updated.name} sits at P{target.seat + 1}", target.seat
                )
                if starts:
                    match.deadline = start["deadline"]
                    match.updated_at = start["updated_at"]
                    await self._start_play(match, stored=True)
            match.broadcast_seats()
        self.auto.kick_bots(match)
        return target.seat, token

    @staticmethod
    def _brought(match: Match, target: Seat, deck: str | DeckIn | None) -> str | None:
        """The deck entry the person taking ``target`` brings (``None`` for a seat whose
        deck is chosen already), checked by the game's deck rules.

        Raises:
            ServerError: ``match/deck-needed``, ``match/deck-fixed``, or the deck's
                refusal in the game's words.
        """
        where = f"P{target.seat + 1}"
        if not target.brings_deck:
            if deck is not None:
                raise ServerError(
                    "match/deck-fixed",
                    f"{where}'s deck was chosen when the match was created: join without one",
                )
            return None
        if deck is None:
            raise ServerError(
                "match/deck-needed",
                f"{where}'s player brings their own deck: join with one (a built-in deck's "
                "name, a deck code, or its cards)",
            )
        return read_deck(deck_hook(match.game), deck, target.seat)

    async def _deal(self, match: Match, seat: Seat, *, starts: bool) -> None:
        """``seat`` brings the last deck the match waited for: make the game with every
        seat's deck and deal it from the match's seed, stored with the seat (and, when
        every seat is taken, the start of play) in one transaction; then tell everyone.

        Raises:
            ServerError: the game's refusal of the decks together (nothing changes).
        """
        brought = [seat if s.seat == seat.seat else s for s in match.seats]
        game = seated(match.game, {s.seat: s.deck for s in brought if s.brings_deck and s.deck})
        state = game.start(match.seed)
        before = (match.game, match.state, list(match.seats), [s.brings_deck for s in match.seats])
        match.seats[seat.seat] = seat
        for s in match.seats:
            s.brings_deck = False
        match.game = game
        match.set_state(state, {})
        now = time.time()
        values: dict[str, Any] = {
            "options": _json.encode(game.options).decode(),
            "state": _json.encode(state.to_json()).decode(),
            "digest": state.digest(),
            "updated_at": now,
        }
        if starts:
            values["status"] = "active"
            values["deadline"] = self.auto.deadline_for(match, list(state.to_move))
        try:
            await self._run(self.store.deal, match.id, seat.record(), **values)
        except Exception:
            match.game, state_before, match.seats, flags = before
            match.set_state(state_before, {})
            for s, flag in zip(match.seats, flags, strict=True):
                s.brings_deck = flag
            raise
        match.updated_at = now
        match.notice("seat/joined", f"{seat.name} sits at P{seat.seat + 1}", seat.seat)
        match.notice("match/dealt", "every player has brought a deck: the cards are dealt")
        if starts:
            match.deadline = values["deadline"]
            await self._start_play(match, stored=True)
        else:
            match.broadcast_views()

    async def _start_play(self, match: Match, *, stored: bool = False) -> None:
        """Every seat is taken: play begins (``stored``: the deal stored it already, with
        the match's deadline)."""
        match.status = "active"
        if not stored:
            match.deadline = self.auto.deadline(match)
            match.updated_at = time.time()
            await self._run(
                self.store.update_match,
                match.id,
                status="active",
                deadline=match.deadline,
                updated_at=match.updated_at,
            )
        match.notice("match/started", "every seat is taken: the match begins")
        match.broadcast_views()
        self.auto.arm_clock(match)

    async def leave(self, match: Match, seat: int, token_hash: str | None) -> None:
        """Give up a seat: its token stops working. Before the start the seat is free for
        the next person; in a running match a bot plays it until someone else joins.

        A finished match is history: who played each seat is part of its record (its
        result, the lobby's finished list, the replay's names, the ratings), so nobody
        leaves it afterwards.

        Raises:
            ServerError: ``auth/bad-token``, ``match/over``.
        """
        async with match.lock:
            self._check_token(match, seat, token_hash)
            if match.status == "over":
                raise ServerError(
                    "match/over",
                    "the match is over: who played it stays on its record, so its seats "
                    "cannot be left",
                    version=match.version,
                )
            left = match.seats[seat]
            # before the deal the seat still waits for a deck: the next person brings theirs
            freed = Seat(seat, "human", brings_deck=left.brings_deck)
            await self._run(self.store.update_seat, match.id, freed.record())
            match.seats[seat] = freed
            match.notice("seat/left", f"{left.name} left P{seat + 1}", seat)
            withdrawn = self.takebacks.settle(match)
            match.broadcast_seats()
            if withdrawn:
                match.broadcast_views()
        self.auto.kick_bots(match)

    async def resign(self, match: Match, seat: int, token_hash: str | None) -> None:
        """Concede for ``seat``: the match ends now, stored first; the seat loses and the
        others with the best score win (:meth:`Match.result`).

        Raises:
            ServerError: ``auth/bad-token``, ``match/not-started`` (leave instead),
                ``match/over``.
        """
        async with match.lock:
            self._check_token(match, seat, token_hash)
            if match.status == "open":
                raise ServerError(
                    "match/not-started", "the match has not begun: leave the seat instead"
                )
            if match.status == "over":
                raise ServerError("match/over", "the match is over", version=match.version)
            now = time.time()
            await self._run(
                self.store.update_match,
                match.id,
                status="over",
                resigned=seat,
                deadline=None,
                updated_at=now,
            )
            match.status = "over"
            match.resigned = seat
            match.deadline = None
            match.updated_at = now
            name = match.name(seat)
            _, winners = match.result()
            won = named("winner", [match.name(w) for w in winners or []])
            match.notice("match/over", f"{name} resigned; {won}", seat)
            self._after_change(match)

    def authenticate(self, match: Match, token: str | None) -> tuple[int, str]:
        """The seat a token belongs to, and the token's hash.

        Raises:
            ServerError: ``auth/missing-token`` or ``auth/bad-token``.
        """
        if not token:
            raise ServerError("auth/missing-token", "this needs your seat token")
        digest = hash_token(token)
        for s in match.seats:
            if s.token_ok(digest):
                return s.seat, digest
        raise ServerError("auth/bad-token", "this token does not hold a seat in this match")

    def _check_token(self, match: Match, seat: int, token_hash: str | None) -> None:
        if not match.seats[seat].token_ok(token_hash):
            raise ServerError(
                "auth/bad-token", "your seat token is no longer valid (you left the seat)"
            )

    # -- acting ----------------------------------------------------------------------------------

    async def act(
        self,
        match: Match,
        seat: int,
        version: int,
        action: Any,
        *,
        by: Controller = "human",
        token_hash: str | None = None,
        ref: str | None = None,
        on_ack: Callable[[Ack], None] | None = None,
    ) -> Ack:
        """Take ``action`` for ``seat`` against ``version``; stored before it is acknowledged.

        People must pass their ``token_hash``; bots pass ``by="bot"``/``"takeover"``.

        Raises:
            ServerError: the refusal (stale version, out of turn, against the rules, ...),
                for the sender only; nothing changed.
        """
        async with match.lock:
            if by == "human":
                self._check_token(match, seat, token_hash)
            elif match.seats[seat].controller != by:
                raise ServerError("auth/not-yours", "the seat is no longer the bot's")
            if match.status == "open":
                raise ServerError("match/not-started", "waiting for every seat to be taken")
            if match.status == "over":
                raise ServerError("match/over", "the match is over", version=match.version)
            if by == "human" and match.seats[seat].taken_over:
                await self.auto.restore(match, seat)  # acting at all shows they are back
            if (
                isinstance(version, bool)
                or not isinstance(version, int)
                or version != match.version
            ):
                raise ServerError(
                    "match/stale",
                    f"your action was made at version {version!r} but the match is at "
                    f"version {match.version}; look again and choose",
                    version=match.version,
                )
            try:
                parsed = match.game.codec.parse(action)
                match.state.check(seat, parsed)
            except IllegalAction as exc:
                raise ServerError(
                    exc.code, _in_names(match, seat, exc), version=match.version
                ) from None
            if len(match.state.to_move) > 1:
                ack = await self._choose(match, seat, parsed, by, ref)
            else:
                await self._apply(match, [(seat, parsed, by)])
                ack = Ack(ref=ref, version=match.version, pending=False)
            if on_ack is not None:
                on_ack(ack)
            self._after_change(match)
        self.auto.kick_bots(match)
        return ack

    async def _choose(
        self, match: Match, seat: int, action: Action, by: Controller, ref: str | None
    ) -> Ack:
        if seat in match.pending:
            raise ServerError(
                "match/already-chosen",
                f"you have already chosen; waiting for {match.who(match.waiting_for)}",
            )
        waiting = [s for s in match.state.to_move if s not in match.pending and s != seat]
        if waiting:
            now = time.time()
            record = PendingRecord(
                seat, match.version, _json.encode(action.to_json()).decode(), by, now
            )
            try:
                await self._run(self.store.record_pending, match.id, record, match.version)
            except ConflictError as exc:
                raise ServerError("server/conflict", str(exc), version=match.version) from None
            match.pending[seat] = Pending(seat, action, by, now)
            return Ack(ref=ref, version=match.version, pending=True)
        choices = [(p.seat, p.action, p.by) for p in match.pending.values()]
        choices.append((seat, action, by))
        choices.sort(key=lambda c: c[0])
        await self._apply(match, choices)
        return Ack(ref=ref, version=match.version, pending=False)

    async def _apply(self, match: Match, steps: list[tuple[int, Action, Controller]]) -> None:
        """Apply steps in order, store them in one transaction, then switch the match over."""
        applied, void, state, observed = await _played(match.state, steps)
        now = time.time()
        records: list[MoveRecord] = []
        new_steps: list[Step] = []
        befores: list[State[Any]] = []  # kept for taking the steps back
        for step in applied:
            seat, action, by, digest = step.seat, step.action, step.by, step.digest
            visible, tags = step.told.visible, step.told.kinds
            version = match.version + len(new_steps) + 1
            action_json = _json.encode(action.to_json()).decode()
            records.append(MoveRecord(version, seat, action_json, by, visible, tags, digest, now))
            new_steps.append(Step(version, seat, action, by, visible, tags, digest, now))
            # kept bare (without its cached legal actions), to take the step back
            befores.append(State(step.before.game, step.before.data))
        status = "over" if state.is_over else "active"
        waiting = list(state.to_move) if status == "active" else []
        deadline = self.auto.deadline_for(match, waiting)
        write = StepsWrite(
            match.id,
            match.version,
            records,
            state=_json.encode(state.to_json()).decode(),
            digest=records[-1].digest if records else state.digest(),
            status=status,
            deadline=deadline,
            now=now,
            clear_pending=bool(match.pending),
        )
        try:
            await asyncio.wrap_future(self._writes.submit_steps(write))
        except ConflictError as exc:
            raise ServerError("server/conflict", str(exc), version=match.version) from None
        match.moves.extend(new_steps)
        match.earlier.extend(befores)
        match.pending = {}
        match.set_state(state, observed if new_steps else {})
        match.status = status  # type: ignore[assignment]
        match.deadline = deadline
        match.updated_at = now
        for seat, reason in void:
            match.tell(seat, Error(code="match/choice-void", message=reason, version=match.version))
        if status == "over":
            won = named("winner", [match.name(w) for w in state.winners()])
            match.notice("match/over", f"the match is over; {won}")

    def _after_change(self, match: Match) -> None:
        self.takebacks.settle(match)
        match.broadcast_views()
        self.auto.arm_clock(match)
        if match.status == "over":
            if match.timer is not None:
                match.timer.cancel()
            self.bots.forget(match.id)
            self._remember_finished(match)
            self._spawn(self._record_result(match))

    # -- ratings ---------------------------------------------------------------------------------

    async def _show_ratings(self, match: Match) -> None:
        """Give each seat of a person signed in, or of a rated bot, its rating to show."""
        players = {s.seat: p for s in match.seats if (p := _player(s)) is not None}
        if not players:
            return
        known = await self._run(self.ratings.get, players.values(), match.game.spec.id)
        for seat, player in players.items():
            rating = known.get(player)
            if rating is None and player.startswith("account:"):
                rating = Rating()  # a newcomer
            match.seats[seat].rating = rating.shown if rating is not None else None

    async def _record_result(self, match: Match) -> None:
        """A match is over: record every seat's place, move its accounts' ratings, and show
        the new ones (:meth:`Ratings.record_match`)."""
        scores, winners = match.result()
        if scores is None or winners is None:
            return
        placed = places(scores, winners, match.resigned)
        seats = [
            SeatResult(s.seat, _player(s), placed[s.seat], scores[s.seat]) for s in match.seats
        ]
        moved = await self._run(
            self.ratings.record_match, match.id, match.game.spec.id, seats, time.time()
        )
        for seat, rating in (moved or {}).items():
            match.seats[seat].rating = rating.shown
        if moved:
            match.broadcast_seats()

    async def reclaim(self, match: Match, seat: int, token_hash: str | None) -> None:
        """A person reconnected: end a takeover of their seat."""
        await self.auto.reclaim(match, seat, token_hash)

    # -- chat ------------------------------------------------------------------------------------

    async def chat(self, match: Match, seat: int, token_hash: str | None, text: str) -> ChatLine:
        """Say ``text`` at the table.

        Raises:
            ServerError: ``chat/empty``, ``chat/too-long``, ``limit/chat``, ``auth/...``.
        """
        cleaned = "".join(
            ch for ch in text if ch == "\n" or unicodedata.category(ch)[0] != "C"
        ).strip()
        if not cleaned:
            raise ServerError("chat/empty", "say something")
        if len(cleaned) > self.settings.chat_max_chars:
            raise ServerError(
                "chat/too-long", f"a chat line is at most {self.settings.chat_max_chars} characters"
            )
        if match.chat_seats is None or match.chat_table is None:
            match.chat_seats = KeyedLimiter(self.settings.chat_rate, self.settings.chat_burst)
            match.chat_table = TokenBucket(
                self.settings.chat_rate * 4, self.settings.chat_burst * 4
            )
        limiter, table = match.chat_seats, match.chat_table
        async with match.lock:
            self._check_token(match, seat, token_hash)
            if not limiter.allow(seat) or not table.allow():
                raise ServerError("limit/chat", "slow down: too many chat lines")
            now = time.time()
            name = match.seats[seat].name
            line_id = await self._run(self.store.add_chat, match.id, seat, name, cleaned, now)
            line = ChatLine(id=line_id, seat=seat, name=name, text=cleaned, at=now)
            match.chat.append(line)
            data = encode(ChatMessage(line=line))
            for sub in list(match.subscribers):
                sub.send(data)
        return line

    # -- replays ---------------------------------------------------------------------------------

    def replay(self, match: Match) -> bytes:
        """The finished match's replay file (``ecotone replay`` format, hands revealed).

        Raises:
            ServerError: ``match/not-over`` before the end: a replay holds the seed.
        """
        if match.status != "over":
            raise ServerError("match/not-over", "the replay is available once the match is over")
        # a bot is recorded by its spec, as `ecotone play` records it: a replay says how
        # to field the same bot again
        names = [s.bot or s.name or f"P{s.seat + 1}" for s in match.seats]
        replay = Replay.record(
            match.game,
            match.seed,
            [(s.seat, s.action) for s in match.moves],
            match.state,
            seats=names,
            resigned=match.resigned,
        )
        return replay.to_json()

    # -- viewers ---------------------------------------------------------------------------------

    def subscribe(self, match: Match, sub: Subscriber) -> None:
        """Start sending ``sub`` every change (the others hear of it only when a seat's
        connection status changes: a spectator arriving sends nobody anything)."""
        if not match.subscribers:
            match.seats_sent = b""  # nobody holds the last status sent any more
        match.subscribers.add(sub)
        if sub.seat is not None:
            match.online[sub.seat] += 1
            if match.online[sub.seat] == 1:
                match.broadcast_seats()

    def unsubscribe(self, match: Match, sub: Subscriber) -> None:
        """Stop sending to ``sub``."""
        if sub in match.subscribers:
            match.subscribers.discard(sub)
            if sub.seat is not None:
                match.online[sub.seat] -= 1
                if match.online[sub.seat] <= 0:
                    del match.online[sub.seat]
                    match.broadcast_seats()
