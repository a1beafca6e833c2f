"""Scoring: adaptation tables, 12 per niche, 1 per 10 Food; the winner and ties."""

from __future__ import annotations

import random

import pytest

import ecotone
from ecotone.games.singapore import score
from ecotone.games.singapore.scoring import announce, evp, winners
from ecotone.games.singapore.state import Phase

from .helpers import start, state, with_player


def test_two_copies_of_call_net_three_points() -> None:
    # the rulebook's own example
    p = with_player(start(4), 0, adaptations=["call", "call"]).players[0]
    assert score(p).adaptations == {"call": 3}
    assert score(p).total == 3


@pytest.mark.parametrize(("copies", "points"), [(1, 1), (2, 3), (3, 7), (4, 8), (5, 8)])
def test_anchorage_points_table(copies: int, points: int) -> None:
    # the rulebook's card: x1 = 1, x2 = 3, x3 = 7, x4 = 8 (a 5th copy adds nothing)
    p = with_player(start(4), 0, adaptations=["anchorage"] * copies).players[0]
    assert score(p).total == points


def test_a_three_card_set_is_full_at_three() -> None:
    p = with_player(start(4), 0, adaptations=["opportunism"] * 4).players[0]
    assert score(p).adaptations == {"opportunism": 7}


def test_hand_built_end_position() -> None:
    d = start(4)
    d = with_player(
        d, 0, adaptations=["limbs"] * 4 + ["appeal", "call"], food=29, niches=["cinnamon-bush-frog"]
    )
    d = with_player(d, 1, adaptations=["venom", "venom", "shell"], food=9)
    d = with_player(d, 2, food=130)
    d = with_player(d, 3, adaptations=["seagrass-grazing"] * 3, niches=["dugong", "colugo"])
    s = state(d.replace(phase=Phase.OVER))
    # P1: Limbs 6 + Appeal 2 + Call 1 + niche 12 + 29 Food -> 2
    # P2: Venom 3 + Shell 1 + 9 Food -> 0; P3: 130 Food -> 13; P4: 7 + 24
    assert s.scores() == [23.0, 4.0, 13.0, 31.0]
    assert s.winners() == [3]
    assert s.observe(None)["scores"] == [23.0, 4.0, 13.0, 31.0]


def test_evp_is_the_total_of_the_breakdown_at_every_step_of_a_game() -> None:
    # evp() is the fast reckoning searches use; score() is the Gamemaster's breakdown
    game = ecotone.make("singapore-untamed", players=5)
    rng = random.Random(11)
    s = game.start(11)
    seen = set()
    while not s.is_over:
        for p in s.data.players:
            assert evp(p) == score(p).total
            seen.add(evp(p))
        seat = s.to_move[0]
        s = s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert len(seen) > 5  # the game went through many different scores
    assert s.scores() == [float(score(p).total) for p in s.data.players]


def test_ties_go_to_the_most_food_left_then_are_shared() -> None:
    d = start(4)
    d = with_player(d, 0, adaptations=["call", "call"], food=9)  # 3 + 0
    d = with_player(d, 1, adaptations=["call"], food=25)  # 1 + 2
    d = with_player(d, 2, adaptations=["limbs", "limbs"], food=19)  # 2 + 1
    assert winners(d.players) == [1]
    d = with_player(d, 2, food=25)  # 2 + 2 = 4 now leads alone
    assert winners(d.players) == [2]
    d = with_player(d, 0, food=25)  # 3 + 2 = 5, alone again
    assert winners(d.players) == [0]
    d = with_player(d, 1, adaptations=["call"])  # Call x2: 3 + 2 = 5, same Food: shared
    assert winners(d.players) == [0, 1]


def test_the_gamemaster_announces_the_scores_and_the_winner() -> None:
    d = start(4)
    d = with_player(
        d, 0, adaptations=["limbs"] * 4 + ["appeal", "call"], food=29, niches=["cinnamon-bush-frog"]
    )
    d = with_player(d, 1, adaptations=["venom", "venom", "shell"], food=9)
    lines = announce(d.players)
    assert lines[0] == "Final scores:"
    assert lines[1] == (
        "  P1: 23 EVP = Appeal 2 + Call 1 + Limbs 6 + the Cinnamon Bush Frog niche 12 "
        "+ 2 for 29 Food."
    )
    assert lines[2] == "  P2: 4 EVP = Shell 1 + Venom 3 + 0 for 9 Food."
    assert lines[3] == "  P3: 0 EVP = 0 for 0 Food."
    assert lines[-1] == "P1 wins with 23 EVP."


def test_the_announcement_says_how_a_tie_was_settled() -> None:
    d = start(4)
    d = with_player(d, 0, adaptations=["call", "call"], food=25)  # 3 + 2
    d = with_player(d, 2, adaptations=["appeal", "appeal"], food=29)  # 3 + 2, more Food
    assert announce(d.players)[-1] == (
        "P1 and P3 tie on 5 EVP; P3 wins with the most Food left (29 against P1 25)."
    )
    d = with_player(d, 0, food=29)
    assert announce(d.players)[-1] == (
        "P1 and P3 tie on 5 EVP and 29 Food left: they share the win."
    )
    d = with_player(d, 3, adaptations=["limbs", "limbs", "limbs"], food=21)  # 3 + 2, less Food
    assert announce(d.players)[-1] == (
        "P1, P3 and P4 tie on 5 EVP; P1 and P3 have the most Food left (29) and share the win."
    )
