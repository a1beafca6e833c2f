"""The last seat taken starts play in the same write as the seat itself.

Two writes (the seat, then the match's status) would leave, after a crash between them,
a match still open with no seat free: nobody could join it and it would never start.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from ecotone.server import create_app
from ecotone.server.store import Store
from tests.server.conftest import make_settings
from tests.server.helpers import API, create, join

FOREST = "once-upon-a-forest"


def test_the_last_seat_and_the_start_of_play_are_one_write(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(create_app(make_settings(db_url))) as client:
        mid, _ = create(client, FOREST, 2, seats=[None, None], move_seconds=600)
        store = client.app.state.manager.store  # type: ignore[attr-defined]

        def died(*args: Any, **kwargs: Any) -> None:
            raise AssertionError("a second write: a crash before it leaves the match open")

        monkeypatch.setattr(store, "update_match", died)
        join(client, mid, seat=1)
        info = client.get(f"{API}/matches/{mid}").json()
        assert info["status"] == "active"
    # what the database holds, as a restart would read it
    held = Store(db_url)
    try:
        record = held.load(mid)
    finally:
        held.close()
    assert record is not None
    assert record.match.status == "active"
    assert record.match.deadline is not None  # the clock of the first person to move runs
    assert all(seat.token_hash for seat in record.seats)
