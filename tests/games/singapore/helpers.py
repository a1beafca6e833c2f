"""Builders for hand-made Singapore Untamed positions.

Positions start from a real deal (so every card is somewhere) and cards are moved by key:
``with_player(d, 0, adaptations=["limbs", "call"], hand=["forage"])`` takes those cards out
of their decks. ``act`` applies notation moves; ``refusal`` checks an illegal one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

import ecotone
from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.game import Game, State
from ecotone.games.singapore.cards import DECKS, HABITATS, cards
from ecotone.games.singapore.state import Choice, Habitat, Phase, SGData, Status

__all__ = [
    "GAME_ID",
    "act",
    "bounty_id",
    "choose_all",
    "game",
    "migrating",
    "pull",
    "refusal",
    "rolled",
    "stack",
    "start",
    "state",
    "with_habitat",
    "with_player",
]

GAME_ID = "singapore-untamed"


def game(players: int = 4, variant: str | None = None) -> Game[Any]:
    """A configured game."""
    return ecotone.make(GAME_ID, players=players, variant=variant)


def start(players: int = 4, variant: str | None = None, seed: int = 0) -> SGData:
    """The data of a new game: round 1, everyone has rolled and must choose a route."""
    data: SGData = game(players, variant).start(seed).data
    assert data.phase is Phase.MIGRATE
    return data


def state(d: SGData, variant: str | None = None) -> State:
    """A state of the game with ``d``'s player count."""
    return State(game(len(d.players), variant or (None if d.mode == "standard" else d.mode)), d)


def _put(items: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*items[:i], value, *items[i + 1 :])


def pull(d: SGData, key: str, deck: str | None = None) -> tuple[str, SGData]:
    """Take the first card with ``key`` out of its deck (or of ``deck``)."""
    cs = cards()
    for i, name in enumerate(DECKS):
        if deck is not None and name != deck:
            continue
        pile = d.decks[i]
        for j, cid in enumerate(pile):
            if cs.key(cid) == key:
                rest = pile[:j] + pile[j + 1 :]
                known = min(d.known[i], len(rest))
                return cid, d.replace(decks=_put(d.decks, i, rest), known=_put(d.known, i, known))
    raise AssertionError(f"no {key} card left in the decks")


def stack(d: SGData, deck: str, keys: Sequence[str]) -> SGData:
    """Put cards with these keys on top of ``deck`` (first key on top)."""
    i = DECKS.index(deck)
    ids = []
    for key in keys:
        cid, d = pull(d, key, deck)
        ids.append(cid)
    return d.replace(decks=_put(d.decks, i, (*ids, *d.decks[i])))


def with_player(
    d: SGData,
    seat: int,
    *,
    tile: str | None = None,
    food: int | None = None,
    adaptations: Iterable[str] = (),
    hand: Iterable[str] = (),
    dice: tuple[int, ...] | None = None,
    niches: Iterable[str] = (),
    niche: str | None = None,
) -> SGData:
    """Change one player; adaptation and hand cards are taken from the decks by key,
    niche keys from wherever the niche card lies."""
    p = d.players[seat]
    owned = list(p.adaptations)
    for key in adaptations:
        cid, d = pull(d, key)
        owned.append(cid)
    held = list(p.hand)
    for key in hand:
        cid, d = pull(d, key)
        held.append(cid)
    changes: dict[str, Any] = {"adaptations": tuple(sorted(owned)), "hand": tuple(sorted(held))}
    if tile is not None:
        changes["tile"] = tile
    if food is not None:
        changes["food"] = food
    if dice is not None:
        changes["dice"] = dice
    done = list(p.niches)
    for key in niches:
        nid, d = _take_niche(d, f"niche:{key}")
        done.append(nid)
    changes["niches"] = tuple(done)
    if niche is not None:
        nid, d = _take_niche(d, f"niche:{niche}") if niche else ("", d)
        old = d.players[seat].niche
        if old and old != nid:
            d = d.replace(niche_box=tuple(sorted((*d.niche_box, old))))
        changes["niche"] = nid
    p = d.players[seat].replace(**changes)
    return d.replace(players=_put(d.players, seat, p))


def _take_niche(d: SGData, nid: str) -> tuple[str, SGData]:
    if nid in d.niche_box:
        return nid, d.replace(niche_box=tuple(n for n in d.niche_box if n != nid))
    if nid in d.niche_display:
        return nid, d.replace(niche_display=tuple(n for n in d.niche_display if n != nid))
    for s, p in enumerate(d.players):
        if p.niche == nid:
            return nid, d.replace(players=_put(d.players, s, p.replace(niche="")))
    raise AssertionError(f"{nid} is not free")


def bounty_id(single: int, shared: int) -> str:
    """The id of the Nature's Bounty card with these amounts."""
    return next(i for i, b in cards().bounty.items() if (b.single, b.shared) == (single, shared))


def with_habitat(
    d: SGData,
    habitat: str,
    *,
    status: Status | None = None,
    bounty: tuple[int, int] | None = None,
    destruction: int | None = None,
) -> SGData:
    """Change a habitat: its side, its Nature's Bounty card, Destruction cards laid."""
    i = HABITATS.index(habitat)
    hab: Habitat = d.habitats[i]
    if bounty is not None:
        bid = bounty_id(*bounty)
        old = hab.bounty
        pile = [b for b in d.bounty_deck if b != bid]
        for j, other in enumerate(d.habitats):
            if other.bounty == bid and j != i:
                d = d.replace(habitats=_put(d.habitats, j, other.replace(bounty=old)))
                old = ""
        if old:
            pile.append(old)
        d = d.replace(bounty_deck=tuple(pile))
        hab = hab.replace(bounty=bid)
    if destruction is not None:
        laid = list(hab.destruction)
        while len(laid) < destruction:
            cid, d = pull(d, "destruction", habitat)
            laid.append(cid)
        hab = hab.replace(destruction=tuple(laid))
    if status is not None:
        hab = hab.replace(status=status)
    return d.replace(habitats=_put(d.habitats, i, hab))


def act(s: State, seat: int, *moves: str) -> State:
    """Apply notation moves by ``seat``, each checked through ``parse_action``."""
    for text in moves:
        action = s.game.parse_action(s, seat, text)
        s = s.apply(seat, action)
    return s


def choose_all(s: State, moves: dict[int, str]) -> State:
    """Every listed seat makes its (secret) choice, in seat order."""
    for seat in sorted(moves):
        for text in moves[seat].split(";"):
            s = act(s, seat, text.strip())
    return s


def refusal(s: State, seat: int, action: Action, code: str, *words: str) -> IllegalAction:
    """Assert ``seat`` may not take ``action``: ``explain`` and ``apply`` agree, the code is
    ``code``, the explanation has ``words``, and the state is unchanged."""
    before = s.digest()
    reason = s.explain(seat, action)
    assert reason is not None, f"{action} was expected to be refused"
    with pytest.raises(IllegalAction) as info:
        s.apply(seat, action)
    assert info.value.code == code, f"{info.value.code}: {info.value.message}"
    assert info.value.message == reason
    for w in words:
        assert w in reason, f"{w!r} not in {reason!r}"
    assert s.digest() == before
    return info.value


def rolled(d: SGData, *values: int) -> SGData:
    """Every seat's Migration roll set, one die each (the last value repeats)."""
    players = tuple(
        p.replace(dice=(values[min(s, len(values) - 1)],)) for s, p in enumerate(d.players)
    )
    return d.replace(players=players)


def migrating(d: SGData) -> SGData:
    """``d`` reset to an open Migration step with no choice made."""
    return d.replace(phase=Phase.MIGRATE, choices=tuple(Choice() for _ in d.players))
