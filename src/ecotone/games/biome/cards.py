"""The cards of BIOME Borneo (``data/cards.toml``): the Main Deck and the Global Bonus cards.

The Main Deck holds 99 cards (rules doc §Components): 83 animal cards of 27 kinds (Primary
Consumers x4, Secondary Consumers x3, Apex Predators x2), 6 plant cards, 6 ability cards
(Opportunist, Winds of Change, Blight, 2 each) and 4 Disaster cards. 8 Global Bonus cards of
5 points sit beside it; 2 are used per game.

Card ids: an animal copy is ``<kind>-<n>`` (``sun-bear-2``), an ability copy likewise
(``blight-1``); plant cards, disasters and bonus cards are their kind (``rafflesia``).

The validator checks the rulebook's counts, that every prey list names real animal kinds of a
lower level, that predators have prey and primaries none, and that every habitat can be met
in the layer where the animal lives.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Final

import msgspec

from ecotone.core.data import decode, load_text
from ecotone.core.errors import DataError
from ecotone.core.spec import Provenance
from ecotone.games.biome.tiles import Layer, TileSet, layer_mask, packed, tiles

__all__ = [
    "LEVELS",
    "Ability",
    "Animal",
    "Bonus",
    "CardInfo",
    "CardSet",
    "Disaster",
    "PlantCard",
    "cards",
    "parse_cards",
]

LEVELS = ("primary", "secondary", "apex")
_COPIES = {"primary": 4, "secondary": 3, "apex": 2}
_POINTS = {"primary": (1, 2), "secondary": (3, 4), "apex": (5, 7)}
_WHERE: Final = "ecotone.games.biome.data/cards.toml"


class Animal(msgspec.Struct, frozen=True):
    """An animal kind.

    ``sources`` says which of its fields the rulebook prints; ``habitat_note`` and
    ``prey_note`` say where its two kinds of link come from (the rulebook, a named public
    source, or designed by Ecotone) and what the animal does in the wild.
    """

    key: str
    name: str
    latin: str
    level: str
    points: int
    home: str
    habitat: tuple[str, ...]
    prey: tuple[str, ...]
    copies: int
    provenance: Provenance
    sources: str
    fact: str
    habitat_note: str
    prey_note: str = ""

    def links(self) -> dict[str, str]:
        """Where its habitat and (for a predator) its prey come from, by link."""
        return {"habitat": self.habitat_note, **({"prey": self.prey_note} if self.prey else {})}


class PlantCard(msgspec.Struct, frozen=True):
    """A plant card: scores, takes no part in food chains."""

    key: str
    name: str
    latin: str
    points: int
    habitat: tuple[str, ...]
    vine_link: bool
    provenance: Provenance
    sources: str
    fact: str
    habitat_note: str

    def links(self) -> dict[str, str]:
        """Where its habitat comes from."""
        return {"habitat": self.habitat_note}


class Ability(msgspec.Struct, frozen=True):
    """An ability card kind."""

    key: str
    name: str
    copies: int
    provenance: Provenance
    text: str


class Disaster(msgspec.Struct, frozen=True):
    """A disaster card."""

    key: str
    name: str
    provenance: Provenance
    text: str
    fact: str


class Bonus(msgspec.Struct, frozen=True):
    """A Global Bonus card: 5 points to the one player who leads its measure."""

    key: str
    name: str
    provenance: Provenance
    measure: str
    minimum: int
    text: str


class _File(msgspec.Struct, frozen=True):
    animals: tuple[Animal, ...]
    plant_cards: tuple[PlantCard, ...]
    abilities: tuple[Ability, ...]
    disasters: tuple[Disaster, ...]
    bonuses: tuple[Bonus, ...]


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One Main Deck card, ready for the rules.

    Attributes:
        id: the card id.
        kind: ``animal``, ``plant``, ``ability`` or ``disaster``.
        key: its kind key (``sun-bear``, ``blight``, ``drought``).
        name: the printed name.
        level: ``primary``/``secondary``/``apex`` for animals, else ``""``.
        points: its points (0 for abilities and disasters).
        needs: the habitat as a count per plant index.
        prey: the animal kinds it may eat (empty when it eats none).
        vine_link: it needs a vine network joining the Understory and the Canopy.
        home: the layer where an animal lives (``-1`` for other cards).
        uses_vine: its habitat needs a vine.
        earnable: animals and plant cards are earned by creating their habitat.
        packed_needs: ``needs`` as packed counts (:func:`.tiles.packed`).
    """

    id: str
    kind: str
    key: str
    name: str
    level: str
    points: int
    needs: tuple[int, ...]
    prey: frozenset[str]
    vine_link: bool
    home: int
    uses_vine: bool
    earnable: bool = field(init=False)
    packed_needs: int = field(init=False)

    def __post_init__(self) -> None:
        # Worked out once here, from the fields above: the rules read them for every card
        # of the hand and the Gallery whenever the cards that may be earned are listed.
        object.__setattr__(self, "earnable", self.kind in ("animal", "plant"))
        object.__setattr__(self, "packed_needs", packed(enumerate(self.needs)))


class CardSet:
    """The validated card data, indexed for the rules."""

    def __init__(self, raw: _File, ts: TileSet) -> None:
        self.animals: dict[str, Animal] = {a.key: a for a in raw.animals}
        self.plant_cards: dict[str, PlantCard] = {p.key: p for p in raw.plant_cards}
        self.abilities: dict[str, Ability] = {a.key: a for a in raw.abilities}
        self.disasters: dict[str, Disaster] = {d.key: d for d in raw.disasters}
        self.bonuses: dict[str, Bonus] = {b.key: b for b in raw.bonuses}
        self.bonus_ids: tuple[str, ...] = tuple(b.key for b in raw.bonuses)
        problems: list[str] = []
        infos: list[CardInfo] = []
        for a in raw.animals:
            needs = _needs(a.habitat, ts, a.key, problems)
            home = Layer.of(a.home) if a.home in ("E", "C", "U") else -1
            for n in range(1, a.copies + 1):
                infos.append(
                    CardInfo(
                        f"{a.key}-{n}",
                        "animal",
                        a.key,
                        a.name,
                        a.level,
                        a.points,
                        needs,
                        frozenset(a.prey),
                        False,
                        home,
                        "vine" in a.habitat,
                    )
                )
        for p in raw.plant_cards:
            needs = _needs(p.habitat, ts, p.key, problems)
            infos.append(
                CardInfo(
                    p.key,
                    "plant",
                    p.key,
                    p.name,
                    "",
                    p.points,
                    needs,
                    frozenset(),
                    p.vine_link,
                    -1,
                    "vine" in p.habitat,
                )
            )
        for ab in raw.abilities:
            for n in range(1, ab.copies + 1):
                infos.append(
                    CardInfo(
                        f"{ab.key}-{n}",
                        "ability",
                        ab.key,
                        ab.name,
                        "",
                        0,
                        (0,) * len(ts.plants),
                        frozenset(),
                        False,
                        -1,
                        False,
                    )
                )
        for d in raw.disasters:
            infos.append(
                CardInfo(
                    d.key,
                    "disaster",
                    d.key,
                    d.name,
                    "",
                    0,
                    (0,) * len(ts.plants),
                    frozenset(),
                    False,
                    -1,
                    False,
                )
            )
        self.by_id: dict[str, CardInfo] = {c.id: c for c in infos}
        self.ids: tuple[str, ...] = tuple(c.id for c in infos)
        if len(self.by_id) != len(infos):
            problems.append("card ids are not unique")
        _validate(self, raw, ts, problems)
        if problems:
            raise DataError("data/invalid", f"{_WHERE}: " + "; ".join(problems))

    def name(self, card_id: str) -> str:
        """``sun-bear-2 (Sun Bear)``."""
        return f"{card_id} ({self.by_id[card_id].name})"

    def ids_of(self, kind: str) -> tuple[str, ...]:
        """The card ids of one kind (``disaster``, ``ability`` ...)."""
        return tuple(c for c in self.ids if self.by_id[c].kind == kind)


def _needs(habitat: tuple[str, ...], ts: TileSet, key: str, problems: list[str]) -> tuple[int, ...]:
    counts = [0] * len(ts.plants)
    for plant in habitat:
        if plant not in ts.plant_index:
            problems.append(f"{key}: unknown plant {plant!r} in its habitat")
            continue
        counts[ts.plant_index[plant]] += 1
    return tuple(counts)


def _reachable(ts: TileSet, letters: str) -> Counter[int]:
    """The most of each plant that tiles placeable in these layers show together."""
    mask = layer_mask(letters)
    total: Counter[int] = Counter()
    for t in ts.tiles:
        if t.layers & mask:
            for p, n in enumerate(t.counts):
                total[p] += n
    return total


def _validate(cs: CardSet, raw: _File, ts: TileSet, problems: list[str]) -> None:
    kinds = Counter(a.level for a in raw.animals)
    for level, want in (("primary", 7), ("secondary", 15), ("apex", 5)):
        if kinds[level] != want:
            problems.append(f"{kinds[level]} {level} kinds; the rulebook has {want}")
    animal_cards = sum(a.copies for a in raw.animals)
    if animal_cards != 83:
        problems.append(f"{animal_cards} animal cards; the rulebook has 83")
    if len(raw.plant_cards) != 6:
        problems.append(f"{len(raw.plant_cards)} plant cards; the rulebook has 6")
    abilities = {a.key: a.copies for a in raw.abilities}
    if abilities != {"opportunist": 2, "winds-of-change": 2, "blight": 2}:
        problems.append("abilities must be Opportunist, Winds of Change and Blight, 2 each")
    if len(raw.disasters) != 4:
        problems.append(f"{len(raw.disasters)} disasters; the rulebook has 4")
    if len(raw.bonuses) != 8:
        problems.append(f"{len(raw.bonuses)} Global Bonus cards; the rulebook has 8")
    rank = {lv: i for i, lv in enumerate(LEVELS)}
    for a in raw.animals:
        if a.level not in _COPIES:
            problems.append(f"{a.key}: unknown level {a.level!r}")
            continue
        if a.copies != _COPIES[a.level]:
            problems.append(f"{a.key}: {a.copies} copies; a {a.level} has {_COPIES[a.level]}")
        low, high = _POINTS[a.level]
        if not low <= a.points <= high:
            problems.append(f"{a.key}: {a.points} points; a {a.level} scores {low}-{high}")
        if a.level == "primary" and a.prey:
            problems.append(f"{a.key}: a Primary Consumer has no prey")
        if a.level != "primary" and not a.prey:
            problems.append(f"{a.key}: a {a.level} animal needs at least one prey")
        for prey in a.prey:
            other = cs.animals.get(prey)
            if other is None:
                problems.append(f"{a.key}: unknown prey {prey!r}")
            elif other.level == "apex" or rank.get(other.level, 9) > rank[a.level]:
                problems.append(f"{a.key}: cannot eat {prey}, which is higher in the food chain")
            elif prey == a.key:
                problems.append(f"{a.key}: cannot eat its own kind")
        if a.home not in ("E", "C", "U"):
            problems.append(f"{a.key}: home layer {a.home!r} is not E, C or U")
        elif not a.habitat:
            problems.append(f"{a.key}: an empty habitat")
        else:
            zone = "E" if a.home == "E" else "CU"
            have = _reachable(ts, zone)
            for plant, n in Counter(a.habitat).items():
                p = ts.plant_index.get(plant)
                if p is not None and have[p] < n:
                    problems.append(f"{a.key}: its habitat cannot be met where it lives ({a.home})")
    _link_problems(raw, problems)
    for b in raw.bonuses:
        if b.measure not in (
            "species",
            "apex",
            "chain",
            "plants",
            "layers",
            "primary",
            "vine",
            "tiles",
        ):
            problems.append(f"bonus {b.key}: unknown measure {b.measure!r}")


def _link_problems(raw: _File, problems: list[str]) -> None:
    """Every habitat, and every prey list, carries a note saying where it comes from."""
    for key, note in [(a.key, a.habitat_note) for a in raw.animals] + [
        (p.key, p.habitat_note) for p in raw.plant_cards
    ]:
        if not note.strip():
            problems.append(f"{key}: its habitat needs a note saying where it comes from")
    problems.extend(
        f"{a.key}: a prey note goes with a prey list, and only with one"
        for a in raw.animals
        if bool(a.prey) != bool(a.prey_note.strip())
    )


def parse_cards(text: str, ts: TileSet | None = None) -> CardSet:
    """Validate a cards file's text (the game's own, or a test's broken copy)."""
    return CardSet(decode(text, _File, _WHERE), ts or tiles())


@cache
def cards() -> CardSet:
    """The game's cards (loaded and validated once)."""
    return parse_cards(load_text("ecotone.games.biome.data", "cards.toml"))
