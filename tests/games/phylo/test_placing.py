"""Playing species and moving them (rules doc §Playing a species, §Keywords, §Moving)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import ecotone
from ecotone.core.game import Game, State
from ecotone.games.phylo.actions import Move, Play
from ecotone.games.phylo.board import CELL_NAMES, Direction
from ecotone.games.phylo.movement import moves as legal_moves
from ecotone.games.phylo.placement import ordinary_cells, ordinary_spots
from ecotone.games.phylo.state import Phase, PhyloData, Table, table

from .helpers import act, cell, make_state, refusal


def plays(state: State, card: str) -> set[str]:
    seat = state.to_move[0]
    return {a.cell for a in state.legal_actions(seat) if isinstance(a, Play) and a.card == card}


# -- where a species may go ----------------------------------------------------------------------


def test_first_plants_go_next_to_the_map() -> None:
    state = make_state(hands=("B24 B39", ""))
    assert plays(state, "B24") == {"t21", "t22", "u20", "v20", "w21", "w22", "u23", "v23"}
    assert plays(state, "B39") == set()  # a herbivore needs a plant first


def test_a_species_is_offered_only_where_it_is_compatible() -> None:
    state = make_state(board="t21 B09 1", hands=("B39 B01", ""))
    assert plays(state, "B39") == {"s21", "t20", "t22"}  # around the monkey puzzle tree
    assert plays(state, "B01") == set()  # the megatherium is from another leg


def test_refusals_say_why_neighbour_by_neighbour() -> None:
    state = make_state(board="t21 B09 1, s22 B24 2", hands=("B01 B39", ""))
    err = refusal(state, 0, Play("B01", "s21"), "phylo/incompatible")
    assert "Megatherium is not compatible at s21" in err.message
    assert "Monkey Puzzle Tree at t21: locales differ (blue and red)" in err.message
    assert "Giant Kelp at s22: no shared terrain" in err.message
    err = refusal(state, 0, Play("B39", "u20"), "phylo/incompatible")
    assert "only a photosynthetic food chain 1 card may use the map board" in err.message


def test_refusals_for_taken_map_and_lonely_cells() -> None:
    state = make_state(board="t21 B09 1", hands=("B25 B39", ""))
    err = refusal(state, 0, Play("B25", "t21"), "phylo/cell-taken")
    assert "Monkey Puzzle Tree" in err.message
    err = refusal(state, 0, Play("B25", "u21"), "phylo/map-board")
    assert "map board" in err.message
    err = refusal(state, 0, Play("B25", "k11"), "phylo/not-adjacent")
    assert "not next to any card" in err.message


def test_the_food_rule_is_explained() -> None:
    state = make_state(board="t21 B36 1", hands=("B52 B39", ""))
    err = refusal(state, 0, Play("B52", "s21"), "phylo/incompatible")
    assert "Guanaco (scale 8) is bigger than Magellanic Penguin (scale 7)" in err.message


def test_a_placed_card_faces_its_player() -> None:
    state = make_state(board="t21 B09 1", hands=("", "B39"), turn=1)
    state = act(state, "play B39 at s21")
    slot = state.data.cells()[cell("s21")]
    assert slot.owner == 1
    assert "P2 played B39 Darwin's Beetle at s21" in state.data.log


# -- keywords -----------------------------------------------------------------------------------


def test_pollinator_plants_need_a_pollinator_on_the_table() -> None:
    state = make_state(hands=("B27", ""))
    assert plays(state, "B27") == set()
    err = refusal(state, 0, Play("B27", "t21"), "phylo/needs-pollinator")
    assert "POLLINATOR" in err.message
    state = make_state(board="t21 B09 1, s21 B40 2", hands=("B27", ""))
    assert "t22" in plays(state, "B27")  # the map board's neighbour, now pollinated


def test_invasive_species_replace_a_similar_species() -> None:
    # the black rat (omnivore, scale 6, black border) on the Floreana mockingbird (same)
    board = "w21 B28 2, x21 B54 2"  # prickly pear, mockingbird eating it
    state = make_state(board=board, hands=("B47", ""))
    assert "x21" not in plays(state, "B47")  # the rat shares no habitat there ...
    # ... but on top of the coconut crab, next to a coconut palm, it is compatible
    board = "w21 B31 2, x21 B57 2"
    state = make_state(board=board, hands=("B47", ""))
    assert "x21" in plays(state, "B47")
    state = act(state, "play B47 at x21")
    assert state.data.cells()[cell("x21")].card == "B47"
    assert state.data.discards[0] == ("B57",)
    assert any("invasive" in line for line in state.data.log)


def test_invasive_refusals() -> None:
    state = make_state(board="t21 B09 1, s21 B39 2", hands=("B47 B25", ""))
    err = refusal(state, 0, Play("B47", "s21"), "phylo/not-similar")
    assert "omnivore species of scale 6" in err.message
    refusal(state, 0, Play("B25", "s21"), "phylo/cell-taken")
    # similar, but the rat shares no climate with the giant kelp next to that cell
    state = make_state(board="t21 B24 1, s21 B57 2", hands=("B47", ""))
    err = refusal(state, 0, Play("B47", "s21"), "phylo/incompatible")
    assert "Giant Kelp at t21: no shared climate" in err.message


def test_the_invasive_cardoon_replaces_a_plant() -> None:
    state = make_state(board="w21 B22 2, x21 B35 2", hands=("B23", ""))
    assert "w21" in plays(state, "B23")  # next to the map: any plant may be there
    state = act(state, "play B23 at w21")
    assert state.data.cells()[cell("w21")].card == "B23"


def test_parasites_go_beneath_a_host() -> None:
    state = make_state(board="t21 B25 2, s21 B05 2", hands=("B53", ""))
    assert plays(state, "B53") == {"s21"}  # Darwin's fox is a mammal; the palm is no host
    state = act(state, "play B53 at s21")
    slot = state.data.cells()[cell("s21")]
    assert (slot.card, slot.owner, slot.under, slot.under_owner) == ("B05", 1, "B53", 0)


def test_parasite_refusals() -> None:
    state = make_state(board="t21 B25 2, s21 B05 2, s20 B39 2", hands=("B53", ""))
    err = refusal(state, 0, Play("B53", "r21"), "phylo/needs-host")
    assert "PARASITIC" in err.message
    assert "mammal or bird" in err.message
    err = refusal(state, 0, Play("B53", "s20"), "phylo/not-a-host")
    assert "parasitises only mammal or bird" in err.message


def test_a_parasite_leaves_the_table_with_its_host() -> None:
    state = make_state(board="t21 B25 2, s21 B05 2 B53 1", hands=("E08", ""))
    state = act(state, "play E08 at s21")  # wildfire on the fox
    assert cell("s21") not in state.data.cells()
    assert set(state.data.discards[0]) == {"B05", "B53", "E08"}


# -- moving --------------------------------------------------------------------------------------


def moves(state: State) -> set[str]:
    seat = state.to_move[0]
    return {str(a) for a in state.legal_actions(seat) if isinstance(a, Move)}


def test_move_like_a_rook_onto_compatible_empty_cells() -> None:
    # Darwin's fox (MOVE 2) may step east next to the monkey puzzle tree, nowhere else
    state = make_state(board="s20 B25 2, t20 B09 1, s21 B05 1", hands=("", ""))
    assert moves(state) == {"move s21 east 1"}
    state = act(state, "move s21 east 1")
    assert state.data.cells()[cell("t21")].card == "B05"
    assert state.data.actions_left == 2


def test_flight_moves_diagonally_and_move_does_not() -> None:
    state = make_state(board="t19 B09 2, s21 B39 1", hands=("", ""))
    assert moves(state) == {"move s21 south-east 1"}  # the beetle flies next to the tree
    state = make_state(board="t19 B09 2, s21 B05 1", hands=("", ""))
    assert moves(state) == {"move s21 south 2"}  # the fox walks round by the rook's way
    err = refusal(state, 0, Move("s21", Direction.SOUTH_EAST, 1), "phylo/no-diagonal")
    assert "only FLIGHT moves diagonally" in err.message


def test_move_refusals() -> None:
    board = "t21 B09 1, s21 B05 1, r21 B25 2, t22 B26 2"
    state = make_state(board=board, hands=("", ""))
    err = refusal(state, 0, Move("s21", Direction.WEST, 2), "phylo/blocked")
    assert "cannot jump" in err.message
    err = refusal(state, 0, Move("s21", Direction.NORTH, 3), "phylo/too-far")
    assert "MOVE 2" in err.message
    err = refusal(state, 0, Move("t21", Direction.WEST, 1), "phylo/cannot-move")
    assert "no MOVE or FLIGHT" in err.message
    refusal(state, 0, Move("r21", Direction.WEST, 1), "phylo/not-your-card")
    refusal(state, 0, Move("k11", Direction.WEST, 1), "phylo/no-card-there")
    err = refusal(state, 0, Move("s21", Direction.SOUTH, 2), "phylo/incompatible")
    assert "not compatible at s19" in err.message


def test_a_moving_card_does_not_count_its_own_old_cell() -> None:
    # Sea Sawdust (a plant, MOVE 1) shares its own habitat, but it leaves its cell: beside
    # the map board it may slide north along it, not west or south where it would stand
    # next to nothing but the cell it left
    state = make_state(board="t21 B16 1", hands=("", ""))
    assert moves(state) == {"move t21 north 1"}
    err = refusal(state, 0, Move("t21", Direction.WEST, 1), "phylo/incompatible")
    assert "not compatible at s21" in err.message


def test_a_move_cannot_jump_the_map_board() -> None:
    state = make_state(board="t21 B09 1, t22 B39 1", hands=("", ""))
    err = refusal(state, 0, Move("t22", Direction.EAST, 1), "phylo/blocked")
    assert "the map board" in err.message


def test_moves_stop_at_the_edge_of_the_table() -> None:
    state = make_state(board="a2 B09 1, a1 B39 1, b1 B25 2", hands=("", ""))
    err = refusal(state, 0, Move("a1", Direction.SOUTH, 1), "phylo/off-the-table")
    assert "leaves the table" in err.message


def test_move_number_is_per_turn() -> None:
    # the fox (MOVE 2) walks one cell west, then one more, then no further this turn
    board = "s20 B25 2, t20 B09 1, r20 B26 2, q20 B27 2, t21 B05 1"
    state = make_state(board=board, hands=("", ""))
    state = act(state, "move t21 west 1", "move s21 west 1")
    assert state.data.cells()[cell("r21")].card == "B05"
    assert not moves(state)
    err = refusal(state, 0, Move("r21", Direction.WEST, 1), "phylo/too-far")
    assert "has moved 2 this turn" in err.message
    state = act(state, "pass", "pass")  # a new turn: it may move again
    assert moves(state)


def test_a_parasite_moves_with_its_host() -> None:
    state = make_state(board="s20 B25 2, t20 B09 2, t21 B05 1 B53 2", hands=("", ""))
    state = act(state, "move t21 west 1")
    slot = state.data.cells()[cell("s21")]
    assert (slot.card, slot.under, slot.under_owner) == ("B05", "B53", 1)


def test_cells_carried_from_decision_to_decision_are_the_cells_found_afresh() -> None:
    # ordinary_spots carries each card's cells over from the board listed before (the same
    # board after a drop, one card more after a play); a fresh walk must agree everywhere
    carried = 0
    for seat, d in _act_positions(ecotone.make("phylo", players=2), range(6), 3):
        on = table(d.board)
        spots = ordinary_spots(on, d.hands[seat])
        fresh = ordinary_cells(on.cells, d.hands[seat])
        mine = {c: sorted(s) for c, (s, _) in spots.items() if c in d.hands[seat] and s}
        assert mine == {c: s for c, s in fresh.items() if s}
        for c, (s, plays) in spots.items():  # once listed: the cells in order, a play each
            if plays is not None:
                assert isinstance(s, list)
                assert plays == [Play(c, CELL_NAMES[x]) for x in s]
            if isinstance(s, list):
                assert s == sorted(s)
        carried += len(mine)
    assert carried > 100


def test_movers_carried_to_a_grown_board_and_moves_are_those_found_afresh() -> None:
    # a play carries the board's movers to the board one card larger (grown_movers), and
    # the moves walk precomputed paths; a fresh table must give the same movers and moves
    game = ecotone.make("phylo", players=2, variant="constructed")
    carried = 0
    for seat, d in _act_positions(game, range(8), 5):
        on = table(d.board)
        if on.grew is not None and on.movers is not None:
            carried += 1
        fresh = Table(d.board)
        assert legal_moves(d, seat, on) == legal_moves(d, seat, fresh)
        assert on.movers == fresh.movers
    assert carried > 100


def _act_positions(game: Game[Any], seeds: range, draws: int) -> Iterator[tuple[int, PhyloData]]:
    """The seat to move and the data at every action phase of seeded games of ``game``
    played at random (the moves drawn from ``random.Random(draws)``); each position is
    handed out before its move is made, so a check may ask of its table first."""
    rnd = random.Random(draws)
    for seed in seeds:
        state = game.start(seed)
        while not state.is_over:
            seat = state.to_move[0]
            if state.data.phase is Phase.ACT:
                yield seat, state.data
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
