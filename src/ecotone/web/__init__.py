"""The browser client: a lobby and match pages served by ``ecotone serve``.

The client is plain HTML, CSS and JavaScript modules in ``static/`` (no build step). It
computes nothing about legality: it draws each seat's observation, offers the legal
actions the server sends, and shows the engine's explanation of any refusal.

:func:`install` adds it to the server's FastAPI app: the page at ``/``, the files under
``/static``, and the read-only helper endpoints of :mod:`ecotone.web.catalog` (card
catalogues, the seat's text picture, replay frames after the end).

Two things make the page quick to open and never stale:

* the page names every module of the client up front (``<link rel="modulepreload">``,
  worked out from ``main.js``'s imports when the server starts), so the browser asks for them all at
  once instead of one level of imports after another (three levels, each a round trip);
* every file is served with ``Cache-Control: no-cache``: a browser keeps its copy but asks
  each time whether it changed (an unchanged file costs a ``304`` and no body), so a
  server upgraded to new code never meets a browser still running the old.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from starlette.responses import Response
from starlette.types import Scope

from ecotone.web.catalog import router

__all__ = ["ENTRY", "STATIC", "install", "modules", "page"]

STATIC = Path(__file__).parent / "static"
_REVALIDATE = {"Cache-Control": "no-cache"}
_START_TAG = '<script type="module"'
ENTRY = "js/main.js"  # the module that starts the client, under static/
_IMPORT = re.compile(r'^import\b[^;"]*?(?:\bfrom\s+)?"(\.{1,2}/[^"]+)"', re.MULTILINE)


def modules(static: Path = STATIC) -> list[str]:
    """The client's modules as the page addresses them (``/static/js/...``): the one that
    starts it, ``js/main.js``, then every module its imports reach, level by level. Only
    static imports count (``import ... from "./x.js"`` at the start of a line): a module
    imported by a call, or of types only (``types.js``, named in comments), is left to be
    fetched if ever asked for."""
    root = static.resolve()
    order = [root / ENTRY]
    seen = set(order)
    for module in order:  # grows as it goes: a breadth-first walk
        for target in _IMPORT.findall(module.read_text(encoding="utf-8")):
            path = (module.parent / target).resolve()
            if not path.is_relative_to(root) or not path.is_file():
                raise ValueError(f"{module.relative_to(root)} imports {target}: no such module")
            if path not in seen:
                seen.add(path)
                order.append(path)
    return ["/static/" + path.relative_to(root).as_posix() for path in order]


def page(static: Path = STATIC) -> str:
    """``index.html`` with a ``modulepreload`` link for every module, before the script
    that starts the client."""
    html = (static / "index.html").read_text(encoding="utf-8")
    if _START_TAG not in html:
        raise ValueError(f"{static / 'index.html'} has no {_START_TAG}> to start the client")
    links = "".join(f'<link rel="modulepreload" href="{m}">\n  ' for m in modules(static))
    return html.replace(_START_TAG, links + _START_TAG, 1)


class _Revalidated(StaticFiles):
    """Static files that a browser keeps but checks again before each use."""

    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers.update(_REVALIDATE)
        return response


def install(app: FastAPI) -> None:
    """Serve the browser client from ``app``: ``/`` and ``/static/...``."""
    app.include_router(router)
    app.mount("/static", _Revalidated(directory=STATIC), name="static")
    index_html = page()

    @app.get("/", include_in_schema=False)
    def index() -> HTMLResponse:
        return HTMLResponse(index_html, headers=_REVALIDATE)
