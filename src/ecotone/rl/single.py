"""Gymnasium's single-agent form: one learning seat, Ecotone bots in the others.

``import ecotone.rl`` registers ``ecotone/<game>-v0`` for every game, so::

    env = gymnasium.make("ecotone/once-upon-a-forest-v0", players=2, opponents="heuristic")

(or, without the import, ``gymnasium.make("ecotone.rl:ecotone/once-upon-a-forest-v0",
...)``). The observation is the seat's tensor (:mod:`ecotone.bots.tensor.encoding`); the
legal actions are ``info["action_mask"]``, and ``info["observation_json"]`` (made when
read) is the JSON the tensor came from. The other seats are played by named bots
(:func:`ecotone.bots.make_bot`) that see only their own seat's view, between the
learner's decisions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt

import ecotone
from ecotone.bots import Bot, SeatView, make_bot
from ecotone.core.errors import ConfigError
from ecotone.rl.table import Observation, Table

__all__ = ["EcotoneEnv", "env_id", "register_all"]


def env_id(game_id: str) -> str:
    """The Gymnasium id of ``game_id``: ``ecotone/<game>-v0``."""
    return f"ecotone/{game_id}-v0"


class EcotoneEnv(gymnasium.Env[npt.NDArray[Any], Any]):
    """One seat of an Ecotone game against bots.

    Args:
        game_id, players, variant, options: the configuration (:func:`ecotone.make`);
            ``players`` ``None`` (the default): the fewest the game (or the variant) takes.
        opponents: the bot for every other seat (``"heuristic"``, ``"random"``,
            ``"ismcts"``, ...), or one name per other seat, in seat order.
        seat: the learner's seat.
        reward: ``"win"`` (+1 when the learner wins, -1 when not) or ``"margin"`` (its
            final score minus the best other score), paid when the game ends.
        illegal: ``"terminate"`` (an action outside the mask ends the episode with
            ``illegal_reward``) or ``"raise"``.
        max_steps: truncate after this many of the learner's decisions; ``None``: play
            to the end.
        render_mode: ``"ansi"`` or ``None``.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 - read on the class

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        variant: str | None = None,
        *,
        opponents: str | Sequence[str] = "heuristic",
        seat: int = 0,
        reward: str = "win",
        illegal: str = "terminate",
        illegal_reward: float = -1.0,
        max_steps: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if "max_cycles" in options:  # the PettingZoo environments' word, met here often
            raise ConfigError(
                "config/unknown-option",
                "max_cycles is the PettingZoo environments' limit; this environment counts "
                "the learner's decisions: max_steps=N",
            )
        self.table = Table(game_id, players, variant, options, reward, illegal, illegal_reward)
        players = self.table.game.players
        if not 0 <= seat < players:
            raise ConfigError("config/bad-seat", f"seat {seat} is not in 0..{players - 1}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.seat = seat
        self.render_mode = render_mode
        self.max_steps = max_steps
        others = [s for s in range(players) if s != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ConfigError(
                "config/bad-opponents",
                f"{_seats(len(others))} other than the learner's need a bot each: "
                f"{len(names)} given",
            )
        self.opponents = dict(zip(others, names, strict=True))
        for other, name in self.opponents.items():  # refuse unknown names now
            make_bot(name, self.table.game, other, 0)
        self.observation_space = self.table.tensor_space()
        self.action_space = self.table.action_space()
        self._bots: dict[int, Bot] = {}
        self._steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start a game: ``seed`` is the engine's seed (bots are seeded from it too);
        without one, the next seed comes from the environment's generator."""
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(2**31))
        self.table.start(game_seed)
        self._bots = {
            other: make_bot(name, self.table.game, other, _bot_seed(game_seed, other))
            for other, name in self.opponents.items()
        }
        self._steps = 0
        self._play_others()
        seen = self.table.observe(self.seat)
        return seen.tensor, self._info(seen)

    def step(
        self, action: int
    ) -> tuple[npt.NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        """The learner takes ``action``; the bots play until it must decide again."""
        table = self.table
        chosen = table.action(self.seat, action)
        if chosen is None:
            seen = table.observe(self.seat)
            info = self._info(seen)
            info["illegal"] = action
            return seen.tensor, table.illegal_reward, True, False, info
        table.play(self.seat, chosen)
        self._steps += 1
        self._play_others()
        seen = table.observe(self.seat)
        over = table.state.is_over
        reward = table.rewards()[self.seat] if over else 0.0
        truncated = not over and self.max_steps is not None and self._steps >= self.max_steps
        return seen.tensor, reward, over, truncated, self._info(seen)

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The learner's action mask now, as ``info["action_mask"]`` gave it.

        The method sb3-contrib's action-masked algorithms (``MaskablePPO``) look for, so
        they train on this environment as it is, without a wrapper.
        """
        return self.table.mask(self.seat)

    def _play_others(self) -> None:
        table = self.table
        while True:
            to_move = table.state.to_move
            if not to_move or self.seat in to_move:
                return
            other = to_move[0]
            view = SeatView(table.state, other)
            table.play(other, self._bots[other].act(view))

    def _info(self, seen: Observation) -> dict[str, Any]:
        # observation_json is made when read: a learner seldom reads it
        info = self.table.info(self.seat)
        info["action_mask"] = seen.mask
        info["seed"] = self.table.seed
        if self.table.state.is_over:
            info["scores"] = list(self.table.state.scores())
            info["winners"] = list(self.table.state.winners())
        return info

    # (Gymnasium 1.2, which RLlib pins, types render's frames more narrowly than 1.4)
    def render(self) -> str | None:  # type: ignore[override, unused-ignore]
        """The table as a spectator sees it (``render_mode="ansi"``), else ``None``."""
        if self.render_mode != "ansi":
            return None
        return self.table.state.render(None)


def _bot_seed(seed: int, seat: int) -> int:
    """A bot's own seed, different per seat and per game."""
    return (seed * 1_000_003 + seat * 7_919) % 2**31


def register_all() -> None:
    """Register ``ecotone/<game>-v0`` with Gymnasium for every available game."""
    for game_id in ecotone.available_games():
        if env_id(game_id) not in gymnasium.registry:
            gymnasium.register(
                id=env_id(game_id),
                entry_point="ecotone.rl.single:EcotoneEnv",
                kwargs={"game_id": game_id},
                disable_env_checker=False,
            )


def _seats(n: int) -> str:
    return f"{n} seat" if n == 1 else f"{n} seats"
