"""Phones: every board at 390x844 (a common phone) scrolls only up and down, and the
choices are in the first screen or one visible tap away, with the seat's hand, which is
compact and not below the whole board; screenshots at 390 and 1280 pixels wide are kept as
artifacts."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ecotone.core.registry import game_class
from tests.web.conftest import ARTIFACTS, Server, shot
from tests.web.helpers import create, wait_ready
from tests.web.test_boards import BOARDS

PHONE = {"width": 390, "height": 844}

# What pokes out sideways, if anything: the widest elements past the screen's right edge.
OVERFLOW = """() => {
  const w = document.documentElement.clientWidth;
  return [...document.querySelectorAll('body *')]
    .map((e) => [e, e.getBoundingClientRect()])
    .filter(([e, r]) => r.right > w + 0.5 && r.width > 0)
    .map(([e, r]) => `${e.tagName.toLowerCase()}#${e.id}.${[...e.classList].join('.')}`
      + ` right=${Math.round(r.right)}`)
    .slice(0, 12);
}"""


# Where the seat's hand is on the page (from its top, in pixels), how tall it is, its
# tallest card, and where the board's parts that follow it begin.
HAND = """() => {
  const box = (e) => e.getBoundingClientRect();
  const hand = document.getElementById('my-hand');
  const cards = [...hand.querySelectorAll('[data-card]')].map((c) => box(c).height);
  const after = [...document.querySelectorAll('#board .bm-side-col')]
    .map((e) => box(e).top + scrollY);
  return {top: box(hand).top + scrollY, height: box(hand).height, card: Math.max(0, ...cards),
          next: after.length ? Math.min(...after) : null};
}"""


@pytest.fixture
def phone(browser: Any, server: Server) -> Iterator[Any]:
    """A phone-sized browser context on the lobby."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server.url + "/")
    yield pg
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


def screen_shot(page: Any, name: str) -> None:
    """What the screen shows as it is (not the whole page): sticky parts where they stick."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_each_board_fits_a_phone(phone: Any, browser: Any, server: Server, board: str) -> None:
    game = BOARDS[board]
    players = max(2, game_class(game).spec.min_players)
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    match = create(phone, game, ["you"] + ["bot:random"] * (players - 1))
    phone.wait_for_selector(f"#board[data-board='{board}']")
    assert wait_ready(phone) == "act"
    # nothing pokes out sideways: the page scrolls only up and down
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], phone.evaluate(OVERFLOW)
    # the choices are on the first screen, without scrolling past the board
    phone.evaluate("() => window.scrollTo(0, 0)")
    top = phone.evaluate("() => document.getElementById('actions').getBoundingClientRect().top")
    assert top < PHONE["height"] - 80, f"the choices start at {top}px"
    assert phone.locator("#actions button[data-index]:not([disabled])").first.is_visible()
    screen_shot(phone, f"phone-{board}-first-screen")
    shot(phone, f"phone-{board}")
    # the hand is near the top of the page, not below the whole board, and compact: in
    # BIOME Borneo right after the table, before the Gallery's column, its cards without
    # the species' fact (the face's popover says it)
    hand = phone.evaluate(HAND)
    assert hand["top"] < 1.75 * PHONE["height"], f"the hand starts {hand['top']}px down the page"
    if hand["next"] is not None:
        assert hand["top"] < hand["next"], "the hand comes after the Gallery and the piles"
    assert hand["card"] < 200, f"a card of the hand is {hand['card']}px tall"
    assert not phone.locator("#my-hand .bm-fact:visible").count()
    # the hand is one tap away, and the choices can be folded to see more of the board
    phone.click("#actions button[data-jump='my-hand']")
    phone.wait_for_function(
        "() => { const r = document.getElementById('my-hand').getBoundingClientRect();"
        " return r.top >= -1 && r.top < innerHeight / 2; }"
    )
    screen_shot(phone, f"phone-{board}-hand")
    phone.click("#choices-fold")
    folded = phone.evaluate("() => document.getElementById('actions').getBoundingClientRect()")
    assert folded["height"] < 90, folded
    assert not phone.locator("#actions button[data-index]").first.is_visible()
    phone.click("#choices-fold")
    assert phone.locator("#actions button[data-index]").first.is_visible()

    # the same match on a wide screen, for the record
    wide = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        pg = wide.new_page()
        pg.goto(f"{server.url}/#/match/{match}/watch")
        pg.wait_for_selector(f"#board[data-board='{board}']")
        assert pg.evaluate("() => document.documentElement.scrollWidth") <= 1280
        assert not pg.locator("#choices-fold").is_visible()
        shot(pg, f"wide-{board}")
    finally:
        wide.close()


def test_the_lobby_fits_a_phone(phone: Any) -> None:
    phone.wait_for_selector("#create-match")
    phone.wait_for_selector("#open-matches li")
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"], (
        phone.evaluate(OVERFLOW)
    )
    # the name, the games and the form are there to use, one under the other
    assert phone.locator("#player-name").is_visible()
    screen_shot(phone, "phone-lobby-first-screen")
    shot(phone, "phone-lobby")
