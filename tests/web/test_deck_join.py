"""Bringing a deck to a match in a real browser: a player saves a deck, another creates a
match that leaves P2's deck to whoever takes the seat, the first joins from the lobby (on a
phone-sized screen) choosing the saved deck in the join dialog, the cards are dealt with it
and a move is played. And where the decks live: this browser for a guest, the account once
signed in (offered a copy of the browser's decks on signing in)."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from tests.web.conftest import ARTIFACTS, Server, shot
from tests.web.helpers import act_once, wait_ready

PHYLO = "phylo"


def _legal(page: Any) -> None:
    page.wait_for_selector("#deck-problems[data-legal='true']")


def test_a_joiner_brings_a_saved_deck_and_it_is_dealt(
    page: Any, new_page: Any, server: Server
) -> None:
    # Ben saves a deck of his own: a copy of Beagle's Wake, under his name for it
    ben = new_page()
    errors: list[str] = []
    ben.on("pageerror", lambda e: errors.append(str(e)))
    ben.fill("#player-name", "Ben")
    ben.goto(server.url + f"/#/decks/{PHYLO}")
    ben.wait_for_selector("#deck-pool [data-pool]")
    ben.select_option("#start-from", label="Beagle's Wake")
    _legal(ben)
    ben.fill("#deck-name", "Ben's Wake")
    _legal(ben)
    code = ben.input_value("#deck-code")
    ben.click("#save-deck")
    ben.wait_for_selector('#saved-decks li[data-saved="Ben\'s Wake"]')

    # Ana creates the match: her deck a built-in one; P2, another person online, then
    # brings theirs (the form's choice as soon as any deck is chosen)
    page.fill("#player-name", "Ana")
    page.click(f"[data-game={PHYLO}]")
    page.select_option("select[data-seat='1']", "human")
    page.wait_for_selector("#deck-seat-0")
    page.select_option("#deck-seat-0", "builtin:Atlantic Coast")
    assert page.input_value("#deck-seat-1") == "open"
    assert "P2: the person who takes the seat chooses" in page.inner_text("#deck-open-hint")
    page.click("#create-match")
    page.wait_for_url("**/#/match/**")
    page.wait_for_selector("#awaiting-decks li[data-brought='false']")
    match = page.url.split("#/match/")[1].split("/")[0]
    info = server.get(f"/api/v1/matches/{match}")
    assert (info["variant"], info["dealt"], info["status"]) == ("constructed", False, "open")
    assert [s["brings_deck"] for s in info["seats"]] == [False, True]
    assert "Waiting for P2 to bring a deck" in page.inner_text("#turn")
    assert not page.locator("#board").count()  # nothing is dealt: no board, no hand
    shot(page, "deck-join-waiting-1280")

    # Ben joins from the lobby on a phone: the dialog offers his deck and the built-ins,
    # each with the engine's verdict
    ben.set_viewport_size({"width": 390, "height": 844})
    ben.goto(server.url + "/#/")
    row = ben.locator(f"#open-matches li[data-match='{match}']")
    row.wait_for()
    assert "P2: bring your own deck" in row.inner_text()
    row.locator("button", has_text="Join").click()
    ben.wait_for_function(
        "() => document.querySelector('#join-deck .deck-choice[data-legal]')"
        " && !document.querySelector('#join-deck .deck-verdict.muted')"
    )
    mine = ben.locator("#join-deck label[data-group='mine']")
    assert mine.count() == 1
    assert mine.get_attribute("data-legal") == "true"
    builtins = ben.locator("#join-deck label[data-group='builtin'][data-legal='true']")
    assert builtins.count() == len(server.get(f"/api/v1/games/{PHYLO}/decks")["builtins"])
    width = ben.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390  # the dialog fits a phone
    ARTIFACTS.mkdir(exist_ok=True)  # the dialog as the phone's screen shows it
    ben.screenshot(path=str(ARTIFACTS / "deck-join-dialog-390.png"))
    mine.click()
    ben.click("#join-deck-go")
    ben.wait_for_url(f"**/#/match/{match}")
    ben.wait_for_selector("#my-hand [data-card]")

    # dealt with Ben's deck: every card of his hand is one of it, drawn with its face
    dealt = server.get(f"/api/v1/matches/{match}")
    assert (dealt["dealt"], dealt["status"], dealt["options"]["deck2"]) == (True, "active", code)
    wake = set(server.post(f"/api/v1/games/{PHYLO}/decks/decode", {"code": code})["deck"]["cards"])
    hand = ben.locator("#my-hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert hand
    assert {card.split(":")[-1] for card in hand} <= wake
    assert ben.locator("#my-hand .gname").first.inner_text().strip()  # a face, not a bare id
    shot(ben, "deck-join-dealt-390")
    ben.set_viewport_size({"width": 1280, "height": 900})
    shot(ben, "deck-join-dealt-1280")

    # and the match is played: whoever is to move first makes a move
    page.wait_for_selector("#awaiting-decks", state="detached")
    first = page if dealt["to_move"] == [0] else ben
    assert wait_ready(first) == "act"
    act_once(first)
    assert first.evaluate("() => window.ecotonePage.version") == 1
    assert not errors, errors


STORE = "const s = await import('/static/js/deckstore.js');"


def _store(page: Any, body: str) -> Any:
    """Run ``body`` with the page's deck store as ``s`` (deckstore.js, as the pages use it)."""
    return page.evaluate(f"async () => {{ {STORE} {body} }}")


def test_decks_live_in_the_browser_for_a_guest_and_in_the_account_once_signed_in(
    page: Any, new_page: Any, server: Server
) -> None:
    # the browser tests share one server: an account name of this test's own
    deck = "{name: 'Night Shift', summary: '', cards: {B01: 1, B02: 2}}"
    # before the browser has a name: the guest's; the first name it plays under takes them
    _store(page, f"await s.saveDeck('{PHYLO}', {deck});")
    assert page.evaluate("() => localStorage.getItem('ecotone.decks.guest.phylo')")
    page.fill("#player-name", "Wren")
    names = _store(page, f"return (await s.listDecks('{PHYLO}')).map((d) => d.name);")
    assert names == ["Night Shift"]
    assert _store(page, "return s.deckHome();") == "browser"
    assert page.evaluate("() => localStorage.getItem('ecotone.decks.guest.phylo')") is None

    # signing up offers them to the account; copied, they are the account's and leave here
    page.click("#show-sign-up")
    page.fill("#account-name", "Wren")
    page.fill("#account-password", "correct horse")
    page.click("#account-submit")
    page.wait_for_selector("#deck-offer[open]")
    assert "1 deck" in page.inner_text("#deck-offer")
    page.click("#deck-offer-copy")
    page.wait_for_selector("#deck-offer", state="detached")
    assert _store(page, "return s.deckHome();") == "account"
    assert page.evaluate("() => localStorage.getItem('ecotone.decks.Wren.phylo')") is None
    token = page.evaluate("() => JSON.parse(localStorage.getItem('ecotone.account')).token")
    held = _get(server, f"/api/v1/account/decks/{PHYLO}", token)["decks"]
    assert [(d["name"], d["cards"]) for d in held] == [("Night Shift", {"B01": 1, "B02": 2})]
    # a deck saved now goes to the account, not to this browser
    _store(page, f"await s.saveDeck('{PHYLO}', {{name: 'Dawn', cards: {{B03: 1}}}});")
    assert not page.evaluate(
        "() => Object.keys(localStorage).filter((k) => k.startsWith('ecotone.decks.'))"
    )

    # another browser signed in as Wren has them; deleting there deletes them everywhere
    other = new_page()
    other.click("#show-sign-in")
    other.fill("#account-name", "Wren")
    other.fill("#account-password", "correct horse")
    other.click("#account-submit")
    other.wait_for_selector("#signed-in")
    assert not other.locator("#deck-offer").count()  # nothing kept there to offer
    mine = _store(other, f"return (await s.listDecks('{PHYLO}')).map((d) => d.name);")
    assert mine == ["Dawn", "Night Shift"]
    assert _store(other, f"return await s.deleteDeck('{PHYLO}', 'night shift');") is True
    assert [d["name"] for d in _get(server, f"/api/v1/account/decks/{PHYLO}", token)["decks"]] == [
        "Dawn"
    ]

    # signed out, this browser's own decks again (none: they went to the account)
    page.click("#sign-out")
    page.wait_for_selector("#show-sign-in")
    assert _store(page, "return s.deckHome();") == "browser"
    assert _store(page, f"return (await s.listDecks('{PHYLO}')).length;") == 0


def _get(server: Server, path: str, token: str) -> Any:
    req = urllib.request.Request(server.url + path, headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=10) as res:
        return json.loads(res.read())
