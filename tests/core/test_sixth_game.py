"""A sixth game plugs in through the documented path only (docs/architecture.md, "Adding a
game"), and every surface then offers it without a line of its own.

The game is the toy of ``tests/core/toy.py``: a ``Game`` subclass with its hooks, its
refusals enum and its presentation. It is registered with the game registry and its bot
with the bots registry, exactly as a package installed beside Ecotone would through the
``ecotone.games`` and ``ecotone.bots`` entry points; nothing else is touched. Then the
conformance harness, the command line, the bots, the simulation and the server must all
take it.
"""

from __future__ import annotations

import dataclasses
import io
import time
from collections.abc import Iterator
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import ecotone
from ecotone.bots import Bot, SeatView, available_bots, make_bot
from ecotone.bots.registry import GameBots, SearchDefaults
from ecotone.bots.registry import register as register_bots
from ecotone.bots.registry import unregister as unregister_bots
from ecotone.cli.main import main
from ecotone.core.actions import Action
from ecotone.core.registry import register, unregister
from ecotone.server import Settings, create_app
from ecotone.testing import check_game
from tests.core.toy import Bid, Fold, SealedBids

GAME = "sealed-bids"


class Sixth(SealedBids):
    """The toy under an id of its own, so that this test owns its registration."""

    spec = dataclasses.replace(SealedBids.spec, id=GAME)


class HighestBid(Bot):
    """Bids its highest card: the game's heuristic."""

    name = "heuristic"

    def act(self, view: SeatView) -> Action:
        bids = [a for a in view.legal_actions if isinstance(a, Bid)]
        return max(bids, key=lambda a: a.card) if bids else Fold()


@pytest.fixture
def sixth() -> Iterator[str]:
    # Step 2 of "Adding a game": register the game (a plugin: the ecotone.games entry point).
    register(GAME, Sixth)
    # Step 5: its bot module registers its heuristic (a plugin: the ecotone.bots entry point).
    register_bots(GameBots(GAME, heuristic=HighestBid, search=SearchDefaults(iterations=40)))
    try:
        yield GAME
    finally:
        unregister_bots(GAME)
        unregister(GAME)


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(list(argv))
    return status, out.getvalue()


def test_the_harness_passes_it(sixth: str) -> None:
    report = check_game(sixth, players=2, games=4, seed=3)
    assert report.games == 4


def test_the_command_line_lists_plays_and_explains_it(sixth: str) -> None:
    status, listed = run("games")
    assert status == 0
    assert sixth in listed
    status, rules = run("rules", sixth)
    assert status == 0
    assert "Sealed Bids" in rules
    status, simulated = run("simulate", sixth, "--games", "4", "--bots", "heuristic,random")
    assert status == 0, simulated
    assert "heuristic" in simulated


def test_the_bots_play_it(sixth: str) -> None:
    assert available_bots(sixth) == ["random", "heuristic", "ismcts"]
    game = ecotone.make(sixth, players=2)
    state = game.start(5)
    for name in ("heuristic", "ismcts"):
        bot = make_bot(name, game, 0, seed=1)
        assert bot.act(SeatView(state, 0)) in state.legal_actions(0)


def test_the_server_hosts_it(sixth: str, tmp_path: Path) -> None:
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'e.db'}", bot_delay=0.0, allow_seed=True)
    with TestClient(create_app(settings)) as client:
        games = {g["id"]: g for g in client.get("/api/v1/games").json()["games"]}
        assert games[sixth]["presentation"]["picture"] == "🂠"
        assert "heuristic" in games[sixth]["bots"]
        faces = client.get(f"/api/v1/games/{sixth}/catalog").json()
        assert faces["cards"]["c3"]["name"] == "Card 3"
        body = {
            "game": sixth,
            "players": 2,
            "seed": 9,
            "seats": [{"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"}],
        }
        created = client.post("/api/v1/matches", json=body)
        assert created.status_code == 201, created.text
        match_id = created.json()["match"]["id"]
        # the bots move in the server's bot workers: counted in polls, not seconds; a poll
        # the server asks to slow down (limit/rate) waits a little before the next
        for _ in range(20_000):
            polled = client.get(f"/api/v1/matches/{match_id}/view")
            if polled.status_code == 429:
                time.sleep(0.25)
                continue
            view = polled.json()
            if view["status"] == "over":
                break
            time.sleep(0.001)
        assert view["status"] == "over"
        assert len(view["scores"]) == 2
