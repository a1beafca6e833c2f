"""The HTTP part of the server (FastAPI): games, the lobby, matches, seats, replays.

Everything a client does over the websocket can also be done here (handy for scripts,
correspondence play and bots living elsewhere), except receiving live updates. The
OpenAPI description is served at ``/openapi.json`` (and browsable at ``/docs``). A seat
token goes in the ``Authorization: Bearer`` header, never in the URL. Refusals are
``{"error": {"code": ..., "message": ...}}`` with the status of
:func:`ecotone.server.errors.status_for`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

import ecotone
from ecotone.bots import available_bots
from ecotone.bots.models import shipped_policies
from ecotone.core.registry import game_class
from ecotone.core.rng import derive_seed
from ecotone.server.errors import ServerError
from ecotone.server.manager import MatchManager, NewMatch
from ecotone.server.protocol import PROTOCOL_VERSION, Act, Chat, Undo, UndoReply
from ecotone.server.schema import CreateMatch, JoinRequest, decode_body
from ecotone.server.settings import Settings

__all__ = ["router"]

router = APIRouter(prefix="/api/v1")
_bearer = HTTPBearer(auto_error=False, description="the seat token received on joining")
_encoder = msgspec.json.Encoder()


def _json(data: Any, status: int = 200) -> Response:
    return Response(_encoder.encode(data), status_code=status, media_type="application/json")


def _schema(name: str, description: str) -> dict[int | str, dict[str, Any]]:
    return {
        200: {
            "description": description,
            "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}},
        }
    }


def _manager(request: Request) -> MatchManager:
    manager: MatchManager = request.app.state.manager
    return manager


Manager = Annotated[MatchManager, Depends(_manager)]
Token = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]


def _token(credentials: HTTPAuthorizationCredentials | None) -> str | None:
    return credentials.credentials if credentials is not None else None


# -- request bodies (ecotone.server.schema: one strict schema with the websocket) --------


def _body(name: str) -> dict[str, Any]:
    """The OpenAPI description of a JSON body of schema ``name``."""
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}},
        }
    }


# -- endpoints ------------------------------------------------------------------------------


@router.get("/health", summary="Is the server up", tags=["server"])
async def health() -> dict[str, Any]:
    """``{"status": "ok", "protocol": 1}``."""
    return {"status": "ok", "protocol": PROTOCOL_VERSION, "version": ecotone.__version__}


@router.get("/games", summary="The games this server can host", tags=["games"])
def games() -> dict[str, Any]:
    """Every registered game with its player counts, variants, options, bots and the
    trained policies that come with it."""
    out = []
    for game_id in ecotone.available_games():
        try:
            cls = game_class(game_id)
            spec = cls.spec
        except (ImportError, TypeError, ecotone.ConfigError):
            continue
        out.append(
            {
                "id": spec.id,
                "title": spec.title,
                "summary": spec.summary,
                "min_players": spec.min_players,
                "max_players": spec.max_players,
                "information": spec.information.value,
                "simultaneous": spec.simultaneous,
                "variants": [
                    {
                        "name": v.name,
                        "summary": v.summary,
                        "min_players": v.min_players,
                        "max_players": v.max_players,
                        # the variant's own option defaults, shown when it is chosen
                        "defaults": dict(v.defaults),
                    }
                    for v in spec.variants
                ],
                # each option with the words a player reads for it and its values
                "options": [o.to_json() for o in spec.options],
                "bots": available_bots(spec.id),
                # trained policies, each for the player count and variant it was trained
                # for: the lobby offers those that fit the table being set up
                "policies": [p.to_json() for p in shipped_policies(spec.id)],
                "presentation": cls.presentation().to_json(),
            }
        )
    return {"games": out}


@router.get(
    "/matches",
    summary="The lobby",
    tags=["matches"],
    responses=_schema("MatchList", "matches, newest first"),
)
async def list_matches(
    manager: Manager,
    status: Annotated[Literal["open", "active", "over"] | None, Query()] = None,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> Response:
    """Matches to join (``open``), to watch (``active``), or finished (``over``)."""
    return _json({"matches": await manager.lobby(status, limit)})


@router.post(
    "/matches",
    status_code=201,
    summary="Create a match",
    tags=["matches"],
    responses=_schema("Joined", "the new match, and the creator's seat and token if joined"),
    openapi_extra=_body("CreateMatch"),
)
async def create_match(request: Request, manager: Manager, credentials: Token) -> Response:
    """Create a match; bots take their seats at once, people join (``join`` joins now;
    with an account token in ``Authorization``, signed in)."""
    body = decode_body(await request.body(), CreateMatch)
    account = await _account(manager, credentials)
    _refuse_files(body.game, body.options)
    settings: Settings = request.app.state.settings
    seats = None
    brings_deck = None
    if body.seats is not None:
        seats = [s.bot or "random" if s.kind == "bot" else None for s in body.seats]
        brings_deck = [s.brings_deck for s in body.seats]
    match = await manager.create(
        NewMatch(
            game=body.game,
            players=body.players,
            variant=body.variant,
            options=body.options,
            seats=seats,
            move_seconds=body.move_seconds,
            seed=body.seed if body.seed is not None else _test_seed(settings, body),
            brings_deck=brings_deck,
        )
    )
    seat: int | None = None
    token: str | None = None
    if body.join is not None:
        join = body.join
        seat, token = await manager.join(match, join.seat, join.name, account, join.deck)
    return _json({"match": match.info(), "seat": seat, "token": token}, 201)


async def _account(manager: MatchManager, credentials: HTTPAuthorizationCredentials | None) -> Any:
    """The account signed in by the ``Authorization`` header of a create or a join, if any.

    Raises:
        ServerError: ``auth/bad-account`` for a token that signs nobody in.
    """
    token = _token(credentials)
    if not token:
        return None
    account = await manager.account(token)
    if account is None:
        raise ServerError("auth/bad-account", "this account token is not signed in")
    return account


def _test_seed(settings: Settings, body: CreateMatch) -> int | None:
    """The seed a test server deals ``body`` with (``Settings.seed_matches``), or ``None``
    for the manager's own secret one: a function of the configuration only, so a test
    gets the same deal whatever ran before it."""
    if settings.seed_matches is None:
        return None
    options = msgspec.json.encode(body.options, order="sorted").decode()
    return derive_seed(settings.seed_matches, body.game, body.players, body.variant or "", options)


def _refuse_files(game_id: str, options: dict[str, Any]) -> None:
    # A deck file names a file on the server's disk: the server never reads its own
    # files for a remote client, so only the ready-made decks are accepted here.
    try:
        spec = game_class(game_id).spec
    except ecotone.ConfigError:
        return  # the unknown game is refused, with its message, by the manager
    for option in spec.options:
        if option.name in options:
            try:
                option.refuse_files(options[option.name])
            except ecotone.ConfigError as exc:
                raise ServerError(exc.code, exc.message) from None


@router.get(
    "/matches/{match_id}",
    summary="One match's public description",
    tags=["matches"],
    responses=_schema("MatchInfo", "the match"),
)
async def get_match(match_id: str, manager: Manager) -> Response:
    """Seats, status, version and whose decision it is."""
    return _json((await manager.get(match_id)).info())


@router.post(
    "/matches/{match_id}/join",
    summary="Take a seat",
    tags=["seats"],
    responses=_schema("Joined", "your seat and its token (keep it secret)"),
    openapi_extra=_body("JoinRequest"),
)
async def join_match(
    match_id: str, request: Request, manager: Manager, credentials: Token
) -> Response:
    """Take a free human seat and receive its token (with an account token in
    ``Authorization``, signed in: the seat takes the account's name and rating). A seat
    whose person brings its deck is taken with one (``deck``); the last deck deals."""
    body = decode_body(await request.body(), JoinRequest)
    account = await _account(manager, credentials)
    match = await manager.get(match_id)
    seat, token = await manager.join(match, body.seat, body.name, account, body.deck)
    return _json({"match": match.info(), "seat": seat, "token": token})


@router.post(
    "/matches/{match_id}/leave",
    summary="Give up your seat",
    tags=["seats"],
    responses=_schema("MatchInfo", "the match after you left"),
)
async def leave_match(match_id: str, manager: Manager, credentials: Token) -> Response:
    """Your token stops working; a bot plays the seat until someone joins it."""
    match = await manager.get(match_id)
    seat, digest = manager.authenticate(match, _token(credentials))
    await manager.leave(match, seat, digest)
    return _json(match.info())


@router.post(
    "/matches/{match_id}/resign",
    summary="Concede the match",
    tags=["seats"],
    responses=_schema("MatchInfo", "the match, over: you lost, the others' best won"),
)
async def resign_match(match_id: str, manager: Manager, credentials: Token) -> Response:
    """The match ends at once: your seat loses, and the other seats with the best score
    as it stands win. Refused before the match begins (leave instead) and after its end."""
    match = await manager.get(match_id)
    seat, digest = manager.authenticate(match, _token(credentials))
    await manager.resign(match, seat, digest)
    return _json(match.info())


@router.get(
    "/matches/{match_id}/view",
    summary="Your view of the match",
    tags=["play"],
    responses=_schema("Update", "your observation, legal actions and log"),
)
async def view_match(
    match_id: str,
    manager: Manager,
    credentials: Token,
    since: Annotated[int | None, Query(ge=0)] = None,
) -> Response:
    """With a seat token: that seat's view (saying whether it may take back its last
    decision); without: a spectator's."""
    match = await manager.get(match_id)
    seat: int | None = None
    if credentials is not None:
        seat, _ = manager.authenticate(match, _token(credentials))
    return _json(match.view(seat, since, undo=seat is not None))


@router.post(
    "/matches/{match_id}/actions",
    summary="Take an action",
    tags=["play"],
    responses=_schema("Ack", "stored (pending: a secret simultaneous choice)"),
    openapi_extra=_body("Act"),
)
async def act(match_id: str, request: Request, manager: Manager, credentials: Token) -> Response:
    """Act for your seat against ``version`` (the websocket's ``act`` message; its
    ``type`` may be left out); refused (and nothing changes) when stale, out of turn or
    against the rules."""
    body = decode_body(await request.body(), Act)
    match = await manager.get(match_id)
    seat, digest = manager.authenticate(match, _token(credentials))
    ack = await manager.act(match, seat, body.version, body.action, token_hash=digest, ref=body.ref)
    return _json(ack)


@router.post(
    "/matches/{match_id}/undo",
    summary="Take back your last decision",
    tags=["play"],
    responses=_schema("Ack", "taken back (pending: the other people at the table are asked)"),
    openapi_extra=_body("Undo"),
)
async def undo(match_id: str, request: Request, manager: Manager, credentials: Token) -> Response:
    """Take back your last decision when the rules allow it: at once when every other
    seat is a bot, else once every other person accepts (``pending``). The body is the
    websocket's ``undo`` message (its ``type`` may be left out)."""
    body = decode_body(await request.body(), Undo)
    match = await manager.get(match_id)
    seat, digest = manager.authenticate(match, _token(credentials))
    ack = await manager.takebacks.ask(match, seat, body.version, token_hash=digest)
    return _json(ack)


@router.post(
    "/matches/{match_id}/undo/reply",
    summary="Answer a request to take back a decision",
    tags=["play"],
    responses=_schema("Ack", "your answer is in"),
    openapi_extra=_body("UndoReply"),
)
async def undo_reply(
    match_id: str, request: Request, manager: Manager, credentials: Token
) -> Response:
    """Accept or decline another seat's request (the ``version`` of ``undo_offer``; the
    body is the websocket's ``undo_reply`` message, its ``type`` may be left out)."""
    body = decode_body(await request.body(), UndoReply)
    match = await manager.get(match_id)
    seat, digest = manager.authenticate(match, _token(credentials))
    ack = await manager.takebacks.reply(match, seat, body.version, body.accept, token_hash=digest)
    return _json(ack)


@router.get(
    "/matches/{match_id}/chat",
    summary="The table talk",
    tags=["chat"],
    responses=_schema("ChatList", "the latest lines"),
)
async def get_chat(match_id: str, manager: Manager) -> Response:
    """The last 50 lines."""
    match = await manager.get(match_id)
    return _json({"lines": list(match.chat)})


@router.post(
    "/matches/{match_id}/chat",
    summary="Say something at the table",
    tags=["chat"],
    responses=_schema("ChatLine", "the stored line"),
    openapi_extra=_body("Chat"),
)
async def post_chat(
    match_id: str, request: Request, manager: Manager, credentials: Token
) -> Response:
    """Seats only; rate-limited per seat and per match."""
    body = decode_body(await request.body(), Chat)
    match = await manager.get(match_id)
    seat, digest = manager.authenticate(match, _token(credentials))
    return _json(await manager.chat(match, seat, digest, body.text))


@router.get(
    "/matches/{match_id}/replay",
    summary="Download a finished match's replay",
    tags=["replays"],
    responses={
        200: {
            "description": "an `ecotone replay` file (format ecotone-replay/1)",
            "content": {"application/json": {}},
        }
    },
)
async def replay(match_id: str, manager: Manager) -> Response:
    """Only once the match is over (the replay holds the seed, so every hidden card)."""
    match = await manager.get(match_id)
    data = manager.replay(match)
    return Response(
        data,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="ecotone-{match.id}.json"'},
    )
