"""Balance reports: intervals, tension metrics, card impact, comparisons, resuming."""

from __future__ import annotations

import base64
import dataclasses
import html
import json
import math
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import ecotone
import ecotone.games.biomasters as biomasters_package
from ecotone.core.actions import Action
from ecotone.core.errors import ConfigError
from ecotone.core.game import Lesson
from ecotone.core.registry import register, unregister
from ecotone.sim import runner
from ecotone.sim.balance import (
    GameRecord,
    Plan,
    analyse,
    compare,
    load_records,
    play_record,
    plots,
    run_batch,
    write_comparison,
    write_report,
)
from ecotone.sim.balance import batch as batch_module
from ecotone.sim.balance.batch import BATCH_FILE, GAMES_FILE
from ecotone.sim.balance.record import touched_items
from ecotone.sim.balance.report import ItemImpact, item_impact, options_changed
from ecotone.sim.balance.stats import (
    CLUSTERED,
    SMALL_SAMPLE,
    benjamini_hochberg,
    bootstrap,
    chi_square_uniform,
    clustered_difference,
    paired,
    ratio,
    wilson,
    within_games_p,
)
from ecotone.sim.balance.tension import scores_by_step, tension
from ecotone.sim.runner import game_seed, seat_order
from tests.core.toy import Bid, BidsData, SealedBids

PHYLO = "phylo"
FOREST = "once-upon-a-forest"


class TeachingBids(SealedBids):
    """Sealed Bids with a lesson: how often a player bids the highest card in hand.

    A player choosing at random among its bids and the fold takes the top card once in
    ``len(hand) + 1`` choices: that is the lesson's theory, and a batch of random players
    must bear it out.
    """

    spec = dataclasses.replace(SealedBids.spec, id="toy-teaching", title="Teaching Bids")

    def lessons(
        self, history: Sequence[tuple[BidsData, int, Action]], end: BidsData
    ) -> tuple[Lesson, ...]:
        del end
        top = chances = 0
        theory = 0.0
        for data, seat, action in history:
            hand = data.hands[seat]
            chances += 1
            top += isinstance(action, Bid) and action.card == max(hand)
            theory += 1 / (len(hand) + 1)
        share = theory / chances if chances else None
        return (Lesson("top", "Top card bid", top, chances, share, "one choice in all"),)


@pytest.fixture
def teaching() -> Iterator[str]:
    """A toy game with a lesson, registered for the test only."""
    register("toy-teaching", TeachingBids)
    yield "toy-teaching"
    unregister("toy-teaching")


def _report(game: ecotone.Game[Any], games: int, folder: Path, seed: int = 7) -> Any:
    plan = Plan.of(game, ["random"], games, seed)
    records = run_batch(plan, folder)
    return analyse(records, plan.identity(), game.presentation(), resamples=200), records


def _figures(data: Any) -> Iterator[dict[str, Any]]:
    """Every object in a JSON document that carries a value (a figure)."""
    if isinstance(data, dict):
        if "value" in data:
            yield data
        for v in data.values():
            yield from _figures(v)
    elif isinstance(data, list):
        for v in data:
            yield from _figures(v)


# -- statistics ---------------------------------------------------------------------------------


def test_wilson_interval_matches_the_textbook_and_stays_in_range() -> None:
    f = wilson("w", "wins", 0, 10)
    assert f.value == 0
    assert f.low == 0
    assert 0.27 < f.high < 0.28
    f = wilson("w", "wins", 81, 263)  # Newcombe (1998), example: 0.2553 to 0.3662
    assert round(f.low, 4) == 0.2553
    assert round(f.high, 4) == 0.3662
    assert f.method == "Wilson score interval"


def test_bootstrap_is_seeded_and_brackets_the_mean() -> None:
    values = [float(v % 7) for v in range(60)]
    a = bootstrap("x", "x", "points", values, seed=1, resamples=300)
    b = bootstrap("x", "x", "points", values, seed=1, resamples=300)
    assert a == b
    assert a.low < a.value < a.high
    assert "bootstrap" in a.method
    constant = bootstrap("y", "y", "points", [3.0] * 10, seed=1, resamples=300)
    assert (constant.low, constant.value, constant.high) == (3.0, 3.0, 3.0)


def test_a_ratio_over_games_treats_each_game_as_a_cluster() -> None:
    # 40 games of 10 chances each; in half of them every chance went one way: the 400
    # chances are not independent, and the interval must say so.
    counts = [(10.0, 10.0)] * 20 + [(0.0, 10.0)] * 20
    f = ratio("r", "r", "share of chances", counts, seed=1, resamples=400)
    assert f == ratio("r", "r", "share of chances", counts, seed=1, resamples=400)
    assert (f.value, f.n) == (0.5, 400)
    naive = wilson("r", "r", 200, 400)
    assert f.high - f.low > 2 * (naive.high - naive.low)
    assert f.low < 0.5 < f.high
    # games with no chance count as games but shift nothing
    assert ratio("r", "r", "s", [(3.0, 4.0), (0.0, 0.0)], seed=1, resamples=0).value == 0.75
    assert ratio("r", "r", "s", [(0.0, 0.0)], seed=1, resamples=50).n == 0


def test_paired_differences_find_a_shift_and_not_its_absence() -> None:
    twins = [(float(v), float(v)) for v in range(30)]
    same = paired("d", "d", "points", twins, seed=1, resamples=200)
    assert (same.value, same.low, same.high, same.p) == (0.0, 0.0, 0.0, 1.0)
    noisy = [(float(v % 5), float(v % 5) + 1.0 + (v % 3 - 1) * 0.5) for v in range(30)]
    shifted = paired("d", "d", "points", noisy, seed=1, resamples=200)
    assert shifted.low > 0.5
    assert shifted.high < 1.5
    assert shifted.p is not None
    assert shifted.p < 1e-6


def test_benjamini_hochberg_by_hand() -> None:
    # p sorted: 0.01, 0.03, 0.04, 0.5 -> p*m/rank: 0.04, 0.06, 0.0533, 0.5 -> running minimum
    q = benjamini_hochberg([0.04, 0.01, 0.5, 0.03])
    assert [round(v, 4) for v in q] == [0.0533, 0.04, 0.5, 0.0533]
    assert benjamini_hochberg([]) == []


def test_chi_square_p_values_are_right() -> None:
    _, df, p = chi_square_uniform([60, 40])  # statistic 4.0, one degree of freedom
    assert df == 1
    assert abs(p - 0.0455003) < 1e-6
    stat, df, p = chi_square_uniform([30, 20, 25, 25])  # 2.0 on 3 df: p = 0.5724067
    assert (stat, df) == (2.0, 3)
    assert abs(p - 0.5724067) < 1e-6


def test_clustered_difference_is_the_difference_of_means_with_a_wider_interval() -> None:
    # Two seats per game; the seat with the mark always wins, so the difference is 1.
    rows = [(g, s == 0, 1.0 if s == 0 else 0.0) for g in range(10) for s in (0, 1)]
    f = clustered_difference("c", "c", "share of games", rows)
    assert f is not None
    assert f.value == 1.0
    assert f.p == 0.0
    # marked seats: 3 of 6 wins; unmarked: 2 of 6
    rows = [
        (0, True, 1.0), (0, False, 0.0), (1, True, 0.0), (1, False, 1.0),
        (2, True, 1.0), (2, False, 0.0), (3, True, 0.0), (3, False, 1.0),
        (4, True, 1.0), (4, False, 0.0), (5, True, 0.0), (5, False, 0.0),
    ]  # fmt: skip
    f = clustered_difference("c", "c", "share of games", rows)
    assert f is not None
    assert math.isclose(f.value, 3 / 6 - 2 / 6)
    assert dict(f.extra) == {"with": 0.5, "without": 2 / 6}
    assert f.low < 0 < f.high
    assert f.p is not None
    assert f.p > 0.3
    assert clustered_difference("c", "c", "x", [(0, True, 1.0)]) is None


# -- tension ------------------------------------------------------------------------------------


def test_scores_by_step_fill_the_unchanged_steps() -> None:
    story = [(0, [0.0, 0.0]), (2, [1.0, 0.0]), (3, [1.0, 2.0])]
    assert scores_by_step(story, 4) == [[0, 0], [0, 0], [1, 0], [1, 2], [1, 2]]


def test_tension_by_hand() -> None:
    # Six decisions. P1 leads after 1, P2 after 3, tie after 4, P1 again after 5, P2 wins.
    story = [(0, [0.0, 0.0]), (1, [2.0, 0.0]), (3, [2.0, 3.0]), (4, [3.0, 3.0]),
             (5, [5.0, 3.0]), (6, [5.0, 6.0])]  # fmt: skip
    t = tension(story, 6, winners=[1])
    assert t.lead_changes == 3  # P1 -> P2 -> (tie) -> P1 -> P2
    assert t.lead_change_rate == 3 / 6
    # winner's gap to the leader in states 0..5: 0, 2, 2, 0, 0, 2
    assert t.drama == pytest.approx(6 / 6)
    assert t.behind == pytest.approx(3 / 6)
    # the loser's best score is 5; the winner first exceeds it after decision 6
    assert t.decided_at == 1.0
    early = tension([(0, [0.0, 0.0]), (1, [0.0, 4.0]), (4, [1.0, 5.0])], 4, winners=[1])
    assert early.lead_changes == 0
    assert early.drama == 0
    assert early.decided_at == 1 / 4


def test_partners_sharing_a_score_lead_together() -> None:
    # 2v2: P1 and P3 share one score, P2 and P4 the other. Every state has a four-way
    # "tie" between partners, yet the lead passes from one team to the other once.
    story = [(0, [0.0, 0.0, 0.0, 0.0]), (1, [2.0, 0.0, 2.0, 0.0]), (3, [2.0, 5.0, 2.0, 5.0])]
    t = tension(story, 4, winners=[1, 3])
    assert t.lead_changes == 1
    assert t.drama == pytest.approx((0 + 2 + 2 + 0) / 4)


def test_tension_is_undefined_without_a_loser() -> None:
    t = tension([(0, [0.0, 0.0]), (2, [1.0, 1.0])], 2, winners=[0, 1])
    assert t.drama is None
    assert t.decided_at is None
    assert t.lead_changes == 0


# -- records ------------------------------------------------------------------------------------


def test_a_balance_game_is_the_game_simulate_plays(tmp_path: Path) -> None:
    game = ecotone.make(PHYLO, players=2)
    plan = Plan.of(game, ["random", "heuristic"], 3, 11)
    records = run_batch(plan, tmp_path)
    for r in records:
        i = r.result.index
        order = seat_order(2, i, True)
        expected = runner.play_game(
            game, game_seed(11, i), [plan.lineup[e] for e in order], index=i, lineup=order
        )
        assert r.result == expected
        final = r.story[-1][1]
        assert final == r.result.scores


def test_touched_items_come_from_the_seats_own_actions() -> None:
    game = ecotone.make(PHYLO, players=2)
    items = frozenset(game.components())
    run = runner.play(game, 3, [runner.build_bot("random", game, s, s) for s in range(2)])
    touched = touched_items(run.moves, 2, items)
    for seat in (0, 1):
        named = {
            v
            for s, a in run.moves
            if s == seat
            for k, v in a.to_json().items()
            if k != "type" and v in items
        }
        assert set(touched[seat]) == named
        assert named


# -- batches: resume, other batches, workers ---------------------------------------------------


def test_resume_plays_only_the_missing_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = ecotone.make(PHYLO, players=2)
    plan = Plan.of(game, ["random"], 6, 4)
    full = run_batch(plan, tmp_path / "full")
    # an interrupted run: three games kept, the fourth torn mid-line
    lines = (tmp_path / "full" / GAMES_FILE).read_bytes().splitlines(keepends=True)
    (tmp_path / "cut").mkdir()
    (tmp_path / "cut" / GAMES_FILE).write_bytes(b"".join(lines[:3]) + lines[3][:25])
    played: list[int] = []
    real = batch_module.play_record

    def counting(g: Any, index: int, *args: Any, **kwargs: Any) -> GameRecord:
        played.append(index)
        return real(g, index, *args, **kwargs)

    monkeypatch.setattr(batch_module, "play_record", counting)
    kept = {r.result.index for r in load_records(tmp_path / "cut")}
    resumed = run_batch(plan, tmp_path / "cut")
    assert sorted(played) == sorted(set(range(6)) - kept)
    assert len(kept) == 3
    assert resumed == full
    assert len(load_records(tmp_path / "cut")) == 6  # the torn line is gone
    played.clear()
    assert run_batch(plan, tmp_path / "cut") == full
    assert played == []


def test_a_folder_of_another_batch_is_refused(tmp_path: Path) -> None:
    game = ecotone.make(PHYLO, players=2)
    run_batch(Plan.of(game, ["random"], 2, 1), tmp_path)
    with pytest.raises(ConfigError, match="another batch") as exc:
        run_batch(Plan.of(game, ["random"], 2, 2), tmp_path)
    assert exc.value.code == "balance/other-batch"


def test_a_batch_kept_under_a_version_that_plays_alike_goes_on(tmp_path: Path) -> None:
    """Games kept under an earlier rules version the game lists as playing alike are the
    batch's; under any other version, the folder is another batch's."""
    game = ecotone.make(FOREST, players=2)
    (older,) = game.spec.replays_from[:1]
    full = run_batch(Plan.of(game, ["random"], 4, 3), tmp_path / "all")
    for folder, version, refused in (
        (tmp_path / "alike", older, False),
        (tmp_path / "other", "0.0.1", True),
    ):
        run_batch(Plan.of(game, ["random"], 2, 3), folder)
        held = folder / BATCH_FILE
        held.write_text(held.read_text().replace(game.spec.rules_version, version))
        if refused:
            with pytest.raises(ConfigError, match="another batch"):
                run_batch(Plan.of(game, ["random"], 4, 3), folder)
        else:
            assert run_batch(Plan.of(game, ["random"], 4, 3), folder) == full
            assert game.spec.rules_version in held.read_text()


def test_worker_processes_play_the_same_games(tmp_path: Path) -> None:
    game = ecotone.make(PHYLO, players=2)
    plan = Plan.of(game, ["random"], 6, 9)
    assert run_batch(plan, tmp_path / "a", workers=2) == run_batch(plan, tmp_path / "b")


# -- reports -------------------------------------------------------------------------------------


def test_options_changed_are_those_the_game_would_not_choose_itself() -> None:
    # BioMasters' free-for-all has decks of its own by default, unlike its other games
    ffa = ecotone.make("biomasters", players=4, variant="free-for-all")
    assert options_changed(ffa.config) == {}
    old = ecotone.make("biomasters", players=4, variant="free-for-all", decks="production")
    assert options_changed(old.config) == {"decks": "production"}
    duel = ecotone.make("biomasters", players=2, decks="ocean")
    assert options_changed(duel.config) == {"decks": "ocean"}


def test_report_files_exist_and_every_figure_has_an_interval(tmp_path: Path) -> None:
    game = ecotone.make(PHYLO, players=2)
    report, _ = _report(game, 12, tmp_path)
    written = write_report(report, tmp_path)
    assert written.plotted
    data = json.loads((tmp_path / "report.json").read_text())
    figures = list(_figures(data))
    assert len(figures) > 20
    for f in figures:
        assert f["low"] <= f["value"] <= f["high"], f
        assert f["n"] > 0
        assert f["method"]
        assert f["level"] == 0.95
    ids = {f["id"] for f in data["figures"]}
    assert {"win_rate/P1", "win_rate/P2", "first_player/win_rate", "length", "drama"} <= ids
    assert {"lead_changes", "decided_at", "margin", "score/P1"} <= ids
    assert data["items"]["correction"] == "Benjamini-Hochberg"
    tested = data["items"]["tested"]
    assert tested
    assert all(i["win_rate_difference"]["q"] is not None for i in tested)
    assert set(data["items"]["strongest"]) <= {i["id"] for i in tested}
    page = (tmp_path / "report.html").read_text()
    for name in data["plots"]:
        png = (tmp_path / name).read_bytes()
        assert png.startswith(b"\x89PNG")
        assert base64.b64encode(png).decode() in page  # the page carries its pictures
    assert not re.search(r'(src|href)="(?!data:)[^"#]*\.(png|css|js)"', page)


def test_a_planted_strong_card_is_found(tmp_path: Path, toy: str) -> None:
    # In Sealed Bids the higher card takes the round: c6 always scores, c1 never does.
    game = ecotone.make(toy, players=2)
    report, _ = _report(game, 80, tmp_path)
    tested = {i.id: i for i in report.items if i.tested}
    assert report.strongest[0].id == "c6"
    assert report.weakest[0].id == "c1"
    assert tested["c6"].win is not None
    assert tested["c6"].win.q is not None
    assert tested["c6"].win.q < 0.05
    assert tested["c6"].win.low > 0


def test_compare_finds_a_planted_difference_and_no_spurious_one(tmp_path: Path, toy: str) -> None:
    base = ecotone.make(toy, players=2)
    baseline = _report(base, 16, tmp_path / "a")
    same = _report(ecotone.make(toy, players=2, rounds=3), 16, tmp_path / "b")
    shorter = _report(ecotone.make(toy, players=2, rounds=1), 16, tmp_path / "c")
    nothing = compare(baseline, same, {"text": "rounds=3"}, resamples=200)
    assert nothing.significant == []
    assert all(f.value == 0 and f.low == 0 == f.high for f in nothing.differences)
    change = compare(baseline, shorter, {"text": "rounds=1"}, resamples=200)
    length = next(f for f in change.differences if f.id == "length")
    assert length.value == -4
    assert length.q is not None
    assert length.q < 0.05
    assert "length" in {f.id for f in change.significant}
    written = write_comparison(change, tmp_path)
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["kind"] == "balance-comparison"
    assert all(f["method"] and "low" in f for f in data["differences"])
    assert "length" in data["significant"]
    assert written.plotted


def test_without_matplotlib_the_json_is_still_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, toy: str
) -> None:
    monkeypatch.setattr(plots, "available", lambda: False)
    report, _ = _report(ecotone.make(toy, players=2), 4, tmp_path)
    written = write_report(report, tmp_path)
    assert not written.plotted
    assert json.loads((tmp_path / "report.json").read_text())["plots"] == []
    assert "pip install 'ecotone[balance]'" in html.unescape((tmp_path / "report.html").read_text())
    assert not list(tmp_path.glob("*.png"))


# -- lessons: what a game teaches ----------------------------------------------------------------


def test_a_games_lesson_is_counted_and_set_against_its_theory(
    tmp_path: Path, teaching: str
) -> None:
    game = ecotone.make(teaching, players=2)
    report, records = _report(game, 60, tmp_path)
    counted = [r.lessons[0] for r in records]
    assert all(c.id == "top" and c.out_of == 6 for c in counted)  # 3 rounds, 2 seats
    (f,) = report.lessons
    assert f.id == "lesson/top"
    assert f.n == 360
    assert f.value == sum(c.count for c in counted) / 360
    assert f.expected is not None
    assert 1 / 4 < f.expected < 1 / 2  # between a full hand's 1/4 and a last card's 1/2
    assert f.low <= f.expected <= f.high  # random players bear the theory out
    written = write_report(report, tmp_path)
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["lessons"][0]["theory"] == f.expected
    assert data["lessons"][0]["source"] == "one choice in all"
    assert "lessons.png" in data["plots"]
    page = html.unescape(written.html.read_text())
    assert "What the game teaches" in page
    assert "Top card bid" in page


def test_a_game_without_lessons_reports_none(tmp_path: Path, toy: str) -> None:
    report, records = _report(ecotone.make(toy, players=2), 4, tmp_path)
    assert all(r.lessons == [] for r in records)
    assert report.lessons == []
    write_report(report, tmp_path)
    assert json.loads((tmp_path / "report.json").read_text())["lessons"] == []
    assert "What the game teaches" not in (tmp_path / "report.html").read_text()


def test_compare_reports_the_lessons_too(tmp_path: Path, teaching: str) -> None:
    baseline = _report(ecotone.make(teaching, players=2), 16, tmp_path / "a")
    same = _report(ecotone.make(teaching, players=2, rounds=3), 16, tmp_path / "b")
    shorter = _report(ecotone.make(teaching, players=2, rounds=1), 16, tmp_path / "c")
    nothing = compare(baseline, same, {"text": "rounds=3"}, resamples=100)
    lesson = next(f for f in nothing.differences if f.id == "lesson/top")
    assert (lesson.value, lesson.low, lesson.high) == (0, 0, 0)
    change = compare(baseline, shorter, {"text": "rounds=1"}, resamples=100)
    lesson = next(f for f in change.differences if f.id == "lesson/top")
    # one round: only the first choice, made from a full hand
    assert dict(lesson.extra)["changed"] == pytest.approx(
        sum(r.lessons[0].count / 2 for r in shorter[1]) / 16
    )


# -- items in small batches ---------------------------------------------------------------------


def _seat_records(games: Sequence[Sequence[tuple[bool, bool]]]) -> list[GameRecord]:
    """Games given as ``(had the card, won)`` per seat; the card is ``"card"``."""
    out = []
    for index, seats in enumerate(games):
        winners = [s for s, (_, won) in enumerate(seats) if won]
        result = runner.GameResult(
            index=index,
            seed=index,
            bots=["random"] * len(seats),
            lineup=list(range(len(seats))),
            scores=[1.0 if won else 0.0 for _, won in seats],
            winners=winners,
            steps=10,
            first=0,
        )
        touched = [["card"] if had else [] for had, _ in seats]
        out.append(GameRecord(result=result, touched=touched))
    return out


def _card(records: Sequence[GameRecord], players: int) -> ItemImpact:
    (item,) = item_impact(records, players, ecotone.make(PHYLO, players=2).presentation())
    return item


def test_five_seats_that_all_lost_are_not_beyond_chance() -> None:
    """The audit's Singapore Untamed case: 0 wins in the 5 seats with a card, 8 of the 27
    without, in 8 four-seat games. No seat with the card won, so its group has no spread,
    and the normal interval read that as certainty (q = 3e-74); 0 wins in 5 at 25% happens
    one time in four."""
    games = []
    for g in range(8):
        # the card's seats: one in each of the first five games, never the winner
        games.append([(g < 5 and s == 1, s == 0 if g < 5 or g == 7 else s == 2) for s in range(4)])
    item = _card(_seat_records(games), 4)
    assert (item.seats_with, item.seats_without) == (5, 27)
    win = item.win
    assert win is not None
    assert math.isclose(win.value, 0 - 8 / 27)
    assert win.low < 0 < win.high
    assert win.p is not None
    assert win.p > 0.2
    assert win.method == SMALL_SAMPLE
    assert item.margin is None  # too few seats to compare the margin either


def test_duels_all_lost_by_the_card_get_the_sign_tests_p_and_an_interval_in_range() -> None:
    """Six two-seat games, the card's seat losing each: the exact test is the sign test's
    (2 / 2**6), not "-100% (-100% to -100%)" with p = 0."""
    item = _card(_seat_records([[(True, False), (False, True)]] * 6), 2)
    win = item.win
    assert win is not None
    assert win.value == -1.0
    assert win.p == 2 / 2**6
    assert win.low == -1.0
    assert -1.0 < win.high < 0


def test_a_difference_of_win_rates_never_leaves_minus_100_to_100() -> None:
    # A one-seat game: the card's 5 seats won 4 times, the 5 others once.
    games = [[(g < 5, g in (0, 1, 2, 3, 5))] for g in range(10)]
    win = _card(_seat_records(games), 1).win
    assert win is not None
    assert math.isclose(win.value, 0.6)
    assert -1.0 <= win.low <= win.value <= win.high <= 1.0
    assert win.p is not None
    # Fisher's exact test, two-sided, of 4 of 5 against 1 of 5
    assert math.isclose(win.p, 0.2063492063, rel_tol=1e-6)


def test_enough_wins_and_losses_keep_the_cluster_robust_difference() -> None:
    # 40 duels: the card's seat wins 25 and loses 15 (at least 5 of each in both groups)
    games = [[(True, g < 25), (False, g >= 25)] for g in range(40)]
    item = _card(_seat_records(games), 2)
    assert item.win is not None
    assert item.win.method == CLUSTERED
    assert item.margin is not None
    assert -1.0 <= item.win.low <= item.win.high <= 1.0


def test_within_games_p_by_hand() -> None:
    # two four-seat games, one card-holder each, who won the first: P(S >= 1 or
    # |S - 1/2| >= 1/2), every outcome: p = 1
    rows = [(g, s == 0, 1.0 if s == 0 and g == 0 else float(s == 1 and g == 1)) for g in (0, 1)
            for s in range(4)]  # fmt: skip
    assert within_games_p(rows) == 1.0
    # a game all of whose seats had the card says nothing: the same p with it added
    alike = [(g, True, float(s == 0)) for g in (7,) for s in range(4)]
    assert within_games_p(rows + alike) == within_games_p(rows)
    # shared wins count as halves: one card-holder in each of 8 duels, every one shared
    shared = [(g, s == 0, 0.5) for g in range(8) for s in (0, 1)]
    assert within_games_p(shared) == 1.0


# -- the first player ---------------------------------------------------------------------------


def test_the_first_player_is_the_one_who_starts_not_the_first_to_decide(tmp_path: Path) -> None:
    """BIOME Borneo opens every turn, the first too, with a reaction window the other
    players answer first: with P1 always starting, the first player is P1 in every game
    (the record said P2, the first seat to decide)."""
    game = ecotone.make("biome-borneo", players=2, first_player="P1")
    records = run_batch(Plan.of(game, ["random"], 2, 1), tmp_path)
    assert [r.result.first for r in records] == [0, 0]
    assert all(r.result.lineup for r in records)


def test_a_game_that_names_no_starter_has_its_first_decider_start(toy: str) -> None:
    game = ecotone.make(toy, players=2)
    assert game.starting_seat(game.start(3).data) is None
    record = play_record(game, 0, 3, ["random", "random"], frozenset())
    assert record.result.first == 0  # Sealed Bids: both bid at once, seat 0 listed first


# -- a file the options name --------------------------------------------------------------------


def test_a_deck_file_changed_since_the_games_were_kept_makes_another_batch(
    tmp_path: Path,
) -> None:
    """A batch playing a deck file kept only the file's path: edited, the file gave other
    games, yet the folder's old ones were resumed as if nothing had changed."""
    deck = tmp_path / "mine.toml"
    built_in = Path(biomasters_package.__file__).parent / "data" / "decks" / "ocean.toml"
    deck.write_text(built_in.read_text())
    folder = tmp_path / "report"

    def plan() -> Plan:
        game = ecotone.make("biomasters", players=2, decks=f"{deck},wetland")
        return Plan.of(game, ["random"], 1, 3)

    kept = run_batch(plan(), folder)
    assert str(deck) in json.loads((folder / BATCH_FILE).read_text())["files"]
    assert run_batch(plan(), folder) == kept  # the same file: the same batch, resumed
    deck.write_text(deck.read_text().replace('name = "Ocean"', 'name = "My Ocean"'))
    with pytest.raises(ConfigError, match=r"the file .*mine\.toml has changed") as exc:
        run_batch(plan(), folder)
    assert exc.value.code == "balance/other-batch"


def test_a_batch_naming_no_file_keeps_the_identity_it_had(tmp_path: Path) -> None:
    game = ecotone.make("biomasters", players=2, decks="ocean,wetland")
    assert "files" not in Plan.of(game, ["random"], 1, 3).identity()


# -- pictures -----------------------------------------------------------------------------------


def _drawn(report: Any, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Every picture of ``report``, as matplotlib's figure (drawn) rather than PNG bytes."""
    canvases: list[Any] = []
    monkeypatch.setattr(plots, "_png", lambda canvas: canvases.append(canvas) or b"")
    names = list(plots.report_plots(report))
    for canvas in canvases:
        canvas.savefig(__import__("io").BytesIO(), format="png")  # laid out as in the file
    return dict(zip(names, canvases, strict=True))


def test_every_title_fits_its_picture(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A two-seat picture is narrow: its subtitle ran off both sides ("...bots: heuristic
    at ever")."""
    game = ecotone.make(PHYLO, players=2, challenge=True)  # an option in the subtitle
    report, _ = _report(game, 6, tmp_path)
    for name, canvas in _drawn(report, monkeypatch).items():
        page = canvas.bbox
        titles = [canvas._suptitle] if canvas._suptitle is not None else []
        for ax in canvas.axes:
            titles += [ax.title, ax.xaxis.label, ax.yaxis.label]
        for text in titles:
            if not text.get_text().strip():
                continue
            box = text.get_window_extent()
            assert page.x0 - 1 <= box.x0, (name, text.get_text())
            assert box.x1 <= page.x1 + 1, (name, text.get_text())


def test_one_player_and_one_game_are_said_in_the_singular(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from matplotlib.text import Text

    game = ecotone.make(FOREST, players=1, variant="solo")
    report, _ = _report(game, 1, tmp_path)
    canvas = _drawn(report, monkeypatch)["seats.png"]
    words = " ".join(t.get_text() for t in canvas.findobj(Text)).replace("\u00a0", " ")
    assert "1 player · 1 game · bots" in words.replace("\n", " ")
    assert "1 players" not in words
    assert "1 games" not in words


def test_intervals_from_very_few_resamples_still_draw(tmp_path: Path) -> None:
    """One or two resamples can give an interval that misses its estimate; matplotlib
    refused the negative error bar and no report was written."""
    game = ecotone.make(PHYLO, players=2)
    plan = Plan.of(game, ["random"], 12, 1)
    records = run_batch(plan, tmp_path)
    report = analyse(records, plan.identity(), game.presentation(), resamples=1)
    assert any(f.low > f.value or f.high < f.value for f in report.figures)  # the case
    assert "seats.png" in plots.report_plots(report)
