"""The end of a game in the terminal (``ecotone play``) and in ``ecotone replay``: who won,
each player named as the moves name them, then why the game ended and what its result
means, in the game's words (``State.ending``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ecotone.cli.main import main
from ecotone.core.game import State
from ecotone.core.replay import Replay

FOREST = "once-upon-a-forest"


def _play(tmp_path: Path, *args: str) -> tuple[str, State]:
    """Play a game of bots to its end; what the terminal said (its lines joined, as a
    narrow terminal may wrap them), and the game's final state."""
    code = main(["play", FOREST, *args, "--replay-dir", str(tmp_path)])
    assert code == 0
    (path,) = tmp_path.glob("*.json")
    return str(path), Replay.load(path).verify()


def _said(out: str) -> str:
    return " ".join(out.split())


def test_a_solo_game_says_nobody_wins_and_what_the_forest_needed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _, final = _play(tmp_path, "--variant", "solo", "--seats", "random", "--seed", "2")
    out = _said(capsys.readouterr().out)
    assert final.winners() == []
    ending = final.ending()
    assert ending is not None
    assert "it needed at least 12 and more than the Neighbouring Forest's" in ending
    assert f"Nobody wins. {ending} Replay saved:" in out


def test_the_winner_is_named_as_the_moves_name_the_players(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _, final = _play(tmp_path, "--seats", "random,heuristic", "--seed", "3")
    out = _said(capsys.readouterr().out)
    names = ["P1 (random)", "P2 (heuristic)"]
    assert f"{names[1]}: " in out  # how the moves name a bot's seat
    (winner,) = final.winners()
    assert f"{names[winner]} wins. {final.ending()} Replay saved:" in out
    assert f"P{winner + 1} wins." not in out


def test_a_shared_win_names_every_winner(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # a deal whose random players tie
    _, final = _play(tmp_path, "--seats", "random,random", "--seed", "10")
    out = _said(capsys.readouterr().out)
    assert final.winners() == [0, 1]
    assert f"P1 (random) and P2 (random) share the win. {final.ending()}" in out


def test_a_replay_watched_to_the_end_says_why_the_game_ended(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, final = _play(tmp_path, "--variant", "solo", "--seats", "random", "--seed", "2")
    capsys.readouterr()
    assert main(["replay", path, "--all"]) == 0
    out = _said(capsys.readouterr().out)
    assert f"Game over. Scores: P1 {final.scores()[0]:g}. Winner: nobody. {final.ending()}" in out
