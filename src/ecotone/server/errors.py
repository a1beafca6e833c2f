"""The server's refusals: an :class:`EcotoneError` with a stable code and an HTTP status.

Codes (``area/what``) are the same on the websocket (an ``error`` message) and over HTTP
(``{"error": {"code", "message"}}`` with the status below); ``docs/protocol.md`` lists
them all. Rule refusals keep the game's own code (``action/not-your-turn``,
``forest/...``).
"""

from __future__ import annotations

from ecotone.core.errors import EcotoneError

__all__ = ["ServerError", "status_for"]

_STATUS = {
    "protocol": 400,
    "protocol/malformed": 422,
    "protocol/too-large": 413,
    "protocol/no-route": 404,
    "protocol/method": 405,
    "game/not-found": 404,
    "player/not-found": 404,
    "auth/bad-login": 401,
    "auth/bad-account": 401,
    "account/name-taken": 409,
    "account": 422,
    "config": 400,
    "auth/missing-token": 401,
    "auth": 403,
    "match/not-found": 404,
    "match": 409,
    "action": 422,
    "chat": 422,
    "limit": 429,
    "server": 503,
}


def status_for(code: str) -> int:
    """The HTTP status of an error code (a game's own rule codes are 422)."""
    if code in _STATUS:
        return _STATUS[code]
    return _STATUS.get(code.partition("/")[0], 422)


class ServerError(EcotoneError):
    """A request the server refuses; nothing changed.

    Args:
        code: the stable code.
        message: the explanation.
        version: the match's current version, when the refusal concerns one.
    """

    def __init__(self, code: str, message: str, *, version: int | None = None) -> None:
        super().__init__(code, message)
        self.version = version

    @property
    def status(self) -> int:
        """The HTTP status for this refusal."""
        return status_for(self.code)
