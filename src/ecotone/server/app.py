"""The ASGI application: :func:`create_app` wires the store, the match manager, HTTP and websockets.

>>> from ecotone.server import Settings, create_app
>>> app = create_app(Settings(db_url="sqlite:///:memory:"))
>>> app.title
'Ecotone'

Starting the app (its lifespan) runs the database migrations and resumes every open and
running match; stopping it stops clocks and bots. Limits on every request: bodies of at
most ``max_message_bytes`` and a token bucket per client address (``limit/rate``, 429);
the address is the peer's, or the one a trusted proxy names (:mod:`.clients`).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import msgspec
from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Receive, Scope, Send

import ecotone
from ecotone.core.errors import EcotoneError
from ecotone.server import accountdecks, decks, http, players, ws
from ecotone.server.clients import Proxies
from ecotone.server.errors import ServerError, status_for
from ecotone.server.fanout import ConnectionCaps, Pacer
from ecotone.server.limits import KeyedLimiter
from ecotone.server.manager import MatchManager
from ecotone.server.protocol import (
    Ack,
    Act,
    Chat,
    ChatLine,
    LogEntry,
    MatchInfo,
    Undo,
    UndoReply,
    Update,
)
from ecotone.server.schema import (
    CheckIn,
    CreateMatch,
    DecodeIn,
    GuestRequest,
    JoinRequest,
    Login,
    NewAccount,
    ReadIn,
    SaveDeck,
)
from ecotone.server.settings import Settings
from ecotone.server.store import Store, default_db_url
from ecotone.web import install as install_web

__all__ = ["create_app"]

log = logging.getLogger("ecotone.server")


class _MatchList(msgspec.Struct):
    matches: list[MatchInfo]


class _Joined(msgspec.Struct):
    match: MatchInfo
    seat: int | None
    token: str | None


class _ChatList(msgspec.Struct):
    lines: list[ChatLine]


_SCHEMAS: dict[str, type[Any]] = {
    "MatchInfo": MatchInfo,
    "MatchList": _MatchList,
    "Joined": _Joined,
    "Update": Update,
    "Ack": Ack,
    "ChatLine": ChatLine,
    "ChatList": _ChatList,
    "LogEntry": LogEntry,
    "CreateMatch": CreateMatch,
    "CheckIn": CheckIn,
    "DecodeIn": DecodeIn,
    "ReadIn": ReadIn,
    "JoinRequest": JoinRequest,
    "Act": Act,
    "Chat": Chat,
    "Undo": Undo,
    "UndoReply": UndoReply,
    "NewAccount": NewAccount,
    "Login": Login,
    "GuestRequest": GuestRequest,
    "SaveDeck": SaveDeck,
}


_HTTP_CODES = {404: "protocol/no-route", 405: "protocol/method"}


def _error(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


class _HttpLimits:
    """The limits on every HTTP request: a token bucket per client address, and the size
    of a body. A plain ASGI middleware: it costs a request next to nothing, so a server
    busy with thousands of websockets still answers at once."""

    def __init__(
        self, app: ASGIApp, *, limiter: KeyedLimiter, proxies: Proxies, max_bytes: int
    ) -> None:
        self.app = app
        self.limiter = limiter
        self.proxies = proxies
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        peer = scope.get("client")
        client = self.proxies.client(peer[0] if peer else "?", headers)
        refusal: JSONResponse | None = None
        if not self.limiter.allow(client):
            refusal = _error("limit/rate", "too many requests: wait a moment", 429)
        else:
            length = headers.get("content-length")
            if length is not None and (not length.isdigit() or int(length) > self.max_bytes):
                refusal = _error(
                    "protocol/too-large", f"a request body is at most {self.max_bytes} bytes", 413
                )
        if refusal is not None:
            await refusal(scope, receive, send)
            return
        await self.app(scope, receive, send)


def _pages_answer_head(app: FastAPI) -> None:
    """Let every page the app serves answer ``HEAD`` as well as ``GET``.

    HTTP asks a server to answer ``HEAD`` wherever it answers ``GET`` (the same status and
    headers, no body: uptime monitors, link checkers and caches use it). Starlette's own
    routes and static files do so by themselves, but a FastAPI route answers only the
    methods it was declared with, so ``HEAD /`` was ``protocol/method`` (405). The pages
    (the routes left out of the OpenAPI description, such as the browser client's ``/``)
    are given ``HEAD`` here; the ASGI server sends their headers without the body. The
    API's routes are left as declared: each method of a route is an operation of the
    OpenAPI description, and a ``HEAD`` twin of every ``GET`` there would describe
    nothing new.
    """
    for route in app.router.routes:
        if isinstance(route, APIRoute) and not route.include_in_schema:
            methods = route.methods
            if methods is not None and "GET" in methods:
                methods.add("HEAD")


def create_app(settings: Settings | None = None) -> FastAPI:
    """The Ecotone server as an ASGI app (run it with uvicorn, or ``ecotone serve``).

    A script that makes and runs the app itself must do so under
    ``if __name__ == "__main__":``. The bots think in worker processes started by
    multiprocessing's fork server, which imports the script's main module again in each
    worker (Python's rule for the ``spawn`` and ``forkserver`` methods): unguarded, a
    worker runs the script's top level again instead of thinking, and the bots play at
    random once their time has run out.
    """
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.db_url or default_db_url(), fsync=settings.fsync)
        manager = MatchManager(store, settings)
        await manager.start()
        app.state.manager = manager
        try:
            yield
        finally:
            await manager.stop()

    app = FastAPI(
        title="Ecotone",
        version=ecotone.__version__,
        summary="Play Ecotone's ecology games online: lobby, seats, actions, chat, replays.",
        description="The HTTP part of the Ecotone server. Live play uses the websocket "
        "`/api/v1/matches/{id}/ws`, described with every message in docs/protocol.md.",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.include_router(http.router)
    app.include_router(players.router)
    app.include_router(decks.router)  # deck building: pool, rules, codes
    app.include_router(accountdecks.router)  # a signed-in player's saved decks
    app.add_api_websocket_route("/api/v1/matches/{match_id}/ws", ws.match_socket)

    @app.exception_handler(ServerError)
    async def _server_error(_: Request, exc: ServerError) -> JSONResponse:
        return _error(exc.code, exc.message, exc.status)

    # The engine's own refusals reaching a route unwrapped (the browser client's
    # catalogue of an unknown game: ``config/unknown-game``) keep their code and words.
    @app.exception_handler(EcotoneError)
    async def _engine_error(request: Request, exc: EcotoneError) -> JSONResponse:
        if exc.code == "config/unknown-game" and "game_id" in request.path_params:
            # the game named in the address does not exist: the resource is missing
            return _error("game/not-found", exc.message, 404)
        return _error(exc.code, exc.message, status_for(exc.code))

    # The framework's own refusals (an unknown address, a wrong method, a body it cannot
    # read) in the documented shape, never its ``{"detail": ...}``.
    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_: Request, exc: StarletteHTTPException) -> Response:
        code = _HTTP_CODES.get(exc.status_code, "protocol/malformed")
        response = _error(code, str(exc.detail), exc.status_code)
        if exc.headers:
            response.headers.update(exc.headers)
        return response

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg')}" for e in exc.errors()
        )
        return _error("protocol/malformed", problems[:500] or "invalid request", 422)

    proxies = Proxies(settings.trusted_proxies)
    app.state.proxies = proxies
    app.state.pacer = Pacer()
    app.state.connections = ConnectionCaps(
        per_address=settings.ws_per_address, per_match=settings.ws_per_match
    )

    app.add_middleware(
        _HttpLimits,
        limiter=KeyedLimiter(settings.http_rate, settings.http_burst),
        proxies=proxies,
        max_bytes=settings.max_message_bytes,
    )

    install_web(app)  # the browser client: / and /static (ecotone.web)
    _pages_answer_head(app)

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = get_openapi(
                title=app.title,
                version=app.version,
                summary=app.summary,
                description=app.description,
                routes=app.routes,
            )
            _, components = msgspec.json.schema_components(
                list(_SCHEMAS.values()), ref_template="#/components/schemas/{name}"
            )
            for name, cls in _SCHEMAS.items():
                components[name] = components.pop(cls.__name__, components.get(name))
            schema.setdefault("components", {}).setdefault("schemas", {}).update(components)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    return app
