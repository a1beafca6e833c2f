"""A seat's observation as a fixed-size tensor, and its legal actions as a mask.

The layer below the learning environments (:mod:`ecotone.rl`) and the bots that play a
trained network (:mod:`ecotone.bots.policy`): both must turn ``state.observe(seat)`` into
the same numbers, so the layout lives here, built from the kernel's API and the bots
alone (:mod:`~ecotone.bots.tensor.probe` plays seeded games to see the observations'
shapes; :mod:`~ecotone.bots.tensor.nodes` holds the pieces;
:mod:`~ecotone.bots.tensor.encoding` assembles them). It needs numpy, so nothing in
:mod:`ecotone.bots` imports it until a bot that plays a network is made.
"""

from __future__ import annotations

from ecotone.bots.tensor.encoding import Layout, layout, layout_for
from ecotone.bots.tensor.nodes import Slice

__all__ = ["Layout", "Slice", "layout", "layout_for"]
