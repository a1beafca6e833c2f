"""Resigning and leaving on the match page, in a real browser: each asks first; a
resignation ends the match at once with the resigning seat beaten (the final panel says
who resigned and who won), and leaving gives the seat to a bot and forgets it here."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Server, shot
from tests.web.helpers import create, wait_ready

FOREST = "once-upon-a-forest"


def test_resigning_asks_first_then_ends_the_match_and_the_other_side_wins(
    page: Any, server: Server
) -> None:
    match = create(page, FOREST, ["you", "bot:heuristic"], name="Ana")
    assert wait_ready(page) == "act"
    # asked, and "Keep playing" changes nothing
    page.click("#resign")
    dialog = page.locator("#confirm-dialog")
    dialog.wait_for()
    assert "you lose" in dialog.inner_text()
    assert "Heuristic bot wins" in dialog.inner_text()
    assert page.evaluate("() => document.activeElement.id") == "confirm-no"
    shot(page, "resign-asked")
    page.click("#confirm-no")
    dialog.wait_for(state="detached")
    assert server.get(f"/api/v1/matches/{match}")["status"] == "active"
    assert not page.locator("#final").count()
    # asked again, and this time yes
    page.click("#resign")
    page.click("#confirm-yes")
    final = page.locator("#final")
    final.wait_for()
    assert "You resigned" in final.inner_text()
    info = server.get(f"/api/v1/matches/{match}")
    assert (info["status"], info["resigned"], info["winners"]) == ("over", 0, [1])
    assert "Heuristic bot wins" in final.locator("#final-winners").inner_text()
    assert "winner" in final.locator("tr[data-seat='1']").inner_text()
    assert "resigned" in final.locator("tr[data-seat='0']").inner_text()
    assert not page.locator("#resign, #leave").count(), "nothing left to resign or leave"
    shot(page, "resigned")


def test_leaving_asks_first_then_a_bot_plays_the_seat_and_this_browser_forgets_it(
    page: Any, server: Server
) -> None:
    match = create(page, FOREST, ["you", "bot:random"], name="Ana")
    assert wait_ready(page) == "act"
    page.click("#leave")
    dialog = page.locator("#confirm-dialog")
    dialog.wait_for()
    assert "A bot plays your seat" in dialog.inner_text()
    page.keyboard.press("Escape")  # the way out by keyboard
    dialog.wait_for(state="detached")
    assert server.get(f"/api/v1/matches/{match}")["seats"][0]["joined"]
    page.click("#leave")
    page.click("#confirm-yes")
    page.wait_for_url("**/#/")
    page.wait_for_selector("#toast :text('You left P1 (Ana)')")
    info = server.get(f"/api/v1/matches/{match}")
    assert not info["seats"][0]["joined"]
    assert info["seats"][0]["taken_over"], "a bot plays the seat until someone takes it"
    stored = page.evaluate(f"() => sessionStorage.getItem('ecotone.seats.{match}')")
    assert stored is None
    page.wait_for_selector("#my-matches li")
    assert not page.locator(f"#my-matches li[data-match='{match}']").count()
