"""Reinforcement learning: every Ecotone game as PettingZoo and Gymnasium environments.

Install with ``pip install 'ecotone[rl]'`` (numpy, Gymnasium, PettingZoo). Then::

    import ecotone.rl

    game_id = ecotone.available_games()[0]
    aec = ecotone.rl.env(game_id, players=2, render_mode="ansi")   # one seat at a time
    par = ecotone.rl.parallel_env(game_id, players=2)              # every seat asked at once
    gym = gymnasium.make(ecotone.rl.env_id(game_id), players=2, opponents="heuristic")
    print(ecotone.rl.layout(game_id, players=2).describe())        # what each slot means

Every observation is a fixed-size float32 tensor computed from ``state.observe(seat)``
alone (so it holds exactly what the seat may know) and an action mask over the game's
fixed action index (``game.num_distinct_actions``). See ``docs/rl.md``.
"""

from __future__ import annotations

try:
    import gymnasium as _gymnasium  # noqa: F401 - fail early, with the extra to install
    import numpy as _numpy  # noqa: F401
    import pettingzoo as _pettingzoo  # type: ignore[import-untyped]  # noqa: F401
except ModuleNotFoundError as exc:  # pragma: no cover - depends on the installation
    raise ModuleNotFoundError(
        f"ecotone.rl needs {exc.name}: install the extra with pip install 'ecotone[rl]'",
        name=exc.name,
    ) from None

from ecotone.bots.tensor.encoding import Layout, layout
from ecotone.bots.tensor.nodes import Slice
from ecotone.rl.aec import EcotoneAEC, env
from ecotone.rl.parallel import EcotoneParallel, parallel_env
from ecotone.rl.single import EcotoneEnv, env_id, register_all
from ecotone.rl.table import Reward, final_rewards

__all__ = [
    "EcotoneAEC",
    "EcotoneEnv",
    "EcotoneParallel",
    "Layout",
    "Reward",
    "Slice",
    "env",
    "env_id",
    "final_rewards",
    "layout",
    "parallel_env",
]

register_all()
