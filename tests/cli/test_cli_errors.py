"""Every user error is one `ecotone: error:` line on stderr and exit status 2."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

import ecotone
from ecotone.cli.main import main
from ecotone.core.errors import DataError

FOREST = "once-upon-a-forest"

Argv = Callable[[Path], list[str]]


def _garbage(tmp: Path) -> list[str]:
    path = tmp / "garbage.json"
    path.write_text("this is not a replay", encoding="utf-8")
    return ["replay", str(path)]


def _wrong_shape(tmp: Path) -> list[str]:
    path = tmp / "shape.json"
    path.write_text('{"format": "ecotone-replay/1"}', encoding="utf-8")
    return ["replay", str(path), "--verify"]


def _foreign_game(tmp: Path) -> list[str]:
    path = tmp / "foreign.json"
    path.write_text(
        '{"format": "ecotone-replay/1", "game": "chess", "players": 2, "seed": 1,'
        ' "rules_version": "1", "digest": "0"}',
        encoding="utf-8",
    )
    return ["replay", str(path), "--verify"]


def _bad_deck(tmp: Path, game: str, option: str) -> list[str]:
    path = tmp / "deck.toml"
    path.write_text("garbage = [\n", encoding="utf-8")
    variant = ["--variant", "constructed"] if game == "phylo" else []
    return ["simulate", game, *variant, "-o", f"{option}={path}", "--games", "1"]


def _unusable_folder(tmp: Path) -> list[str]:
    occupied = tmp / "a-file"
    occupied.write_text("", encoding="utf-8")
    return ["play", FOREST, "--seed", "1", "--replay-dir", str(occupied / "replays")]


CASES: dict[str, tuple[Argv, str]] = {
    "unknown game (simulate)": (lambda t: ["simulate", "nope"], "no game 'nope'"),
    "unknown game (play)": (lambda t: ["play", "nope"], "no game 'nope'"),
    "unknown game (rules)": (lambda t: ["rules", "nope"], "no game 'nope'"),
    "unknown game (bench)": (lambda t: ["bench", "nope"], "no game 'nope'"),
    "unknown option": (lambda t: ["simulate", FOREST, "-o", "foo=1"], "no option 'foo'"),
    "option without value": (lambda t: ["simulate", FOREST, "-o", "foo"], "key=value"),
    "unknown variant": (lambda t: ["play", FOREST, "--variant", "nope"], "no variant 'nope'"),
    "too many players": (lambda t: ["simulate", FOREST, "--players", "9"], "not 9"),
    "too few players": (lambda t: ["play", FOREST, "--players", "1"], "not 1"),
    "players vs names": (
        lambda t: ["simulate", FOREST, "--bots", "random,random,random", "--players", "2"],
        "does not match",
    ),
    "unknown bot": (lambda t: ["simulate", FOREST, "--bots", "nobot"], "no bot 'nobot'"),
    "unknown bot at a seat": (
        lambda t: ["play", FOREST, "--seats", "human,nobot"],
        "no bot 'nobot'",
    ),
    "bot option refused": (lambda t: ["simulate", FOREST, "--bots", "random:depth=3"], "depth"),
    "missing replay": (lambda t: ["replay", str(t / "missing.json")], "cannot read"),
    "not a replay": (_garbage, "not an Ecotone replay"),
    "replay missing fields": (_wrong_shape, "not an Ecotone replay"),
    "unwritable --out": (
        lambda t: ["simulate", FOREST, "--bots", "random", "--out", str(t / "no" / "x.jsonl")],
        "cannot write",
    ),
    "zero games": (lambda t: ["simulate", FOREST, "--games", "0"], "--games"),
    "negative games": (lambda t: ["simulate", FOREST, "-n", "-2"], "at least 1, not -2"),
    "no workers": (lambda t: ["simulate", FOREST, "-w", "0"], "--workers must be at least 1"),
    "only commas for bots": (lambda t: ["simulate", FOREST, "--bots", ",,"], "empty name"),
    "an empty bot name": (lambda t: ["simulate", FOREST, "--bots", ""], "--bots '' has an"),
    "a hole in the bots": (
        lambda t: ["simulate", FOREST, "--bots", "random,,heuristic"],
        "--bots 'random,,heuristic' has an empty name",
    ),
    "a hole in the seats": (lambda t: ["play", FOREST, "--seats", "human,"], "empty name"),
    "no decisions": (
        lambda t: ["departures", FOREST, "--bot", "ismcts", "-n", "0"],
        "--decisions must be at least 1",
    ),
    "one playout": (
        lambda t: ["departures", FOREST, "--bot", "ismcts", "-k", "1"],
        "--playouts must be at least 2",
    ),
    "endless bench": (lambda t: ["bench", "--seconds", "inf"], "must be a finite number"),
    "bench of no time": (lambda t: ["bench", "--seconds", "nan"], "must be a finite number"),
    "bench-bots without seats": (
        lambda t: ["bench-bots", "--players", "0"],
        "--players must be at least 1",
    ),
    "bench-bots without deals": (lambda t: ["bench-bots", "--deals", "0"], "--deals"),
    "bench-bots of no rounds": (
        lambda t: ["bench-bots", "--rounds", "0"],
        "--rounds must be at least 1",
    ),
    "bench-server of no time": (
        lambda t: ["bench-server", "--seconds", "0"],
        "--seconds must be a positive number",
    ),
    "bench-server of a game that is not one": (
        lambda t: ["bench-server", "--game", "nope"],
        "no game 'nope'",
    ),
    "bench-server with too many seats": (
        lambda t: ["bench-server", "--game", FOREST, "--players", "9"],
        "not 9",
    ),
    "bench-server's database for a server it does not start": (
        lambda t: ["bench-server", "--url", "http://127.0.0.1:1", "--db", "sqlite://"],
        "starts none",
    ),
    "bad number": (lambda t: ["simulate", FOREST, "--games", "many"], "invalid int value"),
    "unknown command": (lambda t: ["frobnicate"], "invalid choice"),
    "missing game": (lambda t: ["simulate"], "required: GAME"),
    "bad bench time": (lambda t: ["bench", "--seconds", "0"], "--seconds"),
    "option value of the wrong kind": (
        lambda t: ["play", "phylo", "-o", "challenge=maybe"],
        "challenge='maybe' must be a bool",
    ),
    "bad seed": (lambda t: ["play", FOREST, "--seed", "abc"], "invalid int value"),
    "a folder given as a replay": (lambda t: ["replay", str(t)], "cannot read"),
    "replay of a game that does not exist": (_foreign_game, "no game 'chess'"),
    "replay folder that cannot be made": (_unusable_folder, "cannot use"),
    "a deck file that is not a deck (BioMasters)": (
        lambda t: _bad_deck(t, "biomasters", "decks"),
        "not a deck file",
    ),
    "a deck file that is not a deck (Phylo)": (
        lambda t: _bad_deck(t, "phylo", "deck1"),
        "deck.toml",
    ),
}


def test_the_games_own_data_failing_is_not_a_usage_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # No file named by the user: a broken data file of the game is a failure (status 1).
    def broken(*args: object, **kwargs: object) -> None:
        raise DataError("data/bad", "cards.toml: the game's own data is broken")

    monkeypatch.setattr(ecotone, "make", broken)
    code = main(["simulate", FOREST, "--games", "1"])
    _, err = capsys.readouterr()
    assert code == 1
    assert "the game's own data is broken" in err


@pytest.mark.parametrize("case", sorted(CASES))
def test_user_errors_are_one_line_and_exit_2(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv, fragment = CASES[case]
    code = main(argv(tmp_path))
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.startswith("ecotone: error: ")
    assert err.count("\n") == 1, err
    assert fragment in err
    assert "Traceback" not in err
