"""Balance batches on Ray: the same records as local worker processes, for the same seed."""

from __future__ import annotations

from pathlib import Path

import pytest

import ecotone
from ecotone.sim.balance import Plan, run_batch

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
