"""Small helpers the rule modules share: the Gamemaster's dice and log, players' traits.

A player's *traits* are the abilities they have unlocked: each full Adaptation set's
ability and each completed Niche's (``docs/rules/singapore-untamed.md`` §Abilities).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import TypeVar

from ecotone.core.rng import roll
from ecotone.games.singapore.board import ECOTONE, board
from ecotone.games.singapore.cards import HABITATS, cards
from ecotone.games.singapore.state import Player, SGData, Status

__all__ = [
    "ECOTONE",
    "ROUNDS",
    "counts",
    "counts_of",
    "dice",
    "habitat_index",
    "hand_keys",
    "in_region",
    "name_of",
    "open_habitats",
    "put",
    "region_name",
    "say",
    "set_player",
    "shuffled",
    "take",
    "traits",
    "who",
]

T = TypeVar("T")

ROUNDS = 10

habitat_index: dict[str, int] = {h: i for i, h in enumerate(HABITATS)}


def put(items: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """``items`` with position ``i`` replaced by ``value``."""
    return (*items[:i], value, *items[i + 1 :])


def set_player(d: SGData, seat: int, **changes: object) -> SGData:
    """``d`` with ``changes`` made to one player."""
    return d.replace(players=put(d.players, seat, d.players[seat].replace(**changes)))


def say(d: SGData, *lines: str) -> SGData:
    """``d`` with lines added to the round's public log."""
    return d.replace(log=d.log + lines)


def dice(d: SGData, count: int) -> tuple[tuple[int, ...], SGData]:
    """The Gamemaster rolls ``count`` dice."""
    rnd, key = roll(d.rng)
    return tuple(rnd.randint(1, 6) for _ in range(count)), d.replace(rng=key)


def shuffled(d: SGData, items: Sequence[T]) -> tuple[tuple[T, ...], SGData]:
    """The Gamemaster shuffles ``items``."""
    rnd, key = roll(d.rng)
    out = list(items)
    rnd.shuffle(out)
    return tuple(out), d.replace(rng=key)


def who(seat: int) -> str:
    """``P1`` for seat 0."""
    return f"P{seat + 1}"


def name_of(key: str) -> str:
    """A card key in the game's words."""
    return cards().name(key)


def region_name(region: str) -> str:
    """``Ecotone``, ``Forest``, ..."""
    return board().parts[region].name


def open_habitats(d: SGData) -> frozenset[str]:
    """The habitats that can be entered now."""
    return frozenset(
        h for h, hab in zip(HABITATS, d.habitats, strict=True) if hab.status is Status.OPEN
    )


def counts(p: Player) -> Mapping[str, int]:
    """Copies owned of each adaptation type (read-only; types not owned are absent)."""
    return counts_of(p.adaptations)


@lru_cache(maxsize=4096)
def counts_of(adaptations: tuple[str, ...]) -> Mapping[str, int]:
    """Copies of each adaptation type among the card ids ``adaptations`` (remembered)."""
    cs = cards()
    return MappingProxyType(dict(Counter(cs.key(c) for c in adaptations)))


def traits(p: Player) -> frozenset[str]:
    """The abilities ``p`` has unlocked (full sets and completed niches)."""
    return _traits(p.adaptations, p.niches)


@lru_cache(maxsize=4096)
def _traits(adaptations: tuple[str, ...], niches: tuple[str, ...]) -> frozenset[str]:
    if not adaptations and not niches:
        return frozenset()
    cs = cards()
    have = counts_of(adaptations)
    out = {ability for key, full, ability in _full_sets() if have.get(key, 0) >= full}
    out |= {cs.niche(n).ability for n in niches}
    return frozenset(out)


@lru_cache(maxsize=1)
def _full_sets() -> tuple[tuple[str, int, str], ...]:
    """(adaptation, copies for a full set, ability) for the sets that have an ability."""
    return tuple((a.key, a.full, a.ability) for a in cards().adaptations.values() if a.ability)


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


def take(items: tuple[str, ...], key: str) -> tuple[str, tuple[str, ...]]:
    """The first card of ``items`` with ``key``, and ``items`` without it."""
    cs = cards()
    cid = next(c for c in items if cs.key(c) == key)
    i = items.index(cid)
    return cid, items[:i] + items[i + 1 :]
