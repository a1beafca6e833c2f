"""The visibility check's shortcut is sound for every game: a spectator knows no more than
any seat, so whatever the spectators can tell apart, every seat can too."""

from __future__ import annotations

import random

import pytest

import ecotone
from ecotone.core.game import State
from ecotone.core.registry import game_class
from ecotone.core.spec import Information
from ecotone.server.visibility import MAX_ALTERNATIVES, step_visibility, viewer_bit


def _steps(game_id: str, players: int, seed: int, limit: int = 400) -> list[tuple[State, int]]:
    game = ecotone.make(game_id, players=players)
    rnd = random.Random(seed)
    state = game.start(seed)
    out = []
    while not state.is_over and len(out) < limit:
        seat = rnd.choice(state.to_move)
        out.append((state, seat))
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return out


@pytest.mark.parametrize("game_id", ecotone.available_games())
def test_what_spectators_tell_apart_every_seat_tells_apart(game_id: str) -> None:
    spec = game_class(game_id).spec
    if spec.information is Information.PERFECT:
        pytest.skip("everything is public")
    players = max(spec.min_players, min(spec.max_players, 3))
    checked = 0
    for state, seat in _steps(game_id, players, seed=5)[::3]:
        legal = state.legal_actions(seat)
        if len(legal) > MAX_ALTERNATIVES:
            continue
        outcomes = [state.apply(seat, a) for a in legal]
        for i, after in enumerate(outcomes):
            spectator = after.observe(None)
            if any(o.observe(None) == spectator for j, o in enumerate(outcomes) if j != i):
                continue  # the spectators cannot tell it apart: the seats are checked
            checked += 1
            for viewer in range(players):
                if viewer == seat:
                    continue
                seen = after.observe(viewer)
                alike = [
                    legal[j] for j, o in enumerate(outcomes) if j != i and o.observe(viewer) == seen
                ]
                assert not alike, (
                    f"P{viewer + 1} cannot tell {legal[i]} from {alike[0]} though a spectator can"
                )
    assert checked


def test_a_step_hidden_from_the_spectators_is_checked_for_each_seat(toy: str) -> None:
    # A sealed bid: the other seat and the spectators see only that a bid was made.
    game = ecotone.make(toy, players=2)
    state = game.start(1)
    seat = state.to_move[0]
    action = state.legal_actions(seat)[0]
    visible, tags = step_visibility(state, seat, action, state.apply(seat, action))
    assert visible == viewer_bit(2, seat)
    assert tags & viewer_bit(2, 1 - seat)
    assert tags & viewer_bit(2, None)
