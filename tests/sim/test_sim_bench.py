"""The playout benchmark, its references, memory per state and the profiler."""

from __future__ import annotations

import importlib
import random
from types import ModuleType
from typing import Any

import pytest

import ecotone
from ecotone.core.game import Game
from ecotone.sim.bench import (
    DOMINOES,
    TIC_TAC_TOE,
    BenchReport,
    Playouts,
    Spread,
    Throughput,
    bench,
    combined,
    configurations,
    dominoes_playouts,
    game_playouts,
    reference_playouts,
    tic_tac_toe_playouts,
    unchecked_playouts,
    unsteady,
)
from ecotone.sim.hotspots import profile
from ecotone.sim.memory import deep_size, state_memory

FOREST = "once-upon-a-forest"
# the module (the package's ``bench`` is the function of the same name)
bench_module = importlib.import_module("ecotone.sim.bench")


def test_tic_tac_toe_plays_whole_games() -> None:
    t = tic_tac_toe_playouts(0.05)
    assert t.name == TIC_TAC_TOE
    assert t.games > 0
    # a game of tic-tac-toe lasts 5 to 9 moves
    assert 5 * t.games <= t.steps <= 9 * t.games
    assert t.seconds >= 0.05


def test_dominoes_when_open_spiel_is_installed() -> None:
    pytest.importorskip("pyspiel")
    t = dominoes_playouts(0.05)
    assert t is not None
    assert t.name == DOMINOES
    # 14 tiles dealt by chance, then at least one play per seat
    assert t.steps >= 16 * t.games
    assert reference_playouts(0.01).name == DOMINOES
    assert reference_playouts(0.01, plain=True).name == TIC_TAC_TOE


def _rollout_steps(game: Game[Any], seed: int) -> int:
    """A random playout through the public API, each action the legal list's item at
    the place a uniform draw names: what a search's rollout takes."""
    rng = random.Random(seed)
    state = game.start(seed)
    steps = 0
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        state = state.apply(seat, legal[int(rng.random() * len(legal))])
        steps += 1
    return steps


@pytest.mark.parametrize("game_id", [FOREST, "phylo", "biomasters"])
def test_unchecked_playouts_play_the_games_a_search_rolls_out(game_id: str) -> None:
    game = ecotone.make(game_id, players=2)
    checked = game_playouts(game, 0.0)
    unchecked = unchecked_playouts(game, 0.0)  # one playout: the deal of seed 0
    assert checked.games == unchecked.games == 1  # a slow game still gets one playout
    assert unchecked.steps == _rollout_steps(game, 0)
    assert checked.steps_per_second == pytest.approx(checked.steps / checked.seconds)


def test_every_variant_is_a_configuration() -> None:
    made = configurations([FOREST, "biomasters"])
    assert [(g.spec.id, g.variant, g.players) for g in made] == [
        (FOREST, None, 2),
        (FOREST, "solo", 1),
        (FOREST, "semi-cooperative", 2),
        ("biomasters", None, 2),
        ("biomasters", "2v2", 4),
        ("biomasters", "free-for-all", 4),
    ]


def test_throughputs_add_up() -> None:
    a = Throughput("x", 2, 3, 30, 1.0)
    b = Throughput("x", 2, 1, 10, 1.0)
    assert a + b == Throughput("x", 2, 4, 40, 2.0)
    assert (a + b).games_per_second == 2.0
    assert Throughput("x", 2, 0, 0, 0.0).steps_per_second == 0.0


def test_a_report_gives_ratios_to_the_reference() -> None:
    report = bench([FOREST], 0.05, plain=True)
    out = report.to_json()
    assert out["reference"]["ratio"] == 1.0
    assert out["reference"]["name"] == TIC_TAC_TOE
    row = out["playouts"][0]
    assert (row["name"], row["variant"], row["players"]) == (FOREST, None, 2)
    expected = row["checked"]["steps_per_second"] / out["reference"]["steps_per_second"]
    assert row["checked"]["ratio"] == pytest.approx(expected)


def test_a_spread_is_the_median_of_its_rounds_and_their_range() -> None:
    three = Spread((1.4, 1.2, 1.3))
    assert (three.median, three.low, three.high) == (1.3, 1.2, 1.4)
    assert three.text() == "1.30 (1.20-1.40)"
    assert Spread((1.0, 2.0)).median == 1.5  # an even count: the middle two's mean
    assert Spread((1.234,)).text() == "1.23"  # one round: the ratio alone
    assert Spread((2.0, 1.0)).to_json("ratio") == {
        "ratio": 1.5,
        "ratio_low": 1.0,
        "ratio_high": 2.0,
        "ratio_rounds": [2.0, 1.0],
    }


def test_rounds_that_disagree_by_more_than_a_fifth_are_called_unsteady() -> None:
    assert Spread((1.0, 1.5)).swing == pytest.approx(0.5)  # the highest a half higher
    assert Spread((1.5,)).swing == 0.0  # one round: nothing to disagree with
    steady = [("a", Spread((1.0, 1.1, 1.2))), ("b", Spread((2.0, 2.2)))]
    assert unsteady(steady) is None  # a fifth apart at most
    assert unsteady([]) is None
    said = unsteady([*steady, ("c", Spread((1.69, 3.69, 2.14))), ("d", Spread((1.0, 1.3)))])
    assert said is not None
    # the widest disagreement, named, with the lowest and highest rounds
    assert said.startswith("The rounds disagree by up to 118% (c: 1.69 to 3.69)")
    assert "quiet machine" in said


def _report(reference_steps: int, checked_steps: int) -> BenchReport:
    row = Playouts(
        FOREST,
        None,
        2,
        Throughput(FOREST, 2, 1, checked_steps, 1.0),
        Throughput(FOREST, 2, 1, 5, 1.0),
    )
    return BenchReport(Throughput(TIC_TAC_TOE, 0, 1, reference_steps, 1.0), [row])


def test_rounds_combined_sum_their_playouts_and_keep_each_rounds_ratio() -> None:
    # the machine twice as busy in the second round: the reference and the game alike
    rounds = [_report(100, 150), _report(50, 80), _report(100, 120)]
    report = combined(rounds)
    assert report.rounds == tuple(rounds)
    assert report.reference == Throughput(TIC_TAC_TOE, 0, 3, 250, 3.0)
    assert report.rows[0].checked == Throughput(FOREST, 2, 3, 350, 3.0)
    # each round against its own reference, not the pooled one (350 / 250 = 1.4)
    assert report.spread(0).values == (1.5, 1.6, 1.2)
    assert report.spread(0).median == 1.5
    assert report.spread(0, unchecked=True).values == (0.05, 0.1, 0.05)
    row = report.to_json()["playouts"][0]["checked"]
    assert (row["ratio"], row["ratio_low"], row["ratio_high"]) == (1.5, 1.2, 1.6)
    assert row["steps"] == 350
    # one round is its own report, its ratio the plain one
    single = _report(100, 150)
    assert combined([single]) is single
    assert single.spread(0).values == (1.5,)
    # the unchecked rounds, 0.05 to 0.1, disagree by more than a fifth
    said = report.unsteady()
    assert said is not None
    assert f"({FOREST}, unchecked: 0.05 to 0.10)" in said
    assert report.to_json()["unsteady"] == said
    assert combined([_report(100, 150), _report(100, 160)]).unsteady() is None
    assert single.unsteady() is None


def test_each_round_times_everything_again_on_deals_of_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deals: list[tuple[str, int]] = []
    for name in ("game_playouts", "unchecked_playouts", "reference_playouts"):
        real = getattr(bench_module, name)

        def recorded(*args: Any, _real: Any = real, _name: str = name, **kwargs: Any) -> Any:
            deals.append((_name, kwargs.get("seed", 0)))
            return _real(*args, **kwargs)

        monkeypatch.setattr(bench_module, name, recorded)
    report = bench([FOREST], 0.01, plain=True, rounds=3)
    assert len(report.rounds) == 3
    configs = len(configurations([FOREST]))
    # per round: the reference twice, each configuration checked and unchecked
    assert len(deals) == 3 * (2 + 2 * configs)

    def seeds(name: str) -> set[int]:
        return {seed for n, seed in deals if n == name}

    # no round replays another's deals: one start of the deals per round (the
    # configurations of a round share it), the reference's two halves each their own
    assert len(seeds("game_playouts")) == len(seeds("unchecked_playouts")) == 3
    assert not seeds("game_playouts") & seeds("unchecked_playouts")
    assert len(seeds("reference_playouts")) == 6
    assert all(len(report.spread(i).values) == 3 for i in range(configs))
    for r in report.rounds:
        assert len(r.rows) == configs
    with pytest.raises(ValueError, match="at least one round"):
        bench([FOREST], 0.01, rounds=0)


def test_an_unknown_game_fails_before_timing() -> None:
    with pytest.raises(ecotone.ConfigError, match="no game 'nope'"):
        bench(["nope"], 100.0)


def test_deep_size_counts_each_part_once() -> None:
    inner = ("a" * 100,)
    alone = deep_size(inner)
    assert alone > 100
    assert deep_size((inner, inner)) < 2 * alone + 100  # shared: counted once
    seen: set[int] = set()
    deep_size(inner, seen)
    assert deep_size((inner,), seen) < alone  # already counted


def test_state_memory_of_a_game() -> None:
    game = ecotone.make(FOREST, players=2)
    m = state_memory(game, games=1)
    assert m.name == FOREST
    assert m.players == 2
    assert m.states > 100  # every position of a whole game
    assert 0 < m.held < m.alone


def test_profile_shares() -> None:
    game = ecotone.make(FOREST, players=2)
    p = profile(game, "unchecked", 0.02, top=3)
    assert p.units >= 1
    assert p.unit == "playouts"
    assert len(p.by_own) == len(p.by_total) == 3
    assert all(h.own <= h.total + 1e-9 for h in p.by_total)
    bot = profile(game, "bot", 0.0, top=3, bot_options={"iterations": 3})
    assert (bot.units, bot.unit) == (1, "decisions")
    assert any("ismcts" in h.where for h in bot.by_total)
    with pytest.raises(ValueError, match="no workload"):
        profile(game, "everything")


def test_without_open_spiel_the_plain_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.import_module

    def no_spiel(name: str, package: str | None = None) -> ModuleType:
        if name.startswith(("pyspiel", "open_spiel")):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real(name, package)

    monkeypatch.setattr(bench_module.importlib, "import_module", no_spiel)
    assert dominoes_playouts(0.01) is None
    assert reference_playouts(0.01).name == TIC_TAC_TOE
    report = bench([FOREST], 0.02)
    assert report.reference.name == TIC_TAC_TOE
    assert "tic-tac-toe" in report.reference_text
