"""Why a game of BioMasters TCG ended (rules doc §The end: a player could not draw at the
start of a turn, and the others took one final turn), and in 2v2 whose Score Piles make
each team's total (§Winning)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ecotone.core.game import State
from ecotone.games.biomasters.scoring import pile_vp

from .helpers import game


def _played_out(players: int, variant: str | None, seed: int) -> State[Any]:
    rnd = random.Random(seed)
    state = game(players, variant).start(seed)
    while not state.is_over:
        seat = rnd.choice(state.to_move)
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize(
    ("players", "variant", "others"),
    [(2, None, "the other player"), (4, "free-for-all", "every other player")],
)
def test_a_player_who_cannot_draw_triggers_the_end(
    players: int, variant: str | None, others: str
) -> None:
    state = _played_out(players, variant, 2)
    short = (state.data.last + 1) % players  # the game ended with the seat before them
    assert state.data.decks[short] == ()
    assert state.ending() == (
        f"P{short + 1} could not draw a card at the start of a turn, which triggered the end, "
        f"and {others} took one final turn."
    )


def test_the_2v2_ending_says_whose_piles_make_each_teams_total() -> None:
    state = _played_out(4, "2v2", 1)
    piles = [pile_vp(p) for p in state.data.piles]
    sentence = state.ending()
    assert sentence is not None
    assert "could not draw a card at the start of a turn" in sentence
    assert sentence.endswith(
        "A team scores its two Score Piles together: "
        f"P1 and P3 {piles[0] + piles[2]} VP, P2 and P4 {piles[1] + piles[3]} VP."
    )
    scores = state.scores()
    assert scores[0] == scores[2] == piles[0] + piles[2]
