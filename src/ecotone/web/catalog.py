"""Read-only helpers for the browser client, beside the server's own API.

* ``GET /api/v1/games/{id}/catalog``: the public card catalogue of a game (names, latin
  names, facts, levels), so boards can show a card from the id an observation carries.
  Card faces are public game components: nothing here depends on a match.
* ``GET /api/v1/matches/{id}/render``: ``state.render(seat)``, the text picture of the
  bearer's seat (a spectator's without a token): a fallback board for any game.
* ``GET /api/v1/matches/{id}/frames?seat=``: after the end only, every state of the match
  as ``seat`` (or a spectator) would have seen it, for stepping through a replay.

Everything goes through the match manager's own checks (``authenticate``, ``replay``
refuses before the end), so no hidden card is ever sent early.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from ecotone.core.registry import game_class
from ecotone.core.replay import Replay

__all__ = ["catalog", "router"]

router = APIRouter(prefix="/api/v1", tags=["web client"])
_bearer = HTTPBearer(auto_error=False)
Token = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]


def _forest() -> dict[str, Any]:
    from ecotone.games.forest.cards import cards  # noqa: PLC0415 - only when asked

    cs = cards()
    return {
        "species": {
            s.key: {
                "name": s.name,
                "short": s.short,
                "latin": s.latin,
                "fact": s.fact,
                "level": s.level,
            }
            for s in cs.species.values()
        },
        "cards": {
            c.id: {
                "level": c.level,
                "species": c.species,
                "chainsaw": c.chainsaw,
                "start": c.start,
            }
            for c in cs.by_id.values()
        },
    }


def _phylo() -> dict[str, Any]:
    from ecotone.games.phylo.cards import Species, cards  # noqa: PLC0415

    out: dict[str, Any] = {}
    for c in cards().by_id.values():
        if isinstance(c, Species):
            out[c.id] = {
                "name": c.name,
                "latin": c.latin,
                "fact": c.fact,
                "points": c.points,
                "kind": f"scale {c.scale} · {c.diet.value}",
            }
        else:
            out[c.id] = {"name": c.name, "fact": c.text, "kind": "event"}
    return {"species": {}, "cards": out}


def _biomasters() -> dict[str, Any]:
    from ecotone.games.biomasters.cards import cards  # noqa: PLC0415

    return {
        "species": {},
        "cards": {
            c.id: {
                "name": c.name,
                "latin": c.latin,
                "fact": c.fact,
                "points": c.vp,
                "kind": f"{c.trophic.value} · {c.trophic.name.lower()}",
            }
            for c in cards().by_id.values()
        },
    }


_BUILDERS = {"once-upon-a-forest": _forest, "phylo": _phylo, "biomasters": _biomasters}


@cache
def catalog(game_id: str) -> dict[str, Any]:
    """The catalogue of ``game_id``: ``{"game", "species", "cards"}`` (empty if unknown)."""
    game_class(game_id)  # refuses unknown games
    builder = _BUILDERS.get(game_id)
    data = builder() if builder is not None else {"species": {}, "cards": {}}
    return {"game": game_id, **data}


@router.get("/games/{game_id}/catalog", summary="A game's card catalogue")
def get_catalog(game_id: str) -> dict[str, Any]:
    """Every card's public face: species names, latin names, facts, levels."""
    try:
        return catalog(game_id)
    except Exception as exc:  # unknown game: the registry's own error
        from ecotone.server.errors import ServerError  # noqa: PLC0415

        raise ServerError("match/not-found", f"no game {game_id!r}") from exc


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
    return {"version": match.version, "seat": seat, "text": match.state.render(seat)}


@router.get("/matches/{match_id}/frames", summary="A finished match, state by state")
async def get_frames(
    request: Request,
    match_id: str,
    seat: Annotated[int | None, Query(ge=0, le=63)] = None,
) -> dict[str, Any]:
    """After the end: each state's observation for ``seat`` (every hand is open then)."""
    manager = request.app.state.manager
    match = await manager.get(match_id)
    replay = Replay.from_json(manager.replay(match))  # refuses before the end
    viewer = seat if seat is not None and seat < replay.players else None
    codec = replay.make_game().codec
    frames = []
    for version, (state, step) in enumerate(replay.states()):
        frames.append(
            {
                "version": version,
                "to_move": list(state.to_move),
                "observation": state.observe(viewer),
                "text": state.render(viewer),
                "next": None if step is None else {"seat": step.seat, "action": step.action},
                "next_text": None if step is None else str(codec.from_json(step.action)),
            }
        )
    return {"seat": viewer, "frames": frames}
