"""Games and bots registered at run time are played by their own bots.

Bots think in worker processes, whose registries were filled when they started. A game
or bot registered later (a plugin registered by hand, a notebook's) reaches them by its
class's import path; one that cannot be imported by name (defined inside a function, as
here) is decided in the server's own process. Either way the seat's own bot plays, never
a random stand-in. (A module-level plugin is played in ``tests/core/test_sixth_game.py``.)
"""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

from fastapi.testclient import TestClient

from ecotone.bots import Bot, SeatView
from ecotone.bots.registry import GameBots
from ecotone.bots.registry import register as register_bots
from ecotone.bots.registry import unregister as unregister_bots
from ecotone.core.actions import Action
from ecotone.core.registry import register, unregister
from ecotone.server import create_app
from tests.core.toy import Bid, Fold, SealedBids
from tests.server.conftest import make_settings
from tests.server.helpers import API

GAME = "local-bids"


def test_a_game_and_bot_defined_in_a_function_are_played_by_that_bot(tmp_path: Path) -> None:
    class Local(SealedBids):
        spec = dataclasses.replace(SealedBids.spec, id=GAME)

    class Highest(Bot):
        """Bids its highest card, every round."""

        name = "heuristic"

        def act(self, view: SeatView) -> Action:
            bids = [a for a in view.legal_actions if isinstance(a, Bid)]
            return max(bids, key=lambda a: a.card) if bids else Fold()

    assert "<locals>" in Local.__qualname__  # no worker can import it by name
    register(GAME, Local)
    register_bots(GameBots(GAME, heuristic=Highest))
    try:
        with TestClient(create_app(make_settings(f"sqlite:///{tmp_path / 'e.db'}"))) as client:
            body = {
                "game": GAME,
                "players": 2,
                "seed": 4,
                "seats": [{"kind": "bot", "bot": "heuristic"}] * 2,
            }
            created = client.post(f"{API}/matches", json=body)
            assert created.status_code == 201, created.text
            match = created.json()["match"]["id"]
            for _ in range(600):  # a few decisions: bounded in polls
                if client.get(f"{API}/matches/{match}").json()["status"] == "over":
                    break
                time.sleep(0.05)
            replay = client.get(f"{API}/matches/{match}/replay").json()
    finally:
        unregister_bots(GAME)
        unregister(GAME)
    hands = Local(2).start(4).data.hands
    for seat in (0, 1):
        bids = [s["action"].get("card") for s in replay["steps"] if s["seat"] == seat]
        # the seat's own bot, highest first (a random stand-in would fold or bid lower)
        assert bids == sorted(hands[seat], reverse=True), (seat, bids)
