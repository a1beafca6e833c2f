"""The browser client: a lobby and match pages served by ``ecotone serve``.

The client is plain HTML, CSS and JavaScript modules in ``static/`` (no build step). It
computes nothing about legality: it draws each seat's observation, offers the legal
actions the server sends, and shows the engine's explanation of any refusal.

:func:`install` adds it to the server's FastAPI app: the page at ``/``, the files under
``/static``, and the read-only helper endpoints of :mod:`ecotone.web.catalog` (card
catalogues, the seat's text picture, replay frames after the end).
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from ecotone.web.catalog import router

__all__ = ["STATIC", "install"]

STATIC = Path(__file__).parent / "static"


def install(app: FastAPI) -> None:
    """Serve the browser client from ``app``: ``/`` and ``/static/...``."""
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})
