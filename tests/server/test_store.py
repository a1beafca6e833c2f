"""Storage on SQLite and PostgreSQL: migrations, compare-and-set, resuming after a restart."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text

import ecotone
from ecotone.server import create_app
from ecotone.server.store import ConflictError, MoveRecord, Store, default_db_url, normalize_url
from tests.server.conftest import make_settings
from tests.server.helpers import API, auth, close, create, join, open_ws

FOREST = "once-upon-a-forest"


def test_migrations_create_the_schema_once(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    store.migrate()  # a no-op the second time
    tables = set(inspect(store.engine).get_table_names())
    wanted = {"matches", "seats", "moves", "pending", "chat", "takebacks", "alembic_version"}
    assert wanted <= tables
    assert {"accounts", "account_tokens", "ratings", "results", "account_decks"} <= tables
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0006"
    store.close()


def test_urls() -> None:
    assert normalize_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("sqlite:///x.db") == "sqlite:///x.db"


def test_version_compare_and_set(db_url: str) -> None:
    with TestClient(create_app(make_settings(db_url))) as client:
        mid, _ = create(client, FOREST, 2)
    store = Store(db_url)
    step = MoveRecord(1, 0, '{"type":"draw","pile":0}', "human", 1, 1, "d", 0.0)
    kwargs = {"state": "{}", "digest": "d", "status": "active", "deadline": None, "now": 1.0}
    store.record_steps(mid, 0, [step], clear_pending=False, **kwargs)
    with pytest.raises(ConflictError):  # a second writer from the same version loses
        store.record_steps(mid, 0, [step], clear_pending=False, **kwargs)
    loaded = store.load(mid)
    assert loaded is not None
    assert loaded.match.version == 1
    assert len(loaded.moves) == 1
    store.close()


def test_matches_resume_exactly_after_a_restart(db_url: str) -> None:
    settings = make_settings(db_url)
    with TestClient(create_app(settings)) as client:
        mid, token = create(client, FOREST, 3, seats=[None, "heuristic", None], seed=21)
        assert token
        other = join(client, mid)
        conn, _, view = open_ws(client, mid, token)
        conn.send({"type": "chat", "text": "before the restart"})
        tokens = {0: token, 2: other}
        for _ in range(5):
            seat = next(s for s in view["waiting_for"] if s in tokens)
            r = client.post(
                f"{API}/matches/{mid}/actions",
                json={
                    "version": view["version"],
                    "action": view["legal"][0]["action"]
                    if seat == 0
                    else _legal(client, mid, tokens[seat]),
                },
                headers=auth(tokens[seat]),
            )
            assert r.status_code == 200, r.text
            view = conn.until(
                lambda m: m["type"] == "update" and bool(set(m["waiting_for"]) & {0, 2})
            )
        close(conn)
        manager = client.app.state.manager  # type: ignore[attr-defined]
        match = manager.live[mid]
        before = (match.version, match.state.digest(), match.state.observe(0))
    with TestClient(create_app(settings)) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        match = manager.live[mid]
        assert (match.version, match.state.digest(), match.state.observe(0)) == before
        conn, welcome, view = open_ws(client, mid, token)
        assert welcome["chat"][-1]["text"] == "before the restart"
        assert view["version"] == before[0]
        assert len(view["log"]) == before[0]
        close(conn)
    # and the game still replays to the same state from its seed
    state = ecotone.make(FOREST, players=3).start(21)
    for step in match.moves:
        state = state.apply(step.seat, step.action)
    assert state.digest() == before[1]


def _legal(client: TestClient, mid: str, token: str) -> dict[str, object]:
    view = client.get(f"{API}/matches/{mid}/view", headers=auth(token)).json()
    action: dict[str, object] = view["legal"][0]["action"]
    return action


def test_the_default_database_lives_in_ecotone_home_beside_the_replays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ECOTONE_DATA", str(tmp_path / "older"))
    monkeypatch.setenv("ECOTONE_HOME", str(tmp_path / "home"))
    assert default_db_url() == f"sqlite:///{tmp_path / 'home' / 'ecotone.db'}"
    monkeypatch.delenv("ECOTONE_HOME")
    assert default_db_url() == f"sqlite:///{tmp_path / 'older' / 'ecotone.db'}"
