"""Legality is written once: the refusal and the legal actions agree everywhere.

On positions from seeded random games of every player count and mode, every action of the
codec (and actions whose fields name things the codec does not know) is refused exactly
when it is not among the legal actions, and always with a code of the game's enum.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.game import Game, State
from ecotone.games.singapore import (
    Buy,
    Discard,
    Draw,
    Migrate,
    Play,
    Pledge,
    Restore,
)
from ecotone.games.singapore.actions import CODEC
from ecotone.games.singapore.refusals import SingaporeRefusal
from ecotone.games.singapore.state import Phase, Status

from .helpers import game, start, state, with_habitat, with_player

CODES = frozenset(member.value for member in SingaporeRefusal)
GAMES = 2  # random games per configuration
SAMPLE = 0.3  # share of their positions that are checked

# Fields naming nothing in the game, or something the codec does not offer there.
STRANGERS: tuple[Action, ...] = (
    Migrate("narnia"),
    Migrate("Fo4"),
    Migrate("ec.c"),
    Migrate(""),
    Play("narnia"),
    Play("recovery"),
    Play("limbs"),
    Play("destruction"),
    Buy("narnia"),
    Buy("stampede"),
    Draw("narnia"),
    Restore("wild"),
    Restore("narnia"),
    Pledge(-1),
    Pledge(11),
    Pledge(10**6),
    Discard("narnia"),
    Discard("limbs"),
)


def check_position(g: Game[Any], s: State[Any], seat: int) -> None:
    """Every codec action and every stranger: refused iff not legal, with an enum code."""
    legal = s.legal_actions(seat)
    offered = set(legal)
    for action in legal:
        assert g.refusal(s.data, seat, action) is None, f"{action} is legal but refused"
    for action in (*(CODEC.from_index(i) for i in range(CODEC.size)), *STRANGERS):
        problem = g.refusal(s.data, seat, action)
        if action in offered:
            assert problem is None, f"{action} is legal but refused: {problem}"
            continue
        assert problem is not None, f"{action} is not legal in {s.data.phase} but not refused"
        assert isinstance(problem, IllegalAction)
        assert problem.code in CODES, problem.code
        assert problem.message


@pytest.mark.parametrize("variant", [None, "beginner", "survival"])
@pytest.mark.parametrize("players", [4, 5, 6])
def test_refusal_agrees_with_the_legal_actions(players: int, variant: str | None) -> None:
    g = game(players, variant)
    rnd = random.Random(f"{players}-{variant}")
    checked: Counter[Phase] = Counter()
    for _ in range(GAMES):
        s = g.start(rnd.randrange(2**32))
        while not s.is_over:
            seat = rnd.choice(s.to_move)
            if rnd.random() < SAMPLE:
                check_position(g, s, seat)
                checked[s.data.phase] += 1
            s = s.step(seat, rnd.choice(s.legal_actions(seat)))
    # the checks reach every step a random game reaches often
    assert {Phase.MIGRATE, Phase.COMPETE, Phase.DRAW, Phase.BUY} <= set(checked), checked
    assert sum(checked.values()) >= 50


def test_refusal_agrees_at_the_rare_steps() -> None:
    """Anchorage, Recovery and the hand limit, built by hand (random games seldom get
    there): the same agreement."""
    d = with_habitat(start(4), "mangrove", destruction=2)
    d = with_player(d, 0, tile="mangrove-3", adaptations=["anchorage"] * 4)
    anchor = d.replace(phase=Phase.ANCHOR, turn=0, choices=())
    d = with_habitat(start(4), "forest", status=Status.DESTROYED, destruction=2)
    d = with_player(d, 0, hand=["recovery", "forage", "bargain"], food=4)
    d = d.replace(choices=())
    restore = d.replace(phase=Phase.RESTORE, turn=0, asks=(1, 2, 3))
    pledge = d.replace(
        phase=Phase.PLEDGE, turn=0, proposal="forest", proposer=0, pledges=(0,) * 4, queue=(1,)
    )
    discard = d.replace(phase=Phase.DISCARD, turn=0)
    for data in (anchor, restore, pledge, discard):
        s = state(data)
        assert s.to_move == (0,)
        assert len(s.legal_actions(0)) > 1
        check_position(s.game, s, 0)
