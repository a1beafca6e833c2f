"""One seat's tensor, step after step, rebuilding only what each step changed.

An environment encodes a seat's view of every state of a game in turn, and a step
changes little: a hand, a pile, whose turn it is. :class:`SeatEncoder` keeps the seat's
tensor between calls and brings it up to date part by part, when the game offers its
observation in parts (:meth:`Game.observation_parts
<ecotone.core.game.Game.observation_parts>`): each part is one key of the observation,
made from one piece of the state's data (or one list of pieces, item by item), and is
rebuilt, its JSON made and encoded by the layout's own code for that place, only when
its piece is no longer the one seen the step before.

The tensor is the very one :meth:`Layout.encode
<ecotone.bots.tensor.encoding.Layout.encode>` makes of ``state.observe(seat)``: the parts
make that observation key for key, and every place goes through the code that encodes
the whole observation, so nothing reaches the tensor that the observation does not hold
(the tests compare the two on played positions of every configuration). A game without
parts is encoded from ``state.observe(seat)`` whole.

The kernel's own keys of an observation (``game``, ``seat``, ``to_move``, ``is_over``,
and ``scores`` and ``winners`` once the game is over) are parts made here, from the
state.
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, cast

import numpy as np
import numpy.typing as npt

from ecotone.bots.tensor.nodes import (
    OVERFLOW,
    FieldEncoder,
    Keyed,
    Node,
    Record,
    Slots,
    Text,
    Tuple,
    compile_items,
    compile_keyed_items,
)
from ecotone.core.game import Game, State
from ecotone.core.parts import ABSENT, made

if TYPE_CHECKING:
    from ecotone.bots.tensor.encoding import Layout

__all__ = ["COUNTS_HOLDERS", "SeatEncoder", "Shared"]

#: What a piece is compared with before its first build.
_UNSEEN: Any = object()

#: Whether ``sys.getrefcount`` counts every holder of an array as the reuses of arrays
#: nobody holds any more assume (here and in the learning environments' masks): CPython
#: up to 3.13. Elsewhere (a later CPython may borrow references and read a held array's
#: count lower) every array handed out is a new one.
COUNTS_HOLDERS = sys.implementation.name == "cpython" and sys.version_info < (3, 14)

#: ``sys.getrefcount`` of a tensor only its encoder holds, read in
#: :meth:`SeatEncoder.encode`: the encoder's attribute, its memoryview's export, the local
#: name and the call's own argument.
_UNHELD = 4


class Tensor(Protocol):
    """The tensor, written slot by slot (a memoryview of its buffer)."""

    def __getitem__(self, slot: int, /) -> float: ...

    def __setitem__(self, slot: int, value: float, /) -> None: ...


Encoded = tuple[list[int], list[int], list[float], int]
_NONE: Encoded = ([], [], [], 0)


#: Below this many slots named (before and after), the counts are rewritten outright:
#: comparing them as sets would cost more than it saves.
_FEW = 12


def _count(old: list[int], new: list[int], slots: Tensor) -> None:
    """Replace the counts ``old`` named by those ``new`` names (a slot counts 1 each time
    it is named)."""
    if len(old) + len(new) >= _FEW:
        came = set(new)
        gone = set(old)
        if len(came) == len(new) and len(gone) == len(old):
            # each slot named once (flags, one-hots, a hand without twins) holds 1, so
            # only the slots that differ are written
            for slot in gone - came:
                slots[slot] = 0.0
            for slot in came - gone:
                slots[slot] = 1.0
            return
    for slot in old:
        slots[slot] = 0.0
    for slot in new:
        slots[slot] += 1.0


def _write(old: Encoded, new: Encoded, slots: Tensor) -> int:
    """Replace what ``old`` wrote by what ``new`` writes; the change of the overflow
    count. Most rebuilds change a number or two, so the lists are compared (in C) before
    any slot is written."""
    ones, numbered, values, ov = new
    old_ones, old_numbered, old_values, old_ov = old
    if ones != old_ones:
        _count(old_ones, ones, slots)
    if numbered != old_numbered:
        for slot in old_numbered:
            slots[slot] = 0.0
        for slot, number in zip(numbered, values, strict=True):
            slots[slot] = number
    elif values != old_values:
        for slot, number in zip(numbered, values, strict=True):
            slots[slot] = number
    return ov - old_ov


def _unknown(value: Any, base: int) -> Encoded:
    # a key the layout never saw counts 1 in the overflow, as the whole encoder counts it
    return [], [], [], 1


def _pending(value: Any, base: int) -> Encoded:
    raise AssertionError("compiled before use")


class _Made:
    """The last piece the leaves of one place made, and its encoding: one per place and
    ``build``, shared by the encoders of every seat of a table (:class:`Shared`). A
    piece equal to the cell's has the cell's encoding, since a part's ``build`` makes
    equal values of equal pieces and one place encodes them alike."""

    __slots__ = ("encoded", "piece")

    def __init__(self) -> None:
        self.piece: Any = _UNSEEN
        self.encoded: Any = _NONE  # an object left out of a keyed list has None


class Shared:
    """What the encoders of one table's seats share: each place's last piece and its
    encoding, so that a piece every seat sees alike (a pile, a forest, another player's
    record) is made and encoded once rather than once per seat. Only encoders of one
    layout and one game may share it; it holds one piece per place."""

    __slots__ = ("lists", "places")

    def __init__(self) -> None:
        #: by key, place and build: a leaf's cell
        self.places: dict[tuple[str, int, Callable[[Any], Any]], _Made] = {}
        #: by key, place and build: a keyed list's cells, one per piece in order
        self.lists: dict[tuple[str, int, Callable[[Any], Any]], list[_Made]] = {}


#: The kinds of piece whose encodings a leaf remembers: single values (a phase, a turn, a
#: seat), of which a leaf meets a few again and again; each type is looked up once, an
#: enum's members counting as such values.
_ATOMIC: dict[type, bool] = {int: True, str: True, bool: True, float: True, type(None): True}

#: How many pieces' encodings a leaf remembers at most (the first ones met).
_REMEMBERED = 64


def _atomic(kind: type) -> bool:
    """Whether pieces of type ``kind`` are single values (see :data:`_ATOMIC`)."""
    found = _ATOMIC.get(kind)
    if found is None:
        found = _ATOMIC[kind] = issubclass(kind, enum.Enum)
    return found


class _Leaf:
    """A value made from one piece: made and encoded again when the piece changes, and
    written where it changed. The encodings of single-valued pieces (a phase, a turn)
    are remembered by piece: such a piece comes back often, and its value is neither
    made nor encoded again. Any other piece is looked for in the leaf's cell
    (:class:`_Made`), where the seats' leaves of one place and one ``build`` leave the
    last piece they made: a public piece (a pile, a forest) that one seat's encoder
    made, the next seat's finds there."""

    __slots__ = ("base", "build", "encode", "encoded", "memo", "piece", "shared")

    def __init__(self, build: Callable[[Any], Any], encode: FieldEncoder, base: int) -> None:
        self.build = build
        self.encode = encode
        self.base = base
        self.piece: Any = _UNSEEN
        self.encoded = _NONE  # what it wrote last
        self.memo: dict[Any, tuple[type, Encoded]] = {}
        self.shared: _Made | None = None

    def update(self, piece: Any, slots: Tensor) -> int:
        """Bring the slots up to date with ``piece``; the change of the overflow count."""
        last = self.piece
        if piece is last or (type(piece) is type(last) and piece == last):
            return 0
        self.piece = piece
        kind = type(piece)
        atomic = _ATOMIC.get(kind)
        if atomic is None:
            atomic = _atomic(kind)
        found = self.memo.get(piece) if atomic else None
        # an equal piece of another type (1 and True) is not the same piece
        if found is not None and found[0] is kind:
            encoded = found[1]
        elif atomic:
            value = self.build(piece)
            encoded = _NONE if value is ABSENT else self.encode(value, self.base)
            if len(self.memo) < _REMEMBERED:
                self.memo[piece] = (kind, encoded)
        else:
            cell = self.shared
            made = cell.piece if cell is not None else _UNSEEN
            if cell is not None and (made is piece or (type(made) is kind and made == piece)):
                encoded = cell.encoded
            else:
                value = self.build(piece)
                encoded = _NONE if value is ABSENT else self.encode(value, self.base)
                if cell is not None:
                    cell.piece = piece
                    cell.encoded = encoded
        # what _write does, without its call: this runs at every change of every leaf
        ones, numbered, values, ov = encoded
        old_ones, old_numbered, old_values, old_ov = self.encoded
        self.encoded = encoded
        if ones != old_ones:
            if len(ones) + len(old_ones) < _FEW:  # a one-hot moved, a flag set: no call
                for slot in old_ones:
                    slots[slot] = 0.0
                for slot in ones:
                    slots[slot] += 1.0
            else:
                _count(old_ones, ones, slots)
        if numbered != old_numbered:
            for slot in old_numbered:
                slots[slot] = 0.0
            for slot, number in zip(numbered, values, strict=True):
                slots[slot] = number
        elif values != old_values:
            for slot, number, before in zip(numbered, values, old_values, strict=True):
                if number != before:
                    slots[slot] = number
        return ov - old_ov

    def clear(self, slots: Tensor) -> int:
        """Write nothing (the item is gone); the change of the overflow count."""
        self.piece = _UNSEEN
        change = _write(self.encoded, _NONE, slots)
        self.encoded = _NONE
        return change


class _Items:
    """A list made item by item from a tuple of pieces, at a place laid out as a
    :class:`Tuple` (positions) or :class:`Slots` (a length, then a present flag and the
    item per slot): each item is its own leaf (or list, one level down), so that a step
    that changes one piece makes that one item again."""

    __slots__ = ("at", "children", "length", "ov", "piece", "slotted", "stride")

    def __init__(self, node: Tuple | Slots, at: int, children: list[_Leaf | _Items]) -> None:
        self.slotted = isinstance(node, Slots)
        self.stride = node.stride if isinstance(node, Slots) else 0
        self.at = at
        self.children = children
        self.piece: Any = _UNSEEN
        self.length = 0  # items placed last time
        self.ov = 0  # the list's own overflow: items past its last place

    def update(self, pieces: Any, slots: Tensor) -> int:
        last = self.piece
        if pieces is last or (type(pieces) is type(last) and pieces == last):
            return 0
        self.piece = pieces
        children = self.children
        change = 0
        # the items that have a place (those past the last place only count)
        for piece, child in zip(pieces, children, strict=False):
            if piece is not child.piece:
                change += child.update(piece, slots)
        count = len(pieces)
        placed = count if count < len(children) else len(children)
        length = self.length
        if placed < length:
            for j in range(placed, length):
                change += children[j].clear(slots)
        if self.slotted:
            slots[self.at] = count  # the length (0 when empty, as the encoder leaves it)
            for j in range(placed, length):
                slots[self.at + 1 + j * self.stride] = 0.0
            for j in range(length, placed):
                slots[self.at + 1 + j * self.stride] = 1.0
        self.length = placed
        ov = count - placed
        change += ov - self.ov
        self.ov = ov
        return change

    def clear(self, slots: Tensor) -> int:
        change = 0
        for j in range(self.length):
            change += self.children[j].clear(slots)
            if self.slotted:
                slots[self.at + 1 + j * self.stride] = 0.0
        if self.slotted:
            slots[self.at] = 0.0
        self.length = 0
        self.piece = _UNSEEN
        change -= self.ov
        self.ov = 0
        return change


class _Fields:
    """An object with fixed keys, each made from its own piece (:attr:`ObservationPart.keys
    <ecotone.core.parts.ObservationPart.keys>`), at a place laid out as a :class:`Record`
    holding every key: each key's value is its own leaf, placed where the record places
    that key, so that a step that changes one piece makes that one value again. The
    record's own code writes nothing but its keys' values here (every key is one it
    knows, so none overflows, and a key left out writes nothing)."""

    __slots__ = ("children", "piece")

    def __init__(self, children: list[_Leaf]) -> None:
        self.children = children
        self.piece: Any = _UNSEEN

    def update(self, pieces: Any, slots: Tensor) -> int:
        last = self.piece
        if pieces is last or (type(pieces) is type(last) and pieces == last):
            return 0
        self.piece = pieces
        change = 0
        for piece, child in zip(pieces, self.children, strict=True):
            # most pieces are as they were (a board's cells): compared here, not in a call
            last = child.piece
            if piece is not last and (type(piece) is not type(last) or piece != last):
                change += child.update(piece, slots)
        return change


def _fields(
    node: Node,
    at: int,
    build: Callable[[Any], Any],
    keys: tuple[str, ...],
    leaves: list[tuple[Node, _Leaf]],
) -> _Fields | None:
    """What keeps an object made key by key, placed at ``at`` under ``node``; ``None``
    when ``node`` is not a record knowing every key (the part is then made whole). A
    record by id (a board by cell) visits the keys present and a plain one looks each
    field up, and both encode a key's value as the item code of its node placed where
    the record places the key. ``leaves`` collects the leaves, with their nodes, to
    compile."""
    if not isinstance(node, Record) or node.skip is not None:
        return None
    places = {key: (offset, child) for key, offset, child in node.fields}
    if len(set(keys)) != len(keys) or not all(key in places for key in keys):
        return None
    children: list[_Leaf] = []
    for key in keys:
        offset, child = places[key]
        leaf = _Leaf(build, _pending, at + offset)
        leaves.append((child, leaf))
        children.append(leaf)
    return _Fields(children)


def _handler(
    node: Node, at: int, build: Callable[[Any], Any], depth: int, leaves: list[tuple[Node, _Leaf]]
) -> _Leaf | _Items | None:
    """What keeps a value ``depth`` list levels above the items ``build`` makes, placed
    at ``at`` under ``node``; ``None`` when the layout does not keep those levels as
    lists of places (the part is then made whole). ``leaves`` collects the leaves, with
    their nodes, to compile."""
    if depth == 0:
        leaf = _Leaf(build, _pending, at)
        leaves.append((node, leaf))
        return leaf
    if isinstance(node, Tuple):
        places = [(offset, item) for offset, item in node.items]
    elif isinstance(node, Slots):
        places = [(1 + j * node.stride + 1, node.item) for j in range(node.capacity)]
    else:
        return None
    children: list[_Leaf | _Items] = []
    mark = len(leaves)
    for offset, item in places:
        child = _handler(item, at + offset, build, depth - 1, leaves)
        if child is None:
            del leaves[mark:]
            return None
        children.append(child)
    return _Items(node, at, children)


class _Keyed:
    """A list of objects each naming an id (a :class:`Keyed` place), made one object per
    piece, some pieces making none (:attr:`ObservationPart.sparse
    <ecotone.core.parts.ObservationPart.sparse>`: the occupied cells of a grid): an
    object is made and encoded again only when its piece changes, and the list's
    encoding is its length and then its objects' encodings in list order, which is
    what the node's code for the whole list writes (a twin id included).

    Objects that name different ids write disjoint slots (each id has its own place),
    so while no id is named twice, a step writes only the objects it changed and the
    length. Two objects naming one id share their slots (counts add, the later number
    wins), so while a twin is listed the whole list's encoding is written instead, as
    the node's own code writes it.
    """

    __slots__ = (
        "at",
        "build",
        "count",
        "encode",
        "flags",
        "items",
        "piece",
        "placed",
        "shared",
        "whole",
    )

    def __init__(self, build: Callable[[Any], Any], at: int) -> None:
        self.build = build
        self.encode: FieldEncoder = _pending
        self.at = at
        self.piece: Any = _UNSEEN
        self.items: list[tuple[Any, Encoded | None]] = []  # each piece and its object's
        self.count = 0  # objects listed (the list's length)
        self.placed = 0  # objects whose id has a place
        self.flags: dict[int, int] = {}  # each placed id's present flag: objects naming it
        self.whole: Encoded | None = None  # the whole list's encoding, while a twin is listed
        # each piece's place's last piece and object, shared by the seats (see _Leaf)
        self.shared: list[_Made] | None = None

    def update(self, pieces: Any, slots: Tensor) -> int:
        if pieces is self.piece:
            return 0
        self.piece = pieces
        items = self.items
        before = items[:]  # the objects written now
        kept = len(items)
        build, encode, at = self.build, self.encode, self.at
        cells = self.shared
        changes: list[tuple[Encoded | None, Encoded | None]] = []
        for j, piece in enumerate(pieces):
            if j < kept:
                last, old = items[j]
                if piece is last or (type(piece) is type(last) and piece == last):
                    continue
            else:
                old = None
            if cells is None:
                value = build(piece)
                encoded = None if value is ABSENT else encode(value, at)
            else:
                if j == len(cells):
                    cells.append(_Made())
                cell = cells[j]
                made = cell.piece
                if made is piece or (type(made) is type(piece) and made == piece):
                    encoded = cell.encoded
                else:
                    value = build(piece)
                    encoded = None if value is ABSENT else encode(value, at)
                    cell.piece = piece
                    cell.encoded = encoded
            if j < kept:
                items[j] = (piece, encoded)
            else:
                items.append((piece, encoded))
            changes.append((old, encoded))
        if len(pieces) < kept:
            changes.extend((old, None) for _, old in items[len(pieces) :])
            del items[len(pieces) :]
        if not changes:
            return 0
        last_count = self.count
        twins = self._tally(changes)
        whole = self.whole
        if whole is None and not twins:
            change = _write_objects(changes, slots)
            if self.count != last_count:
                slots[at] = self.count
            return change
        # a twin listed before or now: the whole list's encodings, before and after
        if whole is None:
            whole = _whole(before, at)
        now = _whole(items, at)
        self.whole = now if twins else None
        return _write(whole, now, slots)

    def _tally(self, changes: list[tuple[Encoded | None, Encoded | None]]) -> bool:
        """Count the objects listed and placed after ``changes``; whether an id is named
        twice now."""
        count, placed, flags = self.count, self.placed, self.flags
        for old, new in changes:
            if old is not None:
                count -= 1
                if old[0]:  # placed: its present flag is the first slot it counts
                    placed -= 1
                    flag = old[0][0]
                    if flags[flag] == 1:
                        del flags[flag]
                    else:
                        flags[flag] -= 1
            if new is not None:
                count += 1
                if new[0]:
                    placed += 1
                    flag = new[0][0]
                    flags[flag] = flags.get(flag, 0) + 1
        self.count, self.placed = count, placed
        return len(flags) < placed

    def clear(self, slots: Tensor) -> int:
        whole = self.whole if self.whole is not None else _whole(self.items, self.at)
        self.piece = _UNSEEN
        self.items = []
        self.count = self.placed = 0
        self.flags = {}
        self.whole = None
        return _write(whole, _NONE, slots)


def _write_objects(changes: list[tuple[Encoded | None, Encoded | None]], slots: Tensor) -> int:
    """Write the objects that changed, no id named twice before or after; the change of
    the overflow count. An object that keeps its id is written where it changed; the
    others are taken out first and then put in, since an id one object leaves another
    may take."""
    change = 0
    added: list[Encoded] = []
    for old, new in changes:
        if old is not None and new is not None and old[0] and new[0] and old[0][0] == new[0][0]:
            change += _write(old, new, slots)
            continue
        if old is not None:
            change += _write(old, _NONE, slots)
        if new is not None:
            added.append(new)
    for new in added:
        change += _write(_NONE, new, slots)
    return change


def _whole(items: list[tuple[Any, Encoded | None]], at: int) -> Encoded:
    """What the node's code for the whole list writes, from its objects' encodings."""
    ones: list[int] = []
    numbered: list[int] = []
    values: list[float] = []
    ov = 0
    count = 0
    for _, item in items:
        if item is not None:
            count += 1
            ones += item[0]
            numbered += item[1]
            values += item[2]
            ov += item[3]
    return (ones, [at, *numbered], [count, *values], ov) if count else _NONE


def _each(
    build: Callable[[Any], Any], depth: int, sparse: bool = False, keys: tuple[str, ...] = ()
) -> Callable[[Any], Any]:
    """``build`` applied ``depth`` list levels down, or key by key (the whole value, for
    a part made whole)."""
    if depth == 0:
        return build
    return lambda pieces: made(build, pieces, depth, sparse, keys)


#: What keeps one key of the observation.
Entry = _Leaf | _Items | _Keyed | _Fields


class SeatEncoder:
    """``seat``'s tensor of successive states of ``game``, under ``layout``.

    :meth:`encode` takes any state of the game (the next one, another game's, an
    earlier one): only the parts that differ from the state encoded last are made
    again, and only the slots that differ are written.
    Not thread-safe: one per seat per environment. The encoders of a table's seats may
    share one :class:`Shared`, so that a piece every seat sees alike is made and encoded
    once rather than once per seat.

    Attributes:
        incremental: whether the game's parts are used (else each state is observed
            and encoded whole).
    """

    def __init__(
        self,
        layout: Layout,
        game: Game[Any],
        seat: int,
        shared: Shared | None = None,
    ) -> None:
        self.layout = layout
        self.seat = seat
        self._buffer = np.zeros(layout.size, dtype=np.float32)
        self._slots = cast(Tensor, memoryview(cast(Any, self._buffer)))
        self._overflow = 0
        self._data: list[tuple[Callable[[Any], Any], Entry]] = []
        self._written = False  # the keys that never change (game, seat) not yet written
        root = layout.root
        parts = game.observation_parts(seat)
        self.incremental = bool(parts) and isinstance(root, Record) and not root.is_map
        if not self.incremental:
            return
        assert isinstance(root, Record)
        fields = {key: (1 + offset, node) for key, offset, node in root.fields}
        leaves: list[tuple[Node, _Leaf]] = []
        shelf = shared if shared is not None else Shared()
        keyed: list[tuple[Keyed, _Keyed]] = []

        def handler(
            key: str,
            build: Callable[[Any], Any],
            depth: int = 0,
            sparse: bool = False,
            keys: tuple[str, ...] = (),
        ) -> Entry:
            found = fields.get(key)
            if found is None:
                return _Leaf(_each(build, depth, sparse, keys), _unknown, 0)
            at, node = found
            mark = len(leaves)
            if sparse and depth == 1 and isinstance(node, Keyed):
                listed = _Keyed(build, at)
                keyed.append((node, listed))
                listed.shared = shelf.lists.setdefault((key, at, build), [])
                return listed
            entry: Entry | None = None
            if keys:
                entry = _fields(node, at, build, keys, leaves) if depth == 1 else None
            elif not sparse:  # a sparse list's items have no fixed places: made whole
                entry = _handler(node, at, build, depth, leaves)
            if entry is None:  # the layout keeps no places for the items: made whole
                entry = _handler(node, at, _each(build, depth, sparse, keys), 0, leaves)
                assert entry is not None
            for _, leaf in leaves[mark:]:
                # a whole-made part's build is this encoder's own: its cell is its own
                cell = shelf.places.setdefault((key, leaf.base, leaf.build), _Made())
                leaf.shared = cell
            return entry

        # the kernel's keys, each from what encode reads of the state once: the game and
        # the seat never change (written at the first encode), the scores and winners
        # are keys only once the game is over (made from the state then, else from None)
        self._spec_id = game.spec.id
        self._game = handler("game", _json)
        self._seat = handler("seat", _json)
        self._to_move = handler("to_move", list)
        self._is_over = handler("is_over", _json)
        self._final = (handler("scores", _scores), handler("winners", _winners))
        # free text (a log) has no slots: nothing to make
        self._data = [
            (p.source, handler(p.key, p.build, p.each, p.sparse, p.keys))
            for p in parts
            if not isinstance(fields.get(p.key, (0, None))[1], Text)
        ]
        # one function per distinct node (the seats of a list share theirs)
        distinct = {id(node): node for node, _ in leaves}
        compiled = dict(zip(distinct, compile_items(list(distinct.values())), strict=True))
        for node, leaf in leaves:
            leaf.encode = compiled[id(node)]
        for (_, entry), encode in zip(
            keyed, compile_keyed_items([node for node, _ in keyed]), strict=True
        ):
            entry.encode = encode

    def encode(self, state: State[Any]) -> npt.NDArray[np.float32]:
        """The seat's tensor of ``state``.

        The array handed out is the one the encoder writes in: the next call writes in
        it again only when nobody holds it any more (the caller dropped it), else it goes
        on in a copy, so that no tensor a caller holds ever changes. The count is
        CPython's reference count, which every holder adds to: a name, a container, a
        view of the array.
        """
        if not self.incremental:
            return self.layout.encode(state.observe(self.seat))
        buffer = self._buffer
        if not COUNTS_HOLDERS or sys.getrefcount(buffer) > _UNHELD:
            buffer = self._buffer = buffer.copy()
            self._slots = cast(Tensor, memoryview(cast(Any, buffer)))
        slots = self._slots
        change = 0
        if not self._written:
            self._written = True
            change += self._game.update(self._spec_id, slots)
            change += self._seat.update(self.seat, slots)
        seats = state.to_move
        entry: Entry = self._to_move
        if seats is not entry.piece:
            change += entry.update(seats, slots)
        over = not seats
        entry = self._is_over
        if over is not entry.piece:
            change += entry.update(over, slots)
        final = state if over else None
        for entry in self._final:
            if final is not entry.piece:
                change += entry.update(final, slots)
        data = state.data
        for source, entry in self._data:
            piece = source(data)
            if piece is not entry.piece:
                change += entry.update(piece, slots)
        self._overflow += change
        slots[OVERFLOW] = self._overflow
        return buffer


def _json(value: Any) -> Any:
    return value


def _scores(state: State[Any] | None) -> Any:
    return ABSENT if state is None else state.scores()


def _winners(state: State[Any] | None) -> Any:
    return ABSENT if state is None else state.winners()
