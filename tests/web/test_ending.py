"""The end of a match in a real browser says why the game ended and what its result means
(the final update's ``ending``, the game's own words), under the headline, with the
players' names put in: a solo Forest player lost, and reads the target they missed."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tests.web.conftest import Server, shot
from tests.web.test_match_page import take_seats

FOREST = "once-upon-a-forest"


def _view(server: Server, match: str, token: str) -> Any:
    req = urllib.request.Request(
        f"{server.url}/api/v1/matches/{match}/view", headers={"Authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(req, timeout=30) as res:
        return json.loads(res.read())


@pytest.mark.slow  # a whole game played to its end: the server's test checks the field
def test_a_solo_forest_says_what_the_player_needed(page: Any, server: Server) -> None:
    made = server.post(
        "/api/v1/matches",
        {
            "game": FOREST,
            "players": 1,
            "variant": "solo",
            "seed": 2,
            "seats": [{"kind": "human"}],
            "join": {"seat": 0, "name": "Ana"},
        },
    )
    match, token = made["match"], made["token"]
    # the player's moves, as another client would send them: the first choice each time
    view = _view(server, match["id"], token)
    while view["status"] != "over":
        body = {"version": view["version"], "action": view["legal"][0]["action"]}
        server.post(f"/api/v1/matches/{match['id']}/actions", body, token)
        view = _view(server, match["id"], token)
    assert view["winners"] == []
    ending = view["ending"]
    assert ending.startswith("All the cards were drawn and placed in the forests. P1's forest")
    take_seats(page, match, {0: token}, 0)
    said = page.locator("#final-ending")
    said.wait_for()
    # the game's "P1's" is the viewer's own forest
    assert said.inner_text() == ending.replace("P1's forest", "Your forest")
    assert "it needed at least 12 and more than the Neighbouring Forest's" in said.inner_text()
    assert page.locator("#final-winners").inner_text() == "Nobody wins this time."
    page.evaluate("() => window.scrollTo(0, 0)")
    shot(page, "final-ending-solo")
