"""Compact builders for hand-made Once Upon a Forest positions.

A tree is written as four tokens, Ground first: ``"G13 F06 - C11/C01"``. A token is ``-``
for an empty level or a ``/``-separated stack of card ids, bottom first (``C11/C01``: C01
covers C11). Hands are space-separated card ids in any order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

import ecotone
from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.game import Game, State
from ecotone.games.forest.cards import cards
from ecotone.games.forest.state import Forest, ForestData, Phase, Tree

__all__ = [
    "GAME_ID",
    "act",
    "all_ids",
    "forest",
    "game",
    "hand",
    "make_state",
    "refusal",
    "tree",
]

GAME_ID = "once-upon-a-forest"


def game(players: int = 2, variant: str | None = None) -> Game[Any]:
    """A configured game (the solo variant is chosen for one player)."""
    if players == 1 and variant is None:
        variant = "solo"
    return ecotone.make(GAME_ID, players=players, variant=variant)


def tree(text: str) -> Tree:
    """A tree from four tokens, Ground first; checks each card sits at its own level."""
    tokens = text.split()
    assert len(tokens) == 4, f"a tree has 4 levels: {text!r}"
    level_of = cards().level_of
    slots: list[tuple[str, ...]] = []
    for level, token in enumerate(tokens):
        stack = () if token == "-" else tuple(token.split("/"))
        for cid in stack:
            assert level_of[cid] == level, f"{cid} is not a card of level {level}"
        slots.append(stack)
    return (slots[0], slots[1], slots[2], slots[3])


def forest(*trees: str) -> Forest:
    """A forest from tree descriptions (see :func:`tree`)."""
    return tuple(tree(t) for t in trees)


def hand(text: str = "") -> tuple[str, ...]:
    """A sorted hand from space-separated card ids."""
    ids = tuple(sorted(text.split()))
    for cid in ids:
        assert cid in cards().by_id, cid
    return ids


def all_ids(*parts: Iterable[Any]) -> list[str]:
    """Every card id mentioned in forests, hands and piles (flattened)."""
    out: list[str] = []

    def walk(x: Any) -> None:
        if isinstance(x, str):
            out.append(x)
        else:
            for y in x:
                walk(y)

    for p in parts:
        walk(p)
    return out


def make_state(
    g: Game[Any],
    *,
    forests: Sequence[Forest],
    hands: Sequence[str] = (),
    piles: Sequence[str] | None = None,
    phase: Phase = Phase.PLACE,
    turn: int = 0,
    gift: str | None = None,
    receiver: int | None = None,
    draws_left: int = 0,
    neighbour: Forest = (),
    fill_piles: bool = False,
) -> State:
    """A state from compact parts.

    ``piles``: five strings of card ids, bottom first (default: five empty piles).
    ``fill_piles``: deal every card not used elsewhere into the piles instead (round robin),
    so that the position accounts for all 64 cards.
    """
    hands_t = tuple(hand(h) for h in hands) if hands else tuple(() for _ in forests)
    assert len(hands_t) == len(forests) == g.players
    if fill_piles:
        assert piles is None
        used = set(all_ids(forests, hands_t, neighbour, [gift] if gift else []))
        rest = [c for c in cards().ids if c not in used]
        piles_t = tuple(tuple(rest[i::5]) for i in range(5))
    else:
        piles = piles if piles is not None else ("",) * 5
        assert len(piles) == 5
        piles_t = tuple(tuple(p.split()) for p in piles)
    ids = all_ids(forests, hands_t, piles_t, neighbour, [gift] if gift else [])
    assert len(ids) == len(set(ids)), "a card is used twice in this position"
    data = ForestData(
        piles=piles_t,
        hands=hands_t,
        forests=tuple(forests),
        phase=phase,
        turn=turn,
        gift=gift,
        receiver=receiver,
        draws_left=draws_left,
        neighbour=neighbour,
    )
    return State(g, data)


def act(state: State, *moves: str) -> State:
    """Apply notation moves, each by the seat to move (checked through ``parse_action``)."""
    for text in moves:
        (seat,) = state.to_move
        action = state.game.parse_action(state, seat, text)
        state = state.apply(seat, action)
    return state


def refusal(state: State, seat: int, action: Action, code: str) -> IllegalAction:
    """Assert ``seat`` may not take ``action``: ``explain`` and ``apply`` agree on the reason,
    the code is ``code`` and the state is unchanged. Returns the error."""
    before = state.digest()
    reason = state.explain(seat, action)
    assert reason is not None, f"{action} was expected to be refused"
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)
    assert info.value.code == code, f"{info.value.code}: {info.value.message}"
    assert info.value.message == reason
    assert state.digest() == before
    return info.value
