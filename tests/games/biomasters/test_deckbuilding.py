"""BioMasters' deckbuilding hook: pool, facets, every deck rule, files and codes round trip."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ecotone
from ecotone.core.deckbuilding import DeckList
from ecotone.core.errors import DataError
from ecotone.games.biomasters.cards import cards
from ecotone.games.biomasters.decks import (
    STARTERS,
    deckbuilding,
    read_file,
    starter,
    write_deck,
)

BUILD = deckbuilding()
POOL = [c.id for c in BUILD.pool]
POND = DeckList.of(
    "My Pond",
    {
        "wetland-home": 1,
        "common-duckweed": 3,
        "yellow-water-lily": 3,
        "common-reed": 3,
        "star-diatom": 3,
        "water-flea": 3,
        "common-frog-tadpole": 3,
        "common-frog": 2,
        "aquatic-hyphomycete": 3,
        "freshwater-shrimp": 1,
    },
)


def test_the_game_answers_the_hook() -> None:
    assert type(ecotone.make("biomasters", players=2)).deckbuilding() is BUILD
    assert list(cards().ids) == POOL
    assert [b.key for b in BUILD.builtins] == list(STARTERS)
    for b in BUILD.builtins:
        assert BUILD.check(b.deck) == [], b.key
        assert b.strategy == starter(b.key).strategy != ""
    assert BUILD.check(POND) == []
    assert BUILD.card("savanna-home").max_copies == 1  # type: ignore[union-attr]
    assert BUILD.card("lion").max_copies == 3  # type: ignore[union-attr]


def test_facets_are_what_the_cards_say() -> None:
    lion = BUILD.card("lion")
    assert lion is not None
    assert lion.facet("trophic") == (str(cards().by_id["lion"].trophic),)
    assert lion.facet("cost") == (str(len(cards().by_id["lion"].cost)),)
    assert lion.facet("domain") == ("terrestrial",)
    for facet in BUILD.facets:
        assert any(c.facet(facet.key) for c in BUILD.pool), facet.key


def _with(**changes: int) -> DeckList:
    counts = POND.counts()
    for key, n in changes.items():
        card = key.replace("_", "-")
        if n:
            counts[card] = n
        else:
            counts.pop(card, None)
    return DeckList.of("My Pond", counts)


@pytest.mark.parametrize(
    ("deck", "code", "words"),
    [
        (_with(freshwater_shrimp=0), "biomasters/deck-size", "24 cards"),
        (_with(northern_pike=3, grey_heron=3), "biomasters/deck-size", "31 cards"),
        (_with(common_frog=4, common_reed=1), "biomasters/deck-copies", "4 copies of common-frog"),
        (_with(wetland_home=0, common_frog=3), "biomasters/deck-home", "add one of"),
        (_with(ocean_home=1, common_frog=1), "biomasters/deck-home", "remove ocean-home"),
        (_with(basilisk=1, common_frog=1), "biomasters/deck-card", "no card 'basilisk'"),
        (DeckList("", POND.cards), "biomasters/deck-name", "needs a name"),
    ],
)
def test_each_rule_names_its_problem(deck: DeckList, code: str, words: str) -> None:
    problems = BUILD.check(deck)
    assert [p.code for p in problems] == [code]
    assert words in problems[0].message


def test_every_problem_at_once_and_the_file_reader_says_them_all() -> None:
    deck = DeckList.of("", {"lion": 5, "basilisk": 1})
    codes = [p.code for p in BUILD.check(deck)]
    assert codes == [
        "biomasters/deck-home",
        "biomasters/deck-card",
        "biomasters/deck-copies",
        "biomasters/deck-size",
        "biomasters/deck-name",
    ]
    with pytest.raises(DataError) as info:
        BUILD.refuse(deck, "mine.toml")
    assert info.value.code == "biomasters/deck-home"
    assert info.value.message.count(";") >= 4


def test_a_code_plays_as_an_option() -> None:
    code = BUILD.encode(POND)
    g = ecotone.make("biomasters", players=2, decks=f"{code},ocean")
    assert [d.name for d in g.table.decks] == ["My Pond", "Ocean"]  # type: ignore[attr-defined]
    assert g.table.decks[0].home == "wetland-home"  # type: ignore[attr-defined]
    state = g.start(3)
    assert len(state.data.hands[0]) + len(state.data.decks[0]) == 24
    with pytest.raises(DataError) as info:
        ecotone.make("biomasters", players=2, decks=BUILD.encode(_with(common_frog=0)))
    assert info.value.code == "biomasters/deck-size"


names = st.text(st.characters(codec="utf-8"), max_size=20)
decklists = st.builds(
    DeckList.of,
    names,
    st.dictionaries(st.sampled_from(POOL), st.integers(1, 5), max_size=30),
    names,
)


@settings(max_examples=60)
@given(decklists)
def test_a_deck_file_gives_back_its_deck(deck: DeckList) -> None:
    assert BUILD.normal(read_file(write_deck(deck), "x.toml")) == BUILD.normal(deck)


@settings(max_examples=60)
@given(decklists)
def test_a_deck_code_gives_back_its_deck(deck: DeckList) -> None:
    back = BUILD.decode(BUILD.encode(deck))
    assert back.cards == BUILD.normal(deck).cards
    assert BUILD.read(BUILD.encode(deck), "pasted") == back
