"""The end of a match, in a real browser: every seat's score broken down term by term (the
game's ``breakdown``, sent with the final view), a link to the replay, and the replay's
log in step with the board (the step shown is marked in the log and scrolled into view,
and a click on a step of the log goes there)."""

from __future__ import annotations

import re
from typing import Any

from tests.web.conftest import Server, shot
from tests.web.helpers import act_once, create, wait_ready

FOREST = "once-upon-a-forest"


def _finish(page: Any, moves: int = 6) -> str:
    """A Forest match against a bot, a few moves in, then resigned: a finished match."""
    match = create(page, FOREST, ["you", "bot:heuristic"], name="Ana")
    for _ in range(moves):
        assert wait_ready(page) == "act"
        act_once(page)
    page.click("#resign")
    page.click("#confirm-yes")
    page.locator("#final").wait_for()
    return match


BREAKDOWN = [
    [
        {"name": "complete trees", "points": 6},
        {"name": "animals", "points": 3},
        {"name": "chainsaws", "points": -2},
    ],
    [{"name": "complete trees", "points": 4}, {"name": "animals", "points": 5}],
]


def test_the_final_panel_breaks_every_seats_score_down(page: Any, server: Server) -> None:
    match = _finish(page)
    update = page.evaluate("() => window.ecotonePage.update")
    scores = server.get(f"/api/v1/matches/{match}")["scores"]
    # the game's breakdown came with the final view: each seat's terms add up to its score
    lines = update["breakdown"]
    assert len(lines) == len(scores)
    for terms, score in zip(lines, scores, strict=True):
        assert sum(t["points"] for t in terms) == score
    # a breakdown of several terms is a table: a row per term, a column per seat, totals
    page.evaluate(
        "(lines) => { const p = window.ecotonePage; p.update.breakdown = lines; p.draw(); }",
        BREAKDOWN,
    )
    table = page.locator("#final-breakdown")
    table.wait_for()
    ranked = [
        int(s)
        for s in table.locator("thead th").evaluate_all("(ths) => ths.map((th) => th.dataset.seat)")
    ]
    assert ranked == [
        int(r)
        for r in page.locator("table.final-scores tr").evaluate_all(
            "(trs) => trs.map((tr) => tr.dataset.seat)"
        )
    ], "the seats in the order of the scores"
    assert table.locator("tbody th").all_inner_texts() == ["complete trees", "animals", "chainsaws"]
    for seat, terms in enumerate(BREAKDOWN):
        cells = table.locator(f"tbody td[data-seat='{seat}']").all_inner_texts()
        got = {t["name"]: str(t["points"]) for t in terms}
        assert cells == [got.get(n, "–") for n in ("complete trees", "animals", "chainsaws")]
        total = table.locator(f"tfoot td[data-seat='{seat}']").inner_text()
        assert total == str(sum(t["points"] for t in terms))
    assert "minus" in (
        table.locator("tbody tr[data-term='chainsaws'] td[data-seat='0']").get_attribute("class")
        or ""
    )
    # the board is still there under the panel, and the replay is a link to keep
    assert page.locator("#board").is_visible()
    assert page.get_attribute("#replay-link", "href") == f"#/match/{match}/replay"
    page.evaluate("() => window.scrollTo(0, 0)")
    shot(page, "final-breakdown")


def test_the_replay_log_follows_the_step_shown(page: Any, new_page: Any) -> None:
    match = _finish(page, moves=8)
    page.click("#replay")
    page.wait_for_selector("#replay-step")
    last = page.evaluate("() => window.ecotonePage.frames.length - 1")
    log = page.locator("#log")
    assert log.locator("li").count() == last
    assert not log.locator("li.now").count(), "the start: no step taken yet"

    def shown_in_log(step: int) -> None:
        now = log.locator("li.now")
        assert now.count() == 1
        assert now.get_attribute("data-version") == str(step)
        assert now.get_attribute("aria-current") == "step"
        # the step is in sight inside the log's own scrolling box (once the scroll that
        # brings it there has run: a busy machine may draw a frame before it)
        page.wait_for_function(
            """() => {
              const log = document.getElementById("log"), row = log.querySelector("li.now");
              const b = log.getBoundingClientRect(), r = row.getBoundingClientRect();
              return b.top <= r.top && r.bottom <= b.bottom + 1;
            }""",
            timeout=10_000,
        )
        box, row = log.bounding_box(), now.bounding_box()
        assert box is not None
        assert row is not None
        assert box["y"] <= row["y"]
        assert row["y"] + row["height"] <= box["y"] + box["height"] + 1
        # and it is the step the bar names
        said = page.locator("#replay-move").inner_text()
        assert said.startswith(f"Move {step}:")
        assert now.inner_text().split(": ", 1)[1] in said

    page.click("#replay-next")
    shown_in_log(1)
    page.locator("#replay-next").focus()
    page.keyboard.press("End")
    shown_in_log(last)
    # a click on a step of the log goes there
    middle = last // 2
    log.locator(f"li[data-version='{middle}'] button").click()
    assert page.evaluate("() => window.ecotonePage.frame") == middle
    shown_in_log(middle)
    shot(page, "replay-log-in-step")

    # the link to the replay opens it straight away, for anyone
    other = new_page()
    other.goto(f"{other.url.split('#')[0]}#/match/{match}/replay")
    other.wait_for_selector("#replay-step")
    assert other.evaluate("() => window.ecotonePage.frames.length - 1") == last


def chip_points(page: Any) -> list[str]:
    """The points each seat's chip shows, in seat order."""
    texts = page.locator(".seat-chip").all_inner_texts()
    return re.findall(r" · (-?[\d.]+) pts?\b", "\n".join(texts))


def test_a_replay_shows_the_points_and_the_place_of_the_step_shown(page: Any) -> None:
    # Phylo scores from the first species played: the points move from step to step
    create(page, "phylo", ["you", "bot:random"], name="Ana")
    for _ in range(6):
        assert wait_ready(page) == "act"
        act_once(page)
    page.click("#resign")
    page.click("#confirm-yes")
    page.locator("#final").wait_for()
    final = page.evaluate("() => window.ecotonePage.update.scores")
    assert chip_points(page) == [f"{s:g}" for s in final]
    page.click("#replay")
    page.wait_for_selector("#replay-step")
    frames = page.evaluate("() => window.ecotonePage.frames.map((f) => f.scores)")
    assert frames[0] != final, "the points moved during the game"
    for step in (0, len(frames) // 2, len(frames) - 1):
        page.evaluate(f"() => window.ecotonePage.goFrame({step})")
        page.wait_for_function(f"() => window.ecotonePage.frame === {step}")
        assert chip_points(page) == [f"{s:g}" for s in frames[step]], step
    # and the board marks where the step that led here was played, where it names a cell
    cells = page.evaluate(
        "() => window.ecotonePage.frames.map((f) => f.last?.action?.cell ?? null)"
    )
    step = next(i for i, cell in enumerate(cells) if cell)
    page.evaluate(f"() => window.ecotonePage.goFrame({step})")
    page.wait_for_function(f"() => window.ecotonePage.frame === {step}")
    marked = page.locator("#board .recent")
    assert marked.count() == 1
    assert marked.get_attribute("data-cell") == cells[step]
