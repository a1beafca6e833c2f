"""Seeded randomness that lives inside the state.

Rules never touch global random state. A game draws its set-up from ``random.Random(seed)``
and keeps a single 64-bit *key* in its state for any later chance (dice, reshuffles). To
use it, :func:`roll` turns the key into a private generator and the key to store next::

    rnd, state_key = roll(state.rng)
    die = rnd.randint(1, 6)

Because the key is part of the state, ``digest()`` covers it, a seed and an action list
replay a game exactly, and :meth:`State.determinize` can re-seed future chance so a bot
cannot foresee it.
"""

from __future__ import annotations

import _random
import random
from typing import Any, Final

__all__ = ["below", "derive_seed", "new_key", "roll", "shuffle"]

_MASK: Final = (1 << 64) - 1

_Random: Final = random.Random
_make: Final = _Random.__new__
_seed_c: Final = _random.Random.seed


def roll(key: int) -> tuple[random.Random, int]:
    """A generator seeded from ``key`` and the key that replaces it in the state.

    The generator is ``random.Random(key)``, made without its two Python-level methods:
    for a whole number, ``Random.__init__`` and ``Random.seed`` only hand it to the C
    seeding and clear ``gauss_next``, and a search rolls at every chance event of every
    rollout (tests/core/test_rng.py checks the generator's state against the library's).
    """
    rnd = _make(_Random)
    _seed_c(rnd, key)
    rnd.gauss_next = None  # type: ignore[attr-defined]
    return rnd, rnd.getrandbits(64)


def below(rnd: random.Random, n: int) -> int:
    """A whole number in ``range(n)`` (``n`` > 0), exactly as ``rnd.randrange(n)`` draws it.

    The same draw as the library's ``_randbelow_with_getrandbits`` (see :func:`shuffle`),
    without its two Python-level calls. A subclass of ``random.Random`` may draw
    otherwise, so it is left to its own method, as is a range that is empty (the library
    refuses it in its own words).
    """
    if type(rnd) is not _Random or n <= 0:
        return rnd.randrange(n)
    k = n.bit_length()
    bits = rnd.getrandbits
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


def new_key(rnd: random.Random) -> int:
    """A fresh 64-bit key drawn from ``rnd``."""
    return rnd.getrandbits(64)


def shuffle(rnd: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place with ``rnd``, exactly as ``rnd.shuffle(items)`` does.

    The same numbers in the same order (CPython's ``_randbelow_with_getrandbits``: as few
    bits as hold the bound, drawn again while the number is out of range), leaving the
    generator in the same state, without the library's Python-level call per item: a
    search re-deals the hidden cards at every determinization. A subclass of
    ``random.Random`` may draw otherwise, so it is left to its own method.
    """
    if type(rnd) is not random.Random:
        rnd.shuffle(items)
        return
    bits = rnd.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1  # the place drawn for the i-th item: one of the first n
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]


def derive_seed(seed: int, *salt: int | str) -> int:
    """A seed for a sub-task (game ``i`` of a batch, a bot at seat ``s``), independent of
    how the batch is split among processes."""
    text = ":".join([str(seed), *(str(s) for s in salt)])
    # random.Random(str) hashes the text with SHA-512, which is stable across runs
    # (unlike hash()), so the same (seed, salt) always gives the same sub-seed.
    return random.Random(text).getrandbits(63) & _MASK
