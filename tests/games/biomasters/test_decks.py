"""Deck files, the deck rules and the ``decks`` option (rules doc §Decks)."""

from __future__ import annotations

from pathlib import Path

import pytest

import ecotone
from ecotone.core.errors import ConfigError, DataError
from ecotone.games.biomasters.decks import deckbuilding, parse_deck, starter

GOOD = """
name = "My Pond"
home = "wetland-home"

[cards]
common-duckweed = 3
yellow-water-lily = 3
common-reed = 3
star-diatom = 3
water-flea = 3
common-frog-tadpole = 3
common-frog = 2
aquatic-hyphomycete = 3
freshwater-shrimp = 1
"""


def test_a_deck_file_is_read() -> None:
    deck = parse_deck(GOOD, "my.toml")
    assert deck.name == "My Pond"
    assert deck.home == "wetland-home"
    assert deck.size == 25  # 24 cards and the HOME


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        (GOOD.replace("freshwater-shrimp = 1\n", ""), "biomasters/deck-size", "24 cards"),
        (
            GOOD.replace("common-frog = 2", "common-frog = 2\nnorthern-pike = 3\ngrey-heron = 3"),
            "biomasters/deck-size",
            "31 cards",
        ),
        (
            GOOD.replace("common-frog = 2", "common-frog = 4"),
            "biomasters/deck-copies",
            "4 copies of common-frog",
        ),
        (
            GOOD.replace('home = "wetland-home"', 'home = "common-reed"'),
            "biomasters/deck-home",
            "not a HOME",
        ),
        (
            GOOD.replace("common-frog = 2", "common-frog = 1\nocean-home = 1"),
            "biomasters/deck-home",
            "exactly one HOME",
        ),
        (
            GOOD.replace("common-frog = 2", "common-frog = 1\nbasilisk = 1"),
            "biomasters/deck-card",
            "basilisk",
        ),
        ("name = 3", "biomasters/deck-format", "not a deck file"),
        (GOOD + "\ncolour = 'red'\n", "biomasters/deck-format", "not a deck file"),
    ],
)
def test_broken_deck_rules_are_named(text: str, code: str, words: str) -> None:
    with pytest.raises(DataError) as info:
        parse_deck(text, "my.toml")
    assert info.value.code == code
    assert words in info.value.message
    assert "my.toml" in info.value.message


@pytest.mark.parametrize("count", [-2, 0])
def test_a_deck_file_gives_each_card_it_lists_one_copy_or_more(count: int) -> None:
    # -2 copies used to cancel out two others: a 30-card deck read as "30 cards, legal"
    text = GOOD.replace("freshwater-shrimp = 1", f"freshwater-shrimp = 1\ngrey-heron = {count}")
    with pytest.raises(DataError) as info:
        parse_deck(text, "pond.toml")
    assert info.value.code == "deck/bad-count"
    assert info.value.message == (
        f"pond.toml: {count} copies of 'grey-heron'; a deck file gives each card it lists "
        "1 copy or more (leave out a card the deck does not hold)"
    )
    # the one reader every surface uses (a saved deck, --check, the server's /decks/read)
    with pytest.raises(DataError) as info:
        deckbuilding().read(text, "pond.toml")
    assert info.value.code == "deck/bad-count"


def test_the_decks_option_names_starters_per_seat() -> None:
    g = ecotone.make("biomasters", players=2, decks="ocean,wetland")
    assert [d.name for d in g.table.decks] == ["Ocean", "Wetland"]  # type: ignore[attr-defined]
    assert g.options["decks"] == "ocean,wetland"
    # a sequence works too, and is stored as text
    g2 = ecotone.make("biomasters", players=2, decks=("production", "decomposition"))
    assert g2.options["decks"] == "production,decomposition"
    # fewer entries than seats: repeated round the table
    g4 = ecotone.make("biomasters", players=4, variant="2v2", decks="ocean,wetland")
    assert [d.name for d in g4.table.decks] == ["Ocean", "Wetland", "Ocean", "Wetland"]  # type: ignore[attr-defined]
    assert ecotone.make("biomasters", players=2).options["decks"] == "production,decomposition"
    # starters are named in any letter case, as the server's check of remote options allows
    g5 = ecotone.make("biomasters", players=2, decks="Ocean,WETLAND")
    assert [d.name for d in g5.table.decks] == ["Ocean", "Wetland"]  # type: ignore[attr-defined]
    # and by the deck's own name, as `ecotone decks` and the deck builder show it
    g6 = ecotone.make("biomasters", players=2, decks="Savanna, woodland floor")
    assert [d.name for d in g6.table.decks] == ["Savanna", "Woodland Floor"]  # type: ignore[attr-defined]
    assert g6.options["decks"] == "Savanna,woodland floor"


def test_more_decks_than_seats_are_refused() -> None:
    # a third entry used to be dropped without a word (and a misspelt one never read)
    with pytest.raises(ConfigError) as info:
        ecotone.make("biomasters", players=2, decks="ocean,wetland,foo")
    assert info.value.code == "config/bad-option"
    assert info.value.message == (
        "option decks: 3 decks (ocean, wetland, foo) for 2 seats (P1, P2); give one deck "
        "per seat, or fewer to repeat them round the table"
    )
    with pytest.raises(ConfigError, match=r"5 decks .* for 4 seats"):
        ecotone.make(
            "biomasters", players=4, variant="2v2", decks="ocean,wetland,Savanna,production,foo"
        )


def test_the_free_for_all_deals_every_seat_the_same_deck_unless_told() -> None:
    # the two-player pairing round the table favoured the two decomposers (docs/balance.md)
    ffa = ecotone.make("biomasters", players=4, variant="free-for-all")
    assert ffa.options["decks"] == "ocean"
    assert [d.name for d in ffa.table.decks] == ["Ocean"] * 4  # type: ignore[attr-defined]
    chosen = ecotone.make("biomasters", players=4, variant="free-for-all", decks="wetland,ocean")
    assert [d.name for d in chosen.table.decks] == ["Wetland", "Ocean"] * 2  # type: ignore[attr-defined]
    teams = ecotone.make("biomasters", players=4, variant="2v2")
    assert teams.options["decks"] == "production,decomposition"


def test_a_deck_file_in_the_option(tmp_path: Path) -> None:
    path = tmp_path / "pond.toml"
    path.write_text(GOOD, encoding="utf-8")
    g = ecotone.make("biomasters", players=2, decks=f"{path},production")
    assert g.table.decks[0].name == "My Pond"  # type: ignore[attr-defined]
    state = g.start(1)
    assert len(state.data.hands[0]) == 6
    assert len(state.data.decks[0]) == 24 - 6
    assert set(g.components()) == {c for cs in g.zones(state.data).values() for c in cs}


def test_option_errors() -> None:
    with pytest.raises(ConfigError, match="'jungle' is neither a built-in deck") as info:
        ecotone.make("biomasters", players=2, decks="jungle")
    assert "production (Savanna), decomposition (Woodland Floor), ocean, wetland" in (
        info.value.message
    )
    # a deck of the player's own goes by its file or its code: the game reads no saved decks
    assert "a deck of your own goes by its deck file's path or its deck code" in (
        info.value.message
    )
    with pytest.raises(ConfigError, match="nor a deck file"):
        ecotone.make("biomasters", players=2, decks="/nonexistent/deck.toml")
    with pytest.raises(ConfigError, match="empty"):
        ecotone.make("biomasters", players=2, decks=" , ")
    with pytest.raises(ConfigError):
        ecotone.make("biomasters", players=2, decks=3)


def test_starters_are_cached_and_valid() -> None:
    assert starter("production") is starter("production")
