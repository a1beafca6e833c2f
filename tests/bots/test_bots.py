"""Bots: made by name, legal, seeded, blind to hidden cards, and the heuristic is strong."""

from __future__ import annotations

import random

import pytest

import ecotone
from ecotone.bots import SeatView, available_bots, make_bot
from ecotone.core.errors import ConfigError
from ecotone.core.game import State
from ecotone.core.rng import derive_seed

GAME = "once-upon-a-forest"


def _play(game: ecotone.Game, names: list[str], seed: int) -> State:  # type: ignore[type-arg]
    bots = [make_bot(n, game, s, derive_seed(seed, "bot", s)) for s, n in enumerate(names)]
    state = game.start(seed)
    while not state.is_over:
        seat = state.to_move[0]
        action = bots[seat].act(SeatView(state, seat))
        assert action in state.legal_actions(seat)
        state = state.apply(seat, action)
    return state


def test_bots_are_listed_and_unknown_names_refused() -> None:
    assert available_bots(GAME) == ["random", "heuristic", "ismcts"]
    game = ecotone.make(GAME, players=2)
    with pytest.raises(ConfigError, match="bots: random, heuristic") as err:
        make_bot("genius", game, 0)
    assert err.value.code == "config/unknown-bot"
    with pytest.raises(ConfigError, match="takes no options"):
        make_bot("random", game, 0, depth=3)


@pytest.mark.parametrize(
    ("players", "variant"), [(2, None), (4, None), (1, "solo"), (3, "semi-cooperative")]
)
def test_heuristic_plays_legal_and_reproducible_games(players: int, variant: str | None) -> None:
    game = ecotone.make(GAME, players=players, variant=variant)
    names = ["heuristic"] * players
    assert _play(game, names, 11).digest() == _play(game, names, 11).digest()


def test_the_seat_view_holds_no_state() -> None:
    state = ecotone.make(GAME, players=2).start(1)
    view = SeatView(state, 0)
    assert not any(isinstance(getattr(view, name, None), State) for name in SeatView.__slots__)
    assert view.legal_actions == state.legal_actions(0)
    assert view.observation == state.observe(0)
    # what the game's bots read: by default the game's observation, without the kernel's keys
    assert view.seen() == state.game.observation(state.data, 0)


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_decisions_ignore_hidden_cards(name: str) -> None:
    """A bot's choice is the same on the true state and on any state its seat cannot tell apart."""
    game = ecotone.make(GAME, players=3)
    rnd = random.Random(5)
    state = game.start(5)
    checked = 0
    while not state.is_over:
        seat = state.to_move[0]
        if checked < 60:
            truth = make_bot(name, game, seat, 99).act(SeatView(state, seat))
            for _ in range(3):
                other = state.determinize(seat, rnd.getrandbits(32))
                assert make_bot(name, game, seat, 99).act(SeatView(other, seat)) == truth
            checked += 1
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert checked == 60


def test_heuristic_beats_random_clearly() -> None:
    game = ecotone.make(GAME, players=2)
    wins = 0.0
    for i in range(40):
        seed = derive_seed(2024, i)
        lineup = ["heuristic", "random"] if i % 2 == 0 else ["random", "heuristic"]
        final = _play(game, lineup, seed)
        me = lineup.index("heuristic")
        if me in final.winners():
            wins += 1 / len(final.winners())
    assert wins / 40 >= 0.85
