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

from fastapi import APIRouter
from pydantic import BaseModel, Field

from ecotone.core.deckbuilding import Deckbuilding, DeckList
from ecotone.core.errors import ConfigError, DataError
from ecotone.core.registry import game_class

__all__ = ["router"]

router = APIRouter(prefix="/api/v1", tags=["decks"])

MAX_CARDS = 500  # distinct cards in one request: far more than any pool has


class DeckIn(BaseModel):
    """A deck as a client holds it."""

    name: str = Field("", max_length=200)
    summary: str = Field("", max_length=500)
    cards: dict[str, int] = Field(default_factory=dict, max_length=MAX_CARDS)


class CheckIn(BaseModel):
    """A deck to check or encode."""

    deck: DeckIn


class DecodeIn(BaseModel):
    """A deck code to read."""

    code: str = Field(max_length=2000)


class ReadIn(BaseModel):
    """A deck file's text, or a deck code, to read."""

    text: str = Field(max_length=50_000)


def _build(game_id: str) -> Deckbuilding:
    build = game_class(game_id).deckbuilding()  # refuses an unknown game
    if build is None:
        raise ConfigError("config/no-decks", f"{game_id} has no decks of the players' own to build")
    return build


def _deck(body: DeckIn) -> DeckList:
    for card, n in body.cards.items():
        if not 0 <= n <= 99:
            raise DataError("deck/bad-count", f"{n} copies of {card!r}: a count is 0 to 99")
    return DeckList.of(body.name, body.cards, body.summary)


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


@router.post("/games/{game_id}/decks/check", summary="Check a deck against the deck rules")
def check(game_id: str, body: CheckIn) -> dict[str, Any]:
    """Every rule the deck breaks, in the game's words, with its code and file."""
    build = _build(game_id)
    return verdict(build, _deck(body.deck))


@router.post("/games/{game_id}/decks/encode", summary="A deck's code")
def encode(game_id: str, body: CheckIn) -> dict[str, str]:
    """The deck as a deck code (``deck/bad-code`` for a card outside the pool)."""
    build = _build(game_id)
    return {"code": build.encode(_deck(body.deck))}


@router.post("/games/{game_id}/decks/decode", summary="The deck a code holds")
def decode(game_id: str, body: DecodeIn) -> dict[str, Any]:
    """The deck, checked as ``check`` does (``deck/bad-code`` for a damaged code)."""
    build = _build(game_id)
    return verdict(build, build.decode(body.code))


@router.post("/games/{game_id}/decks/read", summary="The deck a file or a code holds")
def read(game_id: str, body: ReadIn) -> dict[str, Any]:
    """A deck file's text or a deck code, read and checked as ``check`` does."""
    build = _build(game_id)
    return verdict(build, build.read(body.text, "the deck file"))
