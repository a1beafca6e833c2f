"""`ecotone bench`: throughput with a reference row and ratios."""

from __future__ import annotations

import json

import pytest

from ecotone.cli.main import main

FOREST = "once-upon-a-forest"


def test_bench_json_has_the_reference_and_ratios(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bench", "--seconds", "0.2", "--json"])
    out, err = capsys.readouterr()
    assert code == 0
    assert err == ""
    data = json.loads(out)
    ref = data["reference"]
    assert ref["name"] == "reference"
    assert ref["ratio"] == 1.0
    assert ref["steps_per_second"] > 0
    names = [row["name"] for row in data["games"]]
    assert FOREST in names  # default: every game
    for row in data["games"]:
        for key in ("steps_per_second", "games_per_second", "steps_per_game", "ratio"):
            assert row[key] > 0
        assert row["ratio"] == pytest.approx(row["steps_per_second"] / ref["steps_per_second"])


def test_bench_table_for_chosen_games(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bench", FOREST, FOREST, "--seconds", "0.05"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "× reference" in out
    assert out.count(f"│ {FOREST}") == 1  # named twice, timed once
    assert "│ reference" in out
