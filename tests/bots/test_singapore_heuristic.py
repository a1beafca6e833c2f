"""The Singapore Untamed bots: heuristic, hawk and dove."""

from __future__ import annotations

import random

import pytest

import ecotone
from ecotone.bots import SeatView, available_bots, make_bot
from ecotone.bots.heuristics.singapore import intimidation_odds
from ecotone.core.actions import Action
from ecotone.core.errors import ConfigError
from ecotone.core.game import Game, State
from ecotone.core.rng import derive_seed
from ecotone.games.singapore import Cooperate, Intimidate
from ecotone.games.singapore.state import Phase
from tests.games.singapore.helpers import choose_all, rolled, start, state, with_habitat

GAME = "singapore-untamed"


def _play(game: Game, names: list[str], seed: int) -> tuple[State, list[tuple[str, str]]]:  # type: ignore[type-arg]
    bots = [make_bot(n, game, s, derive_seed(seed, "bot", s)) for s, n in enumerate(names)]
    state = game.start(seed)
    choices: list[tuple[str, str]] = []
    while not state.is_over:
        seat = state.to_move[0]
        action = bots[seat].act(SeatView(state, seat))
        assert action in state.legal_actions(seat)
        if state.data.phase is Phase.COMPETE:
            choices.append((names[seat], str(action)))
        state = state.apply(seat, action)
    return state, choices


def test_bot_names() -> None:
    names = available_bots(GAME)
    assert names[:2] == ["random", "heuristic"]
    assert {"hawk", "dove"} <= set(names)
    assert "hawk" not in available_bots("once-upon-a-forest")
    with pytest.raises(ConfigError) as info:
        make_bot("hawk", ecotone.make("once-upon-a-forest", players=2), 0)
    assert info.value.code == "config/unknown-bot"
    g = ecotone.make(GAME, players=4)
    assert make_bot("hawk", g, 0).name == "hawk"
    assert make_bot("dove", g, 1).name == "dove"


@pytest.mark.parametrize(("players", "variant"), [(4, None), (5, "survival"), (6, "beginner")])
def test_heuristic_plays_legal_and_reproducible_games(players: int, variant: str | None) -> None:
    game = ecotone.make(GAME, players=players, variant=variant)
    names = (["heuristic", "hawk", "dove"] * 2)[:players]
    first, _ = _play(game, names, 11)
    again, _ = _play(game, names, 11)
    assert first.digest() == again.digest()


def test_hawk_always_intimidates_and_dove_always_cooperates() -> None:
    game = ecotone.make(GAME, players=4)
    _, choices = _play(game, ["hawk", "dove", "hawk", "dove"], 3)
    assert choices
    for name, action in choices:
        assert action == str(Intimidate() if name == "hawk" else Cooperate())


@pytest.mark.parametrize("name", ["heuristic", "hawk", "dove"])
def test_decisions_ignore_hidden_cards(name: str) -> None:
    """The choice is the same on the true state and on any state the seat cannot tell apart
    (other hands, face-down cards, secret niches and pending choices re-dealt)."""
    game = ecotone.make(GAME, players=4)
    rnd = random.Random(5)
    state = game.start(5)
    checked = 0
    while not state.is_over and checked < 40:
        seat = rnd.choice(state.to_move)
        truth = make_bot(name, game, seat, 99).act(SeatView(state, seat))
        for _ in range(2):
            other = state.determinize(seat, rnd.getrandbits(32))
            assert make_bot(name, game, seat, 99).act(SeatView(other, seat)) == truth
        checked += 1
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert checked == 40


def test_heuristic_uses_competition_cards() -> None:
    game = ecotone.make(GAME, players=4)
    used: set[str] = set()
    for seed in range(6):
        _, choices = _play(game, ["heuristic"] * 4, seed)
        used |= {a for _, a in choices}
    assert str(Intimidate()) in used
    assert str(Cooperate()) in used
    assert any(a.startswith("play ") for a in used)


def test_heuristic_beats_random_clearly() -> None:
    game = ecotone.make(GAME, players=4)
    wins = 0.0
    games = 12
    for i in range(games):
        seed = derive_seed(2024, i)
        names = ["random"] * 4
        names[i % 4] = "heuristic"
        state, _ = _play(game, names, seed)
        winners = state.winners()
        if i % 4 in winners:
            wins += 1 / len(winners)
    assert wins >= 0.75 * games


def _facing(history: tuple[int, int], hand: tuple[str, ...] = ()) -> State:
    """P1, P2 and P3 share the Forest (10 alone / 16 shared) and must choose; P2 and P3
    have each shown ``history`` = (Cooperate, Intimidate) cards before; P1 holds ``hand``."""
    d = rolled(start(4), 2)
    d = with_habitat(d, "forest", bounty=(10, 16))
    routes = dict.fromkeys(range(3), "migrate to forest-1") | {3: "migrate to ecotone-nw"}
    s = choose_all(state(d), routes)
    coop, bold = history
    players = tuple(
        p.replace(cooperated=coop, intimidated=bold) if seat in (1, 2) else p
        for seat, p in enumerate(s.data.players)
    )
    assert s.data.phase is Phase.COMPETE
    return State(s.game, s.data.replace(players=players))


@pytest.mark.parametrize(
    ("history", "expected"),
    [
        ((0, 8), Cooperate()),  # two known hawks will fight each other: stay out of it
        ((8, 0), Intimidate()),  # two known doves: dominate them
    ],
)
def test_heuristic_answers_what_it_knows_of_its_rivals(
    history: tuple[int, int], expected: Action
) -> None:
    s = _facing(history)
    bot = make_bot("heuristic", s.game, 0, 1)
    assert bot.act(SeatView(s, 0)) == expected
    # the pure strategies ignore the history
    assert make_bot("hawk", s.game, 0, 1).act(SeatView(s, 0)) == Intimidate()
    assert make_bot("dove", s.game, 0, 1).act(SeatView(s, 0)) == Cooperate()


def test_intimidation_odds_follow_the_cards_shown() -> None:
    assert intimidation_odds({"intimidated": 0, "cooperated": 0}) == 0.5
    assert intimidation_odds({"intimidated": 3, "cooperated": 1}) == 4 / 6
