"""The search benchmark: ISMCTS speed per game and the OpenSpiel reference."""

from __future__ import annotations

import importlib
import json
from types import ModuleType, SimpleNamespace

import pytest

import ecotone
from ecotone.bots import SeatView
from ecotone.bots.ismcts import DEFAULT_ITERATIONS, default_iterations
from ecotone.bots.registry import lookup
from ecotone.sim import bench_bots
from ecotone.sim.bench import DOMINOES, DOMINOES_AT_TARGETS, TIC_TAC_TOE, Spread, Throughput
from ecotone.sim.bench_bots import (
    STAGES,
    BotBenchReport,
    SearchSpeed,
    ismcts_speed,
    openspiel_hearts,
    sample_positions,
)

FOREST = "once-upon-a-forest"


def test_positions_are_real_choices_spread_over_the_game() -> None:
    game = ecotone.make(FOREST, players=2)
    positions = sample_positions(game, 2, seed=1)
    assert len(positions) == 2 * len(STAGES)
    for state, seat in positions:
        assert len(state.legal_actions(seat)) > 1


def test_ismcts_speed_counts_every_iteration() -> None:
    game = ecotone.make(FOREST, players=2)
    speed = ismcts_speed(game, 7, games=1)
    assert (speed.name, speed.bot, speed.decisions, speed.iterations) == (FOREST, "ismcts", 3, 21)
    assert 0 < speed.slowest <= speed.iterations_per_second * 1.0001
    assert speed.default_ms is not None
    assert speed.default_ms > 0  # the bot at its default settings, at the same decisions


def test_a_budget_is_what_the_slowest_search_fits_in_a_second() -> None:
    assert (
        SearchSpeed("g", "ismcts", 2, 3, 3000, 1.0, slowest=1234.5).iterations_per_second_budget
        == 1200
    )
    assert (
        SearchSpeed("g", "ismcts", 2, 3, 300, 1.0, slowest=87.2).iterations_per_second_budget == 87
    )
    assert SearchSpeed("g", "ismcts", 2, 1, 10, 1.0).ms_per_move(20) == pytest.approx(2000)


def test_every_game_has_a_default_budget() -> None:
    own = lookup(FOREST)
    assert own is not None
    assert default_iterations(FOREST) == own.search.iterations != DEFAULT_ITERATIONS
    assert default_iterations("a-game-nobody-measured") == DEFAULT_ITERATIONS


def test_missing_open_spiel_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.import_module

    def no_spiel(name: str, package: str | None = None) -> ModuleType:
        if name.startswith(("pyspiel", "open_spiel")):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real(name, package)

    monkeypatch.setattr(bench_bots.importlib, "import_module", no_spiel)
    rows, missing = openspiel_hearts(10)
    assert rows == []
    assert missing is not None
    assert "pip install 'ecotone[bench]'" in missing


def test_open_spiel_hearts_when_installed() -> None:
    pytest.importorskip("pyspiel")
    rows, missing = openspiel_hearts(20)
    assert missing is None
    assert [r.bot for r in rows] == ["openspiel-py", "openspiel-cpp"]
    assert all(r.name == "hearts" and r.iterations == 20 and r.seconds > 0 for r in rows)


def test_a_broken_game_does_not_stop_the_benchmark(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> SearchSpeed:
        raise RuntimeError("rules bug")

    monkeypatch.setattr(bench_bots, "ismcts_speed", broken)
    report = bench_bots.bench_bots([FOREST], 5, openspiel=False)
    assert report.games == []
    assert report.failures == {FOREST: "RuntimeError: rules bug"}
    assert report.to_json()["failures"] == {FOREST: "RuntimeError: rules bug"}


def test_decision_times_scale_to_the_targets_machine_by_dominoes() -> None:
    row = SearchSpeed(FOREST, "ismcts", 2, 3, 30, 1.0, 30.0, 600.0, 900.0)

    def report(name: str, steps_per_second: float) -> BotBenchReport:
        reference = Throughput(name, 2, 10, int(steps_per_second), 1.0)
        return BotBenchReport(10, [row], [], None, reference)

    # here dominoes ran at half the targets' machine's speed: a move takes half as long there
    half = report(DOMINOES, DOMINOES_AT_TARGETS / 2)
    assert half.at_targets(600.0) == pytest.approx(300.0)
    (game,) = half.to_json()["games"]
    assert game["ms_per_default_move_at_targets"] == pytest.approx(300.0)
    assert game["slowest_ms_per_default_move_at_targets"] == pytest.approx(450.0)
    assert report(DOMINOES, DOMINOES_AT_TARGETS).at_targets(600.0) == pytest.approx(600.0)
    # the plain reference says nothing of that machine
    (plain,) = report(TIC_TAC_TOE, 500_000).to_json()["games"]
    assert plain["ms_per_default_move_at_targets"] is None
    assert half.at_targets(None) is None


def _round(game_seconds: float, hearts_seconds: float, mean_ms: float) -> BotBenchReport:
    """A round in which the game's 300 iterations and OpenSpiel's took those times."""
    game = SearchSpeed(FOREST, "ismcts", 2, 3, 300, game_seconds, 200.0, mean_ms, 2 * mean_ms)
    hearts = SearchSpeed("hearts", "openspiel-py", 4, 1, 300, hearts_seconds)
    return BotBenchReport(300, [game], [hearts], None, Throughput(DOMINOES, 2, 1, 10, 1.0))


def test_rounds_combined_sum_their_searches_and_keep_each_rounds_ratio() -> None:
    # the machine busier in the second round: the game and Hearts alike slower
    rounds = [_round(1.0, 2.0, 100.0), _round(2.0, 3.0, 200.0), _round(1.0, 1.5, 120.0)]
    report = bench_bots.combined_bots(rounds)
    assert report.rounds == tuple(rounds)
    (game,) = report.games
    assert (game.decisions, game.iterations, game.seconds) == (9, 900, 4.0)
    assert game.default_ms == pytest.approx(140.0)  # the mean of the rounds' means
    assert game.default_max_ms == 400.0  # the longest of all
    # each round against its own OpenSpiel search, not the pooled ones (6.5 / 4 = 1.625)
    spread = report.spread(game)
    assert spread is not None
    assert spread.values == pytest.approx((2.0, 1.5, 1.5))
    (row,) = report.to_json()["games"]
    assert row["x_openspiel_python"] == pytest.approx(1.5)
    assert row["x_openspiel_python_high"] == pytest.approx(2.0)
    assert report.to_json()["rounds"] == 3
    (hearts,) = report.openspiel
    assert report.spread(hearts) == Spread((1.0, 1.0, 1.0))
    # one round is its own report
    single = _round(1.0, 2.0, 100.0)
    assert bench_bots.combined_bots([single]) is single
    # the game's rounds, 1.5 to 2.0, disagree by a third: the report says so
    said = report.unsteady()
    assert said is not None
    assert f"({FOREST}'s search: 1.50 to 2.00)" in said
    assert report.to_json()["unsteady"] == said
    assert single.to_json()["unsteady"] is None
    assert single.unsteady() is None


def test_a_workload_missing_from_a_round_has_no_combined_figure() -> None:
    # the game's search failed in the second round
    hearts = _round(1.0, 2.0, 100.0).openspiel
    reference = Throughput(DOMINOES, 2, 1, 10, 1.0)
    broken = BotBenchReport(300, [], hearts, None, reference, {FOREST: "RuntimeError: x"})
    report = bench_bots.combined_bots([_round(1.0, 2.0, 100.0), broken])
    assert report.games == []
    assert report.failures == {FOREST: "RuntimeError: x"}
    assert report.spread(_round(1.0, 2.0, 100.0).games[0]) is None


def test_each_round_searches_the_same_decisions_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    repeats: list[tuple[int, int]] = []

    def timed(
        game: object, iterations: int, *, games: int, seed: int = 0, repeat: int = 0
    ) -> SearchSpeed:
        repeats.append((seed, repeat))
        return SearchSpeed(FOREST, "ismcts", 2, 3, iterations, 1.0)

    def reference(seconds: float, seed: int = 0, *, plain: bool = False) -> Throughput:
        return Throughput(TIC_TAC_TOE, 0, 1, 9, seconds)  # (no time spent)

    monkeypatch.setattr(bench_bots, "ismcts_speed", timed)
    monkeypatch.setattr(bench_bots, "reference_playouts", reference)
    report = bench_bots.bench_bots([FOREST], 5, games=2, openspiel=False, rounds=3)
    # the standard deals in every round (their difficulty is not what the rounds measure),
    # each round's searches seeded afresh
    assert repeats == [(0, 0), (0, 1), (0, 2)]
    assert len(report.rounds) == 3
    assert report.games[0].iterations == 15
    assert report.spread(report.games[0]) is None  # no OpenSpiel: no ratio to give
    with pytest.raises(ValueError, match="at least one round"):
        bench_bots.bench_bots([FOREST], 5, rounds=0)


def test_a_repeat_searches_the_same_positions_with_other_seeds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    searched: list[tuple[int, int, str]] = []  # (repeat, the bot's seed, the position)

    class Recorder:
        """Stands in for the search: notes its seed and the position it is asked about."""

        def __init__(self, game: object, seat: int, seed: int, **settings: object) -> None:
            self.seed = seed
            self.last_search = SimpleNamespace(iterations=settings.get("iterations", 1))

        def act(self, view: SeatView) -> object:
            searched.append((repeat, self.seed, json.dumps(view.observation, sort_keys=True)))
            return view.legal_actions[0]

    monkeypatch.setattr(bench_bots, "ISMCTSBot", Recorder)
    game = ecotone.make(FOREST, players=2)
    for repeat in (0, 1):
        ismcts_speed(game, 3, games=1, repeat=repeat)
    first = [s for s in searched if s[0] == 0]
    again = [s for s in searched if s[0] == 1]
    assert len(first) == len(again) == 2 * len(STAGES)  # the plain search, then the bot's
    assert [s[2] for s in first] == [s[2] for s in again]  # the same decisions
    # the first repeat's seeds are the standard ones; the next's follow on from them
    decisions = len(STAGES)
    assert [s[1] for s in first] == [*range(decisions), *range(decisions)]
    assert [s[1] for s in again] == [*range(decisions, 2 * decisions)] * 2
