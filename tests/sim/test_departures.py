"""Departures from the heuristic, judged by paired playouts (``ecotone.sim.departures``)."""

from __future__ import annotations

import pytest

import ecotone
import ecotone.sim.departures as dep
from ecotone.bots import SeatView, make_bot
from ecotone.core.errors import ConfigError
from ecotone.sim.departures import departures, sample_decisions

FOREST = "once-upon-a-forest"


@pytest.mark.parametrize(("game_id", "players"), [("biome-borneo", 2), ("singapore-untamed", 4)])
def test_a_heuristic_never_departs_from_itself(game_id: str, players: int) -> None:
    # Singapore Untamed's heuristic draws its Migration tile at random: the reference is
    # seeded as the bot is, so only a real difference of play counts as a departure.
    game = ecotone.make(game_id, players=players)
    report = departures(game, "heuristic", decisions=6, playouts=2, seed=4)
    assert report.decisions == 6
    assert report.departures == ()
    assert report.mean_margin == 0.0


def test_a_bot_built_on_the_heuristic_departs_only_where_it_differs() -> None:
    # hawk is the heuristic that always Intimidates: its only departures are strategies.
    game = ecotone.make("singapore-untamed", players=4)
    report = departures(game, "hawk", decisions=30, playouts=2, seed=1)
    assert report.departures
    assert {d.chosen for d in report.departures} == {"intimidate"}


def test_random_moves_are_judged_worse_than_the_heuristics() -> None:
    # Singapore Untamed: a random route, purchase or strategy costs Food and points.
    game = ecotone.make("singapore-untamed", players=4)
    report = departures(game, "random", decisions=12, playouts=6, seed=3)
    assert len(report.departures) >= 6
    assert report.mean_margin < 0
    assert report.count("worse") > report.count("better")
    for d in report.departures:
        assert d.chosen != d.heuristic
        assert d.verdict == ("better" if d.margin > 0 else "worse" if d.margin < 0 else "same")


def test_the_judge_pairs_its_playouts() -> None:
    # The same move on both sides of every pair: the same deal, the same bots' seeds, so
    # every difference is exactly zero. Unpaired playouts would differ by their luck.
    game = ecotone.make(FOREST, players=3)
    spot = sample_decisions(game, 1, seed=8)[0]
    view = SeatView(spot.state, spot.seat)
    move = view.legal_actions[0]
    assert dep._judge(game, view, move, move, playouts=6, seed=1) == (0.0, 0.0, 0.0)
    other = view.legal_actions[-1]
    assert other != move
    assert dep._judge(game, view, move, other, playouts=6, seed=1)[2] >= 0


def test_sampled_decisions_are_real_choices_of_heuristic_games() -> None:
    game = ecotone.make(FOREST, players=2)
    spots = sample_decisions(game, 5, seed=2)
    assert len(spots) == 5
    for s in spots:
        assert len(s.state.legal_actions(s.seat)) > 1
        assert s.seat in s.state.to_move
    assert [(s.game, s.step) for s in spots] == sorted((s.game, s.step) for s in spots)


def test_the_same_seed_gives_the_same_report() -> None:
    game = ecotone.make(FOREST, players=2)
    a = departures(game, "random", decisions=4, playouts=3, seed=9).to_json()
    b = departures(game, "random", decisions=4, playouts=3, seed=9).to_json()
    a.pop("seconds")
    b.pop("seconds")
    assert a == b
    assert a["better"] + a["worse"] + a["same"] == len(a["departures"])


def test_a_searching_bot_is_judged_against_the_move_it_started_from() -> None:
    game = ecotone.make(FOREST, players=2)
    spot = sample_decisions(game, 1, seed=5)[0]
    view = SeatView(spot.state, spot.seat)
    bot = make_bot("ismcts", game, spot.seat, 1, iterations=20)
    bot.act(view)
    tree = bot.last_tree  # type: ignore[attr-defined]
    assert tree is not None
    assert tree.hint is not None
    assert dep._reference(bot, game, view, seed=0) == tree.hint
    plain = make_bot("random", game, spot.seat, 1)
    assert dep._reference(plain, game, view, seed=0) == make_bot(
        "heuristic", game, spot.seat, 0
    ).act(view)


def test_progress_is_reported_decision_by_decision() -> None:
    game = ecotone.make(FOREST, players=2)
    seen: list[int] = []
    departures(game, "heuristic", decisions=3, playouts=2, seed=1, on_decision=seen.append)
    assert seen == [1, 2, 3]


@pytest.mark.parametrize(
    ("kwargs", "code", "words"),
    [
        ({"bot": "nobot"}, "config/unknown-bot", "no bot 'nobot'"),
        ({"decisions": 0}, "config/bad-count", "decisions must be at least 1"),
        ({"playouts": 1}, "config/bad-count", "playouts must be at least 2"),
    ],
)
def test_mistakes_are_refused_before_any_game(
    kwargs: dict[str, object], code: str, words: str
) -> None:
    game = ecotone.make(FOREST, players=2)
    args: dict[str, object] = {"bot": "random", **kwargs}
    with pytest.raises(ConfigError, match=words) as err:
        departures(game, **args)  # type: ignore[arg-type]
    assert err.value.code == code


def test_a_game_without_a_heuristic_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dep, "available_bots", lambda game_id: ["random", "ismcts"])
    with pytest.raises(ConfigError, match="no heuristic bot") as err:
        departures(ecotone.make(FOREST, players=2), "random")
    assert err.value.code == "config/no-heuristic"


def test_too_few_decisions_say_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dep, "SAMPLE_RATE", 0.0)
    with pytest.raises(ConfigError, match="offered only 0 decisions") as err:
        sample_decisions(ecotone.make(FOREST, players=2), 1, seed=0)
    assert err.value.code == "config/too-few-decisions"
