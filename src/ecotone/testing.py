"""Test helpers for every game: ``check_game``, ``playthrough`` and ``check_golden``.

A game's tests call these; see :mod:`ecotone.core.testing`.
"""

from ecotone.core.testing import CheckReport, check_game, check_golden, playthrough

__all__ = ["CheckReport", "check_game", "check_golden", "playthrough"]
