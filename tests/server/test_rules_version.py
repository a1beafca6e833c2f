"""A match stored under an earlier rules version that the game plays alike resumes after
an upgrade; under any other version it is left alone, saying why."""

from __future__ import annotations

import json
import sqlite3

from fastapi.testclient import TestClient

import ecotone
from ecotone.server import create_app
from tests.server.conftest import make_settings
from tests.server.helpers import create

FOREST = "once-upon-a-forest"


def _stored_under(path: str, match: str, version: str) -> None:
    """Rewrite the stored state of ``match`` as if saved under rules ``version``."""
    with sqlite3.connect(path) as db:
        (state,) = db.execute("SELECT state FROM matches WHERE id = ?", (match,)).fetchone()
        saved = json.loads(state)
        saved["rules_version"] = version
        db.execute("UPDATE matches SET state = ? WHERE id = ?", (json.dumps(saved), match))


def test_a_match_stored_under_a_version_that_plays_alike_resumes(sqlite_url: str) -> None:
    spec = ecotone.make(FOREST, players=2).spec
    path = sqlite_url.removeprefix("sqlite:///")
    with TestClient(create_app(make_settings(sqlite_url))) as client:
        match, _ = create(client, FOREST, 2, seats=[None, "random"])
    for version, resumes in ((spec.replays_from[0], True), ("0.0.1", False)):
        _stored_under(path, match, version)
        with TestClient(create_app(make_settings(sqlite_url))) as client:
            found = client.get(f"/api/v1/matches/{match}")
        if resumes:
            assert found.status_code == 200, found.text
            assert found.json()["status"] == "active"
        else:
            assert found.json()["error"]["code"] == "state/rules-version"
            assert "'0.0.1'" in found.json()["error"]["message"]
