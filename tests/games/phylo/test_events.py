"""Event cards and their effects (rules doc §Events, §Reactions)."""

from __future__ import annotations

from ecotone.games.phylo.actions import (
    Allow,
    Cancel,
    Discard,
    Done,
    Play,
    PlayEvent,
    PlayLeaving,
    Recover,
    SpreadTo,
    ThrowHand,
)
from ecotone.games.phylo.events import MAX_TIES
from ecotone.games.phylo.state import Phase, Throw

from .helpers import act, cell, make_state, refusal

# Specimen Preservation (E03) is out of the way in the discard pile unless a test wants it.
QUIET = "E03"


def test_oil_spill_discards_an_ocean_or_freshwater_species() -> None:
    state = make_state(board="t21 B24 2, s21 B09 2", hands=("E06", ""), discards=QUIET)
    assert {a.cell for a in state.legal_actions(0) if isinstance(a, Play)} == {"t21"}
    err = refusal(state, 0, Play("E06", "s21"), "phylo/bad-target")
    assert (
        "ocean or freshwater species; Monkey Puzzle Tree lives in forest/grassland" in err.message
    )
    state = act(state, "play E06 at t21")
    assert cell("t21") not in state.data.cells()
    assert state.data.discards[0][-2:] == ("B24", "E06")
    assert state.data.actions_left == 2


def test_events_need_a_species_to_be_played_on() -> None:
    state = make_state(board="t21 B24 2", hands=("E06 E04", ""), discards=QUIET)
    err = refusal(state, 0, Play("E06", "k11"), "phylo/no-target")
    assert "no species at k11" in err.message
    err = refusal(state, 0, PlayEvent("E06"), "phylo/needs-target")
    assert "play E06 at <cell>" in err.message
    err = refusal(state, 0, Play("E04", "t21"), "phylo/takes-no-target")
    assert "play E04" in err.message


def test_wildfire_and_illegal_poaching() -> None:
    state = make_state(board="t21 B09 2, s21 B39 2", hands=("E08 E14", ""), discards=QUIET)
    targets = {(a.card, a.cell) for a in state.legal_actions(0) if isinstance(a, Play)}
    # wildfire: any grassland or forest species; poaching: also scale 6 or more
    assert targets == {("E08", "t21"), ("E08", "s21"), ("E14", "t21")}
    err = refusal(state, 0, Play("E14", "s21"), "phylo/bad-target")
    assert "scale 6 or more; Darwin's Beetle is scale 5" in err.message


def test_habitat_loss_may_stay_as_urban_terrain() -> None:
    state = make_state(board="t21 B09 2, s21 B39 2", hands=("E09", ""), discards=QUIET)
    assert PlayLeaving("E09", "t21") in state.legal_actions(0)
    gone = act(state, "play E09 at t21")
    assert cell("t21") not in gone.data.cells()
    urban = act(state, "play E09 at t21 leaving it as urban")
    slot = urban.data.cells()[cell("t21")]
    assert (slot.card, slot.owner) == ("E09", 0)
    assert "B09" in urban.data.discards[0]
    assert "E09" not in urban.data.discards[0]
    assert any("URBAN" in line for line in urban.data.log)
    # nothing may be played there, and it feeds nobody: the beetle is now INCOMPATIBLE
    assert urban.data.rescue_due == (False, False)
    urban = act(urban, "pass")
    assert urban.data.rescue_due == (False, True)
    err = refusal(act(urban, "pass"), 0, "play E09 at t21", "phylo/not-in-hand")
    assert err


def test_only_habitat_loss_can_stay() -> None:
    state = make_state(board="t21 B24 2", hands=("E06", ""), discards=QUIET)
    err = refusal(state, 0, PlayLeaving("E06", "t21"), "phylo/cannot-leave")
    assert "cannot stay on the table as URBAN terrain" in err.message


def test_meteorite_crash_discards_the_chain_below() -> None:
    # on Darwin's beetle: it and the trees it eats; the fox that ate it is left stranded
    board = "t21 B09 1, s21 B39 2, s20 B25 2, r21 B05 2, s22 B24 1"
    state = make_state(board=board, hands=("E11", ""), discards=QUIET)
    state = act(state, "play E11 at s21")
    left = {s.card for s in state.data.board}
    assert left == {"B05", "B24"}
    err = refusal(
        make_state(board=board, hands=("E11", ""), discards=QUIET),
        0,
        Play("E11", "r21"),
        "phylo/bad-target",
    )
    assert "food chain 2 or less" in err.message


def test_beagle_runs_ashore_makes_the_opponent_miss_a_turn() -> None:
    state = make_state(hands=("E02 B09", "B24"), discards=QUIET)
    state = act(state, "play E02", "pass")
    assert state.data.turn == 0  # P2 missed their turn
    assert any("P2 misses this turn" in line for line in state.data.log)
    assert state.data.skips == (0, 0)


def test_darwin_gets_seasick_halves_the_opponents_hand() -> None:
    state = make_state(hands=("E04", "B09 B24 B25 B22 B01"), discards=QUIET)
    state = act(state, "play E04")
    assert state.data.phase is Phase.SEASICK
    assert state.data.owed == 2
    assert state.to_move == (1,)
    assert state.legal_actions(1) == [Discard(c) for c in ("B01", "B09", "B22", "B24", "B25")]
    err = refusal(state, 1, Discard("B36"), "phylo/not-in-hand")
    assert err
    state = act(state, "discard B01", "discard B24")
    assert state.data.hands[1] == ("B09", "B22", "B25")
    assert state.data.phase is Phase.ACT
    assert state.to_move == (0,)


def test_then_and_now_discards_every_extinct_species() -> None:
    board = "t21 B22 1, s21 B01 2, t20 B02 1, w21 B09 2"
    state = make_state(board=board, hands=("E05", ""), discards=QUIET)
    state = act(state, "play E05")
    assert {s.card for s in state.data.board} == {"B22", "B09"}
    assert state.data.actions_left == 3  # a start-of-turn event


def test_increase_biodiversity_takes_a_species_back() -> None:
    state = make_state(hands=("E13", "B24"), discards=f"B09 E08 {QUIET}")
    state = act(state, "play E13")
    assert state.data.phase is Phase.RECOVER
    assert state.legal_actions(0) == [Recover("B09")]
    err = refusal(state, 0, Recover("E08"), "phylo/not-a-species")
    assert err
    err = refusal(state, 0, Recover("B05"), "phylo/not-in-discard")
    assert err
    state = act(state, "take B09 from the discard pile")
    assert state.data.hands[0] == ("B09",)
    assert state.data.known[0] == ("B09",)  # everybody saw it go into the hand
    assert state.observe(1)["hands"][0]["known"] == ["B09"]


def test_increase_biodiversity_needs_a_species_in_the_discard_pile() -> None:
    state = make_state(hands=("E13", "B24"), discards=QUIET)
    assert PlayEvent("E13") not in state.legal_actions(0)
    err = refusal(state, 0, PlayEvent("E13"), "phylo/nothing-to-recover")
    assert "no species card in your discard pile" in err.message


def test_scientific_insight_stays_and_draws_two() -> None:
    state = make_state(hands=("E15", "B24"), pile="B01 B02 B03 B04 B05", discards=QUIET)
    state = act(state, "play E15")
    assert state.data.in_play[0] == ("E15",)
    state = act(state, "pass", "pass")  # P2's turn, then P1 picks up 2
    assert len(state.data.hands[0]) == 2
    assert len(state.data.piles[0]) == 2


# -- reactions ------------------------------------------------------------------------------------


def test_specimen_preservation_cancels_an_event_on_your_species() -> None:
    state = make_state(board="t21 B24 2", hands=("E06", "E03 B09"))
    state = act(state, "play E06 at t21")
    assert state.data.phase is Phase.REACT
    assert state.to_move == (1,)
    assert state.legal_actions(1) == [Cancel("E03"), Allow()]
    state = act(state, "cancel it with E03")
    assert state.data.cells()[cell("t21")].card == "B24"
    assert set(state.data.discards[0]) == {"E03", "E06"}
    assert state.data.phase is Phase.ACT
    assert state.data.actions_left == 2


def test_the_opponent_may_let_the_event_happen() -> None:
    state = make_state(board="t21 B24 2", hands=("E06", "E03 B09"))
    state = act(state, "play E06 at t21", "allow")
    assert cell("t21") not in state.data.cells()
    assert state.data.hands[1] == ("B09", "E03")


def test_the_window_opens_on_public_information_only() -> None:
    # P1 holds the only Specimen Preservation; P2 cannot know it, so P2 is still asked
    state = make_state(board="t21 B24 2", hands=("E06 E03", "B09"))
    state = act(state, "play E06 at t21")
    assert state.data.phase is Phase.REACT
    assert state.legal_actions(1) == [Allow()]
    err = refusal(state, 1, Cancel("E03"), "phylo/not-in-hand")
    assert err
    err = refusal(state, 1, "pass", "phylo/must-react")
    assert "cancel it with a card that negates it, or allow it" in err.message


def test_no_window_when_no_negation_can_be_held() -> None:
    state = make_state(board="t21 B24 2", hands=("E06", "B09"), discards="E03")
    state = act(state, "play E06 at t21")
    assert state.data.phase is Phase.ACT  # resolved at once
    # on your own species, Specimen Preservation does not apply either
    state = make_state(board="t21 B24 1", hands=("E06", "B09"))
    assert act(state, "play E06 at t21").data.phase is Phase.ACT
    # an empty hand holds nothing
    state = make_state(board="t21 B24 2", hands=("E06", ""))
    assert act(state, "play E06 at t21").data.phase is Phase.ACT


def test_i_dont_think_so_cancels_any_event_against_you() -> None:
    state = make_state(hands=("E01", "E12 B09"), discards=QUIET)
    state = act(state, "play E01")
    assert state.legal_actions(1) == [Cancel("E12"), Allow()]
    state = act(state, "cancel it with E12")
    assert state.data.skips == (0, 0)
    # Specimen Preservation does not answer an event that is played on no species, so
    # without I Don't Think So! around, nobody is asked
    state = make_state(hands=("E01", "E03 B09"))
    assert act(state, "play E01").data.phase is Phase.ACT
    # ... and in answer to an event on a species, it cannot cancel the wrong one
    state = make_state(board="t21 B24 2", hands=("E06", "E03 E12 B09"))
    state = act(state, "play E06 at t21")
    assert state.legal_actions(1) == [Cancel("E03"), Cancel("E12"), Allow()]


def test_reactions_are_played_only_in_answer() -> None:
    state = make_state(hands=("E03 B09", ""))
    assert PlayEvent("E03") not in state.legal_actions(0)
    err = refusal(state, 0, PlayEvent("E03"), "phylo/reaction-only")
    assert "only in answer to an event" in err.message


# -- climate change -------------------------------------------------------------------------------


SPREAD = "t21 B09 2, s21 B39 2, r21 B05 2, s20 B25 1"


def test_climate_change_spreads_while_its_player_wins() -> None:
    state = make_state(board=SPREAD, hands=("E10", "B24"), discards=QUIET)
    state = act(state, "play E10 at t21")
    assert cell("t21") not in state.data.cells()
    assert state.data.phase is Phase.SPREAD
    assert state.data.spread_used
    assert state.legal_actions(0) == [SpreadTo("s21"), Done()]
    state = act(state, "spread to s21")
    assert state.data.phase is Phase.CONTEST
    assert state.to_move == (0, 1)
    state = state.apply(0, ThrowHand(Throw.PAPER))
    assert state.to_move == (1,)
    # a second throw is refused as such, not as a move out of turn
    err = refusal(state, 0, ThrowHand(Throw.ROCK), "action/already-chosen")
    assert err.message == "P1 has already made its choice; waiting for P2"
    assert state.observe(1)["thrown"] == [True, False]
    assert state.observe(1)["my_throw"] is None  # P1's throw stays secret
    state = state.apply(1, ThrowHand(Throw.ROCK))  # paper wraps rock: P1 wins
    assert cell("s21") not in state.data.cells()
    assert state.data.phase is Phase.SPREAD
    assert {a.cell for a in state.legal_actions(0) if isinstance(a, SpreadTo)} == {"r21", "s20"}
    state = act(state, "spread to r21")
    state = state.apply(1, ThrowHand(Throw.SCISSORS))
    state = state.apply(0, ThrowHand(Throw.PAPER))  # scissors cut paper: P2 wins
    assert state.data.cells()[cell("r21")].card == "B05"
    assert state.data.phase is Phase.ACT
    assert state.data.actions_left == 2
    assert "E10" in state.data.discards[0]


def test_climate_change_ties_are_thrown_again_up_to_a_limit() -> None:
    state = make_state(board=SPREAD, hands=("E10", "B24"), discards=QUIET)
    state = act(state, "play E10 at t21", "spread to s21")
    for _ in range(MAX_TIES - 1):
        state = state.apply(0, ThrowHand(Throw.ROCK)).apply(1, ThrowHand(Throw.ROCK))
        assert state.data.phase is Phase.CONTEST
    state = state.apply(0, ThrowHand(Throw.ROCK)).apply(1, ThrowHand(Throw.ROCK))
    assert state.data.phase is Phase.ACT
    assert state.data.cells()[cell("s21")].card == "B39"


def test_climate_change_may_be_stopped_and_is_played_once_per_game() -> None:
    state = make_state(board=SPREAD, hands=("E10", "B24"), discards=QUIET)
    state = act(state, "play E10 at t21", "done")
    assert state.data.phase is Phase.ACT
    err = refusal(state, 0, SpreadTo("s21"), "phylo/not-now")
    assert err
    used = make_state(board=SPREAD, hands=("E10", "B24"), discards=QUIET, spread_used=True)
    assert not any(isinstance(a, Play) for a in used.legal_actions(0))
    err = refusal(used, 0, Play("E10", "t21"), "phylo/once-per-game")
    assert "once per game" in err.message


def test_contest_and_spread_refusals() -> None:
    state = make_state(board=SPREAD, hands=("E10", "B24"), discards=QUIET)
    state = act(state, "play E10 at t21")
    err = refusal(state, 0, SpreadTo("r21"), "phylo/not-next-to-spread")
    assert "s21" in err.message
    refusal(state, 0, "pass", "phylo/must-spread")
    state = act(state, "spread to s21")
    refusal(state, 0, "pass", "phylo/must-throw")


def test_a_negation_must_fit_the_event() -> None:
    # I Don't Think So! might be in P2's hand (it is in the pile), so P2 is asked; but
    # Specimen Preservation answers only an event played on one of P2's species
    state = make_state(hands=("E01", "E03 B09"), pile="E12 B01 B02")
    state = act(state, "play E01")
    assert state.legal_actions(1) == [Allow()]
    err = refusal(state, 1, Cancel("E03"), "phylo/cannot-cancel")
    assert "Specimen Preservation cannot cancel E01 Beagle Runs Ashore" in err.message


def test_a_cancelled_climate_change_still_counts_as_played() -> None:
    state = make_state(board=SPREAD, hands=("E10", "E03 B24"))
    state = act(state, "play E10 at t21")
    assert state.data.spread_used
    state = act(state, "cancel it with E03")
    assert state.data.spread_used
    assert state.data.cells()[cell("t21")].card == "B09"
