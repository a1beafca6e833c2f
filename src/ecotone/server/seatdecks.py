"""Decks brought to the table: a seat whose player chooses its deck on joining.

In a game with constructed decks (:meth:`~ecotone.core.game.Game.deckbuilding`), the
creator of a match may leave a seat's deck to the person who takes the seat
(``CreateMatch.seats[i].brings_deck``). The person then joins *with* a deck: a built-in
deck's name, a deck code, or the cards themselves (:class:`~ecotone.server.schema.DeckIn`),
never a file, since the server never reads its own disk for a client. The deck is checked
by the game's own deck rules (:meth:`Deckbuilding.check`) and refused in the game's words
with its code (``<game>/deck-size``...), and the seat stays free.

Such a match is **dealt** only once every such seat has its deck. Until then its state is
a stand-in (the game as created, each open seat with the deck its options name), which
nobody is shown: the views carry no observation, only that the match waits for decks. When
the last deck arrives the game is made again with every seat's deck in its options
(:func:`seated`) and started from the match's seed, so the seed, those options (which name
every deck: a built-in deck's key or a deck code) and the moves replay the match as they
replay any other, and a replay file records the decks played.

A bot seat left to "whoever takes it" plays the game's standard deck for that seat
(:func:`standard_entries`): bots bring no deck of their own.
"""

from __future__ import annotations

from typing import Any

import ecotone
from ecotone.core.deckbuilding import Deckbuilding, DeckList, form_counts
from ecotone.core.deckcode import is_code
from ecotone.core.errors import ConfigError, DataError
from ecotone.core.game import Game
from ecotone.core.records import seat_name
from ecotone.server.errors import ServerError
from ecotone.server.schema import DeckIn

__all__ = ["deck_hook", "read_deck", "seated", "standard_entries"]


def deck_hook(game: Game[Any]) -> Deckbuilding:
    """The deck hook of ``game``, whose players may bring decks in its configuration.

    Raises:
        ServerError: ``config/no-decks`` for a game without decks of the players' own,
            ``config/bad-seats`` for a variant in which the players bring none.
    """
    build = type(game).deckbuilding()
    title = game.spec.title
    if build is None:
        raise ServerError("config/no-decks", f"{title} has no decks of the players' own to bring")
    wanted = build.seats.variant
    if wanted is not None and game.variant != wanted:
        raise ServerError(
            "config/bad-seats",
            f"players bring their own decks to {title} in its {wanted} variant only",
        )
    return build


def _made(game_id: str, players: int, variant: str | None, options: dict[str, Any]) -> Game[Any]:
    try:
        return ecotone.make(game_id, players=players, variant=variant, **options)
    except (ConfigError, DataError) as exc:
        raise ServerError(exc.code, exc.message) from None


def standard_entries(game: Game[Any]) -> list[str]:
    """The deck each seat of ``game`` plays when nobody chooses one: its configuration
    without the deck options (so a variant's own default decks count)."""
    build = deck_hook(game)
    others = {k: v for k, v in game.options.items() if k not in build.seats.options}
    plain = _made(game.spec.id, game.players, game.variant, others)
    return build.entries(plain.options, game.players)


def seated(game: Game[Any], entries: dict[int, str]) -> Game[Any]:
    """``game`` made again with the decks ``entries`` (by seat) at their seats, every
    other seat keeping the deck it has.

    Raises:
        ServerError: the game's own refusal of the configuration, with its code.
    """
    build = deck_hook(game)
    decks = build.entries(game.options, game.players)
    for seat, entry in entries.items():
        decks[seat] = entry
    try:
        variant, options = build.options(decks)
    except ConfigError as exc:
        raise ServerError(exc.code, exc.message) from None
    merged = {**game.options, **options}
    return _made(game.spec.id, game.players, variant or game.variant, merged)


def _listed(build: Deckbuilding, deck: str | DeckIn) -> DeckList:
    if isinstance(deck, DeckIn):
        try:
            counts = form_counts(deck.cards)
        except DataError as exc:
            raise ServerError(exc.code, exc.message) from None
        return build.normal(DeckList.of(deck.name, counts, deck.summary))
    text = deck.strip()
    if not is_code(text):
        names = ", ".join(b.deck.name for b in build.builtins)
        raise ServerError(
            "deck/unknown",
            f"{text!r} is neither a built-in deck ({names}) nor a deck code",
        )
    try:
        return build.decode(text)
    except DataError as exc:
        raise ServerError(exc.code, exc.message) from None


def read_deck(build: Deckbuilding, deck: str | DeckIn, seat: int) -> str:
    """The entry ``seat`` is dealt for the deck its person brought: a built-in deck's key
    (``deck`` names one, any letter case), else the deck's code.

    Raises:
        ServerError: ``deck/unknown`` for text that is neither a built-in deck nor a
            code, ``deck/bad-code`` for a damaged code, ``deck/bad-count``, or the code
            of the first deck rule the deck breaks, with every problem in the game's words.
    """
    if isinstance(deck, str):
        builtin = build.builtin(deck)
        if builtin is not None:
            return builtin.key
    listed = _listed(build, deck)
    problems = build.check(listed)
    if problems:
        named = repr(listed.name) if listed.name.strip() else "an unnamed deck"
        raise ServerError(
            problems[0].code,
            f"{seat_name(seat)} cannot play {named}: " + "; ".join(p.message for p in problems),
        )
    return build.encode(listed)
