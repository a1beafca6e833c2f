"""A bot's seat is named for players by its kind and strength, never by its raw spec."""

from __future__ import annotations

from fastapi.testclient import TestClient

from ecotone.server.manager import bot_title
from tests.server.helpers import API, create

FOREST = "once-upon-a-forest"


def test_bot_seats_are_named_by_kind_and_strength(client: TestClient) -> None:
    assert bot_title("heuristic") == "Heuristic bot"
    assert bot_title("ismcts:iterations=300") == "ISMCTS bot (300 iterations)"
    assert bot_title("random") == "Random bot"
    mid, _ = create(client, FOREST, 2, seats=[None, "ismcts:iterations=50"])
    seats = client.get(f"{API}/matches/{mid}").json()["seats"]
    assert seats[1]["name"] == "ISMCTS bot (50 iterations)"
    assert seats[1]["bot"] == "ismcts:iterations=50"
