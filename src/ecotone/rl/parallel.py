"""PettingZoo's parallel form: every seat asked to decide does so in the same step.

``ecotone.rl.parallel_env(game_id, players=..., ...)`` makes an :class:`EcotoneParallel`,
the natural form for the games whose seats decide at once (``spec.simultaneous``: sealed
choices, secret routes); it works for every game, a turn-based one simply asking one
seat per step. Each step takes an action from every live agent: those of the seats in
``state.to_move`` are applied (in seat order: the game keeps each choice hidden until
all are in), the others are ignored, and their masks are all zero to say so.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from ecotone.rl.aec import ObsDict
from ecotone.rl.table import Table, agent_name, observation_infos

__all__ = ["EcotoneParallel", "parallel_env"]


class EcotoneParallel(ParallelEnv):  # type: ignore[misc] # PettingZoo ships no type information
    """An Ecotone game as a PettingZoo parallel environment.

    Takes the arguments of :class:`~ecotone.rl.aec.EcotoneAEC`; ``max_cycles`` counts
    steps of this environment (each a decision of every seat asked).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 - PettingZoo reads it

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        variant: str | None = None,
        *,
        render_mode: str | None = None,
        reward: str = "win",
        illegal: str = "terminate",
        illegal_reward: float = -1.0,
        max_cycles: int | None = None,
        **options: Any,
    ) -> None:
        self.table = Table(game_id, players, variant, options, reward, illegal, illegal_reward)
        self.metadata = {
            **type(self).metadata,
            "name": f"ecotone_{game_id.replace('-', '_')}_v0",
        }
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.possible_agents = [agent_name(seat) for seat in range(self.table.game.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        space = spaces.Dict(
            {"observation": self.table.tensor_space(), "action_mask": self.table.mask_space()}
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self.table.action_space())
        self._rng = np.random.default_rng()
        self._steps = 0
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, ObsDict], dict[str, dict[str, Any]]]:
        """Start a new game; ``seed`` is the engine's seed (as in the AEC form)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._rng.integers(2**31))
        self.table.start(game_seed)
        self.agents = list(self.possible_agents)
        self._steps = 0
        return self._observe_all()

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, ObsDict],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Apply the choices of the seats asked; ignore the others'."""
        table = self.table
        rewards = dict.fromkeys(self.agents, 0.0)
        over = False
        illegal: dict[str, Any] = {}
        for seat in table.state.to_move:
            if seat not in table.state.to_move:  # the game moved on without it
                continue
            agent = agent_name(seat)
            chosen = table.action(seat, actions.get(agent))
            if chosen is None:
                illegal[agent] = actions.get(agent)
                final = table.illegal_rewards(seat)
                over = True
                break
            table.play(seat, chosen)
        else:
            final = table.rewards() if table.state.is_over else []
            over = bool(final)
        self._steps += 1
        truncated = not over and self.max_cycles is not None and self._steps >= self.max_cycles
        for agent in self.agents:
            if over:
                rewards[agent] = final[self._seats[agent]]
        observations, infos = self._observe_all()
        for agent, action in illegal.items():
            infos[agent]["illegal"] = action
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, truncated)
        if over or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observe_all(self) -> tuple[dict[str, ObsDict], dict[str, dict[str, Any]]]:
        # every agent's tensor and mask straight from the table's encoders and masks, and
        # the infos made together: no Observation record or Python __init__ per agent
        table = self.table
        state = table.state
        encoders = table.encoders
        observations: dict[str, ObsDict] = {}
        seats: list[tuple[str, int]] = []
        for agent in self.agents:
            seat = self._seats[agent]
            observations[agent] = {
                "observation": encoders[seat].encode(state),
                "action_mask": table.mask(seat),
            }
            seats.append((agent, seat))
        return observations, observation_infos(state, seats)

    def render(self) -> str | None:
        """The table as a spectator sees it (``render_mode="ansi"``), else ``None``."""
        if self.render_mode != "ansi":
            return None
        return self.table.state.render(None)

    def close(self) -> None:
        """Nothing to release."""


def parallel_env(
    game_id: str,
    players: int | None = None,
    variant: str | None = None,
    *,
    render_mode: str | None = None,
    **options: Any,
) -> EcotoneParallel:
    """An Ecotone game as a PettingZoo parallel environment (see :class:`EcotoneParallel`)."""
    return EcotoneParallel(game_id, players, variant, render_mode=render_mode, **options)
