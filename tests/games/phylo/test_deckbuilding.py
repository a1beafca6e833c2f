"""Phylo's deckbuilding hook: pool, facets, every deck rule, files and codes round trip."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ecotone
from ecotone.core.deckbuilding import DeckList
from ecotone.core.errors import DataError
from ecotone.games.phylo.cards import cards
from ecotone.games.phylo.decks import deckbuilding, read_file, resolve_deck, write_deck

BUILD = deckbuilding()
POOL = [c.id for c in BUILD.pool]
ISLES = BUILD.builtin("enchanted isles")
assert ISLES is not None


def test_the_game_answers_the_hook() -> None:
    assert type(ecotone.make("phylo", players=2)).deckbuilding() is BUILD
    assert [c.id for c in cards().raw.cards] == POOL  # the data file's order numbers codes
    assert len(BUILD.builtins) >= 4
    for b in BUILD.builtins:
        assert BUILD.check(b.deck) == [], b.key
        assert b.strategy
        assert b.deck.summary
        assert resolve_deck(b.key, 0).name == b.deck.name


def test_every_facet_is_what_the_cards_say() -> None:
    fox = BUILD.card("B05")
    assert fox is not None
    assert fox.name == "Darwin's Fox"
    assert fox.facet("food-chain") == ("3",)
    assert fox.facet("terrain") == ("forest",)
    assert fox.facet("locale") == (cards().legs["chile-peru"].name,)
    assert BUILD.card("E06").facet("kind") == ("event",)  # type: ignore[union-attr]
    for facet in BUILD.facets:  # each facet filters something
        assert any(c.facet(facet.key) for c in BUILD.pool), facet.key


def _deck(ids: list[str], name: str = "Mine") -> DeckList:
    return DeckList.of(name, ids)


BASE = ISLES.deck.ids()


@pytest.mark.parametrize(
    ("ids", "name", "code", "words"),
    [
        (BASE[:10], "x", "phylo/deck-size", "10 cards, a deck has 23-27"),
        ([*BASE[:-1], "B99"], "x", "phylo/deck-card", "unknown card 'B99'"),
        ([*BASE[:-1], "B16"], "x", "phylo/deck-copies", "2 copies of B16, at most 1"),
        (
            [c for c in BASE if c != "B33"] + ["B01"],  # Megatherium: no cool-climate food
            "x",
            "phylo/deck-unplayable",
            "B01 Megatherium cannot be played",
        ),
        (
            [c for c in BASE if c not in ("B14", "B18")] + ["E01", "E02"],
            "x",
            "phylo/deck-producers",
            "6 FC1 species, at least 8",
        ),
        (
            [c for c in BASE if c not in ("B57", "B56", "B55", "B54")]
            + ["E01", "E02", "E04", "E05"],
            "x",
            "phylo/deck-events",
            "6 events, at most 5",
        ),
        (BASE, " ", "phylo/deck-name", "the deck needs a name"),
    ],
)
def test_each_rule_names_its_problem(ids: list[str], name: str, code: str, words: str) -> None:
    problems = BUILD.check(_deck(ids, name))
    assert [p.code for p in problems] == [code]
    assert words in problems[0].message
    with pytest.raises(DataError) as info:
        BUILD.refuse(_deck(ids, name), "mine.toml")
    assert info.value.code == code
    assert info.value.message.startswith("mine.toml: ")


def test_every_problem_at_once() -> None:
    problems = BUILD.check(_deck([*BASE[:8], "B16", "B99"], ""))
    assert {p.code for p in problems} >= {
        "phylo/deck-size",
        "phylo/deck-card",
        "phylo/deck-copies",
        "phylo/deck-name",
    }
    assert next(p for p in problems if p.code == "phylo/deck-copies").cards == ("B16",)


def test_a_code_plays_as_an_option() -> None:
    code = BUILD.encode(_deck(BASE, "Isles again"))
    g = ecotone.make("phylo", players=2, variant="constructed", deck1=code, deck2="")
    assert g.observation(g.start(1).data, 0)["decks"] == ["Isles again", "Atlantic Coast"]
    broken = BUILD.encode(_deck(BASE[:10], "Small"))
    with pytest.raises(DataError) as info:
        ecotone.make("phylo", players=2, variant="constructed", deck1=broken)
    assert info.value.code == "phylo/deck-size"
    assert "'Small'" in info.value.message
    with pytest.raises(DataError, match="another game"):
        ecotone.make("phylo", players=2, variant="constructed", deck1="BIOMASTERS:AEAQA75X")


names = st.text(st.characters(codec="utf-8"), max_size=20)
decklists = st.builds(
    DeckList.of,
    names,
    st.lists(st.sampled_from(POOL), max_size=40),
    names,
)


@settings(max_examples=60)
@given(decklists)
def test_a_deck_file_gives_back_its_deck(deck: DeckList) -> None:
    assert BUILD.normal(read_file(write_deck(deck))) == BUILD.normal(deck)


@settings(max_examples=60)
@given(decklists)
def test_a_deck_code_gives_back_its_deck(deck: DeckList) -> None:
    back = BUILD.decode(BUILD.encode(deck))
    assert back.cards == BUILD.normal(deck).cards
    assert back.name == deck.name.strip()[: len(back.name)]
    assert BUILD.read(BUILD.encode(deck), "pasted") == back
