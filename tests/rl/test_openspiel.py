"""OpenSpiel's own random simulation test, unchanged, on every game; and the chance node
that draws the seed."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

import numpy as np
import pyspiel

import ecotone
import ecotone.rl
from ecotone.rl.spiel import SEEDS, load_game, short_name
from tests.rl.configs import first_configurations, ids


@pytest.mark.parametrize("config", first_configurations(), ids=ids)
def test_random_sim(config: tuple[str, int]) -> None:
    game_id, players = config
    game = load_game(game_id, players=players)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_a_variant_loads_by_its_parameters() -> None:
    game = pyspiel.load_game(short_name("biomasters"), {"players": 4, "variant": "2v2"})
    assert game.num_players() == 4
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_the_seed_is_the_one_chance_node_and_replays_the_engine() -> None:
    game = load_game("phylo", players=2)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == SEEDS
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(17)
    truth = ecotone.make("phylo", players=2).start(17)
    seat = state.current_player()
    assert seat == truth.to_move[0]
    assert json.loads(state.observation_string(seat)) == truth.observe(seat)
    tensor = ecotone.rl.layout("phylo", players=2).encode(truth.observe(seat))
    assert np.array_equal(np.asarray(state.observation_tensor(seat), np.float32), tensor)
    index = truth.game.action_index
    legal = sorted(index(a) for a in truth.legal_actions(seat))
    assert state.legal_actions() == legal
