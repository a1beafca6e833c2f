"""The BIOME Borneo heuristic bot: legal, seeded, blind to hidden cards, and strong."""

from __future__ import annotations

import random
from typing import Any

import pytest

import ecotone
from ecotone.bots import SeatView, available_bots, make_bot
from ecotone.core.game import State
from ecotone.core.rng import derive_seed

GAME = "biome-borneo"


def _play(game: ecotone.Game[Any], names: list[str], seed: int) -> State:
    bots = [make_bot(n, game, s, derive_seed(seed, "bot", s)) for s, n in enumerate(names)]
    state = game.start(seed)
    while not state.is_over:
        seat = state.to_move[0]
        action = bots[seat].act(SeatView(state, seat))
        assert action in state.legal_actions(seat)
        state = state.apply(seat, action)
    return state


def test_the_heuristic_is_listed() -> None:
    assert "heuristic" in available_bots(GAME)


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {"formation": "stairway"}), (4, {"formation": "fragments"})],
)
def test_heuristic_plays_legal_and_reproducible_games(
    players: int, options: dict[str, str]
) -> None:
    game = ecotone.make(GAME, players=players, **options)
    names = ["heuristic"] * players
    first = _play(game, names, 11)
    assert first.digest() == _play(game, names, 11).digest()
    assert max(first.scores()) > 0


def test_decisions_ignore_hidden_cards() -> None:
    """The choice is the same on the true state and on states the seat cannot tell apart."""
    game = ecotone.make(GAME, players=3)
    rnd = random.Random(5)
    bots = [make_bot("heuristic", game, s, 3) for s in range(3)]
    state = game.start(5)
    checked = 0
    while not state.is_over and checked < 80:
        seat = state.to_move[0]
        truth = make_bot("heuristic", game, seat, 99).act(SeatView(state, seat))
        for _ in range(2):
            other = state.determinize(seat, rnd.getrandbits(32))
            assert make_bot("heuristic", game, seat, 99).act(SeatView(other, seat)) == truth
        checked += 1
        state = state.apply(seat, bots[seat].act(SeatView(state, seat)))
    assert checked == 80


def test_heuristic_beats_random_clearly() -> None:
    game = ecotone.make(GAME, players=2)
    wins = 0.0
    games = 12
    for i in range(games):
        seed = derive_seed(2024, i)
        lineup = ["heuristic", "random"] if i % 2 == 0 else ["random", "heuristic"]
        final = _play(game, lineup, seed)
        me = lineup.index("heuristic")
        if me in final.winners():
            wins += 1 / len(final.winners())
    assert wins / games >= 0.9
