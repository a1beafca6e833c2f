"""The game contract (``ecotone.testing.check_game``) for every player count and formation,
plus the promise that nobody can get stuck: every reachable position has a legal action,
every habitat in progress can be withdrawn, and withdrawing gives everything back."""

from __future__ import annotations

import itertools
import random

import pytest

from ecotone.core.rng import derive_seed
from ecotone.games.biome.actions import CODEC, Earn, Place, Withdraw
from ecotone.games.biome.state import BiomeData, Phase
from ecotone.testing import check_game

from .helpers import GAME_ID, game

# The default run plays a few games of each configuration, deep checks spaced out; the
# soak below (the slow run) plays many more of each, checked closely.
CONFIGS = [
    pytest.param(2, "classic", "any-time", 1, 6, id="2p-classic"),
    pytest.param(3, "classic", "any-time", 1, 9, id="3p-classic"),
    pytest.param(4, "classic", "any-time", 1, 11, id="4p-classic"),
    pytest.param(2, "stairway", "any-time", 1, 7, id="2p-stairway"),
    pytest.param(3, "fragments", "any-time", 1, 9, id="3p-fragments"),
    pytest.param(4, "stairway", "own-turn", 1, 11, id="4p-stairway-own-turn"),
    pytest.param(2, "fragments", "own-turn", 1, 7, id="2p-fragments-own-turn"),
]


@pytest.mark.parametrize(("players", "formation", "opportunist", "games", "deep"), CONFIGS)
def test_check_game(players: int, formation: str, opportunist: str, games: int, deep: int) -> None:
    report = check_game(
        GAME_ID,
        players=players,
        games=games,
        seed=77 + players,
        deep_every=deep,
        formation=formation,
        opportunist=opportunist,
    )
    assert report.games == games
    assert report.illegal_checked > 0
    assert report.determinizations > 0
    assert 0 < report.longest <= game(players).max_steps
    for scores, winners in report.outcomes:
        assert len(scores) == players
        assert winners


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("formation", ["classic", "stairway", "fragments"])
def test_soak(players: int, formation: str) -> None:
    report = check_game(
        GAME_ID, players=players, games=40, seed=5, deep_every=7, formation=formation
    )
    assert report.games == 40


@pytest.mark.parametrize(
    ("players", "formation", "opportunist"),
    [
        (2, "classic", "any-time"),
        (3, "classic", "any-time"),
        (4, "classic", "any-time"),
        (2, "fragments", "own-turn"),
        (3, "stairway", "any-time"),
    ],
)
def test_nobody_is_ever_stuck(players: int, formation: str, opportunist: str) -> None:
    """Random play through many games: some seat always has a legal action, and a habitat
    in progress can always be withdrawn."""
    g = game(players, formation=formation, opportunist=opportunist)
    earning_seen = 0
    for i in range(6):
        rnd = random.Random(derive_seed(31, i))
        state = g.start(derive_seed(32, i))
        while not state.is_over:
            seat = rnd.choice(state.to_move)
            legal = state.legal_actions(seat)
            assert legal, f"P{seat + 1} is stuck in {state.data.phase}"
            if state.data.phase is Phase.EARN:
                earning_seen += 1
                assert Withdraw() in legal
            state = state.apply(seat, rnd.choice(legal))
    assert earning_seen > 0


def _holdings(d: BiomeData) -> tuple[object, ...]:
    """Everything a withdrawal must give back, with the Gallery and the hands as multisets
    (a withdrawn card returns to the end of the Gallery, and becomes known in a hand)."""
    seats = tuple((st.hand, st.tiles, st.chains, st.plants, st.placed) for st in d.seats)
    return (seats, sorted(d.gallery), d.board, d.deck, d.discard, d.perimeter, d.bonuses)


@pytest.mark.parametrize(("players", "formation"), [(2, "classic"), (3, "fragments")])
def test_withdrawing_restores_the_position_before_the_card_was_chosen(
    players: int, formation: str
) -> None:
    """In random games, choose a card, place a random number of the offered tiles, then
    withdraw: the board, every holding and the piles are as before ``earn``, the card is
    back where it came from, and the player may go on earning (rules doc §Phase 2)."""
    g = game(players, formation=formation, opportunist="own-turn")
    withdrawn = tiles_back = 0
    came_from: set[str] = set()
    for i in range(4):
        rnd = random.Random(derive_seed(41, i))
        state = g.start(derive_seed(42, i))
        while not state.is_over:
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            earns = [a for a in legal if isinstance(a, Earn)]
            if earns and rnd.random() < 0.5:
                before = state
                card = rnd.choice(earns)
                state = state.apply(seat, card)
                for _ in range(rnd.randint(0, 3)):
                    places = [a for a in state.legal_actions(seat) if isinstance(a, Place)]
                    if not places:
                        break
                    state = state.apply(seat, rnd.choice(places))
                tiles_back += len(state.data.pending)
                state = state.apply(seat, Withdraw())
                withdrawn += 1
                d, b = state.data, before.data
                assert _holdings(d) == _holdings(b)
                assert d.phase is Phase.HABITATS
                assert d.card is None
                assert d.pending == ()
                assert d.withdrawals == b.withdrawals + 1
                if card.card in b.gallery:
                    came_from.add("gallery")
                    assert card.card in d.gallery
                else:
                    came_from.add("hand")
                    assert card.card in d.seats[seat].shown  # seen by all, now
                continue
            state = state.apply(seat, rnd.choice(legal))
    assert withdrawn > 20
    assert tiles_back > 20
    assert came_from == {"gallery", "hand"}


def test_action_index_round_trips_over_the_whole_space() -> None:
    for i in range(0, CODEC.size, 7):
        action = CODEC.from_index(i)
        assert CODEC.index(action) == i
        assert CODEC.from_text(str(action)) == action


def test_notation_reads_literal_forms_before_free_words() -> None:
    assert str(CODEC.parse("gain nothing")) == "gain nothing"
    assert type(CODEC.parse("gain nothing")).__name__ == "SkipGain"
    assert type(CODEC.parse("sabotage nobody")).__name__ == "SkipSabotage"
    assert CODEC.parse("sabotage P2").to_json() == {"type": "sabotage", "seat": 1}
    assert CODEC.parse("PLACE t07 ON c2a TURNED 3").to_json() == {
        "type": "place",
        "tile": "T07",
        "cell": "C2a",
        "rotation": 3,
    }


def test_invariants_hold_through_random_games() -> None:
    """No two different plants ever face each other in one layer, and every food chain
    climbs by real prey, at most 5 long."""
    from ecotone.games.biome.board import SAME
    from ecotone.games.biome.cards import cards
    from ecotone.games.biome.habitat import face
    from ecotone.games.biome.tiles import OPEN

    by_id = cards().by_id
    for players, formation in ((2, "classic"), (3, "fragments"), (4, "stairway")):
        g = game(players, formation=formation)
        geo = g.cfg.geo  # type: ignore[attr-defined]
        rnd = random.Random(players)
        state = g.start(players)
        while not state.is_over:
            d = state.data
            for c, v in enumerate(d.board):
                if v < 0:
                    continue
                for dr, n in enumerate(geo.nbr[c]):
                    if n < 0 or geo.link[c][dr] != SAME or d.board[n] < 0:
                        continue
                    p, q = face(d.board, c, dr), face(d.board, n, (dr + 3) % 6)
                    assert OPEN in (p, q) or p == q
            for st in d.seats:
                for chain in st.chains:
                    assert len(chain) <= 5
                    assert by_id[chain[0]].level == "primary"
                    for prey, eater in itertools.pairwise(chain):
                        assert by_id[prey].key in by_id[eater].prey
            seat = rnd.choice(state.to_move)
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
