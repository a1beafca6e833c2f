"""Set-up and the opening deal, for 1 (solo), 2, 3 and 4 players."""

from __future__ import annotations

from collections import Counter

import pytest

from ecotone.games.forest.actions import Draw
from ecotone.games.forest.cards import cards
from ecotone.games.forest.state import Phase

from .helpers import game

PLAYERS = [1, 2, 3, 4]


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_each_seat_starts_with_a_start_card_as_ground(players: int, seed: int) -> None:
    d = game(players).start(seed).data
    starts = set(cards().start_ids)
    assert len(d.forests) == players
    grounds = []
    for f in d.forests:
        assert len(f) == 1
        (ground, first, second, canopy) = f[0]
        assert len(ground) == 1
        assert ground[0] in starts
        assert first == second == canopy == ()
        grounds.append(ground[0])
    assert len(set(grounds)) == players
    assert d.neighbour == ()


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_piles_hold_60_cards_plus_the_spare_start_cards(players: int, seed: int) -> None:
    d = game(players).start(seed).data
    spares = 4 - players
    assert len(d.piles) == 5
    sizes = sorted(len(p) for p in d.piles)
    assert sum(sizes) == 60 + spares
    assert sizes == [12] * (5 - spares) + [13] * spares
    starts = set(cards().start_ids)
    in_piles = [sum(c in starts for c in p) for p in d.piles]
    # each spare start card in a different pile, and that pile is the one with 13 cards
    assert sorted(in_piles) == [0] * (5 - spares) + [1] * spares
    for pile, n in zip(d.piles, in_piles, strict=True):
        assert len(pile) == 12 + n
    # every card is somewhere exactly once
    placed = [c for f in d.forests for t in f for s in t for c in s]
    everything = Counter(placed + [c for p in d.piles for c in p])
    assert everything == Counter(cards().ids)


@pytest.mark.parametrize("players", PLAYERS)
def test_hands_empty_and_deal_phase_p1_first(players: int) -> None:
    state = game(players).start(7)
    d = state.data
    assert d.hands == ((),) * players
    assert d.phase is Phase.DEAL
    assert state.to_move == (0,)
    assert not state.is_over
    assert state.observe(None)["phase"] == "deal"
    assert "P1 draws a starting card" in state.render(None)


@pytest.mark.parametrize("players", PLAYERS)
def test_deal_goes_round_the_table_one_card_at_a_time(players: int) -> None:
    state = game(players).start(11)
    order = []
    while state.data.phase is Phase.DEAL:
        (seat,) = state.to_move
        order.append(seat)
        legal = state.legal_actions(seat)
        # any non-empty pile may be drawn from during the deal
        draws = [a for a in legal if isinstance(a, Draw)]
        assert draws == legal
        assert [a.pile for a in draws] == [i for i in range(5) if state.data.piles[i]]
        before = len(state.data.hands[seat])
        state = state.apply(seat, legal[-1])
        assert len(state.data.hands[seat]) == before + 1
    assert order == list(range(players)) * 3
    assert all(len(h) == 3 for h in state.data.hands)
    assert state.data.phase is Phase.PLACE
    assert state.data.turn == 0
    assert state.to_move == (0,)
    assert sum(len(p) for p in state.data.piles) == 60 + (4 - players) - 3 * players


def test_dealt_card_is_the_top_of_the_chosen_pile() -> None:
    state = game(2).start(5)
    top = state.data.piles[2][-1]
    after = state.apply(0, state.legal_actions(0)[2])
    assert after.data.hands[0] == (top,)
    assert after.data.piles[2] == state.data.piles[2][:-1]
    assert after.to_move == (1,)


@pytest.mark.parametrize("players", PLAYERS)
def test_same_seed_same_state(players: int) -> None:
    g = game(players)
    assert g.start(42).digest() == g.start(42).digest()
    assert g.start(42) == g.start(42)


@pytest.mark.parametrize("players", PLAYERS)
def test_different_seeds_differ(players: int) -> None:
    g = game(players)
    digests = {g.start(seed).digest() for seed in range(20)}
    assert len(digests) == 20
    piles = {g.start(seed).data.piles for seed in range(20)}
    assert len(piles) == 20


def test_start_card_is_shuffled_between_seeds() -> None:
    g = game(2)
    firsts = {g.start(seed).data.forests[0][0][0][0] for seed in range(40)}
    assert firsts == set(cards().start_ids)


def test_spare_start_cards_land_in_varied_piles() -> None:
    g = game(3)
    starts = set(cards().start_ids)
    where = {
        next(i for i, p in enumerate(g.start(seed).data.piles) if starts & set(p))
        for seed in range(40)
    }
    assert where == set(range(5))


def test_start_seed_must_be_an_int() -> None:
    with pytest.raises(TypeError):
        game(2).start("7")  # type: ignore[arg-type]
