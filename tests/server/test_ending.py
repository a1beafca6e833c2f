"""The view of a finished match carries why the game ended and what its result means
(``ending``, the game's ``state.ending()``), beside the breakdown of the scores; never while
the match runs, nor for a match a resignation ended."""

from __future__ import annotations

import random
import time
from typing import Any

import msgspec

import ecotone
from ecotone.core.game import State
from ecotone.server.matches import Match, Seat
from ecotone.server.protocol import encode

FOREST = "once-upon-a-forest"


def _played_out(state: State[Any], seed: int) -> State[Any]:
    rnd = random.Random(seed)
    while not state.is_over:
        seat = rnd.choice(state.to_move)
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return state


def _match(state: State[Any], status: Any, resigned: int | None = None) -> Match:
    now = time.time()
    seats = [Seat(s, "human", name=name) for s, name in enumerate(["Ana", "Ben"])]
    return Match(
        id="m1",
        game=state.game,
        seed=1,
        state=state,
        status=status,
        seats=seats[: state.game.players],
        move_seconds=None,
        created_at=now,
        updated_at=now,
        resigned=resigned,
    )


def test_the_view_of_a_finished_match_says_why_it_ended() -> None:
    start = ecotone.make(FOREST, players=2).start(4)
    over = _played_out(start, 4)
    ending = over.ending()
    assert ending
    for viewer in (None, 0, 1):  # the same words for every seat and every spectator
        view = _match(over, "over").view(viewer, None)
        assert view.ending == ending
        assert view.breakdown is not None
        sent = msgspec.json.decode(encode(view))
        assert sent["type"] == "update"
        assert sent["ending"] == ending
    assert _match(start, "active").view(0, None).ending is None
    # a resignation ended it, not the rules: the game has nothing to say
    assert _match(start, "over", resigned=0).view(1, None).ending is None
