"""Scoring against hand-built forests and end positions (rules §Scoring).

Card reminders: per level, 01-04 species A, 05 species A + chainsaw, 06-10 species B,
11-12 plain chainsaws, 13-16 plain (Ground 13-16: start cards).
Ground A agouti, B armadillo; 1st A poison frog, B jaguar; 2nd A toucan, B sloth;
Canopy A howler, B harpy eagle.
"""

from __future__ import annotations

import pytest

from ecotone.core.game import State
from ecotone.games.forest.scoring import ForestScore, is_complete, score_forest, tops
from ecotone.games.forest.state import Forest, Phase

from .helpers import forest, game, make_state, tree


def test_tops_and_is_complete() -> None:
    t = tree("G11/G01 F13 - C05")
    assert tops(t) == ["G01", "F13", "C05"]
    assert not is_complete(t)
    assert is_complete(tree("G13 F13 S13 C13"))


def test_empty_forest_scores_nothing() -> None:
    sc = score_forest(())
    assert sc == ForestScore(0, 0, 0, {}, ())
    assert sc.total == 0


def test_one_plain_complete_tree() -> None:
    # +3 for the tree; no animal, so no species is in balance (0 != 1)
    sc = score_forest(forest("G13 F13 S13 C13"))
    assert (sc.complete, sc.incomplete, sc.chainsaws, sc.balanced) == (1, 0, 0, ())
    assert sc.total == 3


def test_a_started_tree_costs_one() -> None:
    # the starting position: only the start card; -1, and no species with 0 complete trees
    assert score_forest(forest("G13 - - -")).total == -1


def test_no_complete_tree_scores_no_species() -> None:
    # animals in an incomplete tree: no complete tree, so no species scores although
    # 0 individuals "equal" 0 complete trees for the other five species.  -1 only.
    sc = score_forest(forest("G01 F01 S01 -"))
    assert sc.complete == 0
    assert sc.balanced == ()
    assert sc.individuals == {}
    assert sc.total == -1


def test_one_animal_of_each_level_in_one_tree() -> None:
    # +3 tree, agouti 1, frog 1, toucan 1, howler 1 = 1 complete tree: +4  -> 7
    sc = score_forest(forest("G01 F01 S01 C01"))
    assert sc.balanced == ("agouti", "howler", "poison-frog", "toucan")
    assert sc.individuals == {"agouti": 1, "poison-frog": 1, "toucan": 1, "howler": 1}
    assert sc.total == 7


def test_chainsaw_showing_in_a_complete_tree() -> None:
    # +3 tree, -1 chainsaw (G11), no animal -> 2
    sc = score_forest(forest("G13 F13 S13 C13", "G11 F14 S14 C14"))
    assert sc.chainsaws == 1
    # two complete trees, one chainsaw: 6 - 1 = 5
    assert sc.total == 5


def test_chainsaw_card_with_an_animal_counts_both() -> None:
    # C05 is a howler with a chainsaw: +3 tree, -1 chainsaw, howler 1 = 1 tree: +1 -> 3
    sc = score_forest(forest("G13 F13 S13 C05"))
    assert (sc.chainsaws, sc.balanced) == (1, ("howler",))
    assert sc.total == 3


def test_covered_chainsaw_does_not_count() -> None:
    # G11 (chainsaw) covered by G01 (agouti): +3 tree, agouti 1 = 1: +1 -> 4
    covered = score_forest(forest("G11/G01 F13 S13 C13"))
    assert covered.chainsaws == 0
    assert covered.total == 4
    # the other way round the chainsaw shows and the agouti is hidden: 3 - 1 = 2
    showing = score_forest(forest("G01/G11 F13 S13 C13"))
    assert showing.chainsaws == 1
    assert showing.balanced == ()
    assert showing.total == 2


def test_covered_animal_does_not_count() -> None:
    # G01 agouti covered by plain G14: no animal showing; 3 points
    sc = score_forest(forest("G01/G14 F13 S13 C13"))
    assert sc.individuals == {}
    assert sc.total == 3


def test_incomplete_tree_counts_neither_animals_nor_chainsaws() -> None:
    # tree 1 plain complete: +3; tree 2 (no 2nd level) holds agouti+chainsaw G05,
    # chainsaw F11 and howler C01: ignored but -1.  3 - 1 = 2
    sc = score_forest(forest("G13 F13 S13 C13", "G05 F11 - C01"))
    assert (sc.complete, sc.incomplete, sc.chainsaws) == (1, 1, 0)
    assert sc.individuals == {}
    assert sc.balanced == ()
    assert sc.total == 2


def test_balance_with_one_complete_tree() -> None:
    # 1 complete tree with 1 jaguar: +3 +1; the incomplete tree's second jaguar is ignored,
    # so the jaguar stays in balance: 3 + 1 - 1 = 3
    sc = score_forest(forest("G13 F06 S13 C13", "- F07 - -"))
    assert sc.balanced == ("jaguar",)
    assert sc.total == 3


def test_balance_with_two_complete_trees() -> None:
    # 2 trees: +6; agouti 2 == 2: +1; jaguar 1 != 2: 0  -> 7
    sc = score_forest(forest("G01 F06 S13 C13", "G02 F14 S14 C14"))
    assert sc.individuals == {"agouti": 2, "jaguar": 1}
    assert sc.balanced == ("agouti",)
    assert sc.total == 7


def test_fewer_individuals_than_trees_is_out_of_balance() -> None:
    # 2 complete trees: +6; 1 howler and 1 harpy eagle, neither equals 2 -> 6
    sc = score_forest(forest("G13 F13 S13 C01", "G14 F14 S14 C06"))
    assert sc.balanced == ()
    assert sc.total == 6


def test_balance_with_three_complete_trees_combined() -> None:
    # 3 complete trees: +9
    # chainsaws showing: F05 (frog + chainsaw) -> -1; S11 is covered by S08 -> 0
    # agouti 3 == 3 -> +1; sloth S06, S07, S08 == 3 -> +1; harpy 2 -> 0; frog 1 -> 0
    # started 4th tree (G12 chainsaw, ignored) -> -1
    # total: 9 - 1 + 2 - 1 = 9
    sc = score_forest(
        forest(
            "G01 F05 S06 C06",
            "G02 F13 S07 C07",
            "G03 F14 S11/S08 C15",
            "G12 - - -",
        )
    )
    assert (sc.complete, sc.incomplete, sc.chainsaws) == (3, 1, 1)
    assert sc.individuals == {"agouti": 3, "poison-frog": 1, "sloth": 3, "harpy-eagle": 2}
    assert sc.balanced == ("agouti", "sloth")
    assert sc.total == 9


def test_four_trees_four_species_in_balance() -> None:
    # 4 complete trees: +12; armadillo G06-G09 (4) +1; jaguar F06-F09 (4) +1;
    # toucan S01-S04 (4) +1; harpy C06-C09 (4) +1; no chainsaw -> 16
    sc = score_forest(
        forest(
            "G06 F06 S01 C06",
            "G07 F07 S02 C07",
            "G08 F08 S03 C08",
            "G09 F09 S04 C09",
        )
    )
    assert sc.balanced == ("armadillo", "harpy-eagle", "jaguar", "toucan")
    assert sc.total == 16


def test_many_chainsaws() -> None:
    # 2 complete trees: +6; chainsaws G11, F11, S11, C11, G12 -> -5; nothing balanced: 1
    sc = score_forest(forest("G11 F11 S11 C11", "G12 F13 S13 C13"))
    assert sc.chainsaws == 5
    assert sc.total == 1


# -- scores and winners of finished games -------------------------------------------


def over(*forests: Forest) -> State:
    return make_state(game(len(forests)), forests=list(forests), phase=Phase.OVER)


def test_scores_and_single_winner() -> None:
    # P1: 7 (see test_one_animal_of_each_level_in_one_tree); P2: 3 - 1 = 2
    state = over(forest("G01 F01 S01 C01"), forest("G13 F13 S13 C13", "G14 - - -"))
    assert state.scores() == [7.0, 2.0]
    assert state.winners() == [0]


def test_ties_share_the_win() -> None:
    # P1 and P3: one plain complete tree, 3 each; P2 started tree only: -1
    state = over(
        forest("G13 F13 S13 C13"),
        forest("G14 - - -"),
        forest("G15 F15 S15 C15"),
    )
    assert state.scores() == [3.0, -1.0, 3.0]
    assert state.winners() == [0, 2]


def test_all_tied_all_win() -> None:
    state = over(*(forest(f"G{13 + s} - - -") for s in range(4)))
    assert state.scores() == [-1.0] * 4
    assert state.winners() == [0, 1, 2, 3]


def test_winners_empty_while_the_game_runs() -> None:
    state = make_state(
        game(2),
        forests=[forest("G01 F01 S01 C01"), forest("G13 - - -")],
        hands=["C13", "S13"],
    )
    assert state.scores() == [7.0, -1.0]
    assert state.winners() == []


@pytest.mark.parametrize("seed", range(5))
def test_observed_points_match_score_forest(seed: int) -> None:
    state = game(3).start(seed)
    while not state.is_over:
        (seat,) = state.to_move
        state = state.apply(seat, state.legal_actions(seat)[-1])
    obs = state.observe(None)
    expected = [score_forest(f).total for f in state.data.forests]
    assert obs["points"] == expected
    assert state.scores() == [float(x) for x in expected]


def test_the_rules_documents_worked_example() -> None:
    """docs/rules/once-upon-a-forest.md §Scoring: two complete trees showing 2 Agoutis,
    2 Jaguars, 1 Toucan and one chainsaw, and an unfinished third tree holding a Harpy
    Eagle: 2x3 - 1 - 1 + 2 (Agouti, Jaguar) = 6."""
    example = forest("G01 F06 S01 C11", "G02 F07 S13 C13", "- - - C06")
    result = score_forest(example)
    assert (result.complete, result.incomplete, result.chainsaws) == (2, 1, 1)
    assert result.balanced == ("agouti", "jaguar")
    assert result.total == 6
