"""The presentation hooks of every game, on seeded random games of every configuration:
the score term by term (``breakdown``), the turn as players count it (``turn``), the
decision in a sentence (``phase``), the hand cards that cannot be played (``unplayable``)
and why the game ended (``ending``).

At every step of every game:

* each seat's terms add up to its score, mid-game as at the end;
* the turn is a whole number from 1 that never goes back, or the game counts none;
* every seat and a spectator read a sentence saying what is being decided, and a seat reads
  the same sentence on any position it cannot tell from the real one (its determinizations):
  the sentence leaks nothing;
* the unplayable cards are cards of the seat's own hand (as its zones name them), each with
  a reason, none while the seat is not to move, and the same on its determinizations;
* nothing says why the game ended while it runs; at the end every game says it in a
  sentence that every seat reads alike on the positions it cannot tell from the real one.

Each game's own tests check the terms and the reasons against hand-built positions.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import ecotone
from ecotone.core.errors import IllegalAction
from ecotone.core.game import ScoreTerm, State
from ecotone.core.records import seat_name
from ecotone.core.registry import game_class


def _configs() -> list[Any]:
    out = []
    for game_id in ecotone.available_games():
        spec = game_class(game_id).spec
        ranges = [(None, spec.min_players, spec.max_players)]
        ranges += [(v.name, v.min_players, v.max_players) for v in spec.variants]
        for variant, low, high in ranges:
            for players in range(low, high + 1):
                name = f"{game_id}-{variant or 'standard'}-{players}p"
                out.append(pytest.param(game_id, variant, players, id=name))
    return out


def _check_breakdown(state: State[Any]) -> None:
    terms = state.breakdown()
    scores = state.scores()
    assert len(terms) == len(scores) == state.game.players
    for seat, (seat_terms, score) in enumerate(zip(terms, scores, strict=True)):
        assert seat_terms, f"{seat_name(seat)} has no score terms"
        for term in seat_terms:
            assert isinstance(term, ScoreTerm)
            assert isinstance(term.name, str)
            assert term.name.strip()
            assert isinstance(term.points, float)
        names = [t.name for t in seat_terms]
        assert len(names) == len(set(names)), f"a term is named twice: {names}"
        assert sum(t.points for t in seat_terms) == score, (seat, seat_terms, score)


def _check_views(state: State[Any], rnd: random.Random) -> None:
    """Phase and unplayable for every seat and a spectator, and on determinizations."""
    game = state.game
    over = state.is_over
    spectator = state.phase(None)
    assert over == (spectator is None), spectator
    zones = game.zones(state.data)
    for seat in range(game.players):
        sentence = state.phase(seat)
        if over:
            assert sentence is None
        else:
            assert isinstance(sentence, str)
            assert sentence.strip()
            assert sentence[0].isupper(), sentence
            assert sentence.endswith("."), sentence
        cards = state.unplayable(seat)
        if seat not in state.to_move:
            assert cards == {}
        hand = set(zones.get(f"{seat_name(seat)} hand", ()))
        for card, reason in cards.items():
            assert card in hand, f"{card} is not in {seat_name(seat)}'s hand {sorted(hand)}"
            assert isinstance(reason, str)
            assert reason.strip()
        if over:
            continue
        seen = state.determinize(seat, rnd)
        assert seen.phase(seat) == sentence, "the sentence tells what the seat cannot know"
        assert seen.unplayable(seat) == cards, "the reasons tell what the seat cannot know"
    assert state.unplayable(None) == {}


def _check_ending(state: State[Any], rnd: random.Random) -> None:
    sentence = state.ending()
    if not state.is_over:
        assert sentence is None, sentence
        return
    assert isinstance(sentence, str), f"{state.game.spec.id} says nothing of its end"
    assert sentence.strip()
    assert sentence[0].isupper(), sentence
    assert sentence.endswith("."), sentence
    for seat in range(state.game.players):
        seen = state.determinize(seat, rnd)
        assert seen.ending() == sentence, "the sentence tells what a seat cannot know"


@pytest.mark.parametrize(("game_id", "variant", "players"), _configs())
def test_hooks_hold_at_every_step_of_random_games(
    game_id: str, variant: str | None, players: int
) -> None:
    game = ecotone.make(game_id, players=players, variant=variant)
    for seed in (11, 12):
        rnd = random.Random(seed)
        state = game.start(seed)
        turns: list[int | None] = []
        while True:
            _check_breakdown(state)
            _check_views(state, rnd)
            _check_ending(state, rnd)
            turns.append(state.turn)
            if state.is_over:
                break
            seat = rnd.choice(state.to_move)
            state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
        counted = [t for t in turns if t is not None]
        assert not counted or len(counted) == len(turns), "a turn number comes and goes"
        assert all(isinstance(t, int) and t >= 1 for t in counted)
        assert counted == sorted(counted), "the turn number went back"


def test_unplayable_checks_the_viewer() -> None:
    game_id = ecotone.available_games()[0]
    state = ecotone.make(game_id, players=game_class(game_id).spec.max_players).start(1)
    assert state.unplayable(None) == {}
    with pytest.raises(IllegalAction) as info:
        state.unplayable(state.game.players)
    assert info.value.code == "action/bad-seat"
