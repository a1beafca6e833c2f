"""Moves of several matches committed together: each keeps its own compare-and-set, a
conflict costs only its own move, and the writer thread keeps the order it was given."""

from __future__ import annotations

import threading
from concurrent.futures import Future

import pytest
from fastapi.testclient import TestClient

from ecotone.server import create_app
from ecotone.server.store import ConflictError, MoveRecord, StepsWrite, Store, WriteQueue
from tests.server.conftest import make_settings
from tests.server.helpers import create

FOREST = "once-upon-a-forest"


def _matches(db_url: str, n: int) -> list[str]:
    with TestClient(create_app(make_settings(db_url))) as client:
        return [create(client, FOREST, 2, seed=s)[0] for s in range(n)]


def _write(match_id: str, old: int, *, clear: bool = False) -> StepsWrite:
    step = MoveRecord(old + 1, 0, '{"type":"draw","pile":0}', "human", 1, 1, f"d{old + 1}", 0.0)
    return StepsWrite(match_id, old, [step], "{}", f"d{old + 1}", "active", None, 1.0, clear)


def test_a_conflict_costs_only_its_own_move(db_url: str) -> None:
    a, b, c = _matches(db_url, 3)
    store = Store(db_url)
    store.record_steps_together([_write(b, 0)])
    outcomes = store.record_steps_together([_write(a, 0), _write(b, 0), _write(c, 0)])
    assert outcomes[0] is None
    assert isinstance(outcomes[1], ConflictError)  # b is at version 1 already
    assert outcomes[2] is None
    for mid, version in ((a, 1), (b, 1), (c, 1)):
        loaded = store.load(mid)
        assert loaded is not None
        assert loaded.match.version == version
        assert [m.version for m in loaded.moves] == [1]
    store.close()


def test_a_failing_transaction_is_retried_one_write_at_a_time(sqlite_url: str) -> None:
    a, b = _matches(sqlite_url, 2)
    store = Store(sqlite_url)
    bad = _write(b, 0)
    bad.steps = [*bad.steps, bad.steps[0]]  # the same version twice: the insert fails
    outcomes = store.record_steps_together([_write(a, 0), bad])
    assert outcomes[0] is None
    assert isinstance(outcomes[1], Exception)
    assert not isinstance(outcomes[1], ConflictError)
    loaded_a, loaded_b = store.load(a), store.load(b)
    assert loaded_a is not None
    assert loaded_b is not None
    assert loaded_a.match.version == 1
    assert loaded_b.match.version == 0  # nothing of the bad write was kept
    assert loaded_b.moves == []
    store.close()


def test_moves_waiting_behind_a_commit_share_the_next_one(sqlite_url: str) -> None:
    ids = _matches(sqlite_url, 6)
    store = Store(sqlite_url)
    batches: list[int] = []
    together = store.record_steps_together

    def counting(writes: list[StepsWrite]) -> list[Exception | None]:
        batches.append(len(writes))
        return together(writes)

    store.record_steps_together = counting  # type: ignore[method-assign]
    queue = WriteQueue(store)
    gate = threading.Event()
    order: list[str] = []
    blocker = queue.submit(gate.wait)  # holds the thread while the moves queue up
    futures: list[Future[object]] = [queue.submit_steps(_write(mid, 0)) for mid in ids[:3]]
    futures.append(queue.submit(order.append, "between"))
    futures += [queue.submit_steps(_write(mid, 0)) for mid in ids[3:]]
    futures.append(queue.submit_steps(_write(ids[0], 0)))  # already moved on: refused
    gate.set()
    blocker.result(10)
    for f in futures[:-1]:
        assert f.result(10) is None
    with pytest.raises(ConflictError):
        futures[-1].result(10)
    queue.close()
    assert order == ["between"]
    assert batches == [3, 4]  # the job in between splits the batch; order is kept
    for mid in ids:
        loaded = store.load(mid)
        assert loaded is not None
        assert loaded.match.version == 1
    store.close()
