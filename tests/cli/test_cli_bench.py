"""`ecotone bench`: playouts, search, bots, memory and the RL environments against references;
`--profile`."""

from __future__ import annotations

import json
import re
import sys
from typing import Any

import pytest

from ecotone.bots.ismcts import ISMCTSBot
from ecotone.cli import bench as cli_bench
from ecotone.cli import bench_bots as cli_bench_bots
from ecotone.cli.bench import RL_MISSING
from ecotone.cli.main import main
from ecotone.core.game import Game
from ecotone.core.registry import game_class
from ecotone.sim import bench_bots
from ecotone.sim.bench import DOMINOES, TIC_TAC_TOE, BenchReport, Playouts, Throughput, combined
from ecotone.sim.bench_bots import BotBenchReport, SearchSpeed

FOREST = "once-upon-a-forest"


@pytest.fixture
def light_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot "at its default settings" with a handful of iterations, to keep tests fast."""

    def light(game: Game[Any], seat: int, seed: int = 0, **options: Any) -> ISMCTSBot:
        return ISMCTSBot(game, seat, seed, **{"iterations": 4, **options})

    monkeypatch.setattr(bench_bots, "ISMCTSBot", light)


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code = main(["bench", *argv, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err == ""
    data: dict[str, Any] = json.loads(out)
    return data


def test_playouts_of_every_variant_checked_and_unchecked_as_ratios(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = _json(capsys, FOREST, "--seconds", "0.1", "--only", "playouts", "--plain")
    assert data["clock"] == "process CPU time"
    assert data["compiled"] == []  # the sources, not the compiled build
    ref = data["reference"]
    assert ref["name"] == TIC_TAC_TOE  # --plain: the plain-Python reference
    assert ref["ratio"] == 1.0
    rows = data["playouts"]
    # the standard game and each variant, each at its fewest players
    spec = game_class(FOREST).spec
    assert [(r["variant"], r["players"]) for r in rows] == [
        (None, spec.min_players),
        *((v.name, v.min_players) for v in spec.variants),
    ]
    for row in rows:
        for way in ("checked", "unchecked"):
            rate = row[way]
            assert rate["steps"] > 0
            assert rate["seconds"] > 0
            assert rate["ratio"] == pytest.approx(
                rate["steps_per_second"] / ref["steps_per_second"]
            )
    assert "search" not in data
    assert "memory" not in data


@pytest.mark.usefixtures("light_bot")
@pytest.mark.usefixtures("light_bot")
def test_rounds_give_each_ratio_as_the_median_of_the_rounds(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def reference(seconds: float, seed: int = 0, *, plain: bool = False) -> Throughput:
        return Throughput(TIC_TAC_TOE, 0, 1, 9, seconds)  # (the search's: no time spent)

    monkeypatch.setattr(bench_bots, "reference_playouts", reference)
    argv = [FOREST, "--seconds", "0.02", "--plain", "--rounds", "2"]
    data = _json(capsys, *argv, "--only", "playouts,search", "--iterations", "3", "--deals", "1")
    assert data["rounds"] == 2
    for row in data["playouts"]:
        for way in ("checked", "unchecked"):
            rate = row[way]
            rounds = rate["ratio_rounds"]
            assert len(rounds) == 2
            assert rate["ratio"] == pytest.approx(sum(rounds) / 2)  # the median of two
            assert (rate["ratio_low"], rate["ratio_high"]) == (min(rounds), max(rounds))
    (search,) = data["search"]["games"]
    assert data["search"]["rounds"] == 2
    assert search["decisions"] == 2 * 3  # three decisions of one deal, in each round
    # the table says the median and the range
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["bench", *argv, "--only", "playouts"]) == 0
    out = capsys.readouterr().out
    assert "median of the rounds' ratios" in out
    assert re.search(r"\d\.\d\d \(\d+\.\d\d-\d+\.\d\d\)", out)


def test_openspiel_dominoes_is_the_reference_when_installed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("pyspiel")
    data = _json(capsys, FOREST, "--seconds", "0.05", "--only", "playouts")
    assert data["reference"]["name"] == DOMINOES
    # a dominoes deal is 14 chance steps, then the play
    assert data["reference"]["steps_per_game"] > 14


@pytest.mark.usefixtures("light_bot")
def test_search_bots_and_memory(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(
        capsys, FOREST, "--only", "search,memory", "--iterations", "3", "--deals", "1", "--plain"
    )
    assert "playouts" not in data
    (search,) = data["search"]["games"]
    assert search["name"] == FOREST
    assert search["iterations"] == 3 * search["decisions"]
    assert 0 < search["ms_per_default_move"] <= search["slowest_ms_per_default_move"]
    assert data["search"]["openspiel"] == []  # --plain: no OpenSpiel reference
    assert search["ms_per_default_move_at_targets"] is None  # nor a scaled time
    (memory,) = data["memory"]
    assert memory["name"] == FOREST
    assert memory["states"] > 2
    # alone counts every part; held shares the parts states have in common
    assert 0 < memory["bytes_held"] < memory["bytes_alone"] < 20_000


def _unsteady_rounds() -> tuple[BenchReport, BotBenchReport]:
    """Two rounds of the playouts and of the search, the second round's game twice as
    fast against the same references: rounds that disagree."""

    def playouts(steps: int) -> BenchReport:
        made = Throughput(FOREST, 2, 1, steps, 1.0)
        row = Playouts(FOREST, None, 2, made, made)
        return BenchReport(Throughput(TIC_TAC_TOE, 0, 1, 100, 1.0), [row])

    def search(seconds: float) -> BotBenchReport:
        game = SearchSpeed(FOREST, "ismcts", 2, 3, 300, seconds, 200.0, 100.0, 150.0)
        hearts = SearchSpeed("hearts", "openspiel-py", 4, 1, 300, 1.0)
        return BotBenchReport(300, [game], [hearts], None, Throughput(DOMINOES, 2, 1, 10, 1.0))

    return (
        combined([playouts(150), playouts(300)]),
        bench_bots.combined_bots([search(1.0), search(0.5)]),
    )


def test_rounds_that_disagree_are_called_unsteady_under_the_tables(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    played, searched = _unsteady_rounds()
    monkeypatch.setattr(cli_bench, "bench", lambda *args, **kwargs: played)
    monkeypatch.setattr(cli_bench, "bench_bots", lambda *args, **kwargs: searched)
    monkeypatch.setattr(cli_bench_bots, "bench_bots", lambda *args, **kwargs: searched)
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["bench", FOREST, "--only", "playouts,search", "--rounds", "2"]) == 0
    out = capsys.readouterr().out
    assert f"The rounds disagree by up to 100% ({FOREST}, checked: 1.50 to 3.00)" in out
    assert f"The rounds disagree by up to 100% ({FOREST}'s search: 1.00 to 2.00)" in out
    assert main(["bench-bots", FOREST, "--rounds", "2"]) == 0
    out = capsys.readouterr().out
    assert f"({FOREST}'s search: 1.00 to 2.00)" in out
    # rounds that agree are not remarked on
    steady = bench_bots.combined_bots([searched.rounds[0], searched.rounds[0]])
    monkeypatch.setattr(cli_bench_bots, "bench_bots", lambda *args, **kwargs: steady)
    assert main(["bench-bots", FOREST, "--rounds", "2"]) == 0
    assert "disagree" not in capsys.readouterr().out


@pytest.mark.usefixtures("light_bot")
def test_the_tables(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # wide enough for every column: a narrower terminal folds the names
    monkeypatch.setenv("COLUMNS", "200")
    code = main(
        [
            "bench",
            FOREST,
            FOREST,
            "--seconds",
            "0.05",
            "--iterations",
            "2",
            "--deals",
            "1",
            "--plain",
        ]
    )
    out, _ = capsys.readouterr()
    assert code == 0
    assert out.count(f"│ {FOREST} ") == 4  # named twice, measured once in each table
    assert f"│ {FOREST}/solo" in out
    words_said = (
        "Ecotone pure Python",
        "reference: tic-tac-toe",
        "Unchecked steps/s",
        "Bot ms/move",
        "Scaled ms",
        "Bytes alone",
        "Env steps/s",
        "Blank cost",
    )
    for words in words_said:
        assert words in out
    # --plain: no dominoes speed of this run is named beside the targets' machine's
    assert "in this run; only with OpenSpiel" not in out


def test_each_games_environment_is_timed_against_its_engine_in_the_same_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = _json(capsys, FOREST, "phylo", "--seconds", "0.1", "--only", "environments")
    assert data["environments_missing"] is None
    rows = data["environments"]
    assert [(r["game"], r["players"]) for r in rows] == [
        (gid, game_class(gid).spec.min_players) for gid in (FOREST, "phylo")
    ]
    for row in rows:
        for way in ("engine", "observed", "aec", "blank"):
            assert row[f"{way}_steps_per_second"] > 0
        # the ratios are the rates' (per step: the environment's time over the engine's)
        engine, aec = row["engine_steps_per_second"], row["aec_steps_per_second"]
        assert row["cost"] == pytest.approx(engine / aec, rel=1e-3)
        observed = row["observed_steps_per_second"]
        assert row["cost_vs_observe"] == pytest.approx(observed / aec, rel=1e-3)
        assert row["blank_cost"] == pytest.approx(engine / row["blank_steps_per_second"], rel=1e-3)
    assert "playouts" not in data
    assert "search" not in data


def test_without_the_rl_extra_the_environments_say_what_to_install(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ecotone.rl.bench", None)  # as if not installed
    data = _json(capsys, FOREST, "--seconds", "0.05", "--only", "environments")
    assert data["environments"] == []
    assert data["environments_missing"] == RL_MISSING
    assert "pip install 'ecotone[rl]'" in RL_MISSING
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["bench", FOREST, "--seconds", "0.05", "--only", "environments"]) == 0
    out, _ = capsys.readouterr()
    assert f"Environments not timed: {RL_MISSING}" in out


def test_profile_lists_where_the_time_goes(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, "--profile", FOREST, "--seconds", "0.05", "--top", "12")
    assert (data["name"], data["workload"], data["unit"]) == (FOREST, "checked", "playouts")
    assert data["units"] >= 1
    assert len(data["by_own_time"]) == 12
    owns = [r["own_seconds"] for r in data["by_own_time"]]
    assert owns == sorted(owns, reverse=True)
    # the game's own rules show up, named from the package root (among the dozen busiest:
    # in the first five, the kernel's step and the playout loop may crowd them out)
    assert any(r["where"].startswith("ecotone/games/forest/") for r in data["by_total_time"])
    code = main(["bench", "--profile", FOREST, "--seconds", "0.05", "--workload", "unchecked"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "unchecked: " in out
    assert "playouts" in out
    assert "Own %" in out
    assert "; Ecotone pure Python" in out
    assert "This install is compiled" not in out  # the sources: every function is seen
    assert (data["build"], data["compiled"]) == ("pure Python", [])


def test_a_profile_of_the_compiled_build_says_how_to_see_the_rules(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # (as a compiled install reports itself; the profile itself is of these sources)
    compiled = ("ecotone.core.position", "ecotone.games.forest.rules")
    monkeypatch.setattr(cli_bench, "compiled_modules", lambda: compiled)
    monkeypatch.setattr(cli_bench, "describe", lambda: "compiled with mypyc (2 modules)")
    monkeypatch.setenv("COLUMNS", "400")
    argv = ["bench", "--profile", FOREST, "--seconds", "0.05", "--workload", "bot"]
    assert main(argv) == 0
    out, _ = capsys.readouterr()
    assert "; Ecotone compiled with mypyc (2 modules)" in out
    assert "This install is compiled (2 modules)" in out
    # the same workload again, its options as given (the defaults left out)
    again = (
        f"ECOTONE_NO_EXTENSIONS=1 ecotone bench --profile {FOREST} --workload bot --seconds 0.05"
    )
    assert f"{again}\n" in out
    data = _json(capsys, "--profile", FOREST, "--seconds", "0.05")
    assert data["compiled"] == list(compiled)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--only", "speed"], "--only takes playouts, search, memory, environments"),
        (["nope"], "no game 'nope'"),
        (["--profile", "nope"], "no game 'nope'"),
        (["--seconds", "0"], "--seconds"),
        (["--rounds", "0"], "--rounds"),
    ],
)
def test_mistakes_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    assert main(["bench", *argv]) == 2
    _, err = capsys.readouterr()
    assert words in err
    assert "Traceback" not in err
