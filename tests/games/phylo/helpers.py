"""Compact builders for hand-made Phylo positions.

A table is written as entries separated by commas: ``"t21 B09 1, s21 B39 1, r21 B05 2"``
puts P1's Monkey Puzzle Tree at t21, P1's Darwin's Beetle at s21 and P2's Darwin's Fox at
r21. A parasite beneath its host is written after it: ``"u23 B35 2 B53 1"`` (P2's Capybara at
u23 with P1's Vampire Bat beneath). Hands are space-separated card ids.

The map board covers u21 v21 u22 v22; its free neighbours are t21 t22 w21 w22 u20 v20
u23 v23.
"""

from __future__ import annotations

from typing import Any

import pytest

import ecotone
from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.game import Game, State
from ecotone.games.phylo.board import parse_cell
from ecotone.games.phylo.cards import cards
from ecotone.games.phylo.state import Pending, Phase, PhyloData, Slot

__all__ = ["GAME_ID", "act", "cell", "game", "make_state", "refusal", "table"]

GAME_ID = "phylo"


def game(variant: str | None = None, **options: Any) -> Game[Any]:
    """A configured game."""
    return ecotone.make(GAME_ID, players=2, variant=variant, **options)


def cell(name: str) -> int:
    """The number of the cell called ``name``."""
    c = parse_cell(name)
    assert c is not None, name
    return c


def table(text: str) -> tuple[Slot, ...]:
    """A board from ``"cell card owner [parasite owner]"`` entries (owners 1 and 2)."""
    slots = []
    for entry in text.split(","):
        parts = entry.split()
        if not parts:
            continue
        assert len(parts) in (3, 5), entry
        under = parts[3] if len(parts) == 5 else None
        under_owner = int(parts[4]) - 1 if len(parts) == 5 else 0
        for cid in parts[1::2][: 1 + (under is not None)]:
            assert cid in cards().by_id, cid
        slots.append(Slot(cell(parts[0]), parts[1], int(parts[2]) - 1, under, under_owner))
    slots.sort(key=lambda s: s.cell)
    assert len({s.cell for s in slots}) == len(slots), "two cards in one cell"
    return tuple(slots)


def make_state(
    g: Game[Any] | None = None,
    *,
    board: str = "",
    hands: tuple[str, str] = ("", ""),
    pile: str | None = None,
    discards: str = "",
    turn: int = 0,
    phase: Phase = Phase.ACT,
    actions_left: int = 3,
    pending: Pending | None = None,
    **fields: Any,
) -> State:
    """A shared-pile state from compact parts.

    ``pile``: card ids, top card last; by default every card of the shared pile not used
    elsewhere, so the position accounts for the whole pile.
    """
    g = g or game()
    slots = table(board)
    hands_t = tuple(tuple(sorted(h.split())) for h in hands)
    discard_t = tuple(discards.split())
    used = [c for s in slots for c in (s.card, s.under) if c is not None]
    used += [c for h in hands_t for c in h] + list(discard_t)
    if pending is not None:
        used.append(pending.card)
    if pile is None:
        pile_t = tuple(c for c in cards().pile if c not in used)
    else:
        pile_t = tuple(pile.split())
    everything = used + list(pile_t)
    assert len(everything) == len(set(everything)), "a card is used twice in this position"
    data = PhyloData(
        piles=(pile_t,),
        hands=hands_t,
        discards=(discard_t,),
        board=slots,
        phase=phase,
        turn=turn,
        actions_left=actions_left,
        pending=pending,
    )
    if fields:
        data = data.replace(**fields)
    return State(g, data)


def act(state: State, *moves: str) -> State:
    """Apply notation moves, each by the (first) seat to move, checked by ``parse_action``."""
    for text in moves:
        seat = state.to_move[0]
        action = state.game.parse_action(state, seat, text)
        state = state.apply(seat, action)
    return state


def refusal(state: State, seat: int, action: Action | str, code: str) -> IllegalAction:
    """Assert ``seat`` may not take ``action``: ``explain`` and ``apply`` agree on the reason,
    the code is ``code`` and the state is unchanged. Returns the error."""
    if isinstance(action, str):
        action = state.game.codec.parse(action)
    before = state.digest()
    reason = state.explain(seat, action)
    assert reason is not None, f"{action} was expected to be refused"
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)
    assert info.value.code == code, f"{info.value.code}: {info.value.message}"
    assert info.value.message == reason
    assert state.digest() == before
    return info.value
