"""PettingZoo's own conformance tests, unchanged, on every game; and the AEC and parallel
forms played to the end.

Two warnings of PettingZoo's ``api_test`` are advice that its own classic games are
exempt from by name: a dict observation holding an ``action_mask`` (PettingZoo's
documented convention for masks) is "not a NumPy array" and not "a Box or Discrete".
They are silenced here, and only they; any other warning fails the test.

``max_cycles_test`` does not apply: it samples actions without their masks and expects
every agent to act once per cycle, as in PettingZoo's continuous-control games, while a
board game refuses most actions (ending the game, by PettingZoo's classic convention) and
lets a seat take several decisions in a row. ``max_cycles`` itself is tested below.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import ecotone
import ecotone.rl
from ecotone.bots.tensor.incremental import COUNTS_HOLDERS
from ecotone.core.registry import game_class
from tests.rl.configs import first_configurations, ids

DICT_OBSERVATIONS = (
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be:UserWarning",
)
SIMULTANEOUS = [c for c in first_configurations() if game_class(c[0]).spec.simultaneous]


def dict_observations(test: object) -> object:
    for spec in DICT_OBSERVATIONS:
        test = pytest.mark.filterwarnings(spec)(test)
    return test


@dict_observations
@pytest.mark.parametrize("config", first_configurations(), ids=ids)
def test_api(config: tuple[str, int]) -> None:
    game_id, players = config
    api_test(ecotone.rl.env(game_id, players=players, render_mode="ansi"), num_cycles=15)


@pytest.mark.parametrize("config", first_configurations(), ids=ids)
def test_seed(config: tuple[str, int]) -> None:
    game_id, players = config
    seed_test(lambda: ecotone.rl.env(game_id, players=players), num_cycles=15)


@pytest.mark.parametrize("config", SIMULTANEOUS, ids=ids)
def test_parallel_api(config: tuple[str, int]) -> None:
    game_id, players = config
    parallel_api_test(ecotone.rl.parallel_env(game_id, players=players), num_cycles=15)


@pytest.mark.parametrize("config", SIMULTANEOUS, ids=ids)
def test_parallel_seed(config: tuple[str, int]) -> None:
    game_id, players = config
    parallel_seed_test(lambda: ecotone.rl.parallel_env(game_id, players=players), num_cycles=15)


def play_aec(env: ecotone.rl.EcotoneAEC, seed: int) -> dict[str, float]:
    """Play one game with random legal actions; each agent's final cumulative reward."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return final


@pytest.mark.parametrize("config", first_configurations(), ids=ids)
def test_a_whole_game_pays_the_winners(config: tuple[str, int]) -> None:
    game_id, players = config
    env = ecotone.rl.env(game_id, players=players)
    final = play_aec(env, seed=5)
    state = env.table.state
    assert state.is_over
    assert env.agents == []
    winners = {f"player_{s}" for s in state.winners()}
    assert final == {a: 1.0 if a in winners else -1.0 for a in env.possible_agents}


def test_the_margin_reward_is_the_lead_over_the_best_other_seat() -> None:
    env = ecotone.rl.env("once-upon-a-forest", players=3, reward="margin")
    final = play_aec(env, seed=2)
    scores = env.table.state.scores()
    for seat, score in enumerate(scores):
        best_other = max(s for other, s in enumerate(scores) if other != seat)
        assert final[f"player_{seat}"] == score - best_other
    assert sum(1 for v in final.values() if v >= 0) >= 1


@pytest.mark.parametrize("form", [ecotone.rl.env, ecotone.rl.parallel_env])
def test_without_players_the_fewest_the_game_takes_sit(form: Any) -> None:
    assert form("singapore-untamed").possible_agents == [f"player_{s}" for s in range(4)]
    assert form("once-upon-a-forest", variant="solo").possible_agents == ["player_0"]
    assert form("phylo").table.game.players == 2


def test_the_aec_form_is_not_offered_to_pettingzoos_parallel_wrapper() -> None:
    """A seat may decide several times in a row, which ``aec_to_parallel``'s cycle of
    one decision per agent cannot hold: the parallel form is ``parallel_env``."""
    from pettingzoo.utils.conversions import aec_to_parallel

    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(ecotone.rl.env("phylo"))


def test_the_same_seed_replays_the_engine_game() -> None:
    env = ecotone.rl.env("phylo", players=2)
    env.reset(seed=41)
    assert env.table.state == ecotone.make("phylo", players=2).start(41)


def test_an_illegal_action_ends_the_game_and_costs_that_seat() -> None:
    env = ecotone.rl.env("once-upon-a-forest", players=2)
    env.reset(seed=1)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    mover = env.agent_selection
    env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[mover] == -1.0
    assert sum(env.rewards.values()) == -1.0
    assert env.infos[mover]["illegal"] == illegal


def test_an_illegal_action_can_raise_the_games_reason_instead() -> None:
    env = ecotone.rl.env("once-upon-a-forest", players=2, illegal="raise")
    env.reset(seed=1)
    obs, *_ = env.last()
    with pytest.raises(ecotone.IllegalAction):
        env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))


@pytest.mark.parametrize(
    ("index", "wrong"),
    [
        ("x", "not a number"),
        ("3", "not a number"),
        (None, "not a number"),
        (10**9, "not in 0"),
        (-1, "not in 0"),
        (2.5, "not a whole number"),
        (float("nan"), "not a whole number"),
    ],
)
def test_an_action_that_is_no_index_is_refused_naming_what_was_given(
    index: object, wrong: str
) -> None:
    env = ecotone.rl.env("once-upon-a-forest", players=2, illegal="raise")
    env.reset(seed=1)
    with pytest.raises(
        ecotone.IllegalAction, match=rf"action index {re.escape(repr(index))} is {wrong}\b"
    ) as err:
        env.step(index)
    assert err.value.code == "action/unknown-index"


@pytest.mark.parametrize("kind", [int, float, np.int64, np.float32, np.array])
def test_an_index_is_taken_in_any_numeric_form_that_names_it_whole(kind: Any) -> None:
    env = ecotone.rl.env("once-upon-a-forest", players=2, illegal="raise")
    env.reset(seed=1)
    obs, *_ = env.last()
    index = int(np.flatnonzero(obs["action_mask"])[0])
    before = env.table.state
    env.step(kind(index))
    assert env.table.state == before.apply(
        before.to_move[0], env.table.game.codec.from_index(index)
    )


def test_max_cycles_truncates_every_agent() -> None:
    env = ecotone.rl.env("biome-borneo", players=2, max_cycles=3)
    env.reset(seed=0)
    steps = 0
    while not any(env.truncations.values()):
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 3 * 2
    assert not any(env.terminations.values())


def test_seats_deciding_at_once_all_act_in_one_parallel_step() -> None:
    par = ecotone.rl.parallel_env("singapore-untamed", players=4)
    observations, _ = par.reset(seed=4)
    rng = np.random.default_rng(4)
    joint = 0
    while par.agents and joint < 3:
        before = par.table.state
        actions = {}
        for agent, obs in observations.items():
            legal = np.flatnonzero(obs["action_mask"])
            assert bool(len(legal)) == (int(agent[-1]) in before.to_move)
            actions[agent] = int(rng.choice(legal)) if len(legal) else 0
        observations, *_, infos = par.step(actions)
        expected = before
        for seat in before.to_move:  # one step applies every asked seat's choice
            action = par.table.game.codec.from_index(actions[f"player_{seat}"])
            expected = expected.apply(seat, action)
        assert par.table.state == expected
        joint += len(before.to_move) > 1
        for agent in par.agents:
            assert infos[agent]["observation_json"] == expected.observe(int(agent[-1]))
    assert joint == 3


def test_a_parallel_game_plays_to_the_end() -> None:
    par = ecotone.rl.parallel_env("singapore-untamed", players=4)
    observations, _ = par.reset(seed=9)
    rng = np.random.default_rng(9)
    rewards: dict[str, float] = {}
    while par.agents:
        actions = {}
        for agent, obs in observations.items():
            legal = np.flatnonzero(obs["action_mask"])
            actions[agent] = int(rng.choice(legal)) if len(legal) else 0
        observations, rewards, *_ = par.step(actions)
    assert par.table.state.is_over
    assert sorted(rewards.values()).count(1.0) == len(par.table.state.winners())


@pytest.mark.skipif(not COUNTS_HOLDERS, reason="reference counts read otherwise here")
def test_a_mask_handed_out_never_changes_and_one_dropped_is_reused() -> None:
    env = ecotone.rl.env("phylo", players=2)
    env.reset(seed=2)
    obs, *_ = env.last()
    kept = obs["action_mask"].copy()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert np.array_equal(obs["action_mask"], kept)  # held: never written again
    seat = env.table.state.to_move[0]
    place = id(env.table.mask(seat))  # dropped at once
    again = env.table.mask(seat)
    assert id(again) == place
    assert set(np.flatnonzero(again)) == set(env.table.legal(seat))


def test_the_tables_of_a_game_share_the_action_numbers_they_meet() -> None:
    # a vectorised trainer's environments: what one has numbered the next reads, and
    # every number is the game's own index of the action
    first = ecotone.rl.env("biome-borneo", players=2)
    first.reset(seed=3)
    seat = first.table.state.to_move[0]
    met = first.table.legal(seat)
    game = first.table.game
    assert met
    assert all(game.action_index(action) == n for n, action in met.items())
    second = ecotone.rl.env("biome-borneo", players=2)
    second.reset(seed=3)
    assert second.table.legal(seat) == met
    assert second.table._numbers is first.table._numbers
    other = ecotone.rl.env("phylo", players=2)
    assert other.table._numbers is not first.table._numbers


def test_render_shows_the_spectators_view() -> None:
    env = ecotone.rl.env("biomasters", players=2, render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == env.table.state.render(None)
    assert ecotone.rl.env("biomasters", players=2).render() is None
