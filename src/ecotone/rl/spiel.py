"""OpenSpiel: every Ecotone game as a Python game registered with ``pyspiel``.

``import ecotone.rl.spiel`` registers ``ecotone_<game>`` (dashes as underscores) for every
game, with the parameters ``players`` and ``variant`` (``""``: the standard game)::

    import pyspiel
    import ecotone.rl.spiel

    game = pyspiel.load_game("ecotone_biome_borneo", {"players": 3})
    # or: ecotone.rl.spiel.load_game(game_id, players=3)

How the Ecotone game maps onto OpenSpiel's model:

* chance: all of a game's randomness comes from its seed, so the first node is one
  explicit chance node choosing the seed among :data:`SEEDS` equally likely ones (dice
  and shuffles later in play follow from it, hidden in the state, as in the engine);
* turns: sequential; seats that decide at once are asked one after the other, each
  choice hidden from the others until all are in (the game's own observation sees to
  it);
* actions: the game's fixed action index (``game.num_distinct_actions``);
* observation: the tensor of :mod:`ecotone.bots.tensor.encoding` (``observation_tensor``) and the
  JSON of ``state.observe(seat)`` (``observation_string``); no information-state
  (perfect-recall) view yet;
* returns: +1 to each winner, -1 to every other seat, at the end.

Needs ``open_spiel`` (``pip install 'ecotone[bench]'`` or ``open_spiel`` itself).
"""

from __future__ import annotations

from typing import Any

import msgspec
import numpy as np
import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

import ecotone
from ecotone.bots.tensor.encoding import layout
from ecotone.core.game import Game, State
from ecotone.core.registry import game_class
from ecotone.rl.table import Reward, final_rewards

__all__ = ["SEEDS", "load_game", "register_all", "short_name"]

#: How many seeds the opening chance node chooses among.
SEEDS = 1024


def short_name(game_id: str) -> str:
    """OpenSpiel's name for ``game_id``: ``ecotone_<game>``, dashes as underscores."""
    return "ecotone_" + game_id.replace("-", "_")


def load_game(game_id: str, players: int, variant: str | None = None) -> Any:
    """The ``pyspiel`` game of a configuration (registering every game first)."""
    register_all()
    return pyspiel.load_game(short_name(game_id), {"players": players, "variant": variant or ""})


def _game_type(game_id: str) -> Any:
    spec = game_class(game_id).spec
    ranges = [spec.player_range(None), *(spec.player_range(v.name) for v in spec.variants)]
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Ecotone {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(high for _, high in ranges),
        min_num_players=min(low for low, _ in ranges),
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": spec.min_players, "variant": ""},
    )


class EcotoneSpielGame(pyspiel.Game):  # type: ignore[misc] # pyspiel has no types
    """One configured Ecotone game as an OpenSpiel game."""

    game_id = ""  # set by each game's subclass (see :func:`register_all`)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_id = self.game_id
        spec = game_class(game_id).spec
        players = int(params.get("players", spec.min_players))
        variant = str(params.get("variant", "")) or None
        self.ecotone: Game[Any] = ecotone.make(game_id, players=players, variant=variant)
        self.layout = layout(game_id, players=players, variant=variant)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.ecotone.num_distinct_actions,
            max_chance_outcomes=SEEDS,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.ecotone.max_steps,
        )
        super().__init__(_game_type(game_id), info, {"players": players, "variant": variant or ""})

    def new_initial_state(self) -> EcotoneSpielState:
        """The opening chance node, before the seed is drawn."""
        return EcotoneSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> EcotoneObserver:
        """The seat's tensor and JSON, whatever observation type is asked."""
        del iig_obs_type
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return EcotoneObserver(self)


class EcotoneSpielState(pyspiel.State):  # type: ignore[misc] # pyspiel has no types
    """An Ecotone state behind OpenSpiel's state API (``None`` before the seed)."""

    def __init__(self, game: EcotoneSpielGame) -> None:
        super().__init__(game)
        self.ecotone_game = game.ecotone
        self.state: State[Any] | None = None

    def current_player(self) -> int:
        if self.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.state.to_move[0]

    def _legal_actions(self, player: int) -> list[int]:
        assert self.state is not None
        index = self.ecotone_game.action_index
        return sorted(index(a) for a in self.state.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(seed, 1.0 / SEEDS) for seed in range(SEEDS)]

    def _apply_action(self, action: int) -> None:
        if self.state is None:
            self.state = self.ecotone_game.start(int(action))
            return
        seat = self.state.to_move[0]
        self.state = self.state.apply(seat, self.ecotone_game.codec.from_index(int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return str(self.ecotone_game.codec.from_index(int(action)))

    def is_terminal(self) -> bool:
        return self.state is not None and self.state.is_over

    def returns(self) -> list[float]:
        if self.state is None or not self.state.is_over:
            return [0.0] * self.ecotone_game.players
        return final_rewards(self.state, Reward.WIN)

    def __str__(self) -> str:
        if self.state is None:
            return "(the seed is not drawn yet)"
        return self.state.render(None)


class EcotoneObserver:
    """OpenSpiel's observer: the seat's tensor (:mod:`ecotone.bots.tensor.encoding`) and JSON."""

    def __init__(self, game: EcotoneSpielGame) -> None:
        self.layout = game.layout
        self.tensor = np.zeros(self.layout.size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: EcotoneSpielState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        if state.state is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.layout.encode(state.state.observe(player))

    def string_from(self, state: EcotoneSpielState, player: int) -> str:
        """``player``'s view of ``state`` as JSON text."""
        if state.state is None:
            return "{}"
        return msgspec.json.encode(state.state.observe(player), order="deterministic").decode()


_registered: dict[str, type[EcotoneSpielGame]] = {}


def register_all() -> None:
    """Register every available game with ``pyspiel`` (once each)."""
    for game_id in ecotone.available_games():
        if game_id in _registered:
            continue

        # a class per game, as pyspiel's own Python games register (a plain function
        # held by pyspiel's registry crashes the interpreter as it shuts down)
        name = "".join(part.title() for part in game_id.split("-")) + "SpielGame"
        cls = type(name, (EcotoneSpielGame,), {"game_id": game_id, "__module__": __name__})
        _registered[game_id] = cls
        pyspiel.register_game(_game_type(game_id), cls)


register_all()
