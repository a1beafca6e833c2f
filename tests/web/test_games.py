"""Every other game in a real browser: create a match against bots from the lobby and play
it to the end through the page: Phylo and BioMasters by clicking their grid boards,
Singapore Untamed by clicking its plus-shaped board and its cards for every decision (each
listed choice must also be offered on the board), BIOME Borneo the same way on its layered
hex board, its cards and its tiles.

Whole games take minutes on a busy machine: they are in the slow run (``-m slow``), each
within the game's own bound on decisions rather than a time; ``test_boards.py`` keeps a
quick test of every board in the default run."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import Server, shot
from tests.web.helpers import act_once, board_missing, budget, create, play_to_end, wait_ready

GAMES = {
    "biomasters": 2,
    "phylo": 2,
    "biome-borneo": 2,
    "singapore-untamed": 4,
}
# boards played by clicking them
BOARDS = {"biomasters", "phylo", "singapore-untamed", "biome-borneo"}
# boards that offer every listed choice
EVERY_CHOICE_ON_BOARD = {"singapore-untamed", "biome-borneo"}


def _all_on_board(page: Any) -> None:
    missing = board_missing(page)
    assert not missing, f"listed but not offered on the board: {missing}"


@pytest.mark.slow
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
    check = _all_on_board if game in EVERY_CHOICE_ON_BOARD else None
    for _ in range(5):
        if wait_ready(page) != "act":
            break
        if check is not None:
            check(page)
        act_once(page, board=board)
    shot(page, f"{game}-midgame")
    play_to_end(page, board=board, moves=budget(game, players), check=check)
    assert server.get(f"/api/v1/matches/{match}")["status"] == "over"
    shot(page, f"{game}-end")
