"""Playing games with bots: one game, batches, seeds, errors and statistics."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import ecotone
from ecotone.core.replay import Replay
from ecotone.core.rng import derive_seed
from ecotone.sim import runner
from ecotone.sim.runner import (
    Batch,
    GameResult,
    build_bot,
    default_players,
    game_of,
    lineup_for,
    parse_bot_spec,
    parse_options,
    parse_value,
    play,
    play_game,
    run_games,
    seat_order,
    summarize,
    unplayed,
)

FOREST = "once-upon-a-forest"


@pytest.fixture
def forest() -> ecotone.Game[Any]:
    return ecotone.make(FOREST, players=2)


# -- names and options ---------------------------------------------------------------------


def test_values_are_converted() -> None:
    assert parse_value("200") == 200
    assert parse_value("-3") == -3
    assert parse_value("1.5") == 1.5
    assert parse_value("true") is True
    assert parse_value("Off") is False
    assert parse_value("uct") == "uct"


def test_bot_specs_split_name_and_options() -> None:
    assert parse_bot_spec("random") == ("random", {})
    assert parse_bot_spec("ismcts:iterations=200,c=1.4") == (
        "ismcts",
        {"iterations": 200, "c": 1.4},
    )
    assert parse_bot_spec(" heuristic : greedy=yes ") == ("heuristic", {"greedy": True})


@pytest.mark.parametrize("spec", ["", ":x=1", "ismcts:iterations", "ismcts:=3"])
def test_malformed_bot_specs_are_config_errors(spec: str) -> None:
    with pytest.raises(ecotone.ConfigError):
        parse_bot_spec(spec)


def test_options_need_an_equals_sign() -> None:
    assert parse_options(["a=1", "b=x"]) == {"a": 1, "b": "x"}
    with pytest.raises(ecotone.ConfigError, match="key=value"):
        parse_options(["a"])


def test_build_bot_reports_unknown_names_and_refused_options(forest: ecotone.Game[Any]) -> None:
    assert build_bot("random", forest, 1, 5).seat == 1
    with pytest.raises(ecotone.ConfigError, match="no bot 'nobot'"):
        build_bot("nobot", forest, 0, 0)
    with pytest.raises(ecotone.ConfigError, match="random:depth=3"):
        build_bot("random:depth=3", forest, 0, 0)


def test_lineups_fill_every_seat_or_match_it() -> None:
    assert lineup_for(["random"], 3) == ["random"] * 3
    assert lineup_for(["a", "b"], 2) == ["a", "b"]
    with pytest.raises(ecotone.ConfigError, match="3 bots were given for 2 seats"):
        lineup_for(["a", "b", "c"], 2)


def test_default_players_is_the_smallest_count_of_the_variant() -> None:
    assert default_players(FOREST) == 2
    assert default_players(FOREST, "solo") == 1
    with pytest.raises(ecotone.ConfigError):
        default_players(FOREST, "nope")


def test_rotation_gives_every_entry_every_seat() -> None:
    assert seat_order(3, 5, rotate=False) == [0, 1, 2]
    orders = [seat_order(3, i, rotate=True) for i in range(3)]
    for seat in range(3):
        assert sorted(order[seat] for order in orders) == [0, 1, 2]


# -- one game ---------------------------------------------------------------------------------


def test_one_game_is_reproducible(forest: ecotone.Game[Any]) -> None:
    a = play_game(forest, 11, ["random", "random"])
    b = play_game(forest, 11, ["random", "random"])
    assert a == b
    assert a.error is None
    assert a.steps > 0
    assert len(a.scores) == 2
    assert a.winners
    assert a.first == 0


def test_bots_are_seeded_from_the_game_seed_and_their_seat(forest: ecotone.Game[Any]) -> None:
    seed = 21
    bots = [build_bot("random", forest, s, derive_seed(seed, "bot", s)) for s in range(2)]
    run = play(forest, seed, bots)
    result = play_game(forest, seed, ["random", "random"])
    assert result.steps == len(run.moves)
    assert result.scores == run.final.scores()


def test_a_game_past_its_step_bound_is_stopped(forest: ecotone.Game[Any]) -> None:
    bots = [build_bot("random", forest, s, s) for s in range(2)]
    with pytest.raises(RuntimeError, match="within 5 steps"):
        play(forest, 1, bots, max_steps=5)


def test_a_failing_game_becomes_an_error_record(
    forest: ecotone.Game[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ValueError("boom")

    monkeypatch.setattr(runner, "play", broken)
    result = play_game(forest, 3, ["random", "random"], index=4)
    assert result.error == "ValueError: boom"
    assert (result.index, result.seed, result.scores, result.winners) == (4, 3, [], [])


def test_saved_replays_verify(forest: ecotone.Game[Any], tmp_path: Path) -> None:
    result = play_game(forest, 5, ["random", "random"], index=2, replay_dir=tmp_path)
    assert result.replay is not None
    replay = Replay.load(Path(result.replay))
    assert replay.seats == ["random", "random"]
    assert replay.verify().scores() == result.scores


def test_simultaneous_games_are_played_seat_by_seat(toy: str) -> None:
    game = ecotone.make(toy, players=2)
    result = play_game(game, 9, ["random", "random"])
    assert result.error is None
    assert result.steps == 6  # three rounds, two bids each


# -- batches ----------------------------------------------------------------------------------


def test_a_batch_uses_derived_seeds_in_order(forest: ecotone.Game[Any]) -> None:
    batch = run_games(forest, ["random"], 5, seed=8)
    assert [r.index for r in batch.results] == list(range(5))
    assert [r.seed for r in batch.results] == [derive_seed(8, i) for i in range(5)]
    assert batch.results[3] == play_game(forest, derive_seed(8, 3), ["random"] * 2, index=3)


def test_a_batch_does_not_depend_on_the_number_of_workers(forest: ecotone.Game[Any]) -> None:
    seen: list[int] = []
    one = run_games(forest, ["random"], 12, seed=3, workers=1)
    two = run_games(forest, ["random"], 12, seed=3, workers=2, on_progress=seen.append)
    assert one.results == two.results
    assert sum(seen) == 12


def test_a_batch_checks_its_bots_first(forest: ecotone.Game[Any]) -> None:
    with pytest.raises(ecotone.ConfigError, match="no bot 'nobot'"):
        run_games(forest, ["random", "nobot"], 3, seed=1)


def test_errors_are_counted_and_the_batch_goes_on(
    forest: ecotone.Game[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = runner.play

    def sometimes(game: Any, seed: int, bots: Any, **kw: Any) -> Any:
        if seed % 3 == 0:
            raise ValueError(f"bad seed {seed}")
        return real(game, seed, bots, **kw)

    monkeypatch.setattr(runner, "play", sometimes)
    batch = run_games(forest, ["random"], 30, seed=2)
    failing = [r for r in batch.results if r.seed % 3 == 0]
    summary = summarize(batch)
    assert failing, "the seeds should include some multiples of 3"
    assert len(summary.errors) == len(failing)
    assert summary.completed == 30 - len(failing)
    assert {e["seed"] for e in summary.errors} == {r.seed for r in failing}
    assert all(e["message"].startswith("ValueError: bad seed") for e in summary.errors)
    assert sum(summary.wins) + summary.no_winner == pytest.approx(summary.completed)


# -- statistics --------------------------------------------------------------------------------


def _result(index: int, scores: list[float], winners: list[int], lineup: list[int]) -> GameResult:
    return GameResult(
        index=index,
        seed=index,
        bots=["a", "b", "c"],
        lineup=lineup,
        scores=scores,
        winners=winners,
        steps=10,
        first=0,
    )


def test_shared_wins_split_and_games_without_winner_are_counted() -> None:
    results = [
        _result(0, [3, 1, 1], [0], [0, 1, 2]),
        _result(1, [2, 2, 2], [0, 1, 2], [1, 2, 0]),
        _result(2, [0, 5, 5], [1, 2], [2, 0, 1]),
        _result(3, [1, 1, 1], [], [0, 1, 2]),
        GameResult(index=4, seed=4, bots=["a", "b", "c"], lineup=[0, 1, 2], error="X: y"),
    ]
    config = {"game": "g", "players": 3, "variant": None, "options": {}}
    batch = Batch(config, ["a", "b", "c"], 1, True, results, 0.5)
    s = summarize(batch)
    third = 1 / 3
    assert s.games == 5
    assert s.completed == 4
    assert s.steps == 40
    assert s.wins == pytest.approx([1 + third, third + 0.5, third + 0.5])
    assert s.no_winner == 1
    assert s.shared == 2
    assert s.first_player_wins == pytest.approx(1 + third)
    assert s.mean_scores == pytest.approx([1.5, 2.25, 2.25])
    assert s.score_stdev[0] == pytest.approx(1.290994, rel=1e-5)
    # lineup entry a sat at seats 0, 2, 1, 0 in games 0-3
    assert s.bot_wins == pytest.approx([1 + third + 0.5, third + 0.5, third])
    assert s.bot_mean_scores == pytest.approx([(3 + 2 + 5 + 1) / 4, (1 + 2 + 5 + 1) / 4, 1.0])
    assert s.errors == [{"index": 4, "seed": 4, "message": "X: y"}]
    out = s.to_json()
    assert out["win_rates"] == pytest.approx([w / 4 for w in s.wins])
    assert out["mean_steps"] == 10


def test_a_game_no_worker_could_play_says_who_sat_where_and_why() -> None:
    result = unplayed(3, 7, ["random", "heuristic"], (1, 0), ValueError("worker died"))
    assert result.bots == ["heuristic", "random"]
    assert result.lineup == [1, 0]
    assert result.error == "ValueError: worker died"
    assert (result.scores, result.winners, result.first) == ([], [], None)


def test_a_worker_makes_the_game_its_configuration_describes() -> None:
    game = ecotone.make("biome-borneo", players=3)
    assert game_of(game.config).config == game.config


def test_the_first_player_is_the_starter_the_game_names() -> None:
    """In BIOME Borneo the other players answer the Opportunist window before the
    starting player's first decision: the record names the starter, not the first
    decider."""
    game = ecotone.make("biome-borneo", players=2, first_player="P1")
    for seed in range(3):
        result = play_game(game, seed, ["random", "random"])
        assert result.error is None
        assert result.first == 0
