"""The game contract (``ecotone.testing.check_game``) for every player count and formation,
plus the promise that nobody can get stuck: every reachable position has a legal action and
every habitat in progress can be withdrawn."""

from __future__ import annotations

import itertools
import random

import pytest

from ecotone.core.rng import derive_seed
from ecotone.games.biome.actions import CODEC, Withdraw
from ecotone.games.biome.state import Phase
from ecotone.testing import check_game

from .helpers import GAME_ID, game

CONFIGS = [
    pytest.param(2, "classic", "any-time", 2, 4, id="2p-classic"),
    pytest.param(3, "classic", "any-time", 1, 5, id="3p-classic"),
    pytest.param(4, "classic", "any-time", 1, 6, id="4p-classic"),
    pytest.param(2, "stairway", "any-time", 2, 5, id="2p-stairway"),
    pytest.param(3, "fragments", "any-time", 1, 6, id="3p-fragments"),
    pytest.param(4, "stairway", "own-turn", 1, 6, id="4p-stairway-own-turn"),
    pytest.param(2, "fragments", "own-turn", 2, 5, id="2p-fragments-own-turn"),
]


@pytest.mark.parametrize(("players", "formation", "opportunist", "games", "deep"), CONFIGS)
def test_check_game(players: int, formation: str, opportunist: str, games: int, deep: int) -> None:
    report = check_game(
        GAME_ID,
        players=players,
        games=games,
        seed=77 + players,
        deep_every=deep,
        formation=formation,
        opportunist=opportunist,
    )
    assert report.games == games
    assert report.illegal_checked > 0
    assert report.determinizations > 0
    assert 0 < report.longest <= game(players).max_steps
    for scores, winners in report.outcomes:
        assert len(scores) == players
        assert winners


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("formation", ["classic", "stairway", "fragments"])
def test_soak(players: int, formation: str) -> None:
    report = check_game(
        GAME_ID, players=players, games=40, seed=5, deep_every=7, formation=formation
    )
    assert report.games == 40


@pytest.mark.parametrize("players", [2, 3, 4])
def test_nobody_is_ever_stuck(players: int) -> None:
    """Random play through many games: some seat always has a legal action, and a habitat
    in progress can always be withdrawn."""
    g = game(players)
    earning_seen = 0
    for i in range(6):
        rnd = random.Random(derive_seed(31, i))
        state = g.start(derive_seed(32, i))
        while not state.is_over:
            seat = rnd.choice(state.to_move)
            legal = state.legal_actions(seat)
            assert legal, f"P{seat + 1} is stuck in {state.data.phase}"
            if state.data.phase is Phase.EARN:
                earning_seen += 1
                assert Withdraw() in legal
            state = state.apply(seat, rnd.choice(legal))
    assert earning_seen > 0


def test_action_index_round_trips_over_the_whole_space() -> None:
    for i in range(0, CODEC.size, 7):
        action = CODEC.from_index(i)
        assert CODEC.index(action) == i
        assert CODEC.from_text(str(action)) == action


def test_notation_reads_literal_forms_before_free_words() -> None:
    assert str(CODEC.parse("gain nothing")) == "gain nothing"
    assert type(CODEC.parse("gain nothing")).__name__ == "SkipGain"
    assert type(CODEC.parse("sabotage nobody")).__name__ == "SkipSabotage"
    assert CODEC.parse("sabotage P2").to_json() == {"type": "sabotage", "seat": 1}
    assert CODEC.parse("PLACE t07 ON c2a TURNED 3").to_json() == {
        "type": "place",
        "tile": "T07",
        "cell": "C2a",
        "rotation": 3,
    }


def test_invariants_hold_through_random_games() -> None:
    """No two different plants ever face each other in one layer, and every food chain
    climbs by real prey, at most 5 long."""
    from ecotone.games.biome.board import SAME
    from ecotone.games.biome.cards import cards
    from ecotone.games.biome.habitat import face
    from ecotone.games.biome.tiles import OPEN

    by_id = cards().by_id
    for players, formation in ((2, "classic"), (3, "fragments"), (4, "stairway")):
        g = game(players, formation=formation)
        geo = g.cfg.geo  # type: ignore[attr-defined]
        rnd = random.Random(players)
        state = g.start(players)
        while not state.is_over:
            d = state.data
            for c, v in enumerate(d.board):
                if v < 0:
                    continue
                for dr, n in enumerate(geo.nbr[c]):
                    if n < 0 or geo.link[c][dr] != SAME or d.board[n] < 0:
                        continue
                    p, q = face(d.board, c, dr), face(d.board, n, (dr + 3) % 6)
                    assert OPEN in (p, q) or p == q
            for st in d.seats:
                for chain in st.chains:
                    assert len(chain) <= 5
                    assert by_id[chain[0]].level == "primary"
                    for prey, eater in itertools.pairwise(chain):
                        assert by_id[prey].key in by_id[eater].prey
            seat = rnd.choice(state.to_move)
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
