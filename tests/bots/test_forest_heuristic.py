"""The Once Upon a Forest heuristic, decision by decision, on hand-built positions.

``tests/bots/test_bots.py`` checks that the bot plays legal, reproducible games, is blind
to hidden cards and beats the random bot. Here each test sets up one decision whose best
answer is plain to a player, and checks the bot finds it whatever its tie-breaking seed:
it plans its own forest (complete a tree, cover a chainsaw, draw the level it lacks) and
gives the card, to the player, that hurts an opponent most (in the semi-cooperative game,
without sinking the whole table).
"""

from __future__ import annotations

import pytest

from ecotone.bots import SeatView, make_bot
from ecotone.core.actions import Action
from ecotone.core.game import State
from ecotone.games.forest.actions import Draw, Give, GiveToNeighbour, Place
from ecotone.games.forest.state import Phase
from tests.games.forest.helpers import forest, game, make_state

SEEDS = range(6)


def choices(state: State) -> set[Action]:
    """What the heuristic picks for the seat to move, over several tie-breaking seeds."""
    (seat,) = state.to_move
    return {
        make_bot("heuristic", state.game, seat, seed).act(SeatView(state, seat)) for seed in SEEDS
    }


# -- its own forest --------------------------------------------------------------------


def test_completes_its_tree() -> None:
    # Canopy C13 completes tree 1 (+3, and no longer -1 for an unfinished tree).
    state = make_state(
        game(2),
        forests=[forest("G13 F13 S13 -"), forest("G14 - - -")],
        hands=["C13 F06 G01", "S01 S14 C14"],
        fill_piles=True,
    )
    assert choices(state) == {Place("C13", 0)}


def test_covers_a_chainsaw_in_a_complete_tree() -> None:
    # C11 is a chainsaw showing in a complete tree (-1): covering it with the plain C13
    # is worth more than starting a second tree or covering a plain card.
    state = make_state(
        game(2),
        forests=[forest("G13 F13 S13 C11"), forest("G14 - - -")],
        hands=["C13 F14 S15", "S01 S14 C14"],
        fill_piles=True,
    )
    assert state.observe(0)["points"][0] == 2
    assert choices(state) == {Place("C13", 0)}


def test_draws_the_level_its_tree_lacks() -> None:
    # Tree 1 lacks only its 2nd level; pile 2 is the one pile whose top is a 2nd-level card.
    state = make_state(
        game(2),
        forests=[forest("G13 F13 - C13"), forest("G14 - - -")],
        hands=["F06", "S01 S14 C14"],
        piles=("C01 C02", "S02 S03", "G01 G02", "F01 F02", "C03 C04"),
        phase=Phase.DRAW,
        draws_left=2,
    )
    assert choices(state) == {Draw(1)}


# -- the gift ------------------------------------------------------------------------


def test_gives_the_chainsaw_to_the_player_who_cannot_hide_it() -> None:
    # P2 could tuck a chainsaw into the empty Canopy of their unfinished tree 2; P3 has
    # only a complete tree, so the chainsaw costs them a point wherever it goes.
    state = make_state(
        game(3),
        forests=[
            forest("G13 - - -"),
            forest("G14 F14 S14 C14", "G15 - - -"),
            forest("G16 F16 S16 C16"),
        ],
        hands=["C11 C13", "S01", "S02"],
        phase=Phase.GIVE,
        fill_piles=True,
    )
    assert choices(state) == {Give("C11", 2)}


def test_between_equal_victims_the_leader_gets_the_chainsaw() -> None:
    # P2 (6 points) and P3 (3 points) suffer the chainsaw alike: it goes to the leader.
    state = make_state(
        game(3),
        forests=[
            forest("G13 - - -"),
            forest("G14 F14 S14 C14", "G15 F15 S15 C15"),
            forest("G16 F16 S16 C16"),
        ],
        hands=["C11 C13", "S01", "S02"],
        phase=Phase.GIVE,
        fill_piles=True,
    )
    assert state.observe(0)["points"] == [-1, 6, 3]
    assert choices(state) == {Give("C11", 1)}


def test_withholds_the_animal_that_would_balance_the_receivers_forest() -> None:
    # A Harpy Eagle would put a species in balance in P2's complete tree (+1); the
    # Howler+chainsaw card gains P2 nothing (its +1 and -1 cancel out).
    state = make_state(
        game(2),
        forests=[forest("G13 - - -"), forest("G05 F05 S14 C14")],
        hands=["C05 C07", "S01"],
        phase=Phase.GIVE,
        fill_piles=True,
    )
    assert choices(state) == {Give("C05", 1)}


def test_semi_cooperative_gift_spares_the_table_over_the_limit() -> None:
    # The same position in the semi-cooperative game: P2's forest already shows 2
    # chainsaws, the table's limit. P2's best home for the Howler+chainsaw card shows a
    # third one and the whole table would lose, so the bot gives the Harpy Eagle instead.
    state = make_state(
        game(2, "semi-cooperative"),
        forests=[forest("G13 - - -"), forest("G05 F05 S14 C14")],
        hands=["C05 C07", "S01"],
        phase=Phase.GIVE,
        fill_piles=True,
    )
    assert state.observe(0)["table_chainsaws"] == state.observe(0)["degradation_limit"] == 2
    assert choices(state) == {Give("C07", 1)}


@pytest.mark.parametrize(
    ("neighbour", "expected"),
    [
        # C13 would complete the Neighbouring Forest's tree (+3): give it the Toucan.
        ("G14 F14 S14 -", GiveToNeighbour("S01")),
        # S01 would complete it (+3 and a Toucan in balance): give it the Canopy card.
        ("G14 F14 - C14", GiveToNeighbour("C13")),
    ],
)
def test_solo_gift_helps_the_neighbouring_forest_least(
    neighbour: str, expected: GiveToNeighbour
) -> None:
    state = make_state(
        game(1),
        forests=[forest("G13 - - -")],
        neighbour=forest(neighbour),
        hands=["C13 S01"],
        phase=Phase.GIVE,
        fill_piles=True,
    )
    assert choices(state) == {expected}
