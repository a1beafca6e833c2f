"""The cards of Singapore Untamed, loaded from ``data/cards.toml`` and checked.

Five decks (Wild, Forest, Mangrove, Marine, Urban) hold Adaptation cards, and also Action
and Recovery cards (Wild, Urban) and Destruction cards (the four habitats); besides them
there are 10 Niche cards and 8 Nature's Bounty cards. The counts are the rulebook's and the
validator refuses data that breaks them. See ``docs/rules/singapore-untamed.md`` §Components.

Card ids name the deck a card belongs to (its back): ``wild:limbs:3``, ``wild:forage``,
``urban:recovery:1``, ``forest:destruction:2``, ``niche:dugong``, ``bounty:5``.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

import msgspec

from ecotone.core.data import decode, load_text
from ecotone.core.errors import DataError
from ecotone.core.spec import Provenance

__all__ = [
    "ACTION_TIMINGS",
    "ADAPTATION_ABILITIES",
    "DECKS",
    "HABITATS",
    "HABITAT_INDEX",
    "NICHE_ABILITIES",
    "ActionCard",
    "Adaptation",
    "Bounty",
    "CardSet",
    "Deck",
    "Niche",
    "cards",
    "name_of",
    "parse_cards",
]

# The decks, Wild first; the four habitats in the order the code numbers them.
DECKS: tuple[str, ...] = ("wild", "forest", "mangrove", "marine", "urban")
HABITATS: tuple[str, ...] = DECKS[1:]
HABITAT_INDEX: dict[str, int] = {h: i for i, h in enumerate(HABITATS)}

# The rulebook's deck contents: (adaptation cards, action cards, recovery, destruction).
RULEBOOK_DECKS: dict[str, tuple[int, int, int, int]] = {
    "wild": (28, 11, 2, 0),
    "forest": (22, 0, 0, 2),
    "mangrove": (22, 0, 0, 2),
    "marine": (22, 0, 0, 2),
    "urban": (16, 0, 1, 1),
}
RULEBOOK_NICHES: Final = 10
RULEBOOK_BOUNTY: Final = 8
TYPES_PER_DECK: Final = 4
NICHE_NEEDS: Final = 3

# What the rulebook prints, which the data must keep.
RULEBOOK_TABLES: dict[str, tuple[str, tuple[int, ...]]] = {
    "anchorage": ("mangrove", (1, 3, 7, 8)),
    "limbs": ("wild", (1, 2, 3, 6)),
    "appeal": ("wild", (2, 3, 5, 10)),
    "call": ("wild", (1, 3, 7, 10)),
}
RULEBOOK_FROG = ("cinnamon-bush-frog", ("limbs", "call", "appeal"))

# Abilities the rules implement (a full set's, a niche's); the data may only name these.
ADAPTATION_ABILITIES = frozenset(
    {
        "brachiate",
        "unseen",
        "glide-forest",
        "venom",
        "anchorage",
        "filter",
        "school",
        "shell",
        "opportunist",
        "scraps",
    }
)
NICHE_ABILITIES = frozenset(
    {
        "frog-dice",
        "family-group",
        "hide",
        "glide",
        "ambush",
        "lone-grazer",
        "wanderer",
        "armour-ball",
        "thrifty",
        "night-forager",
    }
)
ACTION_TIMINGS: dict[str, str] = {
    "forage": "evolution",
    "stampede": "migration",
    "shortcut": "migration",
    "scavenge": "secret",
    "symbiosis": "secret",
    "hibernate": "competition",
    "mimicry": "competition",
    "territorial-display": "competition",
    "rapid-evolution": "evolution",
    "bargain": "evolution",
    "seed-dispersal": "evolution",
}

# "Genus species", a genus alone, or a family (-idae).
_LATIN = re.compile(r"^[A-Z][a-z]+( [a-z]+)?$")


class Deck(msgspec.Struct, frozen=True):
    """One deck's declared contents."""

    key: str
    name: str
    adaptations: int
    actions: int
    recovery: int
    destruction: int
    provenance: Provenance
    note: str = ""


class Adaptation(msgspec.Struct, frozen=True):
    """An Adaptation type: its deck, copies, points table and full-set ability.

    The deck is the habitat its species is found in; ``habitat_note`` says where that link
    comes from and where the species really lives (an Ecotone card without one has a deck
    designed by Ecotone).
    """

    key: str
    name: str
    deck: str
    copies: int
    points: tuple[int, ...]
    ability: str
    ability_text: str
    species: str
    latin: str
    fact: str
    provenance: Provenance
    note: str = ""
    habitat_note: str = ""

    def links(self) -> dict[str, str]:
        """Where the card's one link, its species' habitat (its deck), comes from."""
        return {"habitat": self.habitat_note or "designed by Ecotone"}

    @property
    def full(self) -> int:
        """Copies that complete the set (3 or 4): the length of its points table."""
        return len(self.points)

    def score(self, copies: int) -> int:
        """EVP for ``copies`` cards (copies beyond a full set add nothing)."""
        if copies <= 0:
            return 0
        return self.points[min(copies, self.full) - 1]


class ActionCard(msgspec.Struct, frozen=True):
    """An Action card (one copy each, all in the Wild deck)."""

    key: str
    name: str
    timing: str
    text: str
    species: str
    latin: str
    fact: str
    provenance: Provenance
    note: str = ""


class Niche(msgspec.Struct, frozen=True):
    """A Niche card: three required adaptations, 12 EVP and an ability."""

    key: str
    name: str
    latin: str
    needs: tuple[str, ...]
    ability: str
    ability_text: str
    fact: str
    provenance: Provenance
    note: str = ""


class Bounty(msgspec.Struct, frozen=True):
    """A Nature's Bounty card: Food for a lone player, and for players sharing a habitat."""

    single: int
    shared: int
    provenance: Provenance


class _File(msgspec.Struct, frozen=True):
    decks: tuple[Deck, ...]
    adaptations: tuple[Adaptation, ...]
    actions: tuple[ActionCard, ...]
    niches: tuple[Niche, ...]
    bounty: tuple[Bounty, ...]


class CardSet:
    """The validated cards, indexed for the rules."""

    def __init__(self, raw: _File, where: str = "cards.toml") -> None:
        problems = _problems(raw)
        if problems:
            raise DataError("data/invalid", f"{where}: " + "; ".join(problems))
        self.decks: dict[str, Deck] = {d.key: d for d in raw.decks}
        self.adaptations: dict[str, Adaptation] = {a.key: a for a in raw.adaptations}
        self.actions: dict[str, ActionCard] = {a.key: a for a in raw.actions}
        self.niches: dict[str, Niche] = {n.key: n for n in raw.niches}
        self.bounty: dict[str, Bounty] = {f"bounty:{i}": b for i, b in enumerate(raw.bounty, 1)}
        # card id -> (deck, kind, key); kind is adaptation/action/recovery/destruction
        self.info: dict[str, tuple[str, str, str]] = {}
        self.deck_ids: dict[str, tuple[str, ...]] = {}
        for deck in DECKS:
            ids: list[str] = []
            for a in raw.adaptations:
                if a.deck == deck:
                    ids += [
                        self._add(f"{deck}:{a.key}:{i}", deck, "adaptation", a.key)
                        for i in range(1, a.copies + 1)
                    ]
            if deck == "wild":
                ids += [self._add(f"wild:{a.key}", deck, "action", a.key) for a in raw.actions]
            spec = self.decks[deck]
            ids += [
                self._add(f"{deck}:recovery:{i}", deck, "recovery", "recovery")
                for i in range(1, spec.recovery + 1)
            ]
            ids += [
                self._add(f"{deck}:destruction:{i}", deck, "destruction", "destruction")
                for i in range(1, spec.destruction + 1)
            ]
            self.deck_ids[deck] = tuple(ids)
        self.niche_ids: tuple[str, ...] = tuple(f"niche:{n.key}" for n in raw.niches)
        self.bounty_ids: tuple[str, ...] = tuple(self.bounty)
        self.ids: tuple[str, ...] = (
            *(c for d in DECKS for c in self.deck_ids[d]),
            *self.niche_ids,
            *self.bounty_ids,
        )
        # hand cards: what can sit in a hand (actions and recovery cards)
        self.hand_keys: tuple[str, ...] = (*self.actions, "recovery")
        # Every card key, and every card id, in words (:meth:`name`, worked out once): the
        # Gamemaster's log names the cards drawn, bought and returned at most Evolution
        # steps, and a look-up here costs a fraction of the method's calls.
        self.names: dict[str, str] = {
            key: self.name(key)
            for key in (*self.adaptations, *self.actions, *self.niches, "recovery", "destruction")
        }
        self.card_names: dict[str, str] = {
            cid: self.names[key] for cid, (_, _, key) in self.info.items()
        }

    def _add(self, cid: str, deck: str, kind: str, key: str) -> str:
        self.info[cid] = (deck, kind, key)
        return cid

    def deck_of(self, cid: str) -> str:
        """The deck (and so the back) of a card."""
        return self.info[cid][0]

    def kind(self, cid: str) -> str:
        """``adaptation``, ``action``, ``recovery`` or ``destruction``."""
        return self.info[cid][1]

    def key(self, cid: str) -> str:
        """The card's key: an adaptation or action key, ``recovery`` or ``destruction``."""
        return self.info[cid][2]

    def name(self, key: str) -> str:
        """A card key in words (``"Territorial Display"``)."""
        if key in self.adaptations:
            return self.adaptations[key].name
        if key in self.actions:
            return self.actions[key].name
        if key in self.niches:
            return self.niches[key].name
        return key.capitalize()

    def niche(self, cid: str) -> Niche:
        """The Niche card with id ``niche:<key>``."""
        return self.niches[cid.removeprefix("niche:")]


def _problems(raw: _File) -> list[str]:
    """Everything wrong with the card data, against the rulebook and the rules' needs."""
    decks = {d.key: d for d in raw.decks}
    if tuple(decks) != DECKS:
        return [f"decks must be {', '.join(DECKS)} in that order"]
    return [
        *_deck_problems(raw, decks),
        *_adaptation_problems(raw),
        *_action_problems(raw),
        *_niche_problems(raw),
        *_bounty_problems(raw),
    ]


def _deck_problems(raw: _File, decks: dict[str, Deck]) -> list[str]:
    out = []
    for key, expected in RULEBOOK_DECKS.items():
        d = decks[key]
        declared = (d.adaptations, d.actions, d.recovery, d.destruction)
        if declared != expected:
            out.append(f"{key} deck: declares {declared}, the rulebook has {expected}")
        types = [a for a in raw.adaptations if a.deck == key]
        if len(types) != TYPES_PER_DECK:
            out.append(f"{key} deck: {len(types)} adaptation types, the rulebook has 4")
        copies = sum(a.copies for a in types)
        if copies != expected[0]:
            out.append(f"{key} deck: {copies} adaptation cards, the rulebook has {expected[0]}")
    return out


def _adaptation_problems(raw: _File) -> list[str]:
    out = []
    by_key = {a.key: a for a in raw.adaptations}
    if len(by_key) != len(raw.adaptations):
        out.append("adaptation keys are not unique")
    for a in raw.adaptations:
        if a.deck not in DECKS:
            out.append(f"{a.key}: unknown deck {a.deck!r}")
        if len(a.points) not in (3, 4):
            out.append(f"{a.key}: a set is full at 3 or 4 copies, not {len(a.points)}")
        if list(a.points) != sorted(set(a.points)) or a.points[0] <= 0:
            out.append(f"{a.key}: points must rise with every copy")
        if a.copies < len(a.points):
            out.append(f"{a.key}: {a.copies} copies cannot complete a set of {len(a.points)}")
        if a.ability and a.ability not in ADAPTATION_ABILITIES:
            out.append(f"{a.key}: unknown ability {a.ability!r}")
        if bool(a.ability) != bool(a.ability_text):
            out.append(f"{a.key}: an ability needs its text, and a text its ability")
        out += _species_problems(a.key, a.latin, a.fact)
        if a.provenance is not Provenance.ECOTONE and not a.habitat_note.strip():
            out.append(f"{a.key}: its deck needs a note saying where it comes from")
    for key, (deck, table) in RULEBOOK_TABLES.items():
        known = by_key.get(key)
        if known is None or known.deck != deck or known.points != table:
            out.append(f"{key}: the rulebook's card is in the {deck} deck with points {table}")
    return out


def _action_problems(raw: _File) -> list[str]:
    out = []
    keys = [a.key for a in raw.actions]
    if sorted(keys) != sorted(ACTION_TIMINGS):
        out.append(f"action cards must be exactly: {', '.join(ACTION_TIMINGS)}")
    for act in raw.actions:
        if ACTION_TIMINGS.get(act.key, act.timing) != act.timing:
            out.append(f"{act.key}: timing must be {ACTION_TIMINGS[act.key]!r}")
        out += _species_problems(act.key, act.latin, act.fact)
    return out


def _niche_problems(raw: _File) -> list[str]:
    out = []
    adaptations = {a.key for a in raw.adaptations}
    if len(raw.niches) != RULEBOOK_NICHES:
        out.append(f"{len(raw.niches)} niche cards, the rulebook has {RULEBOOK_NICHES}")
    if len({n.key for n in raw.niches}) != len(raw.niches):
        out.append("niche keys are not unique")
    for n in raw.niches:
        if len(n.needs) != NICHE_NEEDS or len(set(n.needs)) != NICHE_NEEDS:
            out.append(f"{n.key}: a niche needs 3 different adaptations")
        out += [
            f"{n.key}: unknown adaptation {need!r}" for need in n.needs if need not in adaptations
        ]
        if n.ability not in NICHE_ABILITIES:
            out.append(f"{n.key}: unknown ability {n.ability!r}")
        out += _species_problems(n.key, n.latin, n.fact)
    frog = next((n for n in raw.niches if n.key == RULEBOOK_FROG[0]), None)
    if frog is None or set(frog.needs) != set(RULEBOOK_FROG[1]):
        out.append("the Cinnamon Bush Frog niche needs Limbs, Call and Appeal (rulebook)")
    if len({n.ability for n in raw.niches}) != len(raw.niches):
        out.append("each niche has its own ability")
    return out


def _bounty_problems(raw: _File) -> list[str]:
    out = []
    if len(raw.bounty) != RULEBOOK_BOUNTY:
        out.append(f"{len(raw.bounty)} Nature's Bounty cards, the rulebook has {RULEBOOK_BOUNTY}")
    for i, b in enumerate(raw.bounty, 1):
        if not 0 < b.single < b.shared:
            out.append(f"bounty {i}: a shared habitat must hold more Food than a lone player gets")
    return out


def _species_problems(key: str, latin: str, fact: str) -> list[str]:
    out = []
    if not _LATIN.match(latin):
        out.append(f"{key}: {latin!r} is not a latin name (Genus species)")
    if not fact.strip():
        out.append(f"{key}: every species needs its fact")
    return out


PACKAGE: Final = "ecotone.games.singapore.data"


def parse_cards(text: str, where: str = "cards.toml") -> CardSet:
    """Validate card data given as TOML text (the tests feed it broken data)."""
    return CardSet(decode(text, _File, where), where)


@cache
def cards() -> CardSet:
    """The game's cards (loaded and validated once)."""
    return parse_cards(load_text(PACKAGE, "cards.toml"), f"{PACKAGE}/cards.toml")


def name_of(key: str) -> str:
    """A card key in the game's words (``"Territorial Display"``)."""
    return cards().name(key)
