"""What each seat sees: observation, render and determinization (rules doc §Hidden
information)."""

from __future__ import annotations

import json
import random
from typing import Any

from ecotone.core.game import State

from .helpers import act, game, position


def strings(obj: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out |= strings(k) | strings(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= strings(v)
    return out


def started() -> State:
    g = game()
    state = g.start(5)
    for _ in range(12):
        (seat,) = state.to_move
        state = state.apply(seat, state.legal_actions(seat)[0])
    return state


def test_a_seat_sees_its_hand_and_only_counts_of_the_others() -> None:
    state = started()
    obs0 = state.observe(0)
    d = state.data
    assert obs0["hands"][0]["cards"] == list(d.hands[0])
    assert obs0["hands"][1]["cards"] is None
    assert obs0["hands"][1]["count"] == len(d.hands[1])
    hidden = set(d.hands[1]) | set(d.decks[0]) | set(d.decks[1])
    assert not hidden & strings(obs0)
    assert not (set(d.hands[0]) | set(d.hands[1])) & strings(state.observe(None))


def test_the_grid_piles_and_deck_lists_are_public() -> None:
    state = started()
    obs = state.observe(1)
    on_grid = {s.card for s in state.data.grid if s is not None}
    assert on_grid <= strings(obs)
    assert obs["decks"][0]["name"] == "Savanna"
    assert obs["decks"][0]["list"]["plains-zebra"] == 3
    assert obs["decks"][1]["count"] == len(state.data.decks[1])
    assert json.loads(json.dumps(obs)) == obs


def test_scavenged_cards_are_seen_by_all_and_kept_by_determinize() -> None:
    state = position(
        game(),
        {
            "E4": "P1 red-oat-grass ready",
            "E3": "P1 plains-zebra",
            "E2": "P1 white-backed-vulture ready",
            "D2": "tile lion owner=P2 killer=P2",
        },
        hands=["baobab marula", "english-oak bramble"],
        decks=["lion zebra", "turkey-tail oyster-mushroom"],
    )
    after = act(state, "activate E2 on D2")
    lion = next(c for c in after.data.hands[0] if c.startswith("lion#"))
    assert lion in strings(after.observe(1))
    for seed in range(5):
        det = after.determinize(1, random.Random(seed))
        assert lion in det.data.hands[0]
        assert det.observe(1) == after.observe(1)
        assert sorted(det.data.hands[0] + det.data.decks[0]) == sorted(
            after.data.hands[0] + after.data.decks[0]
        )


def test_determinize_keeps_what_the_seat_knows() -> None:
    state = started()
    for seed in range(5):
        det = state.determinize(0, random.Random(seed))
        assert det.data.hands[0] == state.data.hands[0]
        assert det.data.grid == state.data.grid
        assert det.data.piles == state.data.piles
        assert sorted(det.data.decks[0]) == sorted(state.data.decks[0])
        # the other seat's unseen cards are re-dealt among its hand and deck
        assert sorted(det.data.hands[1] + det.data.decks[1]) == sorted(
            state.data.hands[1] + state.data.decks[1]
        )
        assert len(det.data.hands[1]) == len(state.data.hands[1])
        assert det.legal_actions(0) == state.legal_actions(0)
    assert any(
        state.determinize(0, random.Random(s)).data.hands[1] != state.data.hands[1]
        for s in range(10)
    )


def test_render_draws_the_grid() -> None:
    state = position(
        game(),
        {
            "E4": "P1 red-oat-grass ready",
            "E3": "P1 plains-zebra parasite=castor-bean-tick@P2",
            "F4": "P2 english-oak",
            "D4": "tile lion owner=P2",
        },
        hands=["lion"],
    )
    text = state.render(0)
    lines = text.splitlines()
    assert lines[0].startswith("BioMasters TCG · 1v1 · turn 1 · P1 to act: 3 actions left")
    row4 = next(line for line in lines if line.startswith("  4 "))
    assert "1ROG" in row4
    assert "2oak" in row4
    assert "~lio~" in row4
    assert "1zebp" in next(line for line in lines if line.startswith("  3 "))
    assert "[H1]" in text
    assert "[H2]" in text
    assert "ROG=Red Oat Grass +1A" in text
    assert "hand: lion (+3, cost +2 +1)" in text
    assert "hand: lion" not in state.render(1)
    assert "Savanna" in text
    assert "Woodland Floor" in text


def test_render_shows_payment_and_the_end() -> None:
    state = position(
        game(),
        {"E4": "P1 red-oat-grass ready", "D5": "P1 baobab ready"},
        hands=["plains-zebra"],
    )
    paying = act(state, "play plains-zebra at E3")
    assert "P1 pays for the Plains Zebra: still due +1" in paying.render(0)
    over = act(position(game(), decks=["", ""], turn=1, last=1), "pass")
    assert "the game is over" in over.render(None)


def test_four_player_render_and_teams() -> None:
    g = game(4, "2v2")
    state = g.start(2)
    text = state.render(2)
    assert "2v2" in text
    assert "team A" in text
    assert "team B" in text
    assert state.observe(0)["teams"] == [[0, 2], [1, 3]]
    assert "free-for-all" in game(4, "free-for-all").start(2).render(None)


def test_determinize_depends_on_the_view_alone() -> None:
    """Two states a seat cannot tell apart give the same sample for the same generator."""
    state = started()
    other = state.determinize(0, random.Random(99))
    for seed in range(3):
        assert state.determinize(0, random.Random(seed)) == other.determinize(
            0, random.Random(seed)
        )
