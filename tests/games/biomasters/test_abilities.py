"""Abilities and the decomposition loop (rules doc §Abilities, §Death and detritus,
§Parasites and mutualists, §Mixotrophs, §Metamorphosis)."""

from __future__ import annotations

from typing import Any

from ecotone.games.biomasters.actions import Activate, Metamorphose, Target

from .helpers import act, game, position, refusal


def cell(state: Any, name: str) -> Any:
    return state.data.grid[state.game.table.grid.index[name]]


def pile(state: Any, seat: int) -> list[tuple[str, int]]:
    return [(e.card.split("#")[0], e.vp) for e in state.data.piles[seat]]


SAVANNA = {
    "E4": "P1 red-oat-grass",
    "E3": "P2 plains-zebra",
    "D4": "P1 umbrella-thorn",
    "D3": "P2 giraffe",
    "E2": "P1 lion ready",
}

# -- hunting ---------------------------------------------------------------------------------


def test_a_hunter_kills_adjacent_prey() -> None:
    state = position(game(), SAVANNA)
    assert Target("E2", "E3") in state.legal_actions(0)
    after = act(state, "activate E2 on E3")
    tile = cell(after, "E3")
    assert tile.tile
    assert tile.killer == 0
    assert tile.owner == 1
    assert not cell(after, "E2").ready
    assert cell(after, "E2").fed
    assert after.data.actions == 2
    assert any("killed by P1's Lion" in e for e in after.data.events)


def test_hunt_refusals() -> None:
    state = position(
        game(), {**SAVANNA, "F3": "P2 lion ready", "E1": "P1 cheetah", "D2": "P1 baobab"}
    )
    refusal(state, 0, "activate E2 on D2", "biomasters/not-prey", "ungulate")
    refusal(state, 0, "activate E2 on G7", "biomasters/not-prey", "next to it")
    refusal(state, 0, "activate E2 on F2", "biomasters/not-prey", "no living prey")
    refusal(state, 0, "activate F3 on E3", "biomasters/not-yours", "P2's")
    refusal(state, 0, "activate E1 on E2", "biomasters/exhausted", "Cheetah")
    refusal(state, 0, "activate E4 on E3", "biomasters/no-such-ability", "no ability")
    refusal(state, 0, "activate A1 on A2", "biomasters/no-card", "A1")
    refusal(state, 0, "activate E2 on Z9", "biomasters/no-such-cell", "Z9")


def test_large_prey_needs_a_pack() -> None:
    state = position(game(), SAVANNA)
    # E2's lion does not touch the giraffe in D3; a lion in C3 alone cannot take it
    alone = position(game(), {**SAVANNA, "C3": "P1 lion ready"})
    refusal(alone, 0, "activate C3 on D3", "biomasters/not-prey", "too large", "PACK HUNTER")
    assert Target("C3", "D3") not in state.legal_actions(0)
    pack = position(game(), {**SAVANNA, "C3": "P1 lion ready", "D2": "P1 spotted-hyena ready"})
    assert Target("C3", "D3") in pack.legal_actions(0)
    after = act(pack, "activate C3 on D3")
    assert cell(after, "D3").tile
    assert not cell(after, "C3").ready
    assert not cell(after, "D2").ready
    assert cell(after, "D2").fed
    lone = position(game(), {**SAVANNA, "C3": "P1 cheetah ready", "D2": "P1 lion ready"})
    refusal(lone, 0, "activate C3 on D3", "biomasters/not-prey", "lone hunter")


def test_a_mixotroph_hunts_insects() -> None:
    g = game(decks="decomposition,production")
    state = position(
        g, {"E4": "P1 venus-flytrap ready", "E3": "P2 harvester-termite", "D4": "P1 english-oak"}
    )
    assert Target("E4", "E3") in state.legal_actions(0)
    after = act(state, "activate E4 on E3")
    assert cell(after, "E3").tile
    assert cell(after, "E3").killer == 0


def test_venomous_hunters_kill_their_own_level() -> None:
    g = game(decks="ocean,ocean")
    cells = {
        "E4": "P1 marine-diatom",
        "E3": "P1 copepod",
        "E2": "P2 blue-chromis",
        "D3": "P1 blue-chromis",
        "D2": "P1 geography-cone ready",
    }
    state = position(g, cells)
    assert Target("D2", "E2") in state.legal_actions(0)  # a +3 cone kills a +3 chromis
    assert Target("D2", "D3") in state.legal_actions(0)  # even its own player's


def test_a_hunter_may_eat_a_detritivore() -> None:
    g = game(decks="decomposition,decomposition")
    cells = {
        "E4": "P1 common-nettle",
        "E3": "P1 peacock-caterpillar",
        "E2": "P1 european-mole ready",
        "D2": "P2 turkey-tail",
        "D1": "P2 common-earthworm",
        "C2": "P2 common-woodlouse",
    }
    state = position(g, cells)
    assert Target("E2", "E3") in state.legal_actions(0)  # an insect at +2
    mole = position(g, {**cells, "E1": "P2 common-earthworm"})
    assert Target("E2", "E1") in mole.legal_actions(0)  # an earthworm at -2D
    refusal(mole, 0, "activate E2 on D2", "biomasters/not-prey", "annelid")


# -- death and decomposition ------------------------------------------------------------------


def test_a_kill_scores_for_the_hunter_when_decomposed() -> None:
    g = game(decks="production,decomposition")
    state = position(
        g,
        {"E3": "tile plains-zebra owner=P2 killer=P1", "D3": "P2 english-oak", "E4": "P2 bramble"},
        hands=["", "turkey-tail"],
        decks=["", "oyster-mushroom"],
        turn=1,
    )
    after = act(state, "play turkey-tail at E3")
    assert pile(after, 0) == [("plains-zebra", 2)]  # the hunter scores its printed VP
    assert pile(after, 1) == []
    # the decomposer of someone else's kill draws a card
    assert [c.split("#")[0] for c in after.data.hands[1]] == ["oyster-mushroom"]


def test_a_starved_creature_scores_1_for_the_decomposer_with_what_died_with_it() -> None:
    g = game(decks="decomposition,decomposition")
    state = position(
        g,
        {
            "E3": "tile wood-mouse owner=P2 under=castor-bean-tick,wood-mouse",
            "E4": "P1 english-oak",
        },
        hands=["turkey-tail"],
    )
    after = act(state, "play turkey-tail at E3")
    assert sorted(pile(after, 0)) == [("castor-bean-tick", 1), ("wood-mouse", 1), ("wood-mouse", 1)]


def test_scavenge_takes_a_detritus_card_into_hand_for_all_to_see() -> None:
    state = position(
        game(),
        {
            "E4": "P1 red-oat-grass ready",
            "E3": "P1 plains-zebra",
            "E2": "P1 white-backed-vulture ready",
            "D2": "tile plains-zebra owner=P2 killer=P2 under=castor-bean-tick",
        },
    )
    assert Target("E2", "D2") in state.legal_actions(0)
    refusal(state, 0, "activate E2 on E3", "biomasters/no-detritus", "Detritus")
    after = act(state, "activate E2 on D2")
    taken = [c for c in after.data.hands[0] if c.startswith("plains-zebra")]
    assert taken
    assert after.data.revealed[0] == tuple(taken)
    rest = cell(after, "D2")
    assert rest.tile
    assert rest.kind == "castor-bean-tick"
    assert rest.killer == 1
    assert cell(after, "E2").fed
    obs = after.observe(1)
    assert obs["hands"][0]["revealed"] == taken  # everybody saw it taken
    # playing it hides nothing any more
    again = act(after, "play plains-zebra at D4")
    assert again.data.revealed[0] == ()


def test_recycle_processes_the_best_card_and_draws() -> None:
    g = game(decks="decomposition,production")
    state = position(
        g,
        {"E4": "P1 turkey-tail", "E3": "P1 common-earthworm ready"},
        piles=["english-oak:1 lion:1 plains-zebra:1 plains-zebra:2"],
        decks=["bramble"],
    )
    after = act(state, "activate E3")
    assert pile(after, 0) == [
        ("english-oak", 1),
        ("lion", 3),
        ("plains-zebra", 1),
        ("plains-zebra", 2),
    ]
    assert [c.split("#")[0] for c in after.data.hands[0]] == ["bramble"]
    empty = position(
        g, {"E4": "P1 turkey-tail", "E3": "P1 common-earthworm ready"}, piles=["english-oak:1"]
    )
    refusal(empty, 0, Activate("E3"), "biomasters/nothing-to-recycle", "Score Pile")


def test_filter_feeders_draw() -> None:
    g = game(decks="ocean,ocean")
    state = position(g, {"E4": "P1 marine-diatom", "E3": "P1 copepod ready"}, decks=["giant-kelp"])
    after = act(state, "activate E3")
    assert [c.split("#")[0] for c in after.data.hands[0]] == ["giant-kelp"]
    empty = position(g, {"E4": "P1 marine-diatom", "E3": "P1 copepod ready"})
    refusal(empty, 0, "activate E3", "biomasters/deck-empty", "deck is empty")


# -- metamorphosis ----------------------------------------------------------------------------


def test_metamorphosis_turns_a_juvenile_into_its_adult() -> None:
    g = game(decks="wetland,wetland")
    cells = {
        "E4": "P1 star-diatom",
        "E3": "P1 common-frog-tadpole ready",
        "D3": "P1 green-drake-mayfly",
        "D4": "P1 common-duckweed",
    }
    state = position(g, cells, hands=["common-frog"])
    assert Metamorphose("E3", "common-frog") in state.legal_actions(0)
    after = act(state, "metamorphose E3 into common-frog")
    frog = cell(after, "E3")
    assert frog.kind == "common-frog"
    assert frog.ready
    assert frog.under
    assert frog.under[0].startswith("common-frog-tadpole#")
    assert after.data.hands[0] == ()
    assert after.data.actions == 2
    refusal(
        position(g, cells, hands=["grey-heron"]),
        0,
        "metamorphose E3 into common-frog",
        "biomasters/not-in-hand",
    )
    refusal(
        position(g, cells, hands=["common-frog"]),
        0,
        "metamorphose E3 into grey-heron",
        "biomasters/wrong-adult",
    )
    # the adult frog needs an insect (+2) next to it: without the mayfly it could not live there
    hungry = {k: v for k, v in cells.items() if k != "D3"}
    refusal(
        position(g, hungry, hands=["common-frog"]),
        0,
        "metamorphose E3 into common-frog",
        "biomasters/cannot-grow",
        "+2",
    )


# -- parasites and mutualists ------------------------------------------------------------------


def test_parasites_and_mutualists_are_tucked_under_a_host() -> None:
    g = game(decks="decomposition,production")
    state = position(
        g,
        {"E4": "P1 english-oak ready", "E3": "P2 plains-zebra", "D4": "P1 bramble ready"},
        hands=["castor-bean-tick penny-bun"],
    )
    legal = {str(a) for a in state.legal_actions(0)}
    assert "play castor-bean-tick at E3" in legal  # a mammal host, of any player
    assert "play penny-bun at E4" in legal  # a tree
    refusal(state, 0, "play penny-bun at D4", "biomasters/bad-host", "tree")
    refusal(state, 0, "play castor-bean-tick at E6", "biomasters/no-host", "E6")
    after = act(state, "play castor-bean-tick at E3", "exhaust D4")
    assert cell(after, "E3").parasite.startswith("castor-bean-tick#")
    assert cell(after, "E3").parasite_owner == 0
    taken = position(
        g,
        {"E4": "P1 english-oak ready", "E3": "P2 plains-zebra parasite=castor-bean-tick@P2"},
        hands=["castor-bean-tick"],
    )
    refusal(taken, 0, "play castor-bean-tick at E3", "biomasters/bad-host", "already carries")


def test_a_cleaner_eats_the_hosts_parasite_and_keeps_it_clean() -> None:
    g = game(decks="ocean,ocean")
    cells = {
        "E4": "P1 turtle-grass ready",
        "E3": "P1 green-sea-turtle",
        "D4": "P1 giant-kelp",
        "D3": "P2 stoplight-parrotfish parasite=tongue-eating-louse@P2",
    }
    state = position(g, cells, hands=["cleaner-wrasse tongue-eating-louse"])
    after = act(state, "play cleaner-wrasse at D3")
    assert cell(after, "D3").parasite == ""
    assert cell(after, "D3").mutualist.startswith("cleaner-wrasse#")
    assert pile(after, 0) == [("tongue-eating-louse", 1)]
    later = position(
        g,
        {
            **cells,
            "D3": "P2 stoplight-parrotfish mutualist=cleaner-wrasse@P2",
            "D4": "P1 giant-kelp ready",
        },
        hands=["tongue-eating-louse"],
    )
    refusal(later, 0, "play tongue-eating-louse at D3", "biomasters/bad-host", "clean")


# -- decomposing by ability, and the parasitoid's kill --------------------------------------------


def test_a_saprotroph_decomposes_a_tile_next_to_it() -> None:
    g = game(decks="decomposition,production")
    state = position(
        g,
        {
            "E4": "P1 turkey-tail ready",
            "E3": "tile plains-zebra owner=P2 under=castor-bean-tick",
            "D4": "tile lion owner=P2",
            "C4": "tile giraffe owner=P2",
        },
    )
    legal = state.legal_actions(0)
    assert Target("E4", "E3") in legal
    assert Target("E4", "D4") in legal
    assert Target("E4", "C4") not in legal  # not next to the fungus
    refusal(state, 0, "activate E4 on C4", "biomasters/no-detritus", "next to it")
    after = act(state, "activate E4 on E3")
    assert cell(after, "E3") is None  # the cell is left empty
    assert not cell(after, "E4").ready
    assert sorted(pile(after, 0)) == [("castor-bean-tick", 1), ("plains-zebra", 1)]
    assert after.data.actions == 2


def test_a_parasitoids_kill_scores_printed_vp_for_its_player() -> None:
    g = game(decks="decomposition,decomposition")
    state = position(
        g,
        {
            "F4": "P2 common-nettle",
            "F3": "P2 peacock-caterpillar parasite=scarlet-caterpillarclub@P1",
        },
        hands=["", "turkey-tail"],
        decks=["bramble", "bramble oyster-mushroom"],
        turn=1,
    )
    after = act(state, "pass")  # P1's turn begins: the club fungus kills the caterpillar
    after = act(after, "pass", "play turkey-tail at F3")  # P2 decomposes P1's kill
    assert sorted(pile(after, 0)) == [("peacock-caterpillar", 2), ("scarlet-caterpillarclub", 1)]
    assert pile(after, 1) == []
    assert len(after.data.hands[1]) == 2  # drew for its turn, and for decomposing a kill


def test_an_attachment_obeys_the_domain_rule_with_its_host() -> None:
    g = game(decks="production,ocean")
    state = position(
        g,
        {"E4": "P1 red-oat-grass ready", "F4": "P2 giant-kelp", "F3": "P2 orca"},
        hands=["castor-bean-tick"],
    )
    # the orca is a mammal, but a land tick cannot live on a marine host
    refusal(
        state, 0, "play castor-bean-tick at F3", "biomasters/bad-host", "[TERRESTRIAL]", "[MARINE]"
    )


def test_the_adult_must_pass_the_domain_rule_where_the_juvenile_lives() -> None:
    g = game(decks="wetland,wetland")
    cells = {
        "E4": "P1 star-diatom",
        "E3": "P1 common-frog-tadpole ready",
        "D3": "P1 green-drake-mayfly",
        "F3": "P2 three-spined-stickleback",
    }
    state = position(g, cells, hands=["common-frog"])
    # the freshwater tadpole may touch the euryhaline stickleback; the amphibious frog may not
    assert Metamorphose("E3", "common-frog") not in state.legal_actions(0)
    refusal(
        state,
        0,
        "metamorphose E3 into common-frog",
        "biomasters/cannot-grow",
        "Domain rule",
        "Three-spined Stickleback",
    )
