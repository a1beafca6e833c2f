"""Compact builders for hand-made BioMasters positions.

A cell is written as space-separated tokens::

    "P1 plains-zebra ready"                      P1's zebra, upright
    "P2 lion fed"                                P2's lion, exhausted, fed this turn
    "tile plains-zebra killer=P2"                a Detritus tile killed by P2 (owner P1)
    "P1 english-oak parasite=castor-bean-tick@P2 mutualist=penny-bun@P1"

Hands, decks and Score Piles are space-separated card ids (decks bottom first; piles as
``card:vp``). Instance ids are made up per owner (``lion#1a``, ``lion#1b``...). Each seat's
HOME is placed at its HOME cell unless ``homes=False``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import pytest

import ecotone
from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.game import Game, State
from ecotone.games.biomasters.state import BioData, Pending, Phase, Scored, Slot

__all__ = ["act", "game", "position", "refusal"]

GAME_ID = "biomasters"


def game(players: int = 2, variant: str | None = None, **options: Any) -> Game[Any]:
    """A configured game (four players default to the 2v2 variant)."""
    if players == 4 and variant is None:
        variant = "2v2"
    return ecotone.make(GAME_ID, players=players, variant=variant, **options)


class _Namer:
    def __init__(self) -> None:
        self.count: dict[tuple[str, int], int] = defaultdict(int)

    def __call__(self, kind: str, owner: int) -> str:
        n = self.count[kind, owner]
        self.count[kind, owner] += 1
        return f"{kind}#{owner + 1}{'abcdefghijklmnopqrstuvwxyz'[n]}x"


def _seat(token: str) -> int:
    return int(token.upper().removeprefix("P")) - 1


def _slot(text: str, name: _Namer) -> Slot:
    tokens = text.split()
    head, kind, flags = tokens[0], tokens[1], tokens[2:]
    tile = head == "tile"
    owner = 0 if tile else _seat(head)
    fields: dict[str, Any] = {"ready": False, "fed": False, "tile": tile}
    for flag in flags:
        key, _, value = flag.partition("=")
        if key in ("ready", "fed"):
            fields[key] = True
        elif key == "killer":
            fields["killer"] = _seat(value)
        elif key == "owner":
            owner = _seat(value)
        elif key in ("parasite", "mutualist"):
            card, _, who = value.partition("@")
            fields[key] = name(card, _seat(who))
            fields[f"{key}_owner"] = _seat(who)
        elif key == "under":
            fields["under"] = tuple(name(c, owner) for c in value.split(","))
        else:
            raise AssertionError(f"unknown flag {flag!r}")
    return Slot(card=name(kind, owner), kind=kind, owner=owner, **fields)


def position(
    g: Game[Any],
    cells: dict[str, str] | None = None,
    *,
    hands: Sequence[str] = (),
    decks: Sequence[str] = (),
    piles: Sequence[str] = (),
    revealed: Sequence[str] = (),
    turn: int = 0,
    actions: int = 3,
    phase: Phase = Phase.ACTION,
    pending: tuple[str, str, str] | None = None,
    last: int = -1,
    homes: bool = True,
) -> State[BioData]:
    """A state from compact parts (see the module docstring).

    ``pending``: (card id, cell or "", icons like "+2 +1") while paying.
    """
    table = g.table  # type: ignore[attr-defined]
    n = g.players
    name = _Namer()
    grid: list[Slot | None] = [None] * table.grid.size
    if homes:
        for seat in range(n):
            home = table.decks[seat].home
            grid[table.grid.homes[seat]] = Slot(name(home, seat), home, seat, ready=True)
    for cell, text in (cells or {}).items():
        i = table.grid.index[cell]
        assert grid[i] is None, f"{cell} used twice"
        grid[i] = _slot(text, name)

    def cards_of(texts: Sequence[str], seat_major: bool = True) -> tuple[tuple[str, ...], ...]:
        out = []
        for seat in range(n):
            text = texts[seat] if seat < len(texts) else ""
            out.append(tuple(name(c, seat) for c in text.split()))
        return tuple(out)

    hands_t = tuple(tuple(sorted(h)) for h in cards_of(hands))
    shown: list[tuple[str, ...]] = []
    for seat in range(n):
        want = (revealed[seat] if seat < len(revealed) else "").split()
        picked = []
        for kind in want:
            picked.append(
                next(c for c in hands_t[seat] if c.startswith(kind + "#") and c not in picked)
            )
        shown.append(tuple(sorted(picked)))
    decks_t = cards_of(decks)
    piles_t = []
    for seat in range(n):
        text = piles[seat] if seat < len(piles) else ""
        entries = []
        for tok in text.split():
            card, _, vp = tok.partition(":")
            entries.append(Scored(name(card, seat), int(vp or 1)))
        piles_t.append(tuple(entries))
    pend = None
    if pending is not None:
        card, cell, icons = pending
        levels = {"+1": 1, "+2": 2, "+3": 3, "+4": 4, "-1S": -1, "-2D": -2}
        i = table.grid.index[cell] if cell else -1
        inst = grid[i].card if i >= 0 and grid[i] is not None else name(card, turn)  # type: ignore[union-attr]
        pend = Pending(inst, i, tuple(levels[t] for t in icons.split()))
    data = BioData(
        grid=tuple(grid),
        hands=hands_t,
        revealed=tuple(shown),
        decks=decks_t,
        piles=tuple(piles_t),
        turn=turn,
        phase=phase,
        actions=actions,
        pending=pend,
        last=last,
    )
    return State(g, data)


def act(state: State[BioData], *moves: str) -> State[BioData]:
    """Apply notation moves, each by the seat to move (checked through ``parse_action``)."""
    for text in moves:
        (seat,) = state.to_move
        action = state.game.parse_action(state, seat, text)
        state = state.apply(seat, action)
    return state


def refusal(
    state: State[BioData], seat: int, action: Action | str, code: str, *words: str
) -> IllegalAction:
    """Assert ``seat`` may not take ``action``: ``explain`` and ``apply`` agree, the code is
    ``code``, the explanation holds each of ``words`` and the state is unchanged."""
    if isinstance(action, str):
        action = state.game.codec.parse(action)
    before = state.digest()
    reason = state.explain(seat, action)
    assert reason is not None, f"{action} was expected to be refused"
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)
    assert info.value.code == code, f"{info.value.code}: {info.value.message}"
    assert info.value.message == reason
    for word in words:
        assert word in reason, f"{word!r} not in {reason!r}"
    assert state.digest() == before
    return info.value
