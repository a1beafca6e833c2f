"""Singapore Untamed's page at 1280 pixels, in a real browser: short enough to play
without scrolling through a wall of panels (secondary panels folded, the seat's cards
side by side, a compact board), and each tile named one way everywhere: the catalogue's
label ("Fo4"), with the tile's name on hover. Checked at each of this seat's decisions
over several rounds, whatever phase they fall in; the board and the panels come from the
game's presentation, so the test names the game only to make a match of it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.conftest import Server, shot
from tests.web.helpers import act_once, create, wait_ready

GAME = "singapore-untamed"
DECISIONS = 20  # this seat's decisions looked at: five rounds, two of them with an Evolution
TALLEST = 2400  # pixels, at 1280 wide (the page ran to 3,200 before it was made compact)

# Each tile of the board as the page draws it: its id, the label shown on it, its hover
# text (read in one call: a call per tile and decision would be most of the test's time).
BOARD_TILES = """() => [...document.querySelectorAll('#board .sg-tile')].map((e) => [
  e.getAttribute('data-tile'),
  e.querySelector('.sg-pos').innerText,
  e.getAttribute('title') || '',
])"""

PAGE_TEXT = """() => [...document.querySelectorAll('main *')]
  .filter((e) => e.checkVisibility())
  .map((e) => [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join(''))
  .join(' ')"""


@pytest.mark.slow  # a match played on for many rounds in the browser
def test_the_page_stays_short_and_names_each_tile_one_way(page: Any, server: Server) -> None:
    create(page, GAME, ["you", "bot:random", "bot:random", "bot:random"])
    tiles = server.get(f"/api/v1/games/{GAME}/catalog")["tiles"]
    labels = {tile: face["label"] for tile, face in tiles.items()}
    ids = re.compile("|".join(rf"\b{re.escape(t)}\b" for t in sorted(tiles, key=len, reverse=True)))
    tallest = (0, "")
    phases = set()
    for _ in range(DECISIONS):
        if wait_ready(page) != "act":
            break
        height = page.evaluate("() => document.documentElement.scrollHeight")
        phase = page.evaluate("() => window.ecotonePage.update.observation.phase")
        phases.add(phase)
        if height > tallest[0]:
            tallest = (height, phase)
            shot(page, "singapore-tallest")
        # every tile reads by its label, on the board and in every sentence of the page
        board = page.evaluate(BOARD_TILES)
        assert board
        for tile, shown, title in board:
            assert shown == labels[tile], (tile, shown)
            assert title.startswith(f"{labels[tile]}: "), (tile, title)
        said = page.evaluate(PAGE_TEXT)
        assert not ids.search(said), ids.search(said)
        # the folded account's latest line: a stage's heading ("Evolution:") reads as the
        # stage, not as a sentence cut short
        latest = page.locator("#sg-gamemaster .sg-latest").inner_text().strip()
        assert not latest.endswith(":"), latest
        for lg in page.evaluate("() => window.ecotonePage.update.legal"):
            if lg["action"]["type"] == "migrate":
                assert lg["text"] == f"migrate to {labels[lg['action']['tile']]}"
        act_once(page)
    assert {"migrate", "buy"} <= phases, phases
    assert tallest[0] <= TALLEST, tallest
    # what a player looks at now and then is folded, not gone
    assert page.locator("#players-panel table.players").count() == 1
    assert not page.locator("#players-panel[open]").count()
    # the Gamemaster's account is folded too; opened, it shows its newest line at once
    # (the list scrolls to its end when opened, not at the next update); a short list
    # is made to overflow here, as a long round's does
    account = page.locator("#sg-gamemaster")
    assert not page.locator("#sg-gamemaster[open]").count()
    page.add_style_tag(content=".sg-log { max-height: 3em !important; }")
    account.locator(":scope > summary").click()
    page.wait_for_function(
        """() => { const l = document.querySelector('#sg-gamemaster > ul.sg-log');
                   return l.scrollHeight > l.clientHeight
                     && l.scrollTop + l.clientHeight >= l.scrollHeight - 2; }""",
        timeout=5_000,
    )
