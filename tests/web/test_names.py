"""Players have names: asked when creating and joining (and remembered), shown on the seats,
the turn line, the log and the notices of every viewer; the viewer's own seat says
"(you)", never "You" as a name; bots are named by their kind and strength."""

from __future__ import annotations

import re
from typing import Any

from tests.web.conftest import Server, shot
from tests.web.helpers import create, wait_ready

FOREST = "once-upon-a-forest"


def chips(page: Any) -> list[str]:
    """The seat labels as shown, in seat order, without what follows the name (points,
    "away")."""
    texts: list[str] = page.locator(".seat-chip").all_inner_texts()
    return [re.sub(r" · (-?[\d.]+ pts?|away|bot playing).*$", "", t) for t in texts]


def test_two_named_players_and_a_spectator_see_each_others_names(
    page: Any, new_page: Any, server: Server
) -> None:
    # Ana creates a match for two people; without a name the lobby asks for one first
    page.wait_for_selector("#create-match")
    page.click(f"[data-game={FOREST}]")
    page.fill("#player-name", "")
    page.select_option("select[data-seat='1']", "human")
    page.click("#create-match")
    assert page.evaluate("() => document.activeElement.id") == "player-name"
    assert page.get_attribute("#player-name", "aria-invalid") == "true"
    assert "#/match/" not in page.url
    match = create(page, FOREST, ["you", "human"], name="Ana")

    # Ben joins from his own browser's lobby, under his name
    ben = new_page()
    row = ben.locator(f"#open-matches li:has(button[aria-label*='{match}'])")
    row.wait_for()
    assert "Ana" in row.inner_text()
    ben.fill("#player-name", "Ben")
    row.locator("button").click()
    ben.wait_for_selector("#board")
    # the name is remembered for the next visit
    assert ben.evaluate("() => localStorage.getItem('ecotone.name')") == "Ben"

    # and a third browser watches
    watcher = new_page()
    watcher.goto(f"{server.url}/#/match/{match}/watch")
    watcher.wait_for_selector("#board")

    page.wait_for_function("() => [...document.querySelectorAll('.seat-chip')].length === 2")
    page.wait_for_function(
        "() => document.querySelector('.seat-chip[data-seat=\"1\"]').textContent.includes('Ben')"
    )
    assert chips(page) == ["P1 · Ana (you)", "P2 · Ben"]
    assert chips(ben) == ["P1 · Ana", "P2 · Ben (you)"]
    assert chips(watcher) == ["P1 · Ana", "P2 · Ben"]
    for p in (page, ben, watcher):
        assert not re.search(r"\bYou\b", " ".join(chips(p))), chips(p)
    # whose turn it is, by name, for the others
    assert wait_ready(page) == "act"
    assert page.locator("#turn").inner_text() == "Your turn"
    assert "Waiting for Ana" in ben.locator("#turn").inner_text()
    assert "Waiting for Ana" in watcher.locator("#turn").inner_text()
    # Ana moves: the log says her name to everyone
    version = page.evaluate("() => window.ecotonePage.version")
    page.locator("#actions button[data-index]").first.click()
    for p in (ben, watcher):
        p.wait_for_function(f"() => window.ecotonePage.version > {version}")
        p.wait_for_selector("#log li")
        assert p.locator("#log li").first.inner_text().startswith("Ana: ")
    assert "Waiting for Ben" in page.locator("#turn").inner_text()
    shot(ben, "names-two-players")
    shot(watcher, "names-spectator")

    # Ben leaves and comes back through the page's own "Take a seat": the notices name him
    ben.evaluate(
        f"""async () => {{
            const api = await import('/static/js/api.js');
            const token = api.heldSeats('{match}')[1];
            await api.api('/matches/{match}/leave', {{method: 'POST', token}});
        }}"""
    )
    page.wait_for_selector("#toast :text('Ben left P2')")
    watcher.wait_for_selector("#join-bar")
    watcher.fill("#join-name", "Cleo")
    watcher.click("#take-seat")
    # seated, and drawn: taking a seat from the watch page opens the match page afresh
    watcher.wait_for_function(
        "() => window.ecotonePage.seat === 1 && window.ecotonePage.update"
        " && document.querySelector('.seat-chip')"
    )
    page.wait_for_function(
        "() => document.querySelector('.seat-chip[data-seat=\"1\"]').textContent.includes('Cleo')"
    )
    assert chips(watcher)[1].startswith("P2 · Cleo (you)")


def test_bots_are_named_by_kind_and_strength(page: Any) -> None:
    page.wait_for_selector("#create-match")
    page.click(f"[data-game={FOREST}]")
    offered = page.locator("select[data-seat='1'] option").all_inner_texts()
    assert "Heuristic bot (medium)" in offered
    assert "ISMCTS bot (strong)" in offered
    assert not any(o.startswith("Bot:") for o in offered)
    create(page, FOREST, ["you", "bot:heuristic"], name="Ana")
    page.wait_for_selector(".seat-chip")
    assert chips(page)[1].startswith("P2 · Heuristic bot")
