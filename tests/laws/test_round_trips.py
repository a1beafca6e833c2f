"""The round-trip laws (``tests/laws/laws.py``) for every game, variant and player count.

Hypothesis draws the seed and the number of steps of a random playout, spread over
orders of magnitude so that openings, middle games and finished games all come up, and
checks one law on the position reached. Each law runs at two budgets:

* ``quick``, in the default run: a few examples per configuration;
* ``soak``, in the slow run (``-m slow``): as many examples as the Hypothesis profile
  gives (``ECOTONE_HYPOTHESIS_PROFILE=soak`` in CI, see ``tests/conftest.py``).

The last tests show that each law fails on a game built to break it.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ecotone
from ecotone.core.actions import Action, ActionCodec
from ecotone.core.game import Game
from ecotone.core.registry import game_class, register, unregister
from tests.core.toy import CARDS, Bid, BidsData, Fold, SealedBids
from tests.core.toy import SPEC as TOY

from .laws import LAWS, Playout, action_codec_law, play, replay_law, state_json_law


def _configs() -> list[Any]:
    """Every (game, variant, players) the games' specs declare."""
    out = []
    for game_id in ecotone.available_games():
        spec = game_class(game_id).spec
        ways = [(None, spec.min_players, spec.max_players)]
        ways += [(v.name, v.min_players, v.max_players) for v in spec.variants]
        for variant, low, high in ways:
            for players in range(low, high + 1):
                name = f"{game_id}-{variant or 'standard'}-{players}p"
                out.append(pytest.param(game_id, variant, players, id=name))
    return out


@dataclass(frozen=True)
class Budget:
    """How many playouts a law is checked on (``None``: the Hypothesis profile's)."""

    name: str
    examples: int | None

    def check(self, law: Callable[[Playout], None], game: Game[Any]) -> None:
        """Check ``law`` on positions of random playouts of ``game``."""
        budget = settings() if self.examples is None else settings(max_examples=self.examples)

        @budget
        @given(seed=st.integers(0, 2**32 - 1), steps=STEPS)
        def law_holds(seed: int, steps: int) -> None:
            law(play(game, seed, steps))

        law_holds()


# 2**k steps with k drawn first: every order of magnitude up to 8192 steps (past the end
# of the longest random games) is as likely as the others, and shrinks towards 0.
STEPS = st.integers(0, 13).flatmap(lambda k: st.integers(0, 2**k))

QUICK = Budget("quick", examples=10)
SOAK = Budget("soak", examples=None)
BUDGETS = [
    pytest.param(QUICK, id=QUICK.name),
    pytest.param(SOAK, id=SOAK.name, marks=pytest.mark.slow),
]


@pytest.mark.parametrize("budget", BUDGETS)
@pytest.mark.parametrize(("game_id", "variant", "players"), _configs())
@pytest.mark.parametrize("law", list(LAWS))
def test_law(law: str, game_id: str, variant: str | None, players: int, budget: Budget) -> None:
    budget.check(LAWS[law], ecotone.make(game_id, players=players, variant=variant))


def test_every_variant_and_player_count_is_a_configuration() -> None:
    ids = {p.id for p in _configs()}
    assert {"once-upon-a-forest-solo-1p", "once-upon-a-forest-semi-cooperative-4p"} <= ids
    assert {"singapore-untamed-standard-4p", "singapore-untamed-survival-6p"} <= ids
    assert {f"{p.values[0]}-standard-2p" for p in _configs()} - ids == {
        "singapore-untamed-standard-2p"  # four to six players only
    }


# -- the laws can fail -----------------------------------------------------------------------


class Pass(Action, frozen=True, tag="pass"):
    notation: ClassVar[str] = "fold"


class SpareFold(SealedBids):
    """Two actions written the same way: ``pass`` reads back as ``fold``."""

    codec = ActionCodec({Bid: {"card": CARDS}, Fold: {}, Pass: {}})

    def legal(self, data: BidsData, seat: int) -> list[Action]:
        return [*super().legal(data, seat), Pass()]


class MemoData(BidsData, frozen=True):
    memo: Any = ()


class TupleMemo(SealedBids):
    """Keeps a tuple where its record allows anything: JSON brings it back a list."""

    data_type = MemoData

    def setup(self, rnd: random.Random) -> BidsData:
        dealt = super().setup(rnd)
        return MemoData(hands=dealt.hands, bids=dealt.bids)


class Forgetful(SealedBids):
    """Counts moves on its class, outside the data it is given: the second seat's points
    are the count, so no new game can re-simulate the states."""

    made = itertools.count()

    def next(self, data: BidsData, seat: int, action: Action) -> BidsData:
        out = super().next(data, seat, action)
        return msgspec.structs.replace(out, points=(out.points[0], next(self.made)))


@contextmanager
def _registered(cls: type[SealedBids]) -> Iterator[Game[Any]]:
    """``cls`` registered under the toy's id (replays make their game by id)."""
    register(TOY.id, cls)
    try:
        yield ecotone.make(TOY.id, players=2)
    finally:
        unregister(TOY.id)


def test_the_toy_game_keeps_every_law(toy: str) -> None:
    game = ecotone.make(toy, players=2)
    for seed in range(10):
        for steps in (0, 1, 3, 6):
            for law in LAWS.values():
                law(play(game, seed, steps))


@pytest.mark.parametrize(
    ("broken", "law", "words"),
    [
        (SpareFold, action_codec_law, "reads back as another action"),
        (TupleMemo, state_json_law, "is another state"),
        (Forgetful, replay_law, "gives other states"),
    ],
)
def test_a_law_fails_on_a_game_that_breaks_it(
    broken: type[SealedBids], law: Callable[[Playout], None], words: str
) -> None:
    with _registered(broken) as game, pytest.raises(AssertionError, match=words):
        law(play(game, 0, 3))
