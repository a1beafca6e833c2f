"""Deck building over HTTP: a game's card pool, and the engine's verdict on a deck.

For a game with constructed decks (:meth:`~ecotone.core.game.Game.deckbuilding`):

* ``GET /api/v1/games/{id}/decks``: the pool (each card with its facet values), the
  facets, the deck rules in words, the built-in decks with their codes, and which match
  options carry each seat's deck;
* ``POST /api/v1/games/{id}/decks/check`` ``{"deck": {"name", "cards": {id: copies}}}``:
  the deck in the pool's order, its size, whether it is legal, every problem (the game's
  code and words, and the cards concerned), its deck code and its deck file's text;
* ``POST .../decks/encode`` ``{"deck"}``: just its code;
* ``POST .../decks/decode`` ``{"code"}`` and ``POST .../decks/read`` ``{"text"}`` (a deck
  file's text or a code, as a player pastes or uploads it): the deck, with the same
  verdict as ``check``.

The legality a browser shows is the engine's own (the deck rules each game writes once),
so it never drifts from what creating a match with that deck would say. Nothing is stored
here: a player's decks live with the player. A game without decks is ``config/no-decks``
(400); a code or file that is no deck keeps its own code (``deck/bad-code``,
a game's own ``<game>/deck-format``: 422).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from ecotone.core.deckbuilding import Deckbuilding, DeckList, form_counts
from ecotone.core.errors import ConfigError, DataError
from ecotone.core.registry import game_class
from ecotone.server.http import _body
from ecotone.server.schema import CheckIn, DeckIn, DecodeIn, ReadIn, decode_body

__all__ = ["router"]

router = APIRouter(prefix="/api/v1", tags=["decks"])


def _build(game_id: str) -> Deckbuilding:
    build = game_class(game_id).deckbuilding()  # refuses an unknown game
    if build is None:
        raise ConfigError("config/no-decks", f"{game_id} has no decks of the players' own to build")
    return build


def _deck(body: DeckIn) -> DeckList:
    return DeckList.of(body.name, form_counts(body.cards), body.summary)


def verdict(build: Deckbuilding, deck: DeckList) -> dict[str, Any]:
    """What a deck builder shows of ``deck``: the deck in pool order, its size, whether
    it is legal, every problem, its code (``None`` with a card outside the pool) and its
    deck file."""
    normal = build.normal(deck)
    problems = build.check(normal)
    try:
        code: str | None = build.encode(normal)
    except DataError:
        code = None
    return {
        "deck": normal.to_json(),
        "size": normal.size,
        "legal": not problems,
        "problems": [p.to_json() for p in problems],
        "code": code,
        "file": build.write_file(normal),
    }


@router.get("/games/{game_id}/decks", summary="A game's card pool, deck rules and built-in decks")
def pool(game_id: str) -> dict[str, Any]:
    """Everything a deck builder shows: cards with their facets, rules, built-ins, seats."""
    return _build(game_id).to_json()


# The bodies are decoded as every other body of the server is (ecotone.server.schema: no
# coercion, unknown fields refused, bounds on every number and text).


@router.post(
    "/games/{game_id}/decks/check",
    summary="Check a deck against the deck rules",
    openapi_extra=_body("CheckIn"),
)
async def check(game_id: str, request: Request) -> dict[str, Any]:
    """Every rule the deck breaks, in the game's words, with its code and file."""
    body = decode_body(await request.body(), CheckIn)
    build = _build(game_id)
    return verdict(build, _deck(body.deck))


@router.post(
    "/games/{game_id}/decks/encode", summary="A deck's code", openapi_extra=_body("CheckIn")
)
async def encode(game_id: str, request: Request) -> dict[str, str]:
    """The deck as a deck code (``deck/bad-code`` for a card outside the pool)."""
    body = decode_body(await request.body(), CheckIn)
    build = _build(game_id)
    return {"code": build.encode(_deck(body.deck))}


@router.post(
    "/games/{game_id}/decks/decode",
    summary="The deck a code holds",
    openapi_extra=_body("DecodeIn"),
)
async def decode(game_id: str, request: Request) -> dict[str, Any]:
    """The deck, checked as ``check`` does (``deck/bad-code`` for a damaged code)."""
    body = decode_body(await request.body(), DecodeIn)
    build = _build(game_id)
    return verdict(build, build.decode(body.code))


@router.post(
    "/games/{game_id}/decks/read",
    summary="The deck a file or a code holds",
    openapi_extra=_body("ReadIn"),
)
async def read(game_id: str, request: Request) -> dict[str, Any]:
    """A deck file's text or a deck code, read and checked as ``check`` does."""
    body = decode_body(await request.body(), ReadIn)
    build = _build(game_id)
    return verdict(build, build.read(body.text, "the deck file"))
