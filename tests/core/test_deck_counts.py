"""The copies a deck gives each card, as a file lists them and as a builder's form sends them."""

from __future__ import annotations

import pytest

from ecotone.core.deckbuilding import BAD_COUNT, MAX_COPIES, file_counts, form_counts
from ecotone.core.errors import DataError


def test_a_form_drops_the_cards_it_clears() -> None:
    assert form_counts({"oak": 2, "fern": 0, "owl": MAX_COPIES}) == {"oak": 2, "owl": MAX_COPIES}


@pytest.mark.parametrize("n", [-1, MAX_COPIES + 1])
def test_a_form_refuses_a_count_no_deck_holds(n: int) -> None:
    with pytest.raises(DataError) as info:
        form_counts({"oak": 2, "fern": n})
    assert info.value.code == BAD_COUNT
    assert f"{n} copies of 'fern'" in info.value.message


def test_a_file_refuses_a_card_it_gives_none() -> None:
    with pytest.raises(DataError) as info:
        file_counts({"oak": 2, "fern": 0}, "wood.toml")
    assert info.value.code == BAD_COUNT
    assert "wood.toml: 0 copies of 'fern'" in info.value.message
