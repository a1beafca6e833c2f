"""A signed-in player's decks on the server: only with the account's token, only their own,
saved under a name (one per name whatever its case), within the limits."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from ecotone.server import accountdecks, create_app
from tests.server.conftest import make_settings
from tests.server.helpers import API, auth

GAME = "biomasters"
DECKS = f"{API}/account/decks/{GAME}"


def _account(client: TestClient, name: str) -> str:
    r = client.post(f"{API}/accounts/guest", json={"name": name})
    assert r.status_code == 201, r.text
    token: str = r.json()["token"]
    return token


def _code(r: Any) -> tuple[int, str]:
    return r.status_code, r.json()["error"]["code"]


def test_decks_need_an_account_and_stay_its_own(client: TestClient) -> None:
    assert _code(client.get(DECKS)) == (401, "auth/missing-token")
    assert _code(client.get(DECKS, headers=auth("not-a-token"))) == (401, "auth/bad-account")
    deck = {"name": "My Pond", "cards": {"wetland-home": 1, "common-frog": 2}}
    assert _code(client.post(DECKS, json={"deck": deck})) == (401, "auth/missing-token")
    ana, ben = _account(client, "Ana"), _account(client, "Ben")

    r = client.post(DECKS, json={"deck": deck}, headers=auth(ana))
    assert r.status_code == 200, r.text
    assert r.json()["deck"]["name"] == "My Pond"
    mine = client.get(DECKS, headers=auth(ana)).json()
    assert [d["name"] for d in mine["decks"]] == ["My Pond"]
    assert mine["decks"][0]["cards"] == deck["cards"]
    assert mine["limit"] == accountdecks.MAX_DECKS
    # Ben sees none of Ana's, and cannot delete them
    assert client.get(DECKS, headers=auth(ben)).json()["decks"] == []
    gone = client.delete(DECKS, params={"name": "My Pond"}, headers=auth(ben))
    assert gone.json() == {"deleted": False}
    assert len(client.get(DECKS, headers=auth(ana)).json()["decks"]) == 1
    # another game's decks are apart
    assert client.get(f"{API}/account/decks/phylo", headers=auth(ana)).json()["decks"] == []


def test_a_name_is_one_deck_and_decks_come_newest_first(db_url: str) -> None:
    with TestClient(create_app(make_settings(db_url))) as client:
        _one_name_one_deck(client)


def _one_name_one_deck(client: TestClient) -> None:
    ana = _account(client, "Ana")
    for name, cards in [("Pond", {"common-frog": 1}), ("Ocean", {"sea-otter": 1})]:
        client.post(DECKS, json={"deck": {"name": name, "cards": cards}}, headers=auth(ana))
    # the same name in another case replaces it (and a zero count is dropped)
    new = {"name": "  POND ", "summary": "frogs", "cards": {"common-frog": 3, "lion": 0}}
    kept = client.post(DECKS, json={"deck": new}, headers=auth(ana)).json()["deck"]
    assert (kept["name"], kept["cards"], kept["summary"]) == ("POND", {"common-frog": 3}, "frogs")
    decks = client.get(DECKS, headers=auth(ana)).json()["decks"]
    assert [d["name"] for d in decks] == ["POND", "Ocean"]
    assert client.delete(DECKS, params={"name": "pond"}, headers=auth(ana)).json() == {
        "deleted": True
    }
    assert [d["name"] for d in client.get(DECKS, headers=auth(ana)).json()["decks"]] == ["Ocean"]


def test_limits_and_refusals(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    ana = _account(client, "Ana")
    post = lambda deck: client.post(DECKS, json={"deck": deck}, headers=auth(ana))  # noqa: E731
    assert _code(post({"name": "  ", "cards": {}})) == (422, "account/bad-deck")
    assert _code(post({"name": "x" * 61, "cards": {}})) == (422, "account/bad-deck")
    assert _code(post({"name": "Bad", "cards": {"lion": 100}})) == (422, "deck/bad-count")
    assert _code(post({"name": "Odd", "cards": {}, "colour": "red"})) == (
        422,
        "protocol/malformed",
    )
    too_many = {"name": "Big", "cards": {f"c{i}": 1 for i in range(501)}}
    assert _code(post(too_many)) == (422, "protocol/malformed")
    r = client.get(f"{API}/account/decks/once-upon-a-forest", headers=auth(ana))
    assert _code(r) == (400, "config/no-decks")
    assert _code(client.get(f"{API}/account/decks/chess", headers=auth(ana))) == (
        404,
        "game/not-found",
    )
    # the count per game: a new deck over the limit is refused, saving over one is not
    monkeypatch.setattr(accountdecks, "MAX_DECKS", 2)
    assert post({"name": "One", "cards": {}}).status_code == 200
    assert post({"name": "Two", "cards": {}}).status_code == 200
    r = post({"name": "Three", "cards": {}})
    assert _code(r) == (422, "account/too-many-decks")
    assert "2 decks" in r.json()["error"]["message"]
    assert post({"name": "two", "cards": {"lion": 1}}).status_code == 200
    names = [d["name"] for d in client.get(DECKS, headers=auth(ana)).json()["decks"]]
    assert sorted(names) == ["One", "two"]
