"""A seat's perfect recall of a game: everything it observed, step by step, and its own
actions; what OpenSpiel calls the information state.

Two histories a seat cannot tell apart are those in which it observed the same things at
every step (``state.observe(seat)``, from the start) and took the same actions: Ecotone
tells every seat of every step (at least that a choice was made, when it is secret), so
the number of steps is part of what it knows, and a step it cannot see still leaves the
same observation twice in a row. :class:`Recall` keeps the states of one game and, per
seat, a chain of digests: the digest after step ``k`` hashes the one before it, the
seat's own action at that step (none when another seat acted) and its observation after
it. Equal recollections give equal digests; different ones, different digests (but for a
128-bit hash's chance). The chain is made when a seat's digest is asked, from where it
was left, so a search that never asks pays nothing.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from ecotone.core.game import State

__all__ = ["Recall"]

_encoder = msgspec.json.Encoder(order="deterministic")


def _link(before: bytes, own: int | None, observation: dict[str, Any]) -> bytes:
    """The next digest of a chain: the one before, the seat's own action, what it saw."""
    text = b"" if own is None else str(own).encode()
    data = before + b"|" + text + b"|" + _encoder.encode(observation)
    return hashlib.blake2b(data, digest_size=16).digest()


class Recall:
    """The states of one game since its start and every seat's recollection of them.

    Args:
        players: the number of seats.
        start: the game's first state (after the chance that dealt it).
    """

    __slots__ = ("actions", "chains", "players", "states")

    def __init__(self, players: int, start: State[Any]) -> None:
        self.players = players
        # None where a state is no longer needed: a resampled history keeps only the
        # seats' digests of its past (see resampled)
        self.states: list[State[Any] | None] = [start]
        self.actions: list[tuple[int, int]] = []  # (seat, action index) per step
        self.chains: list[list[bytes]] = [[] for _ in range(players)]

    @property
    def steps(self) -> int:
        """The number of steps taken since the start."""
        return len(self.actions)

    def step(self, seat: int, index: int, after: State[Any]) -> None:
        """``seat`` took the action numbered ``index``, which led to ``after``."""
        self.actions.append((seat, index))
        self.states.append(after)

    def digest(self, seat: int) -> bytes:
        """``seat``'s recollection of the whole game so far, as 16 bytes."""
        chain = self.chains[seat]
        states, actions = self.states, self.actions
        while len(chain) < len(states):
            k = len(chain)
            state = states[k]
            assert state is not None, "a resampled history keeps every digest of its past"
            own = actions[k - 1][1] if k and actions[k - 1][0] == seat else None
            chain.append(_link(chain[-1] if chain else b"", own, state.observe(seat)))
        return chain[-1]

    def decisions(self, seat: int) -> int:
        """How many of the steps so far were ``seat``'s."""
        return sum(1 for actor, _ in self.actions if actor == seat)

    def copy(self) -> Recall:
        """An independent copy (the states themselves are immutable, and shared)."""
        out = Recall.__new__(Recall)
        out.players = self.players
        out.states = list(self.states)
        out.actions = list(self.actions)
        out.chains = [list(chain) for chain in self.chains]
        return out

    def __deepcopy__(self, memo: dict[int, Any]) -> Recall:
        # the states are immutable: a deep copy (how OpenSpiel clones a Python state)
        # need copy only the lists
        return self.copy()

    def resampled(self, seat: int, state: State[Any]) -> Recall:
        """The history of ``state``, a state ``seat`` cannot tell from the last one here
        (dealt by ``determinize``), as ``seat`` remembers it: ``seat``'s recollection is
        kept whole; the other seats', which ``seat`` does not know, start again from a
        mark that depends only on ``seat``'s, so that nothing of the true history
        reaches them."""
        mine = self.digest(seat)
        out = Recall.__new__(Recall)
        out.players = self.players
        out.states = [None] * (len(self.states) - 1) + [state]
        out.actions = list(self.actions)
        out.chains = []
        for other in range(self.players):
            if other == seat:
                out.chains.append(list(self.chains[seat]))
                continue
            mark = hashlib.blake2b(
                b"resampled|%d|%d|" % (seat, other) + mine, digest_size=16
            ).digest()
            chain = [mark] * (len(self.states) - 1)
            chain.append(_link(mark, None, state.observe(other)))
            out.chains.append(chain)
        return out
