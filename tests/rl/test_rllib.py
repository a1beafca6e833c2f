"""Ray's RLlib: every game passes RLlib's own check of a multi-agent environment, plays to
its end through RLlib's adapter, and the masked PPO module never picks an illegal action;
a trained module's policy plays as the ``policy`` bot, choosing what the module would.

Needs the rllib extra (skipped without it). No Ray cluster is started here: RLlib's
environments and modules are plain Python objects; the slow run trains on local Ray
(tests/rl/test_train.py). Ray and PyTorch are imported by the tests that use them, not
while pytest collects (tests/optional.py).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ecotone
import ecotone.rl
from ecotone.bots import SeatView
from ecotone.bots.policy.weights import read_weights, save_weights
from ecotone.core.errors import ConfigError
from ecotone.core.registry import game_class
from ecotone.sim.runner import build_bot
from tests.optional import requires
from tests.rl.configs import first_configurations, ids

pytestmark = requires("ray.rllib", "torch")

FIRST = first_configurations()


def module(game_id: str, players: int, seed: int = 0) -> Any:
    """A :class:`rllib.MaskedPPOModule` as it starts (random weights), for one game."""
    import torch

    from ecotone.rl import rllib

    torch.manual_seed(seed)
    env = ecotone.rl.env(game_id, players=players)
    agent = env.possible_agents[0]
    spec = rllib.module_spec(hidden=(16,)).rl_module_specs["shared"]
    spec.observation_space = env.observation_space(agent)
    spec.action_space = env.action_space(agent)
    return spec.build()


def batch(observations: list[dict[str, np.ndarray]]) -> dict[str, Any]:
    import torch
    from ray.rllib.core.columns import Columns

    return {
        Columns.OBS: {
            key: torch.as_tensor(np.stack([o[key] for o in observations]))
            for key in ("observation", "action_mask")
        }
    }


@pytest.mark.parametrize(("game_id", "players"), FIRST, ids=[ids(c) for c in FIRST])
def test_every_game_passes_rllibs_check_and_plays_to_its_end(game_id: str, players: int) -> None:
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments

    from ecotone.rl import rllib

    env = rllib.multi_agent_env(game_id, players)
    check_multiagent_environments(env)  # steps a sampled (so mostly illegal) action: it ends
    observations, _ = env.reset(seed=5)
    rng = random.Random(5)
    totals: dict[str, float] = {}
    steps = 0
    while True:
        ((agent, observation),) = observations.items()  # one seat decides at a time
        assert env.observation_space[agent].contains(observation)
        legal = np.flatnonzero(observation["action_mask"])
        observations, rewards, terminated, truncated, _ = env.step({agent: rng.choice(legal)})
        steps += 1
        for who, reward in rewards.items():
            totals[who] = totals.get(who, 0.0) + reward
        if terminated["__all__"] or truncated["__all__"]:
            break
        assert not any(rewards.values())  # rewards come at the end only
    # every seat hears how the game ended: the same rewards as the AEC environment's
    aec = ecotone.rl.env(game_id, players=players)
    aec.reset(seed=5)
    replay = random.Random(5)
    for _ in range(steps):
        mask = aec.observe(aec.agent_selection)["action_mask"]
        aec.step(replay.choice(np.flatnonzero(mask)))
    assert totals == {a: pytest.approx(r) for a, r in aec._cumulative_rewards.items()}
    assert sorted(totals) == sorted(aec.possible_agents)


def test_registered_names_make_each_configuration() -> None:
    from ray.tune.registry import ENV_CREATOR, _global_registry

    from ecotone.rl import rllib

    names = rllib.register_all()
    assert names == [rllib.env_name(g) for g in ecotone.available_games()]
    assert "ecotone_once_upon_a_forest_v0" in names
    for game_id in ecotone.available_games():
        low, high = game_class(game_id).spec.player_range(None)
        make = _global_registry.get(ENV_CREATOR, rllib.env_name(game_id))
        assert len(make({"players": high}).env.possible_agents) == high
        assert len(make({}).env.possible_agents) == low  # the fewest the game takes
        with pytest.raises(ConfigError, match=f"not {high + 1}"):
            make({"players": high + 1})
    with pytest.raises(ConfigError, match="no-such-game"):
        rllib.register("no-such-game")


@pytest.mark.parametrize(("game_id", "players"), FIRST, ids=[ids(c) for c in FIRST])
def test_the_masked_module_never_picks_an_illegal_action(game_id: str, players: int) -> None:
    import torch
    from ray.rllib.core.columns import Columns

    env = ecotone.rl.env(game_id, players=players)
    env.reset(seed=11)
    net = module(game_id, players)
    seen: list[dict[str, np.ndarray]] = []
    for _ in range(40):
        observation, *_ = env.last()
        seen.append(observation)
        with torch.no_grad():
            out = net.forward_exploration(batch([observation]))
        logits = out[Columns.ACTION_DIST_INPUTS][0]
        sampled = int(torch.distributions.Categorical(logits=logits).sample())
        assert observation["action_mask"][sampled], "an illegal action was sampled"
        env.step(sampled)
        if env.terminations[env.agent_selection]:
            break
    # the value head reads the same dictionary (PPO's learner asks it of whole batches)
    with torch.no_grad():
        values = net.compute_values(batch(seen))
    assert values.shape == (len(seen),)


def test_the_module_refuses_an_observation_without_its_mask() -> None:
    from ecotone.rl import rllib

    env = ecotone.rl.env("phylo", players=2)
    spec = rllib.module_spec().rl_module_specs["shared"]
    spec.observation_space = env.observation_space(env.possible_agents[0])["observation"]
    spec.action_space = env.action_space(env.possible_agents[0])
    with pytest.raises(ValueError, match="action_mask"):
        spec.build()


def test_a_modules_policy_plays_as_the_policy_bot(tmp_path: Path) -> None:
    import torch
    from ray.rllib.core.columns import Columns

    from ecotone.rl import rllib

    game_id, players = "once-upon-a-forest", 2
    net = module(game_id, players, seed=2)
    path = save_weights(rllib.weights_of(net, {"trainer": "test"}), tmp_path / "p.npz")
    weights = read_weights(path)
    assert weights.about == {"trainer": "test"}
    assert weights.layout == ecotone.rl.layout(game_id, players=players).stamp()
    # the numpy policy's most probable action is the module's, position after position
    env = ecotone.rl.env(game_id, players=players)
    env.reset(seed=4)
    for _ in range(25):
        observation, *_ = env.last()
        with torch.no_grad():
            logits = net.forward_inference(batch([observation]))[Columns.ACTION_DIST_INPUTS][0]
        mask = observation["action_mask"].astype(bool)
        chosen = int(np.argmax(weights.probabilities(observation["observation"], mask)))
        assert chosen == int(torch.argmax(logits))
        env.step(int(torch.argmax(logits)))
        if env.terminations[env.agent_selection]:
            break
    # and it is a bot wherever a bot spec is taken
    game = ecotone.make(game_id, players=players)
    bot = build_bot(f"policy:path={path}", game, 0, 1)
    state = game.start(1)
    assert bot.act(SeatView(state, 0)) in state.legal_actions(0)


def test_a_policy_of_layers_numpy_cannot_play_is_refused() -> None:
    import torch

    from ecotone.rl import rllib

    net = module("once-upon-a-forest", 2)
    net.encoder.actor_encoder.net.mlp[1] = torch.nn.GELU()
    with pytest.raises(ValueError, match="GELU"):
        rllib.weights_of(net)
