"""PettingZoo's agent-environment-cycle form: one seat decides at a time.

``ecotone.rl.env(game_id, players=..., variant=..., **options)`` makes an
:class:`EcotoneAEC`. Agents are ``player_0 .. player_{n-1}`` (seat ``i`` is
``player_i``); ``env.agent_selection`` is the seat to move. When several seats decide at
once (a sealed bid), they are asked one after the other: a choice made stays hidden from
the others until all have chosen, as the game's observation keeps it.

Each observation is ``{"observation": tensor, "action_mask": mask}`` (see
:mod:`ecotone.bots.tensor.encoding` for the tensor), and ``env.infos[agent]["observation_json"]``
is the JSON the tensor encodes, ``state.observe(seat)`` of the state now, made when first
read (:class:`~ecotone.rl.table.ObservationInfo`). Rewards come when the game ends
(:class:`~ecotone.rl.table.Reward`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ecotone.rl.table import Table, agent_name, observation_infos

__all__ = ["EcotoneAEC", "env"]

ObsDict = dict[str, npt.NDArray[Any]]


class EcotoneAEC(AECEnv):  # type: ignore[misc] # PettingZoo ships no type information
    """An Ecotone game as a PettingZoo AEC environment.

    Args:
        game_id: one of :func:`ecotone.available_games`.
        players, variant, options: the configuration, as :func:`ecotone.make` takes it;
            ``players`` ``None`` (the default): the fewest the game (or the variant) takes.
        render_mode: ``"ansi"`` (:meth:`render` returns the table as text) or ``None``.
        reward: ``"win"`` (+1 winners, -1 the others) or ``"margin"`` (score minus the
            best other score), paid when the game ends.
        illegal: ``"terminate"`` (an action outside the mask ends the game, paying that
            seat ``illegal_reward``) or ``"raise"``.
        max_cycles: truncate every agent after this many rounds of decisions
            (``max_cycles * players`` steps); ``None``: play to the end (every game
            ends within ``game.max_steps`` steps).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it
        "render_modes": ["ansi"],
        "render_fps": 4,
        # a seat may decide several times in a row, which PettingZoo's ``aec_to_parallel``
        # (one decision per agent per cycle) cannot hold: the parallel form is
        # :func:`~ecotone.rl.parallel.parallel_env`
        "is_parallelizable": False,
    }

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
        super().__init__()
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
        self._names = tuple(self.possible_agents)
        self._agent_seats = tuple(self._seats.items())
        space = spaces.Dict(
            {"observation": self.table.tensor_space(), "action_mask": self.table.mask_space()}
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self.table.action_space())
        self._rng = np.random.default_rng()
        self._steps = 0
        self.agents: list[str] = []
        self.agent_selection: str = self._names[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the cycle ---------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. ``seed`` is the engine's seed, so ``reset(seed=s)`` replays
        exactly what ``ecotone.make(...).start(s)`` does; without one, the next seed is
        drawn from the environment's own generator."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._rng.integers(2**31))
        self.table.start(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {}
        self._infos()
        self._steps = 0
        self._select()

    def observe(self, agent: str) -> ObsDict:
        seat = self._seats[agent]
        table = self.table
        return {"observation": table.tensor(seat), "action_mask": table.mask(seat)}

    def last(self, observe: bool = True) -> tuple[ObsDict | None, float, bool, bool, Any]:
        """The agent to move: its observation (``None`` unless ``observe``), cumulative
        reward, whether it is terminated and truncated, and its info, as PettingZoo's
        ``AECEnv.last`` gives them. Asked at every step, so the observation is made here
        rather than through :meth:`observe` and the table's own methods: two calls
        fewer."""
        agent = self.agent_selection
        observation: ObsDict | None = None
        if observe:
            seat = self._seats[agent]
            table = self.table
            observation = {
                "observation": table.encoders[seat].encode(table.state),
                "action_mask": table.mask(seat),
            }
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        seat = self._seats[agent]
        chosen = table.action(seat, action)
        if chosen is None:
            self._finish(self.table.illegal_rewards(seat))
            self.infos[agent]["illegal"] = action
            return
        table.play(seat, chosen)
        self._steps += 1
        state = table.state
        seats = state.to_move
        if not seats:  # over
            self._finish(table.rewards())
            return
        # Rewards come at the end only, so until then every reward and cumulative reward
        # is 0 and PettingZoo's clearing and accumulating would change nothing.
        self.infos = observation_infos(state, self._agent_seats)
        if self.max_cycles is not None and self._steps >= self.max_cycles * len(
            self.possible_agents
        ):
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._names[seats[0]]

    def _finish(self, rewards: list[float]) -> None:
        """End the game: every agent terminated, with its reward."""
        self._cumulative_rewards[self.agent_selection] = 0.0
        self._clear_rewards()
        self._infos()
        self._end(rewards)
        self._accumulate_rewards()

    def _infos(self) -> None:
        """Each agent's info now: its ``observation_json``, made when read."""
        self.infos = observation_infos(self.table.state, self._agent_seats)

    def _select(self) -> None:
        self.agent_selection = self._names[self.table.state.to_move[0]]

    def _end(self, rewards: list[float]) -> None:
        for agent in self.agents:
            self.rewards[agent] = rewards[self._seats[agent]]
        self.terminations = dict.fromkeys(self.agents, True)

    # -- the rest ----------------------------------------------------------------------

    def render(self) -> str | None:
        """The table as a spectator sees it (``render_mode="ansi"``), else ``None``."""
        if self.render_mode != "ansi":
            return None
        return self.table.state.render(None)

    def close(self) -> None:
        """Nothing to release."""


def env(
    game_id: str,
    players: int | None = None,
    variant: str | None = None,
    *,
    render_mode: str | None = None,
    **options: Any,
) -> EcotoneAEC:
    """An Ecotone game as a PettingZoo AEC environment (see :class:`EcotoneAEC`)."""
    return EcotoneAEC(game_id, players, variant, render_mode=render_mode, **options)
