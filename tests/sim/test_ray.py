"""Batches on Ray (``--ray local``): the same games as local worker processes play, for the
same seed: a balance batch's records, a simulation's results, a tournament's standings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ecotone
from ecotone.cli.main import main
from ecotone.sim.balance import Plan, run_batch
from ecotone.sim.balance.decks import DeckRotation
from ecotone.sim.runner import run_games
from ecotone.sim.tournament import run_tournament
from tests.optional import requires

pytestmark = requires("ray")  # optional: pip install 'ecotone[ray]'


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


@pytest.mark.slow
def test_ray_local_plays_a_simulation_as_local_workers_do(tmp_path: Path) -> None:
    game = ecotone.make("once-upon-a-forest", players=2)
    finished: list[int] = []
    on_ray = run_games(
        game,
        ["random", "heuristic"],
        5,
        12,
        ray="local",
        rotate=True,
        replay_dir=tmp_path,
        on_progress=finished.append,
    )
    here = run_games(game, ["random", "heuristic"], 5, 12, rotate=True, replay_dir=tmp_path)
    assert on_ray.results == here.results
    assert sum(finished) == 5
    assert len(list(tmp_path.glob("*.json"))) == 5  # every replay kept (local Ray: here)


@pytest.mark.slow
def test_ray_local_plays_a_tournament_as_local_workers_do(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = ecotone.make("phylo", players=2)
    on_ray = run_tournament(game, ["random", "heuristic"], 4, 3, ray="local")
    assert on_ray.results == run_tournament(game, ["random", "heuristic"], 4, 3).results
    # and from the command line, said in its report
    args = ["tournament", "phylo", "--bots", "random,heuristic", "-n", "4", "--seed", "3"]
    assert main([*args, "--ray", "local"]) == 0
    assert "4 games (4 completed) in" in (said := capsys.readouterr().out)
    assert " s on Ray (local), seed 3;" in said
    assert main([*args, "--ray", "local", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ray"] == "local"
