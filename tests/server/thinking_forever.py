"""A bot that never decides: it spins the processor once asked, so the worker running it
overruns its thinking and must be stopped by the server."""

from ecotone.bots import Bot, SeatView
from ecotone.core.actions import Action


class Forever(Bot):
    """Thinks for ever."""

    name = "forever"

    def act(self, view: SeatView) -> Action:
        while True:
            pass
