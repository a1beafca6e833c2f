"""Constructed decks: ready-made ones by name, deck files and their rules (rules doc §Decks)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import ecotone
from ecotone.core.errors import ConfigError, DataError
from ecotone.games.phylo.cards import cards
from ecotone.games.phylo.decks import DEFAULT_DECKS, parse_deck, resolve_deck

from .helpers import act, game

DECKS = Path(__file__).parent / "decks"
EVENTS_DECK = DECKS / "pampas-and-events.toml"


def test_ready_made_decks_by_name_in_any_case() -> None:
    assert resolve_deck("Enchanted Isles", 0).name == "Enchanted Isles"
    assert resolve_deck("  atlantic coast ", 1).name == "Atlantic Coast"
    assert [resolve_deck("", s).name for s in (0, 1)] == list(DEFAULT_DECKS)


def test_a_deck_file_is_read_and_checked() -> None:
    deck = resolve_deck(str(EVENTS_DECK), 0)
    assert deck.name == "Pampas and events"
    assert len(deck.cards) == 25
    g = game("constructed", deck1=str(EVENTS_DECK), deck2="Across the Andes")
    d = g.start(1).data
    assert Counter(d.piles[0] + d.hands[0]) == Counter(deck.cards)


def test_a_deck_breaking_the_rules_is_refused_naming_the_rule() -> None:
    with pytest.raises(DataError) as info:
        resolve_deck(str(DECKS / "too-small.toml"), 0)
    assert info.value.code == "phylo/deck-size"
    assert "10 cards, a deck has 23-27" in info.value.message
    with pytest.raises(DataError) as info:
        resolve_deck(str(DECKS / "broken.toml"), 1)
    message = info.value.message
    assert "27 cards" not in message  # 27 is allowed
    assert "2 copies of B16, at most 1" in message
    assert "unknown card 'B99'" in message
    assert "6 events, at most 5" in message
    assert "B12 Duck-billed Platypus cannot be played" in message


def test_deck_rules_on_text() -> None:
    base = cards().decks["Enchanted Isles"].cards
    few_plants = [
        c
        for c in base
        if cards().species.get(c) is None
        or c not in {"B14", "B16", "B18", "B28", "B29", "B30", "B31", "B32"}
    ]
    text = "name = 'x'\ncards = [" + ", ".join(f"'{c}'" for c in few_plants) + "]\n"
    with pytest.raises(DataError) as info:
        parse_deck(text, "x.toml")
    assert "FC1 species, at least 8" in info.value.message
    with pytest.raises(DataError) as info:
        parse_deck("name = ''\ncards = " + str(list(base)), "y.toml")
    assert "the deck needs a name" in info.value.message


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ("name = 'z'\ncards = []\ncolour = 'red'\n", "unknown field colour"),
        ("name = 'z' cards", "(at line 1, column 12)"),
        ("name = 'z'\ncards = ['B16', 27]\n", "expected str, got int - at cards[1]"),
        ("name = 'z'\n", "missing field cards"),
        # a BioMasters deck file brought to Phylo
        ("name = 'z'\nhome = 'ocean-home'\n[cards]\norca = 1\n", "unknown field home"),
    ],
)
def test_a_text_that_is_no_deck_file_says_what_one_looks_like(text: str, detail: str) -> None:
    # these used to be msgspec's own words ("Expected `str`, got `int` - at `$.cards[1]`")
    # under the code of a broken data file of the game (data/invalid)
    with pytest.raises(DataError) as info:
        parse_deck(text, "z.toml")
    assert info.value.code == "phylo/deck-format"
    message = info.value.message
    assert message.startswith("z.toml: not a deck file (")
    assert detail in message
    assert 'a deck has name = "..." and cards = ["B28", "B29", ...]' in message
    assert "`" not in message
    assert "$" not in message


def test_unknown_decks_and_misplaced_options() -> None:
    with pytest.raises(ConfigError) as info:
        game("constructed", deck1="Voyage to Mars")
    assert info.value.code == "config/bad-option"
    assert "deck1" in info.value.message
    assert "'Voyage to Mars'" in info.value.message
    assert "neither a built-in deck" in info.value.message
    for ready in cards().decks:  # the message names every built-in deck
        assert ready in info.value.message
    with pytest.raises(ConfigError) as info:
        game(deck1="Enchanted Isles")
    assert "constructed variant" in info.value.message
    with pytest.raises(ConfigError):
        ecotone.make("phylo", players=3)
    with pytest.raises(DataError):
        game("constructed", deck2=str(DECKS / "too-small.toml"))


def test_in_the_constructed_game_each_player_has_their_own_piles() -> None:
    g = game("constructed", deck1="Across the Andes", deck2="Across the Andes")
    components = list(g.components())
    assert len(components) == 50
    assert "P1:B16" in components
    assert "P2:B16" in components
    state = g.start(2)
    seat = state.to_move[0]
    card = state.data.hands[seat][0]
    state = act(state, f"drop {card}")
    assert state.data.discards[seat] == (card,)
    assert state.data.discards[1 - seat] == ()
    obs = state.observe(seat)
    assert obs["decks"] == ["Across the Andes", "Across the Andes"]
    assert obs["discards"][seat] == [f"P{seat + 1}:{card}"]
    zones = g.zones(state.data)
    assert f"P{seat + 1}:{card}" in zones[f"P{seat + 1} discard pile"]


def test_a_player_who_empties_their_deck_starts_the_end() -> None:
    g = game("constructed")
    state = g.start(4)
    while state.data.final < 0:
        seat = state.to_move[0]
        state = state.apply(seat, state.legal_actions(seat)[-1])  # pass, always last
    emptied = [s for s in (0, 1) if not state.data.piles[s]]
    assert len(emptied) == 1


def test_the_specs_ready_made_decks_are_the_datas() -> None:
    from ecotone.games.phylo.cards import cards
    from ecotone.games.phylo.decks import READY_DECKS

    assert tuple(cards().decks) == READY_DECKS
