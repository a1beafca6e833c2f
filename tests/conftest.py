from __future__ import annotations

from collections.abc import Iterator

import pytest

from ecotone.core.registry import register, unregister
from tests.core.toy import SealedBids


@pytest.fixture
def toy() -> Iterator[str]:
    """The toy game 'toy-bids', registered for the test only."""
    register("toy-bids", SealedBids)
    yield "toy-bids"
    unregister("toy-bids")
