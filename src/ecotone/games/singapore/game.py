"""Singapore Untamed (SG Eco Fund 2020 student team, 2022) as an Ecotone game."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.game import Game, Lesson, ScoreTerm, StepHooks
from ecotone.core.parts import ObservationPart
from ecotone.core.presentation import Presentation
from ecotone.core.spec import Chance, GameSpec, Information, Provenance, Variant
from ecotone.games.singapore import lessons, parts, phase, presentation, render, rules, view
from ecotone.games.singapore.actions import CODEC
from ecotone.games.singapore.cards import cards
from ecotone.games.singapore.gamemaster import MOST_SEATS
from ecotone.games.singapore.refusals import SingaporeRefusal
from ecotone.games.singapore.scoring import announce, evp, score, winners
from ecotone.games.singapore.state import ROUNDS, Phase, SGData

__all__ = ["SPEC", "SingaporeUntamed", "steps_bound"]

BEGINNER: Final = "beginner"
SURVIVAL: Final = "survival"
STANDARD: Final = "standard"  # the game without a variant


def steps_bound(players: int) -> int:
    """Most decisions a game can take: per round and player at most 4 in Migration, 3 in
    Competition, 12 in Evolution and 1 for Anchorage; a Recovery ask and pledges from all
    per offer; and the hand-limit discards (14 hand cards exist)."""
    per_round = players * (4 + 3 + 12 + 1) + players + players * players + 14
    return ROUNDS * per_round


SPEC: Final = GameSpec(
    id="singapore-untamed",
    title="Singapore Untamed",
    summary="Wildlife of Singapore migrate, compete as hawks or doves for Food, and evolve "
    "adaptations and niches over 10 rounds.",
    min_players=4,
    max_players=MOST_SEATS,
    information=Information.IMPERFECT,
    chance=Chance.THROUGHOUT,
    simultaneous=True,
    max_steps=steps_bound(6),
    rules_version="1.0.3",
    # 1.0.2 says an unseen hand's count as words in its pictures ("Hand: 1 card"), 1.0.3
    # draws the board's columns as narrow as their cells: their games are 1.0.1's, move
    # for move
    replays_from=("1.0.1", "1.0.2"),
    variants=(
        Variant(BEGINNER, "no Niche cards (the first game)", 4, MOST_SEATS, Provenance.RULEBOOK),
        Variant(
            SURVIVAL,
            "5 Niche cards on display, claimed by the first player to own their adaptations",
            4,
            MOST_SEATS,
            Provenance.RULEBOOK,
        ),
    ),
    provenance_note="the standard game deals one secret Niche card to each player",
)


class SingaporeUntamed(Game[SGData]):
    """Singapore Untamed: 4-6 players; the Standard mode, or the Beginner or Survival variant."""

    spec = SPEC
    data_type = SGData
    codec = CODEC
    refusals = SingaporeRefusal

    @classmethod
    def present(cls) -> Presentation:
        return presentation.present()

    @property
    def mode(self) -> str:
        """``beginner``, ``standard`` or ``survival``."""
        return self.variant or STANDARD

    def setup(self, rnd: random.Random) -> SGData:
        return rules.setup(rnd, self.players, self.mode)

    def to_move(self, data: SGData) -> tuple[int, ...]:
        return rules.to_move(data)

    def chosen(self, data: SGData) -> tuple[int, ...]:
        return rules.chosen(data)

    def legal(self, data: SGData, seat: int) -> list[Action]:
        return rules.legal(data, seat)

    def next(self, data: SGData, seat: int, action: Action) -> SGData:
        return rules.next_data(data, seat, action)

    def step_hooks(self) -> StepHooks[SGData]:
        # the hooks above only hand their arguments on: a step calls the rules directly
        return StepHooks(rules.to_move, rules.legal, rules.next_data)

    def refusal(self, data: SGData, seat: int, action: Action) -> IllegalAction | None:
        return rules.refusal(data, seat, action)

    def observation(self, data: SGData, seat: int | None) -> dict[str, Any]:
        return view.observation(data, seat)

    def seen(self, data: SGData, seat: int) -> dict[str, Any]:
        return view.seen(data, seat)

    def observation_parts(self, seat: int) -> tuple[ObservationPart[SGData], ...]:
        return parts.observation_parts(seat)

    def render(self, data: SGData, seat: int | None) -> str:
        return render.render(data, seat)

    def determinize(self, data: SGData, seat: int, rnd: random.Random) -> SGData:
        return view.determinize(data, seat, rnd)

    def scores(self, data: SGData) -> list[float]:
        return [float(evp(p)) for p in data.players]

    def winners(self, data: SGData) -> list[int]:
        return winners(data.players)

    def breakdown(self, data: SGData) -> list[tuple[ScoreTerm, ...]]:
        niches = data.mode != BEGINNER
        return [
            tuple(ScoreTerm(name, float(points)) for name, points in score(p).terms(niches))
            for p in data.players
        ]

    def ending(self, data: SGData) -> str:
        # The game has one end, after the last round (§The end of the round). A tie on EVP
        # is settled by the Food left, as the Gamemaster's reckoning says in its last line.
        said = f"The game ended after {ROUNDS} rounds."
        top = max(evp(p) for p in data.players)
        if sum(evp(p) == top for p in data.players) > 1:
            return f"{said} {announce(data.players)[-1]}"
        return said

    def lessons(
        self, history: Sequence[tuple[SGData, int, Action]], end: SGData
    ) -> tuple[Lesson, ...]:
        # the hawk-dove mix of the competitions against the table's equilibrium
        del end
        return lessons.lessons(history)

    def turn(self, data: SGData) -> int | None:
        return data.round or None  # 0 only while the game is being set up

    def phase(self, data: SGData, seat: int | None) -> str | None:
        return phase.phase(data, seat)

    def secret_action(self, data: SGData, seat: int, action: Action) -> bool:
        # Routes and Survival Strategies (and the cards played with them) are chosen in
        # secret and revealed together; everything else is done in the open.
        del seat, action
        return data.phase in (Phase.MIGRATE, Phase.COMPETE)

    def zones(self, data: SGData) -> Mapping[str, Iterable[str]]:
        return view.zones(data)

    def components(self) -> Iterable[str]:
        return cards().ids

    @property
    def max_steps(self) -> int:
        return steps_bound(self.players)
