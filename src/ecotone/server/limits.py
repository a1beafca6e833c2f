"""Rate limits: token buckets per connection, per client address and per chat seat.

A bucket holds up to ``burst`` tokens and refills at ``rate`` tokens a second; each
message takes one. Legitimate fast play (a burst of clicks, ten moves in ten seconds)
fits easily; a flood is refused message by message with ``limit/rate`` and, if it goes
on, the connection is closed.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

__all__ = ["KeyedLimiter", "TokenBucket"]


class TokenBucket:
    """A token bucket.

    Args:
        rate: tokens added per second.
        burst: the most tokens held (and the size of an allowed burst).
        clock: the time source (for tests).
    """

    __slots__ = ("_clock", "_stamp", "_tokens", "burst", "rate")

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = burst
        self._stamp = clock()

    def allow(self, cost: float = 1.0) -> bool:
        """Take ``cost`` tokens if there are enough; False (and take none) otherwise."""
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now
        if self._tokens >= cost:
            self._tokens -= cost
            return True
        return False


class KeyedLimiter:
    """One bucket per key (a client address, a seat), forgetting the oldest keys.

    Args:
        rate, burst: each bucket's parameters.
        max_keys: how many keys are remembered at most.
    """

    def __init__(
        self,
        rate: float,
        burst: float,
        max_keys: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self._clock = clock
        self._buckets: OrderedDict[object, TokenBucket] = OrderedDict()

    def allow(self, key: object) -> bool:
        """Take a token from ``key``'s bucket."""
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = TokenBucket(self.rate, self.burst, self._clock)
            self._buckets[key] = bucket
            if len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket.allow()
