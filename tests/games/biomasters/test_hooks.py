"""The score line by line, the turn, the decision in a sentence, and the cards that cannot
be played (rules doc §Winning, §A turn, §Playing a card, §Paying the cost).

In 1v1 the HOMEs are E5 (P1) and F5 (P2). Levels used: red-oat-grass +1A (no cost),
plains-zebra +2 (costs +1), lion +3 (costs +2 +1), termite-mushroom -1S (onto a Detritus
tile), peacock-caterpillar +2 growing into peacock-butterfly +2 (costs +1 +1).
"""

from __future__ import annotations

import random

import pytest

from ecotone.core.actions import Action
from ecotone.games.biomasters.actions import Metamorphose, Play
from ecotone.games.biomasters.state import Phase, kind_of

from .helpers import act, game, position


def lines(state: object, seat: int) -> dict[str, float]:
    return {t.name: t.points for t in state.breakdown()[seat]}  # type: ignore[attr-defined]


# -- the score ------------------------------------------------------------------------------------


def test_the_score_pile_line_by_line() -> None:
    # a decomposed card is worth 1 VP; a kill or a processed card its printed VP
    state = position(
        game(), piles=["plains-zebra:1 lion:3 english-oak:1", "turkey-tail:1 wood-mouse:2"]
    )
    assert lines(state, 0) == {"Cards at 1 VP": 2, "Cards at printed VP": 3}
    assert lines(state, 1) == {"Cards at 1 VP": 1, "Cards at printed VP": 2}
    assert state.scores() == [5.0, 3.0]


def test_a_team_counts_the_teammates_pile() -> None:
    # 2v2: P1 and P3 are team A, P2 and P4 team B; each seat's score is its team's
    piles = ["plains-zebra:2", "lion:3 lion:1", "martial-eagle:4", ""]
    state = position(game(4, "2v2"), piles=piles)
    assert lines(state, 0) == {"Cards at 1 VP": 0, "Cards at printed VP": 2, "P3's Score Pile": 4}
    assert lines(state, 1) == {"Cards at 1 VP": 1, "Cards at printed VP": 3, "P4's Score Pile": 0}
    assert lines(state, 3) == {"Cards at 1 VP": 0, "Cards at printed VP": 0, "P2's Score Pile": 4}
    assert state.scores() == [6.0, 4.0, 6.0, 4.0]
    alone = position(game(4, "free-for-all"), piles=piles)
    assert lines(alone, 2) == {"Cards at 1 VP": 0, "Cards at printed VP": 4}


# -- the turn and the decision --------------------------------------------------------------------


def test_turns_are_counted_from_one_round_the_table() -> None:
    state = game().start(3)
    assert state.turn == 1
    assert act(state, "pass").turn == 2
    assert act(state, "pass", "pass").turn == 3


def test_a_turn_in_a_sentence() -> None:
    state = position(game(), hands=["red-oat-grass", ""], actions=2)
    assert state.phase(0) == (
        "Take an action, 2 of 3 left: play a card, activate an ability, or pass."
    )
    assert state.phase(1) == "P1 takes the actions of their turn, 2 of 3 left."
    assert state.phase(None) == state.phase(1)
    ending = position(game(), hands=["red-oat-grass", ""], turn=1, last=0, decks=["", "lion"])
    assert ending.phase(1) == (
        "Take an action, 3 of 3 left: play a card, activate an ability, or pass (the end "
        "is triggered: the game ends with P1's turn)."
    )
    assert ending.phase(0) == (
        "P2 takes the actions of their turn, 3 of 3 left (the end is triggered: the game "
        "ends with your turn)."
    )


def test_paying_in_a_sentence() -> None:
    state = position(
        game(),
        {"E4": "P1 red-oat-grass ready", "D5": "P1 umbrella-thorn ready", "E3": "P1 plains-zebra"},
        phase=Phase.PAY,
        pending=("plains-zebra", "E3", "+1"),
    )
    assert (
        state.phase(0)
        == "Choose a ready card of yours to exhaust for the Plains Zebra: still due +1."
    )
    assert state.phase(1) == (
        "P1 chooses a ready card of theirs to exhaust for the Plains Zebra: still due +1."
    )


# -- the cards that cannot be played --------------------------------------------------------------


def test_a_card_with_a_play_is_not_marked() -> None:
    state = position(game(), hands=["red-oat-grass lion", ""])
    marked = state.unplayable(0)
    assert not any(kind_of(c) == "red-oat-grass" for c in marked)
    assert [kind_of(c) for c in marked] == ["lion"]


def test_the_reason_is_the_refusal_of_the_nearest_play() -> None:
    state = position(
        game(),
        {"E4": "P1 red-oat-grass"},  # a producer, exhausted: it cannot pay
        hands=["lion plains-zebra termite-mushroom", ""],
    )
    marked = {kind_of(c): reason for c, reason in state.unplayable(0).items()}
    # the lion finds no +2 card to feed on anywhere: the Trophic rule, at the first cell
    assert marked["lion"].startswith("the Trophic rule: a +3 card is played next to a +2")
    # the zebra could stand beside the grass, but nothing ready pays its +1
    assert marked["plains-zebra"].startswith("the Plains Zebra costs +1")
    # a saprotroph needs a Detritus tile, and there is none
    assert marked["termite-mushroom"].startswith("a saprotroph (-1S) is played only onto")
    # each is the refusal of a play of that card: the first cell in grid order beside a
    # card, where all are refused alike
    assert marked["lion"] == state.explain(0, Play("lion", "E3"))
    assert marked["plains-zebra"] == state.explain(0, Play("plains-zebra", "E3"))
    assert marked["termite-mushroom"] == state.explain(0, Play("termite-mushroom", "E3"))


def test_an_exhausted_juvenile_is_the_nearest_way_to_its_adult() -> None:
    state = position(
        game(),
        {"E4": "P1 red-oat-grass", "E3": "P1 peacock-caterpillar"},
        hands=["peacock-butterfly", ""],
    )
    (reason,) = state.unplayable(0).values()
    assert reason == state.explain(0, Metamorphose("E3", "peacock-butterfly"))
    assert "exhausted" in reason


def test_nothing_is_marked_off_turn_or_while_paying() -> None:
    state = position(game(), hands=["lion", "lion"])
    assert state.unplayable(1) == {}
    paying = position(
        game(),
        {"E4": "P1 red-oat-grass ready", "D5": "P1 umbrella-thorn ready", "E3": "P1 plains-zebra"},
        hands=["lion", ""],
        phase=Phase.PAY,
        pending=("plains-zebra", "E3", "+1"),
    )
    assert paying.unplayable(0) == {}


def _plays(state: object, kind: str) -> list[Action]:
    names = state.game.table.grid.names  # type: ignore[attr-defined]
    return [*(Play(kind, c) for c in names), *(Metamorphose(c, kind) for c in names)]


@pytest.mark.parametrize(("players", "variant"), [(2, None), (4, "2v2")])
def test_marked_cards_are_exactly_those_no_legal_action_plays(
    players: int, variant: str | None
) -> None:
    g = game(players, variant)
    for seed in range(2):
        rnd = random.Random(seed)
        state = g.start(seed)
        while not state.is_over:
            (seat,) = state.to_move
            d = state.data
            marked = state.unplayable(seat)
            if d.phase is Phase.ACTION:
                played = {
                    a.card for a in state.legal_actions(seat) if isinstance(a, Play | Metamorphose)
                }
                assert set(marked) == {c for c in d.hands[seat] if kind_of(c) not in played}
                if marked:  # one reason a step, in turn: the game's refusal of some play
                    card = sorted(marked)[d.turns % len(marked)]
                    told = {state.explain(seat, a) for a in _plays(state, kind_of(card))}
                    assert marked[card] in told
            else:
                assert marked == {}
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
