"""A draw patches the match page instead of building it again, in a real browser: what is
still on the page stays the same element, so the player loses nothing of what they were
doing when an update comes. The log and the chat follow their newest line unless the
reader scrolled back; what is typed keeps its caret; a card's face shown by resting on it
stays shown; a board's own choices (a card picked) still draw the page."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Server
from tests.web.helpers import act_once, create, say, wait_ready

FOREST = "once-upon-a-forest"

# The chat's scroll: how far down, and how far from its end.
CHAT_SCROLL = """() => { const el = document.getElementById("chat-lines");
  return { top: el.scrollTop, fromEnd: el.scrollHeight - el.scrollTop - el.clientHeight,
           scrolls: el.scrollHeight > el.clientHeight }; }"""


# Scrolls the chat to its top or its end and waits for its scroll event.
SCROLL_TO = """(end) => new Promise((done) => {
  const el = document.getElementById("chat-lines");
  el.addEventListener("scroll", done, { once: true });
  el.scrollTop = end ? el.scrollHeight : 0;
})"""


def scroll_chat(page: Any, end: bool) -> None:
    """Scroll the chat as a reader does, to its top or its end."""
    page.evaluate(SCROLL_TO, end)


def test_a_draw_keeps_every_element_still_on_the_page(page: Any, server: Server) -> None:
    create(page, FOREST, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    ids = ["board", "chat-lines", "chat-input", "actions", "rules-panel", "key-panel"]
    page.evaluate(
        "(ids) => { for (const id of ids) document.getElementById(id).__kept = id; }", ids
    )
    shown = say(page)
    assert page.locator("#chat-lines").inner_text().count("line ") == 1
    assert shown == page.evaluate("() => window.ecotonePage.chat.length")
    kept = page.evaluate(
        "(ids) => ids.filter((id) => document.getElementById(id).__kept === id)", ids
    )
    assert kept == ids, "an element still on the page is the same element after a draw"

    # a panel the page keeps no state of stays as the player left it
    species = page.locator("#board details.panel").filter(has_text="The species of this forest")
    species.locator("summary").click()
    say(page)
    assert species.get_attribute("open") is not None, "a panel unfolded stays unfolded"
    species.locator("summary").click()
    say(page)
    assert species.get_attribute("open") is None


def test_the_chat_follows_its_newest_line_unless_the_reader_scrolled_back(
    page: Any, server: Server
) -> None:
    create(page, FOREST, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    say(page, 40)
    at = page.evaluate(CHAT_SCROLL)
    assert at["scrolls"], "forty lines are more than the chat shows at once"
    assert at["fromEnd"] < 4, "the newest line is in view"
    # the reader scrolls back to read: the next lines leave them where they are
    scroll_chat(page, end=False)
    say(page, 3)
    at = page.evaluate(CHAT_SCROLL)
    assert at["top"] == 0, "a draw does not pull a reader who scrolled back to the end"
    assert at["fromEnd"] > 4
    # back at the end, the chat follows again
    scroll_chat(page, end=True)
    say(page, 3)
    assert page.evaluate(CHAT_SCROLL)["fromEnd"] < 4
    last = page.locator("#chat-lines > div").last.inner_text()
    assert last.endswith(f"line {9000 + 46}"), last


def test_what_is_being_typed_keeps_its_caret_while_updates_come(page: Any, server: Server) -> None:
    create(page, FOREST, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    page.click("#chat-input")
    page.keyboard.type("hello world")
    page.evaluate("() => document.getElementById('chat-input').setSelectionRange(5, 5)")
    say(page, 2)
    field = page.evaluate(
        """() => { const el = document.getElementById('chat-input');
                   return { value: el.value, caret: el.selectionStart,
                            focused: document.activeElement === el }; }"""
    )
    assert field == {"value": "hello world", "caret": 5, "focused": True}
    page.keyboard.type(",")  # typing goes on where the caret was
    assert page.input_value("#chat-input") == "hello, world"
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => document.getElementById('chat-lines').innerText.includes('hello, world')"
    )
    assert page.input_value("#chat-input") == ""


def test_a_cards_face_shown_stays_shown_when_an_update_comes(page: Any, server: Server) -> None:
    create(page, FOREST, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    card = page.locator("#board .forest [data-card]").first  # a card in a forest
    card.hover()
    page.wait_for_selector("#face-pop:not([hidden])")
    named = card.get_attribute("data-card")
    say(page)
    assert page.locator("#face-pop:not([hidden])").count() == 1, "the face stays shown"
    assert page.get_attribute("#face-pop", "data-card") == named
    assert card.get_attribute("aria-describedby") == "face-pop", "the card is named by it again"


def test_a_card_picked_on_the_board_draws_the_page_and_its_places_work(
    page: Any, server: Server
) -> None:
    create(page, FOREST, ["you", "bot:random"])
    for _ in range(20):  # draw until there is a card to place
        assert wait_ready(page) == "act"
        if page.locator(".hand button.playable").count() > 1:
            break
        page.locator("button.pile.target").first.click()
        page.wait_for_function("() => !window.ecotonePage.busy")
    else:
        raise AssertionError("no choice of cards to place in 20 decisions")
    board = page.evaluate("() => { document.getElementById('board').__kept = true; return true; }")
    assert board
    page.locator(".hand button.playable").nth(1).click()
    assert page.locator(".hand button.selected").count() == 1
    assert page.evaluate("() => document.getElementById('board').__kept === true")
    version = page.evaluate("() => window.ecotonePage.version")
    page.locator("button.slot.target").first.click()
    page.wait_for_function(f"() => window.ecotonePage.version > {version}")
    assert not page.locator("#refusal").count()


# The first tile placement offered in two or more turns: its index, then each turn's.
TURNS = """() => {
  const places = window.ecotonePage.update.legal.filter((l) => l.action.type === "place");
  const key = (a) => `${a.tile} ${a.cell}`;
  const by = new Map();
  for (const l of places) by.set(key(l.action), [...(by.get(key(l.action)) || []), l]);
  const many = [...by.values()].find((ls) => ls.length > 1);
  return many ? many.map((l) => [l.index, l.action.rotation]) : null;
}"""


def test_the_turn_hovered_shows_on_the_board_after_a_draw(page: Any, server: Server) -> None:
    create(page, "biome-borneo", ["you", "bot:heuristic"])
    for _ in range(150):  # the first listed choice until a tile is to be placed
        assert wait_ready(page) == "act", "the match ended before a tile was to be placed"
        turns = page.evaluate(TURNS)
        if turns:
            break
        act_once(page)
    else:
        raise AssertionError("no tile to place in several turns in 150 decisions")
    (first, _), (_, other) = turns[0], turns[1]
    for _ in range(3):  # the tile, then the cell: each narrows the choice and draws the page
        narrow = page.locator(
            f'#board [data-legal~="{first}"][data-pick]:not([aria-pressed="true"])'
        )
        if not narrow.count():
            break
        narrow.first.click()
    page.wait_for_selector("#bm-ghost")
    ghost = page.locator("#bm-ghost")
    shown = ghost.inner_html()
    assert shown, "the tile is shown on its cell, turned as the first turn offered"
    say(page)  # a draw: the ghost on the page is the one an earlier draw put there
    page.hover(f"#bm-turn-{other}")
    turned = ghost.inner_html()
    assert turned != shown, "hovering another turn shows the tile so turned"
    page.hover(f"#bm-turn-{turns[0][1]}")  # (it has the keyboard's focus already)
    assert ghost.inner_html() == shown
