"""Decks: the deck file format, the deck rules, the starter decks and the ``decks`` option.

Rules doc §Decks. A deck is a small TOML file::

    name = "Savanna"
    summary = "Grazers and the big cats that hunt them."
    home = "savanna-home"

    [cards]
    red-oat-grass = 3
    plains-zebra = 3
    lion = 2

The deck rules (RULINGS.md), each written once below with its code: exactly one HOME
(``biomasters/deck-home``; named by ``home``, and not under ``[cards]``), only cards of the
pool (``biomasters/deck-card``), at most 3 copies of a card (``biomasters/deck-copies``),
25 to 30 cards counting the HOME (``biomasters/deck-size``), and a name
(``biomasters/deck-name``). A deck breaking any raises :class:`DataError` with the first
problem's code and every problem's words; a file that is not a deck file at all is
``biomasters/deck-format``, and one giving a card fewer than 1 copy ``deck/bad-count``
(the kernel reads every game's deck files so: :func:`ecotone.core.deckbuilding.read_toml`
and :func:`~ecotone.core.deckbuilding.file_counts`).

The game option ``decks`` is a comma-separated list with one entry per seat, repeated in
turn when shorter than the table and refused when longer: each entry is a starter deck's
key or its deck's name (``production`` or ``Savanna``, in any letter case), a deck code
(``BIOMASTERS:...``, the whole deck in one line) or the path of a deck file, read as every
game reads its deck options (:mod:`ecotone.core.decks`). The pool, the rules, the starters
and the codes go to every surface through :func:`deckbuilding`.
"""

from __future__ import annotations

import re
from functools import cache

import msgspec

from ecotone.core import decks
from ecotone.core.data import load_text
from ecotone.core.deckbuilding import (
    BuiltIn,
    Deckbuilding,
    DeckList,
    DeckProblem,
    DeckSeats,
    Facet,
    PoolCard,
    Rule,
    file_counts,
    read_toml,
    refuse,
    toml_string,
)
from ecotone.core.errors import ConfigError, DataError
from ecotone.core.spec import Provenance
from ecotone.games.biomasters.cards import Card, Trophic, cards

__all__ = [
    "MAX_COPIES",
    "MAX_DECK",
    "MIN_DECK",
    "STARTERS",
    "Deck",
    "deck_labels",
    "deck_list",
    "deckbuilding",
    "parse_deck",
    "read_deck_file",
    "resolve_decks",
    "starter",
    "write_deck",
]

MIN_DECK = 25
MAX_DECK = 30
MAX_COPIES = 3

# The starter decks, by the name used in the ``decks`` option (files data/decks/<name>.toml).
STARTERS = ("production", "decomposition", "ocean", "wetland")

OPTION = "decks"
TAG = "BIOMASTERS"

DECK_HOME = "biomasters/deck-home"
DECK_CARD = "biomasters/deck-card"
DECK_COPIES = "biomasters/deck-copies"
DECK_SIZE = "biomasters/deck-size"
DECK_NAME = "biomasters/deck-name"
DECK_FORMAT = "biomasters/deck-format"


class Deck(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A deck as its file holds it: its HOME and its other cards with their counts.

    ``strategy`` says how a starter means to win; ``home`` is ``""`` in the file of a deck
    still being built that has no HOME yet.
    """

    name: str
    home: str
    cards: dict[str, int]
    summary: str = ""
    strategy: str = ""

    @property
    def size(self) -> int:
        """The number of cards, the HOME included."""
        return (1 if self.home else 0) + sum(self.cards.values())

    def card_list(self) -> list[str]:
        """The card ids of the deck without the HOME, one per copy, in file order."""
        return [cid for cid, n in self.cards.items() for _ in range(n)]


# -- files -------------------------------------------------------------------------------


SHAPE = (
    'a deck has name = "...", home = "<a HOME card>" and a [cards] table of card = copies (1 to 3)'
)
"""What a deck file looks like, in the words a file that is none is refused with."""


def read_file(text: str, where: str) -> DeckList:
    """The deck in a deck file's text (its deck rules not yet checked).

    Every deck file is read here: an option's file, a saved deck, ``ecotone decks``, the
    server's ``/decks/read``; so a file is refused in the same words wherever it goes.

    Raises:
        DataError: ``biomasters/deck-format`` for a text that is not a deck file (saying
            what one looks like), ``deck/bad-count`` for a card given fewer than one copy,
            ``biomasters/deck-home`` when ``home`` names no HOME card.
    """
    deck = read_toml(text, Deck, where, DECK_FORMAT, SHAPE)
    file_counts(deck.cards, where)
    return deck_list(deck, where)


def deck_list(deck: Deck, where: str = "deck") -> DeckList:
    """A deck as the kernel's :class:`DeckList`: the HOME is one of its cards.

    Raises:
        DataError: ``biomasters/deck-home`` when ``home`` names no HOME card.
    """
    pool = cards()
    home = pool.by_id.get(deck.home)
    if deck.home and (home is None or home.trophic is not Trophic.HOME):
        raise DataError(
            DECK_HOME,
            f"{where}: a deck has exactly one HOME; {deck.home!r} is not a HOME card "
            f"(the HOMEs are: {', '.join(pool.homes)})",
        )
    counts: dict[str, int] = {deck.home: 1} if deck.home else {}
    for cid, n in deck.cards.items():
        counts[cid] = counts.get(cid, 0) + n
    return DeckList(deck.name, tuple(counts.items()), deck.summary)


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def write_deck(deck: DeckList) -> str:
    """The deck file of ``deck``, which :func:`read_file` reads back: the first HOME is
    ``home`` (``""`` for none), every other card goes under ``[cards]``."""
    pool = cards()
    counts = deck.counts()
    home = next((c for c in counts if c in pool.homes), "")
    if home:
        counts[home] -= 1
    lines = [f"name = {toml_string(deck.name)}"]
    if deck.summary:
        lines.append(f"summary = {toml_string(deck.summary)}")
    lines += [f"home = {toml_string(home)}", "", "[cards]"]
    for cid, n in counts.items():
        if n:
            key = cid if _BARE_KEY.fullmatch(cid) else toml_string(cid)
            lines.append(f"{key} = {n}")
    return "\n".join(lines) + "\n"


def _game_deck(deck: DeckList) -> Deck:
    """A deck that keeps the rules as the game plays it (one HOME, the rest by count)."""
    homes = set(cards().homes)
    home = next(c for c, _ in deck.cards if c in homes)
    rest = {c: n for c, n in deck.cards if c != home}
    return Deck(name=deck.name, home=home, cards=rest, summary=deck.summary)


def parse_deck(text: str, where: str) -> Deck:
    """Read and check a deck file's text; ``where`` names it in error messages.

    Raises:
        DataError: naming the deck rules that are broken (the first one's code).
    """
    deck = read_file(text, where)
    refuse(RULES, deck, where)
    return _game_deck(deck)


def read_code(code: str) -> Deck:
    """The deck a deck code holds, checked against the deck rules.

    Raises:
        DataError: ``deck/bad-code`` for a code that cannot be read; else the first
            broken deck rule's code, with every problem listed.
    """
    return _game_deck(deckbuilding().read_code(code))


# -- the deck rules, each written once ----------------------------------------------------


def rule_home(deck: DeckList) -> list[DeckProblem]:
    """Exactly one HOME, once."""
    pool = cards()
    homes = [(c, n) for c, n in deck.cards if c in pool.homes]
    if not homes:
        return [
            DeckProblem(
                DECK_HOME, f"a deck has exactly one HOME; add one of: {', '.join(pool.homes)}"
            )
        ]
    if len(homes) > 1:
        extra = tuple(c for c, _ in homes[1:])
        return [
            DeckProblem(
                DECK_HOME,
                f"a deck has exactly one HOME; remove {', '.join(extra)}",
                extra,
            )
        ]
    home, n = homes[0]
    if n > 1:
        return [
            DeckProblem(
                DECK_HOME,
                f"a deck has exactly one HOME; remove the {n - 1} other copies of {home}",
                (home,),
            )
        ]
    return []


def rule_cards(deck: DeckList) -> list[DeckProblem]:
    """Only cards of the pool."""
    pool = cards().by_id
    return [
        DeckProblem(DECK_CARD, f"there is no card {cid!r} in the card pool", (cid,))
        for cid, _ in deck.cards
        if cid not in pool
    ]


def rule_copies(deck: DeckList) -> list[DeckProblem]:
    """1 to :data:`MAX_COPIES` copies of a card (HOMEs are :func:`rule_home`'s)."""
    pool = cards()
    return [
        DeckProblem(
            DECK_COPIES,
            f"{n} copies of {cid}; a deck holds 1 to {MAX_COPIES} copies of a card",
            (cid,),
        )
        for cid, n in deck.cards
        if n > MAX_COPIES and cid not in pool.homes
    ]


def rule_size(deck: DeckList) -> list[DeckProblem]:
    """:data:`MIN_DECK` to :data:`MAX_DECK` cards, the HOME counted."""
    if MIN_DECK <= deck.size <= MAX_DECK:
        return []
    return [
        DeckProblem(
            DECK_SIZE,
            f"the deck has {deck.size} cards counting its HOME; a deck has "
            f"{MIN_DECK} to {MAX_DECK}",
        )
    ]


def rule_name(deck: DeckList) -> list[DeckProblem]:
    """A deck has a name."""
    return [] if deck.name.strip() else [DeckProblem(DECK_NAME, "the deck needs a name")]


RULES: tuple[Rule, ...] = (rule_home, rule_cards, rule_copies, rule_size, rule_name)

RULES_TEXT = (
    f"{MIN_DECK} to {MAX_DECK} cards, counting the HOME",
    "exactly one HOME card",
    f"1 to {MAX_COPIES} copies of any other card",
    "the deck has a name",
)


@cache
def starter(name: str) -> Deck:
    """The starter deck called ``name`` (one of :data:`STARTERS`)."""
    where = f"ecotone.games.biomasters.data/decks/{name}.toml"
    text = load_text("ecotone.games.biomasters.data", f"decks/{name}.toml")
    strategy = msgspec.toml.decode(text, type=Deck).strategy
    return msgspec.structs.replace(parse_deck(text, where), strategy=strategy)


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
    """The deck of each seat from the ``decks`` option: one entry per seat, repeated round
    the table when fewer; each a starter by its key or its deck's name (``production`` or
    ``Savanna``, any letter case), a deck code or a deck file.

    Raises:
        ConfigError: ``config/bad-option`` for an empty option, more entries than seats,
            or an entry that is neither a starter deck, a code nor a readable file.
        DataError: for a deck file or code that breaks a deck rule.
    """
    names = decks.entries(option, OPTION)
    if not names:
        raise ConfigError(
            "config/bad-option", f"option decks is empty; starter decks: {', '.join(STARTERS)}"
        )
    seats = decks.per_seat(names, players, OPTION)
    ready = {name: starter(name) for name in STARTERS}
    titles = {name: deck.name for name, deck in ready.items()}
    return tuple(decks.pick(entry, ready, parse_deck, OPTION, read_code, titles) for entry in seats)


def deck_labels() -> tuple[tuple[str, str], ...]:
    """What a player reads for the ``decks`` option: each starter by its deck's name, and
    the default pairing (``"production,decomposition"`` is Savanna against Woodland Floor)."""
    named = {name: starter(name).name for name in STARTERS}
    default = f"{named['production']} against {named['decomposition']}"
    return (("production,decomposition", default), *named.items())


# -- the pool and its facets, for every surface ----------------------------------------------

FACETS = (
    Facet("trophic", "Trophic level", chart=True),
    Facet("cost", "Cost (cards to exhaust)", numeric=True, chart=True),
    Facet("domain", "Domain"),
    Facet("terrain", "Terrain"),
    Facet("climate", "Climate"),
    Facet("strategy", "Keyword"),
    Facet("ability", "Ability"),
    Facet("rarity", "Rarity"),
    Facet("vp", "Victory points", numeric=True),
)


def _values(card: Card) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return (
        ("trophic", (str(card.trophic),)),
        ("cost", (str(len(card.cost)),)),
        ("domain", (card.domain,)),
        ("terrain", card.terrain),
        ("climate", card.climate),
        ("strategy", card.strategy),
        ("ability", (card.ability,) if card.ability else ()),
        ("rarity", (str(card.rarity),)),
        ("vp", (str(card.vp),)),
    )


@cache
def deckbuilding() -> Deckbuilding:
    """BioMasters' decks for every surface: the pool (every card, HOMEs included, in the
    data file's order, which numbers them in deck codes), the facets, the rules and the
    starter decks."""
    pool = cards()
    cards_ = tuple(
        PoolCard(
            c.id,
            c.name,
            1 if c.trophic is Trophic.HOME else MAX_COPIES,
            _values(c),
        )
        for c in (pool.by_id[i] for i in pool.ids)
    )
    builtins = tuple(
        BuiltIn(name, _list(starter(name)), starter(name).strategy, Provenance.ECOTONE)
        for name in STARTERS
    )
    return Deckbuilding(
        game="biomasters",
        tag=TAG,
        pool=cards_,
        facets=FACETS,
        rules=RULES,
        rules_text=RULES_TEXT,
        builtins=builtins,
        seats=DeckSeats(None, (OPTION,), ("production", "decomposition")),
        read_file=read_file,
        write_file=write_deck,
        size=(MIN_DECK, MAX_DECK),
    )


def _list(deck: Deck) -> DeckList:
    return deck_list(deck, deck.name)
