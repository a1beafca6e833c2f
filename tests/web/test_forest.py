"""Once Upon a Forest in a real browser: against a bot to the end by clicking the board,
two people in two browsers (both whole games: the slow run), a reload mid-game, hot-seat,
spectating, refusals, replays; and the lobby's game cards, drawn as each game presents
itself."""

from __future__ import annotations

from typing import Any

import pytest

from ecotone.core.registry import game_class
from tests.web.conftest import Server, shot
from tests.web.helpers import (
    STEP_MS,
    act_once,
    budget,
    create,
    play_to_end,
    wait_ready,
)

GAME = "once-upon-a-forest"
SPECTATED = 12  # the bots' moves a spectator's page is followed through


def test_lobby_shows_every_game_with_a_summary(page: Any, server: Server) -> None:
    page.wait_for_selector(".game-card")
    games = server.get("/api/v1/games")["games"]
    assert page.locator(".game-card").count() == len(games)
    for g in games:
        card = page.locator(f".game-card[data-game='{g['id']}']")
        assert g["title"] in card.inner_text()
        # the picture and its colours are the game's own (its presentation)
        picture = card.locator("[role=img]")
        assert picture.inner_text() == g["presentation"]["picture"]
        assert picture.get_attribute("aria-label")
        background = picture.evaluate("(e) => e.style.background")
        colours = [
            picture.evaluate(f"(e) => {{ e.style.color = '{c}'; return e.style.color; }}")
            for c in g["presentation"]["colours"]
        ]
        assert all(c in background for c in colours), (background, colours)
    shot(page, "lobby")


@pytest.mark.slow
def test_play_against_a_bot_to_the_end_by_clicking_the_board(page: Any, server: Server) -> None:
    match = create(page, GAME, ["you", "bot:heuristic"])
    wait_ready(page)
    page.wait_for_selector("#board .forest")
    shot(page, "forest-start")
    for _ in range(12):
        if wait_ready(page) != "act":
            break
        act_once(page, board=True)
    # species cards show common and latin names, and the fact as their text alternative
    card = page.locator("#board .card:has(.clatin)").first
    assert card.locator(".cname").inner_text()
    assert card.locator(".clatin").inner_text()
    assert len(card.get_attribute("aria-label")) > 40
    shot(page, "forest-midgame")
    moves = play_to_end(page, board=True, moves=budget(GAME, 2))
    assert moves > 5
    assert page.locator("#final").is_visible()
    info = server.get(f"/api/v1/matches/{match}")
    assert info["status"] == "over"
    assert "winner" in page.locator("#final").inner_text()
    shot(page, "forest-end")
    page.click("#replay")
    page.wait_for_selector("#replay-step")
    page.click("#replay-next")
    page.click("#replay-next")
    assert "Step 2 of" in page.locator(".replay-bar").inner_text()
    shot(page, "forest-replay")


@pytest.mark.slow
def test_two_people_in_two_browsers_play_one_match(page: Any, new_page: Any) -> None:
    match = create(page, GAME, ["you", "human"])
    assert page.locator("#turn").inner_text() == "Waiting for 1 player to join"
    other = new_page()
    other.wait_for_selector(f"#open-matches button[aria-label*='{match}']")
    other.fill("#player-name", "Ben")
    other.click(f"#open-matches button[aria-label*='{match}']")
    other.wait_for_selector("#board")
    pages = [page, other]
    turns = idle = 0
    limit = budget(GAME, 2)
    while True:
        ready = None
        for p in pages:
            p.wait_for_function("() => window.ecotonePage && window.ecotonePage.update")
            if p.locator("#final").count():
                ready = "over"
                break
            if p.locator("#actions button[data-index]:not([disabled])").count():
                ready = p
                break
        if ready == "over":
            break
        if ready is None:  # the update is on its way to the page whose turn it is
            idle += 1
            assert idle * 50 < STEP_MS, "neither page could act, for long"
            page.wait_for_timeout(50)
            continue
        assert turns < limit, f"the match did not end within {limit} decisions"
        act_once(ready, board=turns % 2 == 0)
        turns += 1
        idle = 0
        if turns == 20:
            shot(other, "forest-two-players")
    for p in pages:
        p.wait_for_selector("#final")
    assert turns > 10
    # chat reached the other browser
    page.fill("#chat-input", "Good game!")
    page.press("#chat-input", "Enter")
    other.wait_for_selector("#chat-lines :text('Good game!')")


def test_reload_mid_game_reconnects_to_the_same_seat(page: Any) -> None:
    match = create(page, GAME, ["you", "bot:random"])
    for _ in range(6):
        wait_ready(page)
        act_once(page)
    before = page.evaluate("() => window.ecotonePage.version")
    page.reload()
    page.wait_for_function("() => window.ecotonePage && window.ecotonePage.update")
    assert page.evaluate("() => window.ecotonePage.seat") == 0
    assert page.evaluate("() => window.ecotonePage.version") >= before
    assert "P1 · Ana (you)" in page.locator(".seats").inner_text()
    assert match in page.url
    assert page.locator("#log li").count() >= before
    wait_ready(page)
    act_once(page, board=True)


def test_each_tree_says_what_it_scores_in_the_glossarys_words(page: Any) -> None:
    # a forest begins below 0 points: its start card is a started tree, not a complete one
    create(page, GAME, ["you", "bot:random"])
    wait_ready(page)
    mine = page.locator("#board .forest").first
    assert mine.locator("h3").inner_text().endswith("-1 points")
    label = mine.locator(".tree-label").first
    assert label.inner_text() == "Tree 1 · started"
    glossary = {t.term: t.meaning for t in game_class(GAME).presentation().glossary}
    assert label.locator("abbr.term").get_attribute("title") == f"started: {glossary['started']}"
    assert "-1 point" in glossary["started"]


def test_refusal_shows_the_engines_explanation(page: Any) -> None:
    create(page, GAME, ["you", "bot:random"])
    wait_ready(page)
    page.evaluate("() => window.ecotonePage.act({type: 'place', card: 'G01', tree: 7})")
    page.wait_for_selector("#refusal")
    assert "Refused" in page.locator("#refusal").inner_text()


def test_hot_seat_hides_the_previous_hand(page: Any) -> None:
    create(page, GAME, ["you", "you"])
    seen_handoff = False
    for _ in range(40):
        state = wait_ready(page)
        if state == "handoff":
            assert page.locator(".overlay").is_visible()
            assert not page.locator(".hand .card, #board").count(), "the previous hand is gone"
            seen_handoff = True
            shot(page, "forest-hotseat-handoff")
            page.click("#handoff-go")
            page.wait_for_function("() => window.ecotonePage.handoff === null")
            break
        act_once(page)
    assert seen_handoff


def test_spectators_watch_live_without_hands(page: Any, new_page: Any) -> None:
    """A spectator's page follows the bots' moves as they come, never showing a hand. (A
    spectator watching a whole match to its end is the slow run's: test_lobby.py.)"""
    match = create(page, GAME, ["bot:random", "bot:random"])
    assert "/watch" in page.url
    page.wait_for_selector("#board")
    assert "Spectating" in page.locator("#turn").inner_text()
    assert not page.locator(".hand .card").count()
    assert page.locator("#chat-input").is_disabled()
    watcher = new_page()
    watcher.goto(watcher.url.split("#")[0] + f"#/match/{match}/watch")
    watcher.wait_for_selector("#board")
    seen = set()
    for _ in range(SPECTATED):
        version = watcher.evaluate("() => window.ecotonePage.version")
        seen.add(version)
        assert not watcher.locator(".hand .card").count(), f"a hand shown at version {version}"
        if watcher.locator("#final").count():
            break
        watcher.wait_for_function(
            f"() => document.querySelector('#final') || window.ecotonePage.version !== {version}",
            timeout=STEP_MS,
        )
    assert len(seen) >= min(SPECTATED, 3), "the page did not follow the moves"
    shot(watcher, "forest-spectator")


def test_keyboard_only_play(page: Any) -> None:
    """Tab to the first legal action and press Enter, several times: no mouse needed."""
    create(page, GAME, ["you", "bot:random"])
    for _ in range(4):
        wait_ready(page)
        version = page.evaluate("() => window.ecotonePage.version")
        page.focus("#actions-h")
        page.keyboard.press("Tab")
        focused = page.evaluate("() => document.activeElement.dataset.index")
        assert focused is not None, "Tab from the choices heading reaches a legal action"
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => window.ecotonePage.version > {version}")
    # card art has text alternatives; every pile and card says what it is
    for el in page.locator("#board .card, #board .pile").all():
        assert el.get_attribute("aria-label")
