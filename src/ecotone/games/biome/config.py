"""The fixed facts of one configured game: players, formation, options, and the rule numbers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ecotone.games.biome.board import Board, board

__all__ = [
    "GALLERY",
    "HAND",
    "MAX_CHAIN",
    "MAX_ROUNDS",
    "MAX_WITHDRAWALS",
    "STALL_ROUNDS",
    "TILE_LIMIT",
    "Config",
]

HAND: Final = 5  # cards in hand [rulebook]
GALLERY: Final = 3  # face-up Card Gallery [rulebook]
TILE_LIMIT: Final = {2: 5, 3: 4, 4: 3}  # tiles per player [rulebook]
MAX_CHAIN: Final = 5  # a food chain holds up to 5 animals [rulebook]
MAX_WITHDRAWALS: Final = 3  # habitats a player may withdraw per turn [ecotone]
STALL_ROUNDS: Final = 3  # rounds without any tile placed end the game [ecotone]
MAX_ROUNDS: Final = 60  # a hard stop, far beyond any real game [ecotone]


@dataclass(frozen=True, slots=True)
class Config:
    """What the rules need to know about the configuration.

    Attributes:
        players: the number of seats.
        geo: the board formation.
        react: Opportunists may also be played in a window at the start of others' turns.
        random_first: the seed draws who takes the first turn; otherwise P1 does.
    """

    players: int
    geo: Board
    react: bool
    random_first: bool = True

    @property
    def limit(self) -> int:
        """The tile limit: tiles each player holds after refilling."""
        return TILE_LIMIT[self.players]

    @classmethod
    def make(
        cls,
        players: int,
        formation: str = "classic",
        react: bool = True,
        random_first: bool = True,
    ) -> Config:
        """The configuration for ``players`` on ``formation``."""
        return cls(players, board(formation), react, random_first)
