"""The lobby and the replay in a real browser: the clock, variants and options of the
create form (and the server's refusals), this browser's matches in every tab and after a
restart, forgetting a finished one, and a finished match's replay with every hand open
(whole games: the slow run)."""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import ecotone
from ecotone.core.replay import Replay
from tests.web.conftest import Server, shot
from tests.web.helpers import budget, play_to_end, watch_to_end

FOREST = "once-upon-a-forest"


def _choose(page: Any, game: str, seats: list[str]) -> None:
    page.wait_for_selector("#create-match")
    if not page.input_value("#player-name"):
        page.fill("#player-name", "Ana")
    page.click(f"[data-game={game}]")
    page.wait_for_selector("#create h2:has-text('Set up')")
    page.select_option("#players", str(len(seats)))
    for s, who in enumerate(seats):
        page.select_option(f"select[data-seat='{s}']", who)


def _created(page: Any) -> str:
    page.click("#create-match")
    page.wait_for_url("**/#/match/**")
    page.wait_for_selector(".seat-chip")
    return str(page.url.split("#/match/")[1].split("/")[0])


def test_create_form_sends_the_clock_the_variant_and_the_options(page: Any, server: Server) -> None:
    # BIOME Borneo: two options with listed choices, and a one-minute clock; the form
    # says each option and value in the game's words, as the server gives them
    games = {g["id"]: g for g in server.get("/api/v1/games")["games"]}
    options = {o["name"]: o for o in games["biome-borneo"]["options"]}

    def label(option: str, value: str) -> str:
        return str(options[option]["choice_labels"][options[option]["choices"].index(value)])

    _choose(page, "biome-borneo", ["you", "bot:random"])
    assert page.locator("fieldset.options [data-option]").count() == len(options)
    for name, option in options.items():
        assert page.locator(f"label[for=option-{name}] strong").inner_text() == option["label"]
    page.select_option("[data-option=formation]", label=label("formation", "stairway"))
    page.select_option("[data-option=opportunist]", label=label("opportunist", "own-turn"))
    page.select_option("#clock", label="1 minute")
    shot(page, "lobby-create-options")
    info = server.get(f"/api/v1/matches/{_created(page)}")
    assert info["game"] == "biome-borneo"
    assert info["options"]["formation"] == "stairway"
    assert info["options"]["opportunist"] == "own-turn"
    assert info["move_seconds"] == 60

    # Once Upon a Forest: a variant (the player counts follow it) and a day per move
    page.goto(server.url + "/")
    _choose(page, FOREST, ["you", "bot:random", "bot:random"])
    page.select_option("#variant", "semi-cooperative")
    assert page.locator("#players").input_value() == "3"
    page.select_option("#clock", "86400")
    info = server.get(f"/api/v1/matches/{_created(page)}")
    assert info["variant"] == "semi-cooperative"
    assert info["players"] == 3
    assert info["move_seconds"] == 86400
    page.goto(server.url + "/")
    page.wait_for_selector("#my-matches li[data-match]")
    assert "1 day per move" in page.locator("#my-matches").inner_text()

    # the solo variant is for one player: the seats follow
    page.click(f"[data-game={FOREST}]")
    page.select_option("#variant", "solo")
    assert page.locator("#players option").all_inner_texts() == ["1"]
    assert page.locator("select[data-seat]").count() == 1

    # Phylo: a yes/no option is a check box; a bad deck is refused in the server's words
    page.click("[data-game=phylo]")
    page.check("[data-option=challenge]")
    page.select_option("#variant", "constructed")
    page.select_option("#deck-seat-0", "code")
    page.fill("[data-deck-code='0']", "no such deck")
    before = len(server.get("/api/v1/matches?limit=500")["matches"])
    page.click("#create-match")
    error = page.locator("#create-error")
    error.wait_for(state="visible")
    assert "no such deck" in error.inner_text()
    # the server's code is kept for bug reports, not said to the player
    assert str(error.get_attribute("data-code")).startswith("config/")
    assert "config/" not in error.inner_text()
    assert "#/match/" not in page.url
    assert len(server.get("/api/v1/matches?limit=500")["matches"]) == before
    shot(page, "lobby-create-refused")
    page.select_option("#deck-seat-0", "")
    info = server.get(f"/api/v1/matches/{_created(page)}")
    assert info["variant"] == "constructed"
    assert info["options"]["challenge"] is True

    # BioMasters' free-for-all deals its own decks: a seat given no deck plays the
    # variant's default, not the two-player pairing
    ffa = next(v for v in games["biomasters"]["variants"] if v["name"] == "free-for-all")
    standard = ffa["defaults"]["decks"]
    page.goto(server.url + "/")
    page.wait_for_selector("#create-match")
    page.click("[data-game=biomasters]")
    page.select_option("#variant", "free-for-all")
    for s in range(1, 4):
        page.select_option(f"select[data-seat='{s}']", "bot:random")
    page.select_option("#deck-seat-0", "builtin:wetland")
    info = server.get(f"/api/v1/matches/{_created(page)}")
    assert info["variant"] == "free-for-all"
    assert info["options"]["decks"].split(",") == ["wetland"] + [standard] * 3


def test_my_matches_reach_every_tab_and_the_next_visit(
    page: Any, browser: Any, server: Server
) -> None:
    other_tab = page.context.new_page()
    other_tab.goto(server.url + "/")
    other_tab.wait_for_selector("#my-matches li")
    _choose(page, FOREST, ["you", "bot:random"])
    match = _created(page)
    # the tab that was already open hears of it, and holds no seat of its own yet
    row = other_tab.locator(f"#my-matches li[data-match='{match}']")
    row.wait_for()
    assert "you: P1" in row.inner_text()
    assert other_tab.evaluate(f"() => sessionStorage.getItem('ecotone.seats.{match}')") is None
    token = page.evaluate(f"() => JSON.parse(sessionStorage.getItem('ecotone.seats.{match}'))[0]")
    row.get_by_role("button", name=f"Resume Once Upon a Forest match {match}").click()
    other_tab.wait_for_function("() => window.ecotonePage && window.ecotonePage.update")
    assert other_tab.evaluate("() => window.ecotonePage.seat") == 0
    assert "P1 · Ana (you)" in other_tab.locator(".seats").inner_text()
    assert token not in other_tab.url
    shot(other_tab, "lobby-resumed-in-another-tab")

    # closing the browser: a new one with the saved storage (localStorage only) lists it
    saved = page.context.storage_state()
    later = browser.new_context(storage_state=saved, viewport={"width": 1280, "height": 900})
    try:
        again = later.new_page()
        again.goto(server.url + "/")
        again.locator(f"#my-matches li[data-match='{match}']").wait_for()
        # a match the server no longer has can be forgotten
        again.evaluate(
            """() => { const all = JSON.parse(localStorage.getItem('ecotone.mine'));
            all['gone1234'] = {game: 'phylo', title: 'Phylo', seats: {0: 'x'}, at: Date.now()};
            localStorage.setItem('ecotone.mine', JSON.stringify(all)); }"""
        )
        again.reload()
        gone = again.locator("#my-matches li[data-match='gone1234']")
        gone.wait_for()
        assert "no longer on this server" in gone.inner_text()
        gone.get_by_role("button", name="Forget match gone1234").click()
        gone.wait_for(state="detached")
        assert again.locator(f"#my-matches li[data-match='{match}']").count() == 1
        # an unfinished match cannot be forgotten from the list
        assert not again.locator(f"#my-matches li[data-match='{match}'] >> text=Forget").count()
        shot(again, "lobby-my-matches")
    finally:
        later.close()


@pytest.mark.slow
def test_finished_replay_reveals_every_hand(page: Any, server: Server) -> None:
    _choose(page, FOREST, ["you", "bot:random"])
    match = _created(page)
    play_to_end(page, moves=budget(FOREST, 2))
    page.click("#replay")
    page.wait_for_selector("#replay-step")
    with urllib.request.urlopen(f"{server.url}/api/v1/matches/{match}/replay") as res:
        replay = Replay.from_json(res.read())
    states = [s for s, _ in replay.states()]
    last = len(states) - 1
    assert f"Step 0 of {last}" in page.locator("#replay-at").inner_text()

    # keyboard: arrows step, Home and End jump
    page.locator("#replay-next").focus()
    page.keyboard.press("End")
    assert f"Step {last} of {last}" in page.locator("#replay-at").inner_text()
    page.keyboard.press("Home")
    middle = last // 2
    for _ in range(middle + 1):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert f"Step {middle} of {last}" in page.locator("#replay-at").inner_text()
    step = replay.steps[middle - 1]
    who = ["Ana (you)", "Random bot"][step.seat]
    assert f"Move {middle}: {who}" in page.locator("#replay-move").inner_text()

    # P2's hand at that step, which P1 never saw during play, is open on the board
    # and in the list of every hand, card by card
    truth = states[middle]
    hidden = truth.observe(1)["hands"][1]["cards"]
    assert truth.observe(0)["hands"][1]["cards"] is None
    shown = page.locator("#revealed li[data-seat='1'] .revealed-card")
    assert [c.get_attribute("data-card") for c in shown.all()] == hidden
    faces = page.locator("#board .hand.small .card[data-card]")
    assert [c.get_attribute("data-card") for c in faces.all()] == hidden
    mine = page.locator("#revealed li[data-seat='0'] .revealed-card")
    assert [c.get_attribute("data-card") for c in mine.all()] == truth.observe(0)["hands"][0][
        "cards"
    ]
    shot(page, "forest-replay-revealed")

    # from a spectator's chair it is the same hands
    page.select_option("#replay-seat", "")
    page.wait_for_function("() => window.ecotonePage.replaySeat === null")
    assert f"Step {middle} of {last}" in page.locator("#replay-at").inner_text()
    assert [c.get_attribute("data-card") for c in shown.all()] == hidden

    # the finished match can be forgotten from this browser's list
    page.goto(server.url + "/")
    row = page.locator(f"#my-matches li[data-match='{match}']")
    row.wait_for()
    assert "finished" in row.inner_text()
    row.get_by_role("button", name=f"Forget match {match}").click()
    row.wait_for(state="detached")
    mine_now = page.evaluate("() => JSON.parse(localStorage.getItem('ecotone.mine') || '{}')")
    assert match not in mine_now


@pytest.mark.slow
@pytest.mark.parametrize(
    "game", ["biomasters", "biome-borneo", "once-upon-a-forest", "phylo", "singapore-untamed"]
)
def test_every_game_replays_with_every_hand_revealed(page: Any, server: Server, game: str) -> None:
    """A spectator of a bots' match steps its replay: each seat's secrets are listed."""
    players = {"singapore-untamed": 4}.get(game, 2)
    _choose(page, game, ["bot:random"] * players)
    match = _created(page)
    watch_to_end(page, budget(game, players))
    page.click("#replay")
    page.wait_for_selector("#revealed")
    frames = server.get(f"/api/v1/matches/{match}/frames")["frames"]
    # the step nearest the middle at which someone holds a secret (a random game may, at
    # its very middle, have every hand empty)
    hiding = [i for i, f in enumerate(frames[:-1]) if any(f["secrets"])]
    assert hiding, "every game hides something from spectators at some step"
    middle = min(hiding, key=lambda i: abs(i - len(frames) // 2))
    page.fill("#replay-step", str(middle))
    page.dispatch_event("#replay-step", "input")
    page.wait_for_selector(f"#replay-at:has-text('Step {middle} of')")
    rows = page.locator("#revealed li[data-seat]")
    assert rows.count() == players
    secrets = frames[middle]["secrets"]
    for seat, secret in enumerate(secrets):
        shown = rows.nth(seat).locator(".revealed-card")
        if any(isinstance(v, list) and v for v in secret.values()):
            assert shown.count(), (seat, secret)
    # the next move as the page words it: the frame's move, its cards named as the
    # catalogue names them ("exchange card Western Tarsier" for "exchange card
    # western-tarsier-3"), so its verb at least reads the same
    shown = page.locator("#replay-next-move").inner_text()
    assert shown.startswith("Next: "), shown
    assert frames[middle]["next_text"].split()[0] in shown.lower(), shown
    page.select_option("#replay-seat", "1")
    page.wait_for_function("() => window.ecotonePage.replaySeat === 1")
    # each chair says its seat and who sat there: two random bots are told apart
    assert "P2 · Random bot" in page.locator("#replay-seat").inner_text()
    assert "Random bot (P2)" in page.locator("#revealed li[data-seat='1']").inner_text()
    shot(page, f"{game}-replay-revealed")


# The lobby's longest wait between two polls, as lobby.js says it
_LOBBY_JS = Path(ecotone.__file__).parent / "web" / "static" / "js" / "lobby.js"
POLL_QUIET_MS = int(re.findall(r"const POLL_QUIET_MS = (\d+);", _LOBBY_JS.read_text())[0])


@pytest.fixture
def clocked_page(browser: Any, server: Server) -> Iterator[Any]:
    """The lobby in a fresh context whose timers the test steps (Playwright's clock),
    so that a poll comes when the test says rather than seconds later."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.clock.install()
    pg.goto(server.url + "/")
    yield pg
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


def test_the_lobby_is_live(clocked_page: Any, server: Server) -> None:
    """New, started and finished matches appear without a reload, each row saying the
    game, who plays, the open seats and the time per move."""
    page = clocked_page

    def next_poll() -> None:
        # the lobby's timer is set once its last poll is drawn: every wait below ends
        # after a drawing, so exactly one further poll goes out
        page.clock.run_for(POLL_QUIET_MS)

    page.wait_for_selector("#open-matches li")
    page.evaluate("() => { window.sameLobby = true; }")  # gone if the page reloads
    made = server.post(
        "/api/v1/matches",
        {
            "game": FOREST,
            "players": 3,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
            "move_seconds": 60,
            "join": {"seat": 0, "name": "Zoe"},
        },
    )
    match = made["match"]["id"]
    row = page.locator(f"#open-matches li[data-match='{match}']")
    next_poll()
    row.wait_for(timeout=30_000)
    text = row.inner_text()
    assert "Once Upon a Forest" in text
    assert "Zoe" in text
    assert "Heuristic bot" in text
    assert "1 open seat" in text
    assert "1 minute per move" in text
    shot(page, "lobby-live-open")

    # someone takes the last seat: the match moves to the matches in progress
    joined = server.post(f"/api/v1/matches/{match}/join", {"name": "Yann"})
    playing = page.locator(f"#active-matches li[data-match='{match}']")
    next_poll()
    playing.wait_for(timeout=30_000)
    assert "Yann" in playing.inner_text()
    assert "open seat" not in playing.inner_text()
    # each seat with its score as it stands (a forest begins at -1: a tree not complete)
    assert re.search(r"Yann · -?\d+ pts?\b", playing.inner_text()), playing.inner_text()
    assert not row.count()

    # it ends (Yann resigns): it is among the finished ones, with who won
    server.post(f"/api/v1/matches/{match}/resign", {}, token=joined["token"])
    done = page.locator(f"#over-matches li[data-match='{match}']")
    next_poll()
    done.wait_for(timeout=30_000)
    assert "Yann resigned" in done.inner_text()
    # and the final scores
    final = server.get(f"/api/v1/matches/{match}")["scores"]
    assert f"Zoe · {final[0]:g} pt" in done.inner_text()
    assert not playing.count()
    assert page.evaluate("() => window.sameLobby") is True
    shot(page, "lobby-live-finished")
