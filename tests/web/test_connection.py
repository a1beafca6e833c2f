"""The connection in a real browser: when the server dies mid-match the page says so at
once, keeps trying with a growing (capped) wait, does not offer "Your turn" as if it could
act, and keeps a move chosen meanwhile; when the server is back on the same port and
database the page reconnects by itself, the kept move is played and the match goes on.
A kept move the match has moved past is refused on the screen, never silently dropped.

The default run cuts the page's connection in the page itself (its sockets sent
nowhere, then mended); the slow run kills the real server and starts it again, the
seconds of two server starts and of the page's growing waits."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import Server, free_port, launch, shot, stop
from tests.web.helpers import STEP_MS, act_once, create, wait_ready

FOREST = "once-upon-a-forest"

# In the page: sockets that can reach nothing (a port nobody listens on), as when the
# network is gone, and back to real ones.
CUT = """() => {
  window.RealWebSocket = window.RealWebSocket || window.WebSocket;
  window.WebSocket = class extends window.RealWebSocket {
    constructor() { super('ws://127.0.0.1:9/'); }
  };
  window.ecotonePage.ws.close();
}"""
MEND = "() => { window.WebSocket = window.RealWebSocket; }"


def keep_a_move(page: Any, version: int) -> str:
    """Choose the first move offered while the connection is lost: the page keeps it, says
    so, and plays nothing yet. Returns the move's text."""
    choice = page.locator("#actions button[data-index]:not([disabled])").first
    text: str = choice.inner_text()
    choice.click()
    queued = page.locator("#queued")
    queued.wait_for()
    assert f"“{text}” is kept" in queued.inner_text()
    assert page.evaluate("() => window.ecotonePage.version") == version
    return text


@pytest.fixture
def own_page(browser: Any) -> Iterator[Any]:
    """A browser context of its own, for a server of the test's own."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


@pytest.mark.slow
def test_the_server_dies_mid_match_and_play_resumes_with_nothing_lost(
    own_page: Any, tmp_path: Path
) -> None:
    page = own_page
    port, db, log = free_port(), tmp_path / "ecotone.db", tmp_path / "server.log"
    srv = launch(port, db, log)
    try:
        page.goto(srv.url + "/")
        match = create(page, FOREST, ["you", "bot:random"])
        for _ in range(2):
            assert wait_ready(page) == "act"
            act_once(page)
        assert wait_ready(page) == "act"
        version = page.evaluate("() => window.ecotonePage.version")

        # the server is killed: the banner says so, and the turn is not offered as playable
        srv.proc.kill()
        srv.proc.wait(10)
        banner = page.locator("#connection")
        banner.wait_for(timeout=15_000)
        assert "Connection lost" in banner.inner_text()
        assert "Reconnecting" in banner.inner_text()
        assert page.locator("#turn").inner_text() == "Your turn, once the connection is back"
        assert not page.locator("#turn.you").count()
        # the waits grow: several tries go by while the server is down
        page.wait_for_function("() => window.ecotonePage.retry >= 3", timeout=30_000)

        # a move chosen now is kept, and said to be kept
        text = keep_a_move(page, version)
        shot(page, "connection-lost-move-kept")

        # the server comes back on the same port and database: the page finds it by itself
        srv = launch(port, db, log)
        banner.wait_for(state="detached", timeout=STEP_MS)
        page.wait_for_function(f"() => window.ecotonePage.version > {version}", timeout=STEP_MS)
        played = page.evaluate(
            f"() => window.ecotonePage.log.find((e) => e.version === {version} + 1)"
        )
        assert played["seat"] == 0, played
        assert played["text"] == text, played
        assert not page.locator("#refusal").count()
        assert srv.get(f"/api/v1/matches/{match}")["version"] > version
        # and play goes on
        if wait_ready(page) == "act":
            before = page.evaluate("() => window.ecotonePage.version")
            act_once(page)
            assert page.evaluate("() => window.ecotonePage.version") > before
        shot(page, "connection-back")
    finally:
        stop(srv)


def test_a_move_kept_offline_is_played_once_the_connection_is_back(page: Any) -> None:
    create(page, FOREST, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    version = page.evaluate("() => window.ecotonePage.version")

    # the connection is lost: the banner says so, and the turn is not offered as playable
    page.evaluate(CUT)
    banner = page.locator("#connection")
    banner.wait_for()
    assert "Connection lost" in banner.inner_text()
    assert page.locator("#turn").inner_text() == "Your turn, once the connection is back"
    assert not page.locator("#turn.you").count()

    # a move chosen now is kept, and said to be kept
    text = keep_a_move(page, version)

    # the network is back: the page's own next try finds it, and the kept move is played
    page.evaluate(MEND)
    banner.wait_for(state="detached", timeout=STEP_MS)
    page.wait_for_function(f"() => window.ecotonePage.version > {version}", timeout=STEP_MS)
    played = page.evaluate(f"() => window.ecotonePage.log.find((e) => e.version === {version} + 1)")
    assert (played["seat"], played["text"]) == (0, text), played
    assert not page.locator("#refusal").count()
    assert not page.locator("#queued").count()


def test_a_move_kept_offline_is_refused_on_screen_when_the_match_moved_on(
    page: Any, server: Server
) -> None:
    match = create(page, FOREST, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    version = page.evaluate("() => window.ecotonePage.version")
    token = page.evaluate(f"() => JSON.parse(sessionStorage.getItem('ecotone.seats.{match}'))[0]")
    page.evaluate(CUT)
    page.locator("#connection").wait_for()
    buttons = page.locator("#actions button[data-index]:not([disabled])")
    assert buttons.count() > 1
    kept = buttons.first.inner_text()
    other = buttons.last.inner_text()
    buttons.first.click()
    page.locator("#queued").wait_for()
    # the banner offers to try at once rather than wait out the back-off
    assert page.locator("#connection #retry-now").is_visible()
    # meanwhile the same seat plays another move from elsewhere (another device)
    server.post(f"/api/v1/matches/{match}/actions", {"version": version, "action": other}, token)
    page.evaluate(MEND)
    # "Try now", unless the back-off's own retry has already brought the connection back
    # (then the banner and its button are gone, and the kept move is on its way anyway)
    page.evaluate("() => window.ecotonePage.retryNow()")
    refusal = page.locator("#refusal")
    refusal.wait_for(timeout=STEP_MS)
    said = refusal.inner_text()
    assert f"“{kept}”" in said, said
    assert "was not played" in said, said
    assert "moved on" in said, said
    assert refusal.get_attribute("data-code") == "match/stale"
    assert not page.locator("#connection").count()
    played = page.evaluate(f"() => window.ecotonePage.log.find((e) => e.version === {version} + 1)")
    assert played["text"] == other
    shot(page, "connection-kept-move-refused")


def test_between_a_moves_ack_and_its_view_the_old_choices_are_not_offered(page: Any) -> None:
    """The server acknowledges a move before it sends the view that follows it. Held
    back here, that view is late: until it comes, the page offers nothing to click,
    never the choices the move has just used up."""
    held: list[str | bytes] = []
    holding = [False]
    routes: list[Any] = []

    def route(ws: Any) -> None:
        to_server = ws.connect_to_server()
        routes.append(ws)

        def from_server(message: str | bytes) -> None:
            if holding[0] and json.loads(message).get("type") == "update":
                held.append(message)
            else:
                ws.send(message)

        to_server.on_message(from_server)
        ws.on_message(to_server.send)

    page.route_web_socket("**/api/v1/matches/*/ws", route)
    create(page, FOREST, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    version = page.evaluate("() => window.ecotonePage.version")
    holding[0] = True
    page.locator("#actions button[data-index]:not([disabled])").first.click()
    # the ack is in (the move is no longer in flight) and the view is held back
    page.wait_for_function("() => window.ecotonePage.inflight === null", timeout=STEP_MS)
    assert page.evaluate("() => window.ecotonePage.version") == version
    assert not page.locator("#actions button[data-index]:not([disabled])").count()
    holding[0] = False
    for message in held:
        routes[-1].send(message)
    assert wait_ready(page) in ("act", "over")
    assert page.evaluate("() => window.ecotonePage.version") > version
