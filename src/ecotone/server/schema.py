"""The one strict schema of what clients send, over HTTP and the websocket alike.

Every request body and every websocket message is decoded by msgspec into a record of
this module or of :mod:`ecotone.server.protocol` (built from the same bounded field types
below), strictly: a number sent as a string (``"players": "2"``), a field the record does
not have, a missing field or a number out of its bounds is refused with
``protocol/malformed`` and nothing happens. HTTP posts an action as the websocket's
:class:`~ecotone.server.protocol.Act` (its ``type`` tag may be left out) and a chat line
as its :class:`~ecotone.server.protocol.Chat`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

import msgspec

from ecotone.server.errors import ServerError

__all__ = [
    "ActionObject",
    "ActionText",
    "BotSpec",
    "ChatText",
    "CreateMatch",
    "DeckCode",
    "DeckIn",
    "GuestRequest",
    "JoinRequest",
    "Login",
    "MoveSeconds",
    "Name",
    "NewAccount",
    "Ref",
    "SaveDeck",
    "SeatNumber",
    "SeatSpec",
    "Token",
    "Version",
    "decode_body",
]

T = TypeVar("T")

# The bounds every number and text a client sends is held to.
Version = Annotated[int, msgspec.Meta(ge=0, le=2**31 - 1)]
SeatNumber = Annotated[int, msgspec.Meta(ge=0, le=63)]
Players = Annotated[int, msgspec.Meta(ge=1, le=16)]
Ref = Annotated[str, msgspec.Meta(max_length=64)]
Token = Annotated[str, msgspec.Meta(max_length=256)]
Name = Annotated[str, msgspec.Meta(max_length=64)]
ChatText = Annotated[str, msgspec.Meta(max_length=4000)]
BotSpec = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
Identifier = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
Options = Annotated[dict[Identifier, Any], msgspec.Meta(max_length=32)]
Seed = Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)]
# A clock shorter than a person can read the table in would hand every seat to a bot at
# once; the server's own floor (Settings.min_move_seconds) may be higher than this one.
MoveSeconds = Annotated[float, msgspec.Meta(gt=0, le=90 * 86400)]
ActionText = Annotated[str, msgspec.Meta(max_length=1000)]
ActionObject = Annotated[dict[str, Any], msgspec.Meta(max_length=32)]


class SeatSpec(msgspec.Struct, forbid_unknown_fields=True):
    """A seat of a new match: a person (joins later) or a bot by spec (``heuristic``).

    ``brings_deck``: in a game with constructed decks, the seat's deck is left to whoever
    takes it: a person brings it on joining (:class:`JoinRequest` ``deck``), and the match
    is dealt once every such seat has its deck; a bot plays the game's standard deck for
    the seat (:mod:`ecotone.server.seatdecks`)."""

    kind: Literal["human", "bot"] = "human"
    bot: BotSpec | None = None
    brings_deck: bool = False


class JoinRequest(msgspec.Struct, forbid_unknown_fields=True):
    """Take a seat: its number (seats count from 0), or the first free one.

    ``deck``: for a seat whose person brings its deck, the deck: a built-in deck's name
    or a deck code (text), or the cards (:class:`DeckIn`); never a file. Left out, the
    first free seat is one whose deck is chosen already; given, one that brings its own."""

    seat: SeatNumber | None = None
    name: Name | None = None
    deck: DeckCode | DeckIn | None = None


class CreateMatch(msgspec.Struct, forbid_unknown_fields=True):
    """A new match. ``seats`` defaults to every seat a person; ``join`` seats the creator."""

    game: Identifier
    players: Players
    variant: Identifier | None = None
    options: Options = msgspec.field(default_factory=dict)
    seats: Annotated[list[SeatSpec], msgspec.Meta(max_length=16)] | None = None
    move_seconds: MoveSeconds | None = None
    seed: Seed | None = None
    join: JoinRequest | None = None


Password = Annotated[str, msgspec.Meta(max_length=256)]


class NewAccount(msgspec.Struct, forbid_unknown_fields=True):
    """Sign up: a name (3 to 32 letters, digits, spaces, ``_``, ``-``) and a password (8
    to 256 characters)."""

    name: Name
    password: Password


class Login(msgspec.Struct, forbid_unknown_fields=True):
    """Sign in."""

    name: Name
    password: Password


class GuestRequest(msgspec.Struct, forbid_unknown_fields=True):
    """Become a guest, under ``name`` or a made-up one."""

    name: Name | None = None


# -- deck building (ecotone.server.decks) ---------------------------------------------------

# Distinct cards in one request: far more than any pool has.
MAX_DECK_CARDS = 500
# A deck code, or a built-in deck's name: a code of a whole pool is far shorter.
DeckCode = Annotated[str, msgspec.Meta(min_length=1, max_length=2000)]


class DeckIn(msgspec.Struct, forbid_unknown_fields=True):
    """A deck as a client holds it: card ids and their copies (a count outside 0 to 99
    is the deck builder's own refusal, ``deck/bad-count``, in its words)."""

    name: Annotated[str, msgspec.Meta(max_length=200)] = ""
    summary: Annotated[str, msgspec.Meta(max_length=500)] = ""
    cards: Annotated[
        dict[
            Annotated[str, msgspec.Meta(max_length=200)],
            Annotated[int, msgspec.Meta(ge=-(2**31), le=2**31)],
        ],
        msgspec.Meta(max_length=MAX_DECK_CARDS),
    ] = msgspec.field(default_factory=dict)


class CheckIn(msgspec.Struct, forbid_unknown_fields=True):
    """A deck to check or encode."""

    deck: DeckIn


class SaveDeck(msgspec.Struct, forbid_unknown_fields=True):
    """A deck to keep in one's account (:mod:`ecotone.server.accountdecks`)."""

    deck: DeckIn


class DecodeIn(msgspec.Struct, forbid_unknown_fields=True):
    """A deck code to read."""

    code: Annotated[str, msgspec.Meta(max_length=2000)]


class ReadIn(msgspec.Struct, forbid_unknown_fields=True):
    """A deck file's text, or a deck code, to read."""

    text: Annotated[str, msgspec.Meta(max_length=16_000)]  # (a body is 16 KiB at most)


def decode_body(raw: bytes, record: type[T]) -> T:
    """Decode a request body into ``record`` (an empty body is an empty object).

    Raises:
        ServerError: ``protocol/malformed``, saying what is wrong and where.
    """
    try:
        return msgspec.json.decode(raw or b"{}", type=record)
    except msgspec.ValidationError as exc:
        raise ServerError("protocol/malformed", f"invalid request: {exc}"[:500]) from None
    except msgspec.DecodeError as exc:
        raise ServerError("protocol/malformed", f"the body is not JSON: {exc}"[:500]) from None
