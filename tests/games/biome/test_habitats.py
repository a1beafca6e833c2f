"""Phase 2, creating habitats: placement, conflicts, matches, vine networks, prey and food
chains; with the rulebook FAQ's answers as tests (rules doc §Creating habitats, §FAQ)."""

from __future__ import annotations

from ecotone.core.game import State
from ecotone.games.biome.actions import Confirm, Withdraw
from ecotone.games.biome.habitat import access
from ecotone.games.biome.state import Phase

from .helpers import act, game, make_state, refusal, tile


def geo():  # type: ignore[no-untyped-def]
    return game(2).cfg.geo  # type: ignore[attr-defined]


def nbr(cell: str, d: int) -> str:
    g = geo()
    return g.cells[g.nbr[g.index[cell]][d]]


def pos(**kw: object) -> State:
    """P1 in phase 2 of a 2-player game holding a fern card, a vine card and their tiles."""
    parts: dict[str, object] = {
        "hands": ["moon-moth-1 termites-1 lantern-bug-1 honey-bee-1 new-heights-vine", "cicada-1"],
        "tiles_": ["T18 T21 T16 T38 T24", "T01"],
    }
    parts.update(kw)
    return make_state(game(2), **parts)  # type: ignore[arg-type]


# -- choosing a card ----------------------------------------------------------------------


def test_tiles_are_placed_only_to_earn_a_card() -> None:
    s = pos()
    refusal(s, 0, "place T18 on C3a turned 0", "biome/choose-card-first", "only to earn a card")
    assert "end turn" in [str(a) for a in s.legal_actions(0)]


def test_a_card_is_earned_from_the_hand_or_the_gallery() -> None:
    s = pos(gallery="tadpoles-1")
    legal = [str(a) for a in s.legal_actions(0)]
    assert "earn moon-moth-1" in legal
    refusal(s, 0, "earn tadpoles-2", "biome/card-not-available", "neither in your hand")
    s = act(s, "earn moon-moth-1")
    assert s.data.phase is Phase.EARN
    assert s.data.card == "moon-moth-1"
    assert "moon-moth-1" not in s.data.seats[0].hand


def test_every_card_needs_a_tile_in_hand() -> None:
    s = pos(tiles_=["", "T01"])
    refusal(s, 0, "earn moon-moth-1", "biome/no-tiles", "at least one new tile")


def test_abilities_and_disasters_are_not_earned() -> None:
    s = pos(hands=["blight-1 moon-moth-1", "cicada-1"])
    refusal(s, 0, "earn blight-1", "biome/not-earnable", "played, not earned")


# -- placing tiles --------------------------------------------------------------------------


def test_correct_layer() -> None:
    s = act(pos(), "earn moon-moth-1")
    refusal(s, 0, "place T18 on U1a turned 0", "biome/wrong-layer", "Canopy tile", "Understory")
    refusal(s, 0, "place T18 on E1a turned 0", "biome/wrong-layer", "Emergent")
    assert "place T18 on C3a turned 0" in [str(a) for a in s.legal_actions(0)]
    s = act(pos(tiles_=["T18 T21 T16 T38 T24 T05", "T01"]), "earn moon-moth-1")
    refusal(s, 0, "place T05 on U1a turned 0", "biome/wrong-layer", "T05 is an Emergent")


def test_a_hybrid_tile_fits_both_its_layers() -> None:
    s = pos(tiles_=["T28", "T01"])  # hibiscus + fern, Canopy/Understory
    s = act(s, "earn honey-bee-1")
    legal = {str(a).split(" turned")[0] for a in s.legal_actions(0)}
    assert "place T28 on C2a" in legal
    assert "place T28 on U2a" in legal
    refusal(s, 0, "place T28 on E1a turned 0", "biome/wrong-layer")


def test_plants_may_not_conflict() -> None:
    # T17 on C2a shows a bromeliad east; T18 turned 0 would face it with its orchid.
    s = act(pos(board={"C2a": "T17/0"}), "earn moon-moth-1")
    east = nbr("C2a", 0)
    refusal(s, 0, f"place T18 on {east} turned 0", "biome/conflict", "orchid", "bromeliad")
    # turned 1, its west edge is open: a plant against an open side is fine
    assert f"place T18 on {east} turned 1" in [str(a) for a in s.legal_actions(0)]


def test_a_plant_against_an_open_side_gives_no_access() -> None:
    # T17 (bromeliad east, fern north-west) on C2a; T21 (bromeliad, orchid) east of it with
    # its open side towards T17: Tadpoles (bromeliad) are earned with T21 alone, and T17's
    # fern is not reached.
    s = pos(tiles_=["T21", "T01"], board={"C2a": "T17/0"}, gallery="tadpoles-1")
    s = act(s, "earn tadpoles-1", f"place T21 on {nbr('C2a', 0)} turned 0")
    g = geo()
    assert access(s.data.board, g, s.data.pending).cells == {g.index[nbr("C2a", 0)]}
    assert Confirm() in s.legal_actions(0)


def test_a_first_tile_must_reach_a_plant_the_card_needs() -> None:
    s = act(pos(tiles_=["T21 T18", "T01"], board={"C2a": "T17/0"}), "earn moon-moth-1")
    refusal(s, 0, f"place T21 on {nbr('C2a', 0)} turned 0", "biome/tile-does-not-help", "fern")


def test_a_match_gives_access_to_the_whole_matched_tile() -> None:
    # T21 turned 3 shows its bromeliad west, matching T17's bromeliad: T17's fern is reached.
    s = pos(tiles_=["T21", "T01"], board={"C2a": "T17/0"})
    s = act(s, "earn moon-moth-1", f"place T21 on {nbr('C2a', 0)} turned 3")
    assert Confirm() in s.legal_actions(0)
    s = act(s, "confirm")
    assert s.data.seats[0].chains == (("moon-moth-1",),)


def test_a_super_match_reaches_every_matched_tile() -> None:
    g = geo()
    b = [-1] * len(g.cells)
    b[g.index["C2a"]] = tile("T18") * 6 + 3  # orchid east
    b[g.index["C2c"]] = tile("T17") * 6 + 5  # bromeliad south-east
    b[g.index["C2b"]] = tile("T21") * 6 + 2  # bromeliad north-west, orchid west
    acc = access(tuple(b), g, (g.index["C2b"],))
    assert acc.cells == {g.index["C2a"], g.index["C2b"], g.index["C2c"]}


def test_matching_another_plant_into_a_vine_tile_does_not_reach_its_network() -> None:
    g = geo()
    b = [-1] * len(g.cells)
    # a vine link across the seam: C3d's vine (north-east) meets U1g's vine (south-west)
    b[g.index["C3d"]] = tile("T24") * 6 + 0  # Y-vine at 1, 3, 5; fig east
    b[g.index["U1g"]] = tile("T38") * 6 + 4  # vine south-west, broad leaf north-east
    # T19 (figs, bromeliad) turned 3 east of C3d matches C3d's fig with its west fig
    east = g.nbr[g.index["C3d"]][0]
    b[east] = tile("T19") * 6 + 3
    acc = access(tuple(b), g, (east,))
    assert acc.cells == {east, g.index["C3d"]}  # the fig match: C3d only, not U1g
    assert not acc.vine_link


def test_matching_a_vine_into_a_vine_reaches_the_whole_network_across_layers() -> None:
    # FAQ: someone has already linked the Understory to the Canopy with vines; connecting
    # to it with a vine earns the New Heights Vine.
    s = pos(
        board={"C3d": "T24/0", "U1g": "T38/4"},
        tiles_=["T22", "T01"],
        hands=["new-heights-vine", "cicada-1"],
    )
    s = act(s, "earn new-heights-vine", "place T22 on C3a turned 5")
    g = geo()
    acc = access(s.data.board, g, s.data.pending)
    assert g.index["U1g"] in acc.cells
    assert acc.vine_link
    s = act(s, "confirm")
    assert s.data.seats[0].plants == ("new-heights-vine",)
    assert s.data.seats[0].chains == ()


def test_across_the_seam_only_vines_interact() -> None:
    # U1g (Understory) shows a broad leaf south-west, towards C3d (Canopy).
    s = act(pos(tiles_=["T18 T38", "T01"], board={"U1g": "T38/1"}), "earn moon-moth-1")
    # T18 turned 1 faces its fern into that broad leaf: not a conflict across layers ...
    s = act(s, "place T18 on C3d turned 1")
    g = geo()
    # ... and no access either
    assert access(s.data.board, g, s.data.pending).cells == {g.index["C3d"]}
    # an Understory tile beside C3d is not part of its habitat unless vine meets vine, and
    # C3d shows no vine
    refusal(s, 0, "place T38 on U1f turned 5", "biome/must-touch", "must touch")
    assert not [a for a in s.legal_actions(0) if " on U" in str(a)]


def test_the_emergent_layer_interacts_with_no_other() -> None:
    g = geo()
    assert g.link[g.index["E1b"]][0] == 0  # east of E1b lies C1d, a Canopy cell: no link
    # E1b's orchid (a hybrid tile) faces C1d; T18's orchid faces back: no match, no access;
    # and E1b's meranti leaves facing T18's orchid would be no conflict
    for emergent in ("T10/0", "T12/0"):
        s = act(pos(board={"E1b": emergent}), "earn moon-moth-1", "place T18 on C1d turned 0")
        assert access(s.data.board, g, s.data.pending).cells == {g.index["C1d"]}


def test_tiles_for_one_card_must_touch() -> None:
    s = act(pos(tiles_=["T18 T21", "T01"]), "earn moon-moth-1", "place T18 on C1a turned 0")
    refusal(s, 0, "place T21 on C3a turned 1", "biome/must-touch", "must touch")


def test_faq_two_tiles_that_do_not_match_may_be_placed_together_if_they_touch() -> None:
    # The Sun Bear needs a vine and a fig: T38 (vine, broad leaf) and T29 (fig, mango) side
    # by side in the Understory, not matching but not conflicting either.
    s = pos(
        hands=["sun-bear-1", "cicada-1"], tiles_=["T38 T29", "T01"], chains=[["termites-1"], []]
    )
    s = act(s, "earn sun-bear-1", "place T38 on U2a turned 0")
    refusal(s, 0, "confirm eating termites-1", "biome/habitat-incomplete", "fig")
    s = act(s, f"place T29 on {nbr('U2a', 0)} turned 1", "confirm eating termites-1")
    assert s.data.seats[0].chains == (("termites-1", "sun-bear-1"),)
    assert s.data.seats[0].placed == 2


def test_faq_tiles_on_different_layers_do_not_make_one_habitat() -> None:
    # Emergent and Canopy platforms touch on the board but never interact.
    g = geo()
    e_cell = next(
        g.cells[n]
        for c in range(len(g.cells))
        if g.layer[c] == 0
        for n in g.nbr[c]
        if n >= 0 and g.layer[n] == 1
    )
    s = act(
        pos(tiles_=["T10 T18", "T01"], hands=["moon-moth-1", "cicada-1"]),
        "earn moon-moth-1",
        f"place T18 on {e_cell} turned 0",
    )
    assert all("on E1" not in str(a) for a in s.legal_actions(0))


def test_faq_one_tile_cannot_earn_two_cards() -> None:
    s = pos(hands=["moon-moth-1 moon-moth-2", "cicada-1"])
    s = act(s, "earn moon-moth-1", "place T18 on C3a turned 0", "confirm", "earn moon-moth-2")
    refusal(s, 0, Confirm(), "biome/no-new-tile", "at least one new tile")


def test_faq_a_y_shaped_vine_counts_once() -> None:
    # The Agile Gibbon needs a fig and two vines; T24 shows a fig and one Y-shaped vine.
    s = pos(
        hands=["agile-gibbon-1", "cicada-1"],
        tiles_=["T24 T38", "T01"],
        chains=[["moon-moth-1"], []],
    )
    s = act(s, "earn agile-gibbon-1", "place T24 on C3a turned 0")
    refusal(s, 0, "confirm eating moon-moth-1", "biome/habitat-incomplete", "1 more vine")


# -- prey and food chains ---------------------------------------------------------------------


def test_a_predator_needs_one_unconsumed_prey() -> None:
    s = pos(hands=["sun-bear-1", "cicada-1"], tiles_=["T16 T38", "T01"])
    refusal(s, 0, "earn sun-bear-1", "biome/no-prey", "Termites", "Honey Bee")


def test_the_prey_is_stacked_under_the_predator_and_consumed() -> None:
    s = pos(
        hands=["sun-bear-1 sun-bear-2", "cicada-1"],
        tiles_=["T16 T38 T30 T29", "T01"],
        chains=[["termites-1"], []],
        board={"C3d": "T22/4"},
    )
    s = act(s, "earn sun-bear-1", "place T38 on U1g turned 4")
    refusal(s, 0, Confirm(), "biome/needs-prey", "termites-1")
    s = act(s, "confirm eating termites-1")
    assert s.data.seats[0].chains == (("termites-1", "sun-bear-1"),)
    # FAQ: a consumed prey cannot feed a second predator.
    refusal(s, 0, "earn sun-bear-2", "biome/no-prey")


def test_faq_a_consumed_moon_moth_cannot_feed_a_second_predator() -> None:
    s = pos(
        hands=["flying-frog-1", "cicada-1"],
        tiles_=["T20", "T01"],
        chains=[["moon-moth-1 flying-gecko-1"], []],
    )
    refusal(s, 0, "earn flying-frog-1", "biome/no-prey", "unconsumed")
    # and named explicitly as prey it is refused as consumed
    s2 = pos(
        hands=["flying-frog-1", "cicada-1"],
        tiles_=["T20", "T01"],
        chains=[["moon-moth-1 flying-gecko-1", "termites-1"], []],
    )
    s2 = s2.apply(0, s2.game.codec.parse("earn flying-frog-1"))
    s2 = act(s2, "place T20 on C3a turned 0")
    refusal(s2, 0, "confirm eating moon-moth-1", "biome/prey-unavailable", "consumed")


def test_a_primary_needs_no_prey() -> None:
    s = act(pos(chains=[["termites-1"], []]), "earn moon-moth-1", "place T18 on C3a turned 0")
    refusal(s, 0, "confirm eating termites-1", "biome/no-prey-needed", "just confirm")


def test_a_food_chain_holds_at_most_five_animals() -> None:
    chain = "cicada-1 golden-orb-weaver-1 forest-dragon-1 keeled-pit-viper-1 flying-frog-1"
    s = pos(
        hands=["keeled-pit-viper-2", "cicada-2"], tiles_=["T38 T45", "T01"], chains=[[chain], []]
    )
    assert "earn keeled-pit-viper-2" not in [str(a) for a in s.legal_actions(0)]
    s = pos(
        hands=["keeled-pit-viper-2", "cicada-2"],
        tiles_=["T38 T45", "T01"],
        chains=[["termites-1", "flying-frog-1"], []],
    )
    assert "earn keeled-pit-viper-2" in [str(a) for a in s.legal_actions(0)]


# -- withdrawing ---------------------------------------------------------------------------


def test_a_partial_habitat_can_be_withdrawn() -> None:
    s = act(pos(gallery="tadpoles-1"), "earn tadpoles-1", "place T21 on C3a turned 0")
    assert Withdraw() in s.legal_actions(0)
    before_tiles = pos(gallery="tadpoles-1").data.seats[0].tiles
    s = act(s, "withdraw")
    assert s.data.phase is Phase.HABITATS
    assert s.data.seats[0].tiles == before_tiles
    assert all(v == -1 for v in s.data.board)
    assert s.data.gallery == ("tadpoles-1",)


def test_a_withdrawn_hand_card_is_known_to_everybody() -> None:
    s = act(pos(), "earn moon-moth-1", "withdraw")
    assert "moon-moth-1" in s.data.seats[0].hand
    assert "moon-moth-1" in s.observe(1)["players"][0]["known"]


def test_three_withdrawals_a_turn() -> None:
    s = pos()
    for _ in range(3):
        s = act(s, "earn moon-moth-1", "withdraw")
    refusal(s, 0, "earn moon-moth-1", "biome/too-many-withdrawals", "3")
    assert [str(a) for a in s.legal_actions(0)] == ["end turn"]
