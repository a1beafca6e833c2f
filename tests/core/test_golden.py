"""Golden playthroughs: a seeded game written out step by step, and the diff against a file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ecotone
from ecotone.testing import check_golden, playthrough


@pytest.fixture
def game(toy: str) -> ecotone.Game:  # type: ignore[type-arg]
    return ecotone.make(toy, players=2)


def test_a_playthrough_lists_every_step(game: ecotone.Game) -> None:  # type: ignore[type-arg]
    text = playthrough(game, seed=4)
    lines = text.splitlines()
    assert lines[0] == "# Sealed Bids playthrough"
    assert "rules_version: 0.1" in lines
    steps = [line for line in lines if line.startswith("## step ")]
    assert len(steps) == 6  # three rounds, both seats bid in each
    # Each step: whose decision, that seat's observation, its legal actions, the action,
    # and the scores after it.
    first = lines.index(steps[0])
    assert lines[first].startswith("## step 1: P")
    observation = json.loads(lines[first + 1].removeprefix("observation: "))
    assert observation["game"] == "toy-bids"
    assert observation["seat"] in (0, 1)
    assert lines[first + 2].startswith("legal: ")
    assert "fold" in lines[first + 2]
    assert lines[first + 3].startswith("action: ")
    assert lines[first + 4].startswith("scores: [")
    assert sum(line.startswith("scores: [") for line in lines) == len(steps) + 1  # and the end
    assert any(line.startswith("winners: [") for line in lines)
    assert any(line.startswith("digest: ") for line in lines)


def test_a_playthrough_is_reproducible(game: ecotone.Game) -> None:  # type: ignore[type-arg]
    assert playthrough(game, 4) == playthrough(game, 4)
    assert playthrough(game, 4) != playthrough(game, 5)
    assert playthrough(game, 4, choice_seed=1) != playthrough(game, 4)


def test_golden_files_are_compared_and_regenerated(
    game: ecotone.Game,  # type: ignore[type-arg]
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    golden = tmp_path / "goldens" / "bids-4.txt"
    monkeypatch.delenv("ECOTONE_REGEN_GOLDENS", raising=False)
    with pytest.raises(AssertionError, match="no golden file"):
        check_golden(golden, playthrough(game, 4))

    monkeypatch.setenv("ECOTONE_REGEN_GOLDENS", "1")
    check_golden(golden, playthrough(game, 4))
    assert golden.read_text(encoding="utf-8") == playthrough(game, 4)

    monkeypatch.delenv("ECOTONE_REGEN_GOLDENS")
    check_golden(golden, playthrough(game, 4))
    with pytest.raises(AssertionError, match=r"differs from this run:\n--- golden\n\+\+\+ now"):
        check_golden(golden, playthrough(game, 5))
