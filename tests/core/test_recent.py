"""The last public happenings a game tells (``Game.recent``): none by default, Phylo's log
as its text picture shows it."""

from __future__ import annotations

import random
from typing import Any

import ecotone
from ecotone.core.game import State


def _played(game_id: str, steps: int, seed: int = 3) -> State[Any]:
    game = ecotone.make(game_id, players=2)
    state = game.start(seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        seat = state.to_move[0]
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return state


def test_a_game_tells_none_by_default() -> None:
    assert _played("once-upon-a-forest", 10).recent() == ()


def test_phylo_tells_its_log_as_its_picture_shows_it() -> None:
    state = _played("phylo", 30)
    recent = state.recent()
    assert recent == state.data.log
    assert recent  # a game under way has happenings
    assert "Recently: " + " | ".join(recent[-4:]) in state.render(None)
