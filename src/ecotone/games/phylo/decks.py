"""Constructed decks: the ready-made ones and the deck file format (rules doc §Decks).

In the ``constructed`` variant each player brings a deck, named by the game options
``deck1`` and ``deck2``: either one of the ready-made decks (by name, any letter case) or
the path of a deck file. A deck file is TOML::

    name = "Darwin's finches and friends"
    summary = "optional, one line"
    cards = ["B28", "B29", "B30", ...]   # card ids from `ecotone rules phylo`

The deck rules (Ecotone's, for a deck "of about 25 cards"): 23 to 27 cards, at most one
copy of a card, at least 8 FC1 species, at most 5 events, and every species playable from
the deck's own cards (it links to a food card of the deck that is itself playable, back to a
photosynthetic FC1; a plant needing a pollinator needs a POLLINATOR in the deck). A file
breaking a rule is refused with a :class:`~ecotone.core.errors.DataError` naming the rule;
a name that is neither a ready-made deck nor a file with a
:class:`~ecotone.core.errors.ConfigError` listing the ready-made decks. Reading the option
is the kernel's, the same for every game (:func:`ecotone.core.decks.pick`); the deck rules
are Phylo's (:func:`parse_deck`).
"""

from __future__ import annotations

import msgspec

from ecotone.core.data import decode
from ecotone.core.decks import pick
from ecotone.core.errors import DataError
from ecotone.core.spec import Provenance
from ecotone.games.phylo.cards import Deck, cards, deck_problems

__all__ = [
    "DEFAULT_DECKS",
    "READY_DECKS",
    "DeckFile",
    "parse_deck",
    "resolve_deck",
]

DEFAULT_DECKS = ("Enchanted Isles", "Atlantic Coast")
"""The decks P1 and P2 bring when the options do not name one."""

# The ready-made decks of data/cards.toml, named here for the game's spec (a test checks
# that the two agree).
READY_DECKS = ("Enchanted Isles", "Atlantic Coast", "Across the Andes")


class DeckFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A user's deck file."""

    name: str
    cards: tuple[str, ...]
    summary: str = ""


def parse_deck(text: str, where: str = "deck file") -> Deck:
    """Read and check a deck file's TOML ``text``.

    Raises:
        DataError: ``data/invalid`` for a file that is not a deck file (bad TOML, a missing
            or unknown field), ``phylo/bad-deck`` listing every deck rule the deck breaks.
    """
    raw = decode(text, DeckFile, where)
    deck = Deck(name=raw.name, summary=raw.summary, cards=raw.cards, provenance=Provenance.ECOTONE)
    problems = deck_problems(cards(), deck)
    if not raw.name.strip():
        problems.insert(0, "the deck needs a name")
    if problems:
        raise DataError("phylo/bad-deck", f"{where}: " + "; ".join(problems))
    return deck


def resolve_deck(entry: str, seat: int) -> Deck:
    """The deck that ``seat``'s option (``deck1`` or ``deck2``) names: a ready-made deck in
    any letter case, a deck file, or (``""``) the seat's default deck.

    Raises:
        ConfigError: ``config/bad-option`` when ``entry`` is neither a ready-made deck nor
            a file that can be read (the message lists the ready-made decks).
        DataError: for a deck file that is not one or breaks the deck rules.
    """
    wanted = entry.strip() or DEFAULT_DECKS[seat]
    return pick(wanted, cards().decks, parse_deck, f"deck{seat + 1}")
