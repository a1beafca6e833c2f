"""`ecotone simulate`: counts, determinism across workers, per-game output, errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ecotone.cli.main import main
from ecotone.core.rng import derive_seed
from ecotone.sim import runner

FOREST = "once-upon-a-forest"


def simulate(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code = main(["simulate", FOREST, "--json", *argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err == ""  # no progress bar with --json
    data: dict[str, Any] = json.loads(out)
    return data


def test_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    data = simulate(capsys, "--games", "12", "--bots", "random", "--seed", "4", "--workers", "1")
    for key in ("games", "players", "steps", "seconds", "wins", "mean_scores", "errors"):
        assert key in data
    assert data["games"] == 12
    assert data["completed"] == 12
    assert data["players"] == 2
    assert data["bots"] == ["random", "random"]
    assert data["seed"] == 4
    assert data["errors"] == []
    assert len(data["wins"]) == len(data["mean_scores"]) == len(data["score_stdev"]) == 2
    assert sum(data["wins"]) == pytest.approx(data["games"] - data["no_winner"])
    assert data["steps"] > 12
    assert data["seconds"] > 0


def test_players_follow_the_bots_listed(capsys: pytest.CaptureFixture[str]) -> None:
    data = simulate(capsys, "-n", "3", "--bots", "random,random,random", "--seed", "1", "-w", "1")
    assert data["players"] == 3
    assert len(data["wins"]) == 3
    assert sum(data["wins"]) == pytest.approx(3 - data["no_winner"])


def test_variants_with_no_winner_games(capsys: pytest.CaptureFixture[str]) -> None:
    data = simulate(capsys, "-n", "6", "--variant", "solo", "--bots", "random", "--seed", "2")
    assert data["players"] == 1
    assert data["variant"] == "solo"
    assert sum(data["wins"]) + data["no_winner"] == pytest.approx(6)


def test_same_seed_same_results_whatever_the_workers(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--games", "24", "--bots", "random", "--seed", "99", "--rotate")
    one = simulate(capsys, *args, "--workers", "1")
    two = simulate(capsys, *args, "--workers", "2")
    one.pop("seconds")
    two.pop("seconds")
    assert one == two


def test_another_seed_gives_other_games(capsys: pytest.CaptureFixture[str]) -> None:
    a = simulate(capsys, "--games", "10", "--bots", "random", "--seed", "1", "-w", "1")
    b = simulate(capsys, "--games", "10", "--bots", "random", "--seed", "2", "-w", "1")
    assert (a["mean_scores"], a["wins"]) != (b["mean_scores"], b["wins"])


def test_rotation_reports_wins_per_bot(capsys: pytest.CaptureFixture[str]) -> None:
    data = simulate(
        capsys, "-n", "8", "--bots", "random,random", "--rotate", "--seed", "3", "-w", "1"
    )
    assert data["rotate"] is True
    assert sum(data["bot_wins"]) == pytest.approx(sum(data["wins"]))


def test_per_game_lines(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    data = simulate(
        capsys, "-n", "5", "--bots", "random", "--seed", "6", "-w", "1", "--out", str(out)
    )
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 5
    assert [g["seed"] for g in lines] == [derive_seed(6, i) for i in range(5)]
    for g in lines:
        assert {"seed", "scores", "winners", "steps", "bots", "error"} <= set(g)
        assert len(g["scores"]) == 2
    assert sum(g["steps"] for g in lines) == data["steps"]


def test_saved_replays_verify(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    simulate(
        capsys, "-n", "2", "--bots", "random", "--seed", "8", "-w", "1", "--replays", str(tmp_path)
    )
    replays = sorted(tmp_path.glob("*.json"))
    assert len(replays) == 2
    for path in replays:
        assert main(["replay", str(path), "--verify"]) == 0
        out = capsys.readouterr().out
        assert out.startswith("OK: ")


def test_failing_games_are_counted_not_fatal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = runner.play

    def sometimes(game: Any, seed: int, bots: Any, **kw: Any) -> Any:
        if seed % 2 == 0:
            raise RuntimeError("the rules broke")
        return real(game, seed, bots, **kw)

    monkeypatch.setattr(runner, "play", sometimes)
    data = simulate(capsys, "-n", "10", "--bots", "random", "--seed", "5", "-w", "1")
    even = [s for s in (derive_seed(5, i) for i in range(10)) if s % 2 == 0]
    assert even
    assert [e["seed"] for e in data["errors"]] == even
    assert all(e["message"] == "RuntimeError: the rules broke" for e in data["errors"])
    assert data["completed"] == 10 - len(even)
    assert sum(data["wins"]) == pytest.approx(data["completed"] - data["no_winner"])
    # and the text report lists them
    code = main(["simulate", FOREST, "-n", "10", "--bots", "random", "--seed", "5", "-w", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert f"Errors: {len(even)}" in out
    assert f"(seed {even[0]}): RuntimeError: the rules broke" in out


def test_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", FOREST, "-n", "4", "--bots", "random", "--seed", "2", "--rotate"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "4 games (4 completed)" in out
    for word in ("Wins", "Win rate", "Mean score", "Std dev", "No winner", "Per bot"):
        assert word in out
    assert "seed 2" in out


def test_other_games_simulate_too(capsys: pytest.CaptureFixture[str], toy: str) -> None:
    code = main(
        ["simulate", toy, "-n", "5", "--bots", "random", "--seed", "1", "-w", "1", "--json"]
    )
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["game"] == toy
    assert data["steps"] == 5 * 6
