"""The HTTP endpoints of accounts and players' profiles (see :mod:`.accounts`).

An account token goes in ``Authorization: Bearer``, as a seat token does; the endpoints
that take one are told apart by their paths (``/accounts/...``), and on creating or
joining a match it names the account that sits down.
"""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import APIRouter, Request, Response

from ecotone.server.accounts import Account, check_name
from ecotone.server.errors import ServerError
from ecotone.server.http import Manager, Token, _body, _json, _token
from ecotone.server.manager import MatchManager
from ecotone.server.schema import GuestRequest, Login, NewAccount, decode_body

__all__ = ["router", "signed_in"]

router = APIRouter(prefix="/api/v1")


async def signed_in(manager: MatchManager, credentials: Any) -> tuple[Account, str]:
    """The account the ``Authorization`` header's account token signs in, and the token.

    Raises:
        ServerError: ``auth/missing-token``, ``auth/bad-account``.
    """
    token = _token(credentials)
    if not token:
        raise ServerError("auth/missing-token", "this needs your account token")
    account = await manager.account(token)
    if account is None:
        raise ServerError("auth/bad-account", "this account token is not signed in")
    return account, token


async def _profile(manager: MatchManager, account: Account) -> dict[str, Any]:
    ratings = await manager.run(manager.ratings.of_player, account.player)
    history = await manager.run(manager.accounts.history, account)
    return {
        "account": account.to_json(),
        "ratings": [
            {
                "game": game,
                "rating": r.shown,
                "mu": round(r.mu, 3),
                "sigma": round(r.sigma, 3),
                "matches": r.matches,
            }
            for game, r in sorted(ratings.items())
        ],
        "matches": history,
    }


@router.post(
    "/accounts",
    status_code=201,
    summary="Sign up: a name and a password",
    tags=["accounts"],
    openapi_extra=_body("NewAccount"),
)
async def sign_up(request: Request, manager: Manager) -> Response:
    """A new account; its token signs it in (keep it secret)."""
    body = decode_body(await request.body(), NewAccount)
    name = check_name(body.name)
    password_hash = await manager.accounts.hash_password(body.password)
    account, token = await manager.run(manager.accounts.create, name, password_hash)
    return _json({"account": account.to_json(), "token": token}, 201)


@router.post(
    "/accounts/guest",
    status_code=201,
    summary="Become a guest: a name, no password",
    tags=["accounts"],
    openapi_extra=_body("GuestRequest"),
)
async def guest(request: Request, manager: Manager) -> Response:
    """A guest account (its token is its only key); a name is made up when none is given."""
    body = decode_body(await request.body(), GuestRequest)
    if body.name is not None:
        account, token = await manager.run(manager.accounts.create, check_name(body.name), None)
        return _json({"account": account.to_json(), "token": token}, 201)
    for _ in range(5):
        try:
            made_up = f"Guest-{secrets.randbelow(10**6):06d}"
            account, token = await manager.run(manager.accounts.create, made_up, None)
        except ServerError as exc:
            if exc.code != "account/name-taken":
                raise
            continue
        return _json({"account": account.to_json(), "token": token}, 201)
    raise ServerError("account/name-taken", "no free guest name: give one")


@router.post(
    "/accounts/login",
    summary="Sign in with a name and a password",
    tags=["accounts"],
    openapi_extra=_body("Login"),
)
async def login(request: Request, manager: Manager) -> Response:
    """A new account token. The same refusal whether the name or the password is wrong."""
    body = decode_body(await request.body(), Login)
    found = await manager.run(manager.accounts.by_name, body.name)
    stored = found[1] if found is not None else None
    if not await manager.accounts.password_ok(stored, body.password) or found is None:
        raise ServerError("auth/bad-login", "no account has this name and password")
    token = await manager.run(manager.accounts.new_token, found[0])
    return _json({"account": found[0].to_json(), "token": token})


@router.post("/accounts/logout", summary="Sign this token out", tags=["accounts"])
async def logout(manager: Manager, credentials: Token) -> Response:
    """The token stops working (others of the account keep working)."""
    _, token = await signed_in(manager, credentials)
    await manager.run(manager.accounts.revoke, token)
    return _json({"signed_out": True})


@router.get("/accounts/me", summary="Your account, ratings and matches", tags=["accounts"])
async def me(manager: Manager, credentials: Token) -> Response:
    """The signed-in account's profile (as ``/players/{name}``)."""
    account, _ = await signed_in(manager, credentials)
    return _json(await _profile(manager, account))


@router.get("/players/{name}", summary="A player's profile", tags=["accounts"])
async def player(name: str, manager: Manager) -> Response:
    """A player's name, ratings per game, and matches, newest first, with their replays
    once over."""
    found = await manager.run(manager.accounts.by_name, name[:64])
    if found is None:
        raise ServerError("player/not-found", f"there is no player {name!r}")
    return _json(await _profile(manager, found[0]))
