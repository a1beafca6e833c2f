"""A signed-in player's saved decks, kept on the server so that they follow the player.

A guest without an account keeps decks in the browser; an account (a name and a password,
or a guest account: :mod:`.accounts`) keeps them here, per game, so every browser the
player signs in from has them. The routes take the account token in ``Authorization:
Bearer``, as ``/accounts/me`` does, and show nobody else's decks:

* ``GET /api/v1/account/decks/{game}``: ``{"game", "decks": [{name, summary, cards,
  updated}], "limit"}``, newest first;
* ``POST /api/v1/account/decks/{game}`` ``{"deck": {name, summary, cards}}``: keep the
  deck under its name (a deck of the same name, whatever its letter case, is replaced);
  answers the deck as kept;
* ``DELETE /api/v1/account/decks/{game}?name=...``: forget it (``{"deleted": true}``, or
  ``false`` when there was none).

A deck is kept as it is, legal or not (a deck being built may break a rule; the deck
routes of :mod:`.decks` say which). Limits: :data:`MAX_DECKS` decks per account and game
(``account/too-many-decks``), a name of 1 to :data:`MAX_NAME` characters
(``account/bad-deck``), counts of 0 to 99 copies (``deck/bad-count``), and the schema's
own bounds on the body (:class:`~ecotone.server.schema.DeckIn`).
"""

from __future__ import annotations

import time
import unicodedata
from typing import Annotated, Any

import msgspec
from fastapi import APIRouter, Query, Request, Response
from sqlalchemy import delete, func, insert, select, update

from ecotone.core.deckbuilding import form_counts
from ecotone.core.errors import DataError
from ecotone.core.registry import game_class
from ecotone.server.errors import ServerError
from ecotone.server.http import Manager, Token, _body, _json
from ecotone.server.models import AccountDeckRow
from ecotone.server.players import signed_in
from ecotone.server.schema import DeckIn, SaveDeck, decode_body
from ecotone.server.store import Store

__all__ = ["MAX_DECKS", "MAX_NAME", "delete_deck", "list_decks", "router", "save_deck"]

MAX_DECKS = 200
"""The most decks one account keeps for one game (as many as a browser keeps)."""
MAX_NAME = 60
"""The longest deck name, in characters (a deck code keeps up to 60 bytes of it)."""

router = APIRouter(prefix="/api/v1", tags=["accounts"])
_DECKS = AccountDeckRow.__table__


def _key(name: str) -> str:
    return name.casefold()


def _clean(deck: DeckIn) -> dict[str, Any]:
    """The deck as kept: its name trimmed, the cards it holds (no zero counts).

    Raises:
        ServerError: ``account/bad-deck`` for a name that cannot be kept,
            ``deck/bad-count`` for a count outside 0 to 99.
    """
    name = " ".join(deck.name.split())
    if not name or len(name) > MAX_NAME or any(unicodedata.category(c)[0] == "C" for c in name):
        raise ServerError(
            "account/bad-deck", f"a deck is saved under a name of 1 to {MAX_NAME} characters"
        )
    try:
        cards = form_counts(deck.cards)
    except DataError as exc:
        raise ServerError(exc.code, exc.message) from None
    return {"name": name, "summary": deck.summary.strip(), "cards": cards}


def _row(row: Any) -> dict[str, Any]:
    deck: dict[str, Any] = msgspec.json.decode(row["deck"])
    return {**deck, "updated": row["updated_at"]}


def list_decks(store: Store, account_id: str, game: str) -> list[dict[str, Any]]:
    """The account's decks for ``game``, newest first."""
    with store.engine.connect() as conn:
        rows = (
            conn.execute(
                select(_DECKS)
                .where(_DECKS.c.account_id == account_id, _DECKS.c.game == game)
                .order_by(_DECKS.c.updated_at.desc(), _DECKS.c.name_key)
            )
            .mappings()
            .all()
        )
    return [_row(r) for r in rows]


def save_deck(store: Store, account_id: str, game: str, deck: dict[str, Any]) -> dict[str, Any]:
    """Keep ``deck`` (cleaned) under its name for the account, replacing one of the same
    name; the deck as kept.

    Raises:
        ServerError: ``account/too-many-decks`` when the account keeps :data:`MAX_DECKS`
            decks for the game already and this is a new one.
    """
    now = time.time()
    key = _key(deck["name"])
    text = msgspec.json.encode(deck).decode()
    mine = (_DECKS.c.account_id == account_id) & (_DECKS.c.game == game)
    with store.engine.begin() as conn:
        replaced = conn.execute(
            update(AccountDeckRow)
            .where(mine, _DECKS.c.name_key == key)
            .values(name=deck["name"], deck=text, updated_at=now)
        ).rowcount
        if not replaced:
            kept = conn.execute(select(func.count()).select_from(_DECKS).where(mine)).scalar_one()
            if kept >= MAX_DECKS:
                raise ServerError(
                    "account/too-many-decks",
                    f"your account keeps {MAX_DECKS} decks for this game already: "
                    "delete one, or save over one of the same name",
                )
            conn.execute(
                insert(AccountDeckRow).values(
                    account_id=account_id,
                    game=game,
                    name_key=key,
                    name=deck["name"],
                    deck=text,
                    updated_at=now,
                )
            )
    return {**deck, "updated": now}


def delete_deck(store: Store, account_id: str, game: str, name: str) -> bool:
    """Forget the account's deck called ``name`` (any letter case); whether there was one."""
    key = _key(" ".join(name.split()))
    with store.engine.begin() as conn:
        gone = conn.execute(
            delete(AccountDeckRow).where(
                _DECKS.c.account_id == account_id,
                _DECKS.c.game == game,
                _DECKS.c.name_key == key,
            )
        ).rowcount
    return bool(gone)


def _game(game_id: str) -> str:
    """``game_id``, a game with decks of the players' own.

    Raises:
        ServerError: ``config/no-decks``; an unknown game is the registry's own refusal.
    """
    if game_class(game_id).deckbuilding() is None:
        raise ServerError("config/no-decks", f"{game_id} has no decks of the players' own")
    return game_id


@router.get("/account/decks/{game_id}", summary="Your saved decks for a game")
async def get_decks(game_id: str, manager: Manager, credentials: Token) -> Response:
    """The signed-in account's decks for the game, newest first."""
    account, _ = await signed_in(manager, credentials)
    game = _game(game_id)
    decks = await manager.run(list_decks, manager.store, account.id, game)
    return _json({"game": game, "decks": decks, "limit": MAX_DECKS})


@router.post(
    "/account/decks/{game_id}",
    summary="Save a deck to your account",
    openapi_extra=_body("SaveDeck"),
)
async def post_deck(
    game_id: str, request: Request, manager: Manager, credentials: Token
) -> Response:
    """Keep the deck under its name (replacing one of the same name, any letter case)."""
    body = decode_body(await request.body(), SaveDeck)
    account, _ = await signed_in(manager, credentials)
    game = _game(game_id)
    kept = await manager.run(save_deck, manager.store, account.id, game, _clean(body.deck))
    return _json({"deck": kept})


@router.delete("/account/decks/{game_id}", summary="Delete a deck from your account")
async def remove_deck(
    game_id: str,
    manager: Manager,
    credentials: Token,
    name: Annotated[str, Query(max_length=200)],
) -> Response:
    """Forget the deck called ``name``."""
    account, _ = await signed_in(manager, credentials)
    game = _game(game_id)
    gone = await manager.run(delete_deck, manager.store, account.id, game, name)
    return _json({"deleted": gone})
