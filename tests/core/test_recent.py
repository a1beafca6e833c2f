"""The last public happenings a game tells (``Game.recent``): none by default, Phylo's log
less the lines that only say a move again; and what a window of them gained with a step
(``tuples.added``)."""

from __future__ import annotations

import random
from typing import Any

import ecotone
from ecotone.core.game import State
from ecotone.core.tuples import added


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


def with_happenings() -> State[Any]:
    """The first state of a seeded Phylo game whose log holds both happenings and moves."""
    for steps in range(1, 200):
        state = _played("phylo", steps)
        if 0 < len(state.recent()) < len(state.data.log):
            return state
    raise AssertionError("no happenings in 200 steps")


def test_phylo_tells_its_log_less_the_moves() -> None:
    state = with_happenings()
    recent, log = state.recent(), state.data.log
    assert recent == tuple(line for line in log if line in recent)  # in the log's order
    said_again = [line for line in log if line not in recent]
    assert all(" played " in line or " dropped " in line for line in said_again)
    assert not [line for line in recent if " played " in line or " dropped " in line]


def test_what_a_window_of_happenings_gained() -> None:
    assert added((), ("a",)) == ("a",)
    assert added(("a",), ("a",)) == ()
    assert added(("a", "b", "c"), ("c", "d")) == ("d",)  # the window moved on by two
    assert added(("a", "b"), ("x", "y")) == ("x", "y")  # started afresh
    assert added(("p", "t", "t"), ("t", "t", "t")) == ("t",)  # a tie again, the oldest gone
    assert added(("a", "b"), ()) == ()
