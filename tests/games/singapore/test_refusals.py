"""Every step refuses the other steps' decisions with its own code and words."""

from __future__ import annotations

import pytest

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.games.singapore import (
    Buy,
    Cooperate,
    Discard,
    Draw,
    Finish,
    Leave,
    Migrate,
    Pass,
    Play,
    Pledge,
    Restore,
    Stay,
)
from ecotone.games.singapore.state import Choice, Phase, SGData, Status

from .helpers import refusal, rolled, stack, start, state, with_habitat, with_player


def at(phase: Phase) -> tuple[SGData, int]:
    d = rolled(start(4), 1)
    if phase is Phase.MIGRATE:
        return d, 0
    if phase is Phase.COMPETE:
        choices = (Choice(), Choice(), Choice(final="out"), Choice(final="out"))
        d = with_player(d, 0, tile="forest-2")
        d = with_player(d, 1, tile="forest-4")
        return d.replace(phase=Phase.COMPETE, choices=choices), 0
    d = d.replace(choices=())
    if phase is Phase.DRAW:
        return d.replace(phase=Phase.DRAW, turn=0, queue=(1, 2, 3)), 0
    if phase is Phase.BUY:
        d = stack(d, "wild", ["call"])
        return d.replace(
            phase=Phase.BUY,
            turn=0,
            drawn=(d.decks[0][0],),
            drawn_from="wild",
            decks=(d.decks[0][1:], *d.decks[1:]),
        ), 0
    if phase is Phase.ANCHOR:
        return d.replace(phase=Phase.ANCHOR, turn=0), 0
    d = with_habitat(d, "forest", status=Status.DESTROYED, destruction=2)
    if phase is Phase.RESTORE:
        return d.replace(phase=Phase.RESTORE, turn=0, asks=(1, 2, 3)), 0
    if phase is Phase.PLEDGE:
        return d.replace(
            phase=Phase.PLEDGE,
            turn=1,
            proposal="forest",
            proposer=0,
            pledges=(3, 0, 0, 0),
            queue=(2, 3),
        ), 1
    d = with_player(d, 0, hand=["forage", "bargain", "mimicry"])
    return d.replace(phase=Phase.DISCARD, turn=0), 0


@pytest.mark.parametrize(
    ("phase", "action", "code", "words"),
    [
        (Phase.MIGRATE, Draw("wild"), "singapore/must-migrate", "choose where your route ends"),
        (Phase.MIGRATE, Cooperate(), "singapore/must-migrate", "migrate to <tile>"),
        (Phase.COMPETE, Migrate("forest-3"), "singapore/must-choose-strategy", "Cooperate or"),
        (Phase.DRAW, Finish(), "singapore/must-draw", "draw your cards"),
        (Phase.BUY, Pass(), "singapore/must-buy-or-return", "return the rest"),
        (Phase.ANCHOR, Finish(), "singapore/must-anchor", "leave for the ecotone"),
        (Phase.RESTORE, Pledge(2), "singapore/must-offer-or-pass", "or pass"),
        (Phase.PLEDGE, Pass(), "singapore/must-pledge", "7 more needed"),
        (Phase.DISCARD, Buy("call"), "singapore/must-discard", "more than 2 cards"),
        (Phase.DISCARD, Discard("stampede"), "singapore/not-in-hand", "Stampede"),
        (Phase.DRAW, Restore("forest"), "singapore/must-draw", "Evolution"),
        (Phase.MIGRATE, Stay(), "singapore/must-migrate", "route"),
        (Phase.BUY, Leave(), "singapore/must-buy-or-return", "buy an Adaptation"),
    ],
)
def test_each_step_refuses_the_wrong_kind_of_decision(
    phase: Phase, action: Action, code: str, words: str
) -> None:
    d, seat = at(phase)
    s = state(d)
    assert s.to_move[0] == seat or seat in s.to_move
    refusal(s, seat, action, code, words)


def test_a_secret_choice_already_made_is_refused_as_such() -> None:
    d, seat = at(Phase.COMPETE)
    s = state(d).apply(seat, Cooperate())
    assert s.to_move == (1,)
    refusal(s, 0, Cooperate(), "action/already-chosen", "P1 has already made its choice", "P2")
    # P3 and P4 share no habitat this round: they have no choice to make
    refusal(s, 2, Cooperate(), "action/not-your-turn", "waiting for P2")
    d, seat = at(Phase.MIGRATE)
    first = state(d)
    route = first.legal_actions(seat)[0]
    s = first.apply(seat, route)
    assert seat not in s.to_move
    refusal(s, seat, route, "action/already-chosen", "already made its choice")


def test_out_of_turn_and_after_the_end() -> None:
    d, _ = at(Phase.DRAW)
    s = state(d)
    refusal(s, 2, Draw("wild"), "action/not-your-turn", "waiting for P1")
    over = state(d.replace(phase=Phase.OVER))
    refusal(over, 0, Draw("wild"), "action/game-over")


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        ("migrate to narnia", "singapore/no-such-tile", "there is no tile 'narnia'"),
        ("migrate to Fo4", "singapore/no-such-tile", "migrate to forest-4"),
        ("migrate to ec.c", "singapore/no-such-tile", "migrate to ecotone-centre"),
        ('{"type": "play", "card": "narnia"}', "singapore/unknown-card", "no Action card"),
        ('{"type": "play", "card": "limbs"}', "singapore/not-in-hand", "Adaptations are bought"),
    ],
)
def test_names_the_game_does_not_know_are_refused_in_its_words(
    text: str, code: str, words: str
) -> None:
    d, seat = at(Phase.MIGRATE)
    s = state(d)
    with pytest.raises(IllegalAction) as info:
        s.game.parse_action(s, seat, text)
    assert info.value.code == code, info.value.message
    assert words in info.value.message


@pytest.mark.parametrize(
    ("phase", "action", "code", "words"),
    [
        (Phase.DRAW, Draw("narnia"), "singapore/no-such-deck", "wild, forest"),
        (Phase.BUY, Buy("narnia"), "singapore/unknown-card", "drew"),
        (Phase.RESTORE, Restore("wild"), "singapore/no-such-habitat", "forest, mangrove"),
        (Phase.PLEDGE, Pledge(-2), "singapore/negative-pledge", "0 Food or more"),
        (Phase.PLEDGE, Pledge(40), "singapore/not-enough-food", "Food to pledge"),
        (Phase.DISCARD, Discard("limbs"), "singapore/unknown-card", "Action and Recovery"),
        (Phase.DISCARD, Play("recovery"), "singapore/not-in-hand", "Recovery"),
    ],
)
def test_fields_out_of_the_codec_are_refused_in_the_games_words(
    phase: Phase, action: Action, code: str, words: str
) -> None:
    d, seat = at(phase)
    refusal(state(d), seat, action, code, words)


def test_a_recovery_card_is_offered_not_played() -> None:
    d, seat = at(Phase.DISCARD)
    d = with_player(d, seat, hand=["recovery"])
    refusal(state(d), seat, Play("recovery"), "singapore/wrong-time", "restore the <habitat>")
