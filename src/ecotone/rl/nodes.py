"""The pieces of a tensor layout: one node per place of the observation JSON.

Each node owns a fixed run of slots (its :attr:`Node.width`) and writes a JSON value into
them. Writing is sparse: a node appends ``(slot, value)`` pairs to two lists and the
layout sums them into the tensor in one step (so a card seen twice counts 2), which keeps
the encoder fast in pure Python. Anything a node cannot place (a string outside its
vocabulary, a list longer than its slots, a key it does not know, a value of a kind it
never met) adds 1 to the tensor's slot 0, the *overflow* count, instead of vanishing.

Node kinds, with the slots they take:

=========  ==============================  ==============================================
node       JSON it holds                   slots
=========  ==============================  ==============================================
Number     a number or a boolean           1: the value (a flag when only booleans)
Category   a string from a vocabulary      one per vocabulary entry: one-hot
Ordinal    a string from a big vocabulary  1: its position in the vocabulary, from 1
Text       free text (log lines)           none: the JSON beside the tensor keeps it
Optional   something or ``null``/absent    1 flag ("present") + the inner node
Union      values of several kinds         1 flag per kind + each kind's node
Record     an object with known keys       each key's node, keys in sorted order
Tuple      a list of fixed positions       each position's node
Bag        a list of strings               1 length + a count per vocabulary entry
Histogram  a list of small integers        1 length + a count per integer
Keyed      objects each naming another id  1 length + per id: 1 flag + the object's node
Slots      any other list                  1 length + per slot: 1 flag + the item's node
=========  ==============================  ==============================================
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

__all__ = [
    "OVERFLOW",
    "Bag",
    "Category",
    "Histogram",
    "Keyed",
    "Node",
    "Number",
    "Optional",
    "Ordinal",
    "Record",
    "Slice",
    "Slots",
    "Text",
    "Tuple",
    "Union",
]

#: The slot counting whatever the layout could not place.
OVERFLOW = 0

_ABSENT: Any = object()
_NUMBERS = (int, float, bool)


@dataclass(frozen=True, slots=True)
class Slice:
    """A run of slots ``[start, stop)`` of the tensor and what it means.

    Attributes:
        path: where in the observation JSON the value lives (``hands[1].cards``).
        kind: ``overflow``, ``number``, ``flag``, ``present``, ``one-hot``,
            ``ordinal``, ``length``, ``counts`` or ``histogram``; ``text`` (no slots:
            free text, kept only in the JSON).
        labels: for ``one-hot``, ``ordinal``, ``counts`` and ``histogram``, what each
            value stands for (slot by slot, or for an ordinal the value ``i + 1``).
    """

    path: str
    start: int
    stop: int
    kind: str
    labels: tuple[str, ...] = ()

    @property
    def width(self) -> int:
        """How many slots the slice spans."""
        return self.stop - self.start

    def to_json(self) -> dict[str, Any]:
        """The slice as JSON: path, start, stop, kind, labels."""
        return {
            "path": self.path,
            "start": self.start,
            "stop": self.stop,
            "kind": self.kind,
            "labels": list(self.labels),
        }


class Node(ABC):
    """One place of the observation and the slots it writes."""

    __slots__ = ("width",)

    width: int

    @abstractmethod
    def encode(self, value: Any, at: int, slots: list[int], values: list[float]) -> None:
        """Write ``value`` into slots ``at .. at + width``: append each slot written to
        ``slots`` and its value to ``values`` (slot :data:`OVERFLOW` for what does not
        fit)."""

    @abstractmethod
    def slices(self, path: str, at: int) -> Iterator[Slice]:
        """What each run of this node's slots means, the node starting at slot ``at``."""

    @property
    def kind(self) -> str:
        """The kind of JSON value this node holds (``number``, ``string``, ...)."""
        return "empty"


class Empty(Node):
    """A place only ever seen ``null`` or empty: no slots; anything else overflows."""

    __slots__ = ()

    def __init__(self) -> None:
        self.width = 0

    def encode(self, value: Any, at: int, slots: list[int], values: list[float]) -> None:
        slots.append(OVERFLOW)
        values.append(1.0)

    def slices(self, path: str, at: int) -> Iterator[Slice]:
        return iter(())


class Number(Node):
    """A number as it is, or a boolean as 0/1 (a *flag* when only booleans were seen)."""

    __slots__ = ("flag",)

    def __init__(self, flag: bool) -> None:
        self.width = 1
        self.flag = flag

    @property
    def kind(self) -> str:
        return "number"

    def encode(self, value: Any, at: int, slots: list[int], values: list[float]) -> None:
        if type(value) in _NUMBERS:
            if value:
                slots.append(at)
                values.append(float(value))
        else:
            slots.append(OVERFLOW)
            values.append(1.0)

    def slices(self, path: str, at: int) -> Iterator[Slice]:
        yield Slice(path, at, at + 1, "flag" if self.flag else "number")


class Category(Node):
    """A string as a one-hot over its vocabulary."""

    __slots__ = ("index", "vocabulary")

    def __init__(self, vocabulary: tuple[str, ...]) -> None:
        self.vocabulary = vocabulary
        self.index = {s: i for i, s in enumerate(vocabulary)}
        self.width = len(vocabulary)

    @property
    def kind(self) -> str:
        return "string"

    def encode(self, value: Any, at: int, slots: list[int], values: list[float]) -> None:
        i = self.index.get(value) if type(value) is str else None
        slots.append(OVERFLOW if i is None else at + i)
        values.append(1.0)

    def slices(self, path: str, at: int) -> Iterator[Slice]:
        yield Slice(path, at, at + self.width, "one-hot", self.vocabulary)


class Ordinal(Node):
    """A string from a vocabulary too big for a one-hot: its position, counted from 1."""

    __slots__ = ("index", "vocabulary")

    def __init__(self, vocabulary: tuple[str, ...]) -> None:
        self.vocabulary = vocabulary
        self.index = {s: float(i + 1) for i, s in enumerate(vocabulary)}
        self.width = 1

    @property
    def kind(self) -> str:
        return "string"

    def encode(self, value: Any, at: int, slots: list[int], values: list[float]) -> None:
        number = self.index.get(value) if type(value) is str else None
        slots.append(OVERFLOW if number is None else at)
        values.append(1.0 if number is None else number)

    def slices(self, path: str, at: int) -> Iterator[Slice]:
        yield Slice(path, at, at + 1, "ordinal", self.vocabulary)


class Text(Node):
    """Free text (a log line): no slots. The JSON beside the tensor keeps it."""

    __slots__ = ()

    def __init__(self) -> None:
        self.width = 0

    @property
    def kind(self) -> str:
        return "string"

    def encode(self, value: Any, at: int, slots: list[int], values: list[float]) -> None:
        pass

    def slices(self, path: str, at: int) -> Iterator[Slice]:
        yield Slice(path, at, at, "text")  # said, for the description; no slots


class Optional(Node):
    """A value that may be ``null`` or absent: a *present* flag, then the value."""

    __slots__ = ("inner",)

    def __init__(self, inner: Node) -> None:
        self.inner = inner
        self.width = 1 + inner.width

    @property
    def kind(self) -> str:
        return self.inner.kind

    def encode(self, value: Any, at: int, slots: list[int], values: list[float]) -> None:
        if value is not None:
            slots.append(at)
            values.append(1.0)
            self.inner.encode(value, at + 1, slots, values)

    def slices(self, path: str, at: int) -> Iterator[Slice]:
        yield Slice(path, at, at + 1, "present")
        yield from self.inner.slices(path, at + 1)


class Union(Node):
    """Values of several kinds at one place (a number here, a string there): a flag per
    kind, then that kind's node."""

    __slots__ = ("flags", "parts", "starts")

    def __init__(self, parts: tuple[Node, ...]) -> None:
        self.parts = {part.kind: part for part in parts}
        self.flags = {kind: i for i, kind in enumerate(self.parts)}
        self.starts: dict[str, int] = {}
        offset = len(parts)
        for part in parts:
            self.starts[part.kind] = offset
            offset += part.width
        self.width = offset

    @property
    def kind(self) -> str:
        return "union"

    def encode(self, value: Any, at: int, slots: list[int], values: list[float]) -> None:
        kind = _kind(value)
        part = self.parts.get(kind)
        if part is None:
            slots.append(OVERFLOW)
            values.append(1.0)
            return
        slots.append(at + self.flags[kind])
        values.append(1.0)
        part.encode(value, at + self.starts[kind], slots, values)

    def slices(self, path: str, at: int) -> Iterator[Slice]:
        for i, kind in enumerate(self.parts):
            yield Slice(f"{path}<{kind}>", at + i, at + i + 1, "present")
        for kind, part in self.parts.items():
            yield from part.slices(f"{path}<{kind}>", at + self.starts[kind])


def _kind(value: Any) -> str:
    if type(value) in _NUMBERS:
        return "number"
    if type(value) is str:
        return "string"
    if type(value) is list:
        return "list"
    if type(value) is dict:
        return "dict"
    return "empty"


class Record(Node):
    """An object: each known key's node in turn (sorted by key); an unknown key overflows
    (but for ``skip``, a key that a :class:`Keyed` list has already placed)."""

    __slots__ = ("fields", "lookup", "skip")

    def __init__(self, fields: tuple[tuple[str, Node], ...], skip: str | None = None) -> None:
        self.skip = skip
        offset = 0
        out: list[tuple[str, int, Node]] = []
        for key, node in fields:
            out.append((key, offset, node))
            offset += node.width
        self.fields = tuple(out)
        self.lookup = {key: (offset, node) for key, offset, node in out}
        self.width = offset

    @property
    def kind(self) -> str:
        return "dict"

    def encode(self, value: Any, at: int, slots: list[int], values: list[float]) -> None:
        if type(value) is not dict:
            slots.append(OVERFLOW)
            values.append(1.0)
            return
        lookup = self.lookup
        for key, item in value.items():
            entry = lookup.get(key)
            if entry is None:
                if key != self.skip:
                    slots.append(OVERFLOW)
                    values.append(1.0)
            elif item is not None or entry[1].width:
                entry[1].encode(item, at + entry[0], slots, values)

    def slices(self, path: str, at: int) -> Iterator[Slice]:
        for key, offset, node in self.fields:
            yield from node.slices(f"{path}.{key}" if path else key, at + offset)


class Tuple(Node):
    """A list whose positions mean different things (one per seat, a pair): each
    position's node; positions past the last known one overflow."""

    __slots__ = ("items",)

    def __init__(self, items: tuple[Node, ...]) -> None:
        self.items: tuple[tuple[int, Node], ...] = ()
        offset = 0
        out: list[tuple[int, Node]] = []
        for node in items:
            out.append((offset, node))
            offset += node.width
        self.items = tuple(out)
        self.width = offset

    @property
    def kind(self) -> str:
        return "list"

    def encode(self, value: Any, at: int, slots: list[int], values: list[float]) -> None:
        if type(value) is not list:
            slots.append(OVERFLOW)
            values.append(1.0)
            return
        for item, (offset, node) in zip(value, self.items, strict=False):
            if item is not None or node.width:
                node.encode(item, at + offset, slots, values)
        if len(value) > len(self.items):
            slots.append(OVERFLOW)
            values.append(float(len(value) - len(self.items)))

    def slices(self, path: str, at: int) -> Iterator[Slice]:
        for i, (offset, node) in enumerate(self.items):
            yield from node.slices(f"{path}[{i}]", at + offset)


class Bag(Node):
    """A list of strings as counts over a vocabulary (order dropped), after its length."""

    __slots__ = ("index", "vocabulary")

    def __init__(self, vocabulary: tuple[str, ...]) -> None:
        self.vocabulary = vocabulary
        self.index = {s: i + 1 for i, s in enumerate(vocabulary)}
        self.width = 1 + len(vocabulary)

    @property
    def kind(self) -> str:
        return "list"

    def encode(self, value: Any, at: int, slots: list[int], values: list[float]) -> None:
        if type(value) is not list:
            slots.append(OVERFLOW)
            values.append(1.0)
            return
        if value:
            index = self.index
            slots.append(at)
            values.append(float(len(value)))
            for item in value:
                i = index.get(item)
                slots.append(OVERFLOW if i is None else at + i)
            values.extend([1.0] * len(value))

    def slices(self, path: str, at: int) -> Iterator[Slice]:
        yield Slice(f"{path}#length", at, at + 1, "length")
        yield Slice(path, at + 1, at + self.width, "counts", self.vocabulary)


class Histogram(Node):
    """A list of small integers (seats, dice) as a count per value, after its length."""

    __slots__ = ("high", "low")

    def __init__(self, low: int, high: int) -> None:
        self.low = low
        self.high = high
        self.width = 1 + high - low + 1

    @property
    def kind(self) -> str:
        return "list"

    def encode(self, value: Any, at: int, slots: list[int], values: list[float]) -> None:
        if type(value) is not list:
            slots.append(OVERFLOW)
            values.append(1.0)
            return
        if value:
            slots.append(at)
            values.append(float(len(value)))
            low, high, base = self.low, self.high, at + 1 - self.low
            for item in value:
                fits = type(item) is int and low <= item <= high
                slots.append(base + item if fits else OVERFLOW)
            values.extend([1.0] * len(value))

    def slices(self, path: str, at: int) -> Iterator[Slice]:
        labels = tuple(str(v) for v in range(self.low, self.high + 1))
        yield Slice(f"{path}#length", at, at + 1, "length")
        yield Slice(path, at + 1, at + self.width, "histogram", labels)


class Keyed(Node):
    """A list of objects that each name a different id (cards on a table): its length,
    then one slot per id of the family, each a *present* flag and the rest of the
    object, wherever the list put it. Order is dropped; no object can fall off the end."""

    __slots__ = ("index", "item", "key", "stride", "vocabulary")

    def __init__(self, key: str, vocabulary: tuple[str, ...], item: Record) -> None:
        self.key = key
        self.vocabulary = vocabulary
        self.index = {s: i for i, s in enumerate(vocabulary)}
        self.item = item
        self.stride = 1 + item.width
        self.width = 1 + len(vocabulary) * self.stride

    @property
    def kind(self) -> str:
        return "list"

    def encode(self, value: Any, at: int, slots: list[int], values: list[float]) -> None:
        if type(value) is not list:
            slots.append(OVERFLOW)
            values.append(1.0)
            return
        if not value:
            return
        slots.append(at)
        values.append(float(len(value)))
        key, index, node, stride = self.key, self.index, self.item, self.stride
        for item in value:
            i = index.get(str(item.get(key))) if type(item) is dict else None
            if i is None:
                slots.append(OVERFLOW)
                values.append(1.0)
                continue
            base = at + 1 + i * stride
            slots.append(base)
            values.append(1.0)
            node.encode(item, base + 1, slots, values)

    def slices(self, path: str, at: int) -> Iterator[Slice]:
        yield Slice(f"{path}#length", at, at + 1, "length")
        for i, name in enumerate(self.vocabulary):
            base = at + 1 + i * self.stride
            where = f"{path}[{self.key}={name}]"
            yield Slice(where, base, base + 1, "present")
            yield from self.item.slices(where, base + 1)


class Slots(Node):
    """Any other list: its length, then ``capacity`` slots in order, each a *present*
    flag and the item's node; items past the last slot overflow."""

    __slots__ = ("capacity", "item", "stride")

    def __init__(self, item: Node, capacity: int) -> None:
        self.item = item
        self.capacity = capacity
        self.stride = 1 + item.width
        self.width = 1 + capacity * self.stride

    @property
    def kind(self) -> str:
        return "list"

    def encode(self, value: Any, at: int, slots: list[int], values: list[float]) -> None:
        if type(value) is not list:
            slots.append(OVERFLOW)
            values.append(1.0)
            return
        if not value:
            return
        slots.append(at)
        values.append(float(len(value)))
        node, stride = self.item, self.stride
        base = at + 1
        for item in value[: self.capacity]:
            slots.append(base)
            values.append(1.0)
            if item is not None or node.width:
                node.encode(item, base + 1, slots, values)
            base += stride
        if len(value) > self.capacity:
            slots.append(OVERFLOW)
            values.append(float(len(value) - self.capacity))

    def slices(self, path: str, at: int) -> Iterator[Slice]:
        yield Slice(f"{path}#length", at, at + 1, "length")
        for i in range(self.capacity):
            base = at + 1 + i * self.stride
            yield Slice(f"{path}[{i}]", base, base + 1, "present")
            yield from self.item.slices(f"{path}[{i}]", base + 1)
