"""`ecotone balance` from the command line: the report's files, resuming, comparing, errors."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from ecotone.cli import balance as balance_cli
from ecotone.cli.main import main
from ecotone.sim.balance import load_records, plots

PHYLO = "phylo"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_balance_writes_the_page_the_json_and_the_pictures(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_dir = tmp_path / "report"
    args = ["balance", PHYLO, "--bots", "random", "-n", "6", "--seed", "5", "-w", "1"]
    code, out, err = _run(capsys, *args, "--out", str(out_dir))
    assert code == 0, err
    assert "P1 win rate" in out
    assert str(out_dir / "report.html") in out
    data: dict[str, Any] = json.loads((out_dir / "report.json").read_text())
    assert (data["config"]["game"], data["seed"], data["games"]) == (PHYLO, 5, 6)
    assert data["plots"]
    assert all((out_dir / name).exists() for name in data["plots"])
    assert "data:image/png;base64," in (out_dir / "report.html").read_text()
    # run again: every game is kept, so nothing is played and the seed is the folder's
    code, out, err = _run(capsys, "balance", PHYLO, "--bots", "random", "-n", "6", "-w", "1",
                          "--out", str(out_dir), "--json")  # fmt: skip
    assert code == 0, err
    again = json.loads(out)
    assert again["seed"] == 5
    assert again["figures"] == data["figures"]
    assert (out_dir / "games.jsonl").read_bytes().count(b"\n") == 6


def test_balance_compare_reports_differences(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(plots, "available", lambda: False)  # (the first test draws them)
    out_dir = tmp_path / "cmp"
    code, out, err = _run(
        capsys, "balance", PHYLO, "--bots", "random", "-n", "12", "--seed", "2", "-w", "1",
        "--compare", "challenge=true", "--out", str(out_dir), "--bootstrap", "200",
    )  # fmt: skip
    assert code == 0, err
    assert "challenge=True" in out
    data = json.loads((out_dir / "report.json").read_text())
    assert data["kind"] == "balance-comparison"
    assert data["change"]["options"] == {"challenge": True}
    assert {f["id"] for f in data["differences"]} >= {"win_rate/P1", "length", "drama"}
    for side in ("baseline", "changed"):
        assert (out_dir / side / "report.html").exists()
        assert json.loads((out_dir / side / "report.json").read_text())["games"] == 12


def test_without_matplotlib_one_line_says_how_to_get_the_pictures(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(plots, "available", lambda: False)
    code, _, err = _run(capsys, "balance", PHYLO, "--bots", "random", "-n", "2", "-w", "1",
                        "--out", str(tmp_path))  # fmt: skip
    assert code == 0
    assert err.strip() == f"note: {plots.INSTALL_HINT}"
    assert (tmp_path / "report.json").exists()
    assert not list(tmp_path.glob("*.png"))


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--games", "0"], "--games must be at least 1"),
        (["--workers", "2", "--ray", "local"], "not allowed with argument"),
        (["--compare", "nonsense"], "not of the form key=value"),
        (["--compare", "colour=blue"], "colour"),
        (["--bots", "nobody"], "nobody"),
        # a 95% percentile interval needs resamples beyond its ends: 1 drew no report, 0 a
        # point, 2 and 5 intervals without their estimate
        (["--bootstrap", "1"], "--bootstrap must be at least 100, not 1: a 95% interval"),
        (["--bootstrap", "0"], "--bootstrap must be at least 100, not 0"),
        (["--bootstrap", "5"], "--bootstrap must be at least 100, not 5"),
        # the second value silently replaced the first
        (
            ["--compare", "challenge=true", "--compare", "challenge=false"],
            "--compare changes challenge 2 times (challenge=true, challenge=false)",
        ),
    ],
)
def test_balance_mistakes_are_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, extra: list[str], message: str
) -> None:
    code, out, err = _run(capsys, "balance", PHYLO, "--out", str(tmp_path), *extra)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert message in err


def test_a_folder_of_another_batch_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(plots, "available", lambda: False)  # the pictures are not the point
    base = ["balance", PHYLO, "--bots", "random", "-n", "1", "-w", "1", "--out", str(tmp_path)]
    assert _run(capsys, *base, "--seed", "1", "--json")[0] == 0
    code, _, err = _run(capsys, *base, "--seed", "2")
    assert code == 2
    assert "holds the games of another batch" in err


def test_a_ray_address_nobody_answers_fails_at_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Port 1 on this machine refuses; without Ray installed the command says to install it.
    code, _, err = _run(capsys, "balance", PHYLO, "--bots", "random", "-n", "1",
                        "--ray", "127.0.0.1:1", "--out", str(tmp_path))  # fmt: skip
    assert code == 2
    assert "no Ray cluster answers at 127.0.0.1:1" in err or "needs Ray" in err


def test_the_summary_gives_each_highlighted_item_its_interval(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(plots, "available", lambda: False)  # the summary is the point
    args = ["balance", "once-upon-a-forest", "-n", "40", "--seed", "3", "-w", "1"]
    code, out, err = _run(capsys, *args, "--out", str(tmp_path / "forest"))
    assert code == 0, err
    figure = r"[+-]\d+\.\d%, 95% [+-]\d+\.\d% to [+-]\d+\.\d%"
    for title in ("Strongest", "Weakest"):
        (line,) = [x for x in out.splitlines() if x.strip().startswith(f"{title} items:")]
        items = re.findall(rf"\(({figure})\)", line)
        assert items, line
        assert len(items) == line.count(", 95% ")


def test_a_batch_stopped_says_what_it_kept_and_how_to_go_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C printed only "interrupted": the games kept, and the command that resumes
    them, are what the user needs to know not to start again."""
    monkeypatch.setattr(plots, "available", lambda: False)  # the pictures are not the point
    played = balance_cli.run_batch

    def stopped(plan: Any, folder: Path, **kw: Any) -> Any:
        progress = kw["on_progress"]

        def tick(n: int) -> None:
            progress(n)
            if len(load_records(folder)) >= 2:
                raise KeyboardInterrupt

        return played(plan, folder, **{**kw, "on_progress": tick})

    monkeypatch.setattr(balance_cli, "run_batch", stopped)
    out_dir = tmp_path / "stopped"
    code, _, err = _run(capsys, "balance", PHYLO, "--bots", "random", "-n", "5", "-w", "1",
                        "--out", str(out_dir))  # fmt: skip
    assert code == 130
    assert f"Stopped: 2 of 5 games kept in {out_dir / 'games.jsonl'}" in err
    (command,) = [line.strip() for line in err.splitlines() if line.strip().startswith("ecotone ")]
    seed = json.loads((out_dir / "batch.json").read_text())["seed"]
    assert f"--seed {seed}" in command
    monkeypatch.setattr(balance_cli, "run_batch", played)
    code, out, err = _run(capsys, *shlex.split(command)[1:])
    assert code == 0, err
    assert "5 of 5 games completed" in out


def test_fewer_games_than_the_folder_holds_say_the_rest_are_unread(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(plots, "available", lambda: False)
    args = ("balance", PHYLO, "--bots", "random", "-w", "1", "--seed", "3", "--out", str(tmp_path))
    code, _, err = _run(capsys, *args, "-n", "4")
    assert (code, "the report reads the first" in err) == (0, False)
    code, out, err = _run(capsys, *args, "-n", "2")
    assert code == 0, err
    assert "2 of 2 games completed" in out
    assert f"note: {tmp_path} holds 4 games of this batch; the report reads the first 2" in err


def test_one_game_is_said_in_the_singular(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(plots, "available", lambda: False)
    code, out, err = _run(capsys, "balance", PHYLO, "--bots", "random", "-n", "1", "-w", "1",
                          "--out", str(tmp_path))  # fmt: skip
    assert code == 0, err
    assert "1 of 1 game completed" in out
