"""The optional "call your bluff" challenge (rules doc §Optional rule: call your bluff)."""

from __future__ import annotations

from typing import Any

from ecotone.core.game import State
from ecotone.games.phylo.actions import Allow, Challenge, Done, Remove, RemoveUnder
from ecotone.games.phylo.cards import BLACK, cards
from ecotone.games.phylo.challenge import challengeable, verdict
from ecotone.games.phylo.state import Phase

from .helpers import act, cell, game, make_state, refusal

QUIET = "E03"
SEA = "t21 B18 2, s21 B33 2"  # sea lettuce, and a green sea turtle grazing it


def with_rule(**kw: Any) -> State:
    return make_state(game(challenge=True), challenge_rule=True, discards=QUIET, **kw)


def test_without_the_option_nobody_is_asked() -> None:
    state = make_state(board=SEA, hands=("B04", ""), discards=QUIET)
    state = act(state, "play B04 at r21")
    assert state.data.phase is Phase.ACT
    assert state.to_move == (0,)


def test_after_a_placement_the_opponent_may_challenge() -> None:
    state = with_rule(board=SEA, hands=("B04", ""))
    state = act(state, "play B04 at r21")
    assert state.data.phase is Phase.CHALLENGE
    assert state.to_move == (1,)
    assert state.legal_actions(1) == [Challenge(), Allow()]
    err = refusal(state, 1, "pass", "phylo/must-challenge-or-allow")
    assert err
    state = act(state, "allow")
    assert state.data.phase is Phase.ACT
    assert state.to_move == (0,)
    assert state.data.actions_left == 2


def test_plants_are_never_challenged() -> None:
    assert not challengeable("B09")
    assert challengeable("B14")
    assert challengeable("B39")
    state = with_rule(hands=("B09", ""))
    assert act(state, "play B09 at t21").data.phase is Phase.ACT


def test_a_bluff_is_caught_from_what_the_species_really_eats() -> None:
    state = with_rule(board=SEA, hands=("B04", ""))
    state = act(state, "play B04 at r21")  # an octopus eating a green sea turtle?
    real, why = verdict(state.data, cell("r21"), False)
    assert not real
    assert "crabs" in why
    assert "B33 Green Sea Turtle" in why
    state = act(state, "challenge")
    assert state.data.phase is Phase.REMOVE
    assert state.data.remover == 1
    assert any("it is a bluff" in line and "P2 wins" in line for line in state.data.log)
    assert Done() in state.legal_actions(1)
    assert {a.cell for a in state.legal_actions(1) if isinstance(a, Remove)} == {
        "t21",
        "s21",
        "r21",
    }


def test_a_real_connection_wins_for_its_player() -> None:
    state = with_rule(board="t21 B09 2", hands=("B39", ""))
    state = act(state, "play B39 at s21")  # Darwin's beetle drinks the sap of trees
    real, why = verdict(state.data, cell("s21"), False)
    assert real
    assert "sap of trees" in why
    state = act(state, "challenge")
    assert state.data.remover == 0
    assert state.to_move == (0,)


def test_the_winner_removes_any_card_with_immediate_consequences() -> None:
    state = with_rule(board=SEA, hands=("B04", ""))
    state = act(state, "play B04 at r21", "challenge", "remove t21")
    # the sea lettuce goes; the turtle and the octopus lose their food and go at once
    assert state.data.board == ()
    assert any("discarded at once" in line for line in state.data.log)
    assert state.data.phase is Phase.ACT
    assert state.to_move == (0,)


def test_cards_already_in_trouble_keep_their_rescue_turn() -> None:
    board = SEA + ", k11 B05 1"  # a stranded fox far away
    state = with_rule(board=board, hands=("B04", ""))
    state = act(state, "play B04 at r21", "challenge", "remove r21")
    assert cell("k11") in state.data.cells()


def test_the_winner_may_remove_nothing_or_a_parasite() -> None:
    state = with_rule(board=SEA, hands=("B04", ""))
    state = act(state, "play B04 at r21", "challenge", "done")
    assert len(state.data.board) == 3
    hosted = "t21 B25 2, s21 B05 2 B53 2"
    state = with_rule(board=hosted, hands=("B39", ""))
    state = act(state, "play B39 at t20", "challenge")  # real (sap of trees): P1 removes
    assert RemoveUnder("s21") in state.legal_actions(0)
    state = act(state, "remove the parasite under s21")
    assert state.data.cells()[cell("s21")].under is None


def test_removal_refusals() -> None:
    state = with_rule(board=SEA, hands=("B04", ""))
    state = act(state, "play B04 at r21", "challenge")
    err = refusal(state, 1, Remove("k11"), "phylo/empty-cell")
    assert "no card at k11" in err.message
    refusal(state, 1, RemoveUnder("t21"), "phylo/no-parasite")
    refusal(state, 1, "pass", "phylo/must-remove")


def test_a_move_can_be_challenged_too() -> None:
    state = with_rule(board="s20 B25 2, t20 B09 1, s21 B05 1", hands=("", ""))
    state = act(state, "move s21 east 1")
    assert state.data.phase is Phase.CHALLENGE
    state = act(state, "challenge")  # the fox really eats fruit of trees: P1 wins
    assert state.data.remover == 0


def test_where_species_live_is_settled_by_the_locale() -> None:
    # every black-bordered species really lives around the world, so the locale rule
    # (a black border matches every leg) never places species where they do not live
    black = [sp for sp in cards().species.values() if sp.locale == BLACK]
    assert len(black) == 6
    for sp in black:
        assert "around the world" in sp.lives, sp.id
