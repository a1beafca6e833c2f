"""The table's geometry and compatibility (rules doc §The MAP BOARD and the table, §Compatibility,
§Incompatible cards and the rescue turn)."""

from __future__ import annotations

import pytest

from ecotone.games.phylo.board import (
    CELL_NAMES,
    CELLS,
    MAP_CELLS,
    NEIGHBOURS,
    NEXT_TO_MAP,
    SIZE,
    Direction,
    cell_name,
    column_name,
    parse_cell,
    ray,
)
from ecotone.games.phylo.compatibility import (
    fits,
    frontier,
    incompatible,
    pollinated,
    supported,
    tables,
)
from ecotone.games.phylo.state import Slot

from .helpers import cell, table


def cells_of(text: str) -> dict[int, Slot]:
    return {s.cell: s for s in table(text)}


def fits_at(card: str, where: str, board: str = "") -> bool:
    cells = {s.cell: s for s in table(board)}
    return fits(card, cell(where), cells)


def bad(board: str) -> set[str]:
    """The INCOMPATIBLE cards of a board, as ``"cell"`` or ``"cell+"`` (a parasite)."""
    cells = {s.cell: s for s in table(board)}
    return {cell_name(c) + ("+" if beneath else "") for c, beneath in incompatible(cells)}


# -- geometry ----------------------------------------------------------------------------------


def test_the_grid_is_42_by_42_with_the_map_board_in_the_middle() -> None:
    assert SIZE == 42
    assert CELLS == 42 * 42
    assert CELL_NAMES[0] == "a1"
    assert CELL_NAMES[25] == "z1"
    assert CELL_NAMES[26] == "aa1"
    assert CELL_NAMES[-1] == "ap42"
    assert column_name(41) == "ap"
    assert sorted(cell_name(c) for c in MAP_CELLS) == ["u21", "u22", "v21", "v22"]
    assert sorted(cell_name(c) for c in NEXT_TO_MAP) == [
        "t21", "t22", "u20", "u23", "v20", "v23", "w21", "w22",
    ]  # fmt: skip


def test_cell_names_round_trip() -> None:
    for c in range(CELLS):
        assert parse_cell(cell_name(c)) == c
    assert parse_cell(" U21 ") == cell("u21")
    for wrong in ("u43", "u0", "aq1", "21u", "", "u", "a"):
        assert parse_cell(wrong) is None


def test_neighbours_stay_inside_the_grid() -> None:
    assert sorted(cell_name(n) for n in NEIGHBOURS[cell("a1")]) == ["a2", "b1"]
    assert len(NEIGHBOURS[cell("a21")]) == 3
    assert len(NEIGHBOURS[cell("ap42")]) == 2
    assert sorted(cell_name(n) for n in NEIGHBOURS[cell("s18")]) == ["r18", "s17", "s19", "t18"]


def test_rays_run_to_the_edge() -> None:
    assert [cell_name(c) for c in ray(cell("u21"), Direction.NORTH)][:3] == ["u22", "u23", "u24"]
    assert len(ray(cell("u21"), Direction.NORTH)) == 21
    assert [cell_name(c) for c in ray(cell("b2"), Direction.SOUTH_WEST)] == ["a1"]
    assert [cell_name(c) for c in ray(cell("y1"), Direction.EAST)][:2] == ["z1", "aa1"]
    assert ray(cell("ap42"), Direction.NORTH_EAST) == ()
    assert Direction.NORTH_EAST.diagonal
    assert not Direction.EAST.diagonal


def test_the_map_board_leaves_twenty_free_cells_on_every_side() -> None:
    assert len(ray(cell("u21"), Direction.WEST)) == 20
    assert len(ray(cell("v22"), Direction.EAST)) == 20
    assert len(ray(cell("u21"), Direction.SOUTH)) == 20
    assert len(ray(cell("v22"), Direction.NORTH)) == 20


def test_frontier_is_the_empty_cells_next_to_cards_or_the_map() -> None:
    assert {cell_name(c) for c in frontier({})} == {cell_name(c) for c in NEXT_TO_MAP}
    front = {cell_name(c) for c in frontier(cells_of("t21 B09 1"))}
    assert front == {cell_name(c) for c in NEXT_TO_MAP} - {"t21"} | {"s21", "t20"}


# -- compatibility: the map board ----------------------------------------------------------------


def test_an_autotroph_may_go_next_to_the_map_regardless_of_habitat() -> None:
    for plant in ("B09", "B24", "B28", "B16"):  # forest, kelp, cactus, plankton
        for where in ("t21", "w22", "u20", "v23"):
            assert fits_at(plant, where)


def test_only_a_photosynthetic_fc1_uses_the_map_board() -> None:
    assert not fits_at("B39", "t21")  # a herbivore
    assert not fits_at("B14", "t21")  # the coral, FC1 but a black circle: it needs PLANKTON
    assert not fits_at("B09", "s21")  # not next to the map, nothing around


# -- compatibility: one neighbour meeting every condition -----------------------------------------


def test_a_plant_needs_a_neighbour_sharing_climate_terrain_and_locale() -> None:
    assert fits_at("B25", "s21", "t21 B09 1")  # wine palm next to monkey puzzle: red, forest
    assert not fits_at("B24", "s21", "t21 B09 1")  # giant kelp: ocean, blue
    assert fits_at("B25", "s21", "t21 B39 2")  # next to an animal sharing its habitat


@pytest.mark.parametrize(
    ("eater", "food", "fails"),
    [
        ("B33", "B24", "climate"),  # green sea turtle (warm/hot) and giant kelp (cold/cool)
        ("B01", "B24", "terrain"),  # megatherium (grassland/forest) and kelp (ocean)
        ("B01", "B09", "locale"),  # megatherium (blue) and monkey puzzle (red)
        ("B52", "B36", "food"),  # penguin (scale 7) and guanaco (scale 8)
    ],
)
def test_each_condition_is_required(eater: str, food: str, fails: str) -> None:
    assert not fits_at(eater, "s21", f"t21 {food} 1"), fails


def test_the_black_border_matches_any_locale() -> None:
    # green sea turtle (black border) eats the red mangrove (yellow: Cape Verde-Brazil)
    assert fits_at("B33", "s21", "t21 B19 1")


def test_one_single_neighbour_must_meet_every_condition() -> None:
    # s20 is between the megatherium's food in the wrong leg (monkey puzzle, red) and a
    # blue neighbour it cannot eat (a guanaco): each meets some conditions, neither all
    board = "s21 B09 1, r20 B36 2"
    assert not fits_at("B01", "s20", board)
    assert fits_at("B01", "s20", board + ", t20 B22 1")  # pampas grass, blue: it fits


# -- compatibility: the food chain ----------------------------------------------------------------


def test_herbivores_feed_on_food_chain_1() -> None:
    assert fits_at("B39", "s21", "t21 B09 1")  # Darwin's beetle eats the monkey puzzle
    assert not fits_at("B39", "s21", "t21 B05 1")  # not on Darwin's fox (FC3)


def test_carnivores_eat_prey_of_equal_or_smaller_scale() -> None:
    assert fits_at("B51", "s21", "t21 B36 1")  # condor 8 on guanaco 8: equal scale is fine
    assert fits_at("B50", "s21", "t21 B35 1")  # jaguar 8 on capybara 7
    assert not fits_at("B52", "s21", "t21 B36 1")  # penguin 7 on guanaco 8: too big


def test_carnivores_eat_animals_of_a_lower_food_chain_number() -> None:
    assert not fits_at("B50", "s21", "t21 B22 1")  # a jaguar does not eat pampas grass
    assert not fits_at("B13", "s21", "t21 B52 1")  # dolphin (FC3) on penguin (FC3)


def test_omnivores_eat_plants_or_smaller_prey() -> None:
    assert fits_at("B05", "s21", "t21 B09 1")  # Darwin's fox on the monkey puzzle
    assert fits_at("B05", "r21", "s21 B39 1")  # ... or on Darwin's beetle (scale 5 <= 7)
    assert not fits_at("B03", "r21", "s21 B05 1")  # tanager (FC3) not on the fox (FC3)


def test_a_food_chain_2_omnivore_eats_only_plants() -> None:
    # Sally Lightfoot crab (omnivore FC2): red mangrove yes, green sea turtle (FC2) no
    assert fits_at("B58", "s21", "t21 B19 1")
    assert not fits_at("B58", "s21", "t21 B33 1")


def test_black_circle_plankton_feeders() -> None:
    assert fits_at("B08", "s21", "t21 B16 1")  # flying fish next to sea sawdust (PLANKTON)
    assert not fits_at("B08", "s21", "t21 B18 1")  # not next to sea lettuce
    assert fits_at("B14", "s21", "t21 B16 1")  # lobe coral next to sea sawdust
    assert fits_at("B38", "s21", "t21 B37 1")  # anchovy next to lobster krill (FC2 PLANKTON)


def test_the_platypus_must_feed_off_a_freshwater_card() -> None:
    assert fits_at("B12", "s21", "t21 B46 1")  # glass shrimp, freshwater


# -- tracing back to an autotroph ----------------------------------------------------------------


def test_the_rulebook_chain_and_its_breaks() -> None:
    """The rulebook's example: the Monkey Puzzle Tree starts a chain of compatible cards."""
    chain = "t21 B09 1, s21 B39 1, r21 B05 1"
    assert bad(chain) == set()
    assert bad("s21 B39 1, r21 B05 1") == {"s21", "r21"}  # the tree removed
    assert bad("t21 B09 1, r21 B05 1") == {"r21"}  # the beetle removed


def test_a_second_food_source_keeps_a_card_compatible() -> None:
    """Basic rules v3.0: the horse is fine without the oak, the plum anchors it."""
    board = "t21 B09 1, s21 B39 1, s20 B25 2"
    assert bad(board) == set()
    assert bad("s21 B39 1, s20 B25 2") == set()


def test_an_autotroph_needs_the_map_or_a_neighbour_sharing_its_habitat() -> None:
    assert bad("s21 B25 1") == {"s21"}  # alone on the table
    assert bad("s21 B25 1, s20 B24 2") == {"s21", "s20"}  # kelp is no habitat for a palm
    assert bad("s21 B25 1, s20 B09 2") == set()  # two plants of a habitat hold each other


def test_a_plant_and_its_herbivore_hold_each_other() -> None:
    # far from the map, the plant's habitat neighbour is the beetle that eats it
    assert bad("k11 B09 1, k12 B39 2") == set()


def test_a_chain_must_reach_an_autotroph_through_compatible_links() -> None:
    # the fox eats the beetle, but the beetle's only plant is in the wrong leg
    assert bad("t21 B22 1, s21 B39 1, r21 B05 2") == {"s21", "r21"}


def test_a_parasite_shares_its_hosts_fate() -> None:
    hosted = "t21 B25 1, s21 B05 2 B53 1"  # wine palm, fox with a vampire bat beneath
    assert bad(hosted) == set()
    assert bad("s21 B05 2 B53 1") == {"s21", "s21+"}


def test_urban_terrain_is_no_species() -> None:
    assert bad("s21 E09 1") == set()
    assert not fits_at("B09", "r21", "s21 E09 1")
    cells = {s.cell: s for s in table("s21 E09 1")}
    assert supported(cells) == set()


def test_pollinators_on_the_table() -> None:
    assert not pollinated(table("t21 B09 1"))
    assert pollinated(table("t21 B09 1, s21 B40 2"))
    assert "B27" in tables().needs_pollinator


def test_relation_tables_agree_with_the_card_functions() -> None:
    t = tables()
    assert "B09" in t.links["B39"]
    assert "B39" in t.eaters["B09"]
    assert "B39" not in t.links["B39"]  # nothing eats itself
    assert t.invasive["B47"] >= {"B54", "B57"}  # omnivores of scale 6
    assert t.invasive["B23"] >= {"B22", "B27"}  # photosynthetic, scale 8
    assert t.movers["B07"] == (2, True)
    assert t.movers["B10"] == (1, False)
    assert "B09" not in t.movers
