"""The ``ending`` hook: why a finished game ended and what its result means, asked only
of a finished game, and nothing from a game that says nothing (the default)."""

from __future__ import annotations

import random

from ecotone.core.game import State
from ecotone.core.records import seat_name
from tests.core.toy import BidsData, SealedBids


def _played_out(game: SealedBids, seed: int) -> list[State[BidsData]]:
    """Every state of a game played by random legal choices, the finished one last."""
    rnd = random.Random(seed)
    states = [game.start(seed)]
    while not states[-1].is_over:
        state = states[-1]
        seat = rnd.choice(state.to_move)
        states.append(state.apply(seat, rnd.choice(state.legal_actions(seat))))
    return states


class _Told(SealedBids):
    """Sealed Bids saying how its game ended (the toy itself says nothing)."""

    def ending(self, data: BidsData) -> str:
        best = max(data.points)
        return f"All {data.round} rounds were bid; {seat_name(data.points.index(best))} led."


def test_a_game_says_nothing_of_its_end_by_default() -> None:
    states = _played_out(SealedBids(2), 3)
    assert states[-1].is_over
    assert all(state.ending() is None for state in states)


def test_the_ending_is_the_games_once_the_game_is_over_and_never_before() -> None:
    game = _Told(2)
    *running, over = _played_out(game, 3)
    assert all(state.ending() is None for state in running)  # not asked of a running game
    sentence = over.ending()
    assert sentence == game.ending(over.data)
    assert sentence is not None
    assert sentence.startswith(f"All {over.data.round} rounds were bid")
