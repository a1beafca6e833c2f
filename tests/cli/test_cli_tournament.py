"""`ecotone tournament`, `ecotone bots` and `ecotone bench-bots` from the command line."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from ecotone.bots.models import shipped_policies
from ecotone.cli import bench_bots as cli_bench_bots
from ecotone.cli.main import main
from ecotone.sim import bench_bots as sim_bench_bots
from ecotone.sim.bench import DOMINOES, DOMINOES_AT_TARGETS, TIC_TAC_TOE, Throughput
from ecotone.sim.bench_bots import BotBenchReport, SearchSpeed, combined_bots

FOREST = "once-upon-a-forest"


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err == ""
    data: dict[str, Any] = json.loads(out)
    return data


# -- tournament -------------------------------------------------------------------------------


def test_tournament_json_rates_every_bot(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(
        capsys,
        "tournament",
        FOREST,
        "--bots",
        "random,heuristic",
        "-n",
        "4",
        "--seed",
        "2",
        "-w",
        "1",
        "--bootstrap",
        "100",
        "--json",
    )
    assert data["game"] == FOREST
    assert data["players"] == 2
    assert data["bots"] == ["random", "heuristic"]
    assert (data["games"], data["completed"], data["schedule"]) == (4, 4, 2)
    assert data["balanced"] is True
    assert data["seed"] == 2
    rows = {row["bot"]: row for row in data["standings"]}
    assert set(rows) == {"random", "heuristic"}
    for row in rows.values():
        assert row["seats"] == 4
        if row["rating_ci"] is not None:  # none where every resample gave the same rating
            lo, hi = row["rating_ci"]
            assert lo <= row["rating"] <= hi
        # two deals are too few for a bootstrap of the win rate: the Wilson interval
        assert row["win_rate_method"] == "wilson"
        lo, hi = row["win_rate_ci"]
        assert lo <= row["win_rate"] <= hi
        assert hi - lo > 0.3  # four seats cannot pin a win rate down
        assert set(row) >= {"wins", "win_rate", "win_rate_ci", "share", "mean_score"}
    assert data["errors"] == []


def test_tournament_options_stay_with_their_bot(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(
        capsys,
        "tournament",
        FOREST,
        "--bots",
        "random,ismcts:iterations=3,c=1.5",
        "--players",
        "3",
        "-n",
        "1",
        "--seed",
        "1",
        "-w",
        "1",
        "--json",
    )
    assert data["bots"] == ["random", "ismcts:iterations=3,c=1.5"]
    assert data["players"] == 3
    assert data["schedule"] == 6
    assert data["balanced"] is False


def test_tournament_writes_every_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    _json(
        capsys,
        "tournament",
        FOREST,
        "--bots",
        "random,heuristic",
        "-n",
        "3",
        "--seed",
        "4",
        "-w",
        "1",
        "--out",
        str(out),
        "--json",
    )
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert [g["index"] for g in games] == [0, 1, 2]
    assert [g["lineup"] for g in games] == [[0, 1], [1, 0], [0, 1]]
    assert games[0]["bots"] == ["random", "heuristic"]
    assert games[0]["seed"] == games[1]["seed"] != games[2]["seed"]


def test_an_interrupted_tournament_keeps_the_games_it_played(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ecotone.sim import tournament

    real = tournament._play_chunk
    calls = 0

    def interrupted_after_two(*args: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(tournament, "_play_chunk", interrupted_after_two)
    out = tmp_path / "games.jsonl"
    code = main(
        [
            *("tournament", FOREST, "--bots", "random,heuristic", "-n", "6", "--seed", "4"),
            *("-w", "1", "--out", str(out), "--json"),
        ]
    )
    assert code == 130
    assert "interrupted" in capsys.readouterr().err
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert [g["index"] for g in games] == [0, 1]


def test_tournament_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # a wide console, so that rich does not wrap the column headers checked below
    monkeypatch.setenv("COLUMNS", "200")
    code = main(
        [
            "tournament",
            FOREST,
            "--bots",
            "random,heuristic",
            "-n",
            "3",
            "--seed",
            "5",
            "-w",
            "1",
            "--bootstrap",
            "100",
        ]
    )
    out, _ = capsys.readouterr()
    assert code == 0
    for words in (
        "Rating",
        "95% interval",
        "Win rate",
        "Fair share",
        "Mean score",
        "heuristic",
        "Bradley-Terry",
        "not a multiple of the 2 seatings",
        "seed 5",
        "Head to head",
    ):
        assert words in out
    # three games, each one meeting of the two bots: their points add up to 3
    table = out[out.index("Head to head") :]
    points = [float(p) for p in re.findall(r"([\d.]+)/3 \(", table)]
    assert len(points) == 2
    assert sum(points) == 3


def test_long_bot_names_are_folded_never_cut(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two specs that differ only at their end stay told apart on a narrow terminal."""
    monkeypatch.setenv("COLUMNS", "80")
    one = "ismcts:iterations=4,max_depth=3,rollout=random,score_weight=0.5"
    two = "ismcts:iterations=4,max_depth=3,rollout=random,score_weight=0.6"
    code = main(["tournament", FOREST, "--bots", f"{one},{two}", "-n", "2", "-w", "1"])
    out, _ = capsys.readouterr()
    assert code == 0
    # the ranking's Bot column, each bot's lines put back together
    names: list[str] = []
    for line in out[: out.index("Head to head")].splitlines():
        cells = line.split("│")
        if len(cells) > 3:
            if cells[1].strip():
                names.append("")
            names[-1] += cells[2].strip()
    assert sorted(names) == [one, two]


@pytest.mark.parametrize(
    ("games", "players"),
    [("1", "2"), ("2", "2"), ("3", "3")],
)
def test_a_tiny_tournament_prints_no_point_intervals(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, games: str, players: str
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    argv = ["tournament", FOREST, "--bots", "random,heuristic", "-n", games, "-p", players]
    assert main([*argv, "--seed", "5", "-w", "1"]) == 0
    out = capsys.readouterr().out
    intervals = re.findall(r"(\d+\.\d)%–(\d+\.\d)%", out)
    assert len(intervals) == 2  # one win-rate interval per bot
    for lo, hi in intervals:
        assert float(lo) < float(hi)
    assert "100.0%–100.0%" not in out
    assert "0.0%–0.0%" not in out
    assert "W: Wilson score interval on the seats filled" in out
    assert "too few for the bootstrap" in out
    if games == "1":
        assert ": 1 game (1 completed)" in out  # not "1 games"


def test_tournament_of_a_simultaneous_game(capsys: pytest.CaptureFixture[str], toy: str) -> None:
    data = _json(
        capsys,
        "tournament",
        toy,
        "--bots",
        "random,ismcts:iterations=20",
        "-n",
        "4",
        "--seed",
        "1",
        "-w",
        "1",
        "--json",
    )
    assert data["completed"] == 4


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--bots", "random,nobot"], "no bot 'nobot'"),
        (["--bots", "random,random"], "lists a bot twice"),
        (["--bots", "random,heuristic", "-n", "0"], "--games must be at least 1, not 0"),
        (["--bots", "random,heuristic", "-n", "-5"], "--games must be at least 1, not -5"),
        (["--bots", "random,heuristic", "-w", "0"], "--workers must be at least 1"),
        (["--bots", "random,heuristic", "--bootstrap", "-1"], "--bootstrap must be at least 100"),
        # a percentile interval needs resamples beyond its ends (0 or 1 gave none, or a point)
        (["--bots", "random,heuristic", "--bootstrap", "0"], "at least 100, not 0: a 95%"),
        (["--bots", "random,heuristic", "--bootstrap", "1"], "at least 100, not 1: a 95%"),
        (["--bots", "random,ismcts:iterations=0"], "iterations must be a whole number"),
        (["--bots", "random,heuristic", "--players", "9"], "players"),
        (["--bots", "random"], "needs at least two, not 'random'"),
        (["--bots", "ismcts:iterations=9,c=2"], "needs at least two"),  # one bot, two options
        (["--bots", ","], "--bots ',' has an empty name"),
        (["--bots", ",,"], "--bots ',,' has an empty name"),
        (["--bots", ""], "--bots '' has an empty name"),
        (["--bots", "random,,heuristic"], "has an empty name"),
        (["--bots", "random,heuristic,"], "has an empty name"),
        (["--bots", "random,heuristic", "--out", "/nonexistent/dir/x.jsonl"], "cannot write"),
    ],
)
def test_tournament_mistakes_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    code = main(["tournament", FOREST, *argv])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.startswith("ecotone: error: ")
    assert err.count("\n") == 1
    assert words in err


# -- every command seats ismcts ---------------------------------------------------------------


def test_ismcts_takes_a_seat_in_play_and_simulate(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    seats = "ismcts:iterations=3,c=1.0,random"
    argv = ["play", FOREST, "--seats", seats, "--seed", "2", "--replay-dir", str(tmp_path)]
    assert main(argv) == 0
    out, _ = capsys.readouterr()
    assert "ismcts:iterations=3,c=1.0" in out
    data = _json(
        capsys,
        "simulate",
        FOREST,
        "--bots",
        seats,
        "-n",
        "2",
        "--seed",
        "1",
        "-w",
        "1",
        "--rotate",
        "--json",
    )
    assert data["bots"] == ["ismcts:iterations=3,c=1.0", "random"]
    assert data["completed"] == 2


# -- bots -------------------------------------------------------------------------------------


def test_bots_lists_each_bot_and_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "bots", FOREST, "--json")
    bots = {b["name"]: b for b in data[FOREST]}
    # the bots, then the trained policies that come with the game, each for its own table
    shipped = shipped_policies(FOREST)
    assert list(bots) == ["random", "heuristic", "ismcts", *(p.spec for p in shipped)]
    for policy in shipped:
        assert f"Plays {policy.players} players only" in bots[policy.spec]["description"]
    options = {o["name"]: o["default"] for o in bots["ismcts"]["options"]}
    assert set(options) == {
        "iterations",
        "seconds",
        "c",
        "rollout",
        "max_depth",
        "score_weight",
        "prior",
        "prior_weight",
        "evidence",
        "widening",
        "paired",
        "secrets",
    }
    assert options["rollout"] == "random"
    assert options["prior"] == "heuristic"  # the game has a heuristic bot
    assert bots["random"]["options"] == []
    assert bots["random"]["description"]
    # per-game defaults: BIOME Borneo's search follows its heuristic bot in the rollouts
    biome = {b["name"]: b for b in _json(capsys, "bots", "biome-borneo", "--json")["biome-borneo"]}
    defaults = {o["name"]: o["default"] for o in biome["ismcts"]["options"]}
    assert defaults["rollout"] == "heuristic"
    assert defaults["widening"] > 0
    # and a default that differs by player count says where
    sg = _json(capsys, "bots", "singapore-untamed", "--json")["singapore-untamed"]
    depth = next(
        o for b in sg if b["name"] == "ismcts" for o in b["options"] if o["name"] == "max_depth"
    )
    assert depth["default"] == 20
    assert depth["help"].endswith("; 30 at 6 players")


def test_bots_table_covers_every_game(capsys: pytest.CaptureFixture[str], toy: str) -> None:
    code = main(["bots"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert FOREST in out
    assert toy in out  # a game registered at run time is listed too
    assert "iterations=" in out


def test_a_bot_that_cannot_load_is_listed_as_such(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from ecotone.cli import bots as bots_command

    real = bots_command.make_bot

    def broken(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "heuristic":
            raise ImportError("No module named 'ecotone.bots.heuristics.gone'")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(bots_command, "make_bot", broken)
    data = _json(capsys, "bots", FOREST, "--json")
    heuristic = next(b for b in data[FOREST] if b["name"] == "heuristic")
    assert heuristic["description"].startswith("cannot be loaded: No module named")
    assert [b["name"] for b in data[FOREST]][:3] == ["random", "heuristic", "ismcts"]


def test_bots_of_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bots", "chess"]) == 2
    assert "no game 'chess'" in capsys.readouterr().err


# -- bench-bots -------------------------------------------------------------------------------


def test_bench_bots_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(
        capsys,
        "bench-bots",
        FOREST,
        "--iterations",
        "10",
        "--deals",
        "1",
        "--players",
        "3",
        "--no-openspiel",
        "--json",
    )
    (row,) = data["games"]
    assert row["name"] == FOREST
    assert row["players"] == 3  # a chosen player count
    assert row["decisions"] == 3  # early, midway and late
    assert row["iterations"] == 30
    assert row["iterations_per_second"] > 0
    assert row["x_openspiel_python"] is None
    assert data["openspiel"] == []
    assert "not asked for" in data["openspiel_missing"]
    assert data["reference"]["steps_per_second"] > 0
    # without OpenSpiel, the playout reference is the plain one, which scales nothing
    assert data["reference"]["name"] == TIC_TAC_TOE
    assert row["ms_per_default_move_at_targets"] is None


def test_bench_bots_scales_the_bots_time_by_openspiels_dominoes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("pyspiel")
    data = _json(capsys, "bench-bots", FOREST, "-i", "5", "--deals", "1", "--json")
    (row,) = data["games"]
    reference = data["reference"]
    assert reference["name"] == DOMINOES
    assert row["ms_per_default_move_at_targets"] == pytest.approx(
        row["ms_per_default_move"] * reference["steps_per_second"] / DOMINOES_AT_TARGETS
    )


def test_bench_bots_rounds_give_the_median_ratio_and_its_range(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("pyspiel")

    def reference(seconds: float, seed: int = 0, *, plain: bool = False) -> Throughput:
        return Throughput(TIC_TAC_TOE, 0, 1, 9, seconds)  # (not what is tested: no time)

    monkeypatch.setattr(sim_bench_bots, "reference_playouts", reference)
    argv = ["bench-bots", FOREST, "-i", "5", "--deals", "1", "--rounds", "2"]
    data = _json(capsys, *argv, "--json")
    assert data["rounds"] == 2
    (row,) = data["games"]
    assert row["decisions"] == 2 * 3  # three decisions of a deal of its own, each round
    rounds = row["x_openspiel_python_rounds"]
    assert len(rounds) == 2
    assert row["x_openspiel_python"] == pytest.approx(sum(rounds) / 2)  # the median of two
    assert (row["x_openspiel_python_low"], row["x_openspiel_python_high"]) == (
        min(rounds),
        max(rounds),
    )
    # the table gives the median and the range (two rounds made up, not timed)
    reference = Throughput(DOMINOES, 2, 1, 100, 1.0)

    def made(*args: object, **kwargs: object) -> BotBenchReport:
        def one(game_seconds: float) -> BotBenchReport:
            game = SearchSpeed(FOREST, "ismcts", 2, 3, 300, game_seconds, 100.0, 50.0, 80.0)
            hearts = SearchSpeed("hearts", "openspiel-py", 4, 1, 300, 1.0)
            return BotBenchReport(300, [game], [hearts], None, reference)

        return combined_bots([one(0.5), one(0.25)])

    monkeypatch.setattr(cli_bench_bots, "bench_bots", made)
    monkeypatch.setenv("COLUMNS", "200")
    assert main(argv) == 0
    out, _ = capsys.readouterr()
    assert "3.00 (2.00-4.00)" in out
    assert "median of the rounds' ratios" in out


def test_bench_bots_table(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bench-bots", FOREST, "-i", "5", "--deals", "1", "--no-openspiel"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "Slowest it/s" in out
    assert "OpenSpiel reference not timed" in out
    assert main(["bench-bots", FOREST, "-i", "5", "--players", "9", "--no-openspiel"]) == 2
    assert "not 9" in capsys.readouterr().err  # the game says which counts it allows


def test_bench_bots_refuses_nonsense(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench-bots", "-i", "0"]) == 2
    assert "--iterations must be at least 1" in capsys.readouterr().err


# -- where the games are played ---------------------------------------------------------------


@pytest.mark.parametrize("command", ["tournament", "simulate", "balance"])
def test_workers_or_ray_not_both(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code = main([command, FOREST, "--bots", "random,heuristic", "-w", "2", "--ray", "local"])
    assert code == 2
    assert "argument --ray: not allowed with argument --workers/-w" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["tournament", "simulate"])
def test_a_ray_address_nobody_answers_fails_at_once_in_words(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    # Port 1 on this machine refuses; without Ray installed the command says to install it.
    code = main([command, FOREST, "--bots", "random,heuristic", "-n", "2", "--ray", "127.0.0.1:1"])
    err = capsys.readouterr().err
    assert code == 2
    assert "Traceback" not in err
    assert "no Ray cluster answers at 127.0.0.1:1" in err or "needs Ray" in err
