"""The deck builder in a real browser: filter the pool, add cards, see the engine refuse,
save a deck under a name, share it as a code, and play a match with it from the lobby."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import Server, shot
from tests.web.helpers import act_once, wait_ready
from tests.web.test_end import DEVELOPER

POND = {
    "common-duckweed": 3,
    "yellow-water-lily": 3,
    "common-reed": 3,
    "star-diatom": 3,
    "water-flea": 3,
    "common-frog-tadpole": 3,
    "common-frog": 2,
    "aquatic-hyphomycete": 3,
    "freshwater-shrimp": 1,
}


def _problems(page: Any) -> list[str]:
    return [
        str(c)
        for c in page.locator("#deck-problems li[data-code]").evaluate_all(
            "els => els.map(e => e.dataset.code)"
        )
    ]


def _wait_verdict(page: Any, legal: bool) -> None:
    page.wait_for_selector(f"#deck-problems[data-legal='{str(legal).lower()}']")


def _add(page: Any, card: str, times: int = 1) -> None:
    for _ in range(times):
        page.click(f"[data-add='{card}']")


@pytest.mark.slow  # a whole flow, to a match with the deck: the other tests here keep each step
def test_build_a_deck_see_refusals_save_it_and_play_it(page: Any, server: Server) -> None:
    page.fill("#player-name", "Ana")
    page.click("nav a[href='#/decks']")
    page.click("a[href='#/decks/biomasters']")
    page.wait_for_selector("#deck-pool [data-pool]")
    total = page.locator("#deck-pool [data-pool]").count()
    assert total == len(server.get("/api/v1/games/biomasters/decks")["pool"])

    # filter: the HOMEs only, then add one
    page.select_option("#facet-trophic", "HOME")
    assert page.locator("#deck-pool [data-pool]").count() == 4
    assert "4 of" in page.inner_text("#pool-count")
    _add(page, "wetland-home")
    _wait_verdict(page, legal=False)
    # the engine's refusal, in the game's words: too few cards, no name
    # (the empty deck's verdict, which also lacked a HOME, may still be shown a moment)
    page.wait_for_function(
        "() => document.querySelector('#deck-problems').innerText.includes('25 to 30')"
        " && !document.querySelector(\"#deck-problems li[data-code='biomasters/deck-home']\")"
    )
    assert _problems(page) == ["biomasters/deck-size", "biomasters/deck-name"]

    # a second filter narrows further; clearing shows every card again
    page.select_option("#facet-trophic", "+1A")
    page.select_option("#facet-domain", "freshwater")
    shown = page.locator("#deck-pool [data-pool]").evaluate_all(
        "els => els.map(e => e.dataset.pool)"
    )
    assert "common-duckweed" in shown
    assert "red-oat-grass" not in shown
    page.click("text=Clear filters")
    assert page.locator("#deck-pool [data-pool]").count() == total

    for card, n in POND.items():
        _add(page, card, n)
    _add(page, "common-frog", 2)  # four frogs: one copy too many
    page.wait_for_selector("#deck-problems li[data-code='biomasters/deck-copies']")
    assert "4 copies of common-frog" in page.inner_text("#deck-problems")
    page.click("[data-remove='common-frog']")
    page.click("[data-remove='common-frog']")
    page.fill("#deck-name", "My Pond")
    _wait_verdict(page, legal=True)
    assert "25 cards" in page.inner_text("#deck-size")
    assert page.locator("#deck-charts [data-chart]").count() >= 2
    page.click("#save-deck")
    page.wait_for_selector("#saved-decks li[data-saved='My Pond']")
    code = page.input_value("#deck-code")
    assert code.startswith("BIOMASTERS:")
    said = page.locator("main").inner_text()
    assert not DEVELOPER.search(said), DEVELOPER.search(said)
    shot(page, "decks-builder-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "decks-builder-390")
    page.set_viewport_size({"width": 1280, "height": 900})

    # a new deck from the code: the same cards come back
    page.click("#new-deck")
    page.wait_for_function(
        "() => document.querySelector('#deck-size').innerText.startsWith('0 cards')"
    )
    page.fill("#import-code", code)
    page.click("#import-code-go")
    _wait_verdict(page, legal=True)
    assert page.input_value("#deck-name") == "My Pond"
    assert page.input_value("#deck-code") == code

    # the lobby offers the saved deck; the match is played with it
    page.click("nav a[href='#/']")
    page.click("[data-game=biomasters]")
    page.wait_for_selector("#deck-seat-0 option[value='mine:My Pond']", state="attached")
    page.select_option("#deck-seat-0", "mine:My Pond")
    page.select_option("#deck-seat-1", "builtin:ocean")
    page.select_option("select[data-seat='1']", "bot:heuristic")
    page.click("#create-match")
    page.wait_for_url("**/#/match/**")
    match = page.url.split("#/match/")[1].split("/")[0]
    info = server.get(f"/api/v1/matches/{match}")
    assert info["options"]["decks"] == f"{code},ocean"
    for _ in range(4):
        if wait_ready(page) != "act":
            break
        act_once(page, board=True)
    view = page.evaluate("() => window.ecotonePage.version")
    assert view >= 2


def test_phylo_builder_on_a_phone(page: Any, server: Server) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url + "/#/decks/phylo")
    page.wait_for_selector("#deck-pool [data-pool]")
    page.select_option("#start-from", label="Beagle's Wake")
    _wait_verdict(page, legal=True)
    assert page.input_value("#deck-name") == "a copy of Beagle's Wake"
    page.select_option("#facet-terrain", "ocean")
    page.click("[data-remove='B16']")
    _wait_verdict(page, legal=False)
    assert "phylo/deck-producers" in _problems(page)
    # nothing runs off the side of a phone's screen
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390
    shot(page, "decks-builder-phylo-390")
