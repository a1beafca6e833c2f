"""Cards that cannot be played now, in a real browser: while a seat decides which hand
card to play, each card of its hand that no legal action uses is greyed and marked, and
hovering or tapping it says why (the game's reason when the server sends one,
``state.unplayable(seat)``; else that no legal move uses it). Cards a legal action uses are
not marked, and nothing is marked while the seat does not decide."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Server, shot
from tests.web.helpers import create, wait_ready

BIOMASTERS = "biomasters"
NO_MOVE = "no legal move uses this card now"

USED = """() => {
  const u = window.ecotonePage.update;
  const named = new Set(u.legal.flatMap((l) => Object.entries(l.action)
    .filter(([k, v]) => k !== 'type' && typeof v === 'string').map(([, v]) => v)));
  const uses = (c) => named.has(c) || named.has(c.split('#')[0]);
  return u.observation.hands[u.seat].cards.map((c) => [c, uses(c), u.unplayable[c] || null]);
}"""


def test_hand_cards_no_legal_move_uses_are_marked_with_the_reason(
    page: Any, server: Server
) -> None:
    create(page, BIOMASTERS, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    hand: list[tuple[str, bool, str | None]] = page.evaluate(USED)
    unused = [(card, reason) for card, used, reason in hand if not used or reason]
    usable = [card for card, used, reason in hand if used and not reason]
    assert unused, "the deal gives this seat a card it cannot play at once"
    assert usable, "and one it can"
    for card, reason in unused:
        face = page.locator(f"#my-hand [data-card='{card}']")
        assert "unplayable" in (face.get_attribute("class") or "")
        assert face.get_attribute("data-unplayable") == (reason or NO_MOVE)
        assert f"Cannot be played now: {reason or NO_MOVE}" in (face.get_attribute("title") or "")
    for card in usable:
        face = page.locator(f"#my-hand [data-card='{card}']")
        assert "unplayable" not in (face.get_attribute("class") or "")
        assert face.get_attribute("data-unplayable") is None
    # resting on a marked card shows its face with the reason
    card, reason = unused[0]
    page.locator(f"#my-hand [data-card='{card}']").hover()
    pop = page.locator("#face-pop")
    pop.wait_for(state="visible")
    said = pop.locator(".pop-unplayable").inner_text()
    assert f"Cannot be played now: {reason or NO_MOVE}" in said
    shot(page, "unplayable-cards")


def test_the_games_reason_is_shown_even_for_a_card_a_legal_action_uses(page: Any) -> None:
    """The game may judge a card unplayable that a legal action still names (a card that
    can only be dropped, not played): its reason, as the server sends it, is what shows."""
    create(page, BIOMASTERS, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    hand: list[tuple[str, bool, str | None]] = page.evaluate(USED)
    card = next(c for c, used, _ in hand if used)
    page.evaluate(
        """(card) => { const p = window.ecotonePage;
        p.update.unplayable = {[card]: 'it needs a HOME or a producer beside it'}; p.draw(); }""",
        card,
    )
    face = page.locator(f"#my-hand [data-card='{card}']")
    assert face.get_attribute("data-unplayable") == "it needs a HOME or a producer beside it"
    face.focus()
    page.keyboard.press("i")
    assert "it needs a HOME or a producer beside it" in page.locator("#face-pop").inner_text()


def test_nothing_is_marked_while_the_seat_does_not_decide(page: Any) -> None:
    create(page, BIOMASTERS, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    page.evaluate("() => { const p = window.ecotonePage; p.update.legal = []; p.draw(); }")
    assert page.locator("#my-hand [data-card]").count()
    assert not page.locator("#my-hand .unplayable").count()
