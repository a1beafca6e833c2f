"""OpenSpiel's own random simulation test, unchanged, on every game; the chance node that
draws the seed; the information state (perfect recall), and OpenSpiel's own searches and
a CFR-family algorithm on it, unchanged."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

import ecotone
import ecotone.rl
from ecotone.rl.openspiel import DIGEST_BITS, SEEDS, load_game, short_name
from tests.rl.configs import first_configurations, ids


@pytest.mark.parametrize("config", first_configurations(), ids=ids)
def test_random_sim(config: tuple[str, int]) -> None:
    game_id, players = config
    game = load_game(game_id, players=players)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_importing_the_module_registers_every_game_under_either_name() -> None:
    from ecotone.rl import openspiel, spiel

    registered = {g.short_name for g in pyspiel.registered_games()}
    assert {short_name(game_id) for game_id in ecotone.available_games()} <= registered
    assert spiel.__all__ == openspiel.__all__
    assert all(getattr(spiel, name) is getattr(openspiel, name) for name in openspiel.__all__)


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


def spiel_state(game_id: str, players: int, seed: int, until: Callable[[Any], bool]) -> Any:
    """A state of a seeded random game (actions drawn from the seed too) at the first
    decision where ``until(state)`` holds."""
    game = load_game(game_id, players=players)
    state = game.new_initial_state()
    state.apply_action(seed)
    rnd = random.Random(seed)
    while not until(state):
        assert not state.is_terminal(), "the game ended before the position sought"
        state.apply_action(rnd.choice(state.legal_actions()))
    return state


def after(state: Any, *actions: int) -> Any:
    out = state.clone()
    for action in actions:
        out.apply_action(action)
    return out


def test_a_secret_choice_leaves_the_others_information_state_as_it_was() -> None:
    def secret(state: Any) -> bool:
        truth = state.state
        seat = state.current_player()
        return (
            len(truth.to_move) > 1
            and len(state.legal_actions()) > 1
            and truth.game.secret_action(truth.data, seat, truth.legal_actions(seat)[0])
        )

    state = spiel_state("singapore-untamed", 4, 1, secret)
    chooser = state.current_player()
    first, second = state.legal_actions()[:2]
    one, two = after(state, first), after(state, second)
    assert one.state != two.state  # two different histories
    for seat in range(4):
        if seat == chooser:  # it knows which it chose
            assert one.information_state_string(seat) != two.information_state_string(seat)
            assert one.information_state_tensor(seat) != two.information_state_tensor(seat)
        else:  # a seat still to choose cannot tell them apart
            assert one.observation_string(seat) == two.observation_string(seat)
            assert one.information_state_string(seat) == two.information_state_string(seat)
            assert one.information_state_tensor(seat) == two.information_state_tensor(seat)


def test_perfect_recall_tells_apart_what_the_present_view_does_not() -> None:
    def two_draws(state: Any) -> bool:
        data = state.state.data
        return data.phase.value == "draw" and data.draws_left == 2

    state = spiel_state("once-upon-a-forest", 2, 1, two_draws)
    first, second = state.legal_actions()[:2]
    # two piles drawn from in either order: the same cards, the same position ...
    one, two = after(state, first, second), after(state, second, first)
    assert one.state == two.state
    for seat in range(2):
        assert one.observation_string(seat) == two.observation_string(seat)
        assert one.observation_tensor(seat) == two.observation_tensor(seat)
        # ... but each seat saw the piles shrink in another order
        assert one.information_state_string(seat) != two.information_state_string(seat)
        assert one.information_state_tensor(seat) != two.information_state_tensor(seat)
    # and a history is remembered alike however it was reached
    again = after(state, first, second)
    assert again.information_state_string(0) == one.information_state_string(0)


def test_the_information_state_tensor_holds_the_observation_then_the_recall() -> None:
    state = spiel_state("phylo", 2, 4, lambda s: s.move_number() > 12)
    game = state.get_game()
    for seat in range(2):
        info = np.asarray(state.information_state_tensor(seat), np.float32)
        assert info.shape == tuple(game.information_state_tensor_shape())
        observed = np.asarray(state.observation_tensor(seat), np.float32)
        assert np.array_equal(info[: observed.size], observed)
        steps, own = info[observed.size : observed.size + 2]
        assert steps == state.move_number() - 1  # every step but the seed's
        assert own == sum(step.player == seat for step in state.full_history()[1:])
        assert set(info[observed.size + 2 :]) <= {0.0, 1.0}
        assert len(info) - observed.size - 2 == DIGEST_BITS


def test_a_resampled_state_keeps_the_seats_information_state() -> None:
    state = spiel_state("biome-borneo", 3, 2, lambda s: s.move_number() > 20)
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differs = 0
    for _ in range(4):
        other = state.resample_from_infostate(seat, sampler)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.observation_string(seat) == state.observation_string(seat)
        assert other.legal_actions() == state.legal_actions()
        differs += other.state != state.state
        # the others' recollection is not the truth's
        for opponent in {0, 1, 2} - {seat}:
            assert other.information_state_string(opponent) != state.information_state_string(
                opponent
            )
    assert differs  # hidden cards were dealt again


def test_openspiels_own_searches_play_unchanged() -> None:
    game = load_game("once-upon-a-forest", players=2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    searches = [
        ismcts.ISMCTSBot(
            game, evaluator, uct_c=2.0, max_simulations=12, random_state=np.random.RandomState(1)
        ),
        mcts.MCTSBot(game, 2.0, 12, evaluator, random_state=np.random.RandomState(2)),
    ]
    state = game.new_initial_state()
    state.apply_action(5)
    for bot in searches:
        for _ in range(2):
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)


def test_outcome_sampling_cfr_runs_on_the_information_state() -> None:
    """A CFR-family algorithm runs unchanged: outcome-sampling MCCFR, which samples one
    history per iteration. No Ecotone game is small enough for CFR to solve (the
    smallest, Once Upon a Forest for two, deals 1024 ways and lasts about 150 decisions),
    so this checks only that its regrets are kept by information state."""
    game = load_game("once-upon-a-forest", players=2)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    np.random.seed(0)
    for _ in range(3):
        solver.iteration()
    keys = list(solver._infostates)
    assert keys
    assert all(key.startswith(("P1 after", "P2 after")) for key in keys)
    policy = solver.average_policy()
    state = game.new_initial_state()
    state.apply_action(0)
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert sum(probabilities.values()) == pytest.approx(1.0)
