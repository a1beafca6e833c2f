"""Read-only helpers for the browser client, beside the server's own API.

* ``GET /api/v1/games/{id}/catalog``: the public card catalogue of a game (names, latin
  names, facts, levels; Singapore Untamed's board layout, BIOME Borneo's tiles and
  formations too), so boards can show a card from the id an observation carries.
  Card faces are public game components: nothing here depends on a match.
* ``GET /api/v1/matches/{id}/render``: ``state.render(seat)``, the text picture of the
  bearer's seat (a spectator's without a token): a fallback board for any game.
* ``GET /api/v1/matches/{id}/frames?seat=``: after the end only, every state of the match
  with every hand revealed (:func:`frames`), seen from ``seat``'s chair (or a
  spectator's), for stepping through a replay.

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

from ecotone.core.game import State
from ecotone.core.registry import game_class
from ecotone.core.replay import Replay

__all__ = ["catalog", "frames", "revealed", "router"]

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


def _singapore() -> dict[str, Any]:
    from ecotone.games.singapore.board import board  # noqa: PLC0415
    from ecotone.games.singapore.cards import cards  # noqa: PLC0415

    cs = cards()
    b = board()
    out: dict[str, Any] = {
        a.key: {
            "name": a.name,
            "kind": "adaptation",
            "deck": a.deck,
            "species": a.species,
            "latin": a.latin,
            "fact": a.fact,
            "points": list(a.points),
            "text": a.ability_text,
        }
        for a in cs.adaptations.values()
    }
    for c in cs.actions.values():
        out[c.key] = {
            "name": c.name,
            "kind": "action",
            "deck": "wild",
            "timing": c.timing,
            "species": c.species,
            "latin": c.latin,
            "fact": c.fact,
            "text": c.text,
        }
    out["recovery"] = {
        "name": "Recovery",
        "kind": "recovery",
        "text": "With 10 Food, re-opens a destroyed habitat at the end of a round.",
    }
    out["destruction"] = {
        "name": "Destruction",
        "kind": "destruction",
        "text": "Laid by its habitat; when all are drawn the habitat is destroyed.",
    }
    return {
        "species": {},
        "cards": out,
        "niches": {
            n.key: {
                "name": n.name,
                "latin": n.latin,
                "fact": n.fact,
                "needs": list(n.needs),
                "text": n.ability_text,
            }
            for n in cs.niches.values()
        },
        "boards": {
            p.key: {"name": p.name, "side": p.side, "row": p.row, "col": p.col}
            for p in b.parts.values()
        },
        "tiles": {
            t.id: {"board": t.board, "row": t.row, "col": t.col, "kind": t.kind, "ring": t.ring}
            for t in b.tiles.values()
        },
    }


def _biome() -> dict[str, Any]:
    """Cards, plants, tiles and the board formations: an observation names cells and tile
    ids only, so the board needs where each cell lies and what each tile shows."""
    from ecotone.games.biome.board import formations  # noqa: PLC0415
    from ecotone.games.biome.cards import cards  # noqa: PLC0415
    from ecotone.games.biome.tiles import Layer, tiles  # noqa: PLC0415

    cs = cards()
    ts = tiles()
    out: dict[str, Any] = {}
    for c in cs.by_id.values():
        entry: dict[str, Any] = {"name": c.name, "kind": c.kind, "points": c.points}
        if c.kind == "animal":
            a = cs.animals[c.key]
            entry |= {
                "latin": a.latin,
                "fact": a.fact,
                "level": a.level,
                "home": Layer.of(a.home).title,
                "habitat": list(a.habitat),
                "prey": [cs.animals[k].name for k in a.prey],
            }
        elif c.kind == "plant":
            pc = cs.plant_cards[c.key]
            entry |= {
                "latin": pc.latin,
                "fact": pc.fact,
                "habitat": list(pc.habitat),
                "vine_link": pc.vine_link,
            }
        elif c.kind == "ability":
            entry["text"] = cs.abilities[c.key].text
        else:
            d = cs.disasters[c.key]
            entry |= {"text": d.text, "fact": d.fact}
        out[c.id] = entry
    return {
        "species": {},
        "cards": out,
        "bonuses": {b.key: {"name": b.name, "text": b.text} for b in cs.bonuses.values()},
        "plants": {
            p.key: {"code": p.code, "name": p.name, "latin": p.latin, "fact": p.fact}
            for p in ts.plants
        },
        "tiles": {
            t.id: {
                "layers": "".join(x.letter for x in Layer if t.fits(x)),
                "features": [[ts.plants[p].key, list(edges)] for p, edges in t.features],
            }
            for t in ts.tiles
        },
        "formations": {
            key: {
                "name": b.name,
                "summary": b.summary,
                "cells": {
                    name: [q, r, Layer(b.layer[i]).letter]
                    for i, (name, (q, r)) in enumerate(zip(b.cells, b.coord, strict=True))
                },
            }
            for key, b in formations().items()
        },
    }


_BUILDERS = {
    "once-upon-a-forest": _forest,
    "phylo": _phylo,
    "biomasters": _biomasters,
    "singapore-untamed": _singapore,
    "biome-borneo": _biome,
}


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


def _per_seat(value: Any, players: int) -> bool:
    """Whether ``value`` is a list with one entry per seat (``hands``, ``players``)."""
    return isinstance(value, list) and len(value) == players


def _empty(value: Any) -> bool:
    """Nothing to show: no marked cards, no pending choice."""
    if isinstance(value, dict):
        return all(_empty(v) for v in value.values())
    return value is None or value in ("", [])


def _secret_part(own: Any, public: Any, key: str) -> dict[str, Any]:
    """What a seat's own entry shows that a spectator's does not, field by field."""
    if isinstance(own, dict) and isinstance(public, dict):
        return {k: v for k, v in own.items() if public.get(k) != v and not _empty(v)}
    return {} if _empty(own) else {key: own}


def revealed(state: State[Any], viewer: int | None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """``state`` with nothing hidden, for a finished match's replay.

    The kernel has no all-seeing observation, so this one is assembled from the game's
    own views, which works the same for every game: each seat's observation is compared
    with a spectator's, and whatever differs is what only that seat could see (its hand,
    its marked cards, its secret choice).

    Returns:
        ``viewer``'s observation (a spectator's for ``None``) in which every per-seat
        entry (``hands[s]``, ``players[s]``) is taken from seat ``s``'s own view, so a
        board can draw every hand face up; and, per seat, those secret fields by name.
    """
    players = state.game.players
    public = state.observe(None)
    views = [state.observe(s) for s in range(players)]
    merged = dict(public if viewer is None else views[viewer])
    secrets: list[dict[str, Any]] = [{} for _ in range(players)]
    for seat, view in enumerate(views):
        for key, value in view.items():
            shared: Any = public.get(key)
            if key == "seat" or value == shared:
                continue
            if _per_seat(value, players) and _per_seat(shared, players):
                if value[seat] == shared[seat]:
                    continue
                secrets[seat].update(_secret_part(value[seat], shared[seat], key))
                if _per_seat(merged.get(key), players):
                    entries = list(merged[key])
                    entries[seat] = value[seat]
                    merged[key] = entries
            else:
                secrets[seat].update(_secret_part(value, None, key))
    return merged, secrets


def frames(replay: Replay, viewer: int | None) -> list[dict[str, Any]]:
    """Every state of a finished match, hands revealed, from ``viewer``'s chair.

    Each frame: ``version``, ``to_move``, ``observation`` and ``secrets`` (see
    :func:`revealed`), ``text`` (the viewer's text picture), ``scores``, the step that
    led here (``last``, ``last_text``) and the step taken from here (``next``,
    ``next_text``), both in the game's notation. Only ever call this on a match that is
    over: it shows every hidden card.
    """
    codec = replay.make_game().codec
    out: list[dict[str, Any]] = []
    last: dict[str, Any] | None = None
    last_text: str | None = None
    for version, (state, step) in enumerate(replay.states()):
        observation, secrets = revealed(state, viewer)
        text = None if step is None else str(codec.from_json(step.action))
        out.append(
            {
                "version": version,
                "to_move": list(state.to_move),
                "observation": observation,
                "secrets": secrets,
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
    """After the end only: each state with every hand revealed, from ``seat``'s chair.

    Before the end this is refused (``match/not-over``), like the replay file itself.
    """
    manager = request.app.state.manager
    match = await manager.get(match_id)
    replay = Replay.from_json(manager.replay(match))  # refuses before the end
    viewer = seat if seat is not None and seat < replay.players else None
    # Re-simulating and encoding a long match (a thousand states) takes a moment: keep
    # the event loop serving the live matches meanwhile.
    body = await asyncio.to_thread(
        lambda: msgspec.json.encode({"seat": viewer, "frames": frames(replay, viewer)})
    )
    return Response(body, media_type="application/json")
