"""What every game refuses, and why, along seeded games: ``python -m tests.refusal_probe``.

Run against the sources and against the compiled build (``tests/test_compiled.py``), the
two must print the same lines after the first, which names the build: at every tenth
decision of a seeded random game of each game and variant, the refusal of random actions
of the game's codec, and of an action of each kind with each field given a value of the
wrong type, as ``State.explain`` words it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import msgspec

import ecotone
from ecotone.core.actions import Action
from ecotone.core.build import describe
from ecotone.sim.bench import configurations

#: Values of the wrong type for a field of any type the games' actions declare (str, int,
#: enums): each has a repr that is the same in every run.
WRONG: tuple[object, ...] = (None, 3.5, "zz", -7, ("a",))

#: Decisions probed per game, and random actions of the codec per decision.
STEPS = 90
SAMPLED = 12


def probes(game: ecotone.Game[Any], legal: list[Action], rnd: random.Random) -> Iterator[Action]:
    """Random actions of the codec, then each kind of action with each field wrong."""
    codec = game.codec
    for _ in range(SAMPLED):
        yield codec.from_index(rnd.randrange(codec.size))
    for cls in codec.classes:
        base = next((a for a in legal if type(a) is cls), None)
        if base is None:
            base = next(a for i in range(codec.size) if type(a := codec.from_index(i)) is cls)
        for field in msgspec.structs.fields(cls):
            for wrong in WRONG:
                yield msgspec.structs.replace(base, **{field.name: wrong})


def refusals() -> Iterator[str]:
    """One line per action probed: where, the action, and what ``explain`` says."""
    for game in configurations(ecotone.available_games()):
        rnd = random.Random(0)
        state = game.start(0)
        for step in range(STEPS):
            if state.is_over:
                break
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            if step % 10 == 0:
                for action in probes(game, legal, rnd):
                    said = state.explain(seat, action)
                    yield f"{game.spec.id}/{game.variant} {step} {action!r}: {said}"
            state = state.apply(seat, rnd.choice(legal))


if __name__ == "__main__":
    print(f"build: {describe()}")  # which build answered
    for line in refusals():
        print(line)
