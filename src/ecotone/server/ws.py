"""The websocket endpoint ``/api/v1/matches/{id}/ws``: one session per connection.

The first message must be ``hello`` (within ``hello_timeout``), carrying the protocol
version and, to play, the seat token; it is never put in the URL. Each later message is
size-checked, rate-limited, decoded strictly and handled; every problem is answered with
an ``error`` to this connection only, carrying the message's ``ref`` (read best-effort
from a message refused unread, so a client can still tell which one it was), and nothing
a client sends can end the server.
Outgoing messages go through a bounded queue, so one slow client never holds up a match:
when its queue is full it is disconnected (it can reconnect and resync).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import MutableMapping
from typing import Any

import msgspec
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ecotone.server.clients import Proxies
from ecotone.server.errors import ServerError
from ecotone.server.fanout import CLOSE_LIMIT, ConnectionCaps, Pacer
from ecotone.server.limits import TokenBucket
from ecotone.server.manager import MatchManager
from ecotone.server.matches import Match, Subscriber
from ecotone.server.protocol import (
    PROTOCOL_VERSION,
    Ack,
    Act,
    Chat,
    Error,
    Hello,
    Ping,
    Pong,
    Resign,
    ServerMessage,
    Sync,
    Undo,
    UndoReply,
    Welcome,
    decode_client,
    encode,
)
from ecotone.server.schema import Ref

__all__ = ["match_socket"]

log = logging.getLogger("ecotone.server")

CLOSE_PROTOCOL = 4400
CLOSE_AUTH = 4403
CLOSE_NOT_FOUND = 4404
CLOSE_TIMEOUT = 4408
CLOSE_POLICY = 1008


class _Session:
    """One connection: its outbox and writer task, and what it is allowed to do."""

    def __init__(self, websocket: WebSocket, limit: int, pacer: Pacer) -> None:
        self.websocket = websocket
        self.pacer = pacer
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue(limit)
        self.overflowed = False
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, data: bytes) -> None:
        if self.overflowed:
            return
        try:
            self.queue.put_nowait(data)
        except asyncio.QueueFull:
            self.overflowed = True
            self.queue = asyncio.Queue(1)
            self.queue.put_nowait(None)

    def send_message(self, message: ServerMessage) -> None:
        self.send(encode(message))

    async def _write(self) -> None:
        try:
            while True:
                data = await self.queue.get()
                if data is None:
                    await self.websocket.close(CLOSE_POLICY, "too slow: reconnect to resync")
                    return
                await self.pacer.turn()
                await self.websocket.send_text(data.decode())
        except (WebSocketDisconnect, RuntimeError, OSError):
            return

    async def close(self) -> None:
        self.writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.writer


class _Referred(msgspec.Struct):
    """Only a message's ``ref``: every other field is skipped unread."""

    ref: Ref | int | None = None


_referred = msgspec.json.Decoder(_Referred)


def _ref_of(raw: str | bytes, max_bytes: int) -> str | None:
    """The ``ref`` of a message the server refuses before reading it properly (not
    decodable as a message, or dropped by the rate limit), read best-effort so that the
    ``error`` still names it: the ``ref`` field of a JSON object, a text within the
    bounds of a ``ref``, or an integer, said as its digits (``Error.ref`` is text). A
    message larger than ``max_bytes`` is not read at all; nor is anything that is not
    such an object: ``None`` then."""
    if len(raw) > max_bytes:
        return None
    try:
        ref = _referred.decode(raw).ref
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None
    return str(ref) if isinstance(ref, int) else ref


def _text(message: MutableMapping[str, Any]) -> str | bytes | None:
    if message.get("text") is not None:
        return str(message["text"])
    if message.get("bytes") is not None:
        return bytes(message["bytes"])
    return None


async def _refuse(websocket: WebSocket, code: str, text: str, close: int) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(encode(Error(code=code, message=text)).decode())
        await websocket.close(close, code)


async def match_socket(websocket: WebSocket, match_id: str) -> None:
    """Serve one websocket session on match ``match_id``, within the connection caps."""
    caps: ConnectionCaps = websocket.app.state.connections
    proxies: Proxies = websocket.app.state.proxies
    peer = websocket.client.host if websocket.client else "?"
    address = proxies.client(peer, websocket.headers)
    refusal = caps.admit(address, match_id[:64])
    if refusal is not None:
        await websocket.accept()
        await _refuse(websocket, "limit/connections", refusal, CLOSE_LIMIT)
        return
    try:
        await _session(websocket, match_id)
    finally:
        caps.leave(address, match_id[:64])


async def _session(websocket: WebSocket, match_id: str) -> None:
    manager: MatchManager = websocket.app.state.manager
    settings = manager.settings
    await websocket.accept()
    try:
        match = await manager.get(match_id)
    except ServerError as exc:
        await _refuse(websocket, exc.code, exc.message, CLOSE_NOT_FOUND)
        return
    try:
        first = await asyncio.wait_for(websocket.receive(), settings.hello_timeout)
    except TimeoutError:
        await _refuse(websocket, "protocol/hello-timeout", "say hello first", CLOSE_TIMEOUT)
        return
    except WebSocketDisconnect:
        return
    raw = _text(first)
    if raw is None:
        return
    try:
        hello = decode_client(raw) if len(raw) <= settings.max_message_bytes else None
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        await _refuse(websocket, "protocol/malformed", f"not a message: {exc}", CLOSE_PROTOCOL)
        return
    if not isinstance(hello, Hello):
        await _refuse(
            websocket, "protocol/hello-first", "the first message must be a hello", CLOSE_PROTOCOL
        )
        return
    if hello.protocol != PROTOCOL_VERSION:
        await _refuse(
            websocket,
            "protocol/version",
            f"this server speaks protocol {PROTOCOL_VERSION}, not {hello.protocol}",
            CLOSE_PROTOCOL,
        )
        return
    seat: int | None = None
    token_hash: str | None = None
    if hello.token is not None:
        try:
            seat, token_hash = manager.authenticate(match, hello.token)
        except ServerError as exc:
            await _refuse(websocket, exc.code, exc.message, CLOSE_AUTH)
            return
    session = _Session(websocket, settings.send_queue, websocket.app.state.pacer)
    sub = Subscriber(seat=seat, send=session.send, token_hash=token_hash, undo=hello.undo)
    session.send_message(
        Welcome(protocol=PROTOCOL_VERSION, seat=seat, match=match.info(), chat=list(match.chat))
    )
    session.send_message(match.view(seat, hello.since, undo=sub.undo))
    sub.sent = match.version
    manager.subscribe(match, sub)
    try:
        if seat is not None:
            await manager.reclaim(match, seat, token_hash)
        await _serve(manager, match, sub, session, websocket)
    finally:
        manager.unsubscribe(match, sub)
        await session.close()
        if websocket.application_state != WebSocketState.DISCONNECTED:
            with contextlib.suppress(Exception):
                await websocket.close()


async def _serve(
    manager: MatchManager,
    match: Match,
    sub: Subscriber,
    session: _Session,
    websocket: WebSocket,
) -> None:
    settings = manager.settings
    bucket = TokenBucket(settings.ws_rate, settings.ws_burst)
    violations = 0
    while not session.overflowed:
        try:
            message = await websocket.receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        if message["type"] == "websocket.disconnect":
            return
        raw = _text(message)
        if raw is None:
            continue
        if not bucket.allow():
            violations += 1
            if violations > settings.ws_max_violations:
                await websocket.close(CLOSE_POLICY, "too many messages")
                return
            ref = _ref_of(raw, settings.max_message_bytes)
            session.send_message(
                Error(code="limit/rate", message="slow down: message dropped", ref=ref)
            )
            continue
        if len(raw) > settings.max_message_bytes:
            session.send_message(
                Error(
                    code="protocol/too-large",
                    message=f"a message is at most {settings.max_message_bytes} bytes",
                )
            )
            continue
        try:
            request = decode_client(raw)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            ref = _ref_of(raw, settings.max_message_bytes)
            session.send_message(Error(code="protocol/malformed", message=str(exc)[:300], ref=ref))
            continue
        try:
            await _handle(manager, match, sub, session, request)
        except ServerError as exc:
            answered = (Act, Ping, Resign, Undo, UndoReply)
            ref = request.ref if isinstance(request, answered) else None
            session.send_message(
                Error(code=exc.code, message=exc.message, ref=ref, version=exc.version)
            )
            if exc.code == "match/stale":  # resync the client that was behind
                session.send_message(match.view(sub.seat, sub.sent, undo=sub.undo))
                sub.sent = match.version
        except Exception:  # never let one message end the session or the server
            log.exception("error handling a message in match %s", match.id)
            session.send_message(Error(code="server/internal", message="internal error"))


async def _handle(
    manager: MatchManager,
    match: Match,
    sub: Subscriber,
    session: _Session,
    request: Any,
) -> None:
    if isinstance(request, Act):
        if sub.seat is None:
            raise ServerError("auth/spectator", "spectators cannot act; join a seat first")
        await manager.act(
            match,
            sub.seat,
            request.version,
            request.action,
            token_hash=sub.token_hash,
            ref=request.ref,
            on_ack=session.send_message,
        )
    elif isinstance(request, Chat):
        if sub.seat is None:
            raise ServerError("auth/spectator", "spectators cannot chat at the table")
        await manager.chat(match, sub.seat, sub.token_hash, request.text)
    elif isinstance(request, Sync):
        session.send_message(match.view(sub.seat, request.since, undo=sub.undo))
        sub.sent = match.version
    elif isinstance(request, Resign):
        if sub.seat is None:
            raise ServerError("auth/spectator", "spectators have nothing to resign")
        await manager.resign(match, sub.seat, sub.token_hash)
        session.send_message(Ack(ref=request.ref, version=match.version, pending=False))
    elif isinstance(request, Undo | UndoReply):
        if sub.seat is None:
            raise ServerError("auth/spectator", "spectators have no decisions to take back")
        if isinstance(request, Undo):
            await manager.takebacks.ask(
                match,
                sub.seat,
                request.version,
                token_hash=sub.token_hash,
                ref=request.ref,
                on_ack=session.send_message,
            )
        else:
            await manager.takebacks.reply(
                match,
                sub.seat,
                request.version,
                request.accept,
                token_hash=sub.token_hash,
                ref=request.ref,
                on_ack=session.send_message,
            )
    elif isinstance(request, Ping):
        session.send_message(Pong(ref=request.ref))
    elif isinstance(request, Hello):
        raise ServerError("protocol/duplicate-hello", "this session is already open")
