"""The refusals and the legal moves come from the same checks, so they agree everywhere.

On positions from seeded random games of every table and variant, an action is refused
(``game.refusal`` gives a reason) exactly when it is not among the legal actions, for the
legal actions themselves, a sample of the whole action space, every draw and every action
naming a card the seat holds (the near misses: the wrong tree, the wrong seat) and actions
whose fields lie outside the codec's domains. Every code is one of ``ForestRefusal``'s,
and between them the positions meet every one.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from ecotone.core.actions import Action
from ecotone.core.game import Game, State
from ecotone.games.forest.actions import MAX_TREES, PILES, Draw, Give, GiveToNeighbour, Place
from ecotone.games.forest.game import OnceUponAForest
from ecotone.games.forest.refusals import ForestRefusal
from ecotone.games.forest.state import ForestData, Phase

from .helpers import game

CONFIGS = [(1, "solo"), (2, None), (3, None), (4, None), (2, "semi-cooperative")]
CONFIGS += [(4, "semi-cooperative")]
GAMES_PER_CONFIG = 3
POSITIONS_PER_GAME = 16
SAMPLED = 60


def _positions(g: Game[Any], seed: int) -> list[State[ForestData]]:
    """Positions along one random game (its last, finished, position included)."""
    rnd = random.Random(seed)
    state: State[ForestData] = g.start(seed)
    seen = [state]
    while not state.is_over:
        (seat,) = state.to_move
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
        seen.append(state)
    picked = rnd.sample(seen[:-1], POSITIONS_PER_GAME)
    # the piles empty only late: a draw from an emptied pile is met there
    emptied = [s for s in seen if s.data.phase is Phase.DRAW and not all(s.data.piles)]
    return [*picked, *emptied[:2], seen[-1]]


def _candidates(
    g: Game[Any], state: State[ForestData], seat: int, rnd: random.Random
) -> set[Action]:
    d = state.data
    out: set[Action] = set(state.legal_actions(seat))
    codec = g.codec
    out.update(codec.from_index(rnd.randrange(codec.size)) for _ in range(SAMPLED))
    held = {*d.hands[seat], *((d.gift,) if d.gift else ())}
    near = [codec.from_index(i) for i in range(codec.size)]
    out.update(a for a in near if getattr(a, "card", None) in held or isinstance(a, Draw))
    card = next(iter(sorted(held)), "G01")
    out.update(
        (
            Draw(-1),
            Draw(PILES),
            Place("X99", 0),
            Place(card, -1),
            Place(card, MAX_TREES + 3),
            Give(card, -1),
            Give(card, 9),
            GiveToNeighbour("X99"),
        )
    )
    return out


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_refused_exactly_when_not_legal(players: int, variant: str | None) -> None:
    g = game(players, variant)
    assert g.refusals is ForestRefusal
    codes: Counter[str] = Counter()
    for seed in range(GAMES_PER_CONFIG):
        rnd = random.Random(1000 * players + seed)
        for state in _positions(g, 31 * players + seed):
            seat = state.to_move[0] if state.to_move else state.data.turn
            legal = state.legal_actions(seat)
            for action in _candidates(g, state, seat, rnd):
                problem = g.refusal(state.data, seat, action)
                if action in legal:
                    assert problem is None, f"{action} is offered but refused: {problem}"
                    continue
                assert problem is not None, f"{action} is not offered but not refused"
                assert problem.code in set(ForestRefusal), problem.code
                assert problem.message
                codes[problem.code] += 1
    # a solo table has no seats to give to (nor gifts to receive), a multi-player one no
    # Neighbouring Forest
    absent = {
        ForestRefusal.GIVE_TO_SELF,
        ForestRefusal.NO_SUCH_PLAYER,
        ForestRefusal.MUST_GIVE,
        ForestRefusal.MUST_PLACE_GIFT,
    }
    if players > 1:
        absent = {ForestRefusal.MUST_GIVE_NEIGHBOUR}
    assert set(codes) == set(ForestRefusal) - absent


def test_the_state_explains_with_the_same_refusal() -> None:
    g = game(3)
    state = g.start(5)
    (seat,) = state.to_move
    action = Place("C07", 0)
    problem = g.refusal(state.data, seat, action)
    assert problem is not None
    assert problem.code == ForestRefusal.MUST_DRAW
    assert state.explain(seat, action) == problem.message


def test_the_game_writes_no_mirror_of_its_rules() -> None:
    assert "why_illegal" not in OnceUponAForest.__dict__
    assert "refusal" in OnceUponAForest.__dict__
