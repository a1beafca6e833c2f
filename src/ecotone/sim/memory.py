"""Memory per state: what holding positions of a game costs.

A search that keeps positions (a tree of states, a history for undo, a batch of
observations) pays for each one. Two figures per game, averaged over every position of a
few seeded random games:

* **alone**: everything a state's data reaches, each object counted once *per state*: what
  one state would cost if it shared nothing with any other (an upper bound: the card ids it
  names are in fact shared with the game's card tables);
* **held**: the memory the Python allocator holds for all those states kept at once, over
  their number (measured with :mod:`tracemalloc`): a step copies only the few tuples it
  changes, so states along a game share most of their parts, and this is what a tree or a
  history of states really costs each.

Both count the :class:`~ecotone.core.game.State` handle too (without the legal actions it
caches once asked: a kept position need not keep them).
"""

from __future__ import annotations

import enum
import gc
import random
import sys
import tracemalloc
from dataclasses import dataclass
from typing import Any

import msgspec

from ecotone.core.game import Game, State

__all__ = ["StateMemory", "deep_size", "state_memory"]


@dataclass(frozen=True, slots=True)
class StateMemory:
    """The memory of one game's states.

    Attributes:
        name: the game id.
        players: the seats played.
        states: the positions measured.
        alone: mean bytes per state counted alone (nothing shared).
        held: mean bytes per state held along whole games (parts shared as play shares them).
    """

    name: str
    players: int
    states: int
    alone: float
    held: float

    def to_json(self) -> dict[str, Any]:
        """The row as JSON-safe data."""
        return {
            "name": self.name,
            "players": self.players,
            "states": self.states,
            "bytes_alone": self.alone,
            "bytes_held": self.held,
        }


def deep_size(root: object, seen: set[int] | None = None) -> int:
    """Bytes of ``root`` and of everything it reaches (records, tuples, lists, dicts,
    strings, numbers), each object once; ``seen`` carries the objects already counted.

    Singletons every program shares are not counted: ``None``, booleans, enum members and
    the small integers Python keeps cached.
    """
    seen = set() if seen is None else seen
    total = 0
    stack = [root]
    while stack:
        obj = stack.pop()
        if obj is None or obj is True or obj is False or isinstance(obj, enum.Enum):
            continue
        if isinstance(obj, int) and -5 <= obj <= 256:
            continue
        key = id(obj)
        if key in seen:
            continue
        seen.add(key)
        total += sys.getsizeof(obj)
        if isinstance(obj, msgspec.Struct):
            stack.extend(getattr(obj, f) for f in obj.__struct_fields__)
        elif isinstance(obj, tuple | list | set | frozenset):
            stack.extend(obj)
        elif isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
    return total


def _positions(game: Game[Any], games: int, seed: int) -> list[State[Any]]:
    """Every position of ``games`` seeded random games, as fresh handles (no caches)."""
    rng = random.Random(seed)
    out: list[State[Any]] = []
    for i in range(games):
        state = game.start(seed + i)
        out.append(State(game, state.data))
        while not state.is_over:
            seat = state.to_move[0]
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))
            out.append(State(game, state.data))
    return out


def state_memory(game: Game[Any], games: int = 2, seed: int = 0) -> StateMemory:
    """Measure the states of ``games`` seeded random games of ``game`` (see the module)."""
    game.start(seed)  # tables the game builds once are not the states' cost
    handle = sys.getsizeof(State(game, game.start(seed).data))
    gc.collect()
    was_tracing = tracemalloc.is_tracing()
    if not was_tracing:
        tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = _positions(game, games, seed)
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - before - sys.getsizeof(kept)
    if not was_tracing:
        tracemalloc.stop()
    alone = sum(deep_size(s.data) + handle for s in kept)
    n = len(kept)
    return StateMemory(game.spec.id, game.players, n, alone / n, max(0, held) / n)
