"""INCOMPATIBLE cards and the rescue turn (rules doc §Incompatible cards and the rescue
turn)."""

from __future__ import annotations

import random

import ecotone
from ecotone.games.phylo.compatibility import incompatible
from ecotone.games.phylo.state import Phase, table

from .helpers import act, cell, make_state

QUIET = "E03"  # Specimen Preservation, out of the way
CHAIN = "t21 B09 2, s21 B39 2, r21 B05 2"  # the rulebook's chain, P2's


def test_an_event_breaking_a_chain_gives_a_rescue_turn() -> None:
    state = make_state(board=CHAIN, hands=("E08", "B24"), discards=QUIET)
    state = act(state, "play E08 at t21")  # wildfire on the monkey puzzle tree
    obs = state.observe(0)
    assert {t["cell"] for t in obs["table"] if t["incompatible"]} == {"s21", "r21"}
    state = act(state, "pass")
    assert state.data.rescue_due == (False, True)
    assert state.data.turn == 1
    assert state.data.rescuing
    assert "rescue turn" in state.render(1)
    state = act(state, "pass")  # P2 does nothing: both cards are discarded
    assert {s.card for s in state.data.board} == set()
    assert state.data.rescue_due == (False, False)
    assert sum("INCOMPATIBLE and is discarded" in line for line in state.data.log) == 2


def test_playing_a_new_food_card_rescues_a_chain() -> None:
    state = make_state(board=CHAIN, hands=("E08", "B25"), discards=QUIET)
    state = act(state, "play E08 at t21", "pass")
    state = act(state, "play B25 at t21", "pass")  # a wine palm feeds the beetle again
    assert {s.card for s in state.data.board} == {"B25", "B39", "B05"}
    assert state.data.rescue_due == (False, False)


def test_moving_a_card_rescues_it() -> None:
    # the fox loses its beetle; it walks to a tree it can eat
    board = "t21 B09 2, s21 B39 2, r21 B05 2, q20 B25 2"
    state = make_state(board=board, hands=("E08", ""), discards=QUIET)
    state = act(state, "play E08 at s21", "pass")  # the beetle burns
    assert state.data.rescuing
    assert state.data.turn == 1
    state = act(state, "move r21 south 1", "pass")  # r20 is next to the palm at q20
    assert state.data.cells()[cell("r20")].card == "B05"


def test_breaking_your_own_chain_gives_you_your_next_turn_to_rescue() -> None:
    # P1's beetle flies away from its tree and leaves P1's fox hungry
    board = "t21 B09 1, s21 B39 1, r21 B05 1, t19 B25 2"
    state = make_state(board=board, hands=("", ""), discards=QUIET)
    state = act(state, "move s21 south-east 1")  # to t20, between the tree and the palm
    incompatible = {t["cell"] for t in state.observe(0)["table"] if t["incompatible"]}
    assert incompatible == {"r21"}  # the fox
    state = act(state, "pass")
    assert state.data.rescue_due == (True, False)
    state = act(state, "pass")  # P2's turn
    assert state.data.turn == 0
    assert state.data.rescuing
    state = act(state, "pass")  # P1 leaves it: the fox is discarded
    assert cell("r21") not in state.data.cells()


def test_discards_repeat_until_stable() -> None:
    # P2's cardoon at q21 stands only next to P2's condor (which does not eat it): when
    # the condor goes with the guanaco it ate, the cardoon is stranded and goes too
    board = "t21 B22 2, s21 B36 2, r21 B51 2, q21 B23 2"
    state = make_state(board=board, hands=("E08", ""), discards=QUIET)
    state = act(state, "play E08 at t21", "pass", "pass")
    assert state.data.board == ()


def test_a_stranded_opponent_gets_a_rescue_turn_of_their_own() -> None:
    # P2's fox eats P1's beetle; when P1's beetle is discarded at the end of P1's rescue
    # turn, the fox is not discarded at once: P2 gets their own rescue turn
    board = "t21 B09 1, s21 B39 1, r21 B05 2, w21 B24 2"
    state = make_state(board=board, hands=("", "E08"), discards=QUIET, turn=1)
    state = act(state, "play E08 at t21", "pass")  # P2 burns P1's tree
    assert state.data.rescue_due == (True, True)  # the beetle, and P2's own fox
    state = act(state, "pass")  # P1's rescue turn, wasted
    assert cell("s21") not in state.data.cells()
    assert cell("r21") in state.data.cells()  # P2's fox waits for P2's rescue turn
    assert state.data.turn == 1
    assert state.data.rescuing
    state = act(state, "pass")
    assert cell("r21") not in state.data.cells()


def test_a_missed_turn_is_no_rescue_turn() -> None:
    state = make_state(board=CHAIN, hands=("E01 E08", "B25"), discards=QUIET)
    state = act(state, "play E01", "play E08 at t21", "pass")
    assert state.data.turn == 0  # P2 missed the turn ...
    assert {s.card for s in state.data.board} == {"B39", "B05"}  # ... and kept the cards
    state = act(state, "pass")
    assert state.data.turn == 1
    assert state.data.rescuing


def test_incompatible_cards_still_score_at_the_end() -> None:
    state = make_state(board=CHAIN, hands=("E08", ""), pile="", final=0, discards=QUIET)
    state = act(state, "play E08 at t21", "pass")  # P1's last turn: P2 gets an extra turn
    assert state.data.turn == 1
    assert state.data.rescuing
    state = act(state, "pass")  # P2 does not rescue: the cards are discarded, then the end
    assert state.is_over
    assert state.scores() == [0.0, 0.0]
    # when the game ends before the rescue turn, the cards stay and score
    state = make_state(
        board=CHAIN, hands=("", ""), pile="", final=0, discards=QUIET, rescue_due=(False, True)
    )
    state = act(state, "pass")
    assert state.is_over
    assert state.data.phase is Phase.OVER
    assert state.scores() == [0.0, 1.0 + 5.0 + 4.0]


def test_a_board_grown_or_shrunk_by_a_card_keeps_the_trouble_it_was_told() -> None:
    # compatibility.grown and compatibility.shrunk tell a board its INCOMPATIBLE cards
    # without tracing it (from the board it came from, one card more or less): along
    # seeded random games of every kind, whatever a board's table holds is what tracing
    # it again finds
    told = 0
    for game in (
        ecotone.make("phylo", players=2),
        ecotone.make("phylo", players=2, variant="constructed", challenge=True),
    ):
        rng = random.Random(7)
        for seed in range(30):
            state = game.start(seed)
            while not state.is_over:
                known = table(state.data.board).trouble
                if known is not None:
                    told += 1
                    assert known == incompatible(state.data.cells())
                seat = state.to_move[0]
                state = state.step(seat, rng.choice(state.legal_actions(seat)))
    assert told > 1000
