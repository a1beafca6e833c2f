"""Balance batches on Ray: the same records as local worker processes, for the same seed."""

from __future__ import annotations

from pathlib import Path

import pytest

import ecotone
from ecotone.sim.balance import Plan, run_batch
from ecotone.sim.balance.decks import DeckRotation

pytest.importorskip("ray", reason="Ray is optional: pip install 'ecotone[ray]'")


@pytest.mark.slow  # starting Ray takes several seconds; CI runs the slow run too
def test_ray_local_plays_the_games_local_workers_play(tmp_path: Path) -> None:
    game = ecotone.make("phylo", players=2)
    plan = Plan.of(game, ["random", "heuristic"], 6, 21)
    finished: list[int] = []
    on_ray = run_batch(plan, tmp_path / "ray", ray="local", on_progress=finished.append)
    assert on_ray == run_batch(plan, tmp_path / "local", workers=1)
    assert sum(finished) == 6
    assert (tmp_path / "ray" / "games.jsonl").read_bytes().count(b"\n") == 6


@pytest.mark.slow
def test_ray_local_plays_a_deck_rotation_as_local_workers_do(tmp_path: Path) -> None:
    build = ecotone.make("biomasters", players=2).deckbuilding()
    assert build is not None
    rotation = DeckRotation.every_pair([b.key for b in build.builtins])
    game = ecotone.make("biomasters", players=2)
    plan = Plan.of(game, ["random"], rotation.games(2), 8, rotation)
    on_ray = run_batch(plan, tmp_path / "ray", ray="local")
    assert on_ray == run_batch(plan, tmp_path / "local", workers=2)
    assert {tuple(r.decks) for r in on_ray} == {tuple(plan.decks(i)) for i in range(plan.games)}
