"""Scoring hand-built end positions (rules doc §Winning)."""

from __future__ import annotations

from .helpers import act, game, position


def ended(g: object, piles: list[str]) -> object:
    """A position where the last player passes its final turn, with these Score Piles."""
    players = g.players  # type: ignore[attr-defined]
    state = position(g, piles=piles, decks=[""] * players, turn=players - 1, last=players - 1)  # type: ignore[arg-type]
    return act(state, "pass")


def test_the_score_pile_is_the_score() -> None:
    state = ended(game(), ["plains-zebra:1 lion:3 english-oak:1", "turkey-tail:1 wood-mouse:2"])
    assert state.is_over  # type: ignore[attr-defined]
    assert state.scores() == [5.0, 3.0]  # type: ignore[attr-defined]
    assert state.winners() == [0]  # type: ignore[attr-defined]


def test_a_tie_is_shared() -> None:
    state = ended(game(), ["lion:3", "plains-zebra:2 english-oak:1"])
    assert state.scores() == [3.0, 3.0]  # type: ignore[attr-defined]
    assert state.winners() == [0, 1]  # type: ignore[attr-defined]
    empty = ended(game(), ["", ""])
    assert empty.winners() == [0, 1]  # type: ignore[attr-defined]


def test_team_totals_in_2v2() -> None:
    # P1 + P3 (team A): 2 + 4 = 6; P2 + P4 (team B): 5 + 0 = 5
    state = ended(game(4, "2v2"), ["plains-zebra:2", "lion:3 lion:2", "martial-eagle:4", ""])
    assert state.scores() == [6.0, 5.0, 6.0, 5.0]  # type: ignore[attr-defined]
    assert state.winners() == [0, 2]  # type: ignore[attr-defined]
    obs = state.observe(1)  # type: ignore[attr-defined]
    assert [p["vp"] for p in obs["piles"]] == [2, 5, 4, 0]


def test_free_for_all_counts_each_player() -> None:
    state = ended(
        game(4, "free-for-all"), ["plains-zebra:2", "lion:3 lion:2", "martial-eagle:4", ""]
    )
    assert state.scores() == [2.0, 5.0, 4.0, 0.0]  # type: ignore[attr-defined]
    assert state.winners() == [1]  # type: ignore[attr-defined]


def test_processing_raises_a_card_to_its_printed_vp() -> None:
    g = game(decks="decomposition,production")
    state = position(
        g,
        {"E4": "P1 turkey-tail", "E3": "P1 common-earthworm ready"},
        piles=["lion:1"],
        decks=["", ""],
        last=1,
    )
    state = act(state, "activate E3", "pass", "pass")
    assert state.is_over
    assert state.scores() == [3.0, 0.0]


def test_a_tie_between_teams_is_shared_by_all_four() -> None:
    # team A: 3 + 1 = 4; team B: 2 + 2 = 4
    state = ended(game(4, "2v2"), ["lion:3", "plains-zebra:2", "english-oak:1", "wood-mouse:2"])
    assert state.scores() == [4.0] * 4  # type: ignore[attr-defined]
    assert state.winners() == [0, 1, 2, 3]  # type: ignore[attr-defined]
