"""`ecotone departures` from the command line."""

from __future__ import annotations

import json

import pytest

from ecotone.cli.main import main

SINGAPORE = "singapore-untamed"


def test_departures_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["departures", SINGAPORE, "--bot", "random", "-n", "6", "-k", "3", "--seed", "3"]
    code = main([*argv, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err == ""
    data = json.loads(out)
    assert (data["game"], data["players"], data["variant"]) == (SINGAPORE, 4, None)
    assert (data["bot"], data["decisions"], data["playouts"], data["seed"]) == ("random", 6, 3, 3)
    assert data["departures"]
    first = data["departures"][0]
    assert set(first) == {
        "decision", "game", "step", "seat", "heuristic", "chosen",
        "win", "margin", "margin_error", "verdict",
    }  # fmt: skip
    assert first["heuristic"] != first["chosen"]
    verdicts = [d["verdict"] for d in data["departures"]]
    assert (data["better"], data["worse"], data["same"]) == (
        verdicts.count("better"),
        verdicts.count("worse"),
        verdicts.count("same"),
    )


def test_departures_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    code = main(["departures", SINGAPORE, "--bot", "random", "-n", "4", "-k", "2", "--seed", "3"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "random at 4 decisions of heuristic games, seed 3" in out
    assert "Heuristic's move" in out
    assert "Per departure: win share" in out


def test_no_departures_is_said_plainly(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["departures", "biome-borneo", "--bot", "heuristic", "-n", "2", "-k", "2", "--seed", "4"]
    code = main(argv)
    out, _ = capsys.readouterr()
    assert code == 0
    assert "0 departures from the heuristic's move" in out
    assert "Per departure" not in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--bot", "nobot"], "no bot 'nobot'"),
        (["--bot", "random", "-n", "0"], "--decisions must be at least 1"),
        (["--bot", "random", "-k", "1"], "--playouts must be at least 2"),
        (["--bot", "ismcts:iterations=0"], "iterations must be a whole number"),
        (["--bot", "random", "--players", "9"], "players"),
    ],
)
def test_departures_mistakes_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    code = main(["departures", SINGAPORE, *argv])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.startswith("ecotone: error: ")
    assert err.count("\n") == 1
    assert words in err
