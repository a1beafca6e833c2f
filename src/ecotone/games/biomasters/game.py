"""BioMasters TCG as an Ecotone game: the spec, the options and the hooks."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from functools import partial
from typing import Any, Final

from ecotone.core.actions import Action
from ecotone.core.deckbuilding import Deckbuilding
from ecotone.core.errors import IllegalAction
from ecotone.core.game import Game, ScoreTerm, StepHooks
from ecotone.core.parts import ObservationPart
from ecotone.core.presentation import Presentation
from ecotone.core.spec import Chance, GameSpec, Information, Option, Provenance, Variant
from ecotone.core.tuples import listed, seat_name
from ecotone.games.biomasters import (
    parts,
    phase,
    presentation,
    render,
    rules,
    unplayable,
    view,
)
from ecotone.games.biomasters.actions import CODEC
from ecotone.games.biomasters.board import grid_for
from ecotone.games.biomasters.decks import (
    MAX_DECK,
    STARTERS,
    deck_labels,
    deckbuilding,
    normalise,
    resolve_decks,
)
from ecotone.games.biomasters.effects import Table
from ecotone.games.biomasters.refusals import BioRefusal, refusal
from ecotone.games.biomasters.scoring import score_terms, scores, winners
from ecotone.games.biomasters.state import BioData

__all__ = ["SPEC", "BioMasters"]

TEAMS: Final = "2v2"
FREE_FOR_ALL: Final = "free-for-all"

# The free-for-all's decks when none are chosen. Designed by Ecotone: with the two-player
# pairing repeated round the table (Savanna, Woodland Floor, Savanna, Woodland Floor) the
# two decomposers feast on the two producers' deaths and won 83% of 1000 heuristic games;
# every seat playing the same deck leaves no seat favoured (docs/balance.md, BioMasters'
# free-for-all; docs/rules/biomasters.md, Players and variants).
FREE_FOR_ALL_DECKS: Final = "ocean"

# A turn is at most 3 actions, each a play followed by at most 3 payment choices, or a pass.
_STEPS_PER_TURN: Final = 3 * 4 + 1

SPEC: Final = GameSpec(
    id="biomasters",
    title="BioMasters TCG",
    summary="Grow a shared living grid of real species and score what the food web recycles: "
    "the production loop and the decomposition loop.",
    min_players=2,
    max_players=2,
    information=Information.IMPERFECT,
    chance=Chance.SETUP,
    simultaneous=False,
    # 4 seats, 29 cards each to draw, and one turn more each after the end is triggered
    max_steps=_STEPS_PER_TURN * (4 * (MAX_DECK - 1) + 4),
    rules_version="1.1.0",
    variants=(
        Variant(
            TEAMS,
            "two teams of two, teammates sitting across; team totals",
            4,
            4,
            Provenance.RULEBOOK,
        ),
        Variant(
            FREE_FOR_ALL,
            "four players, each for themselves",
            4,
            4,
            Provenance.RULEBOOK,
            defaults=(("decks", FREE_FOR_ALL_DECKS),),
        ),
    ),
    options=(
        Option(
            "decks",
            "each seat's deck, comma-separated and repeated round the table: a built-in "
            "deck (production, decomposition, ocean, wetland), a deck code or the path of a deck "
            f"file; the free-for-all's default is {FREE_FOR_ALL_DECKS} for every seat",
            "production,decomposition",
            files=True,
            ready=STARTERS,
            label="Decks",
            value_labels=deck_labels(),
        ),
        Option(
            "chemo_home",
            "whether a chemoautotroph may be played next to a HOME card, as Ecotone rules "
            "where the rulebook is unclear; off, it may only connect to a -1S or -2D card "
            "you control, as the printed rulebook says",
            True,
            (True, False),
            label="Chemoautotrophs grow from a HOME",
            value_labels=(
                (True, "Yes, as Ecotone rules it"),
                (False, "No, as the printed rulebook: only from your -1S or -2D cards"),
            ),
        ),
    ),
    provenance_note="The rulebook is a 2025 hobby design; the card pool and decks are Ecotone's.",
)


class BioMasters(Game[BioData]):
    """BioMasters TCG: 1v1, or four players as 2v2 teams or free-for-all."""

    spec = SPEC
    data_type = BioData
    codec = CODEC
    refusals = BioRefusal

    @classmethod
    def present(cls) -> Presentation:
        return presentation.present()

    @classmethod
    def deck_rules(cls) -> Deckbuilding:
        return deckbuilding()

    def __init__(self, players: int, variant: str | None = None, **options: Any) -> None:
        if "decks" in options:
            options["decks"] = normalise(options["decks"])
        super().__init__(players, variant, **options)
        decks = resolve_decks(self.options["decks"], players)
        self.table = Table(
            players=players,
            grid=grid_for(players),
            teams=variant == TEAMS,
            chemo_home=bool(self.options["chemo_home"]),
            decks=decks,
            parasitoids=rules.parasitoids_in(decks),
        )
        self._components = tuple(
            c for seat, deck in enumerate(decks) for c in _all_instances(deck, seat)
        )

    def setup(self, rnd: random.Random) -> BioData:
        return rules.setup(rnd, self.table, self.table.decks)

    def to_move(self, data: BioData) -> tuple[int, ...]:
        return rules.to_move(data)

    def legal(self, data: BioData, seat: int) -> list[Action]:
        return rules.legal(self.table, data, seat)

    def next(self, data: BioData, seat: int, action: Action) -> BioData:
        return rules.next_data(self.table, data, seat, action)

    def step_hooks(self) -> StepHooks[BioData]:
        # A step calls the rules directly: whose turn it is needs no card table, and the
        # legal actions and the next state get it from a positional partial, which binds
        # it in C (a method that hands it on costs a Python call more).
        return StepHooks(
            rules.to_move,
            partial(rules.legal, self.table),
            partial(rules.next_data, self.table),
            partial(rules.pick_action, self.table),
        )

    def refusal(self, data: BioData, seat: int, action: Action) -> IllegalAction | None:
        return refusal(data, self.table, seat, action)

    def observation(self, data: BioData, seat: int | None) -> dict[str, Any]:
        return view.observation(data, self.table, seat)

    def observation_parts(self, seat: int) -> tuple[ObservationPart[BioData], ...]:
        return parts.observation_parts(seat, self.table)

    def render(self, data: BioData, seat: int | None) -> str:
        return render.render(data, self.table, seat)

    def determinize(self, data: BioData, seat: int, rnd: random.Random) -> BioData:
        return view.determinize(data, seat, rnd)

    def scores(self, data: BioData) -> list[float]:
        return scores(data, self.table)

    def winners(self, data: BioData) -> list[int]:
        return winners(data, self.table)

    def breakdown(self, data: BioData) -> list[tuple[ScoreTerm, ...]]:
        return [
            tuple(ScoreTerm(name, float(points)) for name, points in terms)
            for terms in score_terms(data, self.table)
        ]

    def ending(self, data: BioData) -> str:
        # The game's one end (rules doc §The end): a player could not draw at the start of
        # their turn; the game ended with the turn of the seat before them (``last``).
        table = self.table
        short = seat_name((data.last + 1) % table.players)
        others = "the other player" if table.players == 2 else "every other player"
        said = (
            f"{short} could not draw a card at the start of a turn, which triggered the end, "
            f"and {others} took one final turn."
        )
        if not table.teams:
            return said
        # In 2v2 each seat's score is its team's: say whose piles make each total.
        teams: dict[int, list[int]] = {}
        for seat in range(table.players):
            teams.setdefault(table.team_of(seat), []).append(seat)
        totals = scores(data, table)  # (a seat's score is its team's total)
        made = ", ".join(
            f"{listed([seat_name(s) for s in team])} {int(totals[team[0]])} VP"
            for team in teams.values()
        )
        return f"{said} A team scores its two Score Piles together: {made}."

    def turn(self, data: BioData) -> int:
        return data.turns

    def phase(self, data: BioData, seat: int | None) -> str | None:
        return phase.phase(data, seat)

    def unplayable(self, data: BioData, seat: int) -> dict[str, str]:
        return unplayable.unplayable(data, self.table, seat)

    def zones(self, data: BioData) -> Mapping[str, Iterable[str]]:
        return view.zones(data, self.players)

    def components(self) -> Iterable[str]:
        return self._components

    @property
    def max_steps(self) -> int:
        drawn = sum(deck.size - 1 for deck in self.table.decks)
        return _STEPS_PER_TURN * (drawn + self.players)


def _all_instances(deck: Any, seat: int) -> list[str]:
    home, rest = rules.instances(deck, seat)
    return [home, *rest]
