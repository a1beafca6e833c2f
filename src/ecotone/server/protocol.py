"""The websocket protocol: typed, versioned messages (see ``docs/protocol.md``).

Every message is one JSON object with a ``"type"`` tag. A client opens
``/api/v1/matches/{id}/ws`` and must first send :class:`Hello` (with the protocol version
it speaks and, to play a seat, that seat's token); the server answers :class:`Welcome` and
then an :class:`Update`. From then on:

==================  ====================================================================
client -> server    meaning
==================  ====================================================================
``hello``           open the session: protocol version, seat token (none: spectate),
                    ``since`` (the last version seen, to get only the missed log)
``act``             take an action, made against state ``version``
``chat``            say something at the table (seats only)
``sync``            ask for the current view again (log since a version)
``resign``          concede the match: it ends at once, and the resigning seat loses
``undo``            take back my last decision (at once against bots; otherwise the
                    other people at the table are asked)
``undo_reply``      accept or decline another seat's request to take back a decision
``ping``            keep-alive; answered by ``pong``
==================  ====================================================================

==================  ====================================================================
server -> client    meaning
==================  ====================================================================
``welcome``         the session is open: which seat you are, the match's public info
``update``          your view after every change, versioned: observation, legal
                    actions, whose decision it is, the log entries you may see
``ack``             your action was stored (``pending``: a simultaneous choice that is
                    kept secret until everyone has chosen)
``error``           something you sent was refused: a stable ``code`` and the reason;
                    sent to you only, and nothing changed
``chat``            a table-talk line
``notice``          something happened to a seat or the match (taken over by a bot,
                    back, joined, left, over, a decision taken back or not)
``seats``           the seats' public status changed (joined, connected, taken over)
``pong``            the answer to ``ping``
==================  ====================================================================

Decoding is strict: an unknown type or field, a missing field, a wrong type or a number
out of bounds is refused with ``protocol/malformed`` (the bounded field types are
:mod:`ecotone.server.schema`'s, shared with the HTTP bodies); nothing a client sends can
crash the server.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from ecotone.server.schema import ActionObject, ActionText, ChatText, Ref, Token, Version

__all__ = [
    "PROTOCOL_VERSION",
    "Ack",
    "Act",
    "Chat",
    "ChatLine",
    "ChatMessage",
    "ClientMessage",
    "Error",
    "Hello",
    "LegalAction",
    "LogEntry",
    "MatchInfo",
    "Notice",
    "Ping",
    "Pong",
    "Resign",
    "ScoreLine",
    "SeatStatus",
    "Seats",
    "ServerMessage",
    "Sync",
    "Undo",
    "UndoOffer",
    "UndoReply",
    "UndoVerdict",
    "Update",
    "Welcome",
    "decode_client",
    "encode",
]

PROTOCOL_VERSION = 1


# -- client -> server ---------------------------------------------------------------------


class Hello(msgspec.Struct, tag="hello", forbid_unknown_fields=True):
    """Open a session. ``token``: a seat token (omit to spectate). ``since``: the last
    version this client has seen; the first update then carries only newer log entries.
    ``undo``: this client offers to take back decisions, so its updates say whether its
    seat may take back its last one now (``Update.undo``; working that out replays the
    step, and a client that never offers it is spared the cost)."""

    protocol: Annotated[int, msgspec.Meta(ge=0, le=1000)]
    token: Token | None = None
    since: Version | None = None
    undo: bool = False


class Act(msgspec.Struct, tag="act", forbid_unknown_fields=True):
    """Take ``action`` (its JSON object, or its notation text) against state ``version``.

    ``ref`` is echoed in the ``ack`` or ``error`` so a client can match answers."""

    version: Version
    action: ActionObject | ActionText
    ref: Ref | None = None


class Chat(msgspec.Struct, tag="chat", forbid_unknown_fields=True):
    """A line of table talk (seats only)."""

    text: ChatText


class Sync(msgspec.Struct, tag="sync", forbid_unknown_fields=True):
    """Ask for the current view again, with the log entries after ``since``."""

    since: Version | None = None


class Ping(msgspec.Struct, tag="ping", forbid_unknown_fields=True):
    """Keep-alive."""

    ref: Ref | None = None


class Resign(msgspec.Struct, tag="resign", forbid_unknown_fields=True):
    """Concede: the match ends now and this seat loses (answered by an ``ack`` with ``ref``).

    The winners are the other seats with the best score when it ends; see
    :meth:`ecotone.server.matches.Match.result`."""

    ref: Ref | None = None


class Undo(msgspec.Struct, tag="undo", forbid_unknown_fields=True):
    """Take back this seat's last decision, as the match stands at ``version``.

    The engine's undo policy decides whether it may (:mod:`ecotone.core.history`); when
    every other seat is a bot it is taken back at once (``ack``, not pending), else the
    people at the other seats are asked (``ack`` with ``pending``) and it is taken back
    when all of them accept. See :mod:`ecotone.server.takeback`."""

    version: Version
    ref: Ref | None = None


class UndoReply(msgspec.Struct, tag="undo_reply", forbid_unknown_fields=True):
    """Accept or decline the request to take back a decision made at ``version`` (the
    ``version`` of the update's ``undo_offer``)."""

    version: Version
    accept: bool
    ref: Ref | None = None


ClientMessage = Hello | Act | Chat | Sync | Ping | Resign | Undo | UndoReply

_client_decoder: msgspec.json.Decoder[ClientMessage] = msgspec.json.Decoder(ClientMessage)


def decode_client(raw: str | bytes) -> ClientMessage:
    """Decode one client message; raises ``msgspec.DecodeError``/``ValidationError``."""
    return _client_decoder.decode(raw)


# -- shared records -------------------------------------------------------------------------


class SeatStatus(msgspec.Struct, kw_only=True):
    """A seat's public status. ``account``: the account name of a person who joined
    signed in (their profile is ``/api/v1/players/{account}``); ``rating``: the player's
    rating at this game (a person's account, or a bot rated from its tournaments).
    ``brings_deck``: the seat's person brings its deck on joining and the match waits for
    it (``joined``: they have brought it); false once the match is dealt."""

    seat: int
    kind: Literal["human", "bot"]
    bot: str | None = None
    name: str | None = None
    joined: bool = False
    connected: bool = False
    taken_over: bool = False
    account: str | None = None
    rating: float | None = None
    brings_deck: bool = False


class MatchInfo(msgspec.Struct, kw_only=True):
    """What anyone may know about a match (the lobby shows this). ``dealt``: false while
    some seat's deck is still to be brought (see ``SeatStatus.brings_deck``); ``options``
    then name only the decks chosen when the match was created. ``standing``: while the
    match runs, each seat's score as it stands (``state.standing()``, as the updates carry
    it); ``scores`` once it is over."""

    id: str
    game: str
    title: str
    players: int
    variant: str | None
    options: dict[str, Any]
    status: Literal["open", "active", "over"]
    version: int
    to_move: list[int]
    seats: list[SeatStatus]
    joinable: bool
    move_seconds: float | None
    created_at: float
    updated_at: float
    scores: list[float] | None = None
    winners: list[int] | None = None
    resigned: int | None = None
    turn: int = 1
    dealt: bool = True
    standing: list[float] | None = None


class ScoreLine(msgspec.Struct):
    """One line of a seat's final score: what it counts and its points (``ScoreTerm``)."""

    name: str
    points: float


class LegalAction(msgspec.Struct, omit_defaults=True):
    """One legal action: its JSON form (send this back), its notation and its index.

    ``choose_by``: the fields a person picks one at a time, in order, when choosing among
    many actions of this kind (the class's ``Action.choose_by``, see
    :mod:`ecotone.core.choices`); left out when the kind declares none."""

    action: dict[str, Any]
    text: str
    index: int
    choose_by: list[str] = msgspec.field(default_factory=list)


class LogEntry(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One applied step as the viewer may see it.

    ``action``/``text`` are ``null`` when the step is hidden from the viewer (another
    seat's secret choice); ``type`` is the kind of action when even that is known, and
    ``kind`` that kind in the game's words for a hidden step (``"a route chosen"``:
    :func:`ecotone.core.visibility.kind_text`).

    A take-back is an entry of its own, at the version it moved the match to: ``seat``
    took back its decision ``took_back`` (that step's entry, as the viewer may see it,
    and ``type``, ``action`` and ``text`` are ``null``). The step it took back is no
    longer in the log; a client holding it drops it."""

    version: int
    seat: int
    by: Literal["human", "bot", "takeover"]
    type: str | None
    action: dict[str, Any] | None
    text: str | None
    at: float
    kind: str | None = None
    took_back: LogEntry | None = None


class ChatLine(msgspec.Struct, kw_only=True):
    """One line of table talk."""

    id: int
    seat: int
    name: str | None
    text: str
    at: float


class UndoVerdict(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Whether the viewer's seat may take back its last decision now.

    ``allowed``, else the refusal: its stable ``code`` (the engine's ``undo/nothing``,
    ``undo/game-over``, ``undo/not-yours``, ``undo/revealed`` or a game's own; the
    server's ``undo/sealed``, ``undo/asked``, ``undo/declined``, ``match/not-started``)
    and ``message``, in the game's words. ``ask``: the seats whose people must accept
    (none: against bots only, it is taken back at once)."""

    allowed: bool
    code: str | None = None
    message: str | None = None
    ask: list[int] = msgspec.field(default_factory=list)


class UndoOffer(msgspec.Struct, kw_only=True):
    """A request to take back a decision, waiting for the other people's answers.

    ``seat`` asks to take back ``step`` (its log entry, as this viewer may see it), made
    when the match was at ``version`` (answer against it). ``waiting``: the seats yet to
    answer; ``accepted``: those that did. At ``deadline`` (the server's Unix time) an
    unanswered request lapses; a decline ends it at once, and so does any move."""

    seat: int
    version: int
    step: LogEntry
    waiting: list[int]
    accepted: list[int]
    deadline: float


# -- server -> client -----------------------------------------------------------------------


class Welcome(msgspec.Struct, tag="welcome", kw_only=True):
    """The session is open. ``seat`` is ``null`` for a spectator."""

    protocol: int
    seat: int | None
    match: MatchInfo
    chat: list[ChatLine]


class Update(msgspec.Struct, tag="update", kw_only=True):
    """The viewer's view of the match at ``version`` (the number of applied steps).

    ``observation`` is exactly ``state.observe(seat)``. ``legal`` is non-empty only when
    the viewer must decide now. ``chosen`` lists the seats that have made their secret
    choice of a simultaneous decision (never what they chose); ``my_choice`` is the
    viewer's own. ``log`` holds the entries after the version the client last had.
    ``deadline`` is when the seats in ``waiting_for`` will be taken over (Unix time), and
    ``now`` the server's Unix time as it made the update, so that a client whose own clock
    is off can still count down to ``deadline`` by the server's. ``resigned`` is the seat
    that conceded, when the match ended that way.

    ``unplayable``: for a seat deciding now, the cards of its hand it cannot play, each
    with the game's reason (``state.unplayable(seat)``; empty when the game says none).
    ``turn``: the turn as players count it (``state.turn``, else the changes of who moves),
    not the number of steps. ``phase``: what is being decided now, in a sentence for this
    viewer (``state.phase(seat)``), while the match runs and the game says it.
    ``breakdown``: once the match is over, each seat's score term by term
    (``state.breakdown()``), the terms of a seat adding up to its score. ``ending``: once
    the game has ended by its rules, why it ended and what its result means, in the game's
    words with seats named ``P1``, ``P2`` (``state.ending()``; ``null`` where the game says
    nothing, and after a resignation). ``recent``: the game's last public happenings
    in its words, newest last (``state.recent()``; ``null`` where it says none). ``standing``:
    while the match runs, each seat's score as it stands, the same for every viewer
    (``state.standing()``; ``null`` where the game keeps its scoring secret), and
    ``scores`` once it is over.

    ``undo``: for a seat whose client offers take-backs (``Hello.undo``), whether it may
    take back its last decision now. ``undo_offer``: a request to take back a decision
    that waits for answers, as this viewer may see it (everyone sees that it is open).
    ``dealt``: false while the match waits for a seat's deck (``observation`` is then
    empty and ``to_move`` too: nothing is dealt yet)."""

    version: int
    status: Literal["open", "active", "over"]
    seat: int | None
    to_move: list[int]
    waiting_for: list[int]
    chosen: list[int]
    my_choice: dict[str, Any] | None
    observation: dict[str, Any]
    legal: list[LegalAction]
    log: list[LogEntry]
    deadline: float | None
    now: float
    scores: list[float] | None = None
    winners: list[int] | None = None
    resigned: int | None = None
    unplayable: dict[str, str] = msgspec.field(default_factory=dict)
    turn: int = 1
    phase: str | None = None
    breakdown: list[list[ScoreLine]] | None = None
    ending: str | None = None
    recent: list[str] | None = None
    standing: list[float] | None = None
    undo: UndoVerdict | None = None
    undo_offer: UndoOffer | None = None
    dealt: bool = True


class Ack(msgspec.Struct, tag="ack", kw_only=True):
    """Your action is stored. ``pending``: a simultaneous choice waiting for the others."""

    ref: str | None
    version: int
    pending: bool


class Error(msgspec.Struct, tag="error", kw_only=True):
    """A refusal: a stable ``code`` (``area/what``) and the explanation. Nothing changed.

    ``ref``: the ``ref`` of the message refused, even of one refused before it could be
    read as a message (read best-effort, see :mod:`ecotone.server.ws`)."""

    code: str
    message: str
    ref: str | None = None
    version: int | None = None


class ChatMessage(msgspec.Struct, tag="chat", kw_only=True):
    """A table-talk line, as broadcast."""

    line: ChatLine


class Notice(msgspec.Struct, tag="notice", kw_only=True):
    """Something happened to a seat or to the match, in words for the players.

    Codes: ``seat/taken-over``, ``seat/restored``, ``seat/joined``, ``seat/left``,
    ``match/started``, ``match/over``, ``match/choice-void``; for take-backs
    (``seat``: the seat whose decision it is) ``undo/asked``, ``undo/done``,
    ``undo/declined``, ``undo/lapsed`` and ``undo/withdrawn``."""

    code: str
    message: str
    seat: int | None = None


class Seats(msgspec.Struct, tag="seats", kw_only=True):
    """The seats' public status changed."""

    seats: list[SeatStatus]


class Pong(msgspec.Struct, tag="pong", kw_only=True):
    """The answer to ``ping``."""

    ref: str | None = None


ServerMessage = Welcome | Update | Ack | Error | ChatMessage | Notice | Seats | Pong

_encoder = msgspec.json.Encoder()


def encode(message: ServerMessage) -> bytes:
    """The JSON bytes of a server message."""
    return _encoder.encode(message)
