"""Taking back a decision on the match page, in a real browser against a real server:
against a bot the Undo button takes back at once; between two people (two browser
contexts) the other is asked, with Accept and Decline, and sees the outcome; a refused
take-back says why in the game's words."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import shot
from tests.web.helpers import STEP_MS, create, wait_ready

FOREST = "once-upon-a-forest"
PHYLO = "phylo"


def version(page: Any) -> int:
    v: int = page.evaluate("() => window.ecotonePage.version")
    return v


def click_listed(page: Any, text: str) -> None:
    """Take the listed choice whose words begin with ``text`` and wait for the update."""
    at = version(page)
    page.locator("#actions button[data-index]:not([disabled])", has_text=text).first.click()
    page.wait_for_function(f"() => window.ecotonePage.version > {at}", timeout=STEP_MS)


def seen(page: Any, at: int) -> None:
    """Wait until ``page`` has the view of version ``at``: each browser hears of a
    decision in its own time."""
    page.wait_for_function(f"() => window.ecotonePage.version >= {at}", timeout=STEP_MS)


def press_undo(page: Any) -> None:
    """Press Undo as a person does, also when it is off (``aria-disabled``: still
    focusable and pressable, to say why; Playwright would wait for it to be enabled)."""
    page.click("#undo", force=True)


def undo_state(page: Any) -> dict[str, Any]:
    """The Undo button as the page shows it: off or on, its code and what it says."""
    state: dict[str, Any] = page.evaluate(
        """() => { const b = document.querySelector('#undo');
          return b && {off: b.getAttribute('aria-disabled') === 'true',
                       code: b.dataset.code || null, title: b.title, text: b.textContent}; }"""
    )
    return state


def test_against_a_bot_the_undo_button_takes_back_at_once(page: Any) -> None:
    create(page, FOREST, ["you", "bot:heuristic"], name="Ana")
    assert wait_ready(page) == "act"
    assert undo_state(page)["code"] == "undo/nothing"
    # draw until a card can be placed; a draw showed a hidden card, so it stands
    for _ in range(40):
        assert wait_ready(page) == "act"
        if page.locator("#actions button[data-index]", has_text="place").count():
            break
        click_listed(page, "draw")
        undo = undo_state(page)
        assert undo["off"], undo
        assert undo["code"] in ("undo/revealed", "undo/not-yours"), undo
    else:
        raise AssertionError("no card to place in 40 turns")
    # a refused take-back says why, in the game's words
    press_undo(page)
    refusal = page.locator("#refusal")
    refusal.wait_for()
    assert refusal.inner_text().startswith("You cannot take that back: ")
    assert refusal.get_attribute("data-code") in ("undo/revealed", "undo/not-yours")
    before = page.locator("#actions button[data-index]").all_inner_texts()
    placed = page.locator("#actions button[data-index]", has_text="place").first.inner_text()
    click_listed(page, placed)
    undo = undo_state(page)
    assert not undo["off"], undo
    assert undo["text"] == "↶ Undo", "nobody to ask against a bot"
    at = version(page)
    page.click("#undo")
    page.wait_for_function(f"() => window.ecotonePage.version > {at}", timeout=STEP_MS)
    # back where it was: the same choices, and the log says what was taken back
    assert wait_ready(page) == "act"
    assert page.locator("#actions button[data-index]").all_inner_texts() == before
    took = page.locator("#log li.took-back").last
    assert took.inner_text() == f"↶ Ana took back: {placed}"
    assert not page.locator(f"#log li[data-version='{at}']").count(), "the step is gone"
    assert "taken back" in page.locator("#undo-note").inner_text()
    shot(page, "undo-against-a-bot")


def test_two_people_one_asks_the_other_accepts_then_declines(page: Any, new_page: Any) -> None:
    match = create(page, PHYLO, ["you", "human"], name="Ana")
    ben = new_page()
    ben.fill("#player-name", "Ben")
    ben.locator(f"#open-matches li:has(button[aria-label*='{match}']) button").click()
    ben.wait_for_selector("#actions")
    page.wait_for_function(
        "() => document.querySelector('.seat-chip[data-seat=\"1\"]').textContent.includes('Ben')"
    )
    first = page if page.evaluate("() => window.ecotonePage.update.waiting_for[0] === 0") else ben
    other = ben if first is page else page
    asker, asked = ("Ana", "Ben") if first is page else ("Ben", "Ana")
    assert wait_ready(first) == "act"
    assert undo_state(first)["code"] == "undo/nothing"

    # the first player passes and asks to take it back: the other is asked
    click_listed(first, "pass")
    undo = undo_state(first)
    assert (undo["off"], undo["text"]) == (False, "↶ Ask to undo"), undo
    assert asked in undo["title"]
    seen(other, version(first))
    assert undo_state(other)["code"] == "undo/not-yours"
    at = version(first)
    first.click("#undo")
    box = other.locator("#undo-offer.asked")
    box.wait_for()
    assert f"{asker} asks to take back a decision" in box.inner_text()
    assert "“pass”" in box.inner_text()
    assert other.evaluate("() => document.activeElement.id") == "undo-accept"
    first.wait_for_selector("#undo-offer")
    assert f"waiting for {asked} to accept" in first.locator("#undo-offer").inner_text()
    assert undo_state(first)["text"] == "↶ Asked…"
    shot(other, "undo-asked")
    other.click("#undo-accept")
    for p in (first, other):
        p.wait_for_function(f"() => window.ecotonePage.version > {at}", timeout=STEP_MS)
        p.wait_for_selector("#log li.took-back")
        assert p.locator("#log li.took-back").last.inner_text() == f"↶ {asker} took back: pass"
        assert not p.locator("#undo-offer").count()
    assert wait_ready(first) == "act"
    assert "Your last decision is taken back" in first.locator("#undo-note").inner_text()
    assert f"{asker} took back their last decision" in other.locator("#undo-note").inner_text()

    # again, and this time the other declines: the pass stands, and is not asked again
    click_listed(first, "pass")
    at = version(first)
    first.click("#undo")
    other.locator("#undo-offer.asked").wait_for()
    other.click("#undo-decline")
    first.wait_for_selector("#undo-note:has-text('declined')")
    # the notice closes the request's box at once; the view with the verdict follows it
    assert not first.locator("#undo-offer").count()
    first.wait_for_function(
        "() => document.querySelector('#undo')?.dataset.code === 'undo/declined'"
    )
    assert version(first) == at, "nothing was taken back"
    undo = undo_state(first)
    assert (undo["off"], undo["code"]) == (True, "undo/declined"), undo
    assert "said no" in undo["title"]
    press_undo(first)
    assert first.locator("#refusal").inner_text() == (
        "You cannot take that back: the others said no to taking this decision back."
    )
    shot(first, "undo-declined")
    assert wait_ready(other) == "act", "the other plays on"
