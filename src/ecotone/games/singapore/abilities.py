"""What a player has unlocked: the Adaptations owned by type, and the abilities they give
(rules §Adaptations, §Niche cards).

A player's *traits* are the abilities they have unlocked: each full Adaptation set's
ability and each completed Niche's. Both are read at every step of a search and change
only when a card is bought, so they are remembered by the cards owned.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from ecotone.games.singapore.cards import cards
from ecotone.games.singapore.state import Player

__all__ = ["counts", "counts_of", "traits"]


def counts(p: Player) -> Mapping[str, int]:
    """Copies owned of each adaptation type (read-only; types not owned are absent)."""
    return counts_of(p.adaptations)


@lru_cache(maxsize=4096)
def counts_of(adaptations: tuple[str, ...]) -> Mapping[str, int]:
    """Copies of each adaptation type among the card ids ``adaptations`` (remembered)."""
    # counted by hand, not by a Counter: a new set of cards is counted at nearly every
    # purchase, and a Counter's set-up costs more than the counting of a dozen cards
    info = cards().info
    out: dict[str, int] = {}
    for c in adaptations:
        key = info[c][2]
        out[key] = out.get(key, 0) + 1
    return MappingProxyType(out)


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
