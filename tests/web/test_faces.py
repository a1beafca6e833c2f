"""Card faces as printed, in a real browser: what a card shows (its code, name, latin name,
points and marks, each abbreviation explained by the game's glossary), the face popover
with the fact (by mouse, by touch, by keyboard), the legend of the glossary, and choices
and the log that name cards by name, with their code after it.

Everything expected here is read from the server's catalogue and glossary, not written
into the test: a card the test looks at is whichever the seeded deal put in the hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import Server, shot
from tests.web.helpers import click_grid_board, create, wait_moved, wait_ready

PHYLO = "phylo"
CODE = re.compile(r"^[A-Za-z]{1,3}\d{1,3}$")


def _catalog(server: Server, game: str) -> dict[str, Any]:
    catalog: dict[str, Any] = server.get(f"/api/v1/games/{game}/catalog")
    return catalog


def _glossary(server: Server, game: str) -> dict[str, str]:
    entry = next(g for g in server.get("/api/v1/games")["games"] if g["id"] == game)
    return {t["term"]: t["meaning"] for t in entry["presentation"]["glossary"]}


def _hand(page: Any) -> list[str]:
    hand: list[str] = page.evaluate(
        "() => { const u = window.ecotonePage.update; return u.observation.hands[u.seat].cards; }"
    )
    return hand


def test_a_hand_card_shows_its_printed_face_and_its_fact_on_hover(
    page: Any, server: Server
) -> None:
    create(page, PHYLO, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    cards = _catalog(server, PHYLO)["cards"]
    glossary = _glossary(server, PHYLO)
    species = next(c for c in _hand(page) if cards[c].get("climates"))
    face = cards[species]
    card = page.locator(f"#my-hand [data-card='{species}']")
    said = card.inner_text()
    # the printed code, the names and the points
    assert species in said
    assert face["name"] in said
    assert face["latin"] in said
    assert str(face["points"]) in card.locator(".gpts").inner_text()
    # every climate and terrain is there, explained by the glossary on hover
    for mark in face["climates"] + face["terrains"]:
        chip = card.locator(f"abbr.term:text-is('{mark}')")
        assert chip.count(), (species, mark)
        assert chip.first.get_attribute("title") == f"{mark}: {glossary[mark]}"
    assert card.locator(f"abbr.term:text-is('FC{face['food_chain']}')").count()
    # resting the mouse on it opens the whole face, with the fact
    card.hover()
    pop = page.locator("#face-pop")
    pop.wait_for(state="visible")
    assert pop.get_attribute("data-card") == species
    assert face["fact"] in pop.inner_text()
    assert face["latin"] in pop.inner_text()
    assert card.get_attribute("aria-describedby") == "face-pop"
    shot(page, "faces-popover")
    # and moving away closes it
    page.mouse.move(2, 2)
    pop.wait_for(state="hidden")


def test_the_face_popover_opens_from_the_keyboard_and_closes_with_escape(
    page: Any, server: Server
) -> None:
    create(page, PHYLO, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    cards = _catalog(server, PHYLO)["cards"]
    species = _hand(page)[0]
    card = page.locator(f"#my-hand [data-card='{species}']")
    card.focus()
    page.keyboard.press("i")
    pop = page.locator("#face-pop")
    pop.wait_for(state="visible")
    assert cards[species]["name"] in pop.inner_text()
    page.keyboard.press("Escape")
    pop.wait_for(state="hidden")
    # moving to a face with Tab shows it as a tooltip does
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    pop.wait_for(state="visible")
    assert page.evaluate("() => document.activeElement.dataset.card") == species


@pytest.fixture
def touch(browser: Any, server: Server) -> Iterator[Any]:
    """A phone with a touch screen, on the lobby."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server.url + "/")
    yield pg
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


LONG_PRESS = """(el) => {
  const at = el.getBoundingClientRect();
  const opts = {bubbles: true, pointerType: 'touch', isPrimary: true,
                clientX: at.left + 10, clientY: at.top + 10};
  el.dispatchEvent(new PointerEvent('pointerdown', opts));
  return new Promise((done) => setTimeout(() => {
    el.dispatchEvent(new PointerEvent('pointerup', opts));
    el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
    done();
  }, 700));
}"""


def test_a_long_press_shows_a_face_without_choosing_it(touch: Any, server: Server) -> None:
    create(touch, PHYLO, ["you", "bot:random"])
    assert wait_ready(touch) == "act"
    cards = _catalog(server, PHYLO)["cards"]
    playable = touch.locator("#my-hand button.playable").first
    species = playable.get_attribute("data-card")
    playable.evaluate(LONG_PRESS)
    pop = touch.locator("#face-pop")
    pop.wait_for(state="visible")
    assert cards[species]["name"] in pop.inner_text()
    # the press only showed it: the card was not picked up
    assert playable.get_attribute("aria-pressed") == "false"
    # a tap elsewhere closes it
    touch.locator("#log-h").tap()
    pop.wait_for(state="hidden")
    # a tap on a card already on the table opens that one: this seat lays one first
    # (whatever its opponent did before: a bot's choices are its own business)
    version = touch.evaluate("() => window.ecotonePage.version")
    assert click_grid_board(touch)
    wait_moved(touch, version)
    assert wait_ready(touch) == "act"  # drawn again after the move (still this seat's turn)
    laid = touch.locator("#board div.gcell [data-card]").first
    laid.tap()  # (scrolled into view by the tap, found again if the board is redrawn)
    pop.wait_for(state="visible")
    assert pop.get_attribute("data-card") == laid.get_attribute("data-card")
    shot(touch, "faces-touch")


def test_choices_and_the_log_name_cards_with_their_codes(page: Any, server: Server) -> None:
    create(page, PHYLO, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    cards = _catalog(server, PHYLO)["cards"]
    legal = page.evaluate("() => window.ecotonePage.update.legal")
    with_card = [lg for lg in legal if "card" in lg["action"]]
    assert with_card
    for lg in with_card:
        card = lg["action"]["card"]
        assert CODE.match(card)
        named = f"{cards[card]['name']} ({card})"
        # the game's own notation, with the card named
        assert lg["text"] == lg["notation"].replace(card, named)
        button = page.locator(f"#actions button[data-index='{lg['index']}']")
        assert button.inner_text() == lg["text"]
    # the moves in the log read the same way: this seat's own card, and any the bot played
    version = page.evaluate("() => window.ecotonePage.version")
    page.locator(f"#actions button[data-index='{with_card[0]['index']}']").click()
    wait_moved(page, version)
    log = page.evaluate("() => window.ecotonePage.log")
    shown = [e for e in log if e.get("action") and "card" in e["action"]]
    assert any(e["seat"] == 0 for e in shown), "this seat's card is not in the log"
    for entry in shown:
        card = entry["action"]["card"]
        assert f"{cards[card]['name']} ({card})" in entry["text"]
        assert f"{cards[card]['name']} ({card})" in page.locator("#log").inner_text()


def test_the_legend_lists_the_glossary(page: Any, server: Server) -> None:
    create(page, PHYLO, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    glossary = _glossary(server, PHYLO)
    page.click("#key-panel summary")
    legend = page.locator("#legend")
    legend.wait_for()
    terms = legend.locator("dt").all_inner_texts()
    meanings = legend.locator("dd").all_inner_texts()
    assert dict(zip(terms, meanings, strict=True)) == glossary
