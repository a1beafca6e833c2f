"""Caps on live connections: per client address and per match.

Each websocket holds a little memory and a share of every broadcast of its match, so the
number a client can open is capped (``Settings.ws_per_address``), and so is the number
watching one match (``Settings.ws_per_match``). A connection over a cap is accepted only
to be told why (``limit/connections``) and closed with code 4429.

Broadcasting itself is linear in the viewers: every message is encoded once per
audience (:meth:`~ecotone.server.matches.Match.broadcast_views` shares one encoding
among the viewers of the same view), and the seats' status is sent only when it changes,
so spectators coming and going send nobody anything.

Sending is paced (:class:`Pacer`): a broadcast wakes every viewer's writer at once, and
the event loop would run all of them (thousands of socket writes) before it looked at
the network again; at most :data:`SENDS_PER_TURN` are written per turn of the loop, so
requests arriving meanwhile (a move, ``/health``) are answered between the batches.
"""

from __future__ import annotations

import asyncio
from collections import Counter

__all__ = ["CLOSE_LIMIT", "ConnectionCaps", "Pacer"]

CLOSE_LIMIT = 4429


class ConnectionCaps:
    """Counts live connections per address and per match, and refuses those over a cap.

    >>> caps = ConnectionCaps(per_address=1, per_match=10)
    >>> caps.admit("192.0.2.1", "m1") is None
    True
    >>> caps.admit("192.0.2.1", "m2")
    'at most 1 live connections per address: close another first'
    >>> caps.leave("192.0.2.1", "m1")
    >>> caps.admit("192.0.2.1", "m2") is None
    True
    """

    def __init__(self, *, per_address: int, per_match: int) -> None:
        self.per_address = per_address
        self.per_match = per_match
        self._addresses: Counter[str] = Counter()
        self._matches: Counter[str] = Counter()

    def admit(self, address: str, match_id: str) -> str | None:
        """Count a new connection in, or say why not (nothing is counted then)."""
        if self._addresses[address] >= self.per_address:
            return f"at most {self.per_address} live connections per address: close another first"
        if self._matches[match_id] >= self.per_match:
            return f"this match has its {self.per_match} viewers already: try again later"
        self._addresses[address] += 1
        self._matches[match_id] += 1
        return None

    def leave(self, address: str, match_id: str) -> None:
        """Count an admitted connection out."""
        for counter, key in ((self._addresses, address), (self._matches, match_id)):
            counter[key] -= 1
            if counter[key] <= 0:
                del counter[key]


# Websocket messages written per turn of the event loop before the others wait a turn.
SENDS_PER_TURN = 64


class Pacer:
    """Lets at most ``per_turn`` writers send in one turn of the event loop.

    A writer awaits :meth:`turn` before each send. The first in a turn arms a reset for
    the next turn; writers past the limit wait one turn (``sleep(0)``), during which the
    loop polls the network, and try again.
    """

    def __init__(self, per_turn: int = SENDS_PER_TURN) -> None:
        self.per_turn = per_turn
        self._sent = 0
        self._armed = False

    async def turn(self) -> None:
        """Wait for a turn of the loop with room for one more send, and take it."""
        while self._sent >= self.per_turn:
            await asyncio.sleep(0)
        self._sent += 1
        if not self._armed:
            self._armed = True
            asyncio.get_running_loop().call_soon(self._reset)

    def _reset(self) -> None:
        self._sent = 0
        self._armed = False
