"""The random bot: uniform over the legal actions, from its own seeded generator."""

from __future__ import annotations

from ecotone.bots.base import Bot, SeatView
from ecotone.core.actions import Action

__all__ = ["RandomBot"]


class RandomBot(Bot):
    """Picks a legal action uniformly at random."""

    name = "random"

    def act(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal_actions)
