"""What the rules read off a state of Singapore Untamed, and change in it, at every step.

Functions over the records of :mod:`ecotone.games.singapore.state`, kept apart from them
so that the optional compiled build compiles them (a module that defines a record cannot
be compiled: see ``pyproject.toml``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from ecotone.core.tuples import put, replace
from ecotone.games.singapore.board import board
from ecotone.games.singapore.cards import HABITATS, cards
from ecotone.games.singapore.state import Player, SGData, Status

__all__ = ["hand_keys", "held_keys", "open_habitats", "seats_by_region", "set_player", "take"]


def set_player(d: SGData, seat: int, **changes: object) -> SGData:
    """``d`` with ``changes`` made to one player."""
    return replace(d, players=put(d.players, seat, replace(d.players[seat], **changes)))


def open_habitats(d: SGData) -> frozenset[str]:
    """The habitats that can be entered now."""
    # one bit per habitat open, and the set made once per pattern: Migration lists routes
    # into the open habitats at every step
    opened = 0
    bit = 1
    for hab in d.habitats:
        if hab.status is _OPEN:
            opened |= bit
        bit <<= 1
    return _open_set(opened)


@lru_cache(maxsize=64)
def _open_set(opened: int) -> frozenset[str]:
    """The habitats whose bits are set in ``opened`` (bit ``i``: ``HABITATS[i]``)."""
    return frozenset(h for i, h in enumerate(HABITATS) if opened >> i & 1)


# A member read off its enum class (``Status.OPEN``) costs several times a module's own
# name, and this one is read at most steps.
_OPEN: Final = Status.OPEN


def seats_by_region(d: SGData) -> dict[str, list[int]]:
    """The seats whose pawns stand in each region (``ecotone`` or a habitat) where any
    does, in seat order."""
    tiles = board().tiles
    out: dict[str, list[int]] = {}
    for s, p in enumerate(d.players):
        out.setdefault(tiles[p.tile].board, []).append(s)
    return out


def hand_keys(p: Player) -> tuple[str, ...]:
    """The different cards in ``p``'s hand, by key, in the codec's order."""
    return held_keys(p.hand)


# (the legal moves of every step read it straight from the hand, without the call above)
@lru_cache(maxsize=4096)
def held_keys(hand: tuple[str, ...]) -> tuple[str, ...]:
    """The different cards among the card ids ``hand``, by key, in the codec's order."""
    cs = cards()
    held = {cs.key(c) for c in hand}
    return tuple(k for k in cs.hand_keys if k in held)


def take(ids: tuple[str, ...], key: str) -> tuple[str, tuple[str, ...]]:
    """The first card of ``ids`` with ``key``, and ``ids`` without it."""
    info = cards().info
    for i, cid in enumerate(ids):
        if info[cid][2] == key:
            return cid, (*ids[:i], *ids[i + 1 :])
    raise ValueError(f"no {key} card among {ids}")
