"""The Phylo: Voyage of the Beagle card pool (data/cards.toml) and its validator."""

from __future__ import annotations

import csv
import re
from collections import Counter
from pathlib import Path

import msgspec
import pytest

from ecotone.core.errors import DataError
from ecotone.core.spec import Provenance
from ecotone.games.phylo.cards import (
    BLACK,
    CardSet,
    Climate,
    Diet,
    DiscardAll,
    DiscardHalfHand,
    Event,
    Keyword,
    MovementKind,
    Negate,
    NegateScope,
    PoolFile,
    SkipTurn,
    Species,
    Terrain,
    Timing,
    cards,
    diet_evidence,
    environment_compatible,
    feeds_on,
    formula_points,
    links_to,
    load_pool,
    parse,
    playable,
    points_formula,
)

# The 15 species recovered from phylogame.org, as printed (research/data/
# phylo_beagle_cards_found.csv): name, printed latin, scale, diet, food chain, points,
# climates, movement. None where the source does not show the value.
RECOVERED_SPECIES: dict[str, tuple[object, ...]] = {
    "B01": ("Megatherium", "Megatherium americanum", 9, "herbivore", 2, 4,
            ("cool", "warm"), ("move", 2)),
    "B02": ("Glyptodon", "Glyptodon", 9, "herbivore", 2, 4, ("cool", "warm"), ("move", 2)),
    "B03": ("Darwin's Tanager", "Pipraeidea darwinii", 5, "omnivore", 3, 3,
            ("cool", "warm"), ("flight", 2)),
    "B04": ("Octopus", "Octopus", 7, "carnivore", 3, None, ("cool", "warm"), ("move", 2)),
    "B05": ("Darwin's Fox", "Lycalopex fulvipes", 7, "omnivore", 3, None,
            ("cool", "warm"), ("move", 2)),
    "B06": ("Marine Iguana", None, None, None, None, None, None, None),
    "B07": ("Galapagos Hawk", "Buteo galapagoensis", 7, "carnivore", 3, None,
            ("cool", "warm"), ("flight", 2)),
    "B08": ("Flying Fish", "Exocoetidae", 6, "carbon-macromolecules", 2, None,
            ("cool", "warm"), ("move", 2)),
    "B09": ("Monkey Puzzle Tree", "Araucaria araucana", 9, "photosynthetic", 1, 1,
            ("cold", "cool", "warm"), None),
    "B10": ("Galapagos giant tortoise", "Chelonoidis nigra", 8, "herbivore", 2, None,
            None, None),
    "B11": ("Chile Darwin's Frog", "Rhinoderma rufum", 4, "carnivore", 3, None,
            ("cool", "warm"), ("move", 2)),
    "B12": ("Duck-billed Platypus", "Ornithorhynchus anatinus", 6, "carnivore", 3, 8,
            ("cool", "warm"), ("move", 2)),
    "B13": ("Fitzroy Dolphin", "Lagenorhynchus obscurus", 8, "carnivore", 3, 8,
            ("cool", "warm"), ("move", 2)),
    "B14": (None, "Anthozoa", 9, "carbon-macromolecules", 1, None, ("cool", "warm"), None),
    "B15": ("Darwin's Rhea", "Rhea pennata", 7, "omnivore", 3, 3, ("cool", "warm"),
            ("move", 2)),
}  # fmt: skip

RECOVERED_EVENTS = {
    "E01": "Beagle Runs Ashore",
    "E02": "Rough Seas",
    "E03": "Specimen Preservation",
    "E04": "Darwin Gets Seasick",
    "E05": "Then and Now",
}

# Every recovered card that shows its points; seed-data 5.1 finds all of them consistent
# with the phylogame formula (none deviates).
RECOVERED_POINTS = {"B01": 4, "B02": 4, "B03": 3, "B09": 1, "B12": 8, "B13": 8, "B15": 3}

FOUND_CSV = Path("/work/shared/research/data/phylo_beagle_cards_found.csv")


@pytest.fixture(scope="module")
def raw() -> PoolFile:
    return load_pool()


# -- loading and counts -----------------------------------------------------------------------


def test_the_pool_loads_once() -> None:
    assert cards() is cards()
    cs = cards()
    assert set(cs.by_id) == set(cs.species) | set(cs.events)


def test_pool_counts() -> None:
    cs = cards()
    assert len(cs.species) == 58
    assert len(cs.events) == 15
    by_chain = Counter(sp.food_chain for sp in cs.species.values())
    assert by_chain == {1: 19, 2: 20, 3: 19}
    # roughly a third autotrophs, so chains can be built
    assert by_chain[1] * 3 >= len(cs.species) - 1
    # no decomposers: the Beagle rules do not cover them
    assert {sp.diet for sp in cs.species.values()} == set(Diet)


def test_ids_are_stable_and_typed() -> None:
    cs = cards()
    assert sorted(cs.species) == [f"B{n:02d}" for n in range(1, 59)]
    assert sorted(cs.events) == [f"E{n:02d}" for n in range(1, 16)]
    assert all(sp.kind == "species" for sp in cs.species.values())
    assert all(ev.kind == "event" for ev in cs.events.values())


# -- the recovered cards ---------------------------------------------------------------------


def test_twenty_recovered_cards() -> None:
    cs = cards()
    rec = cs.recovered
    assert len(rec) == 20
    assert {c.id for c in rec} == set(RECOVERED_SPECIES) | set(RECOVERED_EVENTS)
    for card in rec:
        assert card.provenance is Provenance.PUBLIC
        assert "phylogame.org" in card.source, card.id


@pytest.mark.parametrize("cid", sorted(RECOVERED_SPECIES))
def test_recovered_species_keep_their_printed_values(cid: str) -> None:
    name, latin, scale, diet, chain, points, climates, movement = RECOVERED_SPECIES[cid]
    sp = cards().species[cid]
    if name is not None:
        assert sp.name == name
        assert "name" not in sp.designed
    if latin is not None:
        assert (sp.printed_latin or sp.latin) == latin
    if scale is not None:
        assert sp.scale == scale
        assert "scale" not in sp.designed
    if diet is not None:
        assert sp.diet == diet
        assert sp.food_chain == chain
    if points is not None:
        assert sp.points == points
        assert "points" not in sp.designed
    else:
        assert "points" in sp.designed
    if climates is not None:
        assert sp.climates == climates
        assert "climates" not in sp.designed
    else:
        assert "climates" in sp.designed
    if movement is not None:
        assert sp.movement is not None
        assert (sp.movement.kind, sp.movement.n) == movement
    # terrain icons and locale colours were never recovered
    assert "terrains" in sp.designed


def test_recovered_keywords_and_card_text() -> None:
    sp = cards().species
    assert sp["B01"].keywords == (Keyword.EXTINCT,)
    assert sp["B02"].keywords == (Keyword.EXTINCT,)
    assert sp["B08"].feeds_on_keyword is Keyword.PLANKTON
    assert sp["B14"].feeds_on_keyword is Keyword.PLANKTON
    assert sp["B12"].feeds_in_terrain is Terrain.FRESHWATER
    # beta cards give the locale: Chiloe to Callao; Buenos Aires to Port Famine
    assert sp["B09"].locale == "chile-peru"
    assert sp["B15"].locale == "plata-patagonia"
    assert "locale" not in sp["B09"].designed
    assert "locale" not in sp["B15"].designed


def test_recovered_events() -> None:
    ev = cards().events
    for cid, name in RECOVERED_EVENTS.items():
        assert ev[cid].name == name
    for cid in ("E01", "E02"):
        assert ev[cid].effect == SkipTurn(who="opponents")
        assert ev[cid].timing is Timing.START_OF_TURN
    assert ev["E03"].effect == Negate(scope=NegateScope.ON_OWN_SPECIES)
    assert ev["E03"].timing is Timing.REACTION
    assert ev["E04"].effect == DiscardHalfHand(who="opponents")
    assert ev["E05"].effect == DiscardAll(keyword=Keyword.EXTINCT)
    assert ev["E05"].timing is Timing.START_OF_TURN


@pytest.mark.skipif(not FOUND_CSV.exists(), reason="the research folder is not present")
def test_recovered_values_match_the_research_csv() -> None:
    with FOUND_CSV.open(encoding="utf-8") as fh:
        rows = {r["name"]: r for r in csv.DictReader(fh)}
    by_name = {sp.name: sp for sp in cards().species.values()}
    for name, row in rows.items():
        if row["card_type"] != "species" or not row["scale"] or name not in by_name:
            continue
        sp = by_name[name]
        assert sp.scale == int(row["scale"]), name
        assert sp.diet == row["diet"], name
        assert sp.food_chain == int(row["foodchain"]), name
        if row["climate"]:
            assert [str(c) for c in sp.climates] == row["climate"].split(","), name
        if row["points"]:
            assert sp.points == int(row["points"].split()[0]), name
    event_names = {ev.name for ev in cards().events.values()}
    assert {n for n, r in rows.items() if r["card_type"] == "event"} <= event_names


# -- the points formula -----------------------------------------------------------------------


@pytest.mark.parametrize(("cid", "points"), sorted(RECOVERED_POINTS.items()))
def test_formula_reproduces_every_recovered_points_value(cid: str, points: int) -> None:
    assert formula_points(cards().species[cid]) == points


def test_points_formula_modifiers() -> None:
    # bases
    assert points_formula(Diet.CARNIVORE, 3, terrains=2, climates=2) == 7
    assert points_formula(Diet.HERBIVORE, 2, terrains=2, climates=2) == 4
    assert points_formula(Diet.OMNIVORE, 3, terrains=2, climates=2) == 3
    assert points_formula(Diet.PHOTOSYNTHETIC, 1, terrains=2, climates=2) == 2
    # terrains and climates: 1 -> +1, 2 -> 0, 3+ -> -1
    assert points_formula(Diet.HERBIVORE, 2, terrains=1, climates=1) == 6
    assert points_formula(Diet.HERBIVORE, 2, terrains=3, climates=4) == 2
    # MOVE/FLIGHT of 3 or more, INVASIVE
    assert points_formula(Diet.CARNIVORE, 3, terrains=2, climates=2, reach=2) == 7
    assert points_formula(Diet.CARNIVORE, 3, terrains=2, climates=2, reach=3) == 6
    assert points_formula(Diet.OMNIVORE, 3, terrains=2, climates=2, invasive=True) == 2
    # the black circle takes the base of the level it feeds at (Ecotone's reading)
    assert points_formula(Diet.CARBON, 1, terrains=1, climates=2) == 3
    assert points_formula(Diet.CARBON, 2, terrains=1, climates=2) == 5
    assert points_formula(Diet.CARBON, 3, terrains=1, climates=2) == 8


def test_every_designed_points_value_is_the_formula() -> None:
    for sp in cards().species.values():
        if sp.provenance is Provenance.ECOTONE or "points" in sp.designed:
            assert sp.points == formula_points(sp), sp.id


# -- ecological content -----------------------------------------------------------------------


def test_latin_names_are_binomials() -> None:
    for sp in cards().species.values():
        assert re.fullmatch(r"[A-Z][a-z]+ [a-z]+( [a-z]+)?", sp.latin), sp.latin
    assert len({sp.latin for sp in cards().species.values()}) == 58


def test_every_species_has_fact_eats_lives_groups() -> None:
    for sp in cards().species.values():
        assert 20 < len(sp.fact) <= 200, sp.id
        assert sp.fact.endswith("."), sp.id
        assert sp.eats, sp.id
        assert all(e.strip() for e in sp.eats), sp.id
        assert len(sp.lives) > 10, sp.id
        assert sp.groups, sp.id


def test_diet_and_food_chain_agree() -> None:
    for sp in cards().species.values():
        if sp.diet is Diet.PHOTOSYNTHETIC:
            assert sp.food_chain == 1, sp.id
        if sp.food_chain == 1:
            assert sp.diet in (Diet.PHOTOSYNTHETIC, Diet.CARBON), sp.id
        if sp.diet is Diet.HERBIVORE:
            assert sp.food_chain == 2, sp.id
        if sp.diet is Diet.CARNIVORE:
            assert sp.food_chain >= 3, sp.id
        if sp.food_chain > 1:
            assert sp.movement is not None, sp.id


def test_every_consumer_can_really_eat_something_it_may_sit_next_to() -> None:
    """For each animal the pool offers a legal neighbour its real diet names (no bluff)."""
    pool = list(cards().species.values())
    for sp in pool:
        if sp.diet is Diet.PHOTOSYNTHETIC:
            continue
        honest = [f.id for f in pool if links_to(sp, f) and diet_evidence(sp, f)]
        assert honest, sp.id


def test_diet_evidence_examples() -> None:
    sp = cards().species
    assert diet_evidence(sp["B50"], sp["B35"]) == "capybaras"  # jaguar, capybara
    assert diet_evidence(sp["B13"], sp["B38"]) == "anchovies"  # dolphin, anchovy
    assert diet_evidence(sp["B36"], sp["B22"]) == "grasses"  # guanaco, pampas grass
    assert diet_evidence(sp["B06"], sp["B18"]) == "red and green seaweed"
    assert diet_evidence(sp["B50"], sp["B22"]) is None  # a jaguar does not eat grass
    assert diet_evidence(sp["B34"], sp["B20"]) is not None  # "plants" matches a plant
    assert diet_evidence(sp["B49"], sp["B34"]) is not None  # "insects" matches an ant


def test_special_rules() -> None:
    sp = cards().species
    invasive = {s.id for s in sp.values() if Keyword.INVASIVE in s.keywords}
    assert invasive == {"B23", "B47"}
    assert sp["B53"].hosts == ("mammal", "bird")
    assert Keyword.PARASITIC in sp["B53"].keywords
    assert sp["B27"].needs_pollinator
    pollinators = {s.id for s in sp.values() if Keyword.POLLINATOR in s.keywords}
    assert pollinators == {"B40", "B41", "B44"}
    plankton = {s.id for s in sp.values() if Keyword.PLANKTON in s.keywords}
    assert plankton == {"B16", "B17", "B37"}
    for s in sp.values():
        if s.keywords and set(s.keywords) != {Keyword.EXTINCT}:
            assert s.play, s.id


def test_food_rule() -> None:
    sp = cards().species
    assert feeds_on(sp["B50"], sp["B35"])  # carnivore on smaller FC2 prey
    assert not feeds_on(sp["B49"], sp["B35"])  # kingfisher (6) on capybara (7): too big
    assert not feeds_on(sp["B04"], sp["B16"])  # a carnivore never eats an autotroph
    assert feeds_on(sp["B36"], sp["B24"])  # herbivore on any FC1
    assert feeds_on(sp["B05"], sp["B09"])  # omnivore on a plant of any scale
    assert feeds_on(sp["B08"], sp["B37"])  # flying fish on PLANKTON (card text)
    assert not feeds_on(sp["B08"], sp["B18"])  # sea lettuce is no PLANKTON
    assert feeds_on(sp["B12"], sp["B46"])  # platypus on a FRESHWATER card
    assert feeds_on(sp["B53"], sp["B05"])  # PARASITIC on a mammal host, any scale
    assert not feeds_on(sp["B53"], sp["B39"])  # not on a beetle
    assert environment_compatible(sp["B50"], sp["B35"])
    assert environment_compatible(sp["B08"], sp["B04"])  # black border matches any leg
    assert not environment_compatible(sp["B04"], sp["B13"])  # different legs


def test_climates_terrains_locales_are_from_the_vocabularies() -> None:
    cs = cards()
    for sp in cs.species.values():
        assert set(sp.climates) <= set(Climate)
        assert set(sp.terrains) <= set(Terrain) - {Terrain.URBAN}, sp.id
        assert sp.locale in cs.legs
    used = Counter(sp.locale for sp in cs.species.values())
    assert set(used) == set(cs.legs)  # every leg and the black border have cards
    flyers = [sp for sp in cs.species.values() if sp.flies]
    assert flyers
    assert all(sp.movement and sp.movement.kind is MovementKind.FLIGHT for sp in flyers)


# -- legs and vocabularies --------------------------------------------------------------------


def test_legs(raw: PoolFile) -> None:
    legs = {leg.id: leg for leg in raw.legs}
    assert len(legs) == 6
    assert BLACK in legs
    assert legs[BLACK].provenance is Provenance.RULEBOOK
    named = {"Cape Verde, Bahia, Rio de Janeiro", "Montevideo, Falkland Islands"}
    named |= {"Callao, Lima, Valparaiso"}
    assert {leg.name for leg in raw.legs if leg.provenance is Provenance.RULEBOOK} >= named
    assert len({leg.colour for leg in raw.legs}) == 6


def test_vocabulary_tables_match_the_enums(raw: PoolFile) -> None:
    assert [t.id for t in raw.climates] == [str(c) for c in Climate]
    assert [t.id for t in raw.terrains] == [str(t) for t in Terrain]
    assert [t.id for t in raw.diets] == [str(d) for d in Diet]
    assert [t.id for t in raw.keywords] == [str(k) for k in Keyword]
    assert all(t.provenance is Provenance.RULEBOOK for t in raw.climates)


def test_every_effect_kind_is_used() -> None:
    kinds = {type(ev.effect).__name__ for ev in cards().events.values()}
    assert kinds == {
        "DiscardTarget",
        "DiscardChain",
        "SpreadDiscard",
        "Negate",
        "SkipTurn",
        "DiscardHalfHand",
        "DiscardAll",
        "Recover",
        "DrawBonus",
    }
    for ev in cards().events.values():
        assert isinstance(ev, Event)
        assert ev.text
        assert (ev.timing is Timing.REACTION) == isinstance(ev.effect, Negate)


# -- the shared pile and the decks ------------------------------------------------------------


def test_shared_pile() -> None:
    cs = cards()
    assert len(cs.pile) == 60
    assert max(cs.pile_counts.values()) == 1
    assert {c.id for c in cs.recovered} <= set(cs.pile)
    members = cs.deck_species(cs.pile)
    assert playable(members) == {sp.id for sp in members}
    assert sum(1 for cid in cs.pile if cid in cs.events) == 10


def test_four_constructed_decks() -> None:
    cs = cards()
    assert len(cs.decks) == 4
    for deck in cs.decks.values():
        assert len(deck.cards) == 25, deck.name
        assert len(set(deck.cards)) == 25, deck.name
        members = cs.deck_species(deck.cards)
        assert sum(1 for sp in members if sp.food_chain == 1) >= 8, deck.name
        assert sum(1 for cid in deck.cards if cid in cs.events) <= 5, deck.name
        assert playable(members) == {sp.id for sp in members}, deck.name
        assert deck.summary
        assert deck.strategy


def test_describe() -> None:
    cs = cards()
    assert cs.describe("B12") == "B12 Duck-billed Platypus (Ornithorhynchus anatinus)"
    assert cs.describe("E02") == "E02 Rough Seas"


# -- the validator rejects broken data --------------------------------------------------------


def _broken(raw: PoolFile, **changes: object) -> DataError:
    with pytest.raises(DataError) as info:
        CardSet(msgspec.structs.replace(raw, **changes))
    assert info.value.code == "data/invalid"
    assert "cards.toml" in info.value.message
    return info.value


def _species(raw: PoolFile, cid: str, **changes: object) -> tuple[Species | Event, ...]:
    return tuple(msgspec.structs.replace(c, **changes) if c.id == cid else c for c in raw.cards)


def test_the_real_data_passes(raw: PoolFile) -> None:
    assert len(CardSet(raw).species) == 58


def test_validator_rejects_a_duplicate_id(raw: PoolFile) -> None:
    err = _broken(raw, cards=(*raw.cards, raw.cards[0]))
    assert "duplicate id B01" in err.message


def test_validator_rejects_an_unknown_deck_card(raw: PoolFile) -> None:
    deck = raw.decks[0]
    bad = msgspec.structs.replace(deck, cards=(*deck.cards[:-1], "B99"))
    err = _broken(raw, decks=(bad, *raw.decks[1:]))
    assert "deck 'Enchanted Isles': unknown card 'B99'" in err.message


def test_validator_rejects_an_unknown_pile_card(raw: PoolFile) -> None:
    pile = msgspec.structs.replace(raw.shared_pile, cards=(*raw.shared_pile.cards, "E99"))
    assert "unknown card 'E99'" in _broken(raw, shared_pile=pile).message


def test_validator_rejects_wrong_designed_points(raw: PoolFile) -> None:
    err = _broken(raw, cards=_species(raw, "B16", points=4))
    assert "B16 Sea Sawdust: designed points 4, the formula gives 3" in err.message


def test_validator_keeps_printed_points_and_checks_designed_terrains(raw: PoolFile) -> None:
    # the Platypus prints 8 points: one designed terrain too many breaks the formula
    err = _broken(raw, cards=_species(raw, "B12", terrains=(Terrain.FRESHWATER, Terrain.FOREST)))
    assert "B12 Duck-billed Platypus: printed points 8, but with the designed terrains" in (
        err.message
    )


def test_validator_rejects_a_carnivore_at_food_chain_1(raw: PoolFile) -> None:
    err = _broken(raw, cards=_species(raw, "B48", food_chain=1))
    assert "B48 Brown Booby: a carnivore is food chain 3 or more, not 1" in err.message
    assert "B48 Brown Booby: a carnivore at food chain 1" in err.message


def test_validator_rejects_a_herbivore_off_food_chain_2(raw: PoolFile) -> None:
    err = _broken(raw, cards=_species(raw, "B35", food_chain=3))
    assert "B35 Capybara: a herbivore is food chain 2, not 3" in err.message


def test_validator_rejects_an_unknown_locale(raw: PoolFile) -> None:
    err = _broken(raw, cards=_species(raw, "B20", locale="mauritius"))
    assert "B20 Brazilwood: unknown locale 'mauritius'" in err.message


def test_validator_rejects_a_non_binomial(raw: PoolFile) -> None:
    err = _broken(raw, cards=_species(raw, "B20", latin="Paubrasilia"))
    assert "B20 Brazilwood: latin name 'Paubrasilia' is not a binomial" in err.message


def test_validator_rejects_missing_facts(raw: PoolFile) -> None:
    err = _broken(raw, cards=_species(raw, "B20", fact="", eats=(), lives=""))
    assert "B20 Brazilwood: a fact is one sentence" in err.message
    assert "B20 Brazilwood: eats must list" in err.message
    assert "B20 Brazilwood: lives must say" in err.message


def test_validator_rejects_a_public_card_without_source(raw: PoolFile) -> None:
    err = _broken(raw, cards=_species(raw, "B13", source=""))
    assert "B13 Fitzroy Dolphin: a public record must name its source" in err.message


def test_validator_rejects_designed_on_an_ecotone_card(raw: PoolFile) -> None:
    err = _broken(raw, cards=_species(raw, "B20", designed=("terrains",)))
    assert "B20 Brazilwood: an ecotone record is designed throughout" in err.message


def test_validator_rejects_a_parasite_without_hosts(raw: PoolFile) -> None:
    err = _broken(raw, cards=_species(raw, "B53", hosts=()))
    assert "B53 Vampire Bat: PARASITIC cards, and only they, list hosts" in err.message


def test_validator_rejects_a_deck_whose_predator_starves(raw: PoolFile) -> None:
    deck = raw.decks[1]  # Atlantic Coast: the jaguar's only prey is the capybara
    assert "B35" in deck.cards
    bad = msgspec.structs.replace(deck, cards=tuple("B46" if c == "B35" else c for c in deck.cards))
    err = _broken(raw, decks=(raw.decks[0], bad, *raw.decks[2:]))
    assert "deck 'Atlantic Coast': B50 Jaguar cannot be played" in err.message


def test_validator_rejects_deck_rule_breaches(raw: PoolFile) -> None:
    deck = raw.decks[0]
    doubled = msgspec.structs.replace(deck, cards=(*deck.cards, deck.cards[-1]))
    err = _broken(raw, decks=(doubled, *raw.decks[1:]))
    assert "2 copies of E03, at most 1" in err.message
    short = msgspec.structs.replace(deck, cards=deck.cards[:20])
    assert "20 cards, a deck has 23-27" in _broken(raw, decks=(short,)).message
    events = ("E01", "E02", "E04", "E05", "E07", "E09")
    many = msgspec.structs.replace(deck, cards=(*deck.cards[:-2], *events))
    assert "6 events, at most 5" in _broken(raw, decks=(many,)).message


def test_validator_rejects_a_pile_missing_a_recovered_card(raw: PoolFile) -> None:
    cards_ = tuple(c for c in raw.shared_pile.cards if c != "E05")
    pile = msgspec.structs.replace(raw.shared_pile, cards=cards_)
    err = _broken(raw, shared_pile=pile)
    assert "the recovered card E05 Then and Now is missing" in err.message


def test_validator_rejects_a_tiny_pile(raw: PoolFile) -> None:
    pile = msgspec.structs.replace(raw.shared_pile, cards=raw.shared_pile.cards[:30])
    assert "30 cards, the rulebook's deck has about 60" in _broken(raw, shared_pile=pile).message


def test_validator_rejects_bad_legs(raw: PoolFile) -> None:
    err = _broken(raw, legs=raw.legs[:-1])
    assert "there must be 5 legs plus 'black'" in err.message


def test_validator_lists_every_problem(raw: PoolFile) -> None:
    bad = _species(raw, "B48", food_chain=1)
    bad = tuple(msgspec.structs.replace(c, points=9) if c.id == "B16" else c for c in bad)
    err = _broken(raw, cards=bad)
    assert "B48 Brown Booby" in err.message
    assert "B16 Sea Sawdust: designed points 9" in err.message


def test_parse_rejects_values_outside_the_vocabularies() -> None:
    from ecotone.core.data import load_text

    text = load_text("ecotone.games.phylo.data", "cards.toml")
    assert parse(text).species.keys() == cards().species.keys()
    with pytest.raises(DataError, match="Invalid enum value 'tepid'") as info:
        parse(text.replace('climates = ["warm", "hot"]', 'climates = ["tepid"]', 1))
    assert info.value.code == "data/invalid"
    with pytest.raises(DataError):
        parse(text.replace('effect = {kind = "recover"', 'effect = {kind = "teleport"', 1))


def test_the_rules_document_has_a_field_guide_as_in_the_data() -> None:
    """Every species card's row in §Field guide: id, name, latin name, fact, provenance."""
    doc = Path(__file__).resolve().parents[3] / "docs" / "rules" / "phylo.md"
    guide = doc.read_text(encoding="utf-8").split("\n## Field guide\n", 1)[1].split("\n## ", 1)[0]
    listed = [line for line in guide.splitlines() if line.startswith("| B")]
    expected = [
        f"| {c.id} | {c.name} (*{c.latin}*) | {c.fact} | {c.provenance.value} |"
        for c in cards().by_id.values()
        if isinstance(c, Species)
    ]
    missing = [row for row in expected if row not in listed]
    assert not missing, "rows to write in §Field guide:\n" + "\n".join(missing)
    assert len(listed) == len(expected)
