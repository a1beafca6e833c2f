"""A configured game's decks read back, seat by seat: what ``Deckbuilding.options`` wrote,
each seat left to its default named by the game's own default deck."""

from __future__ import annotations

import pytest

import ecotone
from ecotone.core.deckbuilding import Deckbuilding
from ecotone.core.registry import game_class


def _hook(game: str) -> Deckbuilding:
    build = game_class(game).deckbuilding()
    assert build is not None
    return build


@pytest.mark.parametrize(
    ("game", "players", "entries"),
    [
        ("phylo", 2, ["Beagle's Wake", "Across the Andes"]),
        ("phylo", 2, ["", "Beagle's Wake"]),
        ("biomasters", 2, ["ocean", ""]),
        ("biomasters", 4, ["ocean", "wetland", "production", "ocean"]),
    ],
)
def test_entries_read_back_what_options_wrote(game: str, players: int, entries: list[str]) -> None:
    build = _hook(game)
    variant, options = build.options(entries)
    made = ecotone.make(
        game, players=players, variant=variant or ("2v2" if players == 4 else None), **options
    )
    defaults = build.seats.defaults
    wanted = [e or defaults[s % len(defaults)] for s, e in enumerate(entries)]
    assert build.entries(made.options, players) == wanted


def test_a_short_list_repeats_round_the_table() -> None:
    build = _hook("biomasters")
    assert build.entries({"decks": "ocean,wetland"}, 4) == ["ocean", "wetland"] * 2
    assert build.entries({}, 2) == ["production", "decomposition"]
    assert _hook("phylo").entries({}, 2) == ["Enchanted Isles", "Atlantic Coast"]
