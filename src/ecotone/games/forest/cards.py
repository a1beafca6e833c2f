"""The forest cards of Once Upon a Forest, loaded from ``data/cards.toml``.

Each of the 64 cards belongs to one level of the tree (Ground, 1st, 2nd, Canopy) and may
show one animal (one individual of a species) and/or a chainsaw. Four Ground cards are
start cards. The counts (16 per level, 4 start cards) are the publisher's English rules, a
public source; the species and the layout are Ecotone's. See
``docs/rules/once-upon-a-forest.md`` §Components.
"""

from __future__ import annotations

import enum
from collections import Counter
from functools import cache

import msgspec

from ecotone.core.data import load
from ecotone.core.errors import DataError
from ecotone.core.spec import Provenance

__all__ = ["LEVELS", "Card", "CardSet", "Level", "Species", "cards"]


class Level(enum.IntEnum):
    """A level of a tree, from the bottom row of a forest to the top."""

    GROUND = 0
    FIRST = 1
    SECOND = 2
    CANOPY = 3

    @property
    def title(self) -> str:
        """The level's name as printed on the cards."""
        return _TITLES[self]

    @property
    def key(self) -> str:
        """The level's key in the data and the observation (``"canopy"``)."""
        return self.name.lower()


_TITLES = {
    Level.GROUND: "Ground",
    Level.FIRST: "1st level",
    Level.SECOND: "2nd level",
    Level.CANOPY: "Canopy",
}
_KEYS = {
    "ground": Level.GROUND,
    "first": Level.FIRST,
    "second": Level.SECOND,
    "canopy": Level.CANOPY,
}
LEVELS: tuple[Level, ...] = tuple(Level)


class Species(msgspec.Struct, frozen=True):
    """An animal species shown on cards of one level.

    ``level_note`` is the source of the game's one link between an animal and the forest,
    its level: ``designed by Ecotone`` with what the animal really does, or a named source.
    ``note`` names the public source of a name or fact, when there is one.
    """

    key: str
    short: str
    level: str
    name: str
    latin: str
    fact: str
    level_note: str
    provenance: Provenance
    note: str = ""


class Card(msgspec.Struct, frozen=True):
    """One forest card."""

    id: str
    level: str
    provenance: Provenance
    species: str | None = None
    chainsaw: bool = False
    start: bool = False

    @property
    def row(self) -> Level:
        """The level this card must be placed at."""
        return _KEYS[self.level]


class _LevelRow(msgspec.Struct, frozen=True):
    key: str
    name: str
    row: int
    provenance: Provenance


class _File(msgspec.Struct, frozen=True):
    levels: tuple[_LevelRow, ...]
    species: tuple[Species, ...]
    cards: tuple[Card, ...]


class CardSet:
    """The validated card data, indexed for the rules."""

    def __init__(self, raw: _File) -> None:
        self.species: dict[str, Species] = {s.key: s for s in raw.species}
        self.by_id: dict[str, Card] = {c.id: c for c in raw.cards}
        self.ids: tuple[str, ...] = tuple(c.id for c in raw.cards)
        self.level_of: dict[str, Level] = {c.id: c.row for c in raw.cards}
        self.start_ids: tuple[str, ...] = tuple(c.id for c in raw.cards if c.start)
        _validate(self, raw)

    def describe(self, card_id: str) -> str:
        """``"C07 Harpy Eagle"``, ``"G13 start card"``, ``"F12 chainsaw"``: a card in words."""
        card = self.by_id[card_id]
        parts = [card_id]
        if card.species:
            parts.append(self.species[card.species].name)
        if card.chainsaw:
            parts.append("+ chainsaw" if card.species else "chainsaw")
        if card.start:
            parts.append("start card")
        if len(parts) == 1:
            parts.append("plain")
        return " ".join(parts)

    def label(self, card_id: str) -> str:
        """A short label for boards: ``"C05 Howler+saw"``, ``"G13 start"``."""
        card = self.by_id[card_id]
        text = card_id
        if card.species:
            text += " " + self.species[card.species].short
        if card.chainsaw:
            text += "+saw" if card.species else " chainsaw"
        if card.start:
            text += " start"
        return text


def _validate(cs: CardSet, raw: _File) -> None:
    where = "ecotone.games.forest/data/cards.toml"
    problems: list[str] = []
    if len(cs.by_id) != len(raw.cards):
        problems.append("card ids are not unique")
    if [lv.key for lv in raw.levels] != list(_KEYS):
        problems.append("levels must be ground, first, second, canopy in that order")
    for card in raw.cards:
        if card.level not in _KEYS:
            problems.append(f"{card.id}: unknown level {card.level!r}")
        if card.species is not None:
            sp = cs.species.get(card.species)
            if sp is None:
                problems.append(f"{card.id}: unknown species {card.species!r}")
            elif sp.level != card.level:
                problems.append(f"{card.id}: a {sp.name} belongs on the {sp.level} level")
        if card.start and (card.species or card.chainsaw or card.level != "ground"):
            problems.append(f"{card.id}: a start card is a plain Ground card")
    problems.extend(
        f"{sp.key}: its level needs a note saying where it comes from"
        for sp in raw.species
        if not sp.level_note.strip()
    )
    per_level = Counter(c.level for c in raw.cards)
    for key in _KEYS:
        if per_level[key] != 16:
            problems.append(f"{key}: {per_level[key]} cards, the English rules have 16")
    if len(cs.start_ids) != 4:
        problems.append(f"{len(cs.start_ids)} start cards, the English rules have 4")
    species_per_level = Counter(s.level for s in raw.species)
    if any(species_per_level[k] != 2 for k in _KEYS):
        problems.append("each level has exactly 2 species")
    if problems:
        raise DataError("data/invalid", f"{where}: " + "; ".join(problems))


@cache
def cards() -> CardSet:
    """The game's card set (loaded and validated once)."""
    return CardSet(load("ecotone.games.forest.data", "cards.toml", _File))
