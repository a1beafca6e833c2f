"""One match in memory: its authoritative state, seats, log, secret pending choices and viewers.

A :class:`Match` answers "what may this viewer see now" (:meth:`Match.view`,
:meth:`Match.info`) without ever touching the database; :mod:`ecotone.server.manager`
changes it, always storing the change first. Everything it hands out is built from
``state.observe(viewer)``, the stored visibility of each log step and public facts (whose
decision it is, who has chosen): never the seed, the digest or another seat's choice.

Versions: ``version`` counts the changes of the line in play: each applied step, and
each step taken back (:mod:`ecotone.server.takeback`), so it only ever grows; without
take-backs it is the number of steps (``len(moves)``). Every action is made against one.
``moves`` is the line in play, each step with the version it was applied at; ``taken``
the take-backs, each at its own version. A simultaneous decision (several seats in
``to_move``) is *collected*: each seat's choice is stored as pending and kept secret, the
version does not move, and when the last seat has chosen all choices are applied in seat
order.
"""

from __future__ import annotations

import asyncio
import bisect
import collections
import hashlib
import hmac
import itertools
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

import msgspec

import ecotone
from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction, StateError
from ecotone.core.game import Game, State
from ecotone.core.replay import resigned_winners
from ecotone.server.limits import KeyedLimiter, TokenBucket
from ecotone.server.protocol import (
    ChatLine,
    Error,
    LegalAction,
    LogEntry,
    MatchInfo,
    Notice,
    ScoreLine,
    Seats,
    SeatStatus,
    Update,
    encode,
)
from ecotone.server.store import LoadedMatch, SeatRecord
from ecotone.server.takeback import (
    EARLIER_KEPT,
    Offer,
    TakeBack,
    offer_view,
    takeback_entry,
    verdict,
)
from ecotone.server.visibility import kind_text, viewer_bit

__all__ = [
    "Controller",
    "Match",
    "Pending",
    "Seat",
    "Step",
    "Subscriber",
    "breakdown",
    "hash_token",
    "rebuild",
    "turn_number",
    "unplayable",
]

Controller = Literal["human", "bot", "takeover"]
Status = Literal["open", "active", "over"]


def hash_token(token: str) -> str:
    """The stored form of a seat token (SHA-256, hex)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(slots=True)
class Seat:
    """A seat: a named bot, or a human place someone joins with a token."""

    seat: int
    kind: Literal["human", "bot"]
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    taken_over: bool = False
    account: str | None = None  # the account id of the person who joined signed in
    rating: float | None = None  # the player's rating at this game, as shown
    # the seat's person brings its deck on joining, and the match is not dealt yet
    # (ecotone.server.seatdecks); ``deck``: the deck they brought, until the deal
    brings_deck: bool = False
    deck: str | None = None

    @property
    def joined(self) -> bool:
        """Whether a person holds this (human) seat."""
        return self.kind == "human" and self.token_hash is not None

    @property
    def controller(self) -> Controller:
        """Who decides for the seat now: its person, its bot, or the takeover bot."""
        if self.kind == "bot":
            return "bot"
        if self.taken_over or self.token_hash is None:
            return "takeover"
        return "human"

    def record(self) -> SeatRecord:
        """The seat as stored."""
        return SeatRecord(
            self.seat,
            self.kind,
            self.bot,
            self.name,
            self.token_hash,
            self.taken_over,
            self.account,
            self.brings_deck,
            self.deck,
        )

    def token_ok(self, token_hash: str | None) -> bool:
        """Whether ``token_hash`` is this seat's current token (constant time)."""
        if self.token_hash is None or token_hash is None:
            return False
        return hmac.compare_digest(self.token_hash, token_hash)


class Step(msgspec.Struct, gc=False):
    """An applied step with who may see it (bit masks, see :mod:`.visibility`).

    Steps pile up for as long as a match is held in memory and refer to nothing that
    could form a cycle, so the garbage collector is told not to track them: its full
    collections, which stop the server, then do not grow with the number of moves played.
    """

    version: int
    seat: int
    action: Action
    by: Controller
    visible: int
    tag_visible: int
    digest: str
    at: float


class Pending(msgspec.Struct, gc=False):
    """A secret choice of a simultaneous decision (untracked by the collector, as steps)."""

    seat: int
    action: Action
    by: Controller
    at: float


@dataclass(eq=False)
class Subscriber:
    """A live viewer (a websocket): its seat (``None``: spectator) and its outbox.

    ``send`` must not block: it queues the bytes for the connection's writer.
    ``sent`` is the last version whose log this viewer has been sent. ``undo``: its
    updates say whether its seat may take back its last decision (``Hello.undo``).
    """

    seat: int | None
    send: Callable[[bytes], None]
    token_hash: str | None = None
    sent: int = 0
    undo: bool = False


@dataclass(eq=False)
class Match:
    """A match held in memory. The manager mutates it under :attr:`lock` only."""

    id: str
    game: Game[Any]
    seed: int
    state: State[Any]
    status: Status
    seats: list[Seat]
    move_seconds: float | None
    created_at: float
    updated_at: float
    deadline: float | None = None
    resigned: int | None = None  # the seat that conceded, when the match ended that way
    moves: list[Step] = field(default_factory=list)
    pending: dict[int, Pending] = field(default_factory=dict)
    chat: collections.deque[ChatLine] = field(default_factory=lambda: collections.deque(maxlen=50))
    subscribers: set[Subscriber] = field(default_factory=set)
    # connections per seat (spectators are not counted): the seats' "connected" status
    online: collections.Counter[int] = field(default_factory=collections.Counter)
    seats_sent: bytes = b""  # the last seat status sent, so an unchanged one is not resent
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.TimerHandle | None = None
    bot_task: asyncio.Task[None] | None = None
    chat_seats: KeyedLimiter | None = None
    chat_table: TokenBucket | None = None
    # take-backs (ecotone.server.takeback): those made, the states before the latest
    # steps, the request waiting for answers, the version the others last refused one at,
    # and the engine's verdict per seat at one version
    taken: list[TakeBack] = field(default_factory=list)
    earlier: collections.deque[State[Any]] = field(
        default_factory=lambda: collections.deque(maxlen=EARLIER_KEPT)
    )
    offer: Offer | None = None
    undo_refused: int | None = None
    undo_checked: tuple[int, dict[int, IllegalAction | None]] | None = None
    _observed: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    _legal: dict[int, list[LegalAction]] = field(default_factory=dict)

    # -- derived facts -------------------------------------------------------------------

    @property
    def version(self) -> int:
        """The number of changes of the line: applied steps and take-backs."""
        last = self.moves[-1].version if self.moves else 0
        return max(last, self.taken[-1].version) if self.taken else last

    @property
    def waiting_for(self) -> list[int]:
        """The seats that still have to decide (to move, no pending choice)."""
        if self.status != "active":
            return []
        return [s for s in self.state.to_move if s not in self.pending]

    @property
    def dealt(self) -> bool:
        """Whether the cards are dealt: no seat's deck is still to be brought. Before,
        the state is a stand-in that nobody is shown (:mod:`ecotone.server.seatdecks`)."""
        return not any(s.brings_deck for s in self.seats)

    def render(self, viewer: int | None) -> str:
        """The text picture of ``viewer``'s view (a word on the decks awaited, before the
        deal)."""
        if self.dealt:
            return self.state.render(viewer)
        waiting = [s.seat for s in self.seats if s.brings_deck and s.deck is None]
        who = ", ".join(f"P{s + 1}" for s in waiting) or "the players"
        return f"The cards are dealt once every player has brought a deck: waiting for {who}."

    def name(self, seat: int) -> str:
        """What the server's own messages call ``seat``: the name of whoever sits there
        (the person's, or the bot's in words), else its number (``P1``, a seat nobody
        holds). The games' rules texts say ``P1`` themselves: they do not know names."""
        return self.seats[seat].name or f"P{seat + 1}"

    def who(self, seats: Iterable[int]) -> str:
        """``seats`` named for the server's messages, each with its number so that a
        name reads against the board, which shows numbers: ``Ana (P1), P2``."""
        said = []
        for seat in seats:
            name, number = self.name(seat), f"P{seat + 1}"
            said.append(number if name == number else f"{name} ({number})")
        return ", ".join(said) or "nobody"

    @property
    def joinable(self) -> bool:
        """Whether a person can still take a seat."""
        return self.status != "over" and any(s.kind == "human" and not s.joined for s in self.seats)

    def result(self) -> tuple[list[float] | None, list[int] | None]:
        """The scores and winners once the match is over (``None, None`` before).

        A match the game finished has the game's own result. A match that ended because a
        seat resigned keeps the scores as they stood; the resigning seat loses, and the
        winners are the other seats with the best of those scores (every one that ties).
        """
        if self.status != "over":
            return None, None
        scores = self.state.scores()
        if self.resigned is None:
            return scores, self.state.winners()
        return scores, resigned_winners(scores, self.resigned)

    def standing(self) -> list[float] | None:
        """Each seat's score as it stands while the match runs (``state.standing()``), the
        same for every viewer; ``None`` before the deal and once over (:meth:`result`)."""
        return self.state.standing() if self.status == "active" and self.dealt else None

    def set_state(self, state: State[Any], observed: dict[int | None, dict[str, Any]]) -> None:
        """Move to a new state (observations already computed are kept for the broadcast)."""
        self.state = state
        self._observed = dict(observed)
        self._legal = {}

    def observation(self, viewer: int | None) -> dict[str, Any]:
        """``state.observe(viewer)``, computed once per broadcast."""
        obs = self._observed.get(viewer)
        if obs is None:
            obs = self.state.observe(viewer)
            self._observed[viewer] = obs
        return obs

    def legal(self, seat: int) -> list[LegalAction]:
        """The seat's legal actions now, with notation and index (once per broadcast)."""
        cached = self._legal.get(seat)
        if cached is None:
            game = self.game
            cached = [
                LegalAction(a.to_json(), str(a), game.action_index(a), list(a.choose_by))
                for a in self.state.legal_actions(seat)
            ]
            self._legal[seat] = cached
        return cached

    # -- what a viewer may see -------------------------------------------------------------

    def log_entry(self, step: Step, viewer: int | None) -> LogEntry:
        """``step`` as ``viewer`` may see it (everything once the match is over)."""
        bit = viewer_bit(self.game.players, viewer)
        shown = self.status == "over" or bool(step.visible & bit)
        kind = shown or bool(step.tag_visible & bit)
        tag = type(step.action).__struct_config__.tag
        return LogEntry(
            version=step.version,
            seat=step.seat,
            by=step.by,
            type=str(tag) if kind else None,
            action=step.action.to_json() if shown else None,
            text=str(step.action) if shown else None,
            at=step.at,
            kind=kind_text(step.action) if kind and not shown else None,
        )

    def log(self, viewer: int | None, since: int | None) -> list[LogEntry]:
        """The log after version ``since`` (all of it when ``since`` is not a version):
        the steps in play and the take-backs, in the order of their versions."""
        start = since if since is not None and 0 <= since <= self.version else 0
        if not self.taken:  # versions are then positions in the line
            return [self.log_entry(step, viewer) for step in self.moves[start:]]
        first = bisect.bisect_right(self.moves, start, key=lambda step: step.version)
        entries = [self.log_entry(step, viewer) for step in self.moves[first:]]
        entries += [takeback_entry(self, t, viewer) for t in self.taken if t.version > start]
        entries.sort(key=lambda entry: entry.version)
        return entries

    def view(self, viewer: int | None, since: int | None, *, undo: bool = False) -> Update:
        """Everything ``viewer`` may know now, with the log after ``since``; with
        ``undo``, whether the viewer's seat may take back its last decision."""
        state = self.state
        dealt = self.dealt
        deciding = viewer is not None and self.status == "active" and viewer in self.waiting_for
        mine = self.pending.get(viewer) if viewer is not None else None
        scores, winners = self.result()
        return Update(
            version=self.version,
            status=self.status,
            seat=viewer,
            to_move=list(state.to_move) if self.status != "over" and dealt else [],
            waiting_for=self.waiting_for,
            chosen=sorted(self.pending),
            my_choice=mine.action.to_json() if mine is not None else None,
            observation=self.observation(viewer) if dealt else {},
            legal=self.legal(viewer) if deciding and viewer is not None else [],
            log=self.log(viewer, since),
            deadline=self.deadline if self.waiting_for else None,
            now=time.time(),
            scores=scores,
            winners=winners,
            resigned=self.resigned,
            unplayable=unplayable(state, viewer) if deciding and viewer is not None else {},
            turn=turn_number(state, self.moves),
            phase=state.phase(viewer) if self.status == "active" else None,
            breakdown=breakdown(state) if self.status == "over" else None,
            # (a resigned match is over, its state is not: the game then says nothing)
            ending=state.ending() if self.status == "over" else None,
            recent=list(state.recent()) or None,
            standing=self.standing(),
            undo=verdict(self, viewer) if undo and viewer is not None else None,
            undo_offer=offer_view(self, viewer),
            dealt=dealt,
        )

    def seat_status(self) -> list[SeatStatus]:
        """Every seat's public status."""
        online = self.online
        return [
            SeatStatus(
                seat=s.seat,
                kind=s.kind,
                bot=s.bot,
                name=s.name,
                joined=s.joined,
                connected=online[s.seat] > 0,
                taken_over=s.kind == "human"
                and s.controller == "takeover"
                and self.status == "active",
                account=s.name if s.account is not None else None,
                rating=s.rating,
                brings_deck=s.brings_deck,
            )
            for s in self.seats
        ]

    def info(self) -> MatchInfo:
        """The match's public description (lobby, welcome)."""
        scores, winners = self.result()
        game = self.game
        return MatchInfo(
            id=self.id,
            game=game.spec.id,
            title=game.spec.title,
            players=game.players,
            variant=game.variant,
            options=dict(game.options),
            status=self.status,
            version=self.version,
            to_move=list(self.state.to_move) if self.status == "active" else [],
            seats=self.seat_status(),
            joinable=self.joinable,
            move_seconds=self.move_seconds,
            created_at=self.created_at,
            updated_at=self.updated_at,
            scores=scores,
            winners=winners,
            resigned=self.resigned,
            turn=turn_number(self.state, self.moves),
            dealt=self.dealt,
            standing=self.standing(),
        )

    # -- sending -------------------------------------------------------------------------

    def tell(self, seat: int, message: Error) -> None:
        """Send ``message`` to the viewers of ``seat`` only."""
        data = encode(message)
        for sub in list(self.subscribers):
            if sub.seat == seat:
                sub.send(data)

    def notice(self, code: str, message: str, seat: int | None = None) -> None:
        """Tell every viewer something that happened to a seat or the match."""
        data = encode(Notice(code=code, message=message, seat=seat))
        for sub in list(self.subscribers):
            sub.send(data)

    def broadcast_seats(self) -> None:
        """Send every viewer the seats' public status, when it changed since last sent.

        Encoded once for all; a spectator coming or going changes nothing and sends
        nothing, so the cost of viewers arriving stays linear in their number."""
        data = encode(Seats(seats=self.seat_status()))
        if data == self.seats_sent:
            return
        self.seats_sent = data
        for sub in list(self.subscribers):
            sub.send(data)

    def broadcast_views(self) -> None:
        """Send every viewer its view, with the log it has not had yet.

        Each distinct view is encoded once, however many viewers share it. Afterwards the
        observations and legal actions are dropped rather than kept until the next step:
        they are many small objects, and kept for a while they would reach the garbage
        collector's oldest generation and make its full collections (which stop the
        server) longer and more frequent. A later view computes them again.
        """
        cache: dict[tuple[int | None, int, bool], bytes] = {}
        for sub in list(self.subscribers):
            key = (sub.seat, sub.sent, sub.undo)
            data = cache.get(key)
            if data is None:
                data = encode(self.view(sub.seat, sub.sent, undo=sub.undo))
                cache[key] = data
            sub.sent = self.version
            sub.send(data)
        self._observed = {}
        self._legal = {}


# -- what a person's view adds to the observation ---------------------------------------------


def unplayable(state: State[Any], seat: int) -> dict[str, str]:
    """The cards of ``seat``'s hand it cannot play now, with the game's reason for each
    (``state.unplayable(seat)``, in the game's words); empty where the kernel or the game
    has no such answer, and the client then says only that no legal move uses the card."""
    ask = getattr(state, "unplayable", None)
    if not callable(ask):
        return {}
    return {str(card): str(reason) for card, reason in ask(seat).items()}


def breakdown(state: State[Any]) -> list[list[ScoreLine]]:
    """Each seat's score term by term, as the rulebook's scoring counts it
    (``state.breakdown()``): what the end of a match shows beside the scores."""
    return [[ScoreLine(t.name, t.points) for t in terms] for terms in state.breakdown()]


def turn_number(state: State[Any], moves: list[Step]) -> int:
    """The turn as players count it: the game's own count (``state.turn``) where it keeps
    one, else one more than the number of times who is to move changed (the seat that
    moved, then the seats to move now), so that a turn of several steps by one player
    (draw, draw, place) counts once."""
    counted = state.turn
    if counted is not None:
        return counted
    changes = sum(1 for before, after in itertools.pairwise(moves) if before.seat != after.seat)
    if moves and state.to_move and moves[-1].seat not in state.to_move:
        changes += 1  # the next player's turn has begun, though they have not moved yet
    return 1 + changes


def rebuild(record: LoadedMatch) -> Match:
    """A stored match, checked to be exactly where its move log ends.

    Raises:
        StateError: when the stored state, its digest and the log disagree.
        ConfigError: when the game or its configuration no longer exists.
    """
    row = record.match
    game = ecotone.make(
        row.game, players=row.players, variant=row.variant, **msgspec.json.decode(row.options)
    )
    state = game.load_state(row.state)
    if state.digest() != row.digest:
        raise StateError("state/digest-mismatch", "the stored state does not match its digest")
    logged = {
        m.version: Step(
            version=m.version,
            seat=m.seat,
            action=game.codec.from_json(m.action),
            by=m.by,  # type: ignore[arg-type]
            visible=m.visible,
            tag_visible=m.tag_visible,
            digest=m.digest,
            at=m.at,
        )
        for m in record.moves
    }
    # the steps taken back stay in the log; the line in play is the others
    if any(t.step not in logged for t in record.takebacks):
        raise StateError("state/log-mismatch", "a step taken back is not in the move log")
    taken = [TakeBack(t.version, t.seat, logged.pop(t.step), t.at) for t in record.takebacks]
    moves = sorted(logged.values(), key=lambda step: step.version)
    last = max([0, *(s.version for s in moves), *(t.version for t in taken)])
    # with no step in play (every one taken back, or none played) the state is the first
    first = game.start(row.seed).digest() if taken and not moves else row.digest
    ends_at = moves[-1].digest if moves else first
    if last != row.version or ends_at != row.digest:
        raise StateError("state/log-mismatch", "the move log does not end at the stored state")
    match = Match(
        id=row.id,
        game=game,
        seed=row.seed,
        state=state,
        status=row.status,  # type: ignore[arg-type]
        seats=[
            Seat(
                s.seat,
                s.kind,  # type: ignore[arg-type]
                s.bot,
                s.name,
                s.token_hash,
                s.taken_over,
                s.account_id,
                brings_deck=s.brings_deck,
                deck=s.deck,
            )
            for s in record.seats
        ],
        move_seconds=row.move_seconds,
        created_at=row.created_at,
        updated_at=row.updated_at,
        deadline=row.deadline,
        resigned=row.resigned,
        moves=moves,
        taken=taken,
    )
    for p in record.pending:
        match.pending[p.seat] = Pending(p.seat, game.codec.from_json(p.action), p.by, p.at)  # type: ignore[arg-type]
    for c in record.chat:
        match.chat.append(ChatLine(id=c.id, seat=c.seat, name=c.name, text=c.text, at=c.at))
    return match
