"""The score line by line, the decision in a sentence, and the cards that cannot be played
(rules doc §Scoring, §A turn, §Events, §Reactions).

Printed points used below: B05 Darwin's Fox 4, B24 Giant Kelp 3, B25 Chilean Wine Palm 2,
B53 Vampire Bat (PARASITIC) 7, B09 Monkey Puzzle Tree 1.
"""

from __future__ import annotations

import random
import re

import pytest

from ecotone.core.actions import Action
from ecotone.core.game import State
from ecotone.games.phylo.actions import Cancel, Play, PlayEvent, PlayLeaving, ThrowHand
from ecotone.games.phylo.board import CELL_NAMES, NEXT_TO_MAP, cell_index
from ecotone.games.phylo.cards import cards
from ecotone.games.phylo.refusals import why_fits_nowhere
from ecotone.games.phylo.state import Phase, Slot, Throw, instance

from .helpers import act, game, make_state

QUIET = "E03"  # Specimen Preservation in the discard pile: no reaction window


def lines(state: State, seat: int) -> dict[str, float]:
    return {t.name: t.points for t in state.breakdown()[seat]}


# -- the score ------------------------------------------------------------------------------------


def test_cards_facing_a_player_and_their_parasites_under_other_cards() -> None:
    # P2's Wine Palm and Fox face P2; P1's Vampire Bat lies beneath the Fox and scores for
    # P1 ("even those underneath cards"); Habitat Loss left as URBAN terrain scores nothing
    state = make_state(board="t21 B25 2, s21 B05 2 B53 1, w21 E09 1")
    assert lines(state, 0) == {"Cards facing you": 0, "Parasites beneath hosts": 7}
    assert lines(state, 1) == {"Cards facing you": 2 + 4, "Parasites beneath hosts": 0}
    assert state.scores() == [7, 6]


def test_an_empty_table_scores_nothing_yet() -> None:
    state = game().start(4)
    assert state.breakdown()[0][0].points == 0
    assert state.scores() == [0, 0]


def test_players_count_no_turns() -> None:
    assert game().start(4).turn is None


# -- the decision in a sentence -------------------------------------------------------------------


def test_a_turn_in_a_sentence() -> None:
    state = make_state(board="t21 B24 2", hands=("B09", "B05"), actions_left=2)
    assert state.phase(0) == (
        "Take an action, 2 of 3 left: play a card, drop one and pick up three, move a "
        "species, or pass."
    )
    assert state.phase(1) == "P1 takes the actions of their turn, 2 of 3 left."
    assert state.phase(None) == state.phase(1)
    rescue = make_state(board="t21 B24 2", hands=("B09", "B05"), rescuing=True, final=0)
    assert rescue.phase(1) == (
        "P1 takes the actions of their turn, 3 of 3 left (the last turn; a rescue turn: "
        "INCOMPATIBLE cards still on the table at its end are discarded)."
    )


def test_an_event_answered_in_a_sentence() -> None:
    state = act(make_state(board="t21 B24 2", hands=("E06", "E03 B09")), "play E06 at t21")
    assert state.to_move == (1,)
    assert state.phase(1) == (
        "P1 played E06 Oil Spill: cancel it with a card that negates it, or allow it."
    )
    assert state.phase(0) == (
        "P2 may cancel your E06 Oil Spill with a card that negates it, or allow it."
    )


def test_the_contest_never_tells_a_throw() -> None:
    board = "t21 B09 2, s21 B39 2, r21 B05 2, s20 B25 1"
    state = make_state(board=board, hands=("E10", "B24"), discards=QUIET)
    state = act(state, "play E10 at t21", "spread to s21")
    stake = "Climate Change discards B39 Darwin's Beetle at s21"
    assert state.phase(0) == (
        f"Throw rock, paper or scissors; P2 throws at the same time: if you win, {stake} "
        "and spreads on."
    )
    assert state.phase(1) == (
        "Throw rock, paper or scissors; P1 throws at the same time: if you win, Climate "
        "Change stops before B39 Darwin's Beetle at s21."
    )
    thrown = state.apply(0, ThrowHand(Throw.PAPER))
    assert thrown.phase(0) == (
        f"Your throw is in; waiting for P2's: if P1 wins, {stake} and spreads on."
    )
    # P2 and a spectator read just what they read before P1 threw
    assert thrown.phase(1) == state.phase(1)
    assert thrown.phase(None) == state.phase(None)


def test_a_challenge_in_a_sentence() -> None:
    sea = "t21 B18 2, s21 B33 2"  # sea lettuce, and a green sea turtle grazing it
    state = make_state(
        game(challenge=True), board=sea, hands=("B04", ""), discards=QUIET, challenge_rule=True
    )
    state = act(state, "play B04 at r21")
    assert state.data.phase is Phase.CHALLENGE
    assert state.phase(1) == "Call the bluff of P1's B04 Octopus at r21, or allow it."
    assert state.phase(0) == "P2 may call the bluff of your B04 Octopus at r21, or allow it."


# -- the cards that cannot be played --------------------------------------------------------------


def test_a_card_with_a_play_is_not_marked() -> None:
    state = make_state(hands=("B09 B50", ""))  # an empty table: a plant may go by the map
    marked = state.unplayable(0)
    assert "B09" not in marked
    assert "B50" in marked


def test_the_reason_is_the_refusal_of_the_nearest_play() -> None:
    state = make_state(hands=("B50 B27 E03 E06", ""))
    marked = state.unplayable(0)
    # the Copihue fits beside the map, but waits for a POLLINATOR
    assert marked["B27"] == "Copihue needs a POLLINATOR on the table first"
    # a reaction is never played alone
    assert marked["E03"] == state.explain(0, PlayEvent("E03"))
    assert "is played only in answer to an event" in marked["E03"]


def test_a_rule_that_refuses_every_cell_alike_is_told_as_the_general_fact() -> None:
    # nothing on the table: the Jaguar (FC3) may be tried at every cell beside the map
    # board, and each refuses it alike (only a photosynthetic food chain 1 card may use
    # the map board), so no cell is named; nor for Oil Spill, with no species to strike
    state = make_state(hands=("B50 E06", ""))
    marked = state.unplayable(0)
    assert marked["B50"] == (
        "Jaguar is not compatible anywhere: only a photosynthetic food chain 1 card may use "
        "the map board"
    )
    assert marked["E06"] == "there is no species on the table to play E06 Oil Spill on"
    # a single cell tried is refused in its own words, and names it
    assert "u20" in state.explain(0, Play("B50", "u20"))
    assert "u20" in state.explain(0, Play("E06", "u20"))


def test_a_species_that_fits_nowhere_is_told_what_each_card_it_could_join_has_against_it() -> None:
    # A species needs one compatible neighbour: the Jaguar has something against each card
    # it could stand beside, told once for each card (those with the same objection
    # together, in the table's order), and the map board's rule last.
    state = make_state(board="t21 B21 1, w21 B23 1, u23 B24 2", hands=("B50", ""))
    assert state.unplayable(0)["B50"] == (
        "Jaguar is not compatible anywhere: Castor-oil Plant and Cardoon: no shared terrain; "
        "Giant Kelp: no shared climate; only a photosynthetic food chain 1 card may use the "
        "map board"
    )


def test_cards_with_the_same_kind_of_objection_are_told_together_with_what_it_reads() -> None:
    # The Jaguar (blue locale, FC3 carnivore, scale 8) beside the Megatherium (scale 9),
    # the Monkey Puzzle Tree (red) and the Scalesia (green), the Pampas Grass (FC1) and the
    # Black Rat (FC3): each kind of objection once, each card with what it reads of it
    state = make_state(
        board="t21 B09 2, w21 B29 2, u23 B22 2, t19 B01 2, x23 B47 2", hands=("B50", "")
    )
    assert state.unplayable(0)["B50"] == (
        "Jaguar is not compatible anywhere: Megatherium (scale 9): bigger than its scale 8; "
        "Monkey Puzzle Tree (red) and Scalesia (green): another locale than its blue; "
        "Pampas Grass (FC1) and Black Rat (FC3): not an animal of a lower food chain than "
        "its FC3; only a photosynthetic food chain 1 card may use the map board"
    )
    # at one cell, each card is told in a sentence of its own, naming both
    told = state.explain(0, Play("B50", "u24"))
    assert "Pampas Grass at u23: Jaguar (FC3) feeds on animals of a lower food chain " in told
    assert "and Pampas Grass is FC1" in told


def test_urban_cells_beside_a_species_that_fits_nowhere_are_told_together() -> None:
    # two Habitat Loss cards left as URBAN terrain (one from each player's deck)
    urban = {c: Slot(c, "E09", s) for s, c in enumerate((cell_index(19, 20), cell_index(22, 20)))}
    told = why_fits_nowhere(cards().species["B50"], NEXT_TO_MAP, urban)
    assert told == (
        "Jaguar is not compatible anywhere: t21 and w21 are URBAN; only a photosynthetic "
        "food chain 1 card may use the map board"
    )


def test_an_event_answered_marks_what_cannot_cancel_it() -> None:
    state = act(make_state(board="t21 B24 2", hands=("E06", "E03 B09")), "play E06 at t21")
    assert state.unplayable(1) == {
        "B09": state.explain(1, Cancel("B09")),
    }
    assert "cannot cancel E06 Oil Spill" in state.unplayable(1)["B09"]
    assert state.unplayable(0) == {}  # P1 is not to move


def test_nothing_is_marked_off_turn_or_while_discarding() -> None:
    state = make_state(hands=("B50", "B27"))
    assert state.unplayable(1) == {}
    seasick = make_state(hands=("B09", "B50 B27"), phase=Phase.SEASICK, owed=1, turn=0)
    assert seasick.to_move == (1,)
    assert seasick.unplayable(1) == {}


def test_in_a_deck_game_cards_are_named_as_the_hand_shows_them() -> None:
    state = game("constructed").start(3)
    (seat,) = state.to_move
    marked = state.unplayable(seat)
    shown = state.observe(seat)["hands"][seat]["cards"]
    assert marked
    assert set(marked) <= set(shown)
    assert all(card.startswith(f"P{seat + 1}:") for card in marked)


# a card beside the cell, in a refusal of compatibility: "; Giant Kelp at t21: no ..."
# (its name: the general fact names the cards without their cells)
_NEIGHBOUR_TOLD = re.compile(r"(?:: |; )([^;:]+?) at [a-z]+\d+: ")


def _plays(card: str, reacting: bool) -> list[Action]:
    if reacting:
        return [Cancel(card)]
    on = [Play(card, c) for c in CELL_NAMES]
    if card not in cards().events:
        return on
    return [PlayEvent(card), *on, *(PlayLeaving(card, c) for c in CELL_NAMES)]


@pytest.mark.parametrize("variant", [None, "constructed"])
def test_marked_cards_are_exactly_those_no_legal_action_plays(variant: str | None) -> None:
    g = game(variant, challenge=True)
    for seed in range(2):
        rnd = random.Random(seed)
        state = g.start(seed)
        while not state.is_over:
            seat = rnd.choice(state.to_move)
            d = state.data
            reacting = d.phase is Phase.REACT
            if d.phase is Phase.ACT or reacting:
                kinds = Cancel if reacting else Play | PlayEvent | PlayLeaving
                played = {
                    a.card  # type: ignore[attr-defined]
                    for a in state.legal_actions(seat)
                    if isinstance(a, kinds)
                }
                marked = state.unplayable(seat)
                hand = d.hands[seat]
                expected = {instance(c, seat, d.decks) for c in hand if c not in played}
                assert set(marked) == expected
                # each reason is the game's refusal of some play of that card, or the
                # general fact when every cell is refused alike (one card a step, in turn,
                # keeps this quick)
                unplayed = [c for c in hand if c not in played]
                if unplayed:
                    card = unplayed[len(state.data.log) % len(unplayed)]
                    told = {state.explain(seat, a) for a in _plays(card, reacting)}
                    reason = marked[instance(card, seat, d.decks)]
                    nowhere = f"{cards().by_id[card].name} is not compatible anywhere"
                    assert reason in told or reason.startswith(
                        (nowhere, "there is no species on the table")
                    )
                    if reason.startswith(nowhere):
                        # every card beside a cell it is refused at is told
                        beside = {who for m in told for who in _NEIGHBOUR_TOLD.findall(m)}
                        assert all(who in reason for who in beside)
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
