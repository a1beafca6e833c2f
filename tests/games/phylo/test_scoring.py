"""Scoring hand-built end positions (rules doc §Scoring)."""

from __future__ import annotations

from ecotone.games.phylo.scoring import points, table_points, winners

from .helpers import act, make_state, table


def test_each_card_scores_for_the_player_it_faces() -> None:
    board = table("t21 B09 1, s21 B39 1, r21 B05 2, w21 B24 2")
    assert table_points(board) == [1 + 5, 4 + 3]


def test_a_parasite_scores_for_its_own_player() -> None:
    board = table("t21 B25 2, s21 B05 2 B53 1")
    assert table_points(board) == [7, 2 + 4]


def test_event_cards_on_the_table_score_nothing() -> None:
    assert points("E09") == 0
    assert points("E15") == 0
    assert table_points(table("t21 E09 1, s21 B09 2")) == [0, 1]


def test_the_most_points_wins_and_ties_share() -> None:
    assert winners([12, 9]) == [0]
    assert winners([9, 12]) == [1]
    assert winners([10, 10]) == [0, 1]


def test_a_finished_game_is_scored_from_the_table() -> None:
    board = "t21 B22 1, s21 B36 1, r21 B51 1, w21 B09 2, x21 B05 2"
    state = make_state(board=board, hands=("B01", "B13"), pile="", final=0)
    state = act(state, "pass")
    assert state.is_over
    assert state.scores() == [2.0 + 4 + 6, 1.0 + 4]  # cards in hand score nothing
    assert state.winners() == [0]
    assert state.observe(None)["winners"] == [0]
