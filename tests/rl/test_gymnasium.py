"""Gymnasium's own checker, unchanged, on every game's registered environment; and one
learning seat playing against named bots."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

import ecotone
import ecotone.rl
from tests.rl.configs import first_configurations, ids


def play(env: gymnasium.Env, seed: int) -> tuple[float, dict, int]:  # type: ignore[type-arg]
    """One episode of random legal actions: total reward, last info, decisions."""
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps = 0.0, 0
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        steps += 1
        if terminated or truncated:
            return total, info, steps


def test_every_game_is_registered() -> None:
    for game_id in ecotone.available_games():
        assert ecotone.rl.env_id(game_id) in gymnasium.registry
    assert "ecotone/once-upon-a-forest-v0" in gymnasium.registry


@pytest.mark.parametrize("config", first_configurations(), ids=ids)
def test_check_env(config: tuple[str, int]) -> None:
    game_id, players = config
    env = gymnasium.make(ecotone.rl.env_id(game_id), players=players, render_mode="ansi")
    check_env(env.unwrapped)


def test_the_issue_example_plays_against_the_heuristic() -> None:
    env = gymnasium.make("ecotone/once-upon-a-forest-v0", players=2, opponents="heuristic")
    total, info, steps = play(env, seed=3)
    assert steps > 5
    learner_won = 0 in info["winners"]
    assert total == (1.0 if learner_won else -1.0)
    assert info["observation_json"]["is_over"]


def test_the_margin_reward_is_the_final_score_lead() -> None:
    env = gymnasium.make("ecotone/biomasters-v0", players=2, reward="margin", seat=1)
    total, info, _ = play(env, seed=8)
    scores = info["scores"]
    assert total == scores[1] - scores[0]


def test_opponents_are_named_bots_one_per_other_seat() -> None:
    env = gymnasium.make(
        "ecotone/singapore-untamed-v0", players=4, opponents=["random", "heuristic", "hawk"]
    )
    _, info = env.reset(seed=2)
    assert info["observation_json"]["seat"] == 0
    inner = env.unwrapped
    assert isinstance(inner, ecotone.rl.EcotoneEnv)
    assert [type(b).__name__ for b in inner._bots.values()] == [
        "RandomBot",
        "HeuristicBot",
        "HawkBot",
    ]
    with pytest.raises(ecotone.ConfigError, match="3 seats other than the learner's need a bot"):
        gymnasium.make("ecotone/singapore-untamed-v0", players=4, opponents=["random"])
    with pytest.raises(ecotone.ConfigError, match="no bot 'nobody'"):
        gymnasium.make("ecotone/phylo-v0", players=2, opponents="nobody")


@pytest.mark.parametrize(
    ("game_id", "variant", "players"),
    [("singapore-untamed", None, 4), ("once-upon-a-forest", "solo", 1), ("phylo", None, 2)],
)
def test_without_players_the_fewest_the_game_takes_play(
    game_id: str, variant: str | None, players: int
) -> None:
    env = gymnasium.make(f"ecotone/{game_id}-v0", variant=variant)
    inner = env.unwrapped
    assert isinstance(inner, ecotone.rl.EcotoneEnv)
    assert inner.table.game.players == players
    assert len(inner.opponents) == players - 1
    _, info = env.reset(seed=1)
    assert info["observation_json"]["seat"] == 0


def test_max_cycles_is_refused_pointing_to_max_steps() -> None:
    with pytest.raises(ecotone.ConfigError, match="max_steps=N"):
        gymnasium.make("ecotone/phylo-v0", max_cycles=3)


def test_the_same_seed_gives_the_same_episode() -> None:
    first = gymnasium.make("ecotone/phylo-v0", players=2)
    second = gymnasium.make("ecotone/phylo-v0", players=2)
    a, info_a = first.reset(seed=12)
    b, info_b = second.reset(seed=12)
    for _ in range(20):
        assert np.array_equal(a, b)
        assert info_a["observation_json"] == info_b["observation_json"]
        action = int(np.flatnonzero(info_a["action_mask"])[-1])
        a, _, done, _, info_a = first.step(action)
        b, _, _, _, info_b = second.step(action)
        if done:
            break


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    env = gymnasium.make("ecotone/biome-borneo-v0", players=2, illegal_reward=-5.0)
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-5.0, True, False)
    assert info["illegal"] == illegal


def test_a_solo_game_needs_no_opponents() -> None:
    env = gymnasium.make("ecotone/once-upon-a-forest-v0", players=1, variant="solo")
    total, info, _ = play(env, seed=1)
    assert total == (1.0 if info["winners"] == [0] else -1.0)


def test_action_masks_is_the_mask_of_the_learners_decision() -> None:
    """sb3-contrib's MaskablePPO reads the mask through ``action_masks()``, past the
    wrappers ``gymnasium.make`` adds; it must be the one ``info`` holds, at every step."""
    env = gymnasium.make("ecotone/once-upon-a-forest-v0", players=3, seat=1, opponents="random")
    _, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    decisions = 0
    while True:
        mask = env.get_wrapper_attr("action_masks")()
        assert mask.dtype == np.int8
        assert np.array_equal(mask, info["action_mask"])
        assert mask.any()
        _, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        decisions += 1
        if terminated or truncated:
            break
    assert decisions > 10
    assert not env.get_wrapper_attr("action_masks")().any()  # the game is over: nothing legal
