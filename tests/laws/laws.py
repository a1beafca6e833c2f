"""Round-trip laws every game keeps, stated on one position reached by random play.

A :class:`Playout` is a seeded random game cut short after some steps: ``game.start(seed)``,
then at each step a seat to move and one of its legal actions, both drawn from
``random.Random(seed)``. Each law takes a playout and raises ``AssertionError`` (saying
where) when the position breaks it:

* :func:`state_json_law`: ``game.load_state`` reads ``state.to_json()`` (through JSON
  text, as a file or the network carries it) back into the same state with the same
  digest, and writing it again gives the same JSON;
* :func:`action_codec_law`: every legal action of every seat to move comes back from its
  JSON form (``codec.from_json``), its notation (``codec.parse(str(action))``) and its
  index (``codec.from_index(game.action_index(action))``);
* :func:`replay_law`: a :class:`~ecotone.core.replay.Replay` of the seed and the actions
  survives its own JSON round trip and re-simulates through every recorded digest to the
  same final state.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ecotone.core.actions import Action
from ecotone.core.game import Game, State
from ecotone.core.replay import Replay

__all__ = ["LAWS", "Playout", "action_codec_law", "play", "replay_law", "state_json_law"]


@dataclass(frozen=True)
class Playout:
    """A seeded random game after ``len(moves)`` steps (fewer than asked if it ended)."""

    game: Game[Any]
    seed: int
    moves: tuple[tuple[int, Action], ...]
    digests: tuple[str, ...]  # the start's, then one after each move
    state: State[Any]

    def __str__(self) -> str:
        return f"{self.game!r} seed={self.seed} after {len(self.moves)} step(s)"


def play(game: Game[Any], seed: int, steps: int) -> Playout:
    """Random play from ``game.start(seed)`` for ``steps`` steps or to the end."""
    rnd = random.Random(seed)
    state = game.start(seed)
    moves: list[tuple[int, Action]] = []
    digests = [state.digest()]
    while len(moves) < steps and not state.is_over:
        seat = rnd.choice(state.to_move)
        action = rnd.choice(state.legal_actions(seat))
        state = state.apply(seat, action)
        moves.append((seat, action))
        digests.append(state.digest())
    return Playout(game, seed, tuple(moves), tuple(digests), state)


def state_json_law(p: Playout) -> None:
    """The state survives a JSON round trip, digest included."""
    saved = p.state.to_json()
    back = p.game.load_state(json.dumps(saved))
    assert back == p.state, f"{p}: the state read back from its JSON is another state"
    assert back.digest() == p.state.digest(), f"{p}: the JSON round trip changed the digest"
    assert back.to_json() == saved, f"{p}: the state read back writes different JSON"


def action_codec_law(p: Playout) -> None:
    """Every legal action survives its JSON, notation and index round trips."""
    codec = p.game.codec
    for seat in p.state.to_move:
        for action in p.state.legal_actions(seat):
            here = f"{p}: P{seat + 1}'s {action!r}"
            as_json = json.loads(json.dumps(action.to_json()))
            assert codec.from_json(as_json) == action, f"{here} does not survive JSON"
            assert codec.parse(str(action)) == action, f"{here} reads back as another action"
            index = p.game.action_index(action)
            assert 0 <= index < p.game.num_distinct_actions, f"{here}: index {index} out of range"
            assert codec.from_index(index) == action, f"{here}: index {index} is another action"


def replay_law(p: Playout) -> None:
    """The replay of the playout survives JSON and re-simulates to the same state."""
    replay = Replay.record(p.game, p.seed, p.moves, p.state)
    text = replay.to_json()
    back = Replay.from_json(text)
    assert back == replay, f"{p}: the replay read back from its JSON is another replay"
    assert back.to_json() == text, f"{p}: the replay read back writes different JSON"
    digests = tuple(state.digest() for state, _ in back.states())
    assert digests == p.digests, f"{p}: re-simulating the replay gives other states"
    assert back.verify() == p.state, f"{p}: re-simulating the replay ends elsewhere"


LAWS: dict[str, Callable[[Playout], None]] = {
    "state-json": state_json_law,
    "action-codec": action_codec_law,
    "replay": replay_law,
}
