"""A trained policy as an opponent in the browser: the lobby offers it by its title at
the table it was trained for (and only there), the match seats it, and it plays."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Server, shot
from tests.web.helpers import click_forest_board, wait_ready

#: How many of this browser's decisions to take: enough for the policy to answer some.
DECISIONS = 4


def test_a_trained_policy_is_a_seat_at_its_own_table(page: Any, server: Server) -> None:
    games = server.get("/api/v1/games")["games"]
    game, policy = next((g, p) for g in games for p in g["policies"])
    assert policy["title"].startswith("Policy: ")
    page.wait_for_selector("#create-match")
    page.fill("#player-name", "Ana")
    page.click(f"[data-game={game['id']}]")
    page.select_option("#players", str(policy["players"]))
    seat = page.locator("select[data-seat='1']")
    assert policy["title"] in seat.locator("option").all_inner_texts()
    # another player count: the policy was not trained for it, so it is not offered
    other = next(
        n for n in range(game["min_players"], game["max_players"] + 1) if n != policy["players"]
    )
    page.select_option("#players", str(other))
    assert policy["title"] not in seat.locator("option").all_inner_texts()
    page.select_option("#players", str(policy["players"]))
    page.select_option("select[data-seat='1']", label=policy["title"])
    assert "null" not in page.locator("#create").inner_text()  # a game without options
    shot(page, "lobby-policy-seat")
    page.click("#create-match")
    page.wait_for_url("**/#/match/**")
    page.wait_for_selector(".seat-chip")
    match = page.url.split("#/match/")[1].split("/")[0]
    info = server.get(f"/api/v1/matches/{match}")
    seated = info["seats"][1]
    assert (seated["kind"], seated["bot"]) == ("bot", policy["bot"])
    assert seated["name"] == policy["title"]
    assert policy["title"] in page.locator(".seat-chip").all_inner_texts()[1]
    mine = 0
    while mine < DECISIONS and wait_ready(page) == "act":
        assert click_forest_board(page)
        mine += 1
    wait_ready(page)
    info = server.get(f"/api/v1/matches/{match}")
    assert info["version"] > mine  # the policy decided in between
    shot(page, "match-against-policy")
