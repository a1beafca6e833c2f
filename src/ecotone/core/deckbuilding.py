"""Deckbuilding: what a game with constructed decks tells every surface about them.

A card game whose players bring their own decks answers :meth:`Game.deckbuilding
<ecotone.core.game.Game.deckbuilding>` with a :class:`Deckbuilding`: its card pool (each
card with the values a player filters by), the facets to filter by, its deck rules, its
built-in decks, how a deck is written to a file and read back, and which game options
carry each seat's deck. The terminal's ``ecotone decks``, the browser's deck builder and
the deck test ask it for everything; none of them knows a game.

A deck is a :class:`DeckList`: a name and how many copies of each card. **Each deck rule
is written once**, by the game, as a function from a deck to its problems
(:class:`DeckProblem`, a stable code and the game's words); :meth:`Deckbuilding.check`
runs them all, so a player sees every problem at once, and the game's own deck reader
refuses a deck with the same words.

A deck also travels as a short text code (:mod:`ecotone.core.deckcode`), which a deck
option accepts wherever it accepts a built-in deck's name (:func:`ecotone.core.decks.pick`).

A deck file is the game's own TOML, but every game reads it the same way: :func:`read_toml`
refuses a text that is no deck file of the game with the game's ``<game>/deck-format``,
saying what is wrong and what such a file looks like, and :func:`file_counts` refuses a
card listed with fewer than one copy (``deck/bad-count``). These are refusals of the file,
before any deck rule is asked: a deck rule judges a deck, and "-2 frogs" is none.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

import msgspec

from ecotone.core import deckcode
from ecotone.core.decks import entries as listed_entries
from ecotone.core.errors import ConfigError, DataError
from ecotone.core.spec import Provenance

__all__ = [
    "BAD_COUNT",
    "MAX_COPIES",
    "BuiltIn",
    "DeckList",
    "DeckProblem",
    "DeckSeats",
    "Deckbuilding",
    "Facet",
    "PoolCard",
    "Rule",
    "check",
    "file_counts",
    "form_counts",
    "read_toml",
    "refuse",
    "toml_string",
]

T = TypeVar("T")

BAD_COUNT = "deck/bad-count"
"""The code of a card given a number of copies no deck can hold (here: below 1 in a file)."""


@dataclass(frozen=True, slots=True)
class DeckList:
    """A deck: its name, how many copies of each card it holds, and a line about it.

    ``cards`` keeps each card once, with its count (at least 1), in the order it was
    given; :meth:`Deckbuilding.normal` puts it in the pool's order.
    """

    name: str
    cards: tuple[tuple[str, int], ...]
    summary: str = ""

    @classmethod
    def of(cls, name: str, cards: Mapping[str, int] | Iterable[str], summary: str = "") -> DeckList:
        """A deck from counts by card (``{"oak": 2}``) or from ids, one per copy.

        >>> DeckList.of("Night", ["owl", "oak", "owl"]).cards
        (('owl', 2), ('oak', 1))
        """
        counts = Counter(cards) if not isinstance(cards, Mapping) else cards
        return cls(name, tuple((c, int(n)) for c, n in counts.items() if n > 0), summary)

    @property
    def size(self) -> int:
        """The number of cards, every copy counted."""
        return sum(n for _, n in self.cards)

    def counts(self) -> dict[str, int]:
        """Copies by card id."""
        return dict(self.cards)

    def ids(self) -> list[str]:
        """One id per copy, in the deck's order."""
        return [c for c, n in self.cards for _ in range(n)]

    def to_json(self) -> dict[str, Any]:
        """``{"name", "summary", "cards": {id: copies}}``."""
        return {"name": self.name, "summary": self.summary, "cards": self.counts()}


@dataclass(frozen=True, slots=True)
class DeckProblem:
    """One deck rule a deck breaks: a stable code (``"phylo/deck-size"``), what is wrong
    and what to change in the game's words, and the cards it is about (if any)."""

    code: str
    message: str
    cards: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"code", "message", "cards"}``."""
        return {"code": self.code, "message": self.message, "cards": list(self.cards)}


Rule = Callable[[DeckList], Iterable[DeckProblem]]
"""A deck rule: every problem it finds with a deck (nothing for a deck that keeps it)."""


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string, for the games' deck file writers.

    >>> print(toml_string('say "hi"'))
    "say \\"hi\\""
    """
    out = ['"']
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch < " " or ch == "\x7f":
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


# msgspec names a place in the file as a JSON path in backticks (`$.cards[3]`); a player
# reads the TOML key instead, and plain words for its two commonest complaints.
_PATH = re.compile(r"`\$\.?([^`]*)`")
_PLAIN = (
    ("Object contains unknown field", "unknown field"),
    ("Object missing required field", "missing field"),
)


def _plain(detail: str) -> str:
    """msgspec's complaint about a file in a player's words.

    >>> _plain("Expected `str`, got `int` - at `$.cards[3]`")
    'expected str, got int - at cards[3]'
    >>> _plain("Object contains unknown field `home`")
    'unknown field home'
    """
    text = _PATH.sub(lambda m: m.group(1) or "the top of the file", detail)
    for said, meant in _PLAIN:
        text = text.replace(said, meant)
    text = text.replace("`", "")
    return text[:1].lower() + text[1:]


def read_toml(text: str, kind: type[T], where: str, code: str, shape: str) -> T:
    """A deck file's TOML ``text`` as the game's ``kind`` (a :mod:`msgspec` struct that
    forbids unknown fields, so a file of another game is caught, not half-read).

    Args:
        text: the file's text.
        kind: what the game's deck files hold.
        where: the file's path (or "the deck file"), the message's first words.
        code: the game's ``<game>/deck-format``.
        shape: what a deck file of the game looks like, in a player's words: the
            message ends with it, so a wrong file teaches the right one.

    Raises:
        DataError: ``code``: ``"WHERE: not a deck file (WHAT IS WRONG); SHAPE"``.
    """
    try:
        return msgspec.toml.decode(text, type=kind)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise DataError(code, f"{where}: not a deck file ({_plain(str(exc))}); {shape}") from None


def file_counts(counts: Mapping[str, int], where: str) -> dict[str, int]:
    """The copies of each card a deck file gives, refused when one is below 1.

    A file lists the cards its deck holds: a count of 0 says nothing a missing line would
    not, and a negative one would cancel other cards out of the deck's size (30 cards and
    ``frog = -2`` read as 28 cards, and legal). Every game whose files count copies reads
    them through this, so every surface refuses them in the same words.

    >>> file_counts({"oak": 2}, "wood.toml")
    {'oak': 2}

    Raises:
        DataError: ``deck/bad-count``, naming every card given fewer than one copy.
    """
    bad = [f"{n} copies of {card!r}" for card, n in counts.items() if n < 1]
    if bad:
        raise DataError(
            BAD_COUNT,
            f"{where}: {', '.join(bad)}; a deck file gives each card it lists 1 copy or more "
            "(leave out a card the deck does not hold)",
        )
    return dict(counts)


MAX_COPIES: Final = 99
"""The most copies of one card a deck builder's form may give (no deck rule allows more)."""


def form_counts(counts: Mapping[str, int]) -> dict[str, int]:
    """The cards a deck builder's form holds: the counts of 0 to :data:`MAX_COPIES` it
    sends, without the cards it gives none.

    A form sends every card it shows, so a card cleared in it comes as 0 (where a deck
    file, which lists only the cards its deck holds, refuses 0: :func:`file_counts`).

    >>> form_counts({"oak": 2, "fern": 0})
    {'oak': 2}

    Raises:
        DataError: ``deck/bad-count``, naming the first card given a count outside 0 to
            :data:`MAX_COPIES`.
    """
    for card, n in counts.items():
        if not 0 <= n <= MAX_COPIES:
            raise DataError(BAD_COUNT, f"{n} copies of {card!r}: a count is 0 to {MAX_COPIES}")
    return {card: n for card, n in counts.items() if n > 0}


def check(rules: Iterable[Rule], deck: DeckList) -> list[DeckProblem]:
    """Every problem each of ``rules`` finds with ``deck``, rule by rule."""
    return [p for rule in rules for p in rule(deck)]


def refuse(rules: Iterable[Rule], deck: DeckList, where: str) -> None:
    """Raise :class:`DataError` when ``deck`` breaks one of ``rules``: the first problem's
    code, and every problem's words after ``where`` (a file's path, "deck code ...")."""
    problems = check(rules, deck)
    if problems:
        raise DataError(problems[0].code, f"{where}: " + "; ".join(p.message for p in problems))


@dataclass(frozen=True, slots=True)
class Facet:
    """Something a player filters the pool by (a trophic level, a terrain, a cost).

    Attributes:
        key: the name cards file their values under.
        label: what a player reads for it.
        numeric: its values are numbers (shown and charted in numeric order).
        chart: the deck's make-up by this facet is worth drawing (a curve, a mix).
    """

    key: str
    label: str
    numeric: bool = False
    chart: bool = False

    def to_json(self) -> dict[str, Any]:
        """``{"key", "label", "numeric", "chart"}``."""
        return {"key": self.key, "label": self.label, "numeric": self.numeric, "chart": self.chart}


@dataclass(frozen=True, slots=True)
class PoolCard:
    """A card a deck may hold: its id, its name, how many copies a deck may hold, and its
    value(s) for each facet (a card lives in several terrains)."""

    id: str
    name: str
    max_copies: int
    values: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def facet(self, key: str) -> tuple[str, ...]:
        """The card's values for facet ``key`` (empty when it has none)."""
        for k, v in self.values:
            if k == key:
                return v
        return ()

    def to_json(self) -> dict[str, Any]:
        """``{"id", "name", "max_copies", "facets": {key: [values]}}``."""
        return {
            "id": self.id,
            "name": self.name,
            "max_copies": self.max_copies,
            "facets": {k: list(v) for k, v in self.values},
        }


@dataclass(frozen=True, slots=True)
class BuiltIn:
    """A deck that ships with the game: the name a deck option uses for it, the deck, how
    it means to win, and who made it."""

    key: str
    deck: DeckList
    strategy: str
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class DeckSeats:
    """Which game options carry the seats' decks.

    Attributes:
        variant: the variant in which players bring decks (``None``: every game).
        options: one option per seat (``deck1``, ``deck2``), or a single option holding
            every seat's entry, comma-separated in seat order.
        defaults: the entry of a seat that brings no deck of its own, by seat (repeated
            round the table); ``""`` lets the option's default choose.
    """

    variant: str | None
    options: tuple[str, ...]
    defaults: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"variant", "options", "defaults"}``."""
        return {
            "variant": self.variant,
            "options": list(self.options),
            "defaults": list(self.defaults),
        }


@dataclass(frozen=True)
class Deckbuilding:
    """A game's constructed decks: pool, facets, rules, built-ins, files, codes, seats.

    Attributes:
        game: the game's id.
        tag: the first word of the game's deck codes (``"PHYLO"``).
        pool: every card a deck may hold, in a fixed order: the order numbers the cards in
            deck codes, so a game only ever appends to it.
        facets: what the pool is filtered by.
        rules: the deck rules, each written once (:data:`Rule`).
        rules_text: the deck rules in a player's words, one line each.
        builtins: the decks that ship with the game.
        seats: which options carry each seat's deck.
        read_file: the game's deck file reader, ``read_file(text, where)``; it raises
            :class:`DataError` for a text that is not a deck file (:func:`read_toml`) or
            gives a count below 1 (:func:`file_counts`), not for a broken rule.
        write_file: a deck as the text of a deck file the reader reads back.
        size: the fewest and most cards a deck may hold (for a gauge; a rule checks it).
    """

    game: str
    tag: str
    pool: tuple[PoolCard, ...]
    facets: tuple[Facet, ...]
    rules: tuple[Rule, ...]
    rules_text: tuple[str, ...]
    builtins: tuple[BuiltIn, ...]
    seats: DeckSeats
    read_file: Callable[[str, str], DeckList]
    write_file: Callable[[DeckList], str]
    size: tuple[int, int]
    _index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {c.id: i for i, c in enumerate(self.pool)})

    # -- cards and decks --------------------------------------------------------------

    def card(self, card_id: str) -> PoolCard | None:
        """The pool's card ``card_id`` (``None`` when the pool has none)."""
        i = self._index.get(card_id)
        return None if i is None else self.pool[i]

    def normal(self, deck: DeckList) -> DeckList:
        """``deck`` with its cards in the pool's order (cards not in the pool last, in
        their own order), so equal decks compare equal."""
        ranked = sorted(
            enumerate(deck.cards), key=lambda ic: (self._index.get(ic[1][0], len(self.pool)), ic[0])
        )
        return DeckList(deck.name, tuple(c for _, c in ranked), deck.summary)

    def check(self, deck: DeckList) -> list[DeckProblem]:
        """Every problem every deck rule finds with ``deck`` (empty: the deck is legal)."""
        return check(self.rules, deck)

    def refuse(self, deck: DeckList, where: str) -> None:
        """Raise :class:`DataError` for a deck breaking a rule (see :func:`refuse`)."""
        refuse(self.rules, deck, where)

    # -- built-in decks, files and codes -----------------------------------------------

    def builtin(self, name: str) -> BuiltIn | None:
        """The built-in deck called ``name`` (its key or its deck's name, any letter case)."""
        wanted = name.strip().casefold()
        for b in self.builtins:
            if wanted in (b.key.casefold(), b.deck.name.casefold()):
                return b
        return None

    def encode(self, deck: DeckList) -> str:
        """The deck's text code (:mod:`ecotone.core.deckcode`); its summary is not kept.

        Raises:
            DataError: ``deck/bad-code`` for a deck holding a card outside the pool.
        """
        return deckcode.encode(self.tag, [c.id for c in self.pool], deck.name, deck.counts())

    def decode(self, code: str) -> DeckList:
        """The deck a text code holds, in pool order (its rules are not checked here).

        Raises:
            DataError: ``deck/bad-code`` saying why the code cannot be read.
        """
        name, counts = deckcode.decode(self.tag, [c.id for c in self.pool], code)
        return DeckList(name, tuple(counts.items()))

    def read_code(self, code: str) -> DeckList:
        """The deck a text code holds, checked against the deck rules.

        Raises:
            DataError: ``deck/bad-code`` for a code that cannot be read; else the first
                broken deck rule's code, with every problem listed.
        """
        deck = self.decode(code)
        self.refuse(deck, f"deck code of {deck.name or 'an unnamed deck'!r}")
        return deck

    def read(self, text: str, where: str) -> DeckList:
        """A deck from a deck file's text or a deck code (its rules are not checked).

        Raises:
            DataError: for a text that is neither.
        """
        if deckcode.is_code(text):
            return self.decode(text)
        return self.normal(self.read_file(text, where))

    # -- seats -------------------------------------------------------------------------

    def options(self, entries: Sequence[str]) -> tuple[str | None, dict[str, str]]:
        """The variant and options that seat each entry's deck at its seat.

        Each entry is a built-in deck's name, a deck code or a file path; ``""`` gives
        the seat its default. A game whose seats' decks are the options ``deck1`` and
        ``deck2`` of its ``constructed`` variant answers ``["PHYLO:AE...", ""]`` with
        ``("constructed", {"deck1": "PHYLO:AE...", "deck2": ""})``; one whose single option
        lists them gets them comma-separated.

        Raises:
            ConfigError: for no entry, or more entries than the options have seats.
        """
        if not entries:
            raise ConfigError("config/bad-option", "a deck is needed for every seat")
        defaults = self.seats.defaults or ("",)
        filled = [e.strip() or defaults[s % len(defaults)] for s, e in enumerate(entries)]
        if len(self.seats.options) == 1:
            return self.seats.variant, {self.seats.options[0]: ",".join(filled)}
        if len(filled) > len(self.seats.options):
            raise ConfigError(
                "config/bad-option",
                f"{len(filled)} decks for {len(self.seats.options)} seats",
            )
        return self.seats.variant, dict(zip(self.seats.options, filled, strict=False))

    def entries(self, options: Mapping[str, Any], players: int) -> list[str]:
        """Each seat's deck entry in a configured game's ``options``, a seat left to its
        default given the default's entry: what :meth:`options` was given, read back
        (a single option listing fewer entries than seats repeats them round the table).
        """
        defaults = self.seats.defaults or ("",)
        names = self.seats.options
        if len(names) == 1:
            listed = listed_entries(options.get(names[0], ""), names[0]) or [""]
            chosen = [listed[s % len(listed)] for s in range(players)]
        else:
            chosen = [str(options.get(names[s % len(names)], "")) for s in range(players)]
        return [c.strip() or defaults[s % len(defaults)] for s, c in enumerate(chosen)]

    def to_json(self) -> dict[str, Any]:
        """Everything a deck builder shows: the pool with each card's values, the facets,
        the rules in words, the built-in decks with their codes, and the seats."""
        return {
            "game": self.game,
            "tag": self.tag,
            "size": list(self.size),
            "facets": [f.to_json() for f in self.facets],
            "rules": list(self.rules_text),
            "pool": [c.to_json() for c in self.pool],
            "builtins": [
                {
                    "key": b.key,
                    "name": b.deck.name,
                    "summary": b.deck.summary,
                    "strategy": b.strategy,
                    "provenance": str(b.provenance),
                    "size": b.deck.size,
                    "code": self.encode(b.deck),
                }
                for b in self.builtins
            ],
            "seats": self.seats.to_json(),
        }
