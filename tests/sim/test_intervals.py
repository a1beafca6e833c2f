"""Intervals on small samples: the Wilson score interval, and when standings use it.

A bootstrap of three games that a bot all won gives it 100%-100%: the resamples can only
show the spread the sample has. These tests pin down that a tournament never says that.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest

from ecotone.sim.runner import Z95, GameResult, wilson_interval
from ecotone.sim.tournament import (
    BOOTSTRAP,
    MIN_BOOTSTRAP_DEALS,
    WILSON,
    BotRecord,
    Tournament,
    schedule,
    standings,
)

# -- the Wilson score interval -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("wins", "trials", "low", "high"),
    [
        # Newcombe, "Two-sided confidence intervals for the single proportion: comparison
        # of seven methods", Statistics in Medicine 17 (1998), table II, method 3.
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_matches_published_intervals(
    wins: int, trials: int, low: float, high: float
) -> None:
    lo, hi = wilson_interval(wins, trials)
    assert lo == pytest.approx(low, abs=5e-5)
    assert hi == pytest.approx(high, abs=5e-5)


@pytest.mark.parametrize(("wins", "trials"), [(0, 1), (1, 1), (3, 3), (0, 3), (2, 7), (2.5, 4)])
def test_wilson_bounds_are_where_the_score_test_stops_rejecting(wins: float, trials: int) -> None:
    # The interval is every p0 that a score test at 95% does not reject:
    # (p - p0)^2 = z^2 p0 (1 - p0) / n at each bound inside (0, 1).
    p = wins / trials
    lo, hi = wilson_interval(wins, trials)
    assert 0.0 <= lo <= p <= hi <= 1.0
    for bound in (lo, hi):
        if 0.0 < bound < 1.0:
            assert (p - bound) ** 2 == pytest.approx(Z95**2 * bound * (1 - bound) / trials)


def test_wilson_never_collapses_to_a_point() -> None:
    for n in (1, 2, 3, 5):
        all_won, none_won = wilson_interval(n, n), wilson_interval(0, n)
        assert all_won[1] == 1.0
        assert all_won[0] < 1.0
        assert none_won == (0.0, pytest.approx(1 - all_won[0]))
    # three wins in three games cannot rule out an even match
    assert wilson_interval(3, 3)[0] < 0.5
    # no games at all say nothing
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("trials", [1, 3, 5, 10, 30])
def test_wilson_covers_the_true_rate_even_for_a_few_games(trials: int) -> None:
    # The exact chance, over every number of wins, that the interval holds the true
    # rate (a point interval at 100% after all wins never holds a true rate of 90%).
    for rate in (0.05, 0.1, 0.3, 0.5, 0.7, 0.9, 0.95):
        covered = sum(
            math.comb(trials, k) * rate**k * (1 - rate) ** (trials - k)
            for k in range(trials + 1)
            if wilson_interval(k, trials)[0] <= rate <= wilson_interval(k, trials)[1]
        )
        assert covered >= 0.85, (trials, rate, covered)


# -- standings on small samples ----------------------------------------------------------------


def _tournament(winners_by_deal: Sequence[Sequence[int]]) -> Tournament:
    """Two bots, two seats; deal ``d`` is played from both seats (lineups 0,1 and 1,0),
    and ``winners_by_deal[d]`` names the winning *bot* of each of its games."""
    results = []
    lineups = [(0, 1), (1, 0)]
    for deal, winners in enumerate(winners_by_deal):
        for game, bot in enumerate(winners):
            lineup = lineups[game % 2]
            seat = lineup.index(bot)
            results.append(
                GameResult(
                    index=len(results),
                    seed=1000 + deal,
                    bots=[["a", "b"][b] for b in lineup],
                    lineup=list(lineup),
                    scores=[1.0 if s == seat else 0.0 for s in range(2)],
                    winners=[seat],
                )
            )
    return Tournament(
        game={"game": "g", "players": 2, "variant": None, "options": {}},
        bots=["a", "b"],
        seed=7,
        schedule=schedule(2, 2),
        results=results,
        seconds=0.0,
    )


def _records(
    winners_by_deal: Sequence[Sequence[int]], bootstrap: int = 200
) -> dict[str, BotRecord]:
    table = standings(_tournament(winners_by_deal), bootstrap=bootstrap)
    return {r.bot: r for r in table.records}


@pytest.mark.parametrize(
    ("case", "winners_by_deal"),
    [
        ("one game", [[0]]),
        ("one deal, both games won by the same bot", [[0, 0]]),
        ("three games, all won by the same bot", [[0, 0], [0]]),
        ("a few deals, split", [[0, 1], [0, 0], [1, 0]]),
        ("many deals, all won by the same bot", [[0, 0]] * (MIN_BOOTSTRAP_DEALS + 2)),
        ("many deals, each split evenly", [[0, 1]] * (MIN_BOOTSTRAP_DEALS + 2)),
    ],
)
def test_a_win_rate_interval_is_never_a_point(case: str, winners_by_deal: list[list[int]]) -> None:
    for r in _records(winners_by_deal).values():
        lo, hi = r.win_rate_ci
        assert lo < hi, case
        assert lo <= r.win_rate <= hi, case
        assert r.win_rate_method == WILSON, case
        # the interval of every bot rests on the seats it filled, so more seats, narrower
        assert (lo, hi) == wilson_interval(r.wins, r.seats), case


def test_three_wins_of_three_do_not_rule_out_an_even_match() -> None:
    records = _records([[0, 0], [0]])
    assert records["a"].win_rate == 1.0
    assert records["a"].win_rate_ci[0] < 0.5 < records["a"].win_rate_ci[1]
    assert records["b"].win_rate_ci[0] == 0.0
    assert records["b"].win_rate_ci[1] > 0.5


def test_a_rating_every_resample_agrees_on_gets_no_interval() -> None:
    # one deal: every resample is that deal, so the bootstrap sees no spread at all
    for r in _records([[0, 0]]).values():
        assert r.rating is not None
        assert r.rating_ci is None
    # and no resamples at all give none either
    for r in _records([[0, 1], [0, 0]], bootstrap=0).values():
        assert r.rating_ci is None
        assert r.win_rate_method == WILSON


def test_enough_deals_that_differ_keep_the_bootstrap() -> None:
    # bot a wins both games of some deals, splits others: the deals differ, and there
    # are enough of them for the bootstrap to measure the spread
    winners = [[0, 0], [0, 1], [1, 0], [0, 0], [1, 1], [0, 1]] * 2
    assert len(winners) >= MIN_BOOTSTRAP_DEALS
    records = _records(winners)
    for r in records.values():
        assert r.win_rate_method == BOOTSTRAP
        lo, hi = r.win_rate_ci
        assert lo < r.win_rate < hi
        assert (lo, hi) != wilson_interval(r.wins, r.seats)
        assert r.rating_ci is not None
        assert r.rating_ci[0] < r.rating_ci[1]
    # the same deals, too few of them: Wilson
    few = _records(winners[: MIN_BOOTSTRAP_DEALS - 1])
    assert {r.win_rate_method for r in few.values()} == {WILSON}


def test_the_method_is_in_the_json() -> None:
    table = standings(_tournament([[0]]), bootstrap=50)
    rows = table.to_json()["standings"]
    assert {row["win_rate_method"] for row in rows} == {WILSON}
    assert all(row["rating_ci"] is None for row in rows)
