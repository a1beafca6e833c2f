"""The playout benchmark and its reference workload."""

from __future__ import annotations

import pytest

import ecotone
from ecotone.sim.bench import REFERENCE, Throughput, bench, game_playouts, reference_playouts


def test_the_reference_plays_whole_tic_tac_toe_games() -> None:
    t = reference_playouts(0.05)
    assert t.name == REFERENCE
    assert t.games > 0
    # a game of tic-tac-toe lasts 5 to 9 moves
    assert 5 * t.games <= t.steps <= 9 * t.games
    assert t.seconds >= 0.05


def test_game_playouts_run_to_the_end() -> None:
    game = ecotone.make("once-upon-a-forest", players=2)
    t = game_playouts(game, 0.01)
    assert t.games >= 1  # a slow game still gets one playout
    assert t.steps_per_game > 0
    assert t.steps_per_second == pytest.approx(t.steps / t.seconds)


def test_throughputs_add_up() -> None:
    a = Throughput("x", 2, 3, 30, 1.0)
    b = Throughput("x", 2, 1, 10, 1.0)
    assert a + b == Throughput("x", 2, 4, 40, 2.0)
    assert (a + b).games_per_second == 2.0
    assert Throughput("x", 2, 0, 0, 0.0).steps_per_second == 0.0


def test_a_report_gives_ratios_to_the_reference() -> None:
    report = bench(["once-upon-a-forest"], 0.1)
    out = report.to_json()
    assert out["reference"]["ratio"] == 1.0
    (row,) = out["games"]
    assert row["name"] == "once-upon-a-forest"
    assert row["players"] == 2
    expected = row["steps_per_second"] / out["reference"]["steps_per_second"]
    assert row["ratio"] == pytest.approx(expected)


def test_an_unknown_game_fails_before_timing() -> None:
    with pytest.raises(ecotone.ConfigError, match="no game 'nope'"):
        bench(["nope"], 100.0)
