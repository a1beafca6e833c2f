"""Compact builders for hand-made BIOME Borneo positions.

``make_state`` takes readable parts: hands as space-separated card ids, tiles as tile ids,
the board as ``{"C2a": "T16/0"}`` (tile id / rotation), food chains as ``"termites-1 sun-bear-1"``
(bottom first). Every card and tile not placed anywhere goes to the Main Deck / perimeter
(``fill=True``), so positions account for every component.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import ecotone
from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.game import Game, State
from ecotone.games.biome.cards import cards
from ecotone.games.biome.state import EMPTY, BiomeData, Phase, SeatData, Stage
from ecotone.games.biome.tiles import tiles

__all__ = ["GAME_ID", "act", "game", "make_state", "pass_reactions", "refusal", "tile"]

GAME_ID = "biome-borneo"


def game(players: int = 2, **options: Any) -> Game[Any]:
    """A configured game."""
    return ecotone.make(GAME_ID, players=players, **options)


def tile(tid: str) -> int:
    """The index of tile ``tid``."""
    return tiles().by_id[tid].index


def make_state(
    g: Game[Any],
    *,
    hands: Sequence[str] = (),
    tiles_: Sequence[str] = (),
    chains: Sequence[Sequence[str]] = (),
    plants: Sequence[str] = (),
    shown: Sequence[str] = (),
    board: Mapping[str, str] | None = None,
    gallery: str = "",
    deck_top: str = "",
    discard: str = "",
    bonuses: tuple[str, ...] = ("botanist", "top-predator"),
    phase: Phase = Phase.HABITATS,
    turn: int = 0,
    fill: bool = True,
    **changes: Any,
) -> State:
    """A position from compact parts (see the module docstring).

    ``deck_top``: cards on top of the Main Deck, the first listed drawn first; the rest of the
    unused cards lie under them (Disasters at the very bottom).
    """
    n = g.players
    geo = g.cfg.geo  # type: ignore[attr-defined]
    hands_l = [tuple(sorted(h.split())) for h in hands] or [() for _ in range(n)]
    tiles_l = [tuple(sorted(tile(t) for t in ts.split())) for ts in tiles_] or [
        () for _ in range(n)
    ]
    chains_l = [tuple(tuple(c.split()) for c in cs) for cs in chains] or [() for _ in range(n)]
    plants_l = [tuple(p.split()) for p in plants] or [() for _ in range(n)]
    shown_l = [tuple(sorted(s.split())) for s in shown] or [() for _ in range(n)]
    cells = [EMPTY] * len(geo.cells)
    for name, spec in (board or {}).items():
        tid, _, rot = spec.partition("/")
        cells[geo.index[name]] = tile(tid) * 6 + int(rot or 0)
    used_cards = set(gallery.split()) | set(discard.split()) | set(deck_top.split())
    for h in hands_l:
        used_cards |= set(h)
    for cs in chains_l:
        for ch in cs:
            used_cards |= set(ch)
    for p in plants_l:
        used_cards |= set(p)
    top = deck_top.split()
    rest = [c for c in cards().ids if c not in used_cards] if fill else []
    rest.sort(key=lambda c: cards().by_id[c].kind != "disaster")  # Disasters at the bottom
    deck = tuple(rest + list(reversed(top)))
    used_tiles = {v // 6 for v in cells if v != EMPTY}
    for ts in tiles_l:
        used_tiles |= set(ts)
    perimeter = tuple(t for t in range(45) if t not in used_tiles) if fill else ()
    seats = tuple(
        SeatData(
            hand=hands_l[s],
            shown=shown_l[s],
            tiles=tiles_l[s],
            chains=chains_l[s],
            plants=plants_l[s],
        )
        for s in range(n)
    )
    data = BiomeData(
        seats=seats,
        deck=deck,
        discard=tuple(discard.split()),
        gallery=tuple(gallery.split()),
        board=tuple(cells),
        perimeter=perimeter,
        bonuses=bonuses,
        phase=phase,
        rng=12345,
        turn=turn,
        stage=Stage.PLAY,
    )
    if changes:
        data = data.replace(**changes)
    return State(g, data)


def pass_reactions(state: State) -> State:
    """Every seat in a reaction window passes."""
    while state.data.phase is Phase.REACT:
        seat = state.to_move[0]
        state = state.apply(seat, state.game.parse_action(state, seat, "pass"))
    return state


def act(state: State, *moves: str) -> State:
    """Apply notation moves, each by the (first) seat to move, checked through parse_action."""
    for text in moves:
        seat = state.to_move[0]
        action = state.game.parse_action(state, seat, text)
        state = state.apply(seat, action)
    return state


def refusal(state: State, seat: int, action: Action | str, code: str, *words: str) -> IllegalAction:
    """Assert ``seat`` may not take ``action``: explain and apply agree, the code is ``code``,
    the message holds each of ``words``, and the state is unchanged."""
    if isinstance(action, str):
        action = state.game.codec.parse(action)
    before = state.digest()
    reason = state.explain(seat, action)
    assert reason is not None, f"{action} was expected to be refused"
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)
    assert info.value.code == code, f"{info.value.code}: {info.value.message}"
    assert info.value.message == reason
    for w in words:
        assert w.lower() in reason.lower(), f"{w!r} not in {reason!r}"
    assert state.digest() == before
    return info.value
