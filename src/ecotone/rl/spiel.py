"""Another name for :mod:`ecotone.rl.openspiel`: ``import ecotone.rl.spiel`` registers
the games with ``pyspiel`` just as ``import ecotone.rl.openspiel`` does, and its names
are that module's (code written against this name goes on working)."""

from __future__ import annotations

from ecotone.rl import openspiel as _openspiel
from ecotone.rl.openspiel import *  # noqa: F403 - the same names, re-exported

__all__ = list(_openspiel.__all__)
