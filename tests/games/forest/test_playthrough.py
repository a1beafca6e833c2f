"""Golden playthroughs, determinism and immutability."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ecotone.core.game import State
from ecotone.games.forest.state import Phase
from ecotone.testing import check_golden, playthrough

from .helpers import game

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(
    ("name", "players", "variant", "seed"),
    [
        ("standard-2p-seed7.txt", 2, None, 7),
        ("solo-seed3.txt", 1, "solo", 3),
    ],
)
def test_golden_playthrough(name: str, players: int, variant: str | None, seed: int) -> None:
    text = playthrough(game(players, variant), seed)
    check_golden(GOLDEN / name, text)


def test_golden_files_look_right() -> None:
    # the standard game: a deal of 6 draws, then place/give/receive/draw turns, both scored
    text = (GOLDEN / "standard-2p-seed7.txt").read_text(encoding="utf-8")
    steps = [line for line in text.splitlines() if line.startswith("## step ")]
    actions = [line for line in text.splitlines() if line.startswith("action: ")]
    assert len(steps) == len(actions)
    assert all(a.startswith("action: draw from pile") for a in actions[:6])
    assert actions[6].startswith("action: place ")
    assert actions[7].startswith("action: give ")
    assert actions[8].startswith("action: place ")  # the receiver places the gift
    assert actions[-1].startswith("action: place ")
    assert '"phase": "deal"' in text
    assert '"phase": "receive"' in text
    assert "scores: [" in text
    assert "winners: [" in text
    assert "the game is over" in text
    solo = (GOLDEN / "solo-seed3.txt").read_text(encoding="utf-8")
    assert "give " in solo
    assert "to the neighbouring forest" in solo
    assert "Neighbouring Forest:" in solo
    assert "Rating: " in solo
    assert '"phase": "receive"' not in solo


def test_playthrough_is_reproducible() -> None:
    g = game(2)
    assert playthrough(g, 7) == playthrough(g, 7)
    assert playthrough(g, 7) != playthrough(g, 8)
    assert playthrough(g, 7) != playthrough(g, 7, choice_seed=1)


# -- determinism and immutability -------------------------------------------------------


def random_game(players: int, variant: str | None, seed: int) -> list[tuple[int, object, str]]:
    """Play a seeded random game; each step's seat, action and the digest after it."""
    g = game(players, variant)
    rnd = random.Random(seed)
    state = g.start(seed)
    out: list[tuple[int, object, str]] = [(-1, None, state.digest())]
    while not state.is_over:
        (seat,) = state.to_move
        action = rnd.choice(state.legal_actions(seat))
        state = state.apply(seat, action)
        out.append((seat, action, state.digest()))
    return out


@pytest.mark.parametrize(("players", "variant"), [(2, None), (4, None), (1, "solo")])
def test_same_seed_and_actions_reproduce_the_digests(players: int, variant: str | None) -> None:
    first = random_game(players, variant, 5)
    g = game(players, variant)
    state = g.start(5)
    assert state.digest() == first[0][2]
    for seat, action, digest in first[1:]:
        state = state.apply(seat, action)  # type: ignore[arg-type]
        assert state.digest() == digest
    assert random_game(players, variant, 5) == first
    assert random_game(players, variant, 6) != first


def test_applying_never_changes_the_state_held() -> None:
    g = game(3)
    state = g.start(12)
    rnd = random.Random(1)
    while not state.is_over:
        (seat,) = state.to_move
        before = state.digest()
        data = state.data
        snapshot = state.to_json()
        for action in state.legal_actions(seat):
            state.apply(seat, action)
        state.explain(seat, state.legal_actions(seat)[0])
        state.observe(seat)
        state.render(seat)
        state.determinize(seat, 0)
        assert state.digest() == before
        assert state.data is data
        assert state.to_json() == snapshot
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))


def test_a_refused_action_changes_nothing() -> None:
    state = game(2).start(0)
    before = state.digest()
    assert state.explain(1, state.legal_actions(0)[0]) is not None
    assert state.digest() == before


def test_state_json_round_trip_mid_game() -> None:
    g = game(2)
    state = g.start(4)
    for _ in range(20):
        (seat,) = state.to_move
        state = state.apply(seat, state.legal_actions(seat)[0])
    assert state.data.phase is not Phase.DEAL
    back = g.load_state(state.to_json())
    assert back == state
    assert back.digest() == state.digest()
    assert isinstance(back, State)


def test_hands_are_sorted_so_draw_order_does_not_matter() -> None:
    state = game(2).start(0)
    for _ in range(6):
        (seat,) = state.to_move
        state = state.apply(seat, state.legal_actions(seat)[-1])
    for h in state.data.hands:
        assert list(h) == sorted(h)
