"""Deck codes: a whole deck as a short line of text, to paste into a chat or a form.

A deck code reads ``TAG:PAYLOAD``. The tag is the game's own (its deckbuilding hook names
it), so a code pasted into the wrong game is refused as such; the payload is RFC 4648
base32 without padding (letters and the digits 2-7, read in any letter case), holding:

=========  ===================================================================
bytes      what
=========  ===================================================================
1          the format version (:data:`VERSION`); a newer one is refused by name
1          ``w``: how many bits each card's count takes (1 for at most one copy)
1          ``n``: how many bytes of UTF-8 the deck's name takes (at most 60)
n          the deck's name
...        the counts, ``w`` bits each, in the order of the game's card pool
2          a check: the first two bytes of BLAKE2b over the tag and all the above
=========  ===================================================================

The counts stop after the last card the deck holds, so adding cards at the end of a pool
keeps every code made before valid. Only a pool's order fixes a code: a game must never
reorder its pool, only append to it.

>>> pool = ("oak", "fox", "owl")
>>> code = encode("WOOD", pool, "Night", {"owl": 2, "oak": 1})
>>> code
'WOOD:AEBAKTTJM5UHIIMB6E'
>>> decode("WOOD", pool, code.lower())
('Night', {'oak': 1, 'owl': 2})
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from collections.abc import Mapping, Sequence

from ecotone.core.errors import DataError

__all__ = ["BAD_CODE", "MAX_NAME_BYTES", "VERSION", "decode", "encode", "is_code"]

VERSION = 1
MAX_NAME_BYTES = 60
BAD_CODE = "deck/bad-code"
_CHECK = 2

# A tag is two to twelve letters or digits starting with a letter; a drive letter ("C:")
# or a path (with "/", "." or "\") never looks like a code.
_SHAPE = re.compile(r"([A-Za-z][A-Za-z0-9]{1,11}):([A-Za-z2-7]+)")


def is_code(text: str) -> bool:
    """Whether ``text`` has the shape of a deck code (any game's).

    A deck option's entry of this shape is always read as a code, never as a file name,
    so a server can take codes from remote players without touching its own disk.

    >>> is_code("PHYLO:AEAQ"), is_code("decks/mine.toml"), is_code("C:deck")
    (True, False, False)
    """
    return _SHAPE.fullmatch(text.strip()) is not None


def encode(tag: str, pool: Sequence[str], name: str, counts: Mapping[str, int]) -> str:
    """The code of the deck ``name`` holding ``counts`` copies of cards of ``pool``.

    The name is cut to :data:`MAX_NAME_BYTES` bytes of UTF-8 (at a character's end).

    Raises:
        DataError: ``deck/bad-code`` for a card that is not in ``pool`` or a count that
            is negative: such a deck has no code (its rules are broken anyway).
    """
    index = {card: i for i, card in enumerate(pool)}
    slots = [0] * len(pool)
    for card, n in counts.items():
        if card not in index:
            raise DataError(BAD_CODE, f"{card!r} is not a card of the pool: it has no code")
        if n < 0:
            raise DataError(BAD_CODE, f"{n} copies of {card!r}: a count is never negative")
        slots[index[card]] = n
    while slots and slots[-1] == 0:
        slots.pop()
    width = max(1, max(slots, default=0).bit_length())
    raw_name = _cut(name.strip(), MAX_NAME_BYTES)
    body = bytes((VERSION, width, len(raw_name))) + raw_name + _pack(slots, width)
    payload = body + _check(tag, body)
    text = base64.b32encode(payload).decode("ascii").rstrip("=")
    return f"{tag}:{text}"


def decode(tag: str, pool: Sequence[str], code: str) -> tuple[str, dict[str, int]]:
    """The name and counts (in pool order, cards held only) a code of ``tag`` holds.

    Raises:
        DataError: ``deck/bad-code`` saying what is wrong: not a code, another game's
            code, a damaged code (its check fails), a newer format, or a card this
            pool does not have.
    """
    match = _SHAPE.fullmatch(code.strip())
    if match is None:
        raise DataError(
            BAD_CODE, f"{_short(code)} is not a deck code (a deck code reads {tag}:...)"
        )
    got, text = match.groups()
    if got.casefold() != tag.casefold():
        raise DataError(
            BAD_CODE, f"{_short(code)} is a deck code of another game ({got}), not of {tag}"
        )
    try:
        payload = base64.b32decode(text.upper() + "=" * (-len(text) % 8))
    except (binascii.Error, ValueError):
        payload = b""
    damaged = DataError(
        BAD_CODE, f"the deck code {_short(code)} is damaged: copy the whole code again"
    )
    if len(payload) < 3 + _CHECK:
        raise damaged
    body, check = payload[:-_CHECK], payload[-_CHECK:]
    if check != _check(tag, body):
        raise damaged
    version, width, size = body[0], body[1], body[2]
    if version != VERSION:
        raise DataError(
            BAD_CODE,
            f"the deck code {_short(code)} has format {version}; this Ecotone reads "
            f"format {VERSION} (a newer Ecotone made it)",
        )
    if not 1 <= width <= 8 or 3 + size > len(body):
        raise damaged
    try:
        name = body[3 : 3 + size].decode("utf-8")
    except UnicodeDecodeError:
        raise damaged from None
    slots = _unpack(body[3 + size :], width)
    counts: dict[str, int] = {}
    for i, n in enumerate(slots):
        if n == 0:
            continue
        if i >= len(pool):
            raise DataError(
                BAD_CODE,
                f"the deck code {_short(code)} holds card number {i + 1}, but this "
                f"game's pool has {len(pool)} cards (a newer Ecotone made it)",
            )
        counts[pool[i]] = n
    return name, counts


def _check(tag: str, body: bytes) -> bytes:
    return hashlib.blake2b(tag.upper().encode("ascii") + body, digest_size=_CHECK).digest()


def _cut(text: str, limit: int) -> bytes:
    raw = text.encode("utf-8")
    while len(raw) > limit:
        text = text[:-1]
        raw = text.encode("utf-8")
    return raw


def _pack(values: Sequence[int], width: int) -> bytes:
    bits = 0
    for value in reversed(values):
        bits = (bits << width) | value
    size = (len(values) * width + 7) // 8
    return bits.to_bytes(size, "little")


def _unpack(raw: bytes, width: int) -> list[int]:
    bits = int.from_bytes(raw, "little")
    mask = (1 << width) - 1
    return [(bits >> (i * width)) & mask for i in range(len(raw) * 8 // width)]


def _short(code: str) -> str:
    text = code.strip()
    return repr(text if len(text) <= 24 else text[:21] + "...")
