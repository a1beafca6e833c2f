"""Phylo: Voyage of the Beagle (the Phylo TCG project, 2017) as an Ecotone game."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any, Final

from ecotone.core.actions import Action
from ecotone.core.deckbuilding import Deckbuilding
from ecotone.core.errors import ConfigError, IllegalAction
from ecotone.core.game import Game, ScoreTerm, StepHooks
from ecotone.core.parts import ObservationPart
from ecotone.core.presentation import Presentation
from ecotone.core.spec import Chance, GameSpec, Information, Option, Provenance, Variant
from ecotone.core.tuples import seat_name
from ecotone.games.phylo import parts, phase, presentation, render, rules, unplayable, view
from ecotone.games.phylo.actions import CODEC, ThrowHand
from ecotone.games.phylo.cards import cards
from ecotone.games.phylo.decks import DEFAULT_DECKS, READY_DECKS, deckbuilding, resolve_deck
from ecotone.games.phylo.refusals import PhyloRefusal
from ecotone.games.phylo.scoring import TERMS, table_points, table_terms, winners
from ecotone.games.phylo.state import PhyloData, instance
from ecotone.games.phylo.zones import happenings

__all__ = ["CONSTRUCTED", "SPEC", "Phylo"]

CONSTRUCTED: Final = "constructed"

SPEC: Final = GameSpec(
    id="phylo",
    title="Phylo: Voyage of the Beagle",
    summary="Build food chains of the species Darwin met on the Beagle: every card must share "
    "a climate, a terrain and a voyage leg with a neighbour it can eat.",
    min_players=2,
    max_players=2,
    information=Information.IMPERFECT,
    chance=Chance.SETUP,
    # both players throw at once in Climate Change's rock-paper-scissors contest
    simultaneous=True,
    # at most ~70 turns of 3 actions, each followed by a challenge, a removal and a
    # reaction; plus the discards of Darwin Gets Seasick and one Climate Change spreading
    # over the whole table with up to 10 tied rounds per species (see rules doc §The end)
    max_steps=2400,
    rules_version="1.0.0",
    variants=(
        Variant(
            CONSTRUCTED,
            "each player brings their own deck of about 25 cards (options deck1, deck2: a "
            "built-in deck's name, a deck code or a deck file)",
            2,
            2,
            Provenance.RULEBOOK,
        ),
    ),
    options=(
        Option(
            "challenge",
            "the optional 'call your bluff' rule, settled from the species data",
            False,
            label="Call your bluff",
            value_labels=(
                (False, "no: placements stand"),
                (True, "yes: a player may challenge the placement just made"),
            ),
        ),
        *(
            Option(
                f"deck{s + 1}",
                f"constructed variant: P{s + 1}'s deck (a built-in deck, a deck code or a "
                "deck file)",
                "",
                files=True,
                ready=READY_DECKS,
                label=f"P{s + 1}'s deck",
                value_labels=(
                    ("", f"{DEFAULT_DECKS[s]} (the standard deck for P{s + 1})"),
                    *((name, f"{name}: {cards().decks[name].summary}") for name in READY_DECKS),
                ),
            )
            for s in (0, 1)
        ),
    ),
    provenance_note="20 cards recovered from phylogame.org; the rest of the pool, the "
    "locale legs and the deck rules are Ecotone's (docs/rules/phylo.md)",
)


class Phylo(Game[PhyloData]):
    """Phylo: Voyage of the Beagle for 2 players: the shared pile, or constructed decks."""

    spec = SPEC
    data_type = PhyloData
    codec = CODEC
    refusals = PhyloRefusal

    @classmethod
    def present(cls) -> Presentation:
        return presentation.present()

    @classmethod
    def deck_rules(cls) -> Deckbuilding:
        return deckbuilding()

    def __init__(self, players: int, variant: str | None = None, **options: Any) -> None:
        super().__init__(players, variant, **options)
        self.decks: tuple[tuple[str, ...], ...] | None = None
        self.deck_names: tuple[str, ...] = ()
        if variant == CONSTRUCTED:
            chosen = [resolve_deck(self.options[f"deck{s + 1}"], s) for s in (0, 1)]
            self.decks = tuple(deck.cards for deck in chosen)
            self.deck_names = tuple(deck.name for deck in chosen)
        elif self.options["deck1"] or self.options["deck2"]:
            raise ConfigError(
                "config/bad-option",
                "the options deck1 and deck2 are for the constructed variant "
                f"(--variant {CONSTRUCTED}); the standard game shares one pick-up pile",
            )

    def setup(self, rnd: random.Random) -> PhyloData:
        return rules.setup(rnd, self.decks, bool(self.options["challenge"]))

    def to_move(self, data: PhyloData) -> tuple[int, ...]:
        return rules.to_move(data)

    def chosen(self, data: PhyloData) -> tuple[int, ...]:
        return rules.chosen(data)

    def legal(self, data: PhyloData, seat: int) -> list[Action]:
        return rules.legal(data, seat)

    def next(self, data: PhyloData, seat: int, action: Action) -> PhyloData:
        return rules.next_data(data, seat, action)

    def step_hooks(self) -> StepHooks[PhyloData]:
        # the hooks above only hand their arguments on: a step calls the rules directly;
        # a random playout takes its action by the rules' pick, which counts a turn's
        # actions and makes only the one drawn
        return StepHooks(rules.to_move, rules.legal, rules.next_data, rules.pick)

    def refusal(self, data: PhyloData, seat: int, action: Action) -> IllegalAction | None:
        return rules.refusal(data, seat, action)

    def secret_action(self, data: PhyloData, seat: int, action: Action) -> bool:
        # a rock-paper-scissors throw is told to the other player only once both are in
        return isinstance(action, ThrowHand)

    def observation(self, data: PhyloData, seat: int | None) -> dict[str, Any]:
        obs = view.observation(data, seat)
        if self.decks is not None:
            obs["decks"] = list(self.deck_names)
        return obs

    def observation_parts(self, seat: int) -> tuple[ObservationPart[PhyloData], ...]:
        names = list(self.deck_names) if self.decks is not None else None
        return parts.observation_parts(seat, self.decks is not None, names)

    def render(self, data: PhyloData, seat: int | None) -> str:
        return render.render(data, seat)

    def determinize(self, data: PhyloData, seat: int, rnd: random.Random) -> PhyloData:
        return view.determinize(data, seat, rnd)

    def scores(self, data: PhyloData) -> list[float]:
        return [float(p) for p in table_points(data.board)]

    def winners(self, data: PhyloData) -> list[int]:
        return winners(table_points(data.board))

    def breakdown(self, data: PhyloData) -> list[tuple[ScoreTerm, ...]]:
        return [
            tuple(ScoreTerm(n, float(p)) for n, p in zip(TERMS, terms, strict=True))
            for terms in zip(*table_terms(data.board), strict=True)
        ]

    def recent(self, data: PhyloData) -> tuple[str, ...]:
        # the public log the text picture shows as "Recently:" (zones.log), less the
        # lines that only say a move again
        return happenings(data.log)

    def ending(self, data: PhyloData) -> str:
        # The game's one end (§The end): a pick-up pile ran out, the opponent played a
        # last turn, and any extra turns the events of the last turns gave were played.
        last = "and the last turns were played."
        if not data.decks:
            return f"The pick-up pile ran out, {last}"
        out = [seat_name(s) for s, pile in enumerate(data.piles) if not pile]
        if len(out) == 1:
            return f"{out[0]}'s deck ran out, {last}"
        return f"Both decks ran out, {last}"

    def turn(self, data: PhyloData) -> int | None:
        # Players count no turns: the game ends with the pick-up pile. The record keeps
        # none, and the cards drawn do not tell them (Scientific Insight draws two, missed
        # turns draw none), so there is no number to show.
        del data
        return None

    def phase(self, data: PhyloData, seat: int | None) -> str | None:
        return phase.phase(data, seat)

    def unplayable(self, data: PhyloData, seat: int) -> dict[str, str]:
        return unplayable.unplayable(data, seat)

    def zones(self, data: PhyloData) -> Mapping[str, Iterable[str]]:
        return view.zones(data)

    def components(self) -> Iterable[str]:
        if self.decks is None:
            return cards().pile
        return [instance(c, s, True) for s, deck in enumerate(self.decks) for c in deck]
