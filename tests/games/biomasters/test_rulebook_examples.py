"""The rulebook's own examples, replayed (page numbers of the rulebook)."""

from __future__ import annotations

from typing import Any

from ecotone.games.biomasters.actions import Play, Target
from ecotone.games.biomasters.board import Domain, compatible
from ecotone.games.biomasters.cards import cards

from .helpers import act, game, position


def cell(state: Any, name: str) -> Any:
    return state.data.grid[state.game.table.grid.index[name]]


def test_p4_home_layouts() -> None:
    # [H1][H2] for two players; [H1][H2] / [H3][H4] for four
    two = game(2).start(0)
    assert (cell(two, "E5").owner, cell(two, "F5").owner) == (0, 1)
    four = game(4, "free-for-all").start(0)
    assert [cell(four, c).owner for c in ("E5", "F5", "E6", "F6")] == [0, 1, 2, 3]


def test_p6_plus_three_connects_to_plus_two() -> None:
    state = position(
        game(), {"E4": "P1 red-oat-grass", "E3": "P1 plains-zebra ready"}, hands=["cheetah"]
    )
    assert Play("cheetah", "E2") in state.legal_actions(0)  # next to the +2 zebra
    assert Play("cheetah", "D4") not in state.legal_actions(0)  # next to the +1 grass only


def test_p6_minus_two_connects_to_minus_one() -> None:
    g = game(decks="decomposition,decomposition")
    state = position(g, {"E4": "P1 turkey-tail ready"}, hands=["common-woodlouse"])
    assert Play("common-woodlouse", "E3") in state.legal_actions(0)


def test_p7_frugivore_next_to_a_fruit_tree_enters_ready() -> None:
    g = game(decks="decomposition,decomposition")
    state = position(g, {"E4": "P1 english-oak ready"}, hands=["wood-mouse"])
    after = act(state, "play wood-mouse at E3")
    assert cell(after, "E3").ready


def test_p8_a_saprotroph_replaces_a_detritus_tile_and_scores_it() -> None:
    g = game(decks="decomposition,production")
    state = position(g, {"E4": "tile plains-zebra owner=P2"}, hands=["oyster-mushroom"])
    after = act(state, "play oyster-mushroom at E4")
    assert cell(after, "E4").kind == "oyster-mushroom"
    assert [(e.card.split("#")[0], e.vp) for e in after.data.piles[0]] == [("plains-zebra", 1)]


def test_p9_the_venus_flytrap_is_a_producer_that_acts_as_a_consumer() -> None:
    g = game(decks="decomposition,production")
    state = position(
        g, {"E4": "P1 venus-flytrap ready", "E3": "P2 harvester-termite"}, hands=["wood-mouse"]
    )
    assert Target("E4", "E3") in state.legal_actions(0)  # it hunts an insect
    assert Play("wood-mouse", "D4") in state.legal_actions(0)  # and feeds a +2 like any +1


def test_p11_the_symbiosis_gambit() -> None:
    # "Using their +3 to play your +4": P1's martial eagle connects to P2's mongoose
    state = position(
        game(),
        {
            "E4": "P2 red-oat-grass",
            "E3": "P2 harvester-termite",
            "E2": "P2 banded-mongoose",
            "D4": "P1 red-oat-grass ready",
            "D3": "P1 plains-zebra",
            "C3": "P1 lion ready",
        },
        hands=["martial-eagle"],
    )
    assert Play("martial-eagle", "E1") in state.legal_actions(0)
    after = act(state, "play martial-eagle at E1")
    assert cell(after, "E1").owner == 0


def test_p5_the_same_action_may_be_taken_several_times() -> None:
    # "You can do the same action multiple times": three plays in one turn
    state = position(game(), hands=["red-oat-grass baobab marula"], decks=["", "bramble"])
    after = act(state, "play red-oat-grass at E4", "play baobab at D5", "play marula at E6")
    assert [cell(after, c).kind for c in ("E4", "D5", "E6")] == [
        "red-oat-grass",
        "baobab",
        "marula",
    ]
    assert after.data.turn == 1


def test_p6_the_domain_rule_lists() -> None:
    """Page 6's lists, read so that both cards must allow each other."""
    t, f, m = Domain.TERRESTRIAL, Domain.FRESHWATER, Domain.MARINE
    af, am, e = Domain.AMPHIBIOUS_FRESHWATER, Domain.AMPHIBIOUS_MARINE, Domain.EURYHALINE
    may_touch = {
        t: {t, af, am},  # "only to a [TERRESTRIAL] or [AMPHIBIOUS] card"
        # "[FRESHWATER], [AMPHIBIOUS], or [EURYHALINE]": an amphibious card of its own water,
        # since an amphibious card names only one (the sea lion's is not the frog's)
        f: {f, af, e},
        m: {m, am, e},
        af: {t, f, af},  # "[TERRESTRIAL] and one specified water type"
        am: {t, m, am},
        e: {f, m, e},  # "both [FRESHWATER] and [MARINE]"
    }
    for a, allowed in may_touch.items():
        for b in may_touch:
            assert compatible(a, b) == (b in allowed), (a.title, b.title)
        assert compatible(a, Domain.HOME)  # HOMEs are neutral


def test_p8_a_removed_creature_is_flipped_face_down_in_its_space() -> None:
    state = position(
        game(), {"E4": "P1 red-oat-grass", "E3": "P2 plains-zebra", "E2": "P1 lion ready"}
    )
    after = act(state, "activate E2 on E3")
    tile = cell(after, "E3")
    assert tile.tile
    assert tile.kind == "plains-zebra"  # the same card, in the same space
    assert "~zeb~" in after.render(1)


def test_p10_frog_and_sea_lion_style_amphibians() -> None:
    # "[AMPHIBIOUS - FRESHWATER] for a frog, [AMPHIBIOUS - MARINE] for a sea lion"
    pool = cards().by_id
    assert pool["common-frog"].domain == "amphibious-freshwater"
    assert pool["sea-otter"].domain == "amphibious-marine"


def test_p11_weaponize_decay_scavenge_denies_a_tile() -> None:
    # "Use [SCAVENGE] abilities to deny key cards to your opponents and fuel your own hand"
    state = position(
        game(),
        {
            "E4": "P1 red-oat-grass",
            "E3": "P1 plains-zebra",
            "E2": "P1 white-backed-vulture ready",
            "D2": "tile lion owner=P2 killer=P2",
        },
    )
    after = act(state, "activate E2 on D2")
    assert cell(after, "D2") is None  # nothing left for P2's decomposers to claim
    assert any(c.startswith("lion#") for c in after.data.hands[0])
