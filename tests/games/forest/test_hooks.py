"""The score line by line, the turn and the decision in a sentence (rules §Scoring, §A turn).

Card reminders: per level, 01-04 species A, 05 species A + chainsaw, 06-10 species B,
11-12 plain chainsaws, 13-16 plain (Ground 13-16: start cards).
Ground A agouti, B armadillo; 1st A poison frog, B jaguar; 2nd A toucan, B sloth;
Canopy A howler, B harpy eagle.
"""

from __future__ import annotations

from ecotone.core.game import State
from ecotone.games.forest.state import Phase

from .helpers import forest, game, make_state

TERMS = ("Complete trees", "Animals in balance", "Chainsaws", "Unfinished trees")


def lines(state: State, seat: int) -> dict[str, float]:
    terms = state.breakdown()[seat]
    assert tuple(t.name for t in terms) == TERMS
    return {t.name: t.points for t in terms}


def test_the_rulebook_example_line_by_line() -> None:
    # rules §Scoring: two complete trees showing 2 agoutis, 2 jaguars, 1 toucan and one
    # chainsaw, an unfinished third tree with a harpy eagle: 2x3 - 1 - 1 + 2 = 6
    example = forest(
        "G01 F06 S01 C13",  # agouti, jaguar, toucan, plain
        "G02 F07 S11 C14",  # agouti, jaguar, chainsaw, plain
        "G15 - - C06",  # unfinished: a harpy eagle, counted for nothing
    )
    state = make_state(game(2), forests=[example, forest("G13 - - -")], fill_piles=True)
    assert lines(state, 0) == {
        "Complete trees": 6,  # +3 each
        "Animals in balance": 2,  # agouti 2 = jaguar 2 = 2 trees; toucan 1 is not
        "Chainsaws": -1,
        "Unfinished trees": -1,
    }
    assert state.scores()[0] == 6
    # the other forest: its start card is a tree begun and not finished
    assert lines(state, 1) == {
        "Complete trees": 0,
        "Animals in balance": 0,
        "Chainsaws": 0,
        "Unfinished trees": -1,
    }


def test_only_the_top_cards_of_complete_trees_count() -> None:
    # tree 1: the agouti G01 covers the chainsaw G11, and C05 shows a howler with a
    # chainsaw: +3, agouti and howler in balance (1 each in 1 tree) +2, one chainsaw -1;
    # tree 2 is unfinished: its chainsaw F11 and frog F01 count for nothing, only -1
    mine = forest("G11/G01 F13 S13 C05", "G12 F11 - -")
    state = make_state(game(2), forests=[mine, forest("G14 - - -")], fill_piles=True)
    assert lines(state, 0) == {
        "Complete trees": 3,
        "Animals in balance": 2,
        "Chainsaws": -1,
        "Unfinished trees": -1,
    }


def test_the_solo_forest_has_its_own_lines_and_the_neighbour_none() -> None:
    state = make_state(
        game(1),
        forests=[forest("G13 F06 S06 C06")],  # jaguar, sloth, harpy eagle: 1 each
        neighbour=forest("G14 F07 S07 C07"),
        fill_piles=True,
    )
    (only,) = state.breakdown()
    assert {t.name: t.points for t in only} == {
        "Complete trees": 3,
        "Animals in balance": 3,
        "Chainsaws": 0,
        "Unfinished trees": 0,
    }


def test_players_count_no_turns() -> None:
    state = game(3).start(5)
    assert state.turn is None
    (seat,) = state.to_move
    assert state.apply(seat, state.legal_actions(seat)[0]).turn is None


def test_each_step_in_a_sentence() -> None:
    g = game(3)
    trees = [forest("G13 - - -"), forest("G14 - - -"), forest("G15 - - -")]
    place = make_state(g, forests=trees, hands=["C07 F06 G01", "S01", "C13"], fill_piles=True)
    assert place.phase(0) == "Place one of your cards in your forest, at its own level."
    assert place.phase(1) == "P1 places one of their cards in their forest."
    assert place.phase(None) == place.phase(2)

    give = make_state(
        g, forests=trees, hands=["C07 F06", "S01", "C13"], phase=Phase.GIVE, fill_piles=True
    )
    assert give.phase(0) == "Give one of your cards to another player, who must place it at once."
    assert give.phase(2) == (
        "P1 gives one of their cards to another player, who must place it at once."
    )

    receive = make_state(
        g,
        forests=trees,
        hands=["C07", "S01", "C13"],
        phase=Phase.RECEIVE,
        gift="F06",
        receiver=2,
        fill_piles=True,
    )
    assert receive.to_move == (2,)
    assert receive.phase(2) == "Place the card P1 gave you in your forest, at once."
    assert receive.phase(0) == "P3 places the card you gave them in their forest."
    assert receive.phase(1) == "P3 places the card P1 gave them in their forest."

    draw = make_state(
        g,
        forests=trees,
        hands=["C07", "S01", "C13"],
        phase=Phase.DRAW,
        draws_left=2,
        fill_piles=True,
    )
    assert draw.phase(0) == "Draw 2 cards from the piles of your choice, one at a time."
    last = make_state(
        g,
        forests=trees,
        hands=["C07 F06", "S01", "C13"],
        phase=Phase.DRAW,
        draws_left=1,
        fill_piles=True,
    )
    assert last.phase(1) == "P1 draws a card from the pile of their choice."


def test_the_deal_and_the_solo_gift_in_a_sentence() -> None:
    deal = game(2).start(3)
    assert deal.phase(0) == (
        "Take the top card of a pile of your choice; players take one card each in turn "
        "until everyone holds 3."
    )
    assert deal.phase(1).startswith("P1 takes the top card of a pile of their choice")
    solo = make_state(
        game(1),
        forests=[forest("G13 - - -")],
        hands=["C07 F06"],
        phase=Phase.GIVE,
        fill_piles=True,
    )
    assert solo.phase(0) == "Give one of your cards to the Neighbouring Forest."
    assert solo.phase(None) == "P1 gives one of their cards to the Neighbouring Forest."


def test_no_sentence_once_the_game_is_over() -> None:
    g = game(2)
    over = make_state(
        g,
        forests=[forest("G13 - - -"), forest("G14 - - -")],
        phase=Phase.OVER,
        fill_piles=True,
    )
    assert over.is_over
    assert over.phase(0) is None
    assert over.phase(None) is None
