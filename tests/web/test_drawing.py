"""How the match page draws, in a real browser: the server's messages that arrive together
(a bot's moves come in bursts: an ack, an update per move) are taken and drawn once, at
the next frame, so that the page's state and what it shows change together; a page that
gets no frames still draws them soon after, and a hidden tab at once. The text picture
beside a board is fetched only while its panel is open, and the panel stays open from
one update to the next. A panel unfolded a moment before a draw stays unfolded."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Server
from tests.web.helpers import act_once, create, wait_moved, wait_ready

FOREST = "once-upon-a-forest"

# Counts the page's draws from now on (window.__draws).
COUNT_DRAWS = """() => {
  const p = window.ecotonePage; const draw = p.draw.bind(p);
  window.__draws = 0;
  p.draw = () => { window.__draws += 1; draw(); };
}"""

# Three lines of table talk handed to the page as if on its socket, one after another in
# one task; then what the page holds and shows at once, and after its next frames.
THREE_LINES = """async () => {
  const p = window.ecotonePage;
  const before = p.chat.length;
  for (const text of ["one", "two", "three"]) {
    const line = { id: 9000 + before, seat: 1, name: null, text, at: 0 };
    p.receive(p.ws, { type: "chat", line });
  }
  const at_once = { taken: p.chat.length - before, draws: window.__draws,
                    shown: document.getElementById("chat-lines").innerText };
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  return { at_once, taken: p.chat.length - before, draws: window.__draws,
           shown: document.getElementById("chat-lines").innerText };
}"""


def test_messages_that_come_together_are_taken_and_drawn_once_at_the_next_frame(
    page: Any, server: Server
) -> None:
    create(page, FOREST, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    page.evaluate(COUNT_DRAWS)
    got = page.evaluate(THREE_LINES)
    # nothing is taken before the frame: the page shows what it holds
    assert got["at_once"] == {"taken": 0, "draws": 0, "shown": got["at_once"]["shown"]}
    assert "three" not in got["at_once"]["shown"]
    # then all three at once, in their order, in one draw
    assert got["taken"] == 3
    assert got["draws"] == 1
    shown = got["shown"]
    assert shown.index("one") < shown.index("two") < shown.index("three")


def test_a_page_without_frames_still_draws_what_comes(page: Any, server: Server) -> None:
    create(page, FOREST, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    # a hidden tab gets no animation frames: none come here from now on
    page.evaluate("() => { window.requestAnimationFrame = () => 0; }")
    page.evaluate(COUNT_DRAWS)
    page.evaluate(
        """() => { const p = window.ecotonePage;
                   p.receive(p.ws, { type: "chat", line: { id: 9100, seat: 1, name: null,
                                                           text: "still here", at: 0 } }); }"""
    )
    page.wait_for_function(
        "() => document.getElementById('chat-lines').innerText.includes('still here')",
        polling=50,  # by a timer: the page's frames are switched off
        timeout=5_000,
    )
    assert page.evaluate("() => window.__draws") == 1
    # a hidden tab draws a message at once: its title says whose turn it is
    drawn = page.evaluate(
        """() => { Object.defineProperty(document, 'hidden', { get: () => true });
                   const p = window.ecotonePage;
                   p.receive(p.ws, { type: "chat", line: { id: 9101, seat: 1, name: null,
                                                           text: "seen hidden", at: 0 } });
                   return [window.__draws,
                           document.getElementById('chat-lines').innerText]; }"""
    )
    assert drawn[0] == 2
    assert "seen hidden" in drawn[1]


def test_the_text_picture_is_fetched_only_while_open_and_stays_open(
    page: Any, server: Server
) -> None:
    create(page, FOREST, ["you", "bot:random"])
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/render") else None)
    for _ in range(2):
        assert wait_ready(page) == "act"
        act_once(page)
    assert wait_ready(page) == "act"
    assert asked == [], "the text picture was fetched while its panel was folded"
    panel = page.locator("#text-panel")
    assert panel.get_attribute("open") is None
    panel.locator("summary").click()
    picture = panel.locator("pre.render")
    page.wait_for_function(
        "() => { const t = document.querySelector('#text-panel pre.render').innerText;"
        " return t && t !== 'Loading…'; }",
        timeout=10_000,
    )
    first = picture.inner_text()
    assert len(asked) == 1
    # the panel stays open across the updates that follow, with the picture of each,
    # fetched once per update (a panel drawn open again is not a new opening)
    version = page.evaluate("() => window.ecotonePage.version")
    act_once(page)
    wait_moved(page, version)
    assert wait_ready(page) == "act"
    now = page.evaluate("() => window.ecotonePage.version")
    page.wait_for_function(
        """(first) => { const p = window.ecotonePage;
          return p.textVersion === p.version
            && document.querySelector('#text-panel pre.render').innerText !== first; }""",
        arg=first,
        timeout=10_000,
    )
    assert panel.get_attribute("open") is not None
    assert 2 <= len(asked) <= 1 + (now - version), (asked, version, now)


def test_a_panel_unfolded_just_before_a_draw_stays_unfolded(page: Any, server: Server) -> None:
    create(page, FOREST, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    # the click and a draw in one task: the panel's toggle event has not come yet
    opened = page.evaluate(
        """() => { document.querySelector('#key-panel > summary').click();
                   window.ecotonePage.draw();
                   return document.querySelector('#key-panel').open; }"""
    )
    assert opened, "the panel unfolded a moment before the draw was folded again by it"
    page.evaluate(
        """() => { document.querySelector('#key-panel > summary').click();
                   window.ecotonePage.draw(); }"""
    )
    assert page.locator("#key-panel[open]").count() == 0
