"""The BioMasters heuristic bot: legal, seeded, blind to hidden cards, better than random."""

from __future__ import annotations

import random

import pytest

import ecotone
from ecotone.bots import SeatView, available_bots, make_bot
from ecotone.core.game import State
from ecotone.core.rng import derive_seed

GAME = "biomasters"


def _play(game: ecotone.Game, names: list[str], seed: int) -> State:  # type: ignore[type-arg]
    bots = [make_bot(n, game, s, derive_seed(seed, "bot", s)) for s, n in enumerate(names)]
    state = game.start(seed)
    while not state.is_over:
        seat = state.to_move[0]
        action = bots[seat].act(SeatView(state, seat))
        assert action in state.legal_actions(seat)
        state = state.apply(seat, action)
    return state


def test_the_heuristic_is_registered() -> None:
    assert available_bots(GAME)[:2] == ["random", "heuristic"]


@pytest.mark.parametrize(
    ("players", "variant", "decks"),
    [
        (2, None, "production,decomposition"),
        (2, None, "ocean,wetland"),
        (4, "2v2", "production,decomposition"),
        (4, "free-for-all", "production,decomposition,ocean,wetland"),
    ],
)
def test_heuristic_plays_legal_and_reproducible_games(
    players: int, variant: str | None, decks: str
) -> None:
    game = ecotone.make(GAME, players=players, variant=variant, decks=decks)
    names = ["heuristic"] * players
    assert _play(game, names, 11).digest() == _play(game, names, 11).digest()


@pytest.mark.parametrize("decks", ["production,decomposition", "ocean,wetland"])
def test_decisions_ignore_hidden_cards(decks: str) -> None:
    """The same choice on the true state and on any state its seat cannot tell apart (the
    ocean and wetland decks draw cards with their filter feeders)."""
    game = ecotone.make(GAME, players=2, decks=decks)
    rnd = random.Random(5)
    state = game.start(5)
    checked = 0
    while not state.is_over and checked < 60:
        seat = state.to_move[0]
        truth = make_bot("heuristic", game, seat, 99).act(SeatView(state, seat))
        for _ in range(2):
            other = state.determinize(seat, rnd.getrandbits(32))
            assert make_bot("heuristic", game, seat, 99).act(SeatView(other, seat)) == truth
        checked += 1
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert checked == 60


def test_heuristic_beats_random_clearly() -> None:
    game = ecotone.make(GAME, players=2)
    wins = 0.0
    n = 30
    for i in range(n):
        seed = derive_seed(2025, i)
        lineup = ["heuristic", "random"] if i % 2 == 0 else ["random", "heuristic"]
        final = _play(game, lineup, seed)
        me = lineup.index("heuristic")
        if me in final.winners():
            wins += 1 / len(final.winners())
    assert wins / n >= 0.7
