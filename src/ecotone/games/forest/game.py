"""Once Upon a Forest (Jeux Opla, 2013) as an Ecotone game."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.game import Game
from ecotone.core.presentation import Presentation
from ecotone.core.spec import Chance, GameSpec, Information, Provenance, Variant
from ecotone.games.forest import presentation, refusals, rules, view
from ecotone.games.forest.actions import CODEC
from ecotone.games.forest.cards import cards
from ecotone.games.forest.refusals import ForestRefusal
from ecotone.games.forest.scoring import is_complete, score_forest, tops
from ecotone.games.forest.state import ForestData

__all__ = ["SOLO_RATINGS", "OnceUponAForest", "degradation_limit", "table_chainsaws"]

SOLO = "solo"
SEMI_COOP = "semi-cooperative"

# Solo rating table (§Solo): the lowest score of each rating.
SOLO_RATINGS: tuple[tuple[int, str], ...] = (
    (24, "Primary rainforest"),
    (18, "Old-growth forest"),
    (12, "Healthy forest"),
    (6, "Young forest"),
    (-99, "Clear-cut"),
)

# The solo game is won with a Healthy forest that also outscores the Neighbouring Forest.
SOLO_TARGET = 12

SPEC = GameSpec(
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
    rules_version="1.0.0",
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


def table_chainsaws(d: ForestData) -> int:
    """Chainsaws showing in the complete trees of every forest together (§Semi-cooperative)."""
    by_id = cards().by_id
    return sum(by_id[c].chainsaw for f in d.forests for t in f if is_complete(t) for c in tops(t))


def degradation_limit(players: int) -> int:
    """The most chainsaws the table's complete trees may show in the semi-cooperative game.

    The same for every table: all 64 cards end up in the forests whatever the number of
    players, so the 12 chainsaws are always there to be covered or left showing.
    """
    del players
    return 2


def solo_rating(points: int) -> str:
    """The solo game's rating of a final score."""
    return next(name for low, name in SOLO_RATINGS if points >= low)


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
        return rules.legal(data, seat, self.players)

    def next(self, data: ForestData, seat: int, action: Action) -> ForestData:
        return rules.next_data(data, seat, action, self.players)

    def refusal(self, data: ForestData, seat: int, action: Action) -> IllegalAction | None:
        return refusals.refusal(data, seat, action, self.players)

    def observation(self, data: ForestData, seat: int | None) -> dict[str, Any]:
        obs = view.observation(data, seat, self.players)
        if self.variant == SEMI_COOP:
            obs["table_chainsaws"] = table_chainsaws(data)
            obs["degradation_limit"] = degradation_limit(self.players)
        return obs

    def render(self, data: ForestData, seat: int | None) -> str:
        text = view.render(data, seat, self.players)
        if self.variant == SEMI_COOP:
            text += (
                f"\nTable: {table_chainsaws(data)} chainsaw(s) in complete trees; "
                f"more than {degradation_limit(self.players)} and everybody loses"
            )
        if self.variant == SOLO and not rules.to_move(data):
            points = score_forest(data.forests[0]).total
            text += f"\nRating: {solo_rating(points)}"
        return text

    def determinize(self, data: ForestData, seat: int, rnd: random.Random) -> ForestData:
        return view.determinize(data, seat, rnd)

    def scores(self, data: ForestData) -> list[float]:
        return [float(score_forest(f).total) for f in data.forests]

    def winners(self, data: ForestData) -> list[int]:
        points = self.scores(data)
        if self.variant == SOLO:
            beaten = points[0] > score_forest(data.neighbour).total
            return [0] if beaten and points[0] >= SOLO_TARGET else []
        if self.variant == SEMI_COOP and table_chainsaws(data) > degradation_limit(self.players):
            return []
        best = max(points)
        return [s for s, p in enumerate(points) if p == best]

    def zones(self, data: ForestData) -> Mapping[str, Iterable[str]]:
        return view.zones(data)

    def components(self) -> Iterable[str]:
        return cards().ids

    @property
    def max_steps(self) -> int:
        # the piles hold 60 cards plus the spare start cards
        in_piles = 60 + 4 - self.players
        return 3 * in_piles
