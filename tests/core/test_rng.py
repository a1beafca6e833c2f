"""The kernel's shuffle draws exactly what ``random.Random.shuffle`` draws: the same
order, leaving the generator in the same state."""

from __future__ import annotations

import random

import pytest

from ecotone.core.rng import shuffle


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
    """A generator that draws its own way: left to its own method."""

    def random(self) -> float:
        return 0.0


def test_another_generator_uses_its_own_method() -> None:
    a, b = list(range(10)), list(range(10))
    shuffle(_Other(1), a)
    _Other(1).shuffle(b)
    assert a == b
