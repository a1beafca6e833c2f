"""A seat's observation in parts, each made from one piece of the state's data.

:meth:`Game.observation_parts <ecotone.core.game.Game.observation_parts>` is an optional
hook for code that observes every step of a game (a learning environment turning each
observation into a tensor): a step changes a few pieces of a game's data and shares the
rest with the state before it, so an observation cut into parts can be brought up to
date by rebuilding only the parts whose piece changed.

A part is one key of the observation: ``part.value(data)``, that is
``part.build(part.source(data))``, is the value ``game.observation(data, seat)`` holds at
``part.key``. ``source`` picks the piece of the data the value depends on (the hands,
the board, a number), and ``build`` makes the value from that piece alone, so that an
equal piece gives an equal value. A value that is a list made item by item from a tuple
of pieces (one forest per seat) says so with ``each=1``: ``build`` then makes one item
from one piece, and only the items whose piece changed need making again; ``each=2``
goes one level further (a forest per seat, a tree per forest). A key the observation
holds only at times (a choice shown while it is being made) has a ``build`` that returns
:data:`ABSENT` when the key is left out; a list that holds only some of its pieces' items
(the occupied cells of a grid, from every cell) says so with ``sparse=True``, its
``build`` returning :data:`ABSENT` for an item left out. A value that is an object with
fixed keys, each made from its own piece (a habitat per deck), says so with ``each=1``
and ``keys``: ``build`` makes the value at ``keys[i]`` from the ``i``-th piece (or
:data:`ABSENT` to leave the key out: an empty cell of a board by cell), so that only
the keys whose piece changed need making again. The parts of a seat together make its whole
observation, key for key::

    assemble(game.observation_parts(seat), data) == game.observation(data, seat)

(``state.observe(seat)`` adds the kernel's own keys around it: ``game``, ``seat``,
``to_move``, ``is_over``, and the scores and winners at the end.) The parts say nothing
new about what a seat may know: they are the game's observation, cut up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

__all__ = ["ABSENT", "ObservationPart", "assemble", "made"]

D = TypeVar("D")


class _Absent:
    def __repr__(self) -> str:
        return "ABSENT"


#: What a part's ``build`` returns when the observation leaves its key out.
ABSENT: Any = _Absent()


@dataclass(frozen=True, slots=True)
class ObservationPart(Generic[D]):
    """One key of a seat's observation and how it is made.

    Attributes:
        key: the observation's key.
        source: the piece of the data the value depends on (compared with the piece of
            the step before by identity, then by equality).
        build: the JSON value, from that piece alone; with ``each``, one item from one
            piece.
        each: how many list levels the value has above the items ``build`` makes: 0
            (the value itself), 1 (``[build(x) for x in piece]``), 2 (a list of such
            lists).
        sparse: with ``each``, items that ``build`` makes :data:`ABSENT` are left out
            of their list (so an item's place in the list is not its piece's).
        keys: with ``each=1``, the value is an object rather than a list: the value at
            ``keys[i]`` is ``build`` of the ``i``-th piece (one piece per key), a key
            whose value ``build`` makes :data:`ABSENT` left out.
    """

    key: str
    source: Callable[[D], Any]
    build: Callable[[Any], Any]
    each: int = 0
    sparse: bool = False
    keys: tuple[str, ...] = ()

    def value(self, data: D) -> Any:
        """The JSON value at :attr:`key` for ``data``."""
        return made(self.build, self.source(data), self.each, self.sparse, self.keys)


def made(
    build: Callable[[Any], Any],
    piece: Any,
    each: int,
    sparse: bool = False,
    keys: tuple[str, ...] = (),
) -> Any:
    """The value ``build`` makes of ``piece`` ``each`` list levels down, or as an object
    by ``keys`` (see :class:`ObservationPart`)."""
    if each == 0:
        return build(piece)
    if keys:
        out = {key: build(item) for key, item in zip(keys, piece, strict=True)}
        return {key: value for key, value in out.items() if value is not ABSENT}
    items = [made(build, item, each - 1, sparse) for item in piece]
    return [item for item in items if item is not ABSENT] if sparse else items


def assemble(parts: tuple[ObservationPart[D], ...], data: D) -> dict[str, Any]:
    """The observation the parts make of ``data`` (what ``game.observation`` returns)."""
    out = {part.key: part.value(data) for part in parts}
    return {key: value for key, value in out.items() if value is not ABSENT}
