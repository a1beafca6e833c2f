"""Optional accounts: a name kept across matches, a rating per game, a history.

Nobody needs one: a seat token still plays a seat, as before. An account is either

* **a name and a password**: the password is kept only as an Argon2id hash
  (``argon2-cffi``'s :class:`~argon2.PasswordHasher`, its recommended parameters), and is
  checked in a worker thread, so a login never holds up the server; or
* **a guest**: a name without a password, for someone who wants a history and a rating
  without choosing a password. Its account token is its only key.

Signing up, logging in or becoming a guest gives an **account token** (192 random bits,
stored only as a SHA-256 hash, as seat tokens are). Sent as ``Authorization: Bearer``
when creating or joining a match, it puts the account at the seat: the seat takes the
account's name, the match's result goes into its history, and its rating at that game
moves (:mod:`.ratings`). Play itself still uses the seat token the join returns.

Names are 3 to 32 letters, digits, spaces, ``_`` or ``-``, unique whatever their case.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import secrets
import time
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, insert, select
from sqlalchemy.exc import IntegrityError

from ecotone.server.errors import ServerError
from ecotone.server.models import AccountRow, AccountTokenRow, MatchRow, ResultRow, SeatRow
from ecotone.server.store import Store

__all__ = ["Account", "Accounts", "player_key"]

_ACCOUNTS = AccountRow.__table__

_NAME = re.compile(r"[^\W_][\w \-]{1,30}[^\W_]|[^\W_][\w\-]?[^\W_]")
MIN_PASSWORD = 8
MAX_PASSWORD = 256


@dataclass(frozen=True, slots=True)
class Account:
    """An account as the server knows it (never its password)."""

    id: str
    name: str
    guest: bool
    created_at: float

    @property
    def player(self) -> str:
        """Its key in the ratings (:func:`player_key`)."""
        return player_key(self.id)

    def to_json(self) -> dict[str, Any]:
        """What anyone may know of it."""
        return {"name": self.name, "guest": self.guest, "created_at": self.created_at}


def player_key(account_id: str) -> str:
    """An account's key in the ratings and results tables."""
    return f"account:{account_id}"


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def check_name(name: str) -> str:
    """The name, trimmed, if it may be an account's.

    Raises:
        ServerError: ``account/bad-name``.
    """
    name = " ".join(name.split())
    if not _NAME.fullmatch(name) or len(name) > 32:
        raise ServerError(
            "account/bad-name",
            "a name is 3 to 32 letters, digits, spaces, '_' or '-', "
            "beginning and ending with a letter or digit",
        )
    return name


class Accounts:
    """Accounts and their tokens in the store.

    The database work is synchronous (the manager runs it on the store's writer thread);
    hashing and checking passwords are coroutines that run in worker threads, at most two
    at a time (each takes tens of milliseconds and 64 MiB).
    """

    def __init__(self, store: Store, hasher: PasswordHasher | None = None) -> None:
        self.store = store
        self.hasher = hasher or PasswordHasher()
        self._hashing = asyncio.Semaphore(2)

    # -- passwords (worker threads) ----------------------------------------------------------

    async def hash_password(self, password: str) -> str:
        """The Argon2id hash of an acceptable password.

        Raises:
            ServerError: ``account/weak-password``.
        """
        if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
            raise ServerError(
                "account/weak-password",
                f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters",
            )
        async with self._hashing:
            return await asyncio.to_thread(self.hasher.hash, password)

    async def password_ok(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` matches the stored hash (a guest has none: never)."""
        async with self._hashing:
            if stored is None:
                # as long as a real check, so a guest's name cannot be told by timing
                await asyncio.to_thread(self.hasher.hash, password[:MAX_PASSWORD])
                return False
            try:
                return await asyncio.to_thread(self.hasher.verify, stored, password)
            except (VerificationError, InvalidHashError):
                return False

    # -- the database (the writer thread) -----------------------------------------------------

    def create(self, name: str, password_hash: str | None) -> tuple[Account, str]:
        """A new account and its first token.

        Raises:
            ServerError: ``account/name-taken``.
        """
        account = Account(secrets.token_urlsafe(12), name, password_hash is None, time.time())
        token = secrets.token_urlsafe(24)
        try:
            with self.store.engine.begin() as conn:
                conn.execute(
                    insert(AccountRow).values(
                        id=account.id,
                        name=name,
                        name_key=name.casefold(),
                        password_hash=password_hash,
                        created_at=account.created_at,
                    )
                )
                conn.execute(
                    insert(AccountTokenRow).values(
                        token_hash=_token_hash(token),
                        account_id=account.id,
                        created_at=account.created_at,
                    )
                )
        except IntegrityError:
            raise ServerError("account/name-taken", f"the name {name!r} is taken") from None
        return account, token

    def by_name(self, name: str) -> tuple[Account, str | None] | None:
        """The account called ``name`` (any case) and its password hash."""
        with self.store.engine.connect() as conn:
            key = " ".join(name.split()).casefold()
            row = (
                conn.execute(select(_ACCOUNTS).where(_ACCOUNTS.c.name_key == key))
                .mappings()
                .one_or_none()
            )
        if row is None:
            return None
        return _account(row), row["password_hash"]

    def by_token(self, token: str) -> Account | None:
        """The account an account token belongs to."""
        with self.store.engine.connect() as conn:
            row = (
                conn.execute(
                    select(_ACCOUNTS)
                    .join(AccountTokenRow, AccountTokenRow.account_id == _ACCOUNTS.c.id)
                    .where(AccountTokenRow.token_hash == _token_hash(token))
                )
                .mappings()
                .one_or_none()
            )
        return _account(row) if row is not None else None

    def new_token(self, account: Account) -> str:
        """Sign ``account`` in once more: a new token."""
        token = secrets.token_urlsafe(24)
        with self.store.engine.begin() as conn:
            conn.execute(
                insert(AccountTokenRow).values(
                    token_hash=_token_hash(token), account_id=account.id, created_at=time.time()
                )
            )
        return token

    def revoke(self, token: str) -> None:
        """Sign a token out."""
        with self.store.engine.begin() as conn:
            revoked = AccountTokenRow.token_hash == _token_hash(token)
            conn.execute(delete(AccountTokenRow).where(revoked))

    def history(self, account: Account, limit: int = 50) -> list[dict[str, Any]]:
        """The account's matches, newest first: where it sat, how it placed, its rating
        after, and the replay once the match is over."""
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                select(
                    MatchRow.id,
                    MatchRow.game,
                    MatchRow.players,
                    MatchRow.status,
                    MatchRow.updated_at,
                    SeatRow.seat,
                    ResultRow.place,
                    ResultRow.rating_after,
                )
                .join(SeatRow, SeatRow.match_id == MatchRow.id)
                .outerjoin(
                    ResultRow,
                    (ResultRow.match_id == MatchRow.id) & (ResultRow.seat == SeatRow.seat),
                )
                .where(SeatRow.account_id == account.id)
                .order_by(MatchRow.updated_at.desc())
                .limit(limit)
            ).all()
        return [
            {
                "id": r.id,
                "game": r.game,
                "players": r.players,
                "status": r.status,
                "seat": r.seat,
                "place": r.place,
                "won": r.place == 0 if r.place is not None else None,
                "rating_after": r.rating_after,
                "updated_at": r.updated_at,
                "replay": f"/api/v1/matches/{r.id}/replay" if r.status == "over" else None,
            }
            for r in rows
        ]


def _account(row: Any) -> Account:
    return Account(row["id"], row["name"], row["password_hash"] is None, row["created_at"])
