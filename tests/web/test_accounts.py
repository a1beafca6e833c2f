"""Accounts, ratings and profiles in a real browser: signing up, in, as a guest and out
in the lobby; a seat taken signed in carries the account's name and rating, on the match
page and in the lobby's lists; the profile lists the ratings per game and the matches,
each with its place, its rating after and its replay.

Every figure expected here is read from the server (``/api/v1/players/NAME``), not written
into the test: the page must show what the server says.
"""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Server, shot
from tests.web.helpers import create, wait_ready

FOREST = "once-upon-a-forest"


def _sign_up(page: Any, name: str, password: str) -> None:
    page.click("#show-sign-up")
    page.fill("#account-name", name)
    page.fill("#account-password", password)
    page.click("#account-submit")
    page.locator("#signed-in").wait_for()


def test_an_account_plays_and_its_profile_keeps_the_match_the_rating_and_the_replay(
    page: Any, server: Server
) -> None:
    _sign_up(page, "Ada", "correct horse")
    assert "Ada" in page.locator("#signed-in").inner_text()
    # the seat will take the account's name: the name box shows it, and it cannot change
    assert page.input_value("#player-name") == "Ada"
    assert page.get_attribute("#player-name", "readonly") is not None
    match = create(page, FOREST, ["you", "bot:random"])
    assert wait_ready(page) == "act"
    # the seat is the account's: its name and its rating (a newcomer's), a link to it
    info = server.get(f"/api/v1/matches/{match}")
    assert (info["seats"][0]["account"], info["seats"][0]["name"]) == ("Ada", "Ada")
    chip = page.locator(".seat-chip[data-seat='0']")
    rating = chip.locator("a.rating")
    assert rating.inner_text() == f"rating {info['seats'][0]['rating']:.1f}"
    assert rating.get_attribute("href") == "#/player/Ada"
    assert not page.locator(".seat-chip[data-seat='1'] .rating").count()  # an unrated bot
    shot(page, "match-rated")
    page.click("#resign")
    page.click("#confirm-yes")
    page.locator("#final").wait_for()

    profile = server.get("/api/v1/players/Ada")
    played = next(m for m in profile["matches"] if m["id"] == match)
    forest = next(r for r in profile["ratings"] if r["game"] == FOREST)
    assert played["place"] == 1  # resigned: last of two
    assert forest["matches"] == 1
    # the page shows what the server says: the rating at the game and the match
    page.locator(".seat-chip[data-seat='0'] a.rating").click()
    page.wait_for_url("**/#/player/Ada")
    assert page.locator("#profile-name").inner_text().endswith("Ada")
    row = page.locator(f"#ratings tr[data-game='{FOREST}']")
    assert "Once Upon a Forest" in row.inner_text()
    assert f"{forest['rating']:.1f}" in row.inner_text()
    entry = page.locator(f"#history li[data-match='{match}']")
    assert "2nd" in entry.inner_text()
    assert f"rating {played['rating_after']:.1f} after" in entry.inner_text()
    shot(page, "profile")
    # its replay opens from there
    entry.locator("a", has_text="Replay").click()
    page.locator("#replay-step").wait_for()
    # and the lobby's finished list shows the account with its rating
    page.goto(server.url + "/#/")
    finished = page.locator(f"#over-matches li[data-match='{match}']")
    finished.wait_for()
    assert f"Ada (rating {played['rating_after']:.1f})" in finished.inner_text()


def test_a_wrong_login_a_guest_and_signing_out(page: Any, server: Server) -> None:
    page.click("#show-sign-in")
    page.fill("#account-name", "Nobody Here")
    page.fill("#account-password", "wrong horse")
    page.click("#account-submit")
    problem = page.locator("#account-error")
    problem.wait_for()
    # the server's words and code, the same whether the name or the password is wrong
    assert problem.get_attribute("data-code") == "auth/bad-login"
    assert "no account has this name and password" in problem.inner_text()
    assert not page.locator("#signed-in").count()
    # a guest needs no password; the server makes a name up when none is given
    page.click("#show-guest")
    assert not page.locator("#account-password").count()
    page.click("#account-submit")
    page.locator("#signed-in").wait_for()
    name = page.input_value("#player-name")
    assert name.startswith("Guest-")
    assert "guest" in page.locator("#signed-in").inner_text()
    assert server.get(f"/api/v1/players/{name}")["account"]["guest"] is True
    shot(page, "account-guest")
    # signing out: the ways in again, and the name box is this browser's own again
    page.click("#sign-out")
    page.locator("#show-sign-in").wait_for()
    assert page.get_attribute("#player-name", "readonly") is None
    assert page.evaluate("() => localStorage.getItem('ecotone.account')") is None


def test_a_seat_taken_on_the_match_page_signed_in_is_the_accounts(
    page: Any, new_page: Any, server: Server
) -> None:
    match = create(page, FOREST, ["you", "human"], name="Ana")
    # Bea, signed in, opens the link to the match and takes the free seat
    bea = new_page()
    _sign_up(bea, "Bea", "another horse")
    bea.goto(f"{server.url}/#/match/{match}/watch")
    bar = bea.locator("#join-bar")
    bar.wait_for()
    assert bea.input_value("#join-name") == "Bea"
    bea.click("#take-seat")
    bea.locator(".seat-chip.me[data-seat='1']").wait_for()
    seat = server.get(f"/api/v1/matches/{match}")["seats"][1]
    assert (seat["account"], seat["name"]) == ("Bea", "Bea")
    # Ana, without an account, sees Bea's rating at the table
    page.wait_for_function(
        "() => document.querySelector('.seat-chip[data-seat=\"1\"] a.rating') !== null"
    )
    assert page.locator(".seat-chip[data-seat='1'] a.rating").inner_text() == (
        f"rating {seat['rating']:.1f}"
    )
    assert not page.locator(".seat-chip[data-seat='0'] .rating").count()
