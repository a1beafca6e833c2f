"""Constructed decks: the built-in ones, the deck file format, codes and the deck rules.

Rules doc §Decks. In the ``constructed`` variant each player brings a deck, named by the
game options ``deck1`` and ``deck2``: one of the built-in decks (by name, any letter
case), a deck code (``PHYLO:...``, the whole deck in one line) or the path of a deck file.
A deck file is TOML::

    name = "Darwin's finches and friends"
    summary = "optional, one line"
    cards = ["B28", "B29", "B30", ...]   # card ids from `ecotone rules phylo`

The deck rules (Ecotone's, for a deck "of about 25 cards"), each with its code: 23 to 27
cards (``phylo/deck-size``), only cards of the pool (``phylo/deck-card``), at most one
copy of a card (``phylo/deck-copies``), every species playable from the deck's own cards
(``phylo/deck-unplayable``: it links to a food card of the deck that is itself playable,
back to a photosynthetic FC1; a plant needing a pollinator needs a POLLINATOR in the
deck), at least 8 FC1 species (``phylo/deck-producers``), at most 5 events
(``phylo/deck-events``), and a name (``phylo/deck-name``). Each rule is written once, in
:mod:`ecotone.games.phylo.cards`; a deck breaking any is refused with a
:class:`~ecotone.core.errors.DataError` whose code is the first problem's and whose
message lists them all. A text that is no deck file at all (bad TOML, a field it does not
have, a BioMasters deck) is ``phylo/deck-format``, saying what a deck file looks like, as
the kernel reads every game's deck files (:func:`ecotone.core.deckbuilding.read_toml`). A
name that is neither a built-in deck, a code nor a file is a
:class:`~ecotone.core.errors.ConfigError` listing the built-in decks. Reading the option
is the kernel's, the same for every game (:func:`ecotone.core.decks.pick`); the pool, the
rules, the built-in decks and the codes go to every surface through :func:`deckbuilding`.
"""

from __future__ import annotations

from functools import cache

import msgspec

from ecotone.core.deckbuilding import (
    BuiltIn,
    Deckbuilding,
    DeckList,
    DeckProblem,
    DeckSeats,
    Facet,
    PoolCard,
    Rule,
    read_toml,
    toml_string,
)
from ecotone.core.decks import pick
from ecotone.core.spec import Provenance
from ecotone.games.phylo.cards import (
    DECK_MAX,
    DECK_MAX_COPIES,
    DECK_MAX_EVENTS,
    DECK_MIN,
    DECK_MIN_AUTOTROPHS,
    DECK_NAME,
    Card,
    Deck,
    Species,
    cards,
    rule_cards,
    rule_copies,
    rule_events,
    rule_playable,
    rule_producers,
    rule_size,
)

__all__ = [
    "DEFAULT_DECKS",
    "READY_DECKS",
    "DeckFile",
    "deck_list",
    "deckbuilding",
    "parse_deck",
    "resolve_deck",
    "write_deck",
]

DEFAULT_DECKS = ("Enchanted Isles", "Atlantic Coast")
"""The decks P1 and P2 bring when the options do not name one."""

# The ready-made decks of data/cards.toml, named here for the game's spec (a test checks
# that the two agree).
READY_DECKS = ("Enchanted Isles", "Atlantic Coast", "Across the Andes", "Beagle's Wake")

TAG = "PHYLO"
VARIANT = "constructed"
DECK_FORMAT = "phylo/deck-format"


class DeckFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A user's deck file."""

    name: str
    cards: tuple[str, ...]
    summary: str = ""


SHAPE = 'a deck has name = "..." and cards = ["B28", "B29", ...] (card ids, one per card)'
"""What a deck file looks like, in the words a file that is none is refused with."""


def read_file(text: str, where: str = "deck file") -> DeckList:
    """The deck in a deck file's TOML ``text`` (its rules not yet checked).

    A file lists one id per card, so it has no count to get wrong: a card listed twice
    is two copies, which :func:`~ecotone.games.phylo.cards.rule_copies` judges.

    Raises:
        DataError: ``phylo/deck-format`` for a text that is not a deck file (bad TOML, a
            missing or unknown field, a card that is not an id), saying what one looks like.
    """
    raw = read_toml(text, DeckFile, where, DECK_FORMAT, SHAPE)
    return DeckList.of(raw.name, raw.cards, raw.summary)


def write_deck(deck: DeckList) -> str:
    """The deck file of ``deck``, which :func:`read_file` reads back."""
    lines = [f"name = {toml_string(deck.name)}"]
    if deck.summary:
        lines.append(f"summary = {toml_string(deck.summary)}")
    ids = deck.ids()
    rows = [", ".join(toml_string(c) for c in ids[i : i + 8]) for i in range(0, len(ids), 8)]
    lines.append("cards = [" + "".join(f"\n    {row}," for row in rows) + ("\n]" if rows else "]"))
    return "\n".join(lines) + "\n"


def deck_list(deck: Deck) -> DeckList:
    """A ready-made deck as the kernel's :class:`DeckList`."""
    return DeckList.of(deck.name, deck.cards, deck.summary)


def _game_deck(deck: DeckList) -> Deck:
    return Deck(
        name=deck.name,
        summary=deck.summary,
        cards=tuple(deck.ids()),
        provenance=Provenance.ECOTONE,
    )


def parse_deck(text: str, where: str = "deck file") -> Deck:
    """Read and check a deck file's TOML ``text``.

    Raises:
        DataError: ``phylo/deck-format`` for a file that is not a deck file; else the code
            of the first deck rule broken (``phylo/deck-size``...), with every problem listed.
    """
    deck = read_file(text, where)
    deckbuilding().refuse(deck, where)
    return _game_deck(deck)


def read_code(code: str) -> Deck:
    """The deck a deck code holds, checked against the deck rules.

    Raises:
        DataError: ``deck/bad-code`` for a code that cannot be read; else the first
            broken deck rule's code, with every problem listed.
    """
    return _game_deck(deckbuilding().read_code(code))


def resolve_deck(entry: str, seat: int) -> Deck:
    """The deck that ``seat``'s option (``deck1`` or ``deck2``) names: a built-in deck in
    any letter case, a deck code, a deck file, or (``""``) the seat's default deck.

    Raises:
        ConfigError: ``config/bad-option`` when ``entry`` is neither a built-in deck, a
            code nor a file that can be read (the message lists the built-in decks).
        DataError: for a deck file or code that is not one or breaks the deck rules.
    """
    wanted = entry.strip() or DEFAULT_DECKS[seat]
    return pick(wanted, cards().decks, parse_deck, f"deck{seat + 1}", read_code)


# -- the deck rules, the pool and its facets, for every surface ----------------------------


def _rule_name(deck: DeckList) -> list[DeckProblem]:
    return [] if deck.name.strip() else [DeckProblem(DECK_NAME, "the deck needs a name")]


def _rules() -> tuple[Rule, ...]:
    cs = cards()
    return (
        lambda d: rule_size(d.ids()),
        lambda d: rule_cards(cs, d.ids()),
        lambda d: rule_copies(d.ids(), DECK_MAX_COPIES),
        lambda d: rule_playable(cs, d.ids()),
        lambda d: rule_producers(cs, d.ids()),
        lambda d: rule_events(cs, d.ids()),
        _rule_name,
    )


RULES_TEXT = (
    f"{DECK_MIN} to {DECK_MAX} cards, at most {DECK_MAX_COPIES} copy of each",
    f"at least {DECK_MIN_AUTOTROPHS} FC1 species (producers) and at most {DECK_MAX_EVENTS} events",
    "every species can be played from the deck's own cards: it links to a food card of the "
    "deck that is itself playable, back to a photosynthetic FC1; a plant needing a "
    "pollinator needs a POLLINATOR in the deck",
    "the deck has a name",
)

FACETS = (
    Facet("kind", "Kind", chart=True),
    Facet("food-chain", "Food chain (trophic level)", numeric=True, chart=True),
    Facet("diet", "Diet", chart=True),
    Facet("terrain", "Terrain"),
    Facet("climate", "Climate"),
    Facet("locale", "Voyage leg (locale)"),
    Facet("scale", "Scale", numeric=True),
    Facet("points", "Points", numeric=True),
    Facet("keyword", "Keyword"),
    Facet("timing", "Event timing"),
)


def _values(card: Card) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if not isinstance(card, Species):
        return (("kind", ("event",)), ("timing", (str(card.timing),)))
    leg = cards().legs[card.locale].name
    return (
        ("kind", ("species",)),
        ("food-chain", (str(card.food_chain),)),
        ("diet", (str(card.diet),)),
        ("terrain", tuple(str(t) for t in card.terrains)),
        ("climate", tuple(str(c) for c in card.climates)),
        ("locale", (leg,)),
        ("scale", (str(card.scale),)),
        ("points", (str(card.points),)),
        ("keyword", tuple(str(k) for k in card.keywords)),
    )


@cache
def deckbuilding() -> Deckbuilding:
    """Phylo's constructed decks for every surface: the pool (every species and event, in
    the data file's order, which numbers them in deck codes), the facets, the rules, the
    built-in decks."""
    cs = cards()
    pool = tuple(PoolCard(c.id, c.name, DECK_MAX_COPIES, _values(c)) for c in cs.raw.cards)
    builtins = tuple(
        BuiltIn(name, deck_list(d), d.strategy, d.provenance) for name, d in cs.decks.items()
    )
    return Deckbuilding(
        game="phylo",
        tag=TAG,
        pool=pool,
        facets=FACETS,
        rules=_rules(),
        rules_text=RULES_TEXT,
        builtins=builtins,
        seats=DeckSeats(VARIANT, ("deck1", "deck2"), DEFAULT_DECKS),
        read_file=read_file,
        write_file=write_deck,
        size=(DECK_MIN, DECK_MAX),
    )
