"""A toy tile-laying game for the terminal's tests: its placement declares ``choose_by``
(where, which tile, which way) and the game draws a preview of each way, as a real
tile-laying game would; no real game is named."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

import msgspec

from ecotone.cli.choose import Decision
from ecotone.cli.names import Vocabulary
from ecotone.core.actions import Action, ActionCodec
from ecotone.core.errors import IllegalAction, Refusal
from ecotone.core.game import Game, State
from ecotone.core.presentation import Presentation
from ecotone.core.spec import Chance, GameSpec, Information

CELLS = ("a1", "a2", "b1", "b2", "c1")
TILES = ("T1", "T2")


class Lay(Action, frozen=True, tag="lay"):
    notation: ClassVar[str] = "lay {tile} on {cell} turned {turn}"
    choose_by: ClassVar[tuple[str, ...]] = ("cell", "tile", "turn")
    tile: str
    cell: str
    turn: int


class Rest(Action, frozen=True, tag="rest"):
    notation: ClassVar[str] = "rest"


class TilesRefusal(Refusal):
    TAKEN = "tiles/taken"


class TilesData(msgspec.Struct, frozen=True):
    board: tuple[tuple[str, str, int], ...] = ()
    turn: int = 0


class Tiles(Game[TilesData]):
    """Two players lay the tiles T1 and T2 (always in hand) on free cells, turned 0-2;
    each decides twice in a row, P1 then P2, eight decisions in all; resting is always
    allowed, and is the only move once the board is full."""

    spec = GameSpec(
        id="toy-tiles",
        title="Toy Tiles",
        summary="Lay tiles.",
        min_players=2,
        max_players=2,
        information=Information.PERFECT,
        chance=Chance.NONE,
        simultaneous=False,
        max_steps=8,
        rules_version="0.1",
    )
    data_type = TilesData
    codec = ActionCodec({Lay: {"tile": TILES, "cell": CELLS, "turn": (0, 1, 2)}, Rest: {}})
    refusals = TilesRefusal

    @classmethod
    def present(cls) -> Presentation:
        return Presentation(
            catalog={"tiles": {"T1": {"name": "Fern tile"}, "T2": {"name": "Orchid tile"}}}
        )

    def setup(self, rnd: random.Random) -> TilesData:
        return TilesData()

    def to_move(self, data: TilesData) -> tuple[int, ...]:
        return () if data.turn >= 8 else ((data.turn // 2) % 2,)

    def legal(self, data: TilesData, seat: int) -> list[Action]:
        taken = {cell for _, cell, _ in data.board}
        lays: list[Action] = [
            Lay(t, c, r) for c in CELLS if c not in taken for t in TILES for r in (0, 1, 2)
        ]
        return [*lays, Rest()]

    def next(self, data: TilesData, seat: int, action: Action) -> TilesData:
        board = data.board
        if isinstance(action, Lay):
            board = (*board, (action.tile, action.cell, action.turn))
        return TilesData(board, data.turn + 1)

    def refusal(self, data: TilesData, seat: int, action: Action) -> IllegalAction | None:
        if isinstance(action, Lay) and any(c == action.cell for _, c, _ in data.board):
            return IllegalAction(TilesRefusal.TAKEN, f"{action.cell} already holds a tile")
        return None

    def preview(self, data: TilesData, seat: int, action: Action) -> str | None:
        if not isinstance(action, Lay):
            return None
        return ["/\\", "|>", "\\/"][action.turn] + f" {action.tile}"

    def observation(self, data: TilesData, seat: int | None) -> dict[str, Any]:
        return {"board": [list(b) for b in data.board]}

    def render(self, data: TilesData, seat: int | None) -> str:
        return "board: " + ", ".join(f"{t}@{c}/{r}" for t, c, r in data.board)

    def determinize(self, data: TilesData, seat: int, rnd: random.Random) -> TilesData:
        return data

    def scores(self, data: TilesData) -> list[float]:
        return [0.0, 0.0]

    def winners(self, data: TilesData) -> list[int]:
        return [0, 1]

    def zones(self, data: TilesData) -> Mapping[str, Iterable[str]]:
        return {}


def decision(state: State[Any] | None = None) -> Decision:
    game = Tiles(2)
    return Decision(state or game.start(1), 0, Vocabulary(Tiles.presentation()))
