"""Taking back a decision online: the engine's undo policy, the other people's consent,
and the same durability as a move.

A seat asks to take back its last decision (the websocket's ``undo``, or ``POST
.../undo``). Whether it may is the engine's undo policy
(:meth:`ecotone.core.history.History.undo_refusal`: only its own last decision, before
anybody else decides, before the end, and only if the decision showed nothing hidden),
with what only the server knows besides:

* the decision must be the person's own, not a bot's standing in for them;
* a secret simultaneous choice made since is a decision too: it stands, and so does
  everything before it; the seat's own secret choice, once collected, is final
  (``undo/sealed``: the others were told that it had chosen);
* one request at a time, and once the others said no (or did not answer), not again
  for the same decision.

**Who must agree.** When every other seat is a bot's (or held by nobody, so a bot
plays it), the decision is taken back at once: there is nobody to ask. Otherwise every
other seat a person holds is asked (an :class:`~ecotone.server.protocol.UndoOffer` in
the updates) and each must accept; a decline, or no answer within
``Settings.undo_seconds``, refuses it, and any move meanwhile (by anyone, a bot
included) withdraws it, since the decision is no longer the last.

**Durable like a move.** A take-back is stored before anyone is told: a
compare-and-set on the match's version moves it to the state before the step, and a
``takebacks`` row records which step no longer counts (the step's own row stays in the
move log, which is never rewritten). Then it is applied in memory, acknowledged and
broadcast. The version moves *on* by one, never back, so an action chosen before the
take-back is refused as stale, and a client that reconnects with ``since`` gets the
take-back in its log. A request still waiting for answers changes nothing, so it is kept
in memory only: a restart ends it as a lapse would, and the seat may ask again.

**What a viewer learns.** The take-back's log entry carries the step taken back as that
viewer was allowed to see it (the step's stored visibility, :mod:`.visibility`), and so
does the request; notices name only who. After a take-back each viewer's observation is
the one it had before the step. So a take-back tells nobody anything the step had not
already told them.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import msgspec

from ecotone.core.errors import IllegalAction, StateError
from ecotone.core.game import State
from ecotone.core.history import History
from ecotone.core.history import Step as LineStep
from ecotone.server.errors import ServerError
from ecotone.server.protocol import Ack, LogEntry, UndoOffer, UndoVerdict
from ecotone.server.store import ConflictError, TakeBackRecord

if TYPE_CHECKING:
    from ecotone.server.manager import MatchManager
    from ecotone.server.matches import Match, Step

__all__ = [
    "EARLIER_KEPT",
    "Offer",
    "TakeBack",
    "TakeBacks",
    "consent",
    "offer_view",
    "refusal",
    "state_before",
    "takeback_entry",
    "verdict",
]

#: How many states before the latest steps a match keeps in memory, so that taking back
#: a turn of a few steps needs no re-simulation; further back (or after a restart) the
#: line is re-simulated from the seed once.
EARLIER_KEPT = 4

_json = msgspec.json.Encoder(order="deterministic")


class TakeBack(msgspec.Struct, gc=False):
    """A step taken back: at ``version`` the match went back to the state before
    ``step``, at the request of ``seat`` (untracked by the collector, as steps are)."""

    version: int
    seat: int
    step: Step
    at: float


@dataclass(eq=False)
class Offer:
    """A request to take back ``seat``'s last decision, made at ``version``, waiting for
    the people at the ``waiting`` seats to answer until ``deadline``."""

    seat: int
    version: int
    waiting: set[int]
    deadline: float
    accepted: set[int] = field(default_factory=set)
    timer: asyncio.TimerHandle | None = None


# -- what the policy says ---------------------------------------------------------------------


def state_before(match: Match) -> State[Any]:
    """The state before the match's last step in play.

    Kept in memory for the latest few steps (``match.earlier``); otherwise the line in
    play is re-simulated from the seed (after a restart, or a long run of take-backs)
    and checked to end at the match's state.

    Raises:
        StateError: when the re-simulated line does not end where the match is.
    """
    if len(match.earlier) > 0:
        return match.earlier[-1]
    state = match.game.start(match.seed)
    befores: list[State[Any]] = []
    for step in match.moves:
        befores.append(state)
        # the stored steps were each checked when they were played: no need to again
        state = state.step(step.seat, step.action)
    if state.digest() != match.state.digest():
        raise StateError("state/log-mismatch", "the move log does not lead to the match's state")
    match.earlier.extend(befores[-EARLIER_KEPT:])
    return befores[-1]


def refusal(match: Match, seat: int) -> IllegalAction | None:
    """Why ``seat`` may not take back its last decision now (a stable code and the
    reason in the game's words), or ``None`` when it may."""
    if match.status == "open":
        return IllegalAction("match/not-started", "waiting for every seat to be taken")
    if match.status == "over":
        return IllegalAction("undo/game-over", "the game is over: its moves stand")
    if seat in match.pending:
        # The seat's last decision is its secret choice, not a step: the engine's policy,
        # which knows only steps, would answer about the step before it.
        return IllegalAction(
            "undo/sealed",
            "your choice is sealed: a secret choice is final, since the others were told "
            "that you had chosen and may have chosen on that; it is revealed with theirs "
            "when the last of them chooses",
        )
    if not match.moves:
        return IllegalAction("undo/nothing", "nothing has been played yet")
    last = match.moves[-1]
    if last.seat == seat and last.by != "human":
        return IllegalAction(
            "undo/not-yours", "a bot made that decision for you while you were away: it stands"
        )
    if match.pending:
        return IllegalAction(
            "undo/not-yours",
            f"{match.who(sorted(match.pending))} chose since: only your own last decision "
            "can be taken back, before anybody else decides",
        )
    if last.seat != seat:
        # the engine's policy says this too, naming seats by number: the server knows names
        return IllegalAction(
            "undo/not-yours",
            f"{match.who([last.seat])} has decided since: only your own last decision can "
            "be taken back, before anybody else decides",
        )
    problem = _policy(match, seat)
    if problem is not None:
        return problem
    if match.offer is not None:
        return IllegalAction("undo/asked", "you have asked already: waiting for the answers")
    if match.undo_refused == match.version:
        return IllegalAction("undo/declined", "the others said no to taking this decision back")
    return None


def _policy(match: Match, seat: int) -> IllegalAction | None:
    """The engine's undo policy for ``seat`` at the match's last step, worked out once per
    version and seat (it replays the step on states the seat cannot tell apart)."""
    cached = match.undo_checked
    if cached is None or cached[0] != match.version:
        cached = match.undo_checked = (match.version, {})
    if seat not in cached[1]:
        last = match.moves[-1]
        line = History(
            match.seed, (state_before(match), match.state), (LineStep(last.seat, last.action),)
        )
        cached[1][seat] = line.undo_refusal(seat)
    return cached[1][seat]


def consent(match: Match, seat: int) -> list[int]:
    """The seats whose people must accept before ``seat``'s decision is taken back:
    every other seat a person holds. None against bots only."""
    return [s.seat for s in match.seats if s.seat != seat and s.joined]


def verdict(match: Match, seat: int) -> UndoVerdict:
    """:func:`refusal` as the seat's update says it."""
    problem = refusal(match, seat)
    if problem is not None:
        return UndoVerdict(allowed=False, code=problem.code, message=problem.message)
    return UndoVerdict(allowed=True, ask=consent(match, seat))


# -- what a viewer sees -------------------------------------------------------------------------


def takeback_entry(match: Match, takeback: TakeBack, viewer: int | None) -> LogEntry:
    """The take-back's log entry for ``viewer``: the step it took back is shown as that
    viewer may see the step itself, no more."""
    return LogEntry(
        version=takeback.version,
        seat=takeback.seat,
        by="human",
        type=None,
        action=None,
        text=None,
        at=takeback.at,
        took_back=match.log_entry(takeback.step, viewer),
    )


def offer_view(match: Match, viewer: int | None) -> UndoOffer | None:
    """The open request to take back a decision, as ``viewer`` may see it."""
    offer = match.offer
    if offer is None or not match.moves:
        return None
    return UndoOffer(
        seat=offer.seat,
        version=offer.version,
        step=match.log_entry(match.moves[-1], viewer),
        waiting=sorted(offer.waiting),
        accepted=sorted(offer.accepted),
        deadline=offer.deadline,
    )


# -- asking, answering, taking back ----------------------------------------------------------


class TakeBacks:
    """Take-backs for the matches of one :class:`~ecotone.server.manager.MatchManager`."""

    def __init__(self, manager: MatchManager) -> None:
        self.m = manager

    async def ask(
        self,
        match: Match,
        seat: int,
        version: int,
        *,
        token_hash: str | None,
        ref: str | None = None,
        on_ack: Callable[[Ack], None] | None = None,
    ) -> Ack:
        """``seat`` asks to take back its last decision, as the match stands at
        ``version``: taken back at once against bots (``pending`` false), else the others
        are asked (``pending`` true).

        Raises:
            ServerError: ``auth/bad-token``, ``match/stale``, or the refusal
                (``undo/...``, in the game's words); nothing changed.
        """
        async with match.lock:
            self.m._check_token(match, seat, token_hash)
            if isinstance(version, bool) or version != match.version:
                raise ServerError(
                    "match/stale",
                    f"you asked at version {version!r} but the match is at version "
                    f"{match.version}; look again",
                    version=match.version,
                )
            problem = refusal(match, seat)
            if problem is not None:
                raise ServerError(problem.code, problem.message, version=match.version)
            asked = consent(match, seat)
            if not asked:
                await self._take_back(match, seat)
                ack = Ack(ref=ref, version=match.version, pending=False)
                if on_ack is not None:
                    on_ack(ack)
                self.m._after_change(match)
            else:
                self._open(match, seat, asked)
                ack = Ack(ref=ref, version=match.version, pending=True)
                if on_ack is not None:
                    on_ack(ack)
                match.broadcast_views()
        self.m.auto.kick_bots(match)
        return ack

    async def reply(
        self,
        match: Match,
        seat: int,
        version: int,
        accept: bool,
        *,
        token_hash: str | None,
        ref: str | None = None,
        on_ack: Callable[[Ack], None] | None = None,
    ) -> Ack:
        """``seat`` accepts or declines the request made at ``version``. The last
        acceptance takes the decision back; a decline refuses it at once.

        Raises:
            ServerError: ``auth/bad-token``, ``undo/no-request`` (none open at that
                version: answered, withdrawn or lapsed), ``undo/not-asked``.
        """
        async with match.lock:
            self.m._check_token(match, seat, token_hash)
            offer = match.offer
            if offer is None or offer.version != version:
                raise ServerError(
                    "undo/no-request",
                    "there is no request to take back a decision to answer: it was "
                    "answered, withdrawn or lapsed",
                    version=match.version,
                )
            if seat not in offer.waiting:
                raise ServerError(
                    "undo/not-asked",
                    "your answer is not awaited: you asked, or you have answered already",
                    version=match.version,
                )
            done = False
            if accept:
                offer.waiting.discard(seat)
                offer.accepted.add(seat)
                if not offer.waiting:
                    await self._take_back(match, offer.seat)
                    done = True
            else:
                match.undo_refused = offer.version
                self._close(
                    match,
                    "undo/declined",
                    f"{self._name(match, seat)} said no: {self._name(match, offer.seat)}'s "
                    "decision stands",
                    offer.seat,
                )
            ack = Ack(ref=ref, version=match.version, pending=False)
            if on_ack is not None:
                on_ack(ack)
            if done:
                self.m._after_change(match)
            else:
                match.broadcast_views()
        self.m.auto.kick_bots(match)
        return ack

    def settle(self, match: Match) -> bool:
        """After any change: withdraw a request the match has moved past (a step, a
        secret choice, the end) or whose people left; whether it did. Call before
        broadcasting."""
        offer = match.offer
        if offer is None:
            return False
        if match.version != offer.version or match.status != "active" or match.pending:
            said = "the match moved on: the request to take back a decision is withdrawn"
        elif not all(match.seats[s].joined for s in (offer.seat, *offer.waiting)):
            said = "a player left: the request to take back a decision is withdrawn"
        else:
            return False
        self._close(match, "undo/withdrawn", said, offer.seat)
        return True

    def stop(self, match: Match) -> None:
        """The server stops: forget the request's clock (it lapses on the restart)."""
        if match.offer is not None and match.offer.timer is not None:
            match.offer.timer.cancel()

    # -- the steps -------------------------------------------------------------------------------

    def _open(self, match: Match, seat: int, asked: list[int]) -> None:
        deadline = time.time() + self.m.settings.undo_seconds
        offer = Offer(seat, match.version, set(asked), deadline)
        loop = asyncio.get_running_loop()
        offer.timer = loop.call_later(
            self.m.settings.undo_seconds, lambda: self.m._spawn(self._lapse(match, offer))
        )
        match.offer = offer
        others = ", ".join(self._name(match, s) for s in asked)
        match.notice(
            "undo/asked",
            f"{self._name(match, seat)} asks to take back their last decision: {others}, "
            "do you accept?",
            seat,
        )

    async def _lapse(self, match: Match, offer: Offer) -> None:
        async with match.lock:
            if match.offer is not offer or self.m._closing:
                return
            match.undo_refused = offer.version
            self._close(
                match,
                "undo/lapsed",
                f"nobody answered in time: {self._name(match, offer.seat)}'s decision stands",
                offer.seat,
            )
            match.broadcast_views()

    def _close(self, match: Match, code: str, message: str, seat: int) -> None:
        offer = match.offer
        if offer is not None and offer.timer is not None:
            offer.timer.cancel()
        match.offer = None
        match.notice(code, message, seat)

    async def _take_back(self, match: Match, seat: int) -> None:
        """Store, then apply, the take-back of ``seat``'s last step (the policy allowed it)."""
        last = match.moves[-1]
        before = state_before(match)
        now = time.time()
        record = TakeBackRecord(match.version + 1, seat, last.version, now)
        waiting = list(before.to_move)
        deadline = self.m.auto.deadline_for(match, waiting)
        try:
            await self.m._run(
                self.m.store.record_takeback,
                match.id,
                match.version,
                record,
                state=_json.encode(before.to_json()).decode(),
                digest=before.digest(),
                deadline=deadline,
            )
        except ConflictError as exc:
            raise ServerError("server/conflict", str(exc), version=match.version) from None
        match.moves.pop()
        match.earlier.pop()
        match.taken.append(TakeBack(record.version, seat, last, now))
        match.set_state(before, {})
        match.deadline = deadline
        match.updated_at = now
        if match.offer is not None:
            self._close(
                match,
                "undo/done",
                f"everyone agreed: {self._name(match, seat)} took back their last decision",
                seat,
            )
        else:
            said = f"{self._name(match, seat)} took back their last decision"
            match.notice("undo/done", said, seat)

    @staticmethod
    def _name(match: Match, seat: int) -> str:
        return match.name(seat)
