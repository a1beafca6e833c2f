"""Golden games of heuristic bots: a heuristic's play changes only on purpose.

Each file is one seeded game with the game's heuristic bot at every seat: every decision,
then the final scores and winners. Work that should not change how a heuristic plays
(making it faster, tidying it) must leave these files as they are; a change of strategy
rewrites them (``scripts/regen-goldens``), and the diff shows which decisions changed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import ecotone
from ecotone.bots import SeatView, make_bot
from ecotone.core.rng import derive_seed
from ecotone.testing import check_golden

GOLDEN = Path(__file__).parent / "golden"

CASES = [
    ("once-upon-a-forest", 3, {}, 5),
    ("phylo", 2, {}, 5),
    ("biomasters", 2, {}, 5),
    ("singapore-untamed", 4, {}, 5),
    ("biome-borneo", 2, {}, 5),
    ("biome-borneo", 3, {"formation": "fragments"}, 6),
]


def heuristic_game(game: ecotone.Game[Any], seed: int) -> str:
    """A seeded game of heuristic bots written out decision by decision."""
    seats = range(game.players)
    bots = [make_bot("heuristic", game, s, derive_seed(seed, "bot", s)) for s in seats]
    state = game.start(seed)
    lines = [
        f"# {game.spec.title}: the heuristic bot at every seat",
        "config: " + json.dumps(game.config, sort_keys=True),
        f"seed: {seed}",
        "",
    ]
    while not state.is_over:
        seat = state.to_move[0]
        action = bots[seat].act(SeatView(state, seat))
        lines.append(f"P{seat + 1}: {action}")
        state = state.apply(seat, action)
    lines += [
        "",
        f"scores: {state.scores()}",
        f"winners: {[f'P{w + 1}' for w in state.winners()]}",
        f"digest: {state.digest()}",
        "",
    ]
    return "\n".join(lines)


@pytest.mark.parametrize(("game_id", "players", "options", "seed"), CASES)
def test_golden_heuristic_game(
    game_id: str, players: int, options: dict[str, str], seed: int
) -> None:
    game = ecotone.make(game_id, players=players, **options)
    name = f"{game_id}-{players}p-seed{seed}.txt"
    check_golden(GOLDEN / name, heuristic_game(game, seed))


def test_a_golden_game_is_a_whole_game() -> None:
    text = (GOLDEN / "biome-borneo-2p-seed5.txt").read_text(encoding="utf-8")
    moves = [line for line in text.splitlines() if line.startswith(("P1: ", "P2: "))]
    assert len(moves) > 100
    assert any(" place " in f" {m.split(': ', 1)[1]} " for m in moves)
    assert "winners: ['P" in text
