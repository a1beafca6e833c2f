"""The ASGI application: :func:`create_app` wires the store, the match manager, HTTP and websockets.

>>> from ecotone.server import Settings, create_app
>>> app = create_app(Settings(db_url="sqlite:///:memory:"))
>>> app.title
'Ecotone'

Starting the app (its lifespan) runs the database migrations and resumes every open and
running match; stopping it stops clocks and bots. Limits on every request: bodies of at
most ``max_message_bytes`` and a token bucket per client address (``limit/rate``, 429).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import msgspec
from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse

import ecotone
from ecotone.core.errors import EcotoneError
from ecotone.server import decks, http, ws
from ecotone.server.errors import ServerError, status_for
from ecotone.server.limits import KeyedLimiter
from ecotone.server.manager import MatchManager
from ecotone.server.protocol import (
    Ack,
    ChatLine,
    LogEntry,
    MatchInfo,
    Update,
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
}


def _error(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The Ecotone server as an ASGI app (run it with uvicorn, or ``ecotone serve``)."""
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
    app.include_router(decks.router)  # deck building: pool, rules, codes
    app.add_api_websocket_route("/api/v1/matches/{match_id}/ws", ws.match_socket)

    @app.exception_handler(ServerError)
    async def _server_error(_: Request, exc: ServerError) -> JSONResponse:
        return _error(exc.code, exc.message, exc.status)

    # The engine's own refusals reaching a route unwrapped (the browser client's
    # catalogue of an unknown game: ``config/unknown-game``) keep their code and words.
    @app.exception_handler(EcotoneError)
    async def _engine_error(_: Request, exc: EcotoneError) -> JSONResponse:
        return _error(exc.code, exc.message, status_for(exc.code))

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg')}" for e in exc.errors()
        )
        return _error("protocol/malformed", problems[:500] or "invalid request", 422)

    limiter = KeyedLimiter(settings.http_rate, settings.http_burst)

    @app.middleware("http")
    async def _limits(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        client = request.client.host if request.client else "?"
        if not limiter.allow(client):
            return _error("limit/rate", "too many requests: wait a moment", 429)
        length = request.headers.get("content-length")
        if length is not None and (
            not length.isdigit() or int(length) > settings.max_message_bytes
        ):
            return _error(
                "protocol/too-large",
                f"a request body is at most {settings.max_message_bytes} bytes",
                413,
            )
        return await call_next(request)

    install_web(app)  # the browser client: / and /static (ecotone.web)

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
