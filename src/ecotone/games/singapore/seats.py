"""What the rules read off a state of Singapore Untamed, and change in it, at every step.

Functions over the records of :mod:`ecotone.games.singapore.state`, kept apart from them
so that the optional compiled build compiles them (a module that defines a record cannot
be compiled: see ``pyproject.toml``).
"""

from __future__ import annotations

from functools import lru_cache

from ecotone.core.records import put, replace
from ecotone.games.singapore.board import board
from ecotone.games.singapore.cards import HABITATS, cards
from ecotone.games.singapore.state import Player, SGData, Status

__all__ = ["hand_keys", "in_region", "open_habitats", "set_player"]


def set_player(d: SGData, seat: int, **changes: object) -> SGData:
    """``d`` with ``changes`` made to one player."""
    return replace(d, players=put(d.players, seat, replace(d.players[seat], **changes)))


def open_habitats(d: SGData) -> frozenset[str]:
    """The habitats that can be entered now."""
    return frozenset(
        h for h, hab in zip(HABITATS, d.habitats, strict=True) if hab.status is Status.OPEN
    )


def in_region(d: SGData, region: str) -> list[int]:
    """The seats whose pawns stand in ``region`` (``ecotone`` or a habitat)."""
    tiles = board().tiles
    return [s for s, p in enumerate(d.players) if tiles[p.tile].board == region]


def hand_keys(p: Player) -> tuple[str, ...]:
    """The different cards in ``p``'s hand, by key, in the codec's order."""
    return _hand_keys(p.hand)


@lru_cache(maxsize=4096)
def _hand_keys(hand: tuple[str, ...]) -> tuple[str, ...]:
    cs = cards()
    held = {cs.key(c) for c in hand}
    return tuple(k for k in cs.hand_keys if k in held)
