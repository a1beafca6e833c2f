"""Why a game of Singapore Untamed ended (after the tenth round: rules doc §The end of the
round) and, on a tie in EVP, how it was settled (the most Food left, as the Gamemaster's
reckoning says)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ecotone.core.game import State
from ecotone.games.singapore.scoring import announce, evp
from ecotone.games.singapore.state import ROUNDS

from .helpers import game

AFTER_THE_LAST_ROUND = f"The game ended after {ROUNDS} rounds."


def _played_out(variant: str | None, seed: int) -> State[Any]:
    rnd = random.Random(seed)
    state = game(4, variant).start(seed)
    while not state.is_over:
        seat = rnd.choice(state.to_move)
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("variant", [None, "beginner"])
def test_the_game_ends_after_the_last_round_and_a_tie_says_how_it_was_settled(
    variant: str | None,
) -> None:
    ties = 0
    for seed in (1, 2, 3):
        state = _played_out(variant, seed)
        players = state.data.players
        top = max(evp(p) for p in players)
        tied = [s for s, p in enumerate(players) if evp(p) == top]
        if len(tied) == 1:
            assert state.ending() == AFTER_THE_LAST_ROUND
            continue
        ties += 1
        settled = announce(players)[-1]  # the Gamemaster's last word on the tie
        assert state.ending() == f"{AFTER_THE_LAST_ROUND} {settled}"
        assert f"tie on {top} EVP" in settled
        won = state.winners()
        assert all(f"P{w + 1}" in settled for w in won)
    assert ties, "one of these deals ends in a tie on EVP"
