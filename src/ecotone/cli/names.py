"""The names a player reads on the screen, read back as input.

The screen shows cards, tiles and places by the names the game's catalogue gives them
(``Game.presentation().catalog``: every face has a ``name``, some a ``label`` such as
``Fo4``) and by their ids. A player may type any of these for a move, in any case,
without accents, and shortened to any prefix that leaves one move: ``buy leaf`` for
``buy leaf-litter``, ``Fo4`` for ``migrate to forest-4``, ``jaguar`` for
``place F06 in tree 1`` when that is the only Jaguar move.

Nothing here names a game: a move is spelled as its notation with each field's value
replaced, in turn, by every name the catalogue gives that value. The typed words must
appear in that order among the move's words, each the start of a word (a number must
be the whole number). When whole words pick one move, it is chosen even though
prefixes would fit others too.

>>> from ecotone.core.presentation import Presentation
>>> names = Vocabulary(Presentation(catalog={"cards": {"L1": {"name": "Leaf Litter"}}}))
>>> names.spellings("L1")
(('l1',), ('leaf', 'litter'))
>>> matches(("buy", "leaf"), (("buy", "leaf", "litter"),))
'exact'
>>> matches(("buy", "lit"), (("buy", "leaf", "litter"),))
'prefix'
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any, Literal

from ecotone.core.actions import Action
from ecotone.core.presentation import Presentation, Term

__all__ = [
    "Phrase",
    "Vocabulary",
    "field_text",
    "filed_as",
    "fold",
    "matches",
    "resolve",
    "segments",
    "shown",
    "words",
]

_FIELD = re.compile(r"\{(\w+)(?::(\w+))?\}")

#: The face fields whose words name a component (besides its id).
NAME_FIELDS = ("name", "label")


def filed_as(key: str) -> str:
    """The id the catalogue files ``key`` under: an observation's instance of a card
    (``baobab#1a``) is the card, and so is a seat's own copy of it from the deck it
    brought (``P2:B19``), as the browser reads them too.

    >>> filed_as("baobab#1a"), filed_as("P2:B19"), filed_as("C03")
    ('baobab', 'B19', 'C03')
    """
    return re.sub(r"^P\d+:", "", key.partition("#")[0])


def fold(text: str) -> str:
    """``text`` as compared: accents dropped, case folded (``Galápagos`` -> ``galapagos``)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def words(text: str) -> tuple[str, ...]:
    """The folded words of ``text``, a possessive's ``'s`` dropped: a player typing
    ``darwin`` means Darwin's Beetle as much as Darwin Gets Seasick, so both must match
    that word whole (a name that matched it only as a prefix would lose to the other and
    never be asked about).

    >>> words("Darwin's Beetle"), words("darwin's")
    (('darwin', 'beetle'), ('darwin',))
    """
    return tuple(_POSSESSIVE.sub("", w) or w for w in fold(text).split())


_POSSESSIVE = re.compile(r"['’]s$")


# -- notation templates -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Segment:
    """A piece of a notation template: the literal text before a field, and the field
    (``None`` for the literal tail), with its converter (``n1``, ``seat``)."""

    before: str
    field: str | None
    conv: str | None


@cache
def segments(kind: type[Action]) -> tuple[Segment, ...]:
    """The notation of ``kind`` cut at its fields: ``"place {card} in tree {tree:n1}"``
    gives ``place ``/card, `` in tree ``/tree, and an empty tail."""
    out: list[Segment] = []
    pos = 0
    for m in _FIELD.finditer(kind.notation):
        out.append(Segment(kind.notation[pos : m.start()], m.group(1), m.group(2)))
        pos = m.end()
    out.append(Segment(kind.notation[pos:], None, None))
    return tuple(out)


def shown(value: Any, conv: str | None) -> str:
    """A field's value as its notation shows it (1-based for ``n1``, ``P2`` for a seat)."""
    if isinstance(value, Enum):
        value = value.value
    if conv == "n1":
        return str(value + 1)
    if conv == "seat":
        return f"P{value + 1}"
    return str(value)


def field_text(kind: type[Action], field: str, value: Any) -> str:
    """The words of ``kind``'s notation that say ``field`` is ``value``: the literal text
    since the previous field, then the value (``on E1a``, ``turned 2``)."""
    for seg in segments(kind):
        if seg.field == field:
            return f"{seg.before.strip()} {shown(value, seg.conv)}".strip()
    return str(value)


# -- the catalogue's names ------------------------------------------------------------------


class Vocabulary:
    """Every id of a game's catalogue with the names its faces give it, and the game's
    glossary: the codes and abbreviations the screen prints (``BL``, ``+1A``, ``[H1]``).

    An id may sit in several groups of the catalogue (a deck and a board both called
    ``forest``); it answers to the names of all of them.
    """

    def __init__(self, presentation: Presentation) -> None:
        self._faces: dict[str, list[Mapping[str, Any]]] = {}
        for group in presentation.catalog.values():
            if not isinstance(group, Mapping):
                continue
            for key, face in group.items():
                if isinstance(face, Mapping):
                    self._faces.setdefault(str(key), []).append(face)
        self._folded = {fold(key): key for key in self._faces}
        self._terms = tuple(presentation.glossary)

    def ids(self) -> list[str]:
        """Every id of the catalogue, in its order."""
        return list(self._faces)

    def faces(self, key: str) -> list[Mapping[str, Any]]:
        """The faces of ``key`` (empty when the catalogue does not know it)."""
        return list(self._faces.get(key, ()))

    def name(self, key: str) -> str | None:
        """The first name the catalogue gives ``key``, if any."""
        for face in self._faces.get(key, ()):
            name = face.get("name")
            if isinstance(name, str) and name:
                return name
        return None

    def short(self, key: str) -> str | None:
        """What the screen calls ``key`` in a word or two: its label, else its name."""
        for field in ("label", "name"):
            for face in self._faces.get(key, ()):
                text = face.get(field)
                if isinstance(text, str) and text.strip():
                    return text
        return None

    def spellings(self, key: str) -> tuple[tuple[str, ...], ...]:
        """Every way the screen may write ``key``: its id, then its names and labels."""
        out: dict[tuple[str, ...], None] = {words(key): None}
        for face in self._faces.get(key, ()):
            for field in NAME_FIELDS:
                text = face.get(field)
                if isinstance(text, str) and text.strip():
                    out.setdefault(words(text), None)
        return tuple(out)

    def terms(self, text: str) -> list[Term]:
        """The glossary entries ``text`` is, most precise first: the term as written,
        else in any case, else without the brackets the screen puts round it (``H1``
        for ``[H1]``). Case settles it when it can: ``1ZEB`` (a card ready) and
        ``1zeb`` (exhausted) are two terms. Never a prefix: a code is read whole.

        >>> names = Vocabulary(Presentation(glossary=(Term("[H1]", "P1's HOME"),)))
        >>> [t.meaning for t in names.terms("h1")]
        ["P1's HOME"]
        """
        typed = " ".join(text.split())
        if not typed:
            return []
        for same in (
            lambda term: term == typed,
            lambda term: fold(term) == fold(typed),
            lambda term: _bare(term) == _bare(typed) != "",
        ):
            found = [t for t in self._terms if same(" ".join(t.term.split()))]
            if found:
                return found
        return []

    def glossary(self) -> tuple[Term, ...]:
        """Every glossary entry, in the game's order."""
        return self._terms

    def lookup(self, text: str) -> list[str]:
        """The ids whose id, name or label ``text`` spells or starts (whole words first:
        when some id's spelling equals ``text``, only those)."""
        return self.find(text)[1]

    def find(self, text: str) -> tuple[Literal["exact", "prefix"] | None, list[str]]:
        """:meth:`lookup`'s ids, with how ``text`` fits them: ``"exact"`` when it is an
        id or whole words of a name, ``"prefix"`` when only beginnings (so a glossary
        term typed whole can win over names it merely starts)."""
        typed = words(text)
        if not typed:
            return None, []
        if fold(text.strip()) in self._folded:
            return "exact", [self._folded[fold(text.strip())]]
        exact: list[str] = []
        prefix: list[str] = []
        for key in self._faces:
            kind = matches(typed, self.spellings(key))
            if kind == "exact":
                exact.append(key)
            elif kind == "prefix":
                prefix.append(key)
        if exact:
            return "exact", exact
        return ("prefix" if prefix else None), prefix


def _bare(term: str) -> str:
    """``term`` folded, without the brackets and marks the screen wraps codes in
    (``[H1]``, ``~zeb~``); signs such as ``+1A``'s stay, as they tell codes apart."""
    return fold(term).strip("[](){}<>~*·| ")


# -- matching a move --------------------------------------------------------------------


def _word_fits(typed: str, word: str, whole: bool) -> bool:
    if whole or typed.isdigit():
        return typed == word
    return word.startswith(typed)


def _embeds(typed: Sequence[str], phrase: Sequence[str], whole: bool) -> bool:
    """Whether the typed words appear in ``phrase`` in order, each the start of a word
    (the whole word when ``whole``). Taking the first fitting word each time finds an
    embedding whenever there is one."""
    i = 0
    for word in phrase:
        if i < len(typed) and _word_fits(typed[i], word, whole):
            i += 1
    return i == len(typed)


def matches(
    typed: Sequence[str], phrases: Iterable[Sequence[str]]
) -> Literal["exact", "prefix"] | None:
    """How well ``typed`` fits the best of ``phrases``: ``"exact"`` when it is made of
    whole words of one, ``"prefix"`` when of their beginnings, else ``None``."""
    best: Literal["exact", "prefix"] | None = None
    for phrase in phrases:
        if _embeds(typed, phrase, True):
            return "exact"
        if best is None and _embeds(typed, phrase, False):
            best = "prefix"
    return best


@dataclass(frozen=True, slots=True)
class Phrase:
    """One legal action and every word sequence that spells it on the screen."""

    action: Action
    spellings: tuple[tuple[str, ...], ...]


def phrases(actions: Iterable[Action], names: Vocabulary) -> list[Phrase]:
    """Each action with its spellings: its notation with each field written by its id or
    any of the catalogue's names for it."""
    out: list[Phrase] = []
    for action in actions:
        pieces: list[tuple[tuple[str, ...], ...]] = []
        for seg in segments(type(action)):
            pieces.append((words(seg.before),))
            if seg.field is None:
                continue
            value = getattr(action, seg.field)
            own = words(shown(value, seg.conv))
            pieces.append(names.spellings(value) if isinstance(value, str) else (own,))
        spelled = tuple(
            tuple(w for part in combo for w in part) for combo in itertools.product(*pieces)
        )
        out.append(Phrase(action, spelled))
    return out


def resolve(text: str, candidates: Sequence[Phrase]) -> list[Action]:
    """The actions ``text`` may mean: one when it is unambiguous, several when it is
    not (all those its whole words fit, else all its prefixes fit), none when nothing
    fits."""
    typed = words(text)
    if not typed:
        return []
    exact: list[Action] = []
    prefix: list[Action] = []
    for phrase in candidates:
        kind = matches(typed, phrase.spellings)
        if kind == "exact":
            exact.append(phrase.action)
        elif kind == "prefix":
            prefix.append(phrase.action)
    return exact or prefix
