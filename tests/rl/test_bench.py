"""The benchmark of the environments against the engine runs and reports ratios."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from ecotone.rl.bench import bench, main


def test_bench_measures_the_three_ways_in_one_run() -> None:
    (row,) = bench(["once-upon-a-forest"], seconds=0.05)
    assert row.game == "once-upon-a-forest"
    assert row.players == 2
    assert min(row.engine, row.observed, row.aec, row.blank) > 0
    # the environment does more than the raw step: observe, encode, mask; and without
    # the tensor, less than with it
    assert row.engine > row.blank > row.aec
    assert row.cost == pytest.approx(row.engine / row.aec)
    assert row.blank_cost == pytest.approx(row.engine / row.blank)
    assert set(row.to_json()) >= {"cost", "cost_vs_observe", "blank_cost", "aec_steps_per_second"}


def test_the_command_prints_a_row_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["phylo", "--seconds", "0.05"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:2] == ["game", "players"]
    assert lines[1].startswith("phylo")
    assert lines[1].rstrip().endswith("x")
