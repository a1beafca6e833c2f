"""BIOME Borneo (Goat Rock Games) as an Ecotone game."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from typing import Any, Final

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.game import Game, ScoreTerm, StepHooks
from ecotone.core.parts import ObservationPart
from ecotone.core.presentation import Presentation
from ecotone.core.spec import Chance, GameSpec, Information, Option
from ecotone.core.tuples import listed, seat_name
from ecotone.games.biome import parts, phase, presentation, render, rules, view
from ecotone.games.biome.actions import CODEC
from ecotone.games.biome.board import formations
from ecotone.games.biome.cards import cards
from ecotone.games.biome.config import MAX_ROUNDS, STALL_ROUNDS, Config
from ecotone.games.biome.refusals import BiomeRefusal
from ecotone.games.biome.scoring import SeatScore, score_seats, winners
from ecotone.games.biome.state import BiomeData
from ecotone.games.biome.tiles import tiles

__all__ = ["SPEC", "BiomeBorneo"]

# A turn is at most: 3 reactions, 1 + 5 + 1 exchange choices, 3 withdrawn habitats and as many
# earned cards as tiles in hand (each: choose, up to 8 tiles, prey, confirm), abilities and
# their choices, 5 refills, discards and a disaster's choices: well under 200 decisions.
_PER_TURN: Final = 200

SPEC: Final = GameSpec(
    id="biome-borneo",
    title="BIOME Borneo",
    summary="Regrow Borneo's layered rainforest with hex plant tiles, create habitats and "
    "build food chains from insects to apex predators.",
    min_players=2,
    max_players=4,
    information=Information.IMPERFECT,
    chance=Chance.THROUGHOUT,
    simultaneous=True,
    max_steps=MAX_ROUNDS * 4 * _PER_TURN,
    rules_version="1.1.0",
    options=(
        Option(
            "formation",
            "the board formation: classic, or an alternate biome set-up",
            "classic",
            ("classic", "stairway", "fragments"),
            label="Board formation",
            value_labels=tuple((key, b.name) for key, b in formations().items()),
        ),
        Option(
            "opportunist",
            "when an Opportunist may be played: 'any-time' (your own decisions and a reaction "
            "window at the start of every other turn) or 'own-turn' (your own decisions only)",
            "any-time",
            ("any-time", "own-turn"),
            label="When an Opportunist may be played",
            value_labels=(
                ("any-time", "At any time, also at the start of the others' turns"),
                ("own-turn", "Only on your own turn"),
            ),
        ),
        Option(
            "first_player",
            "who takes the first turn: 'random' (drawn by the game's seed; the rulebook "
            "leaves it to the table) or 'P1'; the player who starts wins more often",
            "random",
            ("random", "P1"),
            label="Who takes the first turn",
            value_labels=(("random", "Drawn at random"), ("P1", "Always P1")),
        ),
    ),
)


class BiomeBorneo(Game[BiomeData]):
    """BIOME Borneo: 2-4 players, with a choice of board formations."""

    spec = SPEC
    data_type = BiomeData
    codec = CODEC
    refusals = BiomeRefusal

    @classmethod
    def present(cls) -> Presentation:
        return presentation.present()

    def __init__(self, players: int, variant: str | None = None, **options: Any) -> None:
        super().__init__(players, variant, **options)
        formation = str(self.options["formation"])
        assert formation in formations()
        # Made once here, not as a property cached on first use: compiled (the optional
        # mypyc build), functools' cached property is a plain one, made again each time.
        #: The rules' view of this configuration.
        self.cfg: Config = Config.make(
            self.players,
            formation,
            self.options["opportunist"] == "any-time",
            self.options["first_player"] == "random",
        )

    def setup(self, rnd: random.Random) -> BiomeData:
        return rules.setup(rnd, self.cfg)

    def to_move(self, data: BiomeData) -> tuple[int, ...]:
        return rules.to_move(data)

    def chosen(self, data: BiomeData) -> tuple[int, ...]:
        return rules.chosen(data)

    def legal(self, data: BiomeData, seat: int) -> list[Action]:
        return rules.legal(self.cfg, data, seat)

    def next(self, data: BiomeData, seat: int, action: Action) -> BiomeData:
        return rules.next_data(self.cfg, data, seat, action)

    def step_hooks(self) -> StepHooks[BiomeData]:
        # A step calls the rules directly: whose turn it is needs no configuration, and the
        # legal actions, the next state and a random playout's action get it from a
        # positional partial, which binds it in C (a keyword partial, or a method that
        # hands it on, costs a Python call).
        return StepHooks(
            rules.to_move,
            partial(rules.legal, self.cfg),
            partial(rules.next_data, self.cfg),
            partial(rules.pick, self.cfg),
        )

    def refusal(self, data: BiomeData, seat: int, action: Action) -> IllegalAction | None:
        return rules.refusal(data, seat, action, self.cfg)

    def observation(self, data: BiomeData, seat: int | None) -> dict[str, Any]:
        return view.observation(data, seat, self.cfg)

    def observation_parts(self, seat: int) -> tuple[ObservationPart[BiomeData], ...]:
        return parts.observation_parts(seat, self.cfg)

    def render(self, data: BiomeData, seat: int | None) -> str:
        return render.render(data, seat, self.cfg)

    def preview(self, data: BiomeData, seat: int, action: Action) -> str | None:
        return render.preview(data, seat, action, self.cfg)

    def determinize(self, data: BiomeData, seat: int, rnd: random.Random) -> BiomeData:
        return view.determinize(data, seat, rnd)

    def scores(self, data: BiomeData) -> list[float]:
        return [float(sc.total) for sc in score_seats(data)]

    def winners(self, data: BiomeData) -> list[int]:
        return winners(data)

    def breakdown(self, data: BiomeData) -> list[tuple[ScoreTerm, ...]]:
        return [
            tuple(ScoreTerm(name, float(points)) for name, points in sc.terms())
            for sc in score_seats(data)
        ]

    def ending(self, data: BiomeData) -> str:
        # (§End of the game) the game records which of its three ends it reached
        if data.ended_by == "perimeter" and data.trigger is not None:
            who = seat_name(data.trigger)
            why = (
                f"{who} took the last perimeter tile, and the final round was played, "
                f"ending with {who}'s turn."
            )
        elif data.ended_by == "stall":
            why = (
                f"Nobody placed a tile for {STALL_ROUNDS} rounds in a row: the forest stopped "
                "growing."
            )
        else:
            why = f"The game reached its limit of {MAX_ROUNDS} rounds."
        tie = _tie_settled(score_seats(data))
        return f"{why} {tie}" if tie else why

    def starting_seat(self, data: BiomeData) -> int:
        # The Opportunist reaction window opens at the start of every turn, the first one
        # too: the other players answer it before the starting player decides anything.
        return data.turn

    def turn(self, data: BiomeData) -> int:
        # the round, as the game counts it (its picture, its end after rounds without a
        # tile placed): every player's turn once, from the first player
        return (data.turns - 1) // self.players + 1

    def phase(self, data: BiomeData, seat: int | None) -> str | None:
        return phase.phase(data, seat)

    def zones(self, data: BiomeData) -> Mapping[str, Iterable[str]]:
        return view.zones(data, self.cfg)

    def components(self) -> Iterable[str]:
        return (*cards().ids, *cards().bonus_ids, *tiles().ids)

    @property
    def max_steps(self) -> int:
        return MAX_ROUNDS * self.players * _PER_TURN


def _apexes(score: SeatScore) -> int:
    return score.apexes


def _tiles_left(score: SeatScore) -> int:
    return score.tiles_left


# The tie-breaks in order (§Scoring): what the seats ahead have, the count it compares,
# and whether the fewest (not the most) is ahead.
_TIE_BREAKS: Final[tuple[tuple[str, Callable[[SeatScore], int], bool], ...]] = (
    ("the most Apex Predators", _apexes, False),
    ("the fewest tiles left", _tiles_left, True),
)


def _tie_settled(scores: list[SeatScore]) -> str | None:
    """How a tie on points was settled, in a sentence; ``None`` without a tie.

    The tied seats are narrowed by the most Apex Predators, then by the fewest tiles
    left. Each tie-break that tells them apart is said with every tied seat's count;
    seats still tied after both share the win.
    """
    top = max(sc.total for sc in scores)
    level = [s for s, sc in enumerate(scores) if sc.total == top]
    if len(level) == 1:
        return None
    said = [f"{listed([seat_name(s) for s in level])} tie on {top} points"]
    for ahead_by, count, fewest in _TIE_BREAKS:
        counts = {s: count(scores[s]) for s in level}
        best = (min if fewest else max)(counts.values())
        ahead = [s for s in level if counts[s] == best]
        if len(ahead) < len(level):
            each = ", ".join(f"{seat_name(s)} {n}" for s, n in counts.items())
            verb = "wins" if len(ahead) == 1 else "stay ahead"
            said.append(f"{listed([seat_name(s) for s in ahead])} {verb} with {ahead_by} ({each})")
            level = ahead
        if len(level) == 1:
            return "; ".join(said) + "."
    if len(said) == 1:  # nothing told them apart
        return f"{said[0]}, Apex Predators and tiles left: they share the win."
    return "; ".join(said) + f"; {listed([seat_name(s) for s in level])} share the win."
