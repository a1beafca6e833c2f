"""The undo policy (ecotone.core.history), on the toy game and on every real game."""

from __future__ import annotations

import random
from typing import Any

import pytest

import ecotone
from ecotone.core.errors import IllegalAction
from ecotone.core.history import History
from ecotone.core.registry import game_class
from tests.core.toy import Bid, SealedBids


def bids(seed: int = 1) -> History[Any]:
    return History.start(SealedBids(2), seed)


def test_nothing_to_take_back_at_the_start() -> None:
    problem = bids().undo_refusal(0)
    assert problem is not None
    assert problem.code == "undo/nothing"


def test_a_secret_bid_can_be_taken_back_while_the_other_seat_still_chooses() -> None:
    line = bids()
    card = line.state.data.hands[0][0]
    after = line.play(0, Bid(card))
    assert after.can_undo(0)
    back = after.undo(0)
    assert back.state == line.state
    assert back.steps == ()
    # the other seat has not decided, so it has nothing to take back
    problem = after.undo_refusal(1)
    assert problem is not None
    assert problem.code == "undo/not-yours"


def test_the_bid_that_reveals_both_bids_stands() -> None:
    line = bids()
    line = line.play(0, Bid(line.state.data.hands[0][0]))
    line = line.play(1, Bid(line.state.data.hands[1][0]))
    problem = line.undo_refusal(1)
    assert problem is not None
    assert problem.code == "undo/revealed"
    with pytest.raises(IllegalAction) as refused:
        line.undo(1)
    assert refused.value.code == "undo/revealed"
    not_yours = line.undo_refusal(0)
    assert not_yours is not None
    assert not_yours.code == "undo/not-yours"


def test_a_game_may_narrow_the_policy() -> None:
    class NoTakeBacks(SealedBids):
        def undo_refusal(
            self, before: Any, seat: int, action: Any, after: Any
        ) -> IllegalAction | None:
            return IllegalAction("toy/bids-stand", "a bid once made stands")

    line = History.start(NoTakeBacks(2), 1)
    line = line.play(0, Bid(line.state.data.hands[0][0]))
    problem = line.undo_refusal(0)
    assert problem is not None
    assert problem.code == "toy/bids-stand"


def test_a_finished_game_cannot_be_taken_back() -> None:
    line = bids()
    while not line.state.is_over:
        seat = line.state.to_move[0]
        line = line.play(seat, line.state.legal_actions(seat)[0])
    problem = line.undo_refusal(line.steps[-1].seat)
    assert problem is not None
    assert problem.code == "undo/game-over"


def configurations() -> list[tuple[str, int, str | None]]:
    out = []
    for game_id in ecotone.available_games():
        spec = game_class(game_id).spec
        out.append((game_id, max(2, spec.min_players), None))
    return out


@pytest.mark.parametrize(("game_id", "players", "variant"), configurations())
def test_every_step_taken_back_showed_nobody_anything(
    game_id: str, players: int, variant: str | None
) -> None:
    """Wherever undo is allowed, a much larger sample of states the seat cannot tell from
    the real one agrees that the step showed it and the table nothing, and undoing
    restores the position exactly; the replay of the line no longer holds the step."""
    game = ecotone.make(game_id, players=players, variant=variant)
    line = History.start(game, 11)
    rnd = random.Random(5)
    allowed = refused = 0
    for _ in range(80):
        if line.state.is_over:
            break
        seat = line.state.to_move[0]
        before = line
        line = line.play(seat, rnd.choice(line.state.legal_actions(seat)))
        if not line.can_undo(seat):
            refused += 1
            continue
        allowed += 1
        step = line.steps[-1]
        for sample in range(60):
            alike = before.state.determinize(seat, random.Random(1000 + sample))
            other = alike.apply(seat, step.action)
            assert other.observe(seat) == line.state.observe(seat), str(step.action)
            assert other.observe(None) == line.state.observe(None), str(step.action)
        back = line.undo(seat)
        assert back.state == before.state
        assert back.replay().steps == before.replay().steps
    assert allowed, f"{game_id}: no step could be taken back"
    assert refused, f"{game_id}: every step could be taken back"


def test_a_history_round_trips_through_its_replay() -> None:
    game = ecotone.make(ecotone.available_games()[0], players=2)
    line = History.start(game, 4)
    rnd = random.Random(2)
    for _ in range(20):
        seat = line.state.to_move[0]
        line = line.play(seat, rnd.choice(line.state.legal_actions(seat)))
    again = History.from_replay(line.replay())
    assert again.states == line.states
    assert again.steps == line.steps
