"""The BioMasters card pool, loaded from ``data/cards.toml`` and validated.

Rules doc §The cards. Each card has a trophic number (its role in the food web), a domain
(where it lives: the Domain rule), a cost (the trophic icons of the ready cards you exhaust
to play it), printed victory points, an IUCN status giving its rarity, keywords, and at most
one ability. Validation checks that every field makes sense for the card's role, that every
hunter has real prey in the pool and every Preferred Diet a real food, and raises
:class:`DataError` listing every problem.
"""

from __future__ import annotations

import enum
from functools import cache
from typing import Final

import msgspec

from ecotone.core.data import decode, load_text
from ecotone.core.errors import DataError
from ecotone.core.spec import Provenance
from ecotone.games.biomasters.board import Domain

__all__ = [
    "ABILITIES",
    "EFFECTS",
    "Card",
    "CardPool",
    "Kind",
    "Rarity",
    "Trophic",
    "cards",
    "level_name",
]


class Trophic(enum.StrEnum):
    """The trophic number printed top-right (§The cards, §The Trophic rule)."""

    PHOTO = "+1A"
    CHEMO = "+1C"
    HERBIVORE = "+2"
    CARNIVORE = "+3"
    APEX = "+4"
    SAPROTROPH = "-1S"
    DETRITIVORE = "-2D"
    PARASITE = "P"
    MUTUALIST = "M"
    HOME = "HOME"


# The level of each trophic number: the production loop counts up from 1, the decomposition
# loop down from -1; a Detritus tile is level 0. Attachments and HOMEs have no level.
LEVEL: dict[Trophic, int] = {
    Trophic.PHOTO: 1,
    Trophic.CHEMO: 1,
    Trophic.HERBIVORE: 2,
    Trophic.CARNIVORE: 3,
    Trophic.APEX: 4,
    Trophic.SAPROTROPH: -1,
    Trophic.DETRITIVORE: -2,
    Trophic.PARASITE: 0,
    Trophic.MUTUALIST: 0,
    Trophic.HOME: 0,
}

# A cost icon names a level: "+1" is paid by any +1 card, photo- or chemoautotroph.
ICONS: dict[str, int] = {"+1": 1, "+2": 2, "+3": 3, "+4": 4, "-1S": -1, "-2D": -2}


def level_name(level: int) -> str:
    """``2`` -> ``"+2"``, ``-1`` -> ``"-1S"``: a level as printed on cost icons."""
    return next(icon for icon, lv in ICONS.items() if lv == level)


class Rarity(enum.StrEnum):
    """A card's rarity, given by its IUCN status (§The cards)."""

    COMMON = "common"
    UNCOMMON = "uncommon"
    RARE = "rare"
    EPIC = "epic"


RARITY: dict[str, Rarity] = {
    "NE": Rarity.COMMON,  # not evaluated: most microbes, many fungi and invertebrates
    "LC": Rarity.COMMON,
    "NT": Rarity.UNCOMMON,
    "DD": Rarity.UNCOMMON,
    "VU": Rarity.RARE,
    "EN": Rarity.EPIC,
    "CR": Rarity.EPIC,
}

ABILITIES = ("", "hunt", "scavenge", "decompose", "recycle", "filter", "metamorphosis")
EFFECTS = ("", "drain", "parasitoid", "double", "clean")
DOMAIN_KEYS: dict[str, Domain] = {
    "terrestrial": Domain.TERRESTRIAL,
    "freshwater": Domain.FRESHWATER,
    "marine": Domain.MARINE,
    "amphibious-freshwater": Domain.AMPHIBIOUS_FRESHWATER,
    "amphibious-marine": Domain.AMPHIBIOUS_MARINE,
    "euryhaline": Domain.EURYHALINE,
    "home": Domain.HOME,
}


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One card as written in ``data/cards.toml`` (see the field notes there)."""

    id: str
    abbr: str
    name: str
    trophic: Trophic
    domain: str
    vp: int
    fact: str
    provenance: Provenance
    latin: str = ""
    cost: tuple[str, ...] = ()
    iucn: str = "NE"
    terrain: tuple[str, ...] = ()
    climate: tuple[str, ...] = ()
    strategy: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    ability: str = ""
    prey: tuple[str, ...] = ()
    prey_levels: tuple[int, ...] = ()
    preferred: str = ""
    hosts: tuple[str, ...] = ()
    effect: str = ""
    adult: str = ""
    public: str = ""
    note: str = ""
    habitat_note: str = ""
    prey_note: str = ""
    hosts_note: str = ""
    diet_note: str = ""

    @property
    def rarity(self) -> Rarity:
        """The rarity its IUCN status gives."""
        return RARITY[self.iucn]

    def links(self) -> dict[str, str]:
        """Where each of the card's links to other life comes from, by link.

        A species has a habitat (its domain and terrain); a hunter has prey, a parasite or
        mutualist hosts, a consumer with a Preferred Diet a diet. Each note names its
        source; a link the data leaves without a note on an Ecotone card is designed by
        Ecotone. A HOME is a place and has no links.
        """
        if self.trophic is Trophic.HOME:
            return {}
        notes = {
            "habitat": self.habitat_note,
            "prey": self.prey_note if self.prey else None,
            "hosts": self.hosts_note if self.hosts else None,
            "diet": self.diet_note if self.preferred else None,
        }
        return {link: note or _DESIGNED for link, note in notes.items() if note is not None}


_DESIGNED: Final = "designed by Ecotone"


class Kind:
    """A card's rules facts, precomputed for the placement and ability hot paths."""

    __slots__ = (
        "abbr",
        "ability",
        "adult",
        "card",
        "cost",
        "domain",
        "effect",
        "hosts",
        "id",
        "level",
        "pack",
        "preferred",
        "prey",
        "prey_levels",
        "tags",
        "trophic",
        "vp",
    )

    def __init__(self, card: Card) -> None:
        self.card = card
        self.id = card.id
        self.abbr = card.abbr
        self.trophic = card.trophic
        self.level = LEVEL[card.trophic]
        self.domain = DOMAIN_KEYS.get(card.domain, Domain.HOME)
        self.cost: tuple[int, ...] = tuple(
            sorted((ICONS.get(c, 0) for c in card.cost), key=lambda lv: -abs(lv))
        )
        self.vp = card.vp
        self.tags = frozenset(card.tags)
        self.ability = card.ability
        self.prey = frozenset(card.prey)
        self.prey_levels = frozenset(card.prey_levels)
        self.preferred = card.preferred
        self.hosts = frozenset(card.hosts)
        self.effect = card.effect
        self.adult = card.adult
        self.pack = "pack-hunter" in card.strategy

    @property
    def is_creature(self) -> bool:
        """A card that lives in a grid cell: a producer, consumer or decomposer."""
        return self.level != 0

    @property
    def is_attachment(self) -> bool:
        """A parasite or mutualist, tucked under a host."""
        return self.trophic in (Trophic.PARASITE, Trophic.MUTUALIST)

    @property
    def is_consumer(self) -> bool:
        """A card that must stay next to its food (+2, +3, +4, -2D) or starve."""
        return self.level >= 2 or self.level == -2

    @property
    def food(self) -> int:
        """The level a consumer must touch: one below its own (-1 for a detritivore)."""
        return self.level - 1 if self.level > 0 else self.level + 1

    def can_hunt(self, prey: Kind) -> bool:
        """Whether this hunter's diet includes ``prey`` (its level and a prey tag)."""
        return prey.level in self.prey_levels and not self.prey.isdisjoint(prey.tags)


class _File(msgspec.Struct, frozen=True):
    cards: tuple[Card, ...]


class CardPool:
    """The validated pool, by id."""

    def __init__(self, raw: tuple[Card, ...], where: str) -> None:
        self.by_id: dict[str, Card] = {c.id: c for c in raw}
        self.kinds: dict[str, Kind] = {c.id: Kind(c) for c in raw}
        self.ids: tuple[str, ...] = tuple(c.id for c in raw)
        self.playable: tuple[str, ...] = tuple(c.id for c in raw if c.trophic is not Trophic.HOME)
        self.homes: tuple[str, ...] = tuple(c.id for c in raw if c.trophic is Trophic.HOME)
        problems = validate(raw)
        if problems:
            raise DataError("data/invalid", f"{where}: " + "; ".join(problems))

    def __getitem__(self, card_id: str) -> Kind:
        return self.kinds[card_id]

    def species(self) -> list[Card]:
        """The cards that are species (every card but the HOMEs)."""
        return [self.by_id[c] for c in self.playable]


def validate(raw: tuple[Card, ...]) -> list[str]:
    """Every problem with a card list (empty when it is sound)."""
    problems: list[str] = []
    ids = [c.id for c in raw]
    if len(set(ids)) != len(ids):
        problems.append("card ids are not unique")
    by_id = {c.id: c for c in raw}
    kinds = {c.id: Kind(c) for c in raw}
    for c in raw:
        problems.extend(f"{c.id}: {p}" for p in _card_problems(c, kinds, by_id))
    return problems


def _card_problems(c: Card, kinds: dict[str, Kind], by_id: dict[str, Card]) -> list[str]:
    out: list[str] = []
    k = kinds[c.id]
    if not c.id or " " in c.id or c.id != c.id.lower():
        out.append("an id is one lower-case word")
    if c.domain not in DOMAIN_KEYS:
        out.append(f"unknown domain {c.domain!r}")
    elif (c.trophic is Trophic.HOME) != (c.domain == "home"):
        out.append("HOME cards, and only they, have the home domain")
    if c.iucn not in RARITY:
        out.append(f"unknown IUCN status {c.iucn!r}")
    if any(icon not in ICONS for icon in c.cost):
        out.append(f"unknown cost icon in {list(c.cost)}")
    free = c.trophic in (Trophic.PHOTO, Trophic.CHEMO, Trophic.SAPROTROPH, Trophic.HOME)
    if free and c.cost:
        out.append(f"a {c.trophic} card has no cost")
    if not free and not c.cost:
        out.append(f"a {c.trophic} card needs a cost")
    if c.trophic is not Trophic.HOME and (not c.latin or not 1 <= c.vp <= 5):
        out.append("a species needs a latin name and 1-5 VP")
    if c.ability not in ABILITIES:
        out.append(f"unknown ability {c.ability!r}")
    if c.effect not in EFFECTS:
        out.append(f"unknown effect {c.effect!r}")
    if k.is_attachment != bool(c.effect and c.hosts):
        out.append("parasites and mutualists (only) have hosts and an effect")
    if c.trophic is Trophic.PARASITE and c.effect not in ("drain", "parasitoid"):
        out.append("a parasite's effect is drain or parasitoid")
    if c.trophic is Trophic.MUTUALIST and c.effect not in ("double", "clean"):
        out.append("a mutualist's effect is double or clean")
    out.extend(_ability_problems(c, k, kinds, by_id))
    out.extend(_link_problems(c))
    return out


def _link_problems(c: Card) -> list[str]:
    """A link note needs its link; a card from a source other than Ecotone needs its notes."""
    out: list[str] = []
    has = {
        "habitat": c.trophic is not Trophic.HOME,
        "prey": bool(c.prey),
        "hosts": bool(c.hosts),
        "diet": bool(c.preferred),
    }
    given = {
        "habitat": c.habitat_note,
        "prey": c.prey_note,
        "hosts": c.hosts_note,
        "diet": c.diet_note,
    }
    for link, note in given.items():
        if note and not has[link]:
            out.append(f"a {link} note, but the card has no {link}")
        if has[link] and not note and c.provenance is not Provenance.ECOTONE:
            out.append(f"its {link} needs a note naming its source (the card is not Ecotone's)")
    return out


def _ability_problems(
    c: Card, k: Kind, kinds: dict[str, Kind], by_id: dict[str, Card]
) -> list[str]:
    out: list[str] = []
    strategy = set(c.strategy)
    if (c.ability == "hunt") != bool(c.prey and c.prey_levels):
        out.append("hunters (only) list prey and prey levels")
    if c.ability == "hunt" and not any(k.can_hunt(p) for p in kinds.values() if p.is_creature):
        out.append("no card in the pool is its prey")
    if ("venomous" in strategy) != (c.ability == "hunt" and k.level in k.prey_levels):
        out.append("VENOMOUS hunters (only) may kill prey of their own level")
    if ("mixotroph" in strategy) != (c.trophic is Trophic.PHOTO and c.ability == "hunt"):
        out.append("a Mixotroph is a photoautotroph that hunts")
    if ("scavenge" in strategy) != (c.ability == "scavenge"):
        out.append("the SCAVENGE keyword goes with the scavenge ability")
    if ("filter-feeder" in strategy) != (c.ability == "filter"):
        out.append("the FILTER FEEDER keyword goes with the filter ability")
    if (c.ability == "recycle") != (c.trophic is Trophic.DETRITIVORE):
        out.append("detritivores (only) recycle")
    if (c.ability == "decompose") != (c.trophic is Trophic.SAPROTROPH):
        out.append("saprotrophs (only) decompose")
    if ("metamorphosis" in strategy) != (c.ability == "metamorphosis") or (
        c.ability == "metamorphosis"
    ) != bool(c.adult):
        out.append("METAMORPHOSIS cards (only) name an adult and have the ability")
    if c.adult:
        adult = by_id.get(c.adult)
        if adult is None or adult.latin != c.latin or adult.trophic is Trophic.HOME:
            out.append(f"its adult {c.adult!r} must be a card of the same species")
    if c.preferred:
        if not k.is_consumer or k.level < 0:
            out.append("only +2, +3 and +4 consumers have a Preferred Diet")
        elif not any(f.level == k.food and c.preferred in f.tags for f in kinds.values()):
            out.append(f"no {c.preferred!r} food at level {k.food} for its Preferred Diet")
    return out


@cache
def cards() -> CardPool:
    """The game's card pool (loaded and validated once)."""
    where = "ecotone.games.biomasters.data/cards.toml"
    raw = decode(load_text("ecotone.games.biomasters.data", "cards.toml"), _File, where)
    return CardPool(raw.cards, where)
