"""The benchmark of the environments against the engine runs and reports ratios."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from ecotone.rl.bench import bench, main
from tests.rl.configs import refusal


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


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["nosuch"], "there is no game 'nosuch'; the games are: biomasters,"),
        (["phylo", "--players", "9"], "Phylo: Voyage of the Beagle is for 2 players, not 9"),
        (["phylo", "--seconds", "0"], "--seconds must be a positive number, not 0"),
        (["phylo", "--seconds", "nan"], "--seconds must be a positive number, not nan"),
    ],
)
def test_the_command_refuses_what_it_cannot_measure_in_words(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert f"error: {said}" in refusal(main, argv, capsys)
