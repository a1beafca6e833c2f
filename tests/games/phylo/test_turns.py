"""Set-up, the turn and its actions, and the end of the game (rules doc §Set-up, §A turn,
§The end)."""

from __future__ import annotations

from collections import Counter

from ecotone.games.phylo.actions import Drop, Pass, Play, PlayEvent
from ecotone.games.phylo.cards import cards
from ecotone.games.phylo.state import Phase

from .helpers import act, game, make_state, refusal

# -- set-up -------------------------------------------------------------------------------------


def test_setup_shares_the_shuffled_pile_and_deals_five_each() -> None:
    g = game()
    state = g.start(1)
    d = state.data
    first = d.turn
    assert len(d.piles) == 1
    assert len(d.discards) == 1
    # 60 cards: 5 in each hand, then the first player picked up 1
    assert len(d.hands[first]) == 6
    assert len(d.hands[1 - first]) == 5
    assert len(d.piles[0]) == 60 - 11
    everything = Counter(d.piles[0] + d.hands[0] + d.hands[1])
    assert everything == Counter(cards().pile)
    assert d.phase is Phase.ACT
    assert d.actions_left == 3
    assert "goes first" in d.log[0]


def test_who_goes_first_is_decided_by_the_seed() -> None:
    firsts = {game().start(seed).data.turn for seed in range(20)}
    assert firsts == {0, 1}
    assert game().start(5).digest() == game().start(5).digest()


def test_constructed_setup_gives_each_player_their_own_deck() -> None:
    g = game("constructed", deck1="Across the Andes", deck2="across the andes")
    d = g.start(3).data
    assert len(d.piles) == 2
    assert len(d.discards) == 2
    deck = cards().decks["Across the Andes"].cards
    for seat in (0, 1):
        mine = Counter(d.piles[seat] + d.hands[seat])
        assert mine == Counter(deck)
    assert sorted(len(h) for h in d.hands) == [5, 6]


# -- the turn ------------------------------------------------------------------------------------


def test_three_actions_then_the_turn_passes_and_the_opponent_picks_up() -> None:
    state = make_state(hands=("B09 B25 B22", "B24"), turn=0)
    pile_before = len(state.data.piles[0])
    state = act(state, "play B09 at t21")
    assert state.data.actions_left == 2
    assert state.to_move == (0,)
    state = act(state, "play B25 at s21", "play B22 at w21")
    d = state.data
    assert d.turn == 1
    assert d.actions_left == 3
    assert len(d.hands[1]) == 2  # picked up 1 card
    assert len(d.piles[0]) == pile_before - 1


def test_actions_may_be_the_same_or_mixed() -> None:
    state = make_state(hands=("B09 B25 E04", "B24 B36"), turn=0)
    state = act(state, "play B09 at t21", "play E04", "discard B24", "drop B25")
    assert state.data.turn == 1


def test_pass_ends_the_turn_at_once() -> None:
    state = make_state(hands=("B09", "B24"), turn=0)
    state = act(state, "pass")
    assert state.data.turn == 1
    assert "P1 passed" in state.data.log


def test_pass_is_always_legal_in_a_turn() -> None:
    state = make_state(hands=("", ""), turn=0, pile="")
    assert state.legal_actions(0) == [Pass()]


def test_drop_one_and_pick_up_three() -> None:
    state = make_state(hands=("B09", "B24"), pile="B01 B02 B03 B04", turn=0)
    state = act(state, "drop B09")
    d = state.data
    assert d.hands[0] == ("B02", "B03", "B04")  # the top three, the top being last
    assert d.piles[0] == ("B01",)
    assert d.discards[0] == ("B09",)
    assert d.actions_left == 2


def test_drop_picks_up_what_is_left() -> None:
    state = make_state(hands=("B09 B25", "B24"), pile="B01", turn=0)
    state = act(state, "drop B09")
    assert state.data.hands[0] == ("B01", "B25")
    assert state.data.final == 1  # the last card was picked up


def test_drop_needs_cards_to_pick_up() -> None:
    state = make_state(hands=("B09", "B24"), pile="", turn=0)
    assert Drop("B09") not in state.legal_actions(0)
    err = refusal(state, 0, Drop("B09"), "phylo/pile-empty")
    assert "nothing to pick up" in err.message


def test_a_card_not_in_hand_is_refused() -> None:
    state = make_state(hands=("B09", "B24"), turn=0)
    err = refusal(state, 0, Play("B25", "t21"), "phylo/not-in-hand")
    assert "you hold B09" in err.message
    refusal(state, 0, Drop("B24"), "phylo/not-in-hand")


def test_unknown_cards_and_cells_are_named() -> None:
    state = make_state(hands=("B09", "B24"), turn=0)
    err = refusal(state, 0, Play("B99", "t21"), "phylo/unknown-card")
    assert "B99" in err.message
    err = refusal(state, 0, Play("B09", "zz9"), "phylo/no-such-cell")
    assert "a1 to ap42" in err.message


def test_answers_are_not_turn_actions() -> None:
    state = make_state(hands=("B09", "B24"), turn=0)
    err = refusal(state, 0, "allow", "phylo/not-now")
    assert "play a card, drop one and pick up three, move a species, or pass" in err.message
    refusal(state, 0, "throw rock", "phylo/not-now")


def test_out_of_turn_is_refused() -> None:
    state = make_state(hands=("B09", "B24"), turn=0)
    refusal(state, 1, Pass(), "action/not-your-turn")


# -- start-of-turn events -------------------------------------------------------------------------


def test_start_of_turn_events_come_before_the_first_action_and_cost_none() -> None:
    state = make_state(hands=("E01 B09", "B24"), turn=0)
    assert PlayEvent("E01") in state.legal_actions(0)
    state = act(state, "play E01")
    assert state.data.actions_left == 3  # free
    assert state.data.skips == (0, 1)
    late = act(make_state(hands=("E01 B09", "B24"), turn=0), "play B09 at t21")
    assert PlayEvent("E01") not in late.legal_actions(0)
    err = refusal(late, 0, PlayEvent("E01"), "phylo/start-of-turn-only")
    assert "before your first action" in err.message


# -- the end ---------------------------------------------------------------------------------------


def test_the_last_card_gives_the_opponent_one_last_turn() -> None:
    state = make_state(hands=("B09", "B24"), pile="B01", turn=1)
    state = act(state, "pass")  # P1 picks up the last card at the start of their turn
    assert state.data.turn == 0
    assert state.data.final == 1
    assert any("last card" in line for line in state.data.log)
    state = act(state, "pass")  # P1 finishes their turn
    assert state.data.turn == 1
    assert state.data.final == 0
    state = act(state, "pass")
    assert state.is_over
    assert state.data.phase is Phase.OVER


def test_an_event_in_the_last_turn_grants_an_extra_turn() -> None:
    state = make_state(hands=("B09", "E04 B36 B22"), pile="", turn=1, final=0)
    state = act(state, "play E04", "pass")  # P2's last turn, with an event
    assert not state.is_over
    assert state.data.turn == 0
    assert any("extra turn" in line for line in state.data.log)
    state = act(state, "pass")  # P1's extra turn, no event: the end
    assert state.is_over


def test_extra_turns_go_on_while_events_are_played() -> None:
    state = make_state(
        hands=("E08 B36", "E04 B09 B25"), pile="", turn=1, final=0, board="t21 B22 1"
    )
    state = act(state, "play E04")  # P1 must discard half of 2 cards
    state = act(state, "discard B36", "pass")
    assert state.data.turn == 0
    state = act(state, "play E08 at t21", "pass")  # P1's extra turn, also with an event
    assert not state.is_over
    assert state.data.turn == 1
    state = act(state, "pass")
    assert state.is_over


def test_a_missed_turn_counts_as_the_last_turn() -> None:
    state = make_state(hands=("B09", "B24"), pile="", turn=0, final=1, skips=(0, 1))
    state = act(state, "pass")
    assert state.is_over
    assert any("misses" in line for line in state.data.log)
