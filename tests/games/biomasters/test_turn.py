"""The turn (rules doc §A turn, §Starvation, §Parasites and mutualists, §The end)."""

from __future__ import annotations

from typing import Any

from ecotone.core.game import State
from ecotone.games.biomasters.actions import Pass
from ecotone.games.biomasters.state import Phase

from .helpers import act, game, position, refusal


def cell(state: State, name: str) -> Any:
    return state.data.grid[state.game.table.grid.index[name]]  # type: ignore[attr-defined]


def test_setup_places_homes_and_deals_five_cards() -> None:
    g = game()
    state = g.start(3)
    d = state.data
    assert cell(state, "E5").kind == "savanna-home"
    assert cell(state, "F5").kind == "woodland-home"
    # P1 has drawn for its first turn; P2 holds its opening hand
    assert [len(h) for h in d.hands] == [6, 5]
    assert [len(k) for k in d.decks] == [23, 24]
    assert d.turn == 0
    assert d.actions == 3
    assert d.phase is Phase.ACTION
    assert d.turns == 1


def test_four_player_grids_and_homes() -> None:
    for variant in ("2v2", "free-for-all"):
        g = game(4, variant)
        state = g.start(1)
        assert g.table.grid.rows == g.table.grid.cols == 10  # type: ignore[attr-defined]
        assert [cell(state, c).owner for c in ("E5", "F5", "E6", "F6")] == [0, 1, 2, 3]
    assert game(2).table.grid.rows == 9  # type: ignore[attr-defined]
    assert game(2).table.grid.cols == 10  # type: ignore[attr-defined]


def test_three_actions_then_the_turn_passes() -> None:
    state = position(
        game(),
        hands=["red-oat-grass baobab marula umbrella-thorn", "english-oak"],
        decks=["lion", "bramble"],
    )
    state = act(state, "play red-oat-grass at E4", "play baobab at D5")
    assert state.data.turn == 0
    assert state.data.actions == 1
    state = act(state, "play marula at E6")
    assert state.data.turn == 1
    assert state.data.actions == 3
    assert [c.split("#")[0] for c in state.data.hands[1]] == ["bramble", "english-oak"]


def test_pass_ends_the_turn_at_once() -> None:
    state = position(game(), hands=["red-oat-grass"], decks=["", "bramble"])
    assert Pass() in state.legal_actions(0)
    after = act(state, "pass")
    assert after.data.turn == 1
    assert after.data.actions == 3


def test_ready_phase_readies_only_your_cards() -> None:
    state = position(
        game(),
        {"E4": "P1 red-oat-grass", "F4": "P2 english-oak", "G4": "P2 bramble ready"},
        decks=["lion", "bramble"],
        turn=0,
    )
    after = act(state, "pass")
    assert not cell(after, "E4").ready  # P1's card stays exhausted during P2's turn
    assert cell(after, "F4").ready
    again = act(after, "pass")
    assert cell(again, "E4").ready


def test_parasitic_drain_keeps_the_host_exhausted() -> None:
    state = position(
        game(),
        {
            "F4": "P2 english-oak ready",
            "F3": "P2 wood-mouse parasite=castor-bean-tick@P1",
            "G4": "P2 bramble",
        },
        decks=["lion", "bramble"],
    )
    after = act(state, "pass")
    assert not cell(after, "F3").ready
    assert cell(after, "G4").ready


def test_a_parasitoid_kills_its_host_at_the_start_of_its_players_turn() -> None:
    g = game(decks="decomposition,decomposition")
    state = position(
        g,
        {
            "F4": "P2 common-nettle",
            "F3": "P2 peacock-caterpillar parasite=scarlet-caterpillarclub@P1",
        },
        decks=["bramble", "bramble"],
        turn=1,
    )
    after = act(state, "pass")  # P2 passes; P1's turn begins: its parasitoid strikes
    tile = cell(after, "F3")
    assert tile.tile
    assert tile.killer == 0
    assert tile.under
    assert tile.under[0].startswith("scarlet-caterpillarclub#")
    assert any("Scarlet Caterpillarclub" in e for e in after.data.events)


def test_a_consumer_without_food_starves_at_the_end_of_its_turn() -> None:
    state = position(
        game(),
        {"E3": "P1 plains-zebra", "G4": "P2 plains-zebra", "G5": "P2 english-oak"},
        decks=["lion", "bramble"],
    )
    after = act(state, "pass")
    assert cell(after, "E3").tile
    assert cell(after, "E3").killer == -1
    assert not cell(after, "G4").tile  # P2's zebra is fed by the oak, and it is not P2's end
    assert any("starved" in e for e in after.data.events)


def test_a_hunter_is_fed_for_two_ends_of_turn() -> None:
    state = position(
        game(),
        {"E4": "P1 red-oat-grass", "E3": "P1 plains-zebra", "E2": "P1 lion ready"},
        decks=["lion", "bramble"],
    )
    after = act(state, "activate E2 on E3", "pass")
    assert cell(after, "E3").tile
    assert cell(after, "E3").killer == 0
    assert not cell(after, "E2").tile  # fed: it ate this turn
    after = act(after, "pass", "pass")  # P2's turn, then P1's next turn ends
    assert not cell(after, "E2").tile  # the meal lasts through its player's next turn
    after = act(after, "pass", "pass")  # one more round: nothing left to eat
    assert cell(after, "E2").tile
    assert any("starved" in e for e in after.data.events)


def test_the_end_is_triggered_when_a_player_cannot_draw() -> None:
    state = position(game(), hands=["red-oat-grass", "english-oak"], decks=["", ""], turn=1)
    after = act(state, "pass")  # P1 cannot draw at the start of its turn
    assert after.data.last == 1  # P2 takes the final turn
    assert after.data.turn == 0
    assert after.data.phase is Phase.ACTION
    assert any("cannot draw" in e for e in after.data.events)
    final = act(after, "play red-oat-grass at E4")
    assert not final.is_over
    final = act(final, "pass", "pass")
    assert final.is_over
    assert final.legal_actions(0) == final.legal_actions(1) == []


def test_everyone_else_takes_one_final_turn_in_four_player_games() -> None:
    g = game(4, "free-for-all")
    state = position(g, decks=["", "bramble", "bramble", "bramble"], turn=3)
    seats = []
    while not state.is_over:
        seats.append(state.data.turn)
        state = act(state, "pass")
    assert seats == [3, 0, 1, 2, 3]


def test_actions_after_the_end_are_refused() -> None:
    state = position(game(), decks=["", ""], turn=1, last=1)
    over = act(state, "pass")
    assert over.is_over
    assert over.explain(0, Pass()) == "the game is over"


def test_while_paying_only_paying_is_allowed() -> None:
    state = position(
        game(),
        {
            "E4": "P1 red-oat-grass",
            "E3": "P1 plains-zebra ready",
            "D4": "P1 plains-zebra ready",
            "E2": "P1 lion",
        },
        phase=Phase.PAY,
        pending=("lion", "E2", "+2"),
    )
    assert [str(a) for a in state.legal_actions(0)] == ["exhaust E3", "exhaust D4"]
    refusal(state, 0, "pass", "biomasters/must-pay", "Lion", "+2")
    refusal(state, 0, "exhaust E4", "biomasters/cannot-pay-with", "a +1A card")
    refusal(state, 0, "exhaust E2", "biomasters/cannot-pay-with", "not a ready card of yours")


def test_a_detritivore_without_a_saprotroph_starves() -> None:
    g = game(decks="decomposition,decomposition")
    state = position(
        g,
        {
            "C5": "P1 turkey-tail",
            "C4": "P1 common-earthworm",
            "H4": "P1 common-woodlouse",
            "H5": "tile wood-mouse owner=P2",
        },
        decks=["bramble", "bramble"],
    )
    after = act(state, "pass")
    assert not cell(after, "C4").tile  # next to its -1S fungus
    assert cell(after, "H4").tile  # a Detritus tile is not food: it starved
    assert cell(after, "H4").killer == -1
    assert not cell(after, "C5").tile  # saprotrophs live on the dead and never starve
