"""What each seat sees, the text picture, determinization and zones (rules doc §What
players see)."""

from __future__ import annotations

import json
import random

from ecotone.games.phylo.actions import ThrowHand
from ecotone.games.phylo.state import Phase, Throw

from .helpers import act, game, make_state

BOARD = "t21 B09 1, s21 B39 1, r21 B05 2, w21 B24 2, k11 B25 2"


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_other() -> None:
    state = make_state(board=BOARD, hands=("B01 E08", "B36 B22 E04"))
    obs = state.observe(0)
    assert obs["hands"][0] == {"count": 2, "cards": ["B01", "E08"], "known": []}
    assert obs["hands"][1] == {"count": 3, "cards": None, "known": []}
    assert obs["piles"] == [len(state.data.piles[0])]
    spectator = state.observe(None)
    assert spectator["hands"][0]["cards"] is None
    assert spectator["hands"][1]["cards"] is None
    assert json.loads(json.dumps(obs)) == obs


def test_the_table_is_public_with_owners_and_incompatible_cards() -> None:
    state = make_state(board=BOARD, hands=("", ""))
    table = {t["cell"]: t for t in state.observe(1)["table"]}
    assert table["s21"] == {"cell": "s21", "card": "B39", "owner": 0, "incompatible": False}
    assert table["k11"]["incompatible"] is True  # a lone palm far from the map
    assert state.observe(1)["points"] == [1 + 5, 4 + 3 + 2]


def test_the_render_shows_the_grid_the_cards_and_your_hand() -> None:
    board = BOARD.replace("r21 B05 2", "r21 B05 2 B53 1")
    state = make_state(board=board, hands=("B01 E08", "B36"))
    text = state.render(0)
    assert "P1 to act: 3 of 3 actions left" in text
    assert "[MAP]" in text
    assert "B09¹" in text
    assert "B05²+" in text
    assert "B25²!" in text
    assert "s21 P1: B39 Darwin's Beetle · 5 pts · herbivore FC2" in text
    assert "beneath, P1: B53 Vampire Bat" in text
    assert "k11 P2 INCOMPATIBLE" in text
    assert "Your hand:" in text
    assert "B01 Megatherium" in text
    assert "B36" not in text.split("Your hand:")[1]
    rows = [line for line in text.splitlines() if "[MAP]" in line]
    assert [line.split()[0] for line in rows] == ["22", "21"]  # north on top
    assert "Your hand" not in state.render(None)


def test_determinize_keeps_what_the_seat_knows() -> None:
    g = game()
    state = g.start(3)
    seat = state.to_move[0]
    opp = 1 - seat
    moved = False
    for k in range(10):
        det = state.determinize(seat, k)
        assert det.data.hands[seat] == state.data.hands[seat]
        assert len(det.data.hands[opp]) == len(state.data.hands[opp])
        assert det.observe(seat) == state.observe(seat)
        assert sorted(det.data.piles[0] + det.data.hands[opp]) == sorted(
            state.data.piles[0] + state.data.hands[opp]
        )
        moved |= det.data.hands[opp] != state.data.hands[opp]
    assert moved


def test_known_cards_stay_put_when_re_dealt() -> None:
    state = make_state(hands=("B24", "E13"), turn=1, discards="B09 E03")
    state = act(state, "play E13", "take B09 from the discard pile")
    for k in range(5):
        det = state.determinize(0, k)
        assert "B09" in det.data.hands[1]


def test_an_unanswered_throw_is_secret_and_re_thrown() -> None:
    board = "t21 B09 2, s21 B39 2"
    state = make_state(board=board, hands=("E10", "B24"), discards="E03")
    state = act(state, "play E10 at t21", "spread to s21")
    state = state.apply(0, ThrowHand(Throw.ROCK))
    assert state.data.phase is Phase.CONTEST
    assert state.observe(1)["thrown"] == [True, False]
    assert "rock" not in json.dumps(state.observe(1))
    throws = {state.determinize(1, random.Random(k)).data.throws[0] for k in range(20)}
    assert throws == {"rock", "paper", "scissors"}
    assert state.determinize(0, 1).data.throws[0] == "rock"


def test_zones_hold_every_card_once() -> None:
    g = game()
    state = g.start(6)
    zones = g.zones(state.data)
    seen = [c for cards in zones.values() for c in cards]
    assert sorted(seen) == sorted(g.components())
    assert set(zones) >= {"pick-up pile", "discard pile", "P1 hand", "P2 hand", "table"}


def test_a_throw_is_announced_to_the_others_only_as_a_throw() -> None:
    # Everybody knows a throw is due (whose turn it is is public), so the others learn that
    # one was made, but not which: rock, paper or scissors stays secret until both are in.
    board = "t21 B09 2, s21 B39 2"
    state = make_state(board=board, hands=("E10", "B24"), discards="E03")
    state = act(state, "play E10 at t21", "spread to s21")
    for throw in (ThrowHand(t) for t in Throw):
        assert state.announce(0, throw, 1) == "a throw"
        assert state.announce(0, throw, None) == "a throw"
    assert state.announce(0, ThrowHand(Throw.PAPER), 0) == "throw paper"


def test_determinize_depends_only_on_the_view() -> None:
    for variant in (None, "constructed"):
        state = game(variant).start(9)
        seat = state.to_move[0]
        other = state.determinize(seat, 1)
        assert state.determinize(seat, 5) == other.determinize(seat, 5)
