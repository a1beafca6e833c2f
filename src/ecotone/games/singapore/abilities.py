"""What a player has unlocked: the Adaptations owned by type, and the abilities they give
(rules §Adaptations, §Niche cards).

A player's *traits* are the abilities they have unlocked: each full Adaptation set's
ability and each completed Niche's. Both are read at every step of a search and change
only when a card is bought, so what a player's Adaptations give is worked out where one
is bought (:func:`adding`): from what the cards owned before gave, plus the one card.
Worked out whole, from nothing, only for a collection never seen bought (a position
made by hand, a game loaded) or forgotten since.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Final

from ecotone.games.singapore.cards import cards
from ecotone.games.singapore.state import Player

__all__ = ["adding", "counts", "counts_of", "traits"]

# What a collection of Adaptation cards gives: the copies owned of each type (types not
# owned are absent; never changed once made, and handed out read-only) and the abilities
# of the full sets among them.
_Owned = tuple[dict[str, int], frozenset[str]]

_NOTHING: Final[_Owned] = ({}, frozenset())

# By the collection's card ids (sorted, as a player keeps them). Every purchase in a
# search makes a collection never seen before, so the table is bounded: when full it is
# emptied, and a collection still in play is worked out again from its cards.
_KNOWN: Final[dict[tuple[str, ...], _Owned]] = {}
_KEEP: Final = 4096


def counts(p: Player) -> Mapping[str, int]:
    """Copies owned of each adaptation type (read-only; types not owned are absent)."""
    return MappingProxyType(_owned(p.adaptations)[0])


def counts_of(adaptations: tuple[str, ...]) -> Mapping[str, int]:
    """Copies of each adaptation type among the card ids ``adaptations`` (read-only)."""
    return MappingProxyType(_owned(adaptations)[0])


def traits(p: Player) -> frozenset[str]:
    """The abilities ``p`` has unlocked (full sets and completed niches)."""
    # (read at most steps of a game: the table looked up here, without a further call)
    owned = _KNOWN.get(p.adaptations)
    if owned is None:
        owned = _owned(p.adaptations)
    if p.niches:
        return _with_niches(owned[1], p.niches)
    return owned[1]


def adding(adaptations: tuple[str, ...], cid: str) -> tuple[str, ...]:
    """The collection ``adaptations`` with the card ``cid`` bought, kept sorted; what it
    gives is worked out from what ``adaptations`` gave, and remembered."""
    after = tuple(sorted((*adaptations, cid)))
    before = _KNOWN.get(adaptations)
    if before is None:
        before = _owned(adaptations)
    _remember(after, _with_card(before, cid))
    return after


def _owned(adaptations: tuple[str, ...]) -> _Owned:
    """What the card ids ``adaptations`` give: remembered, else counted card by card."""
    owned = _KNOWN.get(adaptations)
    if owned is None:
        owned = _NOTHING
        for cid in adaptations:
            owned = _with_card(owned, cid)
        _remember(adaptations, owned)
    return owned


def _with_card(owned: _Owned, cid: str) -> _Owned:
    """What a collection gives with one more Adaptation card ``cid``: a copy of its type
    counted, and the type's ability unlocked by the copy that makes the set full."""
    key, full, ability = _sets()[cid]
    have = owned[0].copy()
    n = have.get(key, 0) + 1
    have[key] = n
    if ability and n == full:
        return (have, owned[1] | {ability})
    return (have, owned[1])


@cache
def _sets() -> dict[str, tuple[str, int, str]]:
    """By Adaptation card id: its type, the copies of a full set and the set's ability
    (``""`` for none)."""
    cs = cards()
    out = {}
    for cid, (_, kind, key) in cs.info.items():
        if kind == "adaptation":
            a = cs.adaptations[key]
            out[cid] = (key, a.full, a.ability)
    return out


def _remember(adaptations: tuple[str, ...], owned: _Owned) -> None:
    if len(_KNOWN) >= _KEEP:
        _KNOWN.clear()
    _KNOWN[adaptations] = owned


@lru_cache(maxsize=1024)
def _with_niches(unlocked: frozenset[str], niches: tuple[str, ...]) -> frozenset[str]:
    """The full sets' abilities ``unlocked`` and those of the Niche cards ``niches``."""
    cs = cards()
    return unlocked | {cs.niche(n).ability for n in niches}
