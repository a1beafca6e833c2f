"""The game-agnostic kernel: the contract every game honours and the tools built on it.

Nothing here knows any particular game; games, bots, simulation and the CLI build on it.
"""

from ecotone.core.actions import Action, ActionCodec
from ecotone.core.errors import ConfigError, DataError, EcotoneError, IllegalAction, StateError
from ecotone.core.game import Game, State
from ecotone.core.replay import Replay
from ecotone.core.spec import Chance, GameSpec, Information, Option, Provenance, Variant

__all__ = [
    "Action",
    "ActionCodec",
    "Chance",
    "ConfigError",
    "DataError",
    "EcotoneError",
    "Game",
    "GameSpec",
    "IllegalAction",
    "Information",
    "Option",
    "Provenance",
    "Replay",
    "State",
    "StateError",
    "Variant",
]
