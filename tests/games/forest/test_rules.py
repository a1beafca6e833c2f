"""One test per rule of play: legal and illegal cases, codes and explanations."""

from __future__ import annotations

import pytest

from ecotone.core.errors import IllegalAction
from ecotone.core.game import State
from ecotone.games.forest.actions import Draw, Give, GiveToNeighbour, Place
from ecotone.games.forest.placement import can_start_tree, place_card, targets
from ecotone.games.forest.state import Phase

from .helpers import act, forest, game, make_state, refusal

# -- positions ------------------------------------------------------------------------


def opening(**changes: object) -> State:
    """P1 to place; both forests are a single start card; the rest of the deck in piles."""
    parts: dict[str, object] = {
        "forests": [forest("G13 - - -"), forest("G14 - - -")],
        "hands": ["C07 F06 G01", "S01 S13 C13"],
        "fill_piles": True,
    }
    parts.update(changes)
    return make_state(game(2), **parts)  # type: ignore[arg-type]


def with_complete_tree(**changes: object) -> State:
    """P1 has a complete tree 1 and a started tree 2 (1st level only)."""
    parts: dict[str, object] = {
        "forests": [forest("G13 F13 S13 C13", "- F14 - -"), forest("G14 - - -")],
        "hands": ["C07 F06 G01", "S01 S14 C14"],
        "fill_piles": True,
    }
    parts.update(changes)
    return make_state(game(2), **parts)  # type: ignore[arg-type]


# -- placing a card (its level, trees, covering) ------------------------------------------


def test_a_card_goes_to_its_own_levels_slot() -> None:
    state = opening()
    for card, level in (("C07", 3), ("F06", 1), ("G01", 0)):
        after = state.apply(0, Place(card, 0))
        slot = after.data.forests[0][0][level]
        assert slot[-1] == card
        # every other level is untouched
        for other in range(4):
            if other != level:
                assert after.data.forests[0][0][other] == state.data.forests[0][0][other]
        assert card not in after.data.hands[0]
        assert after.data.phase is Phase.GIVE


def test_place_legal_actions_are_hand_times_trees() -> None:
    state = opening()
    legal = state.legal_actions(0)
    # one incomplete tree: every card of the hand into tree 1 only
    assert legal == [Place("C07", 0), Place("F06", 0), Place("G01", 0)]
    state2 = with_complete_tree()
    assert set(state2.legal_actions(0)) == {
        Place(c, t) for c in ("C07", "F06", "G01") for t in (0, 1)
    }


def test_placing_in_the_ground_level_covers_the_start_card() -> None:
    after = opening().apply(0, Place("G01", 0))
    assert after.data.forests[0][0][0] == ("G13", "G01")


def test_cover_a_card_in_a_complete_tree() -> None:
    state = with_complete_tree()
    assert state.explain(0, Place("C07", 0)) is None
    after = state.apply(0, Place("C07", 0))
    t1 = after.data.forests[0][0]
    assert t1[3] == ("C13", "C07")  # the covered card stays underneath
    assert t1[:3] == (("G13",), ("F13",), ("S13",))
    assert len(after.data.forests[0]) == 2


def test_cover_a_card_in_the_incomplete_tree() -> None:
    state = with_complete_tree()
    after = state.apply(0, Place("F06", 1))
    assert after.data.forests[0][1] == ((), ("F14", "F06"), (), ())


def test_only_the_top_card_counts_after_covering() -> None:
    # C13 (plain) covered by C07 (harpy eagle): the eagle now shows in the complete tree
    state = with_complete_tree()
    assert state.observe(0)["points"][0] == 3 - 1
    after = state.apply(0, Place("C07", 0))
    # 1 complete tree with 1 harpy eagle (balanced: +1), 1 started tree
    assert after.observe(0)["points"][0] == 3 + 1 - 1


def test_new_tree_only_when_the_last_is_complete() -> None:
    state = opening(forests=[forest("G13 - S14 -"), forest("G14 - - -")])
    err = refusal(state, 0, Place("C07", 1), "forest/tree-incomplete")
    assert "start a new tree only when tree 1 has all four levels" in err.message
    assert "1st level, Canopy" in err.message  # the missing levels, in order
    assert "Ground" not in err.message.split("lacks:")[1]
    assert "2nd level" not in err.message.split("lacks:")[1]


def test_new_tree_message_lists_all_three_missing_levels() -> None:
    err = refusal(opening(), 0, Place("F06", 1), "forest/tree-incomplete")
    assert err.message.endswith("it still lacks: 1st level, 2nd level, Canopy")


def test_new_tree_may_be_started_once_the_last_is_complete() -> None:
    state = opening(forests=[forest("G13 F15 S15 C15"), forest("G14 - - -")])
    assert Place("C07", 1) in state.legal_actions(0)
    after = state.apply(0, Place("C07", 1))
    assert after.data.forests[0][1] == ((), (), (), ("C07",))


@pytest.mark.parametrize(("card", "level"), [("G01", 0), ("F06", 1), ("C07", 3)])
def test_a_new_tree_may_begin_with_any_level(card: str, level: int) -> None:
    state = opening(forests=[forest("G13 F15 S15 C15"), forest("G14 - - -")])
    after = state.apply(0, Place(card, 1))
    new = after.data.forests[0][1]
    assert new[level] == (card,)
    assert sum(len(s) for s in new) == 1


def test_levels_may_be_filled_in_any_order() -> None:
    # P1's tree 1 has only its start card; fill Canopy, then 2nd, then 1st level
    g = game(1)
    state = make_state(g, forests=[forest("G13 - - -")], hands=["C07 S06 F06"], fill_piles=True)
    order = [("C07", 3), ("S06", 2), ("F06", 1)]
    for card, level in order:
        state = state.apply(0, Place(card, 0))
        assert state.data.forests[0][0][level] == (card,)
        if state.data.phase is Phase.GIVE:
            # put the state back to a placing turn with what is left in hand
            state = make_state(
                g,
                forests=[state.data.forests[0]],
                hands=[" ".join(state.data.hands[0])],
                fill_piles=True,
            )
    assert can_start_tree(state.data.forests[0])
    assert targets(state.data.forests[0]) == range(2)


def test_place_card_function_does_not_touch_other_trees() -> None:
    f = forest("G13 F13 S13 C13", "G01 - - -")
    out = place_card(f, "S06", 1)
    assert out[0] is f[0]
    assert out[1] == (("G01",), (), ("S06",), ())
    assert f[1] == (("G01",), (), (), ())  # the input is unchanged


def test_no_such_tree() -> None:
    state = opening()
    err = refusal(state, 0, Place("C07", 5), "forest/no-such-tree")
    assert "your forest has 1 tree, so there is no tree 6" in err.message
    state2 = opening(forests=[forest("G13 F15 S15 C15"), forest("G14 - - -")])
    err2 = refusal(state2, 0, Place("C07", 3), "forest/no-such-tree")
    assert "no tree 4" in err2.message
    assert "the next new tree would be tree 2" in err2.message


def test_no_such_tree_message_reads_well_when_the_last_tree_is_incomplete() -> None:
    err = refusal(opening(), 0, Place("C07", 5), "forest/no-such-tree")
    assert "tree 1 must be completed first" in err.message
    assert "would be tree 1 must" not in err.message


def test_card_not_in_hand() -> None:
    err = refusal(opening(), 0, Place("C01", 0), "forest/not-in-hand")
    assert err.message == "C01 is not in your hand (you hold C07, F06, G01)"


def test_card_of_another_players_hand_is_not_in_hand() -> None:
    err = refusal(opening(), 0, Place("S01", 0), "forest/not-in-hand")
    assert "S01 is not in your hand" in err.message


# -- giving ---------------------------------------------------------------------------


def giving(**changes: object) -> State:
    """P1 has placed G01 and must now give C07 or F06."""
    return opening(**changes).apply(0, Place("G01", 0))


def test_must_place_before_giving() -> None:
    state = opening()
    err = refusal(state, 0, Give("C07", 1), "forest/must-place")
    assert "first place one card from your hand" in err.message
    refusal(state, 0, Draw(0), "forest/must-place")


def test_give_legal_actions() -> None:
    state = giving()
    assert state.data.phase is Phase.GIVE
    assert state.to_move == (0,)
    assert state.legal_actions(0) == [Give("C07", 1), Give("F06", 1)]


def test_give_to_self() -> None:
    err = refusal(giving(), 0, Give("C07", 0), "forest/give-to-self")
    assert "another player" in err.message


@pytest.mark.parametrize("to", [2, 3])
def test_give_to_a_missing_seat(to: int) -> None:
    err = refusal(giving(), 0, Give("C07", to), "forest/no-such-player")
    assert f"there is no player P{to + 1} at this table" in err.message


def test_give_to_any_other_player_in_a_4_player_game() -> None:
    g = game(4)
    state = make_state(
        g,
        forests=[forest(f"G{13 + s} - - -") for s in range(4)],
        hands=["C07 F06 G01", "S01 S13 C13", "F01 F02 F03", "S02 S03 S04"],
        fill_piles=True,
    ).apply(0, Place("G01", 0))
    gifts = [a for a in state.legal_actions(0) if isinstance(a, Give)]
    assert gifts == state.legal_actions(0)
    assert {a.to for a in gifts} == {1, 2, 3}


def test_give_a_card_not_in_hand() -> None:
    state = giving()
    err = refusal(state, 0, Give("G01", 1), "forest/not-in-hand")  # just placed
    assert "G01 is not in your hand (you hold C07, F06)" in err.message


def test_must_give() -> None:
    state = giving()
    err = refusal(state, 0, Place("C07", 0), "forest/must-give")
    assert "give one of your cards to another player" in err.message
    refusal(state, 0, Draw(0), "forest/must-give")
    refusal(state, 0, GiveToNeighbour("C07"), "forest/must-give")


def test_give_passes_the_decision_to_the_receiver_and_back() -> None:
    state = giving().apply(0, Give("C07", 1))
    d = state.data
    assert d.phase is Phase.RECEIVE
    assert d.gift == "C07"
    assert d.receiver == 1
    assert d.turn == 0
    assert state.to_move == (1,)
    assert state.legal_actions(0) == []
    assert "C07" not in d.hands[0]
    assert "C07" not in d.hands[1]
    err = refusal(state, 0, Draw(0), "action/not-your-turn")
    assert "waiting for P2" in err.message
    after = state.apply(1, Place("C07", 0))
    assert after.to_move == (0,)
    assert after.data.phase is Phase.DRAW
    assert after.data.draws_left == 2
    assert after.data.gift is None
    assert after.data.receiver is None
    assert after.data.forests[1][0][3] == ("C07",)
    assert after.data.hands[1] == state.data.hands[1]  # the gift never enters the hand


def test_receiver_must_place_the_gift_and_only_the_gift() -> None:
    state = giving().apply(0, Give("C07", 1))
    assert state.legal_actions(1) == [Place("C07", 0)]
    err = refusal(state, 1, Place("S01", 0), "forest/must-place-gift")
    assert "you were given C07 Harpy Eagle: place it in your forest now" in err.message
    refusal(state, 1, Draw(0), "forest/must-place-gift")
    refusal(state, 1, Give("S01", 0), "forest/must-place-gift")
    refusal(state, 1, Place("C07", 1), "forest/tree-incomplete")
    refusal(state, 1, Place("C07", 4), "forest/no-such-tree")


def test_receiver_chooses_the_tree_for_the_gift() -> None:
    state = make_state(
        game(2),
        forests=[forest("G13 - - -"), forest("G14 F14 S14 C14", "- - S13 -")],
        hands=["C07 F06", "S01 G02 C13"],
        phase=Phase.GIVE,
        fill_piles=True,
    ).apply(0, Give("F06", 1))
    assert state.legal_actions(1) == [Place("F06", 0), Place("F06", 1)]
    covered = state.apply(1, Place("F06", 0))
    assert covered.data.forests[1][0][1] == ("F14", "F06")
    filled = state.apply(1, Place("F06", 1))
    assert filled.data.forests[1][1] == ((), ("F06",), ("S13",), ())


def test_receiver_may_start_a_new_tree_with_the_gift() -> None:
    state = make_state(
        game(2),
        forests=[forest("G13 - - -"), forest("G14 F14 S14 C14")],
        hands=["C07 F06", "S01 G02 C13"],
        phase=Phase.GIVE,
        fill_piles=True,
    ).apply(0, Give("C07", 1))
    after = state.apply(1, Place("C07", 1))
    assert after.data.forests[1][1] == ((), (), (), ("C07",))


# -- turn order ----------------------------------------------------------------------


def test_out_of_turn() -> None:
    state = opening()
    err = refusal(state, 1, Place("S01", 0), "action/not-your-turn")
    assert err.message == "it is not P2's turn; waiting for P1"
    assert state.legal_actions(1) == []


def test_bad_seat() -> None:
    refusal(opening(), 2, Place("C07", 0), "action/bad-seat")


# -- drawing ----------------------------------------------------------------------------


def drawing(piles: tuple[str, ...]) -> State:
    """P1 must draw, having placed and given; the piles as given."""
    return make_state(
        game(2),
        forests=[forest("G13 - - C07"), forest("G14 - - -")],
        hands=["F06", "S01 S13 C13"],
        piles=piles,
        phase=Phase.DRAW,
        draws_left=2,
    )


def test_draw_two_cards_one_pile_at_a_time() -> None:
    state = drawing(("G01 G02", "F01", "", "S02", "C01"))
    assert state.legal_actions(0) == [Draw(0), Draw(1), Draw(3), Draw(4)]
    one = state.apply(0, Draw(0))
    assert one.data.hands[0] == ("F06", "G02")
    assert one.data.piles[0] == ("G01",)
    assert one.data.phase is Phase.DRAW
    assert one.data.draws_left == 1
    assert one.to_move == (0,)
    two = one.apply(0, Draw(0))  # the same pile again is allowed
    assert two.data.hands[0] == ("F06", "G01", "G02")
    assert two.data.phase is Phase.PLACE
    assert two.to_move == (1,)
    assert two.data.draws_left == 0


def test_draw_from_an_empty_pile() -> None:
    state = drawing(("G01 G02", "F01", "", "S02", "C01"))
    err = refusal(state, 0, Draw(2), "forest/empty-pile")
    assert err.message == "pile 3 is empty"


def test_draw_from_a_pile_that_does_not_exist() -> None:
    state = drawing(("G01 G02", "F01", "", "S02", "C01"))
    err = refusal(state, 0, Draw(7), "forest/no-such-pile")
    assert "only 5 piles" in err.message


def test_must_draw() -> None:
    state = drawing(("G01 G02", "F01", "", "S02", "C01"))
    err = refusal(state, 0, Place("F06", 0), "forest/must-draw")
    assert "you still take 2 cards from the piles" in err.message
    refusal(state, 0, Give("F06", 1), "forest/must-draw")


def test_must_draw_during_the_deal() -> None:
    state = game(2).start(3)
    err = refusal(state, 0, Place("G01", 0), "forest/must-draw")
    assert "you still take 3 cards" in err.message


def test_draw_fewer_when_the_piles_run_out() -> None:
    # one card left in the piles: after the gift, P1 draws just that one
    state = make_state(
        game(2),
        forests=[forest("G13 - - -"), forest("G14 - - -")],
        hands=["C07 F06 G01", "S01 S13 C13"],
        piles=("", "", "F01", "", ""),
    )
    state = act(state, "place G01 in tree 1", "give C07 to P2", "place C07 in tree 1")
    assert state.data.phase is Phase.DRAW
    assert state.data.draws_left == 1
    assert state.legal_actions(0) == [Draw(2)]
    after = state.apply(0, Draw(2))
    assert after.data.hands[0] == ("F01", "F06")
    assert after.data.phase is Phase.PLACE
    assert after.to_move == (1,)
    assert not any(after.data.piles)


def test_the_last_card_of_the_piles_ends_the_draw_early() -> None:
    state = drawing(("", "", "F01", "", ""))
    after = state.apply(0, Draw(2))
    assert after.data.phase is Phase.PLACE
    assert after.to_move == (1,)
    assert after.data.draws_left == 0


def test_no_draw_at_all_when_the_piles_are_empty() -> None:
    state = make_state(
        game(2),
        forests=[forest("G13 - - -"), forest("G14 - - -")],
        hands=["C07 F06 G01", "S01 S13 C13"],
    )
    state = act(state, "place G01 in tree 1", "give C07 to P2", "place C07 in tree 1")
    assert state.data.phase is Phase.PLACE
    assert state.to_move == (1,)
    assert state.data.hands[0] == ("F06",)


# -- the end of the piles: playing out the hands --------------------------------------


def test_turn_skips_players_with_empty_hands() -> None:
    g = game(3)
    state = make_state(
        g,
        forests=[forest("G13 - - -"), forest("G14 - - -"), forest("G15 - - -")],
        hands=["C07 F06", "", "S01"],
    )
    state = act(state, "place F06 in tree 1", "give C07 to P2")
    assert state.to_move == (1,)
    state = act(state, "place C07 in tree 1")
    # piles empty: no draw; P2 holds nothing, so P3 is next
    assert state.data.phase is Phase.PLACE
    assert state.to_move == (2,)
    assert state.data.turn == 2


def test_placing_the_last_card_skips_the_give() -> None:
    g = game(3)
    state = make_state(
        g,
        forests=[forest("G13 - - -"), forest("G14 - - -"), forest("G15 - - -")],
        hands=["C07", "S01", "F01"],
    )
    state = state.apply(0, Place("C07", 0))
    assert state.data.phase is Phase.PLACE
    assert state.to_move == (1,)
    state = state.apply(1, Place("S01", 0))
    assert state.to_move == (2,)


def test_game_ends_when_piles_and_hands_are_empty() -> None:
    g = game(2)
    state = make_state(
        g,
        forests=[forest("G13 - - -"), forest("G14 - - -")],
        hands=["C07", "S01 C13"],
        turn=1,
    )
    state = act(state, "place S01 in tree 1", "give C13 to P1", "place C13 in tree 1")
    # P2 is out of cards; P1 still holds C07
    assert state.to_move == (0,)
    assert not state.is_over
    state = act(state, "place C07 in tree 1")
    assert state.is_over
    assert state.data.phase is Phase.OVER
    assert state.to_move == ()
    assert state.legal_actions(0) == state.legal_actions(1) == []
    assert state.data.forests[0][0][3] == ("C13", "C07")
    obs = state.observe(None)
    assert obs["is_over"] is True
    assert obs["scores"] == state.scores()
    assert obs["winners"] == state.winners()
    assert "the game is over" in state.render(None)


def test_no_action_after_the_end() -> None:
    state = make_state(
        game(2),
        forests=[forest("G13 - - -"), forest("G14 - - -")],
        phase=Phase.OVER,
    )
    assert state.is_over
    for seat, action in ((0, Place("C07", 0)), (1, Draw(0)), (0, Give("C07", 1))):
        err = refusal(state, seat, action, "action/game-over")
        assert err.message == "the game is over"


def test_not_an_action_of_this_game() -> None:
    with pytest.raises(IllegalAction) as info:
        opening().apply(0, "place C07 in tree 1")  # type: ignore[arg-type]
    assert info.value.code == "action/malformed"


def test_every_hand_holds_three_at_the_start_of_each_turn_while_piles_last() -> None:
    # a whole game by always taking the first legal action
    state = game(3).start(2)
    seen_turns = 0
    while not state.is_over:
        (seat,) = state.to_move
        d = state.data
        if d.phase is Phase.PLACE and any(d.piles):
            assert len(d.hands[seat]) == 3
            seen_turns += 1
        state = state.apply(seat, state.legal_actions(seat)[0])
    assert seen_turns > 10
    # every card ends in a forest
    placed = [c for f in state.data.forests for t in f for s in t for c in s]
    assert len(placed) == 64 == len(set(placed))
    assert not any(state.data.piles)
    assert not any(state.data.hands)
    # at most one incomplete tree per forest, and it is the last one
    for f in state.data.forests:
        assert all(all(t) for t in f[:-1])
