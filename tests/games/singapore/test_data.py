"""The card and board data: the rulebook's counts, provenance, and a validator that bites."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from ecotone.core.data import load_text
from ecotone.core.errors import DataError
from ecotone.core.spec import Provenance
from ecotone.games.singapore.board import CENTRE, board, parse_board
from ecotone.games.singapore.cards import (
    DECKS,
    HABITATS,
    ActionCard,
    Adaptation,
    cards,
    parse_cards,
)

CARDS = load_text("ecotone.games.singapore.data", "cards.toml")
BOARD = load_text("ecotone.games.singapore.data", "board.toml")


# -- the rulebook's counts -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deck", "adaptations", "actions", "recovery", "destruction"),
    [
        ("wild", 28, 11, 2, 0),
        ("forest", 22, 0, 0, 2),
        ("mangrove", 22, 0, 0, 2),
        ("marine", 22, 0, 0, 2),
        ("urban", 16, 0, 1, 1),
    ],
)
def test_deck_contents_match_the_rulebook(
    deck: str, adaptations: int, actions: int, recovery: int, destruction: int
) -> None:
    cs = cards()
    kinds = Counter(cs.kind(c) for c in cs.deck_ids[deck])
    assert kinds["adaptation"] == adaptations
    assert kinds["action"] == actions
    assert kinds["recovery"] == recovery
    assert kinds["destruction"] == destruction
    types = {cs.key(c) for c in cs.deck_ids[deck] if cs.kind(c) == "adaptation"}
    assert len(types) == 4  # "4 unique types"


def test_other_component_counts() -> None:
    cs = cards()
    assert len(cs.niche_ids) == 10
    assert len(cs.bounty_ids) == 8
    assert len(cs.actions) == 11
    assert len(cs.adaptations) == 20
    assert len(cs.ids) == 41 + 24 * 3 + 18 + 10 + 8


def test_the_rulebook_cards_are_as_printed() -> None:
    cs = cards()
    anchorage = cs.adaptations["anchorage"]
    assert anchorage.deck == "mangrove"
    assert anchorage.points == (1, 3, 7, 8)
    assert anchorage.species == "Nerite Snail"
    assert "Mangrove" in anchorage.ability_text
    assert cs.adaptations["limbs"].points == (1, 2, 3, 6)
    assert cs.adaptations["appeal"].points == (2, 3, 5, 10)
    assert cs.adaptations["call"].points == (1, 3, 7, 10)
    assert cs.adaptations["call"].species == "Straw-headed Bulbul"
    assert cs.adaptations["call"].latin == "Pycnonotus zeylanicus"
    frog = cs.niches["cinnamon-bush-frog"]
    assert frog.latin == "Nyctixalus pictus"
    assert set(frog.needs) == {"limbs", "call", "appeal"}
    assert "2 dice" in frog.ability_text
    # Limbs, Appeal and Call belong to the Wild deck (RULINGS.md)
    assert {cs.adaptations[k].deck for k in ("limbs", "appeal", "call")} == {"wild"}


def test_points_tables_and_full_sets() -> None:
    cs = cards()
    for a in cs.adaptations.values():
        assert a.full in (3, 4)  # "3 or 4 copies to complete an Adaptation set"
        assert a.copies >= a.full
        assert a.score(0) == 0
        assert a.score(a.full + 2) == a.points[-1]
    # about half the sets have a full-set ability (seed-data 2.3)
    assert sum(1 for a in cs.adaptations.values() if a.ability) == 10


def test_every_component_has_provenance_and_real_species() -> None:
    cs = cards()
    latin = re.compile(r"^[A-Z][a-z]+( [a-z]+)?$")
    named: list[Adaptation | ActionCard] = [*cs.adaptations.values(), *cs.actions.values()]
    for item in named:
        assert isinstance(item.provenance, Provenance)
        assert latin.match(item.latin), item.latin
        assert item.fact.endswith("."), item.key
    for n in cs.niches.values():
        assert latin.match(n.latin)
        # niches mix habitats: adaptations from at least two decks (except the frog, all Wild)
        decks = {cs.adaptations[a].deck for a in n.needs}
        assert len(decks) >= 2 or n.key == "cinnamon-bush-frog"
    for b in board().parts.values():
        assert isinstance(b.provenance, Provenance)
    species = [a.species for a in cs.adaptations.values()]
    species += [a.species for a in cs.actions.values()]
    species += [n.name for n in cs.niches.values()]
    assert len(species) == len(set(species)), "each card shows its own species"


def test_card_ids_name_their_deck() -> None:
    cs = cards()
    for deck in DECKS:
        for cid in cs.deck_ids[deck]:
            assert cid.startswith(deck + ":")
            assert cs.deck_of(cid) == deck


# -- the validator catches broken data --------------------------------------------------------


def _broken(old: str, new: str, count: int = 1) -> str:
    assert old in CARDS
    return CARDS.replace(old, new, count)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            'key = "limbs"\nname = "Limbs"\ndeck = "wild"\ncopies = 7',
            'key = "limbs"\nname = "Limbs"\ndeck = "wild"\ncopies = 6',
            "wild deck: 27 adaptation cards, the rulebook has 28",
        ),
        (
            'points = [1, 3, 7, 8]\nability = "anchorage"',
            'points = [1, 3, 6, 8]\nability = "anchorage"',
            "anchorage: the rulebook's card",
        ),
        ('ability = "brachiate"', 'ability = "teleport"', "unknown ability 'teleport'"),
        ('latin = "Presbytis femoralis"', 'latin = "presbytis"', "is not a latin name"),
        (
            'needs = ["limbs", "call", "appeal"]',
            'needs = ["limbs", "call", "call"]',
            "a niche needs 3 different adaptations",
        ),
        ("single = 6\nshared = 10", "single = 12\nshared = 10", "more Food than a lone player"),
        ('timing = "secret"', 'timing = "evolution"', "scavenge: timing must be 'secret'"),
        (
            'points = [1, 3, 7]\nability = "opportunist"',
            'points = [1, 3, 3]\nability = "opportunist"',
            "points must rise",
        ),
        ("destruction = 1\nprovenance", "destruction = 2\nprovenance", "urban deck: declares"),
    ],
)
def test_validator_catches_broken_cards(old: str, new: str, message: str) -> None:
    with pytest.raises(DataError) as info:
        parse_cards(_broken(old, new))
    assert info.value.code == "data/invalid"
    assert message in info.value.message


def test_validator_catches_a_missing_niche_and_malformed_toml() -> None:
    start = CARDS.index('[[niches]]\nkey = "dugong"')
    end = CARDS.index("[[niches]]", start + 5)
    with pytest.raises(DataError, match="9 niche cards, the rulebook has 10"):
        parse_cards(CARDS[:start] + CARDS[end:])
    with pytest.raises(DataError) as info:
        parse_cards(CARDS.replace("copies = 7", 'copies = "seven"', 1))
    assert info.value.code == "data/invalid"


# -- the board -------------------------------------------------------------------------------


def test_board_layout() -> None:
    b = board()
    assert len(b.ecotone) == 9
    assert b.tiles[CENTRE].kind == "start"
    assert b.starts_closed == ("urban",)
    for h in HABITATS:
        ring = b.ring[h]
        assert len(ring) == 8
        kinds = [b.tiles[t].kind for t in ring]
        assert kinds.count("habitat") == 5
        assert kinds.count("wild") == 3
        assert ring[0] == f"{h}-1"  # the gateway
        assert b.edge[h] in b.ecotone
    assert {b.edge[h] for h in HABITATS} == {"ecotone-n", "ecotone-e", "ecotone-s", "ecotone-w"}
    assert all(b.deck_for(t) == "wild" for t in b.ecotone)
    assert b.deck_for("forest-1") == "forest"
    assert b.deck_for("forest-3") == "wild"


def _broken_board(old: str, new: str) -> str:
    assert old in BOARD
    return BOARD.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            'id = "forest-3"\nboard = "forest"\nrow = 1\ncol = 3\nkind = "wild"',
            'id = "forest-3"\nboard = "forest"\nrow = 1\ncol = 3\nkind = "habitat"',
            "5 habitat tiles and 3 wild tiles",
        ),
        ('starts = "closed"', 'starts = "open"', "only the Urban board starts closed"),
        (
            'id = "ecotone-centre"\nboard = "ecotone"\nrow = 4\ncol = 4\nkind = "start"',
            'id = "ecotone-centre"\nboard = "ecotone"\nrow = 4\ncol = 4\nkind = "wild"',
            "the only start tile",
        ),
        ('side = "west"', 'side = "north"', "four sides"),
        ("ring = 2\n", "ring = 9\n", "a ring of 8 tiles"),
    ],
)
def test_validator_catches_broken_boards(old: str, new: str, message: str) -> None:
    with pytest.raises(DataError) as info:
        parse_board(_broken_board(old, new))
    assert message in info.value.message


def test_validator_catches_an_anticlockwise_ring() -> None:
    # swap ring places 2 and 8 of the Forest: it now runs anticlockwise
    text = (
        BOARD.replace('id = "forest-2"', 'id = "forest-x"')
        .replace('id = "forest-8"', 'id = "forest-2"')
        .replace('id = "forest-x"', 'id = "forest-8"')
    )
    text = re.sub(r'(id = "forest-2"\n(?:.*\n){4}ring = )8', r"\g<1>2", text)
    text = re.sub(r'(id = "forest-8"\n(?:.*\n){4}ring = )2', r"\g<1>8", text)
    with pytest.raises(DataError, match=r"clockwise|neighbours"):
        parse_board(text)


# -- the rules document's field guide ------------------------------------------------------

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "singapore-untamed.md"


def field_guide_rows() -> list[str]:
    """The field guide's table rows as the data gives them: every species on a card, with
    its latin name, the card, where it lives (an Adaptation's deck and its note), its fact
    and where the card comes from."""
    cs = cards()
    rows = []
    for a in cs.adaptations.values():
        where = f"{cs.decks[a.deck].name} deck: {a.links()['habitat']}"
        card = f"{a.name} (Adaptation)"
        rows.append(_row(a.species, a.latin, card, where, a.fact, a.provenance.value))
    for c in cs.actions.values():
        card = f"{c.name} (Action card)"
        rows.append(_row(c.species, c.latin, card, "—", c.fact, c.provenance.value))
    for n in cs.niches.values():
        rows.append(_row(n.name, n.latin, "Niche card", "—", n.fact, n.provenance.value))
    return rows


def _row(species: str, latin: str, card: str, where: str, fact: str, provenance: str) -> str:
    return f"| {species} (*{latin}*) | {card} | {where} | {fact} | {provenance} |"


def test_the_rules_document_has_a_field_guide_as_in_the_data() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert "\n### Field guide\n" in text
    guide = text.split("\n### Field guide\n", 1)[1].split("\n#", 1)[0]
    listed = [line for line in guide.splitlines() if line.startswith("| ") and "*" in line]
    expected = field_guide_rows()
    missing = [row for row in expected if row not in listed]
    assert not missing, "rows to write in §Field guide:\n" + "\n".join(missing)
    assert len(listed) == len(expected) == 41  # 20 Adaptations, 11 Action cards, 10 Niches


def test_every_adaptation_says_where_its_species_lives() -> None:
    for a in cards().adaptations.values():
        note = a.links()["habitat"]
        assert note.startswith(("rulebook: ", "public: ", "designed by Ecotone")), a.key
    # the rulebook prints Anchorage in the Mangrove deck; RULINGS.md places Limbs, Appeal
    # and Call in the Wild deck
    assert cards().adaptations["anchorage"].habitat_note.startswith("rulebook: ")
    for key in ("limbs", "appeal", "call"):
        assert "RULINGS.md" in cards().adaptations[key].habitat_note, key


def test_the_dugong_feeds_almost_only_on_seagrass() -> None:
    dugong = cards().niches["dugong"]
    assert "only on seagrass" not in dugong.fact.replace("almost only", "")
    assert "almost only on seagrass" in dugong.fact
    assert "invertebrates" in dugong.note


def test_a_rulebook_adaptation_without_a_habitat_note_is_refused() -> None:
    note = next(line for line in CARDS.splitlines() if line.startswith('habitat_note = "rulebook'))
    with pytest.raises(DataError, match="anchorage: its deck needs a note"):
        parse_cards(CARDS.replace(note + "\n", "", 1))
