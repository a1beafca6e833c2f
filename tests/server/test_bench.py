"""The load test runs end to end (tiny: the real measurement is in docs/performance.md)."""

from __future__ import annotations

import pytest

from ecotone.cli.main import main
from ecotone.server.bench import LoadTest, run_load_test


def test_load_test_reports_moves_and_round_trips() -> None:
    report = run_load_test(LoadTest(games=3, seconds=1.0, think=0.0, warmup=0.3))
    assert report["moves"] > 0
    assert report["moves_per_second"] > 0
    assert 0 < report["rtt_p50_ms"] <= report["rtt_p99_ms"]
    assert report["websockets"] == 6
    assert not report["errors"]


@pytest.mark.slow  # a load test of two phases: the default run keeps the one-phase test above
def test_load_test_compares_quiet_and_abusive_phases_of_one_run() -> None:
    report = run_load_test(
        LoadTest(
            games=2,
            seconds=2.0,
            think=0.0,
            warmup=1.0,
            abusers=1,
            abuser_bot="ismcts:iterations=20",  # quick, so that it moves within the phase
            bot_matches=1,
            rounds=1,
            settle=0.3,
        )
    )
    assert report["quiet_moves"] > 0
    assert report["abusive_moves"] > 0
    assert report["quiet_moves"] + report["abusive_moves"] == report["moves"]
    ratio = report["abusive_rtt_p99_ms"] / report["quiet_rtt_p99_ms"]
    assert report["p99_abusive_over_quiet"] == round(ratio, 2)
    # the server's own bots, counted beside the people: the abusive match was played
    # (then resigned), and so was the quick bots' match
    assert report["abusive_bot_moves"] > 0
    assert report["quick_bot_moves"] > 0
    assert report["bot_workers_cpu_percent"] > 0  # the search thinks outside the server
    assert not report["errors"]


def test_bench_server_checks_its_arguments() -> None:
    assert main(["bench-server", "--games", "0"]) == 2
    assert main(["bench-server", "--abusers", "-1"]) == 2
    assert main(["bench-server", "--rounds", "2"]) == 2  # alternating needs abusers


def test_serve_refuses_a_rate_that_is_not_positive() -> None:
    assert main(["serve", "--ws-rate", "0"]) == 2
    assert main(["serve", "--http-rate", "-1"]) == 2
