"""OpenSpiel: every Ecotone game as a Python game registered with ``pyspiel``.

``import ecotone.rl.openspiel`` registers ``ecotone_<game>`` (dashes as underscores) for every
game, with the parameters ``players`` and ``variant`` (``""``: the standard game)::

    import pyspiel
    import ecotone.rl.openspiel

    game = pyspiel.load_game("ecotone_biome_borneo", {"players": 3})
    # or: ecotone.rl.openspiel.load_game(game_id, players=3)

How the Ecotone game maps onto OpenSpiel's model:

* chance: all of a game's randomness comes from its seed, so the first node is one
  explicit chance node choosing the seed among :data:`SEEDS` equally likely ones (dice
  and shuffles later in play follow from it, hidden in the state, as in the engine);
* turns: sequential; seats that decide at once are asked one after the other, each
  choice hidden from the others until all are in (the game's own observation sees to
  it);
* actions: the game's fixed action index (``game.num_distinct_actions``);
* observation: the tensor of :mod:`ecotone.bots.tensor.encoding` (``observation_tensor``) and the
  JSON of ``state.observe(seat)`` (``observation_string``);
* information state (perfect recall): what the seat observed at every step since the
  seed, and its own actions (:class:`Recall`); ``information_state_string`` names it by a
  digest of that whole sequence, ``information_state_tensor`` is the present
  observation's tensor, the step counts and the digest's bits, so that two histories the
  seat cannot tell apart give the same, and two it can tell apart different ones;
  ``resample_from_infostate`` deals a state the seat cannot tell from this one (the
  engine's ``determinize``), which OpenSpiel's ISMCTS samples;
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
from ecotone.rl.recall import Recall
from ecotone.rl.table import Reward, final_rewards

__all__ = [
    "DIGEST_BITS",
    "SEEDS",
    "EcotoneObserver",
    "RecallObserver",
    "load_game",
    "register_all",
    "short_name",
]

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
        provides_information_state_string=True,
        provides_information_state_tensor=True,
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
    ) -> EcotoneObserver | RecallObserver:
        """The seat's information state when perfect recall is asked
        (``information_state_*``), else its observation now (``observation_*``)."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return RecallObserver(self)
        return EcotoneObserver(self)


class _Shared:
    """Something immutable a state holds: OpenSpiel clones a Python state by deep-copying
    its attributes, and this is shared by the copies instead."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class EcotoneSpielState(pyspiel.State):  # type: ignore[misc] # pyspiel has no types
    """An Ecotone state behind OpenSpiel's state API (``None`` before the seed), with the
    game's history as each seat recalls it (:class:`~ecotone.rl.recall.Recall`)."""

    def __init__(self, game: EcotoneSpielGame) -> None:
        super().__init__(game)
        self._game = _Shared(game.ecotone)
        self.recall: Recall | None = None  # copied cheaply when OpenSpiel clones

    @property
    def ecotone_game(self) -> Game[Any]:
        """The configured Ecotone game."""
        game: Game[Any] = self._game.value
        return game

    @property
    def state(self) -> State[Any] | None:
        """The Ecotone state now (``None`` before the seed is drawn)."""
        return None if self.recall is None else self.recall.states[-1]

    def current_player(self) -> int:
        state = self.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return state.to_move[0]

    def _legal_actions(self, player: int) -> list[int]:
        state = self.state
        assert state is not None
        index = self.ecotone_game.action_index
        return sorted(index(a) for a in state.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(seed, 1.0 / SEEDS) for seed in range(SEEDS)]

    def _apply_action(self, action: int) -> None:
        game = self.ecotone_game
        if self.recall is None:
            self.recall = Recall(game.players, game.start(int(action)))
            return
        state = self.recall.states[-1]
        assert state is not None
        seat = state.to_move[0]
        self.recall.step(seat, int(action), state.apply(seat, game.codec.from_index(int(action))))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return str(self.ecotone_game.codec.from_index(int(action)))

    def is_terminal(self) -> bool:
        state = self.state
        return state is not None and state.is_over

    def returns(self) -> list[float]:
        state = self.state
        if state is None or not state.is_over:
            return [0.0] * self.ecotone_game.players
        return final_rewards(state, Reward.WIN)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one, with the same information
        state for it: hidden cards re-dealt and chance re-seeded by the engine's
        ``determinize``, from a seed drawn with ``probability_sampler`` (OpenSpiel's
        ISMCTS samples its worlds so)."""
        state = self.state
        if state is None or self.recall is None:
            raise ValueError("the seed is not drawn yet: nothing to resample")
        seed = int(float(probability_sampler()) * 2**53)
        other = self.clone()
        other.recall = self.recall.resampled(player_id, state.determinize(player_id, seed))
        return other

    def __str__(self) -> str:
        state = self.state
        if state is None:
            return "(the seed is not drawn yet)"
        return state.render(None)


class EcotoneObserver:
    """OpenSpiel's observer: the seat's tensor (:mod:`ecotone.bots.tensor.encoding`) and JSON."""

    def __init__(self, game: EcotoneSpielGame) -> None:
        self.layout = game.layout
        self.tensor = np.zeros(self.layout.size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: EcotoneSpielState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        seen = state.state
        if seen is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.layout.encode(seen.observe(player))

    def string_from(self, state: EcotoneSpielState, player: int) -> str:
        """``player``'s view of ``state`` as JSON text."""
        seen = state.state
        if seen is None:
            return "{}"
        return msgspec.json.encode(seen.observe(player), order="deterministic").decode()


#: The bits of a seat's recall digest in the information-state tensor.
DIGEST_BITS = 64


class RecallObserver:
    """OpenSpiel's perfect-recall observer (the information state): the seat's
    observation tensor now, the steps taken and its own decisions among them, then
    :data:`DIGEST_BITS` bits of the digest of everything it observed and did
    (:class:`~ecotone.rl.recall.Recall`). Histories the seat cannot tell apart give the
    same tensor and string; histories it can, different ones (the digest's bits tell
    apart what the present view does not: a learner may ignore them)."""

    def __init__(self, game: EcotoneSpielGame) -> None:
        self.layout = game.layout
        size = self.layout.size
        self.tensor = np.zeros(size + 2 + DIGEST_BITS, dtype=np.float32)
        self.dict = {
            "observation": self.tensor[:size],
            "steps": self.tensor[size : size + 2],
            "recall": self.tensor[size + 2 :],
        }

    def set_from(self, state: EcotoneSpielState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s information state in ``state``."""
        recall = state.recall
        seen = state.state
        if recall is None or seen is None:
            self.tensor.fill(0.0)
            return
        self.dict["observation"][:] = self.layout.encode(seen.observe(player))
        self.dict["steps"][:] = (recall.steps, recall.decisions(player))
        digest = np.frombuffer(recall.digest(player)[: DIGEST_BITS // 8], dtype=np.uint8)
        self.dict["recall"][:] = np.unpackbits(digest)

    def string_from(self, state: EcotoneSpielState, player: int) -> str:
        """``player``'s information state in ``state``: the steps so far and the digest
        of its whole recollection (the seed's chance node: none yet)."""
        recall = state.recall
        if recall is None:
            return f"P{player + 1} before the seed"
        return f"P{player + 1} after {recall.steps} steps, recall {recall.digest(player).hex()}"


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
