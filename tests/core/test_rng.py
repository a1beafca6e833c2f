"""The kernel's generator and draws are exactly the library's: ``roll`` makes
``random.Random(key)``, ``shuffle`` draws what ``random.Random.shuffle`` draws and ``below``
what ``randrange`` draws, leaving the generator in the same state."""

from __future__ import annotations

import random

import pytest

from ecotone.core.rng import below, roll, shuffle


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
    assert [below(_Other(1), 10) for _ in range(3)] == [_Other(1).randrange(10)] * 3


@pytest.mark.parametrize("key", [0, 1, 6, 2**32 - 1, 2**32, 2**63, 2**64 - 1, 0x5DEECE66D])
def test_a_roll_is_the_library_generator_seeded_with_the_key(key: int) -> None:
    rnd, next_key = roll(key)
    theirs = random.Random(key)
    assert next_key == theirs.getrandbits(64)
    assert rnd.getstate() == theirs.getstate()
    assert (rnd.random(), rnd.gauss(0, 1)) == (theirs.random(), theirs.gauss(0, 1))


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 8, 9, 45, 64, 100, 2**40 + 3])
def test_below_is_randrange(n: int) -> None:
    for seed in range(20):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert [below(ours, n) for _ in range(12)] == [theirs.randrange(n) for _ in range(12)]
        assert ours.getstate() == theirs.getstate()


def test_below_an_empty_range_is_refused_as_randrange_refuses_it() -> None:
    with pytest.raises(ValueError, match="empty range"):
        below(random.Random(0), 0)
