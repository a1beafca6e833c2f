"""Persistence: one SQLAlchemy engine for SQLite or PostgreSQL, and the few writes a match makes.

Every write is committed before the server acknowledges anything:

* :meth:`Store.record_steps` appends applied steps to the move log and moves the match's
  version forward with a compare-and-set (``WHERE version = old``), so two writers can
  never both extend the same version;
* :meth:`Store.record_pending` stores a secret simultaneous choice;
* :meth:`Store.record_takeback` takes a step back, with the same compare-and-set: the
  step's row stays in the log, a ``takebacks`` row says it no longer counts;
* :meth:`Store.deal` deals a match whose seats' players brought their decks: the last
  deck's seat, the match's configuration and its first state, in one transaction;
* seats, chat and the match's status and clock have their own small writes.

The methods are synchronous. The match manager runs them on the :class:`WriteQueue`'s
thread, so the event loop never waits on the disk, and one thread is the only writer.
Moves of different matches that queue up while a commit is under way are committed
together in the next transaction (:meth:`Store.record_steps_together`): under load one
commit serves many moves, and each move is still stored before it is acknowledged.
SQLite runs in WAL mode: a commit survives a crash or a ``kill -9`` of the server; with
``fsync=True`` (``synchronous=FULL``) also a power cut.
"""

from __future__ import annotations

import contextlib
import functools
import os
import queue
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import (
    Engine,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import SQLAlchemyError

from ecotone.server.models import ChatRow, MatchRow, MoveRow, PendingRow, SeatRow, TakeBackRow

__all__ = [
    "ChatRecord",
    "ConflictError",
    "LoadedMatch",
    "MatchRecord",
    "MoveRecord",
    "PendingRecord",
    "SeatRecord",
    "StepsWrite",
    "Store",
    "StoreBusy",
    "TakeBackRecord",
    "WriteQueue",
    "default_db_url",
    "normalize_url",
]

_MIGRATIONS = Path(__file__).parent / "migrations"
# The advisory lock a server holds on its PostgreSQL database (any fixed 64-bit number).
_CLAIM_KEY = 0x45_63_6F_74_6F_6E_65
# How long a claim waits for a lock another session holds before the database is called
# busy: a server just stopped or killed holds it until its session has ended, which the
# database finishes a moment after the connection closed (seconds).
_CLAIM_WAIT = 2.0
_MATCHES = MatchRow.__table__

# Moving a match on: a compare-and-set on its version, built once and run for many
# matches at a time (the parameter names must differ from the columns').
_ADVANCE = (
    update(MatchRow)
    .where(MatchRow.id == bindparam("b_id"), MatchRow.version == bindparam("b_old"))
    .values(
        version=bindparam("b_version"),
        state=bindparam("b_state"),
        digest=bindparam("b_digest"),
        status=bindparam("b_status"),
        deadline=bindparam("b_deadline"),
        updated_at=bindparam("b_now"),
    )
)


class StoreBusy(RuntimeError):
    """Another server holds this database (see :meth:`Store.claim`)."""


class ConflictError(RuntimeError):
    """The match's version in the database is not the one this write started from."""


@dataclass(slots=True)
class MatchRecord:
    """A match row."""

    id: str
    game: str
    players: int
    variant: str | None
    options: str
    seed: int
    rules_version: str
    status: str
    version: int
    state: str
    digest: str
    move_seconds: float | None
    deadline: float | None
    created_at: float
    updated_at: float
    resigned: int | None = None


@dataclass(slots=True)
class SeatRecord:
    """A seat row."""

    seat: int
    kind: str
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    taken_over: bool = False
    account_id: str | None = None
    brings_deck: bool = False
    deck: str | None = None


@dataclass(slots=True)
class MoveRecord:
    """An applied step (see :class:`ecotone.server.models.MoveRow`)."""

    version: int
    seat: int
    action: str
    by: str
    visible: int
    tag_visible: int
    digest: str
    at: float


@dataclass(slots=True)
class StepsWrite:
    """Steps to append to one match's log, moving it from ``old_version`` on.

    ``state``, ``digest``, ``status`` and ``deadline`` are the match's after the steps;
    ``clear_pending`` drops its stored simultaneous choices (they were just applied).
    """

    match_id: str
    old_version: int
    steps: Sequence[MoveRecord]
    state: str
    digest: str
    status: str
    deadline: float | None
    now: float
    clear_pending: bool


@dataclass(slots=True)
class PendingRecord:
    """A stored simultaneous choice."""

    seat: int
    version: int
    action: str
    by: str
    at: float


@dataclass(slots=True)
class TakeBackRecord:
    """A step taken back: the match moved to ``version`` by taking back its step
    ``step``, which ``seat`` had taken."""

    version: int
    seat: int
    step: int
    at: float


@dataclass(slots=True)
class ChatRecord:
    """A chat line."""

    id: int
    seat: int
    name: str | None
    text: str
    at: float


@dataclass(slots=True)
class LoadedMatch:
    """Everything stored about one match."""

    match: MatchRecord
    seats: list[SeatRecord]
    moves: list[MoveRecord] = field(default_factory=list)
    pending: list[PendingRecord] = field(default_factory=list)
    chat: list[ChatRecord] = field(default_factory=list)
    takebacks: list[TakeBackRecord] = field(default_factory=list)


def default_db_url() -> str:
    """An SQLite file in the user's data directory (created if needed).

    ``$ECOTONE_HOME`` wins, the folder of the terminal's replays and saved decks too;
    then ``$ECOTONE_DATA`` (the server's own, older name); then ``$XDG_DATA_HOME/ecotone``;
    on Windows ``%APPDATA%\\ecotone``; on macOS ``~/Library/Application Support/ecotone``;
    else ``~/.local/share/ecotone``.
    """
    home = os.environ.get("ECOTONE_HOME") or os.environ.get("ECOTONE_DATA")
    if home:
        base = Path(home).expanduser()
    elif os.environ.get("XDG_DATA_HOME"):
        base = Path(os.environ["XDG_DATA_HOME"]) / "ecotone"
    elif os.name == "nt" and os.environ.get("APPDATA"):
        base = Path(os.environ["APPDATA"]) / "ecotone"
    elif os.uname().sysname == "Darwin":
        base = Path.home() / "Library" / "Application Support" / "ecotone"
    else:
        base = Path.home() / ".local" / "share" / "ecotone"
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'ecotone.db'}"


def normalize_url(url: str) -> str:
    """Point ``postgresql://`` URLs at the psycopg (3) driver; others are kept."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _sqlite_pragmas(synchronous: str) -> Any:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=10000")
        cursor.close()

    return on_connect


class Store:
    """The server's database.

    Args:
        url: an SQLAlchemy URL: ``sqlite:///path.db`` or ``postgresql://user@host/db``.
        fsync: SQLite only: sync the disk on every commit (``synchronous=FULL``), so an
            acknowledged move survives even a power cut. Without it (``NORMAL``, WAL
            mode) a commit survives a crash or ``kill -9`` of the server, which is what
            SQLite promises for WAL mode, and costs far less.
    """

    def __init__(self, url: str, *, fsync: bool = False) -> None:
        self.url = normalize_url(url)
        parsed = make_url(self.url)
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        if self.is_sqlite and parsed.database not in (None, "", ":memory:"):
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        self.engine: Engine = create_engine(self.url)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas("FULL" if fsync else "NORMAL"))
        self._database = parsed.database
        self._claim_fd: int | None = None
        self._claim_conn: Connection | None = None

    def close(self) -> None:
        """Release every connection (and the claim on the database, if held)."""
        if self._claim_fd is not None:
            os.close(self._claim_fd)  # closing the file releases its lock
            self._claim_fd = None
        if self._claim_conn is not None:
            # Released here, before the session ends: the end of a session releases its
            # locks too, but only once the database has ended it, a moment after the
            # connection closed, and a server started right after this one would find
            # the database still taken. (A broken connection ends its session anyway.)
            with contextlib.suppress(SQLAlchemyError):
                self._claim_conn.execute(
                    text("SELECT pg_advisory_unlock(:key)"), {"key": _CLAIM_KEY}
                )
            self._claim_conn.close()
            self._claim_conn = None
        self.engine.dispose()

    # -- one server per database ----------------------------------------------------------

    def claim(self) -> None:
        """Take the database for this server alone, for as long as the store is open.

        A server keeps its matches in memory and is the only writer it knows of; a second
        server on the same database would keep its own copies, lose every write the first
        made first, and never see their moves. So the second refuses to start: SQLite
        by a lock on a file beside the database (``<file>.server-lock``, released by the
        system when the process ends, even by ``kill -9``), PostgreSQL by a session-level
        advisory lock held on a connection of its own. An in-memory database is never
        shared. Where the system has no file locks (Windows), SQLite is not guarded.

        Raises:
            StoreBusy: naming the server that holds it (its process id, for SQLite).
        """
        if self.is_sqlite:
            self._claim_sqlite()
        elif self.engine.dialect.name == "postgresql":
            self._claim_postgres()

    def _claim_sqlite(self) -> None:
        if self._claim_fd is not None or self._database in (None, "", ":memory:"):
            return
        try:
            import fcntl  # noqa: PLC0415 - not on Windows
        except ImportError:
            return
        path = f"{self._database}.server-lock"
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.read(fd, 32).decode(errors="replace").strip() or "?"
            os.close(fd)
            raise StoreBusy(
                f"another Ecotone server (process {holder}) is serving {self._database}: "
                "two servers on one database would each lose the moves the other makes; "
                "stop that one first, or give this one another database"
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._claim_fd = fd

    def _claim_postgres(self) -> None:
        if self._claim_conn is not None:
            return
        conn = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        take = text("SELECT pg_try_advisory_lock(:key)")
        # a server killed a moment ago still holds it until the database ends its session
        give_up = time.monotonic() + _CLAIM_WAIT
        while not conn.execute(take, {"key": _CLAIM_KEY}).scalar():
            if time.monotonic() < give_up:
                time.sleep(0.05)
                continue
            conn.close()
            raise StoreBusy(
                f"another Ecotone server is serving the PostgreSQL database {self._database}: "
                "two servers on one database would each lose the moves the other makes; "
                "stop that one first, or give this one another database"
            )
        self._claim_conn = conn

    # -- schema -------------------------------------------------------------------------

    def migrate(self) -> None:
        """Bring the schema to the newest migration (a no-op when it is there already)."""
        script = ScriptDirectory(str(_MIGRATIONS))
        with self.engine.begin() as conn:
            current = MigrationContext.configure(conn).get_current_revision()
            if current == script.get_current_head():
                return
            cfg = Config()
            cfg.set_main_option("script_location", str(_MIGRATIONS))
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    # -- writes -------------------------------------------------------------------------

    def create_match(self, match: MatchRecord, seats: Sequence[SeatRecord]) -> None:
        """Store a new match and its seats."""
        with self.engine.begin() as conn:
            conn.execute(insert(MatchRow).values(**_fields(match)))
            conn.execute(insert(SeatRow), [{"match_id": match.id, **_fields(s)} for s in seats])

    def record_steps(
        self,
        match_id: str,
        old_version: int,
        steps: Sequence[MoveRecord],
        *,
        state: str,
        digest: str,
        status: str,
        deadline: float | None,
        now: float,
        clear_pending: bool,
    ) -> None:
        """Append ``steps`` and move the match from ``old_version`` to the last step's.

        Raises:
            ConflictError: when the stored version is not ``old_version``.
        """
        write = StepsWrite(
            match_id, old_version, steps, state, digest, status, deadline, now, clear_pending
        )
        outcome = self.record_steps_together([write])[0]
        if outcome is not None:
            raise outcome

    def record_steps_together(self, writes: Sequence[StepsWrite]) -> list[Exception | None]:
        """Commit the steps of several matches in one transaction; each write's outcome.

        A write whose match is no longer at its ``old_version`` gets a
        :class:`ConflictError` and changes nothing; the others are committed all the same.
        Should the transaction fail, or a match have moved on, the writes are done again
        one transaction each, so that one bad write costs only its own move.
        """
        if len(writes) > 1:
            try:
                with self.engine.begin() as conn:
                    if not self._write_steps(conn, writes):
                        raise ConflictError("a match moved on")  # roll everything back
            except Exception:  # each write's own error is found below
                pass
            else:
                return [None] * len(writes)
        return [self._write_alone(w) for w in writes]

    def _write_alone(self, write: StepsWrite) -> Exception | None:
        try:
            with self.engine.begin() as conn:
                if self._write_steps(conn, [write]):
                    return None
        except Exception as exc:  # the write's outcome, for its caller
            return exc
        return ConflictError(f"match {write.match_id} is no longer at version {write.old_version}")

    @staticmethod
    def _write_steps(conn: Connection, writes: Sequence[StepsWrite]) -> bool:
        """Move every match on and append its steps; ``False`` (having appended nothing)
        when some match is not at its ``old_version``."""
        params = [
            {
                "b_id": w.match_id,
                "b_old": w.old_version,
                "b_version": w.steps[-1].version if w.steps else w.old_version,
                "b_state": w.state,
                "b_digest": w.digest,
                "b_status": w.status,
                "b_deadline": w.deadline,
                "b_now": w.now,
            }
            for w in writes
        ]
        if conn.dialect.supports_sane_multi_rowcount:
            moved = conn.execute(_ADVANCE, params).rowcount
        else:
            moved = sum(conn.execute(_ADVANCE, p).rowcount for p in params)
        if moved != len(writes):
            return False
        moves = [{"match_id": w.match_id, **_fields(s)} for w in writes for s in w.steps]
        if moves:
            conn.execute(insert(MoveRow), moves)
        cleared = [w.match_id for w in writes if w.clear_pending]
        if cleared:
            conn.execute(delete(PendingRow).where(PendingRow.match_id.in_(cleared)))
        return True

    def record_pending(self, match_id: str, pending: PendingRecord, version: int) -> None:
        """Store a simultaneous choice made at ``version``.

        Raises:
            ConflictError: when the match is no longer at ``version``.
        """
        with self.engine.begin() as conn:
            current = conn.execute(
                select(MatchRow.version).where(MatchRow.id == match_id).with_for_update()
            ).scalar_one_or_none()
            if current != version:
                raise ConflictError(f"match {match_id} is no longer at version {version}")
            conn.execute(insert(PendingRow).values(match_id=match_id, **_fields(pending)))

    def record_takeback(
        self,
        match_id: str,
        old_version: int,
        takeback: TakeBackRecord,
        *,
        state: str,
        digest: str,
        deadline: float | None,
    ) -> None:
        """Take back the step ``takeback.step``: move the match from ``old_version`` to
        ``takeback.version`` and the state before that step, in one transaction.

        The step's row stays in the move log (it was played, and the log is never
        rewritten); the ``takebacks`` row says that it no longer counts.

        Raises:
            ConflictError: when the stored version is not ``old_version``.
        """
        with self.engine.begin() as conn:
            moved = conn.execute(
                _ADVANCE,
                {
                    "b_id": match_id,
                    "b_old": old_version,
                    "b_version": takeback.version,
                    "b_state": state,
                    "b_digest": digest,
                    "b_status": "active",
                    "b_deadline": deadline,
                    "b_now": takeback.at,
                },
            ).rowcount
            if moved != 1:
                raise ConflictError(f"match {match_id} is no longer at version {old_version}")
            conn.execute(insert(TakeBackRow).values(match_id=match_id, **_fields(takeback)))

    def update_seat(self, match_id: str, seat: SeatRecord, **match: Any) -> None:
        """Rewrite one seat (joined, left, token rotated, taken over or back); with
        ``match``, change the match's columns in the same transaction (the last seat
        taken starts play: status, deadline, updated_at)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(SeatRow)
                .where(SeatRow.match_id == match_id, SeatRow.seat == seat.seat)
                .values(**_fields(seat))
            )
            if match:
                conn.execute(update(MatchRow).where(MatchRow.id == match_id).values(**match))

    def deal(self, match_id: str, seat: SeatRecord, **values: Any) -> None:
        """The last deck a match waited for is in: store its seat, the match's ``values``
        (its options with every deck, its first state and digest, and its status and clock
        when play begins at once) and that no seat brings a deck any more, together.

        Raises:
            ConflictError: when the match has been dealt or has moved already.
        """
        with self.engine.begin() as conn:
            moved = conn.execute(
                update(MatchRow)
                .where(MatchRow.id == match_id, MatchRow.version == 0, MatchRow.status == "open")
                .values(**values)
            ).rowcount
            if moved != 1:
                raise ConflictError(f"match {match_id} is no longer waiting for its decks")
            conn.execute(
                update(SeatRow)
                .where(SeatRow.match_id == match_id, SeatRow.seat == seat.seat)
                .values(**_fields(seat))
            )
            conn.execute(
                update(SeatRow).where(SeatRow.match_id == match_id).values(brings_deck=False)
            )

    def update_match(self, match_id: str, **values: Any) -> None:
        """Change a match's status, deadline, timestamps or who resigned."""
        with self.engine.begin() as conn:
            conn.execute(update(MatchRow).where(MatchRow.id == match_id).values(**values))

    def add_chat(self, match_id: str, seat: int, name: str | None, text: str, at: float) -> int:
        """Store a chat line and return its id."""
        with self.engine.begin() as conn:
            result = conn.execute(
                insert(ChatRow)
                .values(match_id=match_id, seat=seat, name=name, text=text, at=at)
                .returning(ChatRow.id)
            )
            return int(result.scalar_one())

    # -- reads --------------------------------------------------------------------------

    def load(self, match_id: str, *, chat_lines: int = 50) -> LoadedMatch | None:
        """Everything about one match, or ``None``."""
        with self.engine.connect() as conn:
            row = (
                conn.execute(select(_MATCHES).where(_MATCHES.c.id == match_id))
                .mappings()
                .one_or_none()
            )
            if row is None:
                return None
            return self._load_rest(conn, row, chat_lines)

    def load_live(self, *, chat_lines: int = 50) -> list[LoadedMatch]:
        """Every match that is open or being played."""
        with self.engine.connect() as conn:
            rows = (
                conn.execute(select(_MATCHES).where(_MATCHES.c.status.in_(("open", "active"))))
                .mappings()
                .all()
            )
            return [self._load_rest(conn, row, chat_lines) for row in rows]

    def list_ids(self, status: str, limit: int) -> list[str]:
        """The newest ``limit`` match ids with ``status``."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_MATCHES.c.id)
                .where(_MATCHES.c.status == status)
                .order_by(_MATCHES.c.updated_at.desc())
                .limit(limit)
            ).scalars()
            return list(rows)

    def _load_rest(self, conn: Connection, row: Any, chat_lines: int) -> LoadedMatch:
        mid = row["id"]
        seats, moves, pending, chat, takebacks = (
            SeatRow.__table__,
            MoveRow.__table__,
            PendingRow.__table__,
            ChatRow.__table__,
            TakeBackRow.__table__,
        )

        def rows(query: Any) -> list[Any]:
            return list(conn.execute(query).mappings().all())

        return LoadedMatch(
            match=MatchRecord(**_pick(row, MatchRecord)),
            seats=[
                SeatRecord(**_pick(r, SeatRecord))
                for r in rows(select(seats).where(seats.c.match_id == mid).order_by(seats.c.seat))
            ],
            moves=[
                MoveRecord(**_pick(r, MoveRecord))
                for r in rows(
                    select(moves).where(moves.c.match_id == mid).order_by(moves.c.version)
                )
            ],
            pending=[
                PendingRecord(**_pick(r, PendingRecord))
                for r in rows(
                    select(pending).where(pending.c.match_id == mid).order_by(pending.c.seat)
                )
            ],
            chat=[
                ChatRecord(**_pick(r, ChatRecord))
                for r in reversed(
                    rows(
                        select(chat)
                        .where(chat.c.match_id == mid)
                        .order_by(chat.c.id.desc())
                        .limit(chat_lines)
                    )
                )
            ],
            takebacks=[
                TakeBackRecord(**_pick(r, TakeBackRecord))
                for r in rows(
                    select(takebacks)
                    .where(takebacks.c.match_id == mid)
                    .order_by(takebacks.c.version)
                )
            ],
        )


class WriteQueue:
    """The store's one worker thread: runs the jobs given to it in order, and commits the
    moves that queue up behind a transaction together, in the next one.

    One thread for every write keeps SQLite's single writer from ever waiting on a lock
    held by another thread of the same server (it would sleep in its busy handler). While
    a commit is under way the event loop keeps working, so several matches' moves arrive
    meanwhile; :meth:`submit_steps` lets them share the next commit, so the cost of a
    commit is spread over the moves that wait for it.

    Args:
        store: the database.
        batch: the most moves committed in one transaction.
    """

    def __init__(self, store: Store, *, batch: int = 256) -> None:
        self.store = store
        self.batch = batch
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._work, name="ecotone-db", daemon=True)
        self._thread.start()

    def submit(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Future[Any]:
        """Run ``fn(*args, **kwargs)`` on the worker thread; its future."""
        job = _Job(functools.partial(fn, *args, **kwargs), None, Future())
        self._jobs.put(job)
        return job.future

    def submit_steps(self, write: StepsWrite) -> Future[Any]:
        """Store ``write``, committed with whatever other moves are waiting; its future
        (a :class:`ConflictError` when the match moved on)."""
        job = _Job(None, write, Future())
        self._jobs.put(job)
        return job.future

    def close(self) -> None:
        """Finish the queued jobs, then stop the thread."""
        self._jobs.put(None)
        self._thread.join()

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            if job.write is None:
                self._run(job)
                continue
            jobs = [job]
            stop = False
            while len(jobs) < self.batch:  # gather the moves already waiting
                try:
                    more = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                if more.write is None:  # keep the order: run it after this commit
                    self._commit(jobs)
                    jobs = []
                    self._run(more)
                    continue
                jobs.append(more)
            self._commit(jobs)
            if stop:
                return

    @staticmethod
    def _run(job: _Job) -> None:
        if not job.future.set_running_or_notify_cancel():
            return
        assert job.fn is not None
        try:
            result = job.fn()
        except BaseException as exc:
            job.future.set_exception(exc)
        else:
            job.future.set_result(result)

    def _commit(self, jobs: list[_Job]) -> None:
        live = [j for j in jobs if j.future.set_running_or_notify_cancel()]
        if not live:
            return
        writes = [j.write for j in live if j.write is not None]
        try:
            outcomes = self.store.record_steps_together(writes)
        except Exception as exc:  # never leave a move waiting for an answer
            outcomes = [exc] * len(live)
        for j, outcome in zip(live, outcomes, strict=True):
            if outcome is None:
                j.future.set_result(None)
            else:
                j.future.set_exception(outcome)


@dataclass(slots=True)
class _Job:
    fn: Callable[[], Any] | None
    write: StepsWrite | None
    future: Future[Any]


def _fields(record: Any) -> dict[str, Any]:
    return {name: getattr(record, name) for name in record.__slots__}


def _pick(row: Any, record: type[Any]) -> dict[str, Any]:
    return {name: row[name] for name in record.__slots__}
