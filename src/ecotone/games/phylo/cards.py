"""The card pool of Phylo: Voyage of the Beagle, loaded from ``data/cards.toml``.

The pool holds species and event cards, the voyage locale legs, the vocabularies printed on
the cards, the shared pick-up pile of the boxed game and three ready-made constructed decks.
Every record says where it comes from (:class:`~ecotone.core.spec.Provenance`): ``public``
cards come from a named source (``source``) and list in ``designed`` the card fields the
source does not show, which Ecotone filled in; ``recovered = true`` marks the 20 cards of the
Beagle deck itself recovered from phylogame.org (the other public events come from other
Phylo decks). ``ecotone`` cards are designed by us from species Darwin met on the voyage.
``eats``, ``lives`` and ``groups`` are never printed on a card: they are Ecotone's evidence
for the "call your bluff" challenge (:func:`diet_evidence`).

Card fields (rulebook "This is a Phylo species card")
------------------------------------------------------
* ``scale``: size class 1-9. The rulebook gives no table; the classes are calibrated on the
  recovered cards (Chile Darwin's Frog 4, Darwin's Tanager 5, Platypus 6, Darwin's Fox 7,
  Fitzroy Dolphin 8, Megatherium 9) by overall length, height or span: 1 under 0.1 mm,
  2 to 1 mm, 3 to 1 cm, 4 to 5 cm, 5 to 20 cm, 6 to 60 cm, 7 to 1.5 m, 8 to 3 m, 9 larger.
* ``diet`` (the coloured circle, phylogame glossary): ``photosynthetic``, ``herbivore``,
  ``omnivore``, ``carnivore``, and ``carbon-macromolecules`` (the glossary's "molecular
  carbon", the black circle): such a card must be played as its ``play`` text says.
* ``food_chain``: FC1 are autotrophs (photosynthetic, or a black-circle FC1 such as the
  recovered coral); herbivores are FC2; omnivores FC2 or more; carnivores FC3 or more.
* ``climates``: cold, cool, warm, hot (rulebook). ``terrains``: forest, grassland,
  freshwater, ocean, urban (Phylo basic rules and Beaty deck) and desert, tundra (Ecotone,
  ``seed-data.md`` 5.3, the Beagle rulebook's terrain icons being lost). Only Habitat Loss
  makes urban terrain.
* ``locale``: the voyage leg (the coloured border) or ``black`` (found worldwide).
* ``movement``: ``{kind = "move" | "flight", n = N}``; sessile cards have none.
* ``keywords`` with their meanings (Phylo Ecosystem Game basic rules v3.0 unless noted):
  EXTINCT (Beagle cards: no effect of its own; Then and Now discards every EXTINCT card);
  INVASIVE (may be played on top of a similar species, discarding it; "similar" as on the
  Beaty deck's Himalayan Blackberry: same diet and same scale); PARASITIC (placed beneath a
  compatible host whose ``groups`` meet the card's ``hosts``; gives no terrain or climate
  to its cell, ignores the scale rule, and scores); POLLINATOR (a plant with
  ``needs_pollinator`` may only be played while a POLLINATOR is on the table); PLANKTON (Beaty
  deck: a plankton species, the food of cards whose ``feeds_on_keyword`` is PLANKTON).
* ``feeds_in_terrain``: the food neighbour must have this terrain (the Platypus "must feed off
  a FRESHWATER card").
* ``points``: the printed value if recovered (kept as printed; the terrains we designed for
  such a card must reproduce it under the formula), else :func:`points_formula`.

Points formula (phylogame.org blog, 2011; ``seed-data.md`` 5.1)
----------------------------------------------------------------
Base by diet: carnivore 7, herbivore 4, omnivore 3, autotroph 2. Terrains: 1 -> +1,
2 -> 0, 3 or more -> -1. Climates: 1 -> +1, 2 -> 0, 3 or more -> -1. MOVE or FLIGHT of 3 or
more -> -1. INVASIVE -> -1. The formula has no base for the black circle; Ecotone's
interpretation: it takes the base of the level it feeds at (FC1 2, FC2 4, FC3+ 7).

Event effects (``effect = {kind = ..., ...}``), a closed vocabulary
--------------------------------------------------------------------
* ``discard-target`` (``terrains``, ``min_scale``, ``leave_terrain``): play the event on a
  species having one of ``terrains`` (any if empty) and scale >= ``min_scale``; it is
  discarded at once. With ``leave_terrain`` the event card may stay in the cell as that
  terrain with every climate (Habitat Loss: urban).
* ``discard-chain`` (``max_food_chain``): on a species of FC <= ``max_food_chain``: discard
  it and every card below it on its food chain (the cards it feeds on, recursively).
* ``spread-discard`` (``contest``, ``once_per_game``): discard the target; the event hops to
  an adjacent species and a rock-paper-scissors round decides each further discard, until the
  opponent wins a round; at most once per game.
* ``negate`` (``scope``): cancel an event just played; ``on-own-species``: only an event
  played on top of one of your species; ``against-you``: any event played against you; both
  events are discarded.
* ``skip-turn`` (``who = "opponents"``): every other player misses their next turn.
* ``discard-half-hand`` (``who = "opponents"``): every other player discards half their hand,
  rounded down.
* ``discard-all`` (``keyword``): every species on the table with that keyword is discarded.
* ``recover`` (``count``): return that many species from your discard pile to your hand.
* ``draw-bonus`` (``draws``): the card stays on the table; its owner draws ``draws`` cards
  per turn instead of 1.

``timing``: ``action`` (one of your 3 actions), ``start-of-turn`` (at the start of your own
turn, then discarded) or ``reaction`` (right after an opponent plays an event).

Deck rules
----------
Shared pile (rulebook: "one deck of approximately 60 cards"): 55 to 65 cards, each card once
(the rulebook shows no duplicates), holding every recovered card. Constructed decks (rulebook:
"about 25 cards each"; the rules for building them are Ecotone's): 23 to 27 cards, at most
one copy of a card, at least 8 FC1 species, at most 5 events. In the pile and in each deck
every species must be playable from the deck's own cards: it links (shared climate, shared
terrain, matching locale, food rule) to a food card that is itself playable, back to a
photosynthetic FC1; a plant needing a pollinator needs a POLLINATOR in the deck.

Food rule used by that check (``RULINGS.md``): herbivores feed on FC1; carnivores on prey
(an animal, FC2 or more) of a lower food chain number and equal or smaller scale; omnivores on
a photosynthetic FC1 or as carnivores; black circles and PARASITIC cards as their card text
says.
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Final, Literal

import msgspec

from ecotone.core.data import decode, load_text
from ecotone.core.deckbuilding import DeckProblem
from ecotone.core.errors import DataError
from ecotone.core.spec import Provenance

__all__ = [
    "BLACK",
    "Card",
    "CardSet",
    "Climate",
    "Deck",
    "Diet",
    "DiscardAll",
    "DiscardChain",
    "DiscardHalfHand",
    "DiscardTarget",
    "DrawBonus",
    "Effect",
    "Event",
    "Keyword",
    "Leg",
    "Movement",
    "MovementKind",
    "Negate",
    "NegateScope",
    "Pile",
    "PoolFile",
    "Recover",
    "SkipTurn",
    "Species",
    "SpreadDiscard",
    "Term",
    "Terrain",
    "Timing",
    "cards",
    "constructed_problems",
    "deck_problems",
    "diet_evidence",
    "environment_compatible",
    "feeds_on",
    "formula_points",
    "links_to",
    "load_pool",
    "locales_match",
    "name",
    "parse",
    "playable",
    "points_formula",
]

PACKAGE: Final = "ecotone.games.phylo.data"
FILE: Final = "cards.toml"
WHERE = f"{PACKAGE}/{FILE}"

BLACK: Final = "black"
"""The locale of a black-bordered card: found worldwide, matches every leg."""

PILE_MIN, PILE_MAX = 55, 65
PILE_MAX_COPIES: Final = 1
DECK_MIN, DECK_MAX = 23, 27
DECK_MAX_COPIES: Final = 1
DECK_MIN_AUTOTROPHS: Final = 8
DECK_MAX_EVENTS: Final = 5
SCALE_MIN, SCALE_MAX = 1, 9
FOOD_CHAIN_MAX: Final = 5
MOVE_MAX: Final = 4
FACT_MAX: Final = 200

_LATIN = re.compile(r"[A-Z][a-z]+ [a-z]+(?:-[a-z]+)?(?: [a-z]+)?")
_SPECIES_ID = re.compile(r"B\d{2}")
_EVENT_ID = re.compile(r"E\d{2}")


class Climate(enum.StrEnum):
    """A climate preference (rulebook: cold, cool, warm or hot)."""

    COLD = "cold"
    COOL = "cool"
    WARM = "warm"
    HOT = "hot"


class Terrain(enum.StrEnum):
    """Where an organism lives."""

    FOREST = "forest"
    GRASSLAND = "grassland"
    DESERT = "desert"
    TUNDRA = "tundra"
    FRESHWATER = "freshwater"
    OCEAN = "ocean"
    URBAN = "urban"


class Diet(enum.StrEnum):
    """The diet circle of a species card."""

    PHOTOSYNTHETIC = "photosynthetic"
    CARBON = "carbon-macromolecules"
    HERBIVORE = "herbivore"
    OMNIVORE = "omnivore"
    CARNIVORE = "carnivore"


class MovementKind(enum.StrEnum):
    """MOVE: rook-like steps; FLIGHT: also diagonal, queen-like."""

    MOVE = "move"
    FLIGHT = "flight"


class Keyword(enum.StrEnum):
    """The keywords the Phylo rules define (meanings in the module docstring)."""

    EXTINCT = "EXTINCT"
    INVASIVE = "INVASIVE"
    PARASITIC = "PARASITIC"
    POLLINATOR = "POLLINATOR"
    PLANKTON = "PLANKTON"


class Timing(enum.StrEnum):
    """When an event card may be played."""

    ACTION = "action"
    START_OF_TURN = "start-of-turn"
    REACTION = "reaction"


class NegateScope(enum.StrEnum):
    """Which events a negating card cancels."""

    ON_OWN_SPECIES = "on-own-species"
    AGAINST_YOU = "against-you"


class _Record(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class Movement(_Record, frozen=True):
    """MOVE# or FLIGHT# of a species."""

    kind: MovementKind
    n: int


# -- event effects -------------------------------------------------------------------------


class DiscardTarget(_Record, frozen=True, tag_field="kind", tag="discard-target"):
    """Discard the species the event is played on (see the module docstring)."""

    terrains: tuple[Terrain, ...] = ()
    min_scale: int = 0
    leave_terrain: Terrain | None = None


class DiscardChain(_Record, frozen=True, tag_field="kind", tag="discard-chain"):
    """Discard the target and every card below it on its food chain."""

    max_food_chain: int


class SpreadDiscard(_Record, frozen=True, tag_field="kind", tag="spread-discard"):
    """Discard the target, then hop to neighbours while the player wins the contest."""

    contest: Literal["rock-paper-scissors"]
    once_per_game: bool = True


class Negate(_Record, frozen=True, tag_field="kind", tag="negate"):
    """Cancel an event just played."""

    scope: NegateScope


class SkipTurn(_Record, frozen=True, tag_field="kind", tag="skip-turn"):
    """The other players miss their next turn."""

    who: Literal["opponents"]


class DiscardHalfHand(_Record, frozen=True, tag_field="kind", tag="discard-half-hand"):
    """The other players discard half their hand, rounded down."""

    who: Literal["opponents"]


class DiscardAll(_Record, frozen=True, tag_field="kind", tag="discard-all"):
    """Every species on the table with ``keyword`` is discarded."""

    keyword: Keyword


class Recover(_Record, frozen=True, tag_field="kind", tag="recover"):
    """Return species from your discard pile to your hand."""

    count: int = 1


class DrawBonus(_Record, frozen=True, tag_field="kind", tag="draw-bonus"):
    """Stays on the table: its owner draws ``draws`` cards per turn instead of 1."""

    draws: int


Effect = (
    DiscardTarget
    | DiscardChain
    | SpreadDiscard
    | Negate
    | SkipTurn
    | DiscardHalfHand
    | DiscardAll
    | Recover
    | DrawBonus
)

# -- cards ---------------------------------------------------------------------------------


class Species(_Record, frozen=True, tag_field="kind", tag="species"):
    """A species card."""

    id: str
    name: str
    latin: str
    scale: int
    diet: Diet
    food_chain: int
    climates: tuple[Climate, ...]
    terrains: tuple[Terrain, ...]
    locale: str
    points: int
    fact: str
    eats: tuple[str, ...]
    lives: str
    groups: tuple[str, ...]
    provenance: Provenance
    recovered: bool = False
    movement: Movement | None = None
    keywords: tuple[Keyword, ...] = ()
    play: str = ""
    feeds_on_keyword: Keyword | None = None
    feeds_in_terrain: Terrain | None = None
    hosts: tuple[str, ...] = ()
    needs_pollinator: bool = False
    source: str = ""
    designed: tuple[str, ...] = ()
    printed_latin: str = ""
    note: str = ""

    @property
    def kind(self) -> Literal["species"]:
        """``"species"``."""
        return "species"

    @property
    def reach(self) -> int:
        """MOVE# or FLIGHT#, 0 for a sessile card."""
        return self.movement.n if self.movement else 0

    @property
    def flies(self) -> bool:
        """Whether the card moves by FLIGHT (diagonals allowed)."""
        return self.movement is not None and self.movement.kind is MovementKind.FLIGHT


class Event(_Record, frozen=True, tag_field="kind", tag="event"):
    """An event card."""

    id: str
    name: str
    text: str
    timing: Timing
    effect: Effect
    provenance: Provenance
    recovered: bool = False
    source: str = ""
    designed: tuple[str, ...] = ()
    note: str = ""

    @property
    def kind(self) -> Literal["event"]:
        """``"event"``."""
        return "event"


Card = Species | Event

# Species fields that may be listed in ``designed`` (the printed card fields).
DESIGNABLE_SPECIES = frozenset(
    {
        "name",
        "latin",
        "scale",
        "diet",
        "food_chain",
        "climates",
        "terrains",
        "locale",
        "movement",
        "keywords",
        "points",
        "fact",
        "play",
        "feeds_on_keyword",
        "feeds_in_terrain",
        "hosts",
        "needs_pollinator",
    }
)
DESIGNABLE_EVENT = frozenset({"name", "text", "timing", "effect"})
DESIGNABLE_LEG = frozenset({"name", "colour", "places", "dates"})


class Leg(_Record, frozen=True):
    """A voyage locale (the coloured border at the bottom of a card)."""

    id: str
    name: str
    colour: str
    places: tuple[str, ...]
    dates: str
    provenance: Provenance
    source: str = ""
    designed: tuple[str, ...] = ()


class Term(_Record, frozen=True):
    """One word of a printed vocabulary (climate, terrain, diet, keyword)."""

    id: str
    meaning: str
    provenance: Provenance
    source: str = ""


class Pile(_Record, frozen=True):
    """The shared pick-up pile of the boxed game (a card id repeated = copies)."""

    name: str
    summary: str
    cards: tuple[str, ...]
    provenance: Provenance


class Deck(_Record, frozen=True):
    """A ready-made constructed deck (``strategy``: how it means to win, for players)."""

    name: str
    summary: str
    cards: tuple[str, ...]
    provenance: Provenance
    strategy: str = ""


class PoolFile(_Record, frozen=True):
    """The whole data file, as decoded."""

    legs: tuple[Leg, ...]
    climates: tuple[Term, ...]
    terrains: tuple[Term, ...]
    diets: tuple[Term, ...]
    keywords: tuple[Term, ...]
    cards: tuple[Card, ...]
    shared_pile: Pile
    decks: tuple[Deck, ...]


# -- the rules the data is checked against -------------------------------------------------


def points_formula(
    diet: Diet,
    food_chain: int,
    terrains: int,
    climates: int,
    reach: int = 0,
    invasive: bool = False,
) -> int:
    """The phylogame points formula (``seed-data.md`` 5.1).

    Args:
        diet: the diet circle; the black circle (``carbon-macromolecules``) takes the base of
            the level it feeds at (Ecotone's reading, see the module docstring).
        food_chain: the food-chain number (used for the black circle only).
        terrains: how many terrains the card shows.
        climates: how many climates the card shows.
        reach: MOVE# or FLIGHT# (0 for none).
        invasive: whether the card has the INVASIVE keyword.

    >>> points_formula(Diet.CARNIVORE, 3, terrains=1, climates=2, reach=2)
    8
    >>> points_formula(Diet.PHOTOSYNTHETIC, 1, terrains=2, climates=3)
    1
    """
    if diet is Diet.CARBON:
        base = 2 if food_chain <= 1 else 4 if food_chain == 2 else 7
    else:
        base = {
            Diet.CARNIVORE: 7,
            Diet.HERBIVORE: 4,
            Diet.OMNIVORE: 3,
            Diet.PHOTOSYNTHETIC: 2,
        }[diet]
    points = base + _count_modifier(terrains) + _count_modifier(climates)
    if reach >= 3:
        points -= 1
    if invasive:
        points -= 1
    return points


def _count_modifier(n: int) -> int:
    return 1 if n == 1 else 0 if n == 2 else -1


def formula_points(sp: Species) -> int:
    """What :func:`points_formula` gives for ``sp``'s printed fields."""
    return points_formula(
        sp.diet,
        sp.food_chain,
        terrains=len(sp.terrains),
        climates=len(sp.climates),
        reach=sp.reach,
        invasive=Keyword.INVASIVE in sp.keywords,
    )


def locales_match(a: Species, b: Species) -> bool:
    """Same voyage leg, or either card has the black (worldwide) border."""
    return a.locale == b.locale or BLACK in (a.locale, b.locale)


def environment_compatible(a: Species, b: Species) -> bool:
    """A shared climate, a shared terrain and matching locales."""
    return (
        bool(set(a.climates) & set(b.climates))
        and bool(set(a.terrains) & set(b.terrains))
        and locales_match(a, b)
    )


def feeds_on(eater: Species, food: Species) -> bool:
    """Whether the food-chain rule lets ``eater`` feed on ``food`` (ignoring habitat)."""
    if eater.diet is Diet.PHOTOSYNTHETIC:
        return False
    if Keyword.PARASITIC in eater.keywords:
        return bool(set(eater.hosts) & set(food.groups))
    if eater.feeds_on_keyword is not None and eater.feeds_on_keyword not in food.keywords:
        return False
    if eater.feeds_in_terrain is not None and eater.feeds_in_terrain not in food.terrains:
        return False
    if eater.diet is Diet.CARBON:
        return eater.feeds_on_keyword is not None
    if eater.diet is Diet.HERBIVORE:
        return food.food_chain == 1
    as_prey = 2 <= food.food_chain < eater.food_chain and food.scale <= eater.scale
    if eater.diet is Diet.CARNIVORE:
        return as_prey
    return as_prey or (food.food_chain == 1 and food.diet is Diet.PHOTOSYNTHETIC)


def links_to(eater: Species, food: Species) -> bool:
    """``eater`` may sit next to ``food`` and feed on it: habitat and food chain."""
    return eater.id != food.id and environment_compatible(eater, food) and feeds_on(eater, food)


def playable(species: Iterable[Species]) -> frozenset[str]:
    """The ids among ``species`` that can be played from these cards alone.

    A photosynthetic card is playable (next to the map board) unless it needs a pollinator
    and no playable POLLINATOR exists; any other card needs a playable food card it
    :func:`links_to`.
    """
    pool = list(species)
    ok: set[str] = set()
    changed = True
    while changed:
        changed = False
        pollinated = any(Keyword.POLLINATOR in s.keywords and s.id in ok for s in pool)
        for sp in pool:
            if sp.id in ok:
                continue
            if sp.diet is Diet.PHOTOSYNTHETIC:
                good = pollinated or not sp.needs_pollinator
            else:
                good = any(f.id in ok and links_to(sp, f) for f in pool)
            if good:
                ok.add(sp.id)
                changed = True
    return frozenset(ok)


def diet_evidence(eater: Species, food: Species) -> str | None:
    """The entry of ``eater.eats`` that names ``food`` (a group or its name), if any.

    This is the evidence for the "call your bluff" challenge: ``"grasses"`` matches a food in
    the group ``grass``, ``"anchovies"`` one in ``anchovy``, ``"Capybaras"`` the Capybara.
    """
    names = [*food.groups, food.name.lower()]
    for entry in eater.eats:
        text = entry.lower()
        for name in names:
            if re.search(_plural_pattern(name), text):
                return entry
    return None


def _plural_pattern(word: str) -> str:
    stem = re.escape(word)
    if word.endswith("y"):
        return rf"\b(?:{stem}|{re.escape(word[:-1])}ies)\b"
    return rf"\b{stem}(?:s|es)?\b"


# -- the validated, indexed card set ------------------------------------------------------


class CardSet:
    """The validated card pool, indexed for the rules.

    Raises:
        DataError: listing every problem found in ``raw``.
    """

    def __init__(self, raw: PoolFile, where: str = WHERE) -> None:
        self.raw = raw
        self.by_id: dict[str, Card] = {c.id: c for c in raw.cards}
        self.species: dict[str, Species] = {c.id: c for c in raw.cards if isinstance(c, Species)}
        self.events: dict[str, Event] = {c.id: c for c in raw.cards if isinstance(c, Event)}
        self.legs: dict[str, Leg] = {leg.id: leg for leg in raw.legs}
        self.pile: tuple[str, ...] = raw.shared_pile.cards
        self.pile_counts: Counter[str] = Counter(raw.shared_pile.cards)
        self.decks: dict[str, Deck] = {d.name: d for d in raw.decks}
        _validate(self, raw, where)

    @property
    def recovered(self) -> tuple[Card, ...]:
        """The Beagle cards recovered from phylogame.org, in file order."""
        return tuple(c for c in self.raw.cards if c.recovered)

    def deck_species(self, ids: Iterable[str]) -> list[Species]:
        """The species cards among ``ids`` (unknown ids are skipped)."""
        return [self.species[i] for i in ids if i in self.species]

    def describe(self, card_id: str) -> str:
        """``"B12 Duck-billed Platypus (Ornithorhynchus anatinus)"``, ``"E02 Rough Seas"``."""
        card = self.by_id[card_id]
        if isinstance(card, Species):
            return f"{card.id} {card.name} ({card.latin})"
        return f"{card.id} {card.name}"


def parse(text: str, where: str = WHERE) -> CardSet:
    """Decode and validate a card pool from TOML ``text``."""
    return CardSet(decode(text, PoolFile, where), where)


def load_pool() -> PoolFile:
    """The data file decoded but not yet cross-checked (for tests and tools)."""
    return decode(load_text(PACKAGE, FILE), PoolFile, WHERE)


@cache
def cards() -> CardSet:
    """The game's card pool (loaded and validated once)."""
    return CardSet(load_pool())


def name(card: str) -> str:
    """``"B09 Monkey Puzzle Tree"``: a card as messages and the log name it."""
    found = _NAMES.get(card)
    if found is None:
        found = _NAMES[card] = f"{card} {cards().by_id[card].name}"
    return found


# Each card's name as :func:`name` writes it, made on first use: nearly every step logs one
# (at most one entry a card of the pool).
_NAMES: dict[str, str] = {}


# -- validation ----------------------------------------------------------------------------


def _validate(cs: CardSet, raw: PoolFile, where: str) -> None:
    problems: list[str] = []
    _check_vocabularies(raw, problems)
    _check_legs(raw, problems)
    seen: Counter[str] = Counter(c.id for c in raw.cards)
    problems += [f"duplicate id {cid}" for cid, n in seen.items() if n > 1]
    all_groups = {g for sp in cs.species.values() for g in sp.groups}
    pool_keywords = {k for sp in cs.species.values() for k in sp.keywords}
    for card in raw.cards:
        if isinstance(card, Species):
            _check_species(card, cs, all_groups, pool_keywords, problems)
        else:
            _check_event(card, problems)
    for attr in ("name", "latin"):
        values = Counter(getattr(sp, attr) for sp in cs.species.values())
        problems += [f"two species share the {attr} {v!r}" for v, n in values.items() if n > 1]
    _check_pile(cs, raw.shared_pile, problems)
    if not raw.decks:
        problems.append("no constructed decks")
    names = Counter(d.name for d in raw.decks)
    problems += [f"two decks are named {n!r}" for n, k in names.items() if k > 1]
    for deck in raw.decks:
        _check_deck(cs, deck, problems)
    if problems:
        raise DataError("data/invalid", f"{where}: " + "; ".join(problems))


def _check_vocabularies(raw: PoolFile, problems: list[str]) -> None:
    tables: Sequence[tuple[str, tuple[Term, ...], type[enum.StrEnum]]] = (
        ("climates", raw.climates, Climate),
        ("terrains", raw.terrains, Terrain),
        ("diets", raw.diets, Diet),
        ("keywords", raw.keywords, Keyword),
    )
    for name, terms, kind in tables:
        ids = [t.id for t in terms]
        if ids != [str(m) for m in kind]:
            wanted = ", ".join(str(m) for m in kind)
            problems.append(f"{name} must be {wanted} in that order, not {', '.join(ids)}")
        for term in terms:
            if not term.meaning:
                problems.append(f"{name} {term.id}: no meaning")
            _check_source(f"{name} {term.id}", term.provenance, term.source, problems)


def _check_legs(raw: PoolFile, problems: list[str]) -> None:
    ids = [leg.id for leg in raw.legs]
    if len(set(ids)) != len(ids):
        problems.append("leg ids are not unique")
    if ids.count(BLACK) != 1 or len(ids) != 6:
        problems.append(f"there must be 5 legs plus {BLACK!r}, not {', '.join(ids)}")
    colours = [leg.colour for leg in raw.legs]
    if len(set(colours)) != len(colours):
        problems.append("leg colours are not unique")
    for leg in raw.legs:
        if not (leg.name and leg.colour and leg.places and leg.dates):
            problems.append(f"leg {leg.id}: name, colour, places and dates are required")
        _check_source(f"leg {leg.id}", leg.provenance, leg.source, problems)
        _check_designed(f"leg {leg.id}", leg.provenance, leg.designed, DESIGNABLE_LEG, problems)


def _check_source(what: str, provenance: Provenance, source: str, problems: list[str]) -> None:
    if provenance is Provenance.PUBLIC and not source:
        problems.append(f"{what}: a public record must name its source")


def _check_designed(
    what: str,
    provenance: Provenance,
    designed: tuple[str, ...],
    allowed: frozenset[str],
    problems: list[str],
) -> None:
    if designed and provenance is Provenance.ECOTONE:
        problems.append(f"{what}: an ecotone record is designed throughout; drop 'designed'")
    for name in designed:
        if name not in allowed:
            problems.append(f"{what}: 'designed' names an unknown field {name!r}")
    if len(set(designed)) != len(designed):
        problems.append(f"{what}: 'designed' repeats a field")


def _check_species(
    sp: Species,
    cs: CardSet,
    all_groups: set[str],
    pool_keywords: set[Keyword],
    problems: list[str],
) -> None:
    p = f"{sp.id} {sp.name}"
    if not _SPECIES_ID.fullmatch(sp.id):
        problems.append(f"{p}: species ids are B01, B02, ...")
    if sp.provenance not in (Provenance.PUBLIC, Provenance.ECOTONE):
        problems.append(f"{p}: a card is 'public' (recovered) or 'ecotone' (designed)")
    if sp.recovered != (sp.provenance is Provenance.PUBLIC):
        problems.append(f"{p}: species are either recovered and 'public', or 'ecotone'")
    _check_source(p, sp.provenance, sp.source, problems)
    _check_designed(p, sp.provenance, sp.designed, DESIGNABLE_SPECIES, problems)
    if sp.printed_latin and sp.provenance is not Provenance.PUBLIC:
        problems.append(f"{p}: only a recovered card has a printed_latin")
    if sp.printed_latin and "latin" not in sp.designed:
        problems.append(f"{p}: a latin name differing from the printed one is designed")
    if not _LATIN.fullmatch(sp.latin):
        problems.append(f"{p}: latin name {sp.latin!r} is not a binomial")
    if not SCALE_MIN <= sp.scale <= SCALE_MAX:
        problems.append(f"{p}: scale {sp.scale} is outside {SCALE_MIN}-{SCALE_MAX}")
    if not 1 <= sp.food_chain <= FOOD_CHAIN_MAX:
        problems.append(f"{p}: food chain {sp.food_chain} is outside 1-{FOOD_CHAIN_MAX}")
    _check_diet(p, sp, problems)
    for name, values in (("climates", sp.climates), ("terrains", sp.terrains)):
        if not values:
            problems.append(f"{p}: no {name}")
        if len(set(values)) != len(values):
            problems.append(f"{p}: repeated {name}")
    if len(set(sp.keywords)) != len(sp.keywords):
        problems.append(f"{p}: repeated keywords")
    if sp.locale not in cs.legs:
        problems.append(f"{p}: unknown locale {sp.locale!r}")
    if sp.movement is None and sp.food_chain > 1:
        problems.append(f"{p}: an animal needs a MOVE or a FLIGHT")
    if sp.movement is not None and not 1 <= sp.movement.n <= MOVE_MAX:
        problems.append(f"{p}: {sp.movement.kind} {sp.movement.n} is outside 1-{MOVE_MAX}")
    expected = formula_points(sp)
    designed_points = sp.provenance is Provenance.ECOTONE or "points" in sp.designed
    if designed_points and sp.points != expected:
        problems.append(f"{p}: designed points {sp.points}, the formula gives {expected}")
    elif "terrains" in sp.designed and sp.points != expected:
        # the printed value is kept; our terrains must be ones that reproduce it
        problems.append(
            f"{p}: printed points {sp.points}, but with the designed terrains the formula "
            f"gives {expected}"
        )
    if sp.points < 0:
        problems.append(f"{p}: negative points")
    if not sp.fact or len(sp.fact) > FACT_MAX or not sp.fact.endswith("."):
        problems.append(f"{p}: a fact is one sentence of at most {FACT_MAX} characters")
    if not sp.eats or not all(sp.eats):
        problems.append(f"{p}: eats must list what it really eats")
    if not sp.lives:
        problems.append(f"{p}: lives must say where it really lives")
    if not sp.groups or not all(sp.groups):
        problems.append(f"{p}: groups must say what it is (mammal, tree, ...)")
    _check_card_text(p, sp, all_groups, pool_keywords, problems)


def _check_diet(p: str, sp: Species, problems: list[str]) -> None:
    fc = sp.food_chain
    if sp.diet is Diet.PHOTOSYNTHETIC and fc != 1:
        problems.append(f"{p}: a photosynthetic species is food chain 1, not {fc}")
    if fc == 1 and sp.diet not in (Diet.PHOTOSYNTHETIC, Diet.CARBON):
        problems.append(f"{p}: a {sp.diet} at food chain 1 (only autotrophs are)")
    if sp.diet is Diet.HERBIVORE and fc != 2:
        problems.append(f"{p}: a herbivore is food chain 2, not {fc}")
    if sp.diet is Diet.CARNIVORE and fc < 3:
        problems.append(f"{p}: a carnivore is food chain 3 or more, not {fc}")
    if sp.diet is Diet.OMNIVORE and fc < 2:
        problems.append(f"{p}: an omnivore is food chain 2 or more, not {fc}")
    if sp.diet is Diet.CARBON and sp.feeds_on_keyword is None and not sp.hosts:
        problems.append(f"{p}: a black-circle diet needs card text naming its food")


def _check_card_text(
    p: str,
    sp: Species,
    all_groups: set[str],
    pool_keywords: set[Keyword],
    problems: list[str],
) -> None:
    special = (
        sp.diet is Diet.CARBON
        or bool(set(sp.keywords) - {Keyword.EXTINCT})
        or sp.feeds_on_keyword is not None
        or sp.feeds_in_terrain is not None
        or sp.needs_pollinator
    )
    if special and not sp.play:
        problems.append(f"{p}: its special rule needs a 'play' card text")
    parasitic = Keyword.PARASITIC in sp.keywords
    if parasitic != bool(sp.hosts):
        problems.append(f"{p}: PARASITIC cards, and only they, list hosts")
    for host in sp.hosts:
        if host not in all_groups:
            problems.append(f"{p}: no species in the pool is a host of group {host!r}")
    if sp.feeds_on_keyword is not None and sp.feeds_on_keyword not in pool_keywords:
        problems.append(f"{p}: no species in the pool is {sp.feeds_on_keyword}")
    if sp.needs_pollinator:
        if sp.diet is not Diet.PHOTOSYNTHETIC:
            problems.append(f"{p}: only plants need a pollinator")
        if Keyword.POLLINATOR not in pool_keywords:
            problems.append(f"{p}: needs a POLLINATOR but the pool has none")


def _check_event(ev: Event, problems: list[str]) -> None:
    p = f"{ev.id} {ev.name}"
    if not _EVENT_ID.fullmatch(ev.id):
        problems.append(f"{p}: event ids are E01, E02, ...")
    if ev.provenance not in (Provenance.PUBLIC, Provenance.ECOTONE):
        problems.append(f"{p}: a card is 'public' (recovered) or 'ecotone' (designed)")
    if ev.recovered and ev.provenance is not Provenance.PUBLIC:
        problems.append(f"{p}: a recovered card is 'public'")
    _check_source(p, ev.provenance, ev.source, problems)
    _check_designed(p, ev.provenance, ev.designed, DESIGNABLE_EVENT, problems)
    if not ev.text:
        problems.append(f"{p}: no card text")
    eff = ev.effect
    if isinstance(eff, Negate) != (ev.timing is Timing.REACTION):
        problems.append(f"{p}: negating events, and only they, are reactions")
    if isinstance(eff, DiscardTarget) and not 0 <= eff.min_scale <= SCALE_MAX:
        problems.append(f"{p}: min_scale {eff.min_scale} is outside 0-{SCALE_MAX}")
    if isinstance(eff, DiscardChain) and not 1 <= eff.max_food_chain <= FOOD_CHAIN_MAX:
        problems.append(f"{p}: max_food_chain {eff.max_food_chain} is out of range")
    if isinstance(eff, Recover) and eff.count < 1:
        problems.append(f"{p}: recover count must be at least 1")
    if isinstance(eff, DrawBonus) and eff.draws < 2:
        problems.append(f"{p}: a draw bonus draws at least 2")


# -- the deck rules, each written once ------------------------------------------------------
# Each rule returns its problems, with a stable code and the words a player reads; the
# data file's own decks and pile (validation above), a player's deck file and the deck
# builders all ask these same functions.

DECK_SIZE: Final = "phylo/deck-size"
DECK_CARD: Final = "phylo/deck-card"
DECK_COPIES: Final = "phylo/deck-copies"
DECK_PRODUCERS: Final = "phylo/deck-producers"
DECK_EVENTS: Final = "phylo/deck-events"
DECK_UNPLAYABLE: Final = "phylo/deck-unplayable"
DECK_NAME: Final = "phylo/deck-name"


def rule_cards(cs: CardSet, ids: Sequence[str]) -> list[DeckProblem]:
    """Every card is one of the pool's."""
    return [
        DeckProblem(DECK_CARD, f"unknown card {cid!r}", (cid,))
        for cid in sorted(set(ids))
        if cid not in cs.by_id
    ]


def rule_copies(ids: Sequence[str], max_copies: int) -> list[DeckProblem]:
    """No card more than ``max_copies`` times."""
    return [
        DeckProblem(DECK_COPIES, f"{n} copies of {cid}, at most {max_copies}", (cid,))
        for cid, n in sorted(Counter(ids).items())
        if n > max_copies
    ]


def rule_playable(cs: CardSet, ids: Sequence[str]) -> list[DeckProblem]:
    """Every species can be played from the deck's own cards (:func:`playable`)."""
    members = cs.deck_species(ids)
    ok = playable(members)
    return [
        DeckProblem(
            DECK_UNPLAYABLE,
            f"{sp.id} {sp.name} cannot be played (no food or host in the deck)",
            (sp.id,),
        )
        for sp in dict.fromkeys(members)
        if sp.id not in ok
    ]


def rule_size(ids: Sequence[str]) -> list[DeckProblem]:
    """A constructed deck has :data:`DECK_MIN` to :data:`DECK_MAX` cards."""
    n = len(ids)
    if DECK_MIN <= n <= DECK_MAX:
        return []
    return [DeckProblem(DECK_SIZE, f"{n} cards, a deck has {DECK_MIN}-{DECK_MAX}")]


def rule_producers(cs: CardSet, ids: Sequence[str]) -> list[DeckProblem]:
    """At least :data:`DECK_MIN_AUTOTROPHS` FC1 species."""
    autotrophs = sum(1 for sp in cs.deck_species(ids) if sp.food_chain == 1)
    if autotrophs >= DECK_MIN_AUTOTROPHS:
        return []
    return [
        DeckProblem(DECK_PRODUCERS, f"{autotrophs} FC1 species, at least {DECK_MIN_AUTOTROPHS}")
    ]


def rule_events(cs: CardSet, ids: Sequence[str]) -> list[DeckProblem]:
    """At most :data:`DECK_MAX_EVENTS` events."""
    events = sum(1 for cid in ids if cid in cs.events)
    if events <= DECK_MAX_EVENTS:
        return []
    return [DeckProblem(DECK_EVENTS, f"{events} events, at most {DECK_MAX_EVENTS}")]


def constructed_problems(cs: CardSet, ids: Sequence[str]) -> list[DeckProblem]:
    """Every constructed-deck rule the cards ``ids`` (one per copy) break."""
    return [
        *rule_size(ids),
        *rule_cards(cs, ids),
        *rule_copies(ids, DECK_MAX_COPIES),
        *rule_playable(cs, ids),
        *rule_producers(cs, ids),
        *rule_events(cs, ids),
    ]


def _check_pile(cs: CardSet, pile: Pile, problems: list[str]) -> None:
    what = f"shared pile {pile.name!r}"
    n = len(pile.cards)
    if not PILE_MIN <= n <= PILE_MAX:
        problems.append(f"{what}: {n} cards, the rulebook's deck has about 60")
    found = [
        *rule_cards(cs, pile.cards),
        *rule_copies(pile.cards, PILE_MAX_COPIES),
        *rule_playable(cs, pile.cards),
    ]
    problems += [f"{what}: {p.message}" for p in found]
    for card in cs.recovered:
        if card.id not in pile.cards:
            problems.append(f"{what}: the recovered card {card.id} {card.name} is missing")


def deck_problems(cs: CardSet, deck: Deck) -> list[str]:
    """Every constructed-deck rule ``deck`` breaks, in words (empty for a legal deck)."""
    return [p.message for p in constructed_problems(cs, deck.cards)]


def _check_deck(cs: CardSet, deck: Deck, problems: list[str]) -> None:
    problems += [f"deck {deck.name!r}: {m}" for m in deck_problems(cs, deck)]
