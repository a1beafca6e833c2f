"""Tournaments: fair seating, duplicate deals, reproducible results and sound ratings."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

import ecotone
from ecotone.core.errors import ConfigError
from ecotone.sim.runner import GameResult, game_seed
from ecotone.sim.tournament import (
    BASE_RATING,
    Tournament,
    blocks,
    bradley_terry,
    deals,
    pairwise,
    rotations,
    run_tournament,
    schedule,
    standings,
)

FOREST = "once-upon-a-forest"


# -- seating ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("bots", "players"), [(2, 2), (3, 2), (3, 3), (3, 4), (2, 4), (5, 3)])
def test_every_bot_sits_at_every_seat_equally_often(bots: int, players: int) -> None:
    lineups = schedule(bots, players)
    assert len(set(lineups)) == len(lineups)
    at_seat = Counter((seat, b) for lineup in lineups for seat, b in enumerate(lineup))
    assert len(set(at_seat.values())) == 1
    assert set(at_seat) == set(itertools.product(range(players), range(bots)))
    # and next to each other bot equally often, in both orders
    neighbours = Counter(
        (lineup[s], lineup[(s + 1) % players])
        for lineup in lineups
        for s in range(players)
        if lineup[s] != lineup[(s + 1) % players]
    )
    assert len(set(neighbours.values())) == 1


def test_bots_never_share_a_table_needlessly() -> None:
    assert all(len(set(lineup)) == 2 for lineup in schedule(3, 2))
    # with more seats than bots, every bot plays every game
    assert all(set(lineup) == {0, 1, 2} for lineup in schedule(3, 4))
    assert schedule(2, 1) == [(0,), (1,)]
    assert schedule(1, 3) == [(0, 0, 0)]


def test_a_schedule_too_long_is_refused() -> None:
    with pytest.raises(ConfigError, match="make 665280 seatings"):
        schedule(12, 6)
    with pytest.raises(ConfigError, match="seatings"):
        schedule(3, 12)  # refused at once, without listing them
    with pytest.raises(ConfigError, match="at least one bot"):
        schedule(0, 2)


def test_a_seating_is_followed_by_its_rotations() -> None:
    assert schedule(3, 3) == [(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 2, 1), (2, 1, 0), (1, 0, 2)]
    assert rotations((0, 1, 0, 1)) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert blocks(schedule(3, 3)) == [0, 0, 0, 1, 1, 1]
    assert blocks(schedule(3, 2)) == [0, 0, 1, 1, 2, 2]


@pytest.mark.parametrize(("bots", "players"), [(3, 2), (3, 3), (3, 4), (2, 4)])
def test_every_block_seats_its_bots_evenly(bots: int, players: int) -> None:
    lineups = schedule(bots, players)
    block_of = blocks(lineups)
    for b in set(block_of):
        members = [lu for lu, k in zip(lineups, block_of, strict=True) if k == b]
        at_seat = Counter((seat, bot) for lu in members for seat, bot in enumerate(lu))
        for bot in set(members[0]):
            assert len({at_seat[(seat, bot)] for seat in range(players)}) == 1


def test_each_block_plays_one_deal() -> None:
    lineups = schedule(3, 2)
    jobs = deals(14, 9, lineups)
    assert [j[0] for j in jobs] == list(range(14))
    assert [j[2] for j in jobs[:6]] == lineups
    # blocks of two seatings, numbered on through the passes: deals 0 0 1 1 2 2 3 3 ...
    assert [j[1] for j in jobs] == [game_seed(9, i // 2) for i in range(14)]


# -- pairwise results and ratings --------------------------------------------------------------


def _result(lineup: list[int], scores: list[float], winners: list[int]) -> GameResult:
    return GameResult(
        index=0,
        seed=0,
        bots=[str(b) for b in lineup],
        lineup=lineup,
        scores=scores,
        winners=winners,
    )


def test_a_game_is_read_as_pairwise_results() -> None:
    r = _result([0, 1, 2], [10, 12, 4], [1])
    assert pairwise(r, 3) == [(0, 1, 0.0), (0, 2, 1.0), (1, 2, 1.0)]
    # shared win: a tie between the winners
    assert pairwise(_result([0, 1], [7, 7], [0, 1]), 2) == [(0, 1, 0.5)]
    # nobody won (a lost cooperative game): scores decide
    assert pairwise(_result([0, 1], [3, 5], []), 2) == [(0, 1, 0.0)]
    # a winner beats a loser with a higher score (the game's own tie-breaks or rules)
    assert pairwise(_result([0, 1], [3, 5], [0]), 2) == [(0, 1, 1.0)]
    # the same bot twice: no result between its own seats
    assert pairwise(_result([0, 0, 1], [1, 2, 3], [2]), 2) == [(0, 1, 0.0), (0, 1, 0.0)]
    failed = GameResult(index=0, seed=0, bots=["a", "b"], lineup=[0, 1], error="boom")
    assert pairwise(failed, 2) == []


def test_head_to_head_counts_each_pair_of_bots_both_ways() -> None:
    games = [
        _result([0, 1, 2], [10, 12, 4], [1]),  # b beats a and c; a beats c
        _result([1, 2, 0], [5, 5, 9], [2]),  # a wins; b and c tie on score
    ]
    t = Tournament(
        game={"game": "g", "players": 3, "variant": None, "options": {}},
        bots=["a", "b", "c"],
        seed=1,
        schedule=schedule(3, 3),
        results=games,
        seconds=0.0,
    )
    s = standings(t, bootstrap=0)
    assert s.head_to_head[0][1] == (1.0, 2)  # a: lost to b, then beat b
    assert s.head_to_head[1][0] == (1.0, 2)
    assert s.head_to_head[0][2] == (2.0, 2)
    assert s.head_to_head[2][0] == (0.0, 2)
    assert s.head_to_head[1][2] == (1.5, 2)  # a win and a tie on equal scores
    assert s.head_to_head[1][1] == (0.0, 0)
    rows = {
        (h["bot"], h["against"]): (h["points"], h["meetings"]) for h in s.to_json()["head_to_head"]
    }
    assert rows[("c", "b")] == (0.5, 2)
    assert ("a", "a") not in rows


def test_equal_bots_get_equal_ratings() -> None:
    assert bradley_terry([[0, 5], [5, 0]]) == pytest.approx([BASE_RATING] * 2)
    assert bradley_terry([]) == []


def test_ratings_follow_the_odds() -> None:
    # 3 to 1 (plus the virtual tie: 3.5 to 1.5) is 400*log10(7/3) Elo points apart
    low, high = bradley_terry([[1, 0], [3, 0]])[0], bradley_terry([[1, 0], [3, 0]])[1]
    assert high - low == pytest.approx(400 * 0.367977, abs=0.01)
    # a bot that never wins still has a finite rating, below the others
    ratings = bradley_terry([[0, 10, 10], [0, 0, 5], [0, 5, 0]])
    assert ratings[0] > ratings[1] == pytest.approx(ratings[2])
    assert sum(ratings) / 3 == pytest.approx(BASE_RATING)


# -- playing ----------------------------------------------------------------------------------


def test_a_tournament_rates_every_bot_reproducibly() -> None:
    game = ecotone.make(FOREST, players=2)
    bots = ["random", "heuristic"]
    played = run_tournament(game, bots, 8, seed=3)
    assert [r.index for r in played.results] == list(range(8))
    assert all(r.error is None for r in played.results)
    assert [r.lineup for r in played.results[:2]] == [[0, 1], [1, 0]]
    assert played.results[0].seed == played.results[1].seed  # duplicate deal
    table = standings(played, bootstrap=50)
    assert table.completed == 8
    assert table.deals == 4  # each deal played from both seats
    assert table.balanced
    assert [r.bot for r in table.records] == ["heuristic", "random"]
    for r in table.records:
        assert r.seats == 8
        assert r.share == 0.5
        assert r.win_rate_ci[0] <= r.win_rate <= r.win_rate_ci[1]
        assert r.rating is not None
        # none where every resample gave the same rating (see the tests of tiny samples)
        assert r.rating_ci is None or r.rating_ci[0] <= r.rating <= r.rating_ci[1]
    assert sum(r.wins for r in table.records) == pytest.approx(8)
    again = standings(run_tournament(game, bots, 8, seed=3), bootstrap=50)
    assert again.to_json() | {"seconds": 0} == table.to_json() | {"seconds": 0}


def test_results_do_not_depend_on_the_workers() -> None:
    game = ecotone.make(FOREST, players=3)
    one = run_tournament(game, ["random", "heuristic"], 6, seed=5, workers=1)
    two = run_tournament(game, ["random", "heuristic"], 6, seed=5, workers=2)
    assert one.results == two.results


def test_progress_is_reported_game_by_game() -> None:
    game = ecotone.make(FOREST, players=2)
    seen: list[int] = []
    run_tournament(game, ["random", "random"], 3, seed=1, on_progress=seen.append)
    assert seen == [1, 1, 1]


def test_a_solo_game_gets_win_rates_but_no_ratings() -> None:
    game = ecotone.make(FOREST, players=1, variant="solo")
    table = standings(run_tournament(game, ["random", "heuristic"], 4, seed=2), bootstrap=20)
    assert all(r.rating is None and r.rating_ci is None for r in table.records)
    assert all(r.seats == 2 and r.share == 1.0 for r in table.records)


def test_simultaneous_games_play_in_tournaments(toy: str) -> None:
    game = ecotone.make(toy, players=2)
    table = standings(
        run_tournament(game, ["random", "ismcts:iterations=60"], 10, seed=4), bootstrap=20
    )
    assert table.completed == 10
    assert {r.bot for r in table.records} == {"random", "ismcts:iterations=60"}


def test_bad_tournaments_are_refused() -> None:
    game = ecotone.make(FOREST, players=2)
    with pytest.raises(ConfigError, match="at least 1 game"):
        run_tournament(game, ["random"], 0, seed=1)
    with pytest.raises(ConfigError, match="no bot 'genius'"):
        run_tournament(game, ["random", "genius"], 2, seed=1)
    with pytest.raises(ConfigError, match="at least two, not 1") as err:
        run_tournament(game, ["random"], 2, seed=1)
    assert err.value.code == "config/bad-bots"


def test_a_failing_game_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    from ecotone.sim import tournament

    real = tournament.play_game

    def sometimes(game: object, seed: int, bots: object, **kw: object) -> GameResult:
        result = real(game, seed, bots, **kw)  # type: ignore[arg-type]
        if kw["index"] == 1:
            return GameResult(
                index=1,
                seed=seed,
                bots=result.bots,
                lineup=result.lineup,
                error="RuntimeError: boom",
            )
        return result

    monkeypatch.setattr(tournament, "play_game", sometimes)
    game = ecotone.make(FOREST, players=2)
    table = standings(run_tournament(game, ["random", "heuristic"], 4, seed=1), bootstrap=10)
    assert table.completed == 3
    assert table.errors == [
        {
            "index": 1,
            "seed": game_seed(1, 0),
            "bots": ["heuristic", "random"],
            "message": "RuntimeError: boom",
        }
    ]
    assert sum(r.seats for r in table.records) == 6
