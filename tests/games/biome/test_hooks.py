"""The score line by line, the round, and the decision in a sentence (rules doc §Scoring,
§A turn, §Abilities, §Ending your turn, §Disasters)."""

from __future__ import annotations

import random

from ecotone.core.game import State
from ecotone.games.biome.state import Phase

from .helpers import game, make_state


def lines(s: State, seat: int) -> dict[str, float]:
    return {t.name: t.points for t in s.breakdown()[seat]}


# -- the score ------------------------------------------------------------------------------------


def test_animals_plants_and_each_global_bonus_in_play() -> None:
    s = make_state(
        game(2),
        chains=[["termites-1 sun-bear-1", "moon-moth-1"], ["cicada-1"]],
        plants=["rafflesia", ""],
        bonuses=("reforester", "botanist"),
    )
    # printed points: Termites 2 + Sun Bear 4 (consumed prey still scores) + Moon Moth 1;
    # Rafflesia 3; Botanist (the most plant cards) 5; nobody has placed a tile yet, so the
    # Reforester goes to nobody
    assert lines(s, 0) == {"Animals": 7, "Plants": 3, "Reforester": 0, "Botanist": 5}
    assert lines(s, 1) == {"Animals": 1, "Plants": 0, "Reforester": 0, "Botanist": 0}
    assert s.scores() == [15.0, 1.0]


def test_a_tied_bonus_is_a_line_worth_nothing_for_both() -> None:
    s = make_state(
        game(3),
        chains=[["cicada-1"], ["cicada-2"], []],
        bonuses=("base-of-the-web", "one-of-a-kind"),
    )
    for seat in (0, 1):
        assert lines(s, seat) == {
            "Animals": 1,
            "Plants": 0,
            "Base of the Web": 0,
            "One of a Kind": 0,
        }


# -- the round ------------------------------------------------------------------------------------


def test_a_round_begins_with_each_turn_of_the_first_player() -> None:
    g = game(3)
    rnd = random.Random(4)
    s = g.start(4)
    assert s.turn == 1
    first = s.data.turn
    assert first != 0  # this seed draws another first player than P1
    seen = 0
    while not s.is_over and seen < 12:
        before = (s.data.turns, s.turn)
        seat = rnd.choice(s.to_move)
        s = s.apply(seat, rnd.choice(s.legal_actions(seat)))
        if s.data.turns != before[0]:  # a new turn began
            seen += 1
            assert s.turn == before[1] + (1 if s.data.turn == first else 0)
    assert seen == 12


# -- the decision in a sentence -------------------------------------------------------------------


def test_earning_a_card_in_a_sentence() -> None:
    s = make_state(game(2), hands=["sun-bear-2", ""], phase=Phase.EARN, card="sun-bear-1")
    assert s.phase(0) == (
        "Earn the Sun Bear: place tiles for its habitat, then confirm, or withdraw."
    )
    assert s.phase(1) == "P1 places tiles to earn the Sun Bear."
    assert s.phase(None) == s.phase(1)


def test_the_reaction_window_in_a_sentence() -> None:
    s = make_state(game(3), phase=Phase.REACT, turn=1, waiting=(0, 2))
    assert s.to_move == (0, 2)
    assert s.phase(0) == (
        "P2's turn begins: play an Opportunist to take a tile from another player's supply, "
        "or pass; P3 answers at the same time."
    )
    assert s.phase(1) == (
        "Your turn begins once P1 and P3 have answered: each may play an Opportunist, or pass."
    )
    answered = make_state(game(3), phase=Phase.REACT, turn=1, waiting=(2,))
    assert answered.phase(0) == (
        "P2's turn begins: waiting for P3, who may play an Opportunist, or pass."
    )


def test_a_disaster_asks_each_player_in_turn() -> None:
    s = make_state(
        game(3),
        hands=["cicada-1", "cicada-2", "cicada-3"],
        phase=Phase.DROUGHT,
        turn=1,
        waiting=(1, 2, 0),
    )
    assert s.to_move == (1,)
    assert s.phase(1) == "Drought: discard one of your cards; then P3 and P1."
    assert s.phase(0) == "Drought: P2 discards one of their cards; then P3 and P1."


def test_marking_cards_for_an_exchange_tells_nobody_how_many() -> None:
    hands = ["cicada-1 cicada-2 cicada-3", ""]
    one = make_state(game(2), hands=hands, phase=Phase.MARK_CARDS, marked_cards=("cicada-1",))
    two = make_state(
        game(2), hands=hands, phase=Phase.MARK_CARDS, marked_cards=("cicada-1", "cicada-2")
    )
    assert one.phase(0) == "Choose the cards to exchange, one by one, then say done."
    assert one.phase(1) == two.phase(1) == "P1 chooses the cards to exchange."


def test_no_sentence_once_the_game_is_over() -> None:
    over = make_state(game(2), phase=Phase.OVER)
    assert over.phase(0) is None
    assert over.phase(None) is None
