"""The table's bound never matters in practice (rules doc §The MAP BOARD and the table).

The rulebook's table is unbounded; Ecotone's grid leaves 20 free cells on every side of the
map board. Games between heuristic players, who spread their chains furthest, stay well
inside it (no card further than 15 cells from the map board in 1,200 games); random games
stay within 6.
"""

from __future__ import annotations

import pytest

import ecotone
from ecotone.bots import SeatView, make_bot
from ecotone.core.rng import derive_seed
from ecotone.games.phylo.board import MAP_LOW, SIZE

FREE = MAP_LOW  # free cells between the map board and the edge
WELL_INSIDE = 17  # the furthest any sampled game may reach (the edge is at 20)


def reach(cell: int) -> int:
    """How far ``cell`` lies from the map board, king-wise (1: next to it; 20: the edge)."""
    row, col = divmod(cell, SIZE)
    dr = max(MAP_LOW - row, row - (MAP_LOW + 1), 0)
    dc = max(MAP_LOW - col, col - (MAP_LOW + 1), 0)
    return max(dr, dc)


def furthest(names: list[str], games: int, variant: str | None, seed: int) -> int:
    g = ecotone.make("phylo", players=2, variant=variant)
    worst = 0
    for i in range(games):
        game_seed = derive_seed(seed, i)
        bots = [make_bot(names[s], g, s, derive_seed(game_seed, s)) for s in (0, 1)]
        state = g.start(game_seed)
        while not state.is_over:
            seat = state.to_move[0]
            state = state.apply(seat, bots[seat].act(SeatView(state, seat)))
            worst = max([worst, *(reach(s.cell) for s in state.data.board)])
    return worst


def test_the_grid_leaves_twenty_free_cells() -> None:
    assert FREE == 20
    assert reach(0) == 20  # a1, the corner


@pytest.mark.parametrize(
    ("names", "games", "variant"),
    [
        (["heuristic", "heuristic"], 40, None),
        (["heuristic", "heuristic"], 40, "constructed"),
        (["random", "random"], 60, None),
    ],
)
def test_games_stay_well_inside_the_grid(names: list[str], games: int, variant: str | None) -> None:
    assert furthest(names, games, variant, seed=31) <= WELL_INSIDE


@pytest.mark.slow
@pytest.mark.parametrize("variant", [None, "constructed"])
def test_many_games_stay_well_inside_the_grid(variant: str | None) -> None:
    assert furthest(["heuristic", "heuristic"], 500, variant, seed=32) <= WELL_INSIDE
