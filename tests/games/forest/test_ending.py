"""Why a game of Once Upon a Forest ended, and what the variants' results mean: the solo
target and the scores it was judged by, the semi-cooperative table's chainsaws."""

from __future__ import annotations

import random
from typing import Any

from ecotone.core.game import State
from ecotone.games.forest.scoring import (
    SOLO_TARGET,
    degradation_limit,
    forest_points,
    solo_rating,
    table_chainsaws,
)
from ecotone.games.forest.state import Forest

from .helpers import forest, game, tree
from .test_variants import (
    NEIGHBOUR_11,
    NEIGHBOUR_12,
    SOLO_12,
    semi_over,
    solo_over,
)

ALL_PLACED = "All the cards were drawn and placed in the forests."


def _played_out(players: int, variant: str | None, seed: int) -> State[Any]:
    rnd = random.Random(seed)
    state = game(players, variant).start(seed)
    while not state.is_over:
        (seat,) = state.to_move
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return state


def test_the_game_ends_when_every_card_is_drawn_and_placed() -> None:
    state = _played_out(2, None, 5)
    assert state.ending() == ALL_PLACED


def _solo_verdict(mine: Forest, neighbour: Forest) -> tuple[State[Any], str]:
    """A finished solo game, and how its ending begins: the end, then the forest's score."""
    points = forest_points(mine)
    scored = f"P1's forest scored {points} ({solo_rating(points)})"
    return solo_over(mine, neighbour), f"{ALL_PLACED} {scored}"


def test_a_solo_win_says_the_target_and_the_neighbours_score() -> None:
    state, scored = _solo_verdict(SOLO_12, NEIGHBOUR_11)
    assert state.winners() == [0]
    assert state.ending() == (
        f"{scored}: at least {SOLO_TARGET} and more than the Neighbouring Forest's 11."
    )


def test_a_solo_loss_says_what_the_forest_needed() -> None:
    needed = f"it needed at least {SOLO_TARGET} and more than the Neighbouring Forest's"
    # 12 is the target, but the Neighbouring Forest scored as much
    state, scored = _solo_verdict(SOLO_12, NEIGHBOUR_12)
    assert state.winners() == []
    assert state.ending() == f"{scored}; {needed} 12."
    # short of the target, against an empty Neighbouring Forest
    mine = (*SOLO_12, tree("G04 - - -"))
    state, scored = _solo_verdict(mine, ())
    assert state.winners() == []
    assert state.ending() == f"{scored}; {needed} 0."
    assert "scored 11 (Young forest)" in scored


def test_a_solo_game_played_out_names_the_target_and_both_scores() -> None:
    state = _played_out(1, "solo", 2)
    points = int(state.scores()[0])
    theirs = forest_points(state.data.neighbour)
    sentence = state.ending()
    assert sentence is not None
    assert sentence.startswith(ALL_PLACED)
    assert f"P1's forest scored {points} ({solo_rating(points)})" in sentence
    assert f"at least {SOLO_TARGET} and more than the Neighbouring Forest's {theirs}." in sentence
    assert ("needed" in sentence) == (not state.winners())


def test_the_semi_cooperative_ending_counts_the_tables_chainsaws_against_the_limit() -> None:
    safe = semi_over(forest("G11 F13 S13 C13", "G01 F14 S14 C14"), forest("G12 F15 S15 C15"))
    assert table_chainsaws(safe.data) == 2 == degradation_limit(2)
    assert safe.winners() == [0]
    assert safe.ending() == (
        f"{ALL_PLACED} The complete trees of all the forests show 2 chainsaws, within the "
        "limit of 2, so the highest score wins."
    )
    lost = semi_over(forest("G11 F13 S13 C13", "G01 F14 S14 C14"), forest("G12 F11 S15 C15"))
    assert table_chainsaws(lost.data) == 3
    assert lost.winners() == []
    assert lost.ending() == (
        f"{ALL_PLACED} The complete trees of all the forests show 3 chainsaws, more than the "
        "limit of 2: the forest is lost and everybody loses."
    )
