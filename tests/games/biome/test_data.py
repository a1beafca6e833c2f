"""The data files against the rulebook's counts, and the validators against broken data."""

from __future__ import annotations

import re
from collections import Counter
from importlib import resources

import pytest

from ecotone.core.errors import DataError
from ecotone.core.spec import Provenance
from ecotone.games.biome.board import formations, parse_boards
from ecotone.games.biome.cards import cards, parse_cards
from ecotone.games.biome.tiles import Layer, parse_tiles, tiles


def text(name: str) -> str:
    return resources.files("ecotone.games.biome.data").joinpath(name).read_text("utf-8")


def test_rulebook_counts() -> None:
    cs = cards()
    kinds = Counter(c.kind for c in cs.by_id.values())
    assert kinds == {"animal": 83, "plant": 6, "ability": 6, "disaster": 4}
    assert len(cs.ids) == 99
    levels = Counter(a.level for a in cs.animals.values())
    assert levels == {"primary": 7, "secondary": 15, "apex": 5}
    assert len(cs.bonuses) == 8
    assert len(tiles().tiles) == 45
    assert len(tiles().plants) == 11
    layers = Counter(t.layers for t in tiles().tiles)
    assert sum(layers.values()) == 45
    for f in formations().values():
        per_layer = Counter(f.layer)
        assert per_layer == {Layer.EMERGENT: 7, Layer.CANOPY: 21, Layer.UNDERSTORY: 21}


def test_the_rulebooks_named_facts() -> None:
    a = cards().animals
    for key, points in {
        "lantern-bug": 1,
        "tadpoles": 2,
        "cicada": 1,
        "honey-bee": 2,
        "termites": 2,
        "moon-moth": 1,
        "golden-orb-weaver": 3,
        "rhinoceros-hornbill": 4,
        "sun-bear": 4,
    }.items():
        assert a[key].points == points
    assert a["moon-moth"].habitat == ("fern",)
    assert a["cicada"].habitat == ("meranti-leaves",)
    assert set(a["rhinoceros-hornbill"].prey) == {"tadpoles", "draco-lizard", "flying-frog"}
    assert set(a["barred-eagle-owl"].prey) == {
        "banded-linsang",
        "rhinoceros-hornbill",
        "western-tarsier",
        "keeled-pit-viper",
    }
    assert "termites" in a["sun-bear"].prey
    assert "cicada" in a["golden-orb-weaver"].prey
    assert cards().plant_cards["new-heights-vine"].vine_link
    assert "one-of-a-kind" in cards().bonuses
    assert next(p for p in tiles().plants if p.provenance is Provenance.ECOTONE).key == (
        "pitcher-plant"
    )


def test_every_species_has_a_latin_name_a_fact_and_provenance() -> None:
    binomial = re.compile(r"^[A-Z][a-z]+ [a-z]+$")
    for a in cards().animals.values():
        assert binomial.match(a.latin), a.latin
        assert a.fact.endswith(".")
        assert a.sources
    for p in cards().plant_cards.values():
        assert binomial.match(p.latin), p.latin
        assert p.fact
    for d in cards().disasters.values():
        assert d.fact
        assert d.text


def test_food_chains_go_up_and_reach_five() -> None:
    a = cards().animals
    rank = {"primary": 0, "secondary": 1, "apex": 2}
    for x in a.values():
        for prey in x.prey:
            assert rank[a[prey].level] <= rank[x.level]
            assert a[prey].level != "apex"

    # the longest possible food chain, following the prey lists
    def longest(key: str) -> int:
        eaters = [x.key for x in a.values() if key in x.prey]
        return 1 + max((longest(e) for e in eaters), default=0)

    assert max(longest(k) for k, x in a.items() if x.level == "primary") >= 5


def test_every_habitat_can_be_met_where_the_animal_lives() -> None:
    ts = tiles()
    for x in cards().animals.values():
        zone = {"E"} if x.home == "E" else {"C", "U"}
        for plant in x.habitat:
            grows = set(ts.plants[ts.plant_index[plant]].layers)
            assert grows & zone, (x.key, plant)


def test_tiles_show_two_or_three_plants_and_plants_are_balanced() -> None:
    per_plant: Counter[str] = Counter()
    for t in tiles().tiles:
        assert 2 <= len(t.features) <= 3
        for p, _ in t.features:
            per_plant[tiles().plants[p].key] += 1
    assert min(per_plant.values()) >= 5
    assert any(len(e) == 3 for t in tiles().tiles for _, e in t.features)  # Y-shaped vines


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ('features = ["ML@0", "MF@2"]', 'features = ["ML@0", "XX@2"]', "unknown plant code"),
        ('features = ["ML@0", "MF@2"]', 'features = ["ML@0", "MF@0"]', "two plants on one edge"),
        ('features = ["ML@0", "MF@2"]', 'features = ["ML@024", "MF@1"]', "Y-shaped vine"),
        ('features = ["ML@0", "MF@2"]', 'features = ["ML@0", "HI@2"]', "does not grow"),
        ('id = "T02"', 'id = "T01"', "not unique"),
    ],
)
def test_the_tile_validator_catches_broken_data(old: str, new: str, words: str) -> None:
    broken = text("tiles.toml").replace(old, new, 1)
    with pytest.raises(DataError, match=words):
        parse_tiles(broken)


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        (
            'copies = 4\nprovenance = "rulebook"\nsources = "name, points and habitat (fern, Under',
            'copies = 3\nprovenance = "rulebook"\nsources = "name, points and habitat (fern, Under',
            "83",
        ),
        (
            'prey = ["termites", "honey-bee"]\ncopies = 3',
            'prey = ["clouded-leopard"]\ncopies = 3',
            "higher in the food chain",
        ),
        (
            'prey = ["termites", "honey-bee"]\ncopies = 3',
            'prey = ["unicorn"]\ncopies = 3',
            "unknown prey",
        ),
        (
            'habitat = ["meranti-leaves", "orchid"]',
            'habitat = ["meranti-leaves", "mango"]',
            "cannot be met where it lives",
        ),
        ("points = 7", "points = 9", "scores 5-7"),
        ('key = "drought"', 'key = "forest-fire"', "not unique"),
    ],
)
def test_the_card_validator_catches_broken_data(old: str, new: str, words: str) -> None:
    source = text("cards.toml")
    assert old in source
    with pytest.raises(DataError, match=words):
        parse_cards(source.replace(old, new, 1))


def test_the_board_validator_catches_broken_data() -> None:
    source = text("boards.toml")
    with pytest.raises(DataError, match="overlap"):
        parse_boards(
            source.replace(
                '{ name = "C1", layer = "C", at = [1, 0] }',
                '{ name = "C1", layer = "C", at = [0, 0] }',
                1,
            )
        )
    with pytest.raises(DataError, match="not connected"):
        parse_boards(
            source.replace(
                '{ name = "C1", layer = "C", at = [1, 0] }',
                '{ name = "C1", layer = "C", at = [5, 0] }',
                1,
            )
        )
    with pytest.raises(DataError, match="must be layer"):
        parse_boards(
            source.replace(
                '{ name = "C1", layer = "C", at = [1, 0] }',
                '{ name = "C1", layer = "U", at = [1, 0] }',
                1,
            )
        )
