"""Why a game of Phylo ended (rules doc §The end): the pick-up pile (in the constructed
game, a player's deck) ran out, and the last turns were played."""

from __future__ import annotations

import random
from typing import Any

from ecotone.core.game import State

from .helpers import game

LAST_TURNS = "and the last turns were played."


def _played_out(variant: str | None, seed: int) -> State[Any]:
    rnd = random.Random(seed)
    state = game(variant).start(seed)
    while not state.is_over:
        seat = rnd.choice(state.to_move)
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return state


def test_the_shared_pick_up_pile_ran_out() -> None:
    for seed in (1, 2):
        state = _played_out(None, seed)
        assert state.data.piles == ((),)
        assert state.ending() == f"The pick-up pile ran out, {LAST_TURNS}"


def test_the_constructed_game_names_the_deck_that_ran_out() -> None:
    said = set()
    for seed in (1, 3):
        state = _played_out("constructed", seed)
        out = [s for s, pile in enumerate(state.data.piles) if not pile]
        assert out, "a deck ran out"
        ending = state.ending()
        if len(out) == 1:
            assert ending == f"P{out[0] + 1}'s deck ran out, {LAST_TURNS}"
        else:
            assert ending == f"Both decks ran out, {LAST_TURNS}"
        said.add(len(out))
    assert said == {1, 2}, "these deals end with one deck run out, and with both"
