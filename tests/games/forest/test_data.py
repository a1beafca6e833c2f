"""The card data (data/cards.toml) and its validator."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import msgspec
import pytest

from ecotone.core.data import decode, load, load_text
from ecotone.core.errors import DataError
from ecotone.core.spec import Provenance
from ecotone.games.forest.cards import LEVELS, CardSet, Level, _File, cards

LEVEL_KEYS = ("ground", "first", "second", "canopy")
ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rules" / "once-upon-a-forest.md"


@pytest.fixture(scope="module")
def raw() -> _File:
    return load("ecotone.games.forest.data", "cards.toml", _File)


def test_64_cards_with_unique_ids() -> None:
    cs = cards()
    assert len(cs.ids) == 64
    assert len(set(cs.ids)) == 64
    assert set(cs.by_id) == set(cs.ids)


def test_16_cards_per_level_with_ids_by_level() -> None:
    cs = cards()
    per_level = Counter(cs.level_of.values())
    assert per_level == dict.fromkeys(LEVELS, 16)
    prefix = {Level.GROUND: "G", Level.FIRST: "F", Level.SECOND: "S", Level.CANOPY: "C"}
    for cid, lv in cs.level_of.items():
        assert re.fullmatch(rf"{prefix[lv]}(0[1-9]|1[0-6])", cid), cid


def test_level_titles() -> None:
    assert [lv.title for lv in LEVELS] == ["Ground", "1st level", "2nd level", "Canopy"]
    assert [int(lv) for lv in LEVELS] == [0, 1, 2, 3]


def test_four_start_cards_are_plain_ground_cards() -> None:
    cs = cards()
    assert cs.start_ids == ("G13", "G14", "G15", "G16")
    for cid in cs.start_ids:
        card = cs.by_id[cid]
        assert card.row is Level.GROUND
        assert card.species is None
        assert not card.chainsaw
    # no other card is a start card
    assert sum(c.start for c in cs.by_id.values()) == 4


def test_eight_species_two_per_level_five_cards_each() -> None:
    cs = cards()
    assert len(cs.species) == 8
    assert Counter(s.level for s in cs.species.values()) == dict.fromkeys(LEVEL_KEYS, 2)
    on_cards = Counter(c.species for c in cs.by_id.values() if c.species)
    assert on_cards == dict.fromkeys(cs.species, 5)
    for card in cs.by_id.values():
        if card.species:
            assert cs.species[card.species].level == card.level, card.id


def test_twelve_chainsaws_three_per_level_one_with_an_animal() -> None:
    cs = cards()
    saws = [c for c in cs.by_id.values() if c.chainsaw]
    assert len(saws) == 12
    for key in LEVEL_KEYS:
        here = [c for c in saws if c.level == key]
        assert len(here) == 3, key
        assert sum(1 for c in here if c.species) == 1, key
    # the documented layout: card 05 shows an animal and a chainsaw, 11-12 plain chainsaws
    assert sorted(c.id[1:] for c in saws if c.species) == ["05"] * 4
    assert sorted(c.id[1:] for c in saws if not c.species) == ["11"] * 4 + ["12"] * 4


def test_plain_cards_per_level() -> None:
    cs = cards()
    for key in LEVEL_KEYS:
        plain = [c for c in cs.by_id.values() if c.level == key and not (c.species or c.chainsaw)]
        assert [c.id[1:] for c in plain] == ["13", "14", "15", "16"], key


def test_species_have_binomial_latin_names_and_facts() -> None:
    for sp in cards().species.values():
        assert re.fullmatch(r"[A-Z][a-z]+ [a-z]+", sp.latin), sp.latin
        assert len(sp.fact) > 20, sp.key
        assert sp.fact.endswith("."), sp.key
        assert sp.name
        assert sp.short
        assert sp.provenance is Provenance.ECOTONE


def test_level_rows_have_rulebook_provenance(raw: _File) -> None:
    assert [lv.key for lv in raw.levels] == list(LEVEL_KEYS)
    assert all(lv.provenance is Provenance.RULEBOOK for lv in raw.levels)


def test_every_card_carries_its_provenance(raw: _File) -> None:
    # The English rules give the counts; which card shows what is designed by Ecotone.
    assert all(c.provenance is Provenance.ECOTONE for c in raw.cards)


def test_the_counts_are_credited_to_the_english_rules_not_the_rulebook() -> None:
    # The rulebook (the Board Game Arena page) gives no count: the header of the data and the
    # validator's words (test_validator_rejects_15_cards_on_a_level) name the English rules.
    header = load_text("ecotone.games.forest.data", "cards.toml").split("[[levels]]")[0]
    assert "English rules" in header
    assert "The rulebook gives 16" not in header


def test_every_species_says_where_its_level_comes_from() -> None:
    doc = " ".join(DOC.read_text(encoding="utf-8").split())
    for sp in cards().species.values():
        assert sp.level_note.startswith("designed by Ecotone"), sp.key
        # the rules document gives the same reason, after the species' name and level
        reason = sp.level_note.split(": ", 1)[1]
        assert reason in doc, sp.key
    jaguar = cards().species["jaguar"]
    assert "a game level" in jaguar.level_note
    assert "on the ground" in jaguar.level_note


def test_the_armadillo_has_its_2024_name() -> None:
    armadillo = cards().species["armadillo"]
    assert (armadillo.latin, armadillo.name) == (
        "Dasypus guianensis",
        "Guianan Long-nosed Armadillo",
    )
    assert "Barthe et al. 2024" in armadillo.note
    assert armadillo.short == "Armadillo"  # the text picture's label is unchanged


def test_a_species_without_a_level_note_is_refused(raw: _File) -> None:
    bad = tuple(
        msgspec.structs.replace(s, level_note=" ") if s.key == "jaguar" else s for s in raw.species
    )
    err = _broken(raw, species=bad)
    assert "jaguar: its level needs a note" in err.message


def test_a_card_without_provenance_is_refused() -> None:
    text = load_text("ecotone.games.forest.data", "cards.toml")
    first = text.index('provenance = "ecotone"', text.index("[[cards]]"))
    broken = text[:first] + text[first + len('provenance = "ecotone"') :]
    with pytest.raises(DataError) as info:
        decode(broken, _File, "cards.toml")
    assert info.value.code == "data/invalid"
    assert "provenance" in info.value.message
    assert "cards[0]" in info.value.message  # the card is named by its place in the file


def test_describe_and_label() -> None:
    cs = cards()
    assert cs.describe("C07") == "C07 Harpy Eagle"
    assert cs.describe("G13") == "G13 start card"
    assert cs.describe("F12") == "F12 chainsaw"
    assert cs.describe("C05") == "C05 Guianan Red Howler Monkey + chainsaw"
    assert cs.describe("S14") == "S14 plain"
    assert cs.label("C05") == "C05 Howler+saw"
    assert cs.label("G13") == "G13 start"
    assert cs.label("F12") == "F12 chainsaw"


# -- the validator rejects broken data ---------------------------------------------------


def _broken(raw: _File, **changes: object) -> DataError:
    with pytest.raises(DataError) as info:
        CardSet(msgspec.structs.replace(raw, **changes))
    assert info.value.code == "data/invalid"
    assert "cards.toml" in info.value.message
    return info.value


def test_the_real_data_passes(raw: _File) -> None:
    cs = CardSet(raw)
    assert len(cs.ids) == 64


def test_validator_rejects_15_cards_on_a_level(raw: _File) -> None:
    err = _broken(raw, cards=tuple(c for c in raw.cards if c.id != "S14"))
    assert "second: 15 cards, the English rules have 16" in err.message


def test_validator_rejects_a_start_card_with_an_animal(raw: _File) -> None:
    bad = tuple(
        msgspec.structs.replace(c, species="agouti") if c.id == "G14" else c for c in raw.cards
    )
    err = _broken(raw, cards=bad)
    assert "G14: a start card is a plain Ground card" in err.message


def test_validator_rejects_a_start_card_with_a_chainsaw(raw: _File) -> None:
    bad = tuple(
        msgspec.structs.replace(c, chainsaw=True) if c.id == "G15" else c for c in raw.cards
    )
    assert "G15: a start card is a plain Ground card" in _broken(raw, cards=bad).message


def test_validator_rejects_a_species_on_the_wrong_level(raw: _File) -> None:
    bad = tuple(
        msgspec.structs.replace(c, species="harpy-eagle") if c.id == "F01" else c for c in raw.cards
    )
    err = _broken(raw, cards=bad)
    assert "F01: a Harpy Eagle belongs on the canopy level" in err.message


def test_validator_rejects_an_unknown_species(raw: _File) -> None:
    bad = tuple(
        msgspec.structs.replace(c, species="dodo") if c.id == "F02" else c for c in raw.cards
    )
    assert "F02: unknown species 'dodo'" in _broken(raw, cards=bad).message


def test_validator_rejects_duplicate_ids(raw: _File) -> None:
    bad = tuple(msgspec.structs.replace(c, id="G01") if c.id == "G02" else c for c in raw.cards)
    assert "card ids are not unique" in _broken(raw, cards=bad).message


def test_validator_rejects_three_start_cards(raw: _File) -> None:
    bad = tuple(msgspec.structs.replace(c, start=False) if c.id == "G16" else c for c in raw.cards)
    assert "3 start cards, the English rules have 4" in _broken(raw, cards=bad).message


def test_validator_rejects_three_species_on_a_level(raw: _File) -> None:
    extra = msgspec.structs.replace(raw.species[0], key="tapir", name="Tapir")
    err = _broken(raw, species=(*raw.species, extra))
    assert "each level has exactly 2 species" in err.message


def test_validator_rejects_levels_out_of_order(raw: _File) -> None:
    err = _broken(raw, levels=tuple(reversed(raw.levels)))
    assert "levels must be ground, first, second, canopy" in err.message


def test_validator_lists_every_problem(raw: _File) -> None:
    bad = tuple(
        msgspec.structs.replace(c, species="agouti") if c.id == "G13" else c
        for c in raw.cards
        if c.id != "C16"
    )
    err = _broken(raw, cards=bad)
    assert "G13: a start card" in err.message
    assert "canopy: 15 cards" in err.message
