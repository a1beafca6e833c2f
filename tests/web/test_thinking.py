"""A bot that takes its time: the match page says it is thinking (once it has been quiet
for half a second), by its name, and stops saying so when it has moved."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Server, shot
from tests.web.helpers import STEP_MS, wait_ready
from tests.web.test_match_page import take_seats

FOREST = "once-upon-a-forest"


def test_a_searching_bot_is_shown_thinking_until_it_moves(page: Any, server: Server) -> None:
    made = server.post(
        "/api/v1/matches",
        {
            "game": FOREST,
            "players": 2,
            # a deep search: seconds per decision, even on a quick machine
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "ismcts:iterations=4000"}],
            "join": {"seat": 0, "name": "Ana"},
        },
    )
    take_seats(page, made["match"], {0: made["token"]}, 0)
    assert wait_ready(page) == "act"
    thinking = page.locator("#thinking")
    assert not thinking.is_visible(), "nobody thinks while it is this seat's turn"
    version = page.evaluate("() => window.ecotonePage.version")
    page.locator("#actions button[data-index]").first.click()
    thinking.wait_for(state="visible", timeout=STEP_MS)
    assert "ISMCTS bot (4000 iterations) is thinking" in thinking.inner_text()
    # it appeared only after the page had waited half a second on the bot
    waited = page.evaluate("() => Date.now() - window.ecotonePage.updatedAt")
    assert waited >= 500
    assert page.evaluate("() => window.ecotonePage.version") == version + 1
    shot(page, "bot-thinking")
    # the bot moves: the line goes
    page.wait_for_function(f"() => window.ecotonePage.version > {version + 1}", timeout=STEP_MS)
    assert wait_ready(page) == "act"
    assert not thinking.is_visible()
