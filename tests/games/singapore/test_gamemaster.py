"""The Gamemaster's dice and shuffles draw exactly what ``random.Random``'s own methods
draw: the same numbers, in the same order, leaving the generator in the same state."""

from __future__ import annotations

import random

import pytest

from ecotone.games.singapore.gamemaster import shuffle, throw


@pytest.mark.parametrize("seed", range(50))
def test_a_throw_is_randint(seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [throw(ours) for _ in range(40)] == [theirs.randint(1, 6) for _ in range(40)]
    assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 8, 9, 16, 30, 33, 64])
def test_a_shuffle_is_random_shuffle(size: int) -> None:
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(size)), list(range(size))
        shuffle(ours, a)
        theirs.shuffle(b)
        assert a == b
        assert ours.getstate() == theirs.getstate()


class _Other(random.Random):
    """A generator that draws its own way: left to its own methods."""

    def random(self) -> float:
        return 0.0


def test_another_generator_uses_its_own_methods() -> None:
    a, b = list(range(10)), list(range(10))
    shuffle(_Other(1), a)
    _Other(1).shuffle(b)
    assert a == b
    assert throw(_Other(1)) == _Other(1).randint(1, 6)
