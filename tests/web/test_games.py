"""Every other game in a real browser: create a match against bots from the lobby and play
it to the end through the page: Phylo and BioMasters by clicking their grid boards,
Singapore Untamed by clicking tiles of its plus-shaped board when migrating (the rest from
the list), BIOME Borneo through the generic page (the legal-action list and the text view)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import Server, shot
from tests.web.helpers import act_once, create, play_to_end, wait_ready

GAMES = {
    "biomasters": 2,
    "phylo": 2,
    "biome-borneo": 2,
    "singapore-untamed": 4,
}
BOARDS = {"biomasters", "phylo", "singapore-untamed"}  # boards played by clicking them


@pytest.mark.parametrize("game", sorted(GAMES))
def test_play_against_bots_to_the_end(page: Any, server: Server, game: str) -> None:
    registered = {g["id"]: g for g in server.get("/api/v1/games")["games"]}
    if game not in registered:
        pytest.skip(f"{game} is not registered on this server")
    bots = registered[game]["bots"]
    bot = "heuristic" if "heuristic" in bots else bots[0]
    players = GAMES[game]
    match = create(page, game, ["you"] + [f"bot:{bot}"] * (players - 1))
    wait_ready(page)
    page.wait_for_selector("#board, #render")
    board = game in BOARDS
    for _ in range(5):
        if wait_ready(page) != "act":
            break
        act_once(page, board=board)
    shot(page, f"{game}-midgame")
    play_to_end(page, board=board, limit=400)
    assert server.get(f"/api/v1/matches/{match}")["status"] == "over"
    shot(page, f"{game}-end")
