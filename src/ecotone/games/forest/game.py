"""Once Upon a Forest (Jeux Opla, 2013) as an Ecotone game."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any, Final

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.game import Game, ScoreTerm, StepHooks
from ecotone.core.parts import ObservationPart
from ecotone.core.presentation import Presentation
from ecotone.core.spec import Chance, GameSpec, Information, Provenance, Variant
from ecotone.core.tuples import counted, seat_name
from ecotone.games.forest import (
    parts,
    phase,
    presentation,
    refusals,
    render,
    rules,
    scoring,
    view,
)
from ecotone.games.forest.actions import CODEC
from ecotone.games.forest.cards import cards
from ecotone.games.forest.refusals import ForestRefusal
from ecotone.games.forest.scoring import (
    SEMI_COOP,
    SOLO,
    SOLO_TARGET,
    degradation_limit,
    forest_points,
    score_forest,
    solo_rating,
    table_chainsaws,
)
from ecotone.games.forest.state import ForestData

__all__ = ["SPEC", "OnceUponAForest"]

SPEC: Final = GameSpec(
    id="once-upon-a-forest",
    title="Once Upon a Forest",
    summary="Grow a rainforest of complete trees in balance with its animals, and keep the "
    "chainsaws out.",
    min_players=2,
    max_players=4,
    information=Information.IMPERFECT,
    chance=Chance.SETUP,
    simultaneous=False,
    # at most 63 draws, 63 placements and 63 gifts (every card but the start cards)
    max_steps=3 * 63,
    rules_version="1.0.1",
    # 1.0.1 says counts as words in its pictures ("1 chainsaw", "Hand: 0 cards"): its
    # games are 1.0.0's, move for move
    replays_from=("1.0.0",),
    variants=(
        Variant(
            SOLO,
            "one player against the Neighbouring Forest, with a rating of the final score",
            1,
            1,
            Provenance.ECOTONE,
        ),
        Variant(
            SEMI_COOP,
            "the highest score wins, but everybody loses if the forests end too degraded",
            2,
            4,
            Provenance.ECOTONE,
        ),
    ),
)


class OnceUponAForest(Game[ForestData]):
    """Once Upon a Forest: 2-4 players, plus the solo and semi-cooperative variants."""

    spec = SPEC
    data_type = ForestData
    codec = CODEC
    refusals = ForestRefusal

    @classmethod
    def present(cls) -> Presentation:
        return presentation.present()

    def setup(self, rnd: random.Random) -> ForestData:
        return rules.setup(rnd, self.players)

    def to_move(self, data: ForestData) -> tuple[int, ...]:
        return rules.to_move(data)

    def legal(self, data: ForestData, seat: int) -> list[Action]:
        return rules.legal(data, seat)

    def next(self, data: ForestData, seat: int, action: Action) -> ForestData:
        return rules.next_data(data, seat, action)

    def step_hooks(self) -> StepHooks[ForestData]:
        # The rules read the number of players off the data (a forest per seat), so the
        # hooks above only hand on their arguments: a step calls the rules directly.
        return StepHooks(rules.to_move, rules.legal, rules.next_data)

    def refusal(self, data: ForestData, seat: int, action: Action) -> IllegalAction | None:
        return refusals.refusal(data, seat, action, self.players)

    def observation(self, data: ForestData, seat: int | None) -> dict[str, Any]:
        return view.observation(data, seat, self.players, self.variant)

    def observation_parts(self, seat: int) -> tuple[ObservationPart[ForestData], ...]:
        return parts.observation_parts(seat, self.players, self.variant)

    def render(self, data: ForestData, seat: int | None) -> str:
        return render.render(data, seat, self.players, self.variant)

    def determinize(self, data: ForestData, seat: int, rnd: random.Random) -> ForestData:
        return view.determinize(data, seat, rnd)

    def scores(self, data: ForestData) -> list[float]:
        return [float(forest_points(f)) for f in data.forests]

    def winners(self, data: ForestData) -> list[int]:
        return scoring.winners(data, self.variant)

    def breakdown(self, data: ForestData) -> list[tuple[ScoreTerm, ...]]:
        return [
            tuple(ScoreTerm(name, float(points)) for name, points in score_forest(f).terms())
            for f in data.forests
        ]

    def ending(self, data: ForestData) -> str:
        # One end (§The end): every card drawn and placed. The variants then judge the
        # forests against something the scores alone do not show (§Solo, §Semi-cooperative).
        said = "All the cards were drawn and placed in the forests."
        if self.variant == SOLO:
            return f"{said} {_solo_result(data)}"
        if self.variant == SEMI_COOP:
            return f"{said} {_shared_fate(data)}"
        return said

    def turn(self, data: ForestData) -> int | None:
        # Players count no turns: the game ends when the cards run out. The record keeps
        # none, and the cards placed do not tell them exactly (a player's last turn may
        # end without a gift), so there is no number to show.
        del data
        return None

    def phase(self, data: ForestData, seat: int | None) -> str | None:
        return phase.phase(data, seat, self.players)

    def zones(self, data: ForestData) -> Mapping[str, Iterable[str]]:
        return view.zones(data)

    def components(self) -> Iterable[str]:
        return cards().ids

    @property
    def max_steps(self) -> int:
        # the piles hold 60 cards plus the spare start cards
        in_piles = 60 + 4 - self.players
        return 3 * in_piles


def _solo_result(data: ForestData) -> str:
    """The solo game's verdict: the forest's score and rating against the target and the
    Neighbouring Forest's score (§Solo: at least 12, and more than the neighbour)."""
    points = forest_points(data.forests[0])
    neighbour = forest_points(data.neighbour)
    scored = f"{seat_name(0)}'s forest scored {points} ({solo_rating(points)})"
    if points >= SOLO_TARGET and points > neighbour:
        return (
            f"{scored}: at least {SOLO_TARGET} and more than the Neighbouring Forest's {neighbour}."
        )
    return (
        f"{scored}; it needed at least {SOLO_TARGET} and more than the Neighbouring "
        f"Forest's {neighbour}."
    )


def _shared_fate(data: ForestData) -> str:
    """The semi-cooperative verdict: the chainsaws showing in the complete trees of every
    forest together, against the most the table may leave showing (§Semi-cooperative)."""
    showing = table_chainsaws(data)
    limit = degradation_limit(len(data.forests))
    chainsaws = counted(showing, "chainsaw")
    shown = f"The complete trees of all the forests show {chainsaws}"
    if showing > limit:
        return f"{shown}, more than the limit of {limit}: the forest is lost and everybody loses."
    return f"{shown}, within the limit of {limit}, so the highest score wins."
