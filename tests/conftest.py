"""Fixtures for every test, and the Hypothesis budgets.

Hypothesis runs under one of two profiles, chosen by ``ECOTONE_HYPOTHESIS_PROFILE``:

* ``ecotone`` (the default): Hypothesis's usual number of examples, and no per-example
  deadline. A deadline is a wall-clock limit: on a loaded machine it fails a correct
  test, so budgets here are counted in examples, never in seconds.
* ``soak``: five times the examples, for the slow run (``.ci/run`` sets it there); the
  law soaks in ``tests/laws`` take their number of examples from it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

import ecotone
from ecotone.core.build import compiled_modules
from ecotone.core.registry import register, unregister
from tests.core.toy import SealedBids

PROFILE_VARIABLE = "ECOTONE_HYPOTHESIS_PROFILE"

# tests/test_compiled.py runs tests against a compiled build it has unpacked there: they
# must import it, not the sources.
_BUILD = os.environ.get("ECOTONE_TEST_BUILD")
if _BUILD:
    assert Path(ecotone.__file__).is_relative_to(_BUILD), ecotone.__file__
    assert compiled_modules(), f"no compiled module in {_BUILD}"

settings.register_profile("ecotone", deadline=None, print_blob=True)
settings.register_profile("soak", settings.get_profile("ecotone"), max_examples=500)
settings.load_profile(os.environ.get(PROFILE_VARIABLE, "ecotone"))


@pytest.fixture
def toy() -> Iterator[str]:
    """The toy game 'toy-bids', registered for the test only."""
    register("toy-bids", SealedBids)
    yield "toy-bids"
    unregister("toy-bids")
