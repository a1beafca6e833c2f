"""The Phylo heuristic bot: legal, seeded, blind to hidden cards, and stronger than random."""

from __future__ import annotations

import random
from typing import Any

import pytest

import ecotone
from ecotone.bots import SeatView, available_bots, make_bot
from ecotone.bots.heuristics.phylo import HeuristicBot, table_value
from ecotone.core.game import Game, State
from ecotone.core.rng import derive_seed
from ecotone.games.phylo.board import parse_cell
from ecotone.games.phylo.state import Slot

GAME = "phylo"


def _play(game: Game[Any], names: list[str], seed: int) -> State:
    bots = [make_bot(n, game, s, derive_seed(seed, "bot", s)) for s, n in enumerate(names)]
    state = game.start(seed)
    while not state.is_over:
        seat = state.to_move[0]
        action = bots[seat].act(SeatView(state, seat))
        assert action in state.legal_actions(seat)
        state = state.apply(seat, action)
    return state


def test_the_heuristic_is_registered() -> None:
    assert "heuristic" in available_bots(GAME)
    game = ecotone.make(GAME, players=2)
    assert isinstance(make_bot("heuristic", game, 0), HeuristicBot)


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        (None, {}),
        (None, {"challenge": True}),
        ("constructed", {}),
        ("constructed", {"challenge": True}),
    ],
)
def test_heuristic_plays_legal_and_reproducible_games(
    variant: str | None, options: dict[str, Any]
) -> None:
    game = ecotone.make(GAME, players=2, variant=variant, **options)
    names = ["heuristic", "heuristic"]
    assert _play(game, names, 11).digest() == _play(game, names, 11).digest()


@pytest.mark.parametrize("options", [{}, {"challenge": True}])
def test_decisions_ignore_hidden_cards(options: dict[str, Any]) -> None:
    """Its choice is the same on the true state and on any state its seat cannot tell apart."""
    game = ecotone.make(GAME, players=2, **options)
    rnd = random.Random(5)
    state = game.start(5)
    checked = 0
    while not state.is_over and checked < 60:
        seat = state.to_move[0]
        truth = make_bot("heuristic", game, seat, 99).act(SeatView(state, seat))
        for _ in range(3):
            other = state.determinize(seat, rnd.getrandbits(32))
            assert make_bot("heuristic", game, seat, 99).act(SeatView(other, seat)) == truth
        checked += 1
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert checked > 20


@pytest.mark.parametrize(("variant", "options"), [(None, {}), ("constructed", {"challenge": True})])
def test_heuristic_beats_random_clearly(variant: str | None, options: dict[str, Any]) -> None:
    game = ecotone.make(GAME, players=2, variant=variant, **options)
    wins = 0.0
    games = 20
    for i in range(games):
        seed = derive_seed(2024, i)
        lineup = ["heuristic", "random"] if i % 2 == 0 else ["random", "heuristic"]
        state = _play(game, lineup, seed)
        me = lineup.index("heuristic")
        if me in state.winners():
            wins += 1 / len(state.winners())
    assert wins >= 0.85 * games


def test_table_value_discounts_cards_in_trouble() -> None:
    # P1's beetle eats P1's tree; P2's fox stands alone far away (INCOMPATIBLE)
    tree, beetle = parse_cell("u20"), parse_cell("t20")  # next to the map board
    assert tree is not None
    assert beetle is not None
    cells = {0: Slot(0, "B25", 1), tree: Slot(tree, "B09", 0), beetle: Slot(beetle, "B39", 0)}
    value = table_value(cells, 0)
    assert value == pytest.approx(1 + 5 - 2 * 0.35)
