"""The database tables (SQLAlchemy 2), shared by SQLite and PostgreSQL.

The move log is the source of truth: a match is its configuration, its seed and its
applied steps in order. ``matches.state`` is a snapshot of the latest state (so a restart
does not re-simulate every match) and ``moves.digest`` the digest after each step, so a
resumed match is checked to be exactly where it was. A step taken back keeps its row in
the log and ``takebacks`` says which it was: the line in play is the log without them.
Schema changes go through Alembic migrations (``ecotone/server/migrations``); this module
must match the latest one.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Boolean, Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = [
    "AccountDeckRow",
    "AccountRow",
    "AccountTokenRow",
    "Base",
    "ChatRow",
    "MatchRow",
    "MoveRow",
    "PendingRow",
    "RatingRow",
    "ResultRow",
    "SeatRow",
    "TakeBackRow",
]


class Base(DeclarativeBase):
    """The declarative base of Ecotone's server tables."""


class MatchRow(Base):
    """One match: configuration, secret seed, status, state version and latest snapshot."""

    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    variant: Mapped[str | None] = mapped_column(String(64), nullable=True)
    options: Mapped[str] = mapped_column(Text)  # JSON object
    seed: Mapped[int] = mapped_column(BigInteger)
    rules_version: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16), index=True)
    version: Mapped[int] = mapped_column(Integer)
    state: Mapped[str] = mapped_column(Text)  # State.to_json(), encoded
    digest: Mapped[str] = mapped_column(String(64))
    move_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float, index=True)
    # the seat that conceded, when the match ended that way (its state is then not final)
    resigned: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # whether its result has been recorded (and its players' ratings moved): only once
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")


class SeatRow(Base):
    """A seat: human or a named bot; who joined it and the hash of their token."""

    __tablename__ = "seats"

    match_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(200), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    taken_over: Mapped[bool] = mapped_column(Boolean, default=False)
    # the account of the person who joined it, when they joined signed in
    account_id: Mapped[str | None] = mapped_column(
        String(32), ForeignKey("accounts.id"), nullable=True, index=True
    )
    # the seat's deck is the person's to bring on joining, and the match is not dealt yet
    brings_deck: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    # the deck its person brought (a built-in deck's key or a deck code), until the deal
    deck: Mapped[str | None] = mapped_column(Text, nullable=True)


class MoveRow(Base):
    """One applied step. ``visible``/``tag_visible``: bit ``v`` set when viewer ``v``
    (seats, then the spectators as bit ``players``) may see the action / its kind."""

    __tablename__ = "moves"

    match_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)  # the action's JSON form
    by: Mapped[str] = mapped_column(String(8))
    visible: Mapped[int] = mapped_column(BigInteger)
    tag_visible: Mapped[int] = mapped_column(BigInteger)
    digest: Mapped[str] = mapped_column(String(64))
    at: Mapped[float] = mapped_column(Float)


class PendingRow(Base):
    """A secret choice of a simultaneous decision, stored until everyone has chosen."""

    __tablename__ = "pending"

    match_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    by: Mapped[str] = mapped_column(String(8))
    at: Mapped[float] = mapped_column(Float)


class ChatRow(Base):
    """A line of table talk."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("matches.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class AccountRow(Base):
    """A player's account: a name and an Argon2 hash of the password, or a guest (no
    password: the account token is the only way in)."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(32))
    name_key: Mapped[str] = mapped_column(String(32), unique=True)  # the name, case-folded
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    created_at: Mapped[float] = mapped_column(Float)


class AccountTokenRow(Base):
    """A signed-in session: the SHA-256 of an account token."""

    __tablename__ = "account_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[float] = mapped_column(Float)


class RatingRow(Base):
    """A player's rating at one game (OpenSkill's mu and sigma). ``player`` is
    ``account:<id>`` for a person, ``bot:<spec>`` for a bot (rated from tournaments)."""

    __tablename__ = "ratings"

    player: Mapped[str] = mapped_column(String(250), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    matches: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[float] = mapped_column(Float)


class ResultRow(Base):
    """How one seat of a finished match placed (0: a winner), and its rating around it."""

    __tablename__ = "results"

    match_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[str | None] = mapped_column(String(250), nullable=True, index=True)
    place: Mapped[int] = mapped_column(Integer)
    score: Mapped[float | None] = mapped_column(Float, nullable=True)
    rating_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    rating_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    at: Mapped[float] = mapped_column(Float)


class TakeBackRow(Base):
    """A step taken back (:mod:`ecotone.server.takeback`): the match moved to ``version``
    by taking back its step ``step`` (that step's row stays in ``moves``), at the request
    of ``seat``."""

    __tablename__ = "takebacks"

    match_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    step: Mapped[int] = mapped_column(Integer)
    at: Mapped[float] = mapped_column(Float)


class AccountDeckRow(Base):
    """A deck a signed-in player saved for one game (:mod:`ecotone.server.accountdecks`):
    ``deck`` is ``{"name", "summary", "cards"}`` as JSON; ``name_key`` its name
    case-folded, so one name (whatever its case) is one deck."""

    __tablename__ = "account_decks"

    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    name_key: Mapped[str] = mapped_column(String(200), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    deck: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[float] = mapped_column(Float)
