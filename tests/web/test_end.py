"""The end of a match and the page's finish, in a real browser: the final panel names the
winners and every seat's score, links to the replay and leaves the board in sight; every
page has an icon; and what a player reads carries no words of the project's files (rules
notes, data files) nor the server's internal codes."""

from __future__ import annotations

import re
from typing import Any

from tests.web.conftest import Server, shot
from tests.web.helpers import act_once, create, wait_ready

FOREST = "once-upon-a-forest"
# words for developers, not players: the project's files, deck files, the server's codes
DEVELOPER = re.compile(r"RULINGS|\.toml\b|\.md\b|\b(?:config|match|action|auth)/[a-z-]+")

NOT_COVERED = """() => {
  const board = document.getElementById('board');
  board.scrollIntoView({block: 'center'});
  const r = board.getBoundingClientRect();
  const points = [[r.left + r.width / 2, Math.max(r.top, 0) + 20],
                  [r.left + 20, r.top + r.height / 2]];
  return points.every(([x, y]) => board.contains(document.elementFromPoint(x, y)));
}"""


def test_the_final_panel_names_the_winners_and_scores_and_leaves_the_board_in_sight(
    page: Any, server: Server
) -> None:
    match = create(page, FOREST, ["you", "bot:heuristic"], name="Ana")
    for _ in range(3):
        assert wait_ready(page) == "act"
        act_once(page)
    page.click("#resign")
    page.click("#confirm-yes")
    final = page.locator("#final")
    final.wait_for()
    info = server.get(f"/api/v1/matches/{match}")
    # who won, in a sentence, and each seat's score as the server has it
    assert final.locator("#final-winners").inner_text() == "🏆 Heuristic bot wins."
    for seat, score in enumerate(info["scores"]):
        row = final.locator(f"tr[data-seat='{seat}']")
        shown = re.search(r"(-?\d+(?:\.\d+)?) points?", row.inner_text())
        assert shown is not None, row.inner_text()
        assert float(shown.group(1)) == score
    assert "Ana (you)" in final.locator("tr[data-seat='0']").inner_text()
    assert "🏆 winner" in final.locator("tr[data-seat='1']").inner_text()
    # the replay, to watch here or to keep
    assert page.locator("#replay").is_visible()
    href = page.get_attribute("#replay-file", "href")
    assert href == f"/api/v1/matches/{match}/replay"
    assert page.request.get(server.url + href).status == 200
    # the board is still there, as the game ended, and nothing lies over it
    board = page.locator("#board")
    assert board.is_visible()
    panel, drawn = final.bounding_box(), board.bounding_box()
    assert panel is not None
    assert drawn is not None
    assert panel["y"] + panel["height"] <= drawn["y"], "the final panel is above the board"
    assert page.evaluate(NOT_COVERED)
    assert page.title().startswith("Game over · Once Upon a Forest")
    page.evaluate("() => window.scrollTo(0, 0)")
    shot(page, "final-panel")
    page.click("#replay")
    page.wait_for_selector("#replay-step")


def test_every_page_has_an_icon(page: Any, server: Server) -> None:
    def icon() -> str:
        href = page.get_attribute("link[rel=icon]", "href")
        assert href
        answer = page.request.get(server.url + href)
        assert answer.status == 200
        assert answer.headers["content-type"].startswith("image/svg+xml")
        assert "<svg" in answer.text()
        return str(href)

    page.wait_for_selector("#create-match")
    lobby = icon()
    create(page, FOREST, ["you", "bot:random"])
    assert icon() == lobby
    page.goto(f"{server.url}/#/match/no-such-match")
    page.wait_for_selector("main .error")
    assert icon() == lobby


def test_players_read_no_developer_words(page: Any, server: Server) -> None:
    page.wait_for_selector("#create-match")
    for game in server.get("/api/v1/games")["games"]:
        page.click(f"[data-game={game['id']}]")
        page.wait_for_selector(f"#create h2:has-text('{game['title']}')")
        for variant in [""] + [v["name"] for v in game["variants"]]:
            page.select_option("#variant", variant)
            said = page.locator("#create").inner_text()
            assert not DEVELOPER.search(said), (game["id"], variant, DEVELOPER.search(said))
    # a refusal is said in words; its code is kept out of sight
    create(page, FOREST, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    page.evaluate("() => window.ecotonePage.act({type: 'place', card: 'G01', tree: 7})")
    refusal = page.locator("#refusal")
    refusal.wait_for()
    assert refusal.get_attribute("data-code")
    assert not DEVELOPER.search(page.locator("main").inner_text())
