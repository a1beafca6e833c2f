"""Decks: the deck file format, the deck rules, the starter decks and the ``decks`` option.

Rules doc §Decks. A deck is a small TOML file::

    name = "Savanna"
    summary = "Grazers and the big cats that hunt them."
    home = "savanna-home"

    [cards]
    red-oat-grass = 3
    plains-zebra = 3
    lion = 2

The deck rules (RULINGS.md): 25 to 30 cards counting the HOME, exactly one HOME (named by
``home``; HOME cards may not appear under ``[cards]``), at most 3 copies of a card, and only
cards of the pool. A broken rule raises :class:`DataError` whose code names the rule
(``biomasters/deck-size``, ``biomasters/deck-copies``, ``biomasters/deck-home``,
``biomasters/deck-card``, ``biomasters/deck-format``) and whose message says what to change.

The game option ``decks`` is a comma-separated list with one entry per seat, repeated in
turn when shorter than the table: each entry is a starter deck's name (in any letter case)
or the path of a deck file, read as every game reads its deck options
(:mod:`ecotone.core.decks`).
"""

from __future__ import annotations

from functools import cache

import msgspec

from ecotone.core import decks
from ecotone.core.data import load_text
from ecotone.core.errors import ConfigError, DataError
from ecotone.games.biomasters.cards import Trophic, cards

__all__ = [
    "MAX_COPIES",
    "MAX_DECK",
    "MIN_DECK",
    "STARTERS",
    "Deck",
    "deck_labels",
    "parse_deck",
    "read_deck_file",
    "resolve_decks",
    "starter",
]

MIN_DECK = 25
MAX_DECK = 30
MAX_COPIES = 3

# The starter decks, by the name used in the ``decks`` option (files data/decks/<name>.toml).
STARTERS = ("production", "decomposition", "ocean", "wetland")

OPTION = "decks"


class Deck(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A validated deck: its HOME and its other cards with their counts."""

    name: str
    home: str
    cards: dict[str, int]
    summary: str = ""

    @property
    def size(self) -> int:
        """The number of cards, the HOME included."""
        return 1 + sum(self.cards.values())

    def card_list(self) -> list[str]:
        """The card ids of the deck without the HOME, one per copy, in file order."""
        return [cid for cid, n in self.cards.items() for _ in range(n)]


def parse_deck(text: str, where: str) -> Deck:
    """Read and check a deck file's text; ``where`` names it in error messages.

    Raises:
        DataError: naming the deck rule that is broken.
    """
    try:
        deck = msgspec.toml.decode(text, type=Deck)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise DataError(
            "biomasters/deck-format",
            f'{where}: not a deck file ({exc}); a deck has name = "...", home = "<a HOME '
            'card>" and a [cards] table of card = count',
        ) from None
    check_deck(deck, where)
    return deck


def check_deck(deck: Deck, where: str) -> None:
    """Raise :class:`DataError` for the first deck rule ``deck`` breaks."""
    pool = cards()
    home = pool.by_id.get(deck.home)
    if home is None or home.trophic is not Trophic.HOME:
        raise DataError(
            "biomasters/deck-home",
            f"{where}: a deck has exactly one HOME; {deck.home!r} is not a HOME card "
            f"(the HOMEs are: {', '.join(pool.homes)})",
        )
    for cid, n in deck.cards.items():
        card = pool.by_id.get(cid)
        if card is None:
            raise DataError(
                "biomasters/deck-card", f"{where}: there is no card {cid!r} in the card pool"
            )
        if card.trophic is Trophic.HOME:
            raise DataError(
                "biomasters/deck-home",
                f"{where}: a deck has exactly one HOME, named by `home`; remove {cid!r} "
                "from [cards]",
            )
        if not 1 <= n <= MAX_COPIES:
            raise DataError(
                "biomasters/deck-copies",
                f"{where}: {n} copies of {cid}; a deck holds 1 to {MAX_COPIES} copies of a card",
            )
    if not MIN_DECK <= deck.size <= MAX_DECK:
        raise DataError(
            "biomasters/deck-size",
            f"{where}: the deck has {deck.size} cards counting its HOME; a deck has "
            f"{MIN_DECK} to {MAX_DECK}",
        )


@cache
def starter(name: str) -> Deck:
    """The starter deck called ``name`` (one of :data:`STARTERS`)."""
    where = f"ecotone.games.biomasters.data/decks/{name}.toml"
    return parse_deck(load_text("ecotone.games.biomasters.data", f"decks/{name}.toml"), where)


def read_deck_file(path: str) -> Deck:
    """The deck in the file at ``path``.

    Raises:
        ConfigError: when the file cannot be read.
        DataError: when it breaks a deck rule.
    """
    return parse_deck(decks.read_file(path, OPTION), path)


def normalise(value: object) -> str:
    """The ``decks`` option as its canonical text: a sequence becomes comma-separated.

    Raises:
        ConfigError: for a value that is neither text nor a sequence of names.
    """
    return ",".join(decks.entries(value, OPTION))


def resolve_decks(option: str, players: int) -> tuple[Deck, ...]:
    """The deck of each seat from the ``decks`` option.

    Raises:
        ConfigError: for an empty option, or an entry that is neither a starter deck nor a
            readable file.
        DataError: for a deck file that breaks a deck rule.
    """
    names = decks.entries(option, OPTION)
    if not names:
        raise ConfigError(
            "config/bad-option", f"option decks is empty; starter decks: {', '.join(STARTERS)}"
        )
    ready = {name: starter(name) for name in STARTERS}
    return tuple(
        decks.pick(names[seat % len(names)], ready, parse_deck, OPTION) for seat in range(players)
    )


def deck_labels() -> tuple[tuple[str, str], ...]:
    """What a player reads for the ``decks`` option: each starter by its deck's name, and
    the default pairing (``"production,decomposition"`` is Savanna against Woodland Floor)."""
    named = {name: starter(name).name for name in STARTERS}
    default = f"{named['production']} against {named['decomposition']}"
    return (("production,decomposition", default), *named.items())
