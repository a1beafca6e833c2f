"""Ecotone's online server: authoritative matches over HTTP and websockets, for every game.

* :mod:`.app` — :func:`create_app`, the ASGI application (``ecotone serve`` runs it);
* :mod:`.manager` — the authoritative match manager: checks, stores, then broadcasts;
* :mod:`.automation` — seat bots, clocks and the takeover of seats left too long;
* :mod:`.scheduler`, :mod:`.botwork` — bots think in worker processes, within the
  server's budget, scheduled fairly between matches;
* :mod:`.matches` — one match in memory and what each viewer may see of it;
* :mod:`.visibility` — which log steps each viewer may see, from the game's observations;
* :mod:`.protocol` — the typed, versioned websocket messages (``docs/protocol.md``);
* :mod:`.http`, :mod:`.ws` — the HTTP endpoints (OpenAPI at ``/openapi.json``) and the
  websocket session;
* :mod:`.store`, :mod:`.models`, ``migrations/`` — SQLite or PostgreSQL through
  SQLAlchemy 2, migrated by Alembic on start;
* :mod:`.schema` — the one strict schema of what clients send (HTTP and websocket);
* :mod:`.limits` — rate limits; :mod:`.clients` — client addresses (trusted proxies);
  :mod:`.fanout` — connection caps and paced broadcasts; :mod:`.settings` — everything
  configurable;
* :mod:`.accounts`, :mod:`.ratings`, :mod:`.players` — optional accounts, ratings per
  game (people and bots) and profiles; :mod:`.accountdecks` — a signed-in player's decks;
* :mod:`.decks` — deck building over HTTP; :mod:`.seatdecks` — decks brought to the
  table: a seat joined with its deck, the match dealt when the last one is in;
* :mod:`.bench` — the loopback load test (``ecotone bench-server``).

Nothing here knows any particular game: matches are driven through the kernel's
:class:`~ecotone.core.game.State` and bots through :class:`~ecotone.bots.SeatView`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ecotone.server.app import create_app
    from ecotone.server.settings import Settings

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    """``create_app`` and ``Settings``, imported when first asked for: the bot workers
    import modules of this package (:mod:`.botpreload`) and need none of the web stack
    (FastAPI, SQLAlchemy: over a second of every worker's start)."""
    if name == "create_app":
        from ecotone.server.app import create_app  # noqa: PLC0415

        return create_app
    if name == "Settings":
        from ecotone.server.settings import Settings  # noqa: PLC0415

        return Settings
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
