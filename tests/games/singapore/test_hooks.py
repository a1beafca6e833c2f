"""The EVP line by line, the round, and the decision in a sentence (rules §The end, §A
round, §Migration, §Inter-species Competition, §End of the round)."""

from __future__ import annotations

import random

from ecotone.games.singapore.state import Phase

from .helpers import game, rolled, start, state, with_player


def lines(s: object, seat: int) -> dict[str, float]:
    return {t.name: t.points for t in s.breakdown()[seat]}  # type: ignore[attr-defined]


# -- the score ------------------------------------------------------------------------------------


def test_each_adaptation_type_the_niches_and_the_food_make_a_line() -> None:
    d = start(4)
    d = with_player(
        d, 0, adaptations=["limbs"] * 4 + ["appeal", "call"], food=29, niches=["cinnamon-bush-frog"]
    )
    d = with_player(d, 2, food=130)
    s = state(d)
    # the cards' tables: Limbs x4 = 6, Appeal x1 = 2, Call x1 = 1; 12 per Niche; 1 EVP per
    # 10 Food left (29 -> 2): mid-game this is the running score
    assert lines(s, 0) == {"Appeal": 2, "Call": 1, "Limbs": 6, "Niches": 12, "Food": 2}
    assert lines(s, 2) == {"Niches": 0, "Food": 13}
    assert s.scores()[0] == 23.0


def test_the_beginner_game_has_no_niches_line() -> None:
    d = with_player(start(4, "beginner"), 1, adaptations=["call", "call"], food=9)
    assert lines(state(d), 1) == {"Call": 3, "Food": 0}


# -- the round ------------------------------------------------------------------------------------


def test_the_round_is_the_turn() -> None:
    g = game(4)
    rnd = random.Random(2)
    s = g.start(2)
    assert s.turn == 1
    rounds = []
    while not s.is_over:
        rounds.append(s.turn)
        assert s.turn == s.data.round
        seat = rnd.choice(s.to_move)
        s = s.apply(seat, rnd.choice(s.legal_actions(seat)))
    assert sorted(set(rounds)) == list(range(1, 11))
    assert s.turn == 10


# -- the decision in a sentence -------------------------------------------------------------------


def test_migration_in_a_sentence_and_no_route_told() -> None:
    s = state(rolled(start(4), 4))
    assert s.phase(0) == (
        "Migration: choose your route, in secret: you rolled 4; P2, P3 and P4 choose at the "
        "same time."
    )
    assert s.phase(None) == (
        "Migration: waiting for P1, P2, P3 and P4, who choose a route in secret."
    )
    routes = s.legal_actions(0)
    first, other = s.apply(0, routes[0]), s.apply(0, routes[-1])
    assert first.phase(0) == (
        "Migration: your route is chosen; waiting for P2, P3 and P4, who choose a route in secret."
    )
    assert first.phase(1) == (
        "Migration: choose your route, in secret: you rolled 4; P3 and P4 choose at the same time."
    )
    for seat in (1, 2, 3, None):
        assert first.phase(seat) == other.phase(seat)  # whichever route P1 took


def test_the_end_of_a_round_in_a_sentence() -> None:
    d = with_player(start(4), 2, hand=["forage", "bargain", "recovery"])
    discard = state(d.replace(phase=Phase.DISCARD, turn=2, choices=()))
    assert discard.to_move == (2,)
    assert discard.phase(2) == "You hold more than 2 cards: discard one (the hand limit)."
    assert discard.phase(0) == (
        "P3 holds more than 2 cards and discards down to 2 (the hand limit)."
    )
    pledge = state(
        d.replace(phase=Phase.PLEDGE, proposal="mangrove", proposer=1, pledges=(0, 3, 0, 0), turn=2)
    )
    assert pledge.phase(2) == (
        "Pledge Food for the Recovery of the Mangrove that P2 offers (7 more Food needed), or 0."
    )
    assert pledge.phase(1) == (
        "P3 pledges Food for the Recovery of the Mangrove that you offer (7 more Food needed)."
    )
    restore = state(d.replace(phase=Phase.RESTORE, turn=3))
    assert restore.phase(3) == (
        "Recovery: offer a Recovery card to restore a destroyed habitat, or pass."
    )
    assert restore.phase(0) == (
        "Recovery: P4 may offer a Recovery card to restore a destroyed habitat, or pass."
    )


def test_no_sentence_once_the_game_is_over() -> None:
    over = state(start(4).replace(phase=Phase.OVER))
    assert over.phase(0) is None
    assert over.phase(None) is None
