"""`ecotone replay`: verify, tampering, stepping through."""

from __future__ import annotations

import builtins
import json
import re
from pathlib import Path

import pytest

import ecotone
from ecotone.cli.main import main
from ecotone.core.history import History
from ecotone.core.replay import Replay
from ecotone.sim.runner import play_game

FOREST = "once-upon-a-forest"


@pytest.fixture
def replay_file(tmp_path: Path) -> Path:
    game = ecotone.make(FOREST, players=2)
    result = play_game(game, 17, ["random", "random"], replay_dir=tmp_path)
    assert result.replay is not None
    return Path(result.replay)


def test_verify_ok(replay_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["replay", str(replay_file), "--verify"])
    out, err = capsys.readouterr()
    digest = Replay.load(replay_file).digest
    assert code == 0
    assert err == ""
    steps = len(Replay.load(replay_file).steps)
    assert out == f"OK: {FOREST}, {steps} steps (finished), final digest {digest}\n"


def _tamper(path: Path, change: str) -> None:
    data = json.loads(path.read_text())
    if change == "digest":
        data["digest"] = "0" * 32
    elif change == "seed":
        data["seed"] += 1
    elif change == "step":
        data["steps"][5], data["steps"][6] = data["steps"][6], data["steps"][5]
    elif change == "score":
        data["scores"][0] += 1
    elif change == "scores of the seats swapped":
        data["scores"].reverse()
    elif change == "winners":
        data["winners"] = [s for s in range(data["players"]) if s not in data["winners"]]
    elif change == "nobody won":
        data["winners"] = []
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    "change",
    ["digest", "seed", "step", "score", "scores of the seats swapped", "winners", "nobody won"],
)
def test_a_tampered_replay_fails(
    replay_file: Path, change: str, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(replay_file.read_text())
    _tamper(replay_file, change)
    assert json.loads(replay_file.read_text()) != data  # the edit changed something
    code = main(["replay", str(replay_file), "--verify"])
    out, err = capsys.readouterr()
    assert code == 1
    assert "OK" not in out
    assert err.startswith(f"ecotone: error: {replay_file} does not check out: ")
    assert err.count("\n") == 1


def test_all_prints_every_state_and_action(
    replay_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    replay = Replay.load(replay_file)
    code = main(["replay", str(replay_file), "--all"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert out.count("Step ") == len(replay.steps)
    assert "Step 1: P1 (random): draw from pile" in out
    assert "Game over. Scores:" in out
    assert "(you)" not in out  # a spectator's view: nobody's hand is shown


def test_watching_to_the_end_checks_the_final_digest(
    replay_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _tamper(replay_file, "digest")
    code = main(["replay", str(replay_file), "--all"])
    out, err = capsys.readouterr()
    assert code == 1
    assert "Game over" not in out
    assert err.startswith("ecotone: error: the replay ends in another state than it recorded")
    assert err.count("\n") == 1


def test_stepping_waits_for_enter_and_stops_on_q(
    replay_file: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter(["", "", "q"])
    monkeypatch.setattr(builtins, "input", lambda *_: next(answers))
    code = main(["replay", str(replay_file)])
    out, _ = capsys.readouterr()
    assert code == 0
    assert out.count("Enter for the next step") == 3
    assert "Step 3:" in out
    assert "Step 4:" not in out


def test_stepping_stops_at_end_of_input(
    replay_file: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def eof(*_: object) -> str:
        raise EOFError

    monkeypatch.setattr(builtins, "input", eof)
    assert main(["replay", str(replay_file), "--seat", "2"]) == 0
    out = capsys.readouterr().out
    assert "P2 (you)" in out
    assert "Step 2:" not in out


def test_stepping_a_tampered_replay_reports_the_refused_step(
    replay_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _tamper(replay_file, "step")
    code = main(["replay", str(replay_file), "--all"])
    _, err = capsys.readouterr()
    assert code == 1
    assert err.startswith("ecotone: error: step ")


def test_a_seat_outside_the_game_is_a_usage_error(
    replay_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(replay_file), "--seat", "3"]) == 2
    assert "--seat must be between 1 and 2" in capsys.readouterr().err


@pytest.mark.parametrize("no_color", [False, True])
def test_a_replay_is_shown_in_the_game_s_colours_unless_asked_not_to(
    no_color: bool,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = ecotone.make("biome-borneo", players=2)
    line = History.start(game, 3)
    for _ in range(4):
        seat = line.state.to_move[0]
        line = line.play(seat, line.state.legal_actions(seat)[0])
    path = tmp_path / "biome.json"
    line.replay(["random", "random"]).save(path)
    monkeypatch.setenv("FORCE_COLOR", "1")  # as in a terminal
    monkeypatch.delenv("NO_COLOR", raising=False)
    code = main(["replay", str(path), "--all", *(["--no-color"] if no_color else [])])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "Step 4:" in out
    coloured = re.search(r"\x1b\[[0-9;]*3[0-8][;m]", out) is not None
    assert coloured is not no_color


def test_a_resigned_game_says_who_resigned_and_who_won(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = ecotone.make(FOREST, players=2)
    state = game.start(4)
    moves = []
    for _ in range(6):
        seat = state.to_move[-1]
        action = state.legal_actions(seat)[0]
        moves.append((seat, action))
        state = state.apply(seat, action)
    path = tmp_path / "resigned.json"
    Replay.record(game, 4, moves, state, resigned=0).save(path)
    assert main(["replay", str(path), "--verify"]) == 0
    assert "6 steps (P1 resigned)" in capsys.readouterr().out
    assert main(["replay", str(path), "--all"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("P1 resigned here. Scores as they stood: ")
    assert last.endswith("Winner: P2.")
    # a replay that names its seats names the winner as it names every move's player
    Replay.record(game, 4, moves, state, resigned=0, seats=["human", "random"]).save(path)
    assert main(["replay", str(path), "--all"]) == 0
    assert capsys.readouterr().out.strip().endswith("Winner: P2 (random).")
