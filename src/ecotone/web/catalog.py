"""Read-only helpers for the browser client, beside the server's own API.

* ``GET /api/v1/games/{id}/catalog``: the public card catalogue of a game (names, latin
  names, facts, levels, and whatever else its board draws), from the game's own
  :meth:`~ecotone.core.game.Game.presentation`, so boards can show a card from the id an
  observation carries. Card faces are public game components: nothing here depends on a
  match.
* ``GET /api/v1/games/{id}/rules``: the game's rules as implemented, in Markdown
  (:mod:`ecotone.core.rulesdoc`, the lookup ``ecotone rules`` uses), for the match page's
  rules panel.
* ``GET /api/v1/matches/{id}/render``: ``state.render(seat)``, the text picture of the
  bearer's seat (a spectator's without a token): a fallback board for any game (before a
  match is dealt, a word on the decks it waits for).
* ``GET /api/v1/matches/{id}/frames?seat=``: after the end only, every state of the match
  with every hand revealed (:func:`frames`, the kernel's ``state.observe_all``), seen
  from ``seat``'s chair (or a spectator's), for stepping through a replay.

Everything goes through the match manager's own checks (``authenticate``, ``replay``
refuses before the end), so no hidden card is ever sent early.
"""

from __future__ import annotations

import asyncio
from functools import cache
from typing import Annotated, Any

import msgspec
from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from ecotone.core.errors import EcotoneError
from ecotone.core.registry import game_class
from ecotone.core.replay import Replay
from ecotone.core.rulesdoc import rules_text

__all__ = ["catalog", "frames", "router", "rules"]

router = APIRouter(prefix="/api/v1", tags=["web client"])
_bearer = HTTPBearer(auto_error=False)
Token = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]


@cache
def catalog(game_id: str) -> dict[str, Any]:
    """The catalogue of ``game_id``, from the game's own presentation: ``{"game",
    "species", "cards", ...}``."""
    faces = game_class(game_id).presentation().catalog  # refuses unknown games
    return {"game": game_id, "species": {}, **faces}


@router.get("/games/{game_id}/catalog", summary="A game's card catalogue")
def get_catalog(game_id: str) -> dict[str, Any]:
    """Every card's public face: species names, latin names, facts, levels.

    An unknown game raises the registry's own refusal, ``config/unknown-game``, which
    lists the games there are; the server answers it as ``game/not-found`` (404), since
    the game the address names is missing, in the registry's words.
    """
    return catalog(game_id)


@cache
def rules(game_id: str) -> dict[str, Any]:
    """``{"game", "markdown"}``: ``game_id``'s rules document (``markdown`` is ``None``
    when none is installed). Read once: the documents ship with the code."""
    return {"game": game_id, "markdown": rules_text(game_id)}  # refuses unknown games


@router.get("/games/{game_id}/rules", summary="A game's rules, as implemented")
def get_rules(game_id: str) -> dict[str, Any]:
    """The game's rules document in Markdown, as ``ecotone rules GAME`` prints it.

    An unknown game is ``game/not-found`` (404), in the registry's words (as for the
    catalogue); a game with no document installed answers ``markdown: null``.
    """
    return rules(game_id)


async def _seat(request: Request, match_id: str, credentials: Token) -> tuple[Any, int | None]:
    manager = request.app.state.manager
    match = await manager.get(match_id)
    seat: int | None = None
    if credentials is not None:
        seat, _ = manager.authenticate(match, credentials.credentials)
    return match, seat


@router.get("/matches/{match_id}/render", summary="The text picture of your view")
async def get_render(request: Request, match_id: str, credentials: Token) -> dict[str, Any]:
    """``state.render(seat)`` for the token's seat; a spectator's without a token."""
    match, seat = await _seat(request, match_id, credentials)
    return {"version": match.version, "seat": seat, "text": match.render(seat)}


def frames(replay: Replay, viewer: int | None) -> list[dict[str, Any]]:
    """Every state of a finished match, hands revealed, from ``viewer``'s chair.

    Each frame: ``version``, ``to_move``, ``observation`` and ``secrets`` (the kernel's
    all-seeing view, :meth:`~ecotone.core.game.State.observe_all`), ``text`` (the
    viewer's text picture), ``scores``, the step that led here (``last``, ``last_text``)
    and the step taken from here (``next``, ``next_text``), both in the game's notation
    (the whole log is open once the match is over). Only ever call this on a match that is
    over: it shows every hidden card.
    """
    codec = replay.make_game().codec
    out: list[dict[str, Any]] = []
    last: dict[str, Any] | None = None
    last_text: str | None = None
    for version, (state, step) in enumerate(replay.states()):
        seen = state.observe_all(viewer)
        text = None if step is None else str(codec.from_json(step.action))
        out.append(
            {
                "version": version,
                "to_move": list(state.to_move),
                "observation": seen.observation,
                "secrets": list(seen.secrets),
                "text": state.render(viewer),
                "scores": state.scores(),
                "last": last,
                "last_text": last_text,
                "next": None if step is None else {"seat": step.seat, "action": step.action},
                "next_text": text,
            }
        )
        if step is not None:
            last, last_text = {"seat": step.seat, "action": step.action}, text
    return out


@router.get("/matches/{match_id}/frames", summary="A finished match, state by state")
async def get_frames(
    request: Request,
    match_id: str,
    seat: Annotated[int | None, Query(ge=0, le=63)] = None,
) -> Response:
    """After the end only: each state with every hand revealed, from ``seat``'s chair
    (none: a spectator's).

    Before the end this is refused (``match/not-over``), like the replay file itself. A
    seat the match does not have is ``match/no-such-seat`` (409), as a join to it is: a
    spectator's frames answered instead would pass for that seat's. A ``seat`` that is
    not a seat number at all (not an integer from 0 to 63) is ``protocol/malformed``.
    """
    manager = request.app.state.manager
    match = await manager.get(match_id)
    replay = Replay.from_json(manager.replay(match))  # refuses before the end
    if seat is not None and seat >= replay.players:
        raise EcotoneError(
            "match/no-such-seat",
            f"there is no seat {seat} in this match: its seats are 0 to {replay.players - 1}",
        )
    viewer = seat
    # Re-simulating and encoding a long match (a thousand states) takes a moment: keep
    # the event loop serving the live matches meanwhile.
    body = await asyncio.to_thread(
        lambda: msgspec.json.encode({"seat": viewer, "frames": frames(replay, viewer)})
    )
    return Response(body, media_type="application/json")
