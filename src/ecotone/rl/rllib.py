"""Ray's RLlib: every game as a multi-agent environment, trained across a cluster.

Install with ``pip install 'ecotone[rllib]'`` (Ray's RLlib and PyTorch's CPU build). Then::

    from ray.rllib.algorithms.ppo import PPOConfig
    from ecotone.rl import rllib

    name = rllib.register(game_id)                   # "ecotone_<game>_v0"
    config = (
        PPOConfig()
        .environment(name, env_config={"players": 2})
        .env_runners(num_env_runners=4)              # each runner plays its own games
        .multi_agent(policies={"shared"}, policy_mapping_fn=rllib.shared)
        .rl_module(rl_module_spec=rllib.module_spec(policies=("shared",)))
    )

Each environment is RLlib's own adapter of PettingZoo's AEC form (``PettingZooEnv``
around :func:`ecotone.rl.env`): one seat acts at a time, its observation the dictionary
``{"observation": tensor, "action_mask": mask}`` of exactly what that seat may know, and
every seat gets its reward when the game ends. ``env_config`` takes what
:func:`ecotone.rl.env` takes (``players``, ``variant``, ``reward``, ``max_cycles``, a
game's options), so one registered name serves every configuration of a game.

RLlib's default networks do not read an action mask: :class:`MaskedPPOModule` is PPO's
default module with the illegal actions' logits pushed to the lowest float, so a policy
never samples one. :func:`weights_of` turns its policy into the arrays the ``policy``
bot plays (:mod:`ecotone.bots.policy.weights`), so a policy trained on a cluster plays
in tournaments, the terminal and the browser like one trained with Stable-Baselines3.

Importing this module imports RLlib and PyTorch (several seconds): it is kept out of
``import ecotone.rl``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

import numpy as np

try:
    import torch
    from ray.rllib.algorithms.ppo.torch.default_ppo_torch_rl_module import (
        DefaultPPOTorchRLModule,
    )
    from ray.rllib.core.columns import Columns
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
    from ray.tune.registry import register_env
except ModuleNotFoundError as exc:  # pragma: no cover - depends on the installation
    raise ModuleNotFoundError(
        f"ecotone.rl.rllib needs {exc.name}: install the extra with pip install 'ecotone[rllib]'",
        name=exc.name,
    ) from None

import ecotone
from ecotone.bots.policy.weights import ACTIVATIONS, Weights
from ecotone.core.registry import game_class
from ecotone.rl.aec import EcotoneAEC

__all__ = [
    "MaskedPPOModule",
    "env_name",
    "module_spec",
    "multi_agent_env",
    "register",
    "register_all",
    "shared",
    "weights_of",
]

#: The observation's keys (the AEC environment's).
OBSERVATION = "observation"
MASK = "action_mask"


def env_name(game_id: str) -> str:
    """The name ``game_id`` is registered under with Ray Tune: PettingZoo's name of its
    environment, ``ecotone_<game>_v0`` (dashes as underscores)."""
    return f"ecotone_{game_id.replace('-', '_')}_v0"


def multi_agent_env(
    game_id: str, players: int | None = None, variant: str | None = None, **options: Any
) -> Any:
    """RLlib's ``MultiAgentEnv`` of one configuration: ``PettingZooEnv`` around the AEC
    environment :func:`ecotone.rl.env` makes with the same arguments (``reward``,
    ``max_cycles``, ``illegal``, a game's options).

    Raises:
        ConfigError: for a configuration the game does not take, in its words.
    """
    return PettingZooEnv(EcotoneAEC(game_id, players, variant, **options))  # type: ignore[no-untyped-call]


def _create(game_id: str, config: Mapping[str, Any]) -> Any:
    # RLlib hands every creator an EnvContext (a dict that also knows the runner's index);
    # its keys are the environment's arguments.
    options = dict(config)
    players = options.pop("players", None)  # None: the fewest the game takes
    return multi_agent_env(game_id, players, **options)


def register(game_id: str) -> str:
    """Register ``game_id`` with Ray Tune (so ``PPOConfig().environment(name, ...)`` and
    every env runner of a cluster can make it) and return its name, :func:`env_name`.
    ``env_config`` without ``players`` plays the fewest the game takes.

    Raises:
        ConfigError: for a game that does not exist (here, not on a remote runner).
    """
    game_class(game_id)
    name = env_name(game_id)
    register_env(name, partial(_create, game_id))
    return name


def register_all() -> list[str]:
    """Register every game (:func:`register`); their names, in the games' order."""
    return [register(game_id) for game_id in ecotone.available_games()]


def shared(agent_id: Any, *args: Any, **kwargs: Any) -> str:
    """A ``policy_mapping_fn`` giving every seat the one policy ``"shared"``: self-play
    with one network for all seats (each seat's tensor is from its own point of view)."""
    return "shared"


def module_spec(
    policies: Sequence[str] = ("shared",),
    hidden: Sequence[int] = (64, 64),
    activation: str = "tanh",
) -> Any:
    """RLlib's ``MultiRLModuleSpec`` of one :class:`MaskedPPOModule` per policy, with
    ``hidden`` layers of ``activation`` (RLlib's names: ``"tanh"``, ``"relu"``, ...)
    before the policy's and the value's output layers, as :func:`weights_of` reads
    them."""
    config = {
        "fcnet_hiddens": list(hidden),
        "fcnet_activation": activation,
        "head_fcnet_hiddens": [],
        "vf_share_layers": False,
    }
    return MultiRLModuleSpec(
        rl_module_specs={
            policy: RLModuleSpec(module_class=MaskedPPOModule, model_config=config)
            for policy in policies
        }
    )


class MaskedPPOModule(DefaultPPOTorchRLModule):  # type: ignore[misc, unused-ignore]
    """PPO's default torch module for an Ecotone observation: the network reads the
    tensor, and the mask pushes every illegal action's logit to the lowest float32, so
    that no sampled or greedy action is ever illegal (and none takes part in the loss).

    It is built from the environment's dictionary space and builds RLlib's default
    encoder and heads for the tensor's space alone.
    """

    def __init__(self, *args: Any, observation_space: Any = None, **kwargs: Any) -> None:
        if observation_space is None or OBSERVATION not in getattr(observation_space, "spaces", {}):
            raise ValueError(
                "MaskedPPOModule reads an Ecotone environment's observation, "
                f"{{{OBSERVATION!r}: tensor, {MASK!r}: mask}}; got {observation_space}"
            )
        self.whole_space = observation_space
        super().__init__(  # type: ignore[no-untyped-call]
            *args, observation_space=observation_space[OBSERVATION], **kwargs
        )

    def setup(self) -> None:
        super().setup()  # type: ignore[no-untyped-call]
        # (RLlib checks a batch against the module's space: the dictionary it gets)
        self.observation_space = self.whole_space

    def _forward(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        mask, inner = _split(batch)
        return _masked(super()._forward(inner, **kwargs), mask)

    def _forward_train(self, batch: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        mask, inner = _split(batch)
        return _masked(super()._forward_train(inner, **kwargs), mask)

    def compute_values(self, batch: dict[str, Any], embeddings: Any = None) -> Any:
        if isinstance(batch[Columns.OBS], Mapping):
            _, batch = _split(batch)
        return super().compute_values(batch, embeddings)


def _split(batch: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """The mask, and the batch with the tensor alone as its observation (the batch
    itself is left as it is: RLlib reads it again)."""
    observation = batch[Columns.OBS]
    return observation[MASK], {**batch, Columns.OBS: observation[OBSERVATION]}


def _masked(out: dict[str, Any], mask: Any) -> dict[str, Any]:
    logits = out[Columns.ACTION_DIST_INPUTS]
    lowest = torch.finfo(logits.dtype).min
    out[Columns.ACTION_DIST_INPUTS] = torch.where(mask > 0, logits, lowest)
    return out


def weights_of(module: Any, about: Mapping[str, Any] | None = None) -> Weights:
    """The arrays of a trained :class:`MaskedPPOModule`'s policy (its actor's hidden layers
    and output layer), for the ``policy`` bot to play without PyTorch or Ray
    (:func:`~ecotone.bots.policy.weights.save_weights` writes them), stamped with the
    layout the module learnt on.

    Raises:
        ValueError: for a module whose policy is not dense layers of one activation
            numpy plays (:data:`~ecotone.bots.policy.weights.ACTIVATIONS`).
    """
    encoder = module.encoder
    actor = getattr(encoder, "actor_encoder", encoder)
    layers: list[Any] = []
    activations: set[str] = set()
    for part in (actor, module.pi):
        for child in part.modules():
            if isinstance(child, torch.nn.Linear):
                layers.append(child)
            elif not any(True for _ in child.children()):  # a leaf that is not a layer
                activations.add(type(child).__name__)
    if len(activations) > 1 or not activations <= set(ACTIVATIONS):
        raise ValueError(
            f"the policy's layers use {', '.join(sorted(activations))}; the policy bot "
            f"plays one activation of {', '.join(ACTIVATIONS)}"
        )
    space = module.whole_space
    size = int(space[OBSERVATION].shape[0])
    actions = int(module.action_space.n)
    return Weights(
        path="",
        observation_size=size,
        num_actions=actions,
        activation=next(iter(activations), "Tanh"),
        hidden=tuple((_array(layer.weight), _array(layer.bias)) for layer in layers[:-1]),
        action=(_array(layers[-1].weight), _array(layers[-1].bias)),
        inputs=np.arange(size, dtype=np.int64),
        actions=np.arange(actions, dtype=np.int64),
        layout=getattr(space[OBSERVATION], "ecotone_layout", None),
        about=dict(about or {}),
    )


def _array(parameter: Any) -> Any:
    return parameter.detach().cpu().numpy().astype(np.float32)
