"""The match page in a real browser: a kind of choice with hundreds of entries folded to a
few and a filter box (and still every entry there, by keyboard), the clock per move ticking
down and then a bot standing in until the person is back, and a seat token the server
refuses forgotten by the browser, with the reason said on the page."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.conftest import Server, shot
from tests.web.helpers import act_once, create, say, wait_ready

FOREST = "once-upon-a-forest"
BIOME = "biome-borneo"
FOLDED = "#actions .actions-group.folded"


def take_seats(page: Any, match: dict[str, Any], seats: dict[int, str], active: int) -> None:
    """Give this tab (and the browser's list) these seat tokens, then open the match."""
    page.evaluate(
        """async ([id, seats, active, meta]) => {
            const api = await import('/static/js/api.js');
            for (const [seat, token] of Object.entries(seats)) api.holdSeat(id, seat, token, meta);
            api.setActiveSeat(id, active);
            location.hash = `#/match/${id}`;
        }""",
        [
            match["id"],
            {str(k): v for k, v in seats.items()},
            active,
            {"game": match["game"], "title": match["title"]},
        ],
    )
    page.wait_for_function("() => window.ecotonePage && window.ecotonePage.update")


def test_a_long_kind_of_choice_is_folded_and_still_reachable_by_keyboard(
    page: Any, server: Server
) -> None:
    create(page, BIOME, ["you", "bot:heuristic"])
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    group = page.locator(FOLDED).first
    for _ in range(150):  # take the first listed choice until tiles are to be placed
        assert wait_ready(page) == "act", "the match ended before a tile was to be placed"
        if page.locator(FOLDED).count():
            try:
                # an update from the bot may redraw the list just as it was seen
                group.wait_for(timeout=5_000)
                break
            except PlaywrightTimeout:
                continue
        act_once(page)
    else:
        raise AssertionError("no kind of choice was long enough to fold in 150 decisions")
    legal = page.evaluate("() => window.ecotonePage.update.legal.length")
    listed = page.locator("#actions button[data-index]")
    assert listed.count() == legal, "every legal action is in the list, folded or not"
    buttons = group.locator("button[data-index]")
    total = buttons.count()
    assert total > 12
    assert f"— {total} choices" in group.locator("h3").inner_text()
    assert group.locator("button[data-index]:visible").count() == 6
    assert "the first 6 shown" in group.locator(".fold-count").inner_text()
    # the folded kind stays short however many choices it holds (the rest of the panel
    # depends on the deal: how many other kinds of choice there are)
    folded = group.bounding_box()
    assert folded is not None
    assert folded["height"] < 400, "the folded list keeps the panel short"
    shot(page, "match-folded-choices")

    # a keyboard user: Tab to the filter, type a choice that is not among the first few
    page.focus("#actions-h")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.type === 'search'"):
            break
    else:
        raise AssertionError("Tab never reached the filter box")
    # "Show all" unfolds the kind, and "Show fewer" folds it again
    toggle = group.locator(".fold-toggle")
    toggle.focus()
    page.keyboard.press("Enter")
    assert toggle.get_attribute("aria-expanded") == "true"
    assert group.locator("button[data-index]:visible").count() == total
    unfolded = group.bounding_box()
    assert unfolded is not None
    assert unfolded["height"] > 2 * folded["height"]
    page.keyboard.press("Enter")
    assert group.locator("button[data-index]:visible").count() == 6

    target = buttons.nth(total - 1)
    text = target.inner_text()
    index = target.get_attribute("data-index")
    assert not target.is_visible()
    group.locator("input[type=search]").focus()
    page.keyboard.type(text)
    count = group.locator(".fold-count").inner_text()
    assert count.startswith(f"1 of the {total} match"), count
    # a draw meanwhile (table talk) leaves the box, what it found and its keys as they were
    say(page)
    assert group.locator(".fold-count").inner_text() == count
    assert page.evaluate("() => document.activeElement.type === 'search'")
    assert group.locator("input[type=search]").input_value() == text
    page.keyboard.press("ArrowDown")  # to the first choice the filter left
    focused = page.evaluate(
        "() => [document.activeElement.dataset.index, document.activeElement.textContent]"
    )
    assert focused[1] == text, focused
    shot(page, "match-folded-choices-filtered")
    version = page.evaluate("() => window.ecotonePage.version")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => window.ecotonePage.version !== {version}", timeout=15_000)
    assert not page.locator("#refusal").count()
    played = page.evaluate(f"() => window.ecotonePage.log.find((e) => e.version === {version} + 1)")
    assert played["seat"] == 0, played
    assert played["text"] == text, (played, index)


def test_the_clock_keeps_to_the_servers_time_from_the_least_delayed_updates(
    page: Any, server: Server
) -> None:
    create(page, FOREST, ["you", "bot:random"])
    page.wait_for_function("() => window.ecotonePage && window.ecotonePage.update")
    # the page has learnt the gap from real updates: this browser shares the server's clock
    assert abs(page.evaluate("() => window.ecotonePage.skew")) < 1000
    ahead, delayed, reset = page.evaluate(
        """() => {
            const m = window.ecotonePage, got = Date.now();
            m.clockSamples = [];
            m.learnSkew(got / 1000 + 5, got);  // a server 5 s ahead, the update at once
            const ahead = m.skew;
            m.learnSkew(got / 1000 + 2, got);  // the same server, an update 3 s late
            const delayed = m.skew;
            for (let i = 0; i < 8; i += 1) m.learnSkew(got / 1000, got);  // the clock set right
            return [ahead, delayed, m.skew];
        }"""
    )
    assert ahead == 5000
    assert delayed == 5000
    assert reset == 0


@pytest.mark.slow  # real seconds of a clock: tests/server/test_clock.py keeps the rule
def test_the_clock_counts_down_then_a_bot_stands_in_until_the_person_is_back(
    page: Any, new_page: Any, server: Server
) -> None:
    made = server.post(
        "/api/v1/matches",
        {
            "game": FOREST,
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "move_seconds": 4,
            "join": {"seat": 0, "name": "Ana"},
        },
    )
    match = made["match"]
    other = new_page()
    ben = server.post(f"/api/v1/matches/{match['id']}/join", {"seat": 1, "name": "Ben"})
    take_seats(page, match, {0: made["token"]}, 0)
    take_seats(other, match, {1: ben["token"]}, 1)

    # P1 must move: both pages count the seconds down, each in its own words
    clock = page.locator("#clock")
    clock.wait_for()
    assert clock.get_attribute("role") == "timer"
    assert clock.get_attribute("aria-live") == "off"
    first = int(clock.get_attribute("data-seconds"))
    assert 1 <= first <= 4
    assert "left for your move" in clock.inner_text()
    assert re.search(r"\d seconds?", clock.locator(".sr-only").inner_text())
    assert "4 seconds per move" in page.locator("h1").inner_text()
    page.wait_for_function(
        f"() => Number(document.querySelector('#clock')?.dataset.seconds) < {first}"
    )
    assert "for Ana to move" in other.locator("#clock").inner_text()
    shot(page, "match-clock")

    # nobody moves: a bot stands in for P1, said on both pages
    mine = page.locator(".stand-in.mine")
    mine.wait_for(timeout=10_000)
    assert "A bot is playing for you" in mine.inner_text()
    # P2 keeps the match going (and so keeps its own seat), while P1's bot plays
    assert wait_ready(other) == "act"
    act_once(other)
    assert "A bot is playing for Ana" in other.locator(".stand-in[data-seat='0']").inner_text()
    shot(page, "match-taken-over")
    assert wait_ready(other) == "act"
    act_once(other)

    # P1 is back, by keyboard: the bot stops, and P1's own clock runs again
    page.focus("#take-back")
    page.keyboard.press("Enter")
    page.locator(".stand-in.returned").wait_for()
    assert "You are back" in page.locator(".stand-in.returned").inner_text()
    assert not page.locator(".stand-in.mine").count()
    other.locator(".stand-in.returned[data-seat='0']").wait_for()
    # the bot may or may not have moved for P1 before P1 came back (it thinks in another
    # process, and may wait its turn there): when P2 must move now, P2 moves first
    if server.get(f"/api/v1/matches/{match['id']}")["to_move"] == [1]:
        assert wait_ready(other) == "act"
        act_once(other)
    page.locator("#clock.mine").wait_for(timeout=10_000)
    assert page.locator("#turn").inner_text() == "Your turn"
    shot(page, "match-back")
    info = server.get(f"/api/v1/matches/{match['id']}")
    assert not info["seats"][0]["taken_over"]
    by = [e["by"] for e in page.evaluate("() => window.ecotonePage.log")]
    assert "takeover" in by, by


def _stored(page: Any, match: str) -> tuple[Any, Any]:
    """This browser's list entry for ``match`` and this tab's seats in it."""
    entry, seats = page.evaluate(
        f"""() => [JSON.parse(localStorage.getItem('ecotone.mine') || '{{}}')['{match}'] || null,
                 JSON.parse(sessionStorage.getItem('ecotone.seats.{match}') || 'null')]"""
    )
    return entry, seats


def test_a_refused_seat_token_is_forgotten_and_the_page_says_why(page: Any, server: Server) -> None:
    made = server.post(
        "/api/v1/matches",
        {
            "game": FOREST,
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "join": {"seat": 0, "name": "Ana"},
        },
    )
    match = made["match"]
    ben = server.post(f"/api/v1/matches/{match['id']}/join", {"seat": 1, "name": "Ben"})
    # hot-seat: this tab holds P1 with a token the server never gave, and P2 for real
    take_seats(page, match, {0: "not-a-token-of-this-match", 1: ben["token"]}, 0)
    lost = page.locator("#seat-lost")
    lost.wait_for()
    assert "no longer accepts this browser's key to P1" in lost.inner_text()
    assert "you now play P2" in lost.inner_text()
    page.wait_for_function(
        "() => window.ecotonePage.seat === 1 && window.ecotonePage.update?.seat === 1"
    )
    entry, seats = _stored(page, match["id"])
    assert entry["seats"] == {"1": ben["token"]}
    assert seats == {"1": ben["token"]}
    shot(page, "match-token-refused")

    # P2 is left from elsewhere: its token stops working, and on the next visit it is
    # forgotten too; with no seat left, the match leaves "My matches"
    server.post(f"/api/v1/matches/{match['id']}/leave", {}, token=ben["token"])
    page.reload()
    page.locator("#seat-lost").wait_for()
    assert "P2" in page.locator("#seat-lost").inner_text()
    assert "watching the match instead" in page.locator("#seat-lost").inner_text()
    page.wait_for_function("() => window.ecotonePage.update && window.ecotonePage.seat === null")
    assert page.locator("#turn").inner_text().startswith("Spectating")
    assert _stored(page, match["id"]) == (None, None)
    page.goto(server.url + "/")
    page.wait_for_selector("#my-matches li")
    assert not page.locator(f"#my-matches li[data-match='{match['id']}']").count()


def test_the_seats_show_the_games_standing_as_it_moves(page: Any) -> None:
    # Singapore Untamed counts evolution points: the chips show the game's own standing,
    # whatever the observation calls it, from the first decision to the last
    create(page, "singapore-untamed", ["you", "bot:random", "bot:random", "bot:random"])
    shown: set[tuple[str, ...]] = set()
    for _ in range(12):
        if wait_ready(page) == "over":
            break
        # (read together: a bot's move may redraw the page between two reads)
        standing, texts = page.evaluate(
            """() => [window.ecotonePage.update.standing,
                      [...document.querySelectorAll('.seat-chip')].map((c) => c.innerText)]"""
        )
        assert standing is not None
        assert len(standing) == 4
        points = tuple(re.findall(r" · (-?[\d.]+) pts?\b", "\n".join(texts)))
        assert points == tuple(f"{s:g}" for s in standing), (texts, standing)
        shown.add(points)
        act_once(page)
    assert len(shown) > 1, "the standing moved with the play"
