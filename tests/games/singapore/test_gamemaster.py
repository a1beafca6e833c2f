"""The Gamemaster's dice draw exactly what ``random.Random``'s own ``randint(1, 6)``
draws: the same numbers, in the same order, leaving the generator in the same state."""

from __future__ import annotations

import random

import pytest

from ecotone.games.singapore.gamemaster import throw


@pytest.mark.parametrize("seed", range(50))
def test_a_throw_is_randint(seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [throw(ours) for _ in range(40)] == [theirs.randint(1, 6) for _ in range(40)]
    assert ours.getstate() == theirs.getstate()


class _Other(random.Random):
    """A generator that draws its own way: left to its own methods."""

    def random(self) -> float:
        return 0.0


def test_another_generator_uses_its_own_method() -> None:
    assert throw(_Other(1)) == _Other(1).randint(1, 6)
