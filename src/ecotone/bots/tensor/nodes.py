"""The pieces of a tensor layout: one node per place of the observation JSON.

Each node owns a fixed run of slots (its :attr:`Node.width`) and says how to write a
JSON value into them. Writing is sparse: the encoder lists the slots that count 1 each
time they are named (a flag, a one-hot, a card in a hand: a card seen twice counts 2) and
the slots that hold a number, and the layout makes the tensor from both lists in two
numpy calls. Anything a node cannot place (a string outside its vocabulary, a list longer
than its slots, a key it does not know, a value of a kind it never met) adds 1 to the
tensor's slot 0, the *overflow* count, instead of vanishing.

The nodes do not encode by calling one another: each *emits* the Python source that
writes its part (:meth:`Node.emit`), and :func:`compile_encoder` turns a whole tree into
one function, loops and lookups inlined. That is what keeps the encoder within a small
factor of the engine's own step in pure Python.

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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

__all__ = [
    "OVERFLOW",
    "At",
    "Bag",
    "Category",
    "Encoder",
    "FieldEncoder",
    "Histogram",
    "Keyed",
    "Node",
    "Number",
    "Optional",
    "Ordinal",
    "Record",
    "Slice",
    "Slots",
    "Source",
    "Text",
    "Tuple",
    "Union",
    "compile_encoder",
    "compile_items",
    "compile_keyed_items",
]

#: The slot counting whatever the layout could not place.
OVERFLOW = 0

_ABSENT: Any = object()
_NUMBERS = (int, float, bool)


@dataclass(frozen=True, slots=True)
class Slice:
    """A run of slots ``[start, stop)`` of the tensor and what it means.

    Attributes:
        path: where in the observation JSON the value lives: ``hands[1].cards`` (a
            field, a list position), ``board[C1a]`` (an object keyed by id),
            ``table[card=B07].owner`` (the object of a list that names ``B07``).
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
    def emit(self, out: Source, value: str, at: At) -> None:
        """Write into ``out`` the code that encodes the JSON value in the variable named
        ``value`` into slots ``at .. at + width``: ``sa(slot)`` adds 1 to a slot,
        ``na(slot); nv(number)`` sets it to a number, and ``ov += 1`` counts what does
        not fit."""

    @abstractmethod
    def slices(self, path: str, at: int) -> Iterator[Slice]:
        """What each run of this node's slots means, the node starting at slot ``at``."""

    @property
    def kind(self) -> str:
        """The kind of JSON value this node holds (``number``, ``string``, ...)."""
        return "empty"


@dataclass(frozen=True, slots=True)
class At:
    """A slot number in generated code: a variable (or none) plus a constant."""

    base: str | None
    offset: int

    def __add__(self, more: int) -> At:
        return At(self.base, self.offset + more)

    def __str__(self) -> str:
        if self.base is None:
            return str(self.offset)
        return f"{self.base} + {self.offset}" if self.offset else self.base


class Source:
    """Python source under construction, with fresh names and named constants."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 1
        self.names = 0
        self.constants: dict[str, Any] = {}

    def line(self, text: str) -> None:
        self.lines.append("    " * self.depth + text)

    def fresh(self, stem: str) -> str:
        self.names += 1
        return f"{stem}{self.names}"

    def constant(self, value: Any) -> str:
        name = self.fresh("k")
        self.constants[name] = value
        return name

    def overflow(self, count: str = "1") -> None:
        self.line(f"ov += {count}")

    def block(self) -> _Block:
        return _Block(self)


class _Block:
    def __init__(self, out: Source) -> None:
        self.out = out

    def __enter__(self) -> None:
        self.out.depth += 1

    def __exit__(self, *exc: object) -> None:
        self.out.depth -= 1


Encoder = Callable[[Any], tuple[list[int], list[int], list[float]]]


def compile_encoder(root: Node, start: int) -> Encoder:
    """One function encoding a whole observation with ``root`` placed at slot
    ``start``. It returns ``(ones, slots, values)``: the slots that count 1 each time
    they are named (flags, one-hots, a card in a hand), and the slots that hold a
    number (numbers, lengths, the overflow), each named once, with their values."""
    out = Source()
    out.line("ones = []; sa = ones.append; slots = []; na = slots.append")
    out.line("values = []; nv = values.append; ov = 0")
    root.emit(out, "obs", At(None, start))
    out.line(f"if ov: na({OVERFLOW}); nv(ov)")
    out.line("return ones, slots, values")
    text = "def encode(obs):\n" + "\n".join(out.lines) + "\n"
    scope: dict[str, Any] = {"NUMBERS": _NUMBERS, "ABSENT": _ABSENT, **out.constants}
    exec(compile(text, "<ecotone tensor encoder>", "exec"), scope)  # source built above, no input
    encoder: Encoder = scope["encode"]
    return encoder


FieldEncoder = Callable[[Any, int], tuple[list[int], list[int], list[float], int]]


def compile_items(nodes: list[Node]) -> list[FieldEncoder]:
    """One function per node, encoding a value as that node does where an object's key or
    a list's item holds it (``null`` overflows unless the node allows it), with the node
    placed at the slot its second argument names. Each returns ``(ones, slots, values,
    overflow)``, the overflow counted apart so that a caller can sum it over many calls
    into slot 0.

    This lets an observation made in parts (:mod:`ecotone.core.parts`) be encoded part
    by part, and each part again only when it changes, by the very code that encodes the
    whole observation.
    """
    return _item_functions("item", nodes, _emit_item)


def compile_keyed_items(nodes: list[Keyed]) -> list[FieldEncoder]:
    """One function per :class:`Keyed` node, encoding one object of its list as the
    node's own code does inside the list (the present flag at the object's id and its
    fields, or 1 overflow when the id has no place), with the list placed at the slot
    the second argument names. Each returns ``(ones, slots, values, overflow)``, as
    :func:`compile_items`: a list made one object at a time is then encoded by
    concatenating what its objects return, after the list's length, in list order,
    which is what the node's whole code returns for the list."""
    return _item_functions("keyed", nodes, _emit_keyed_item)


# What every function of :func:`_item_functions` returns, and the lists it fills.
_ITEM_RETURN = "return ones, slots, values, ov"

N = TypeVar("N", bound="Node")


def _emit_item(out: Source, node: Node) -> None:
    _item(out, node, "obs", At("base", 0))


def _emit_keyed_item(out: Source, node: Keyed) -> None:
    node.emit_item(out, "obs", At("base", 0), _ITEM_RETURN)


def _item_functions(
    kind: str, nodes: Sequence[N], emit: Callable[[Source, N], None]
) -> list[FieldEncoder]:
    """One compiled function ``(obs, base) -> (ones, slots, values, overflow)`` per node:
    ``emit`` writes, into the source, the code that fills those lists for ``obs`` encoded
    as the node encodes it, placed at slot ``base``."""
    out = Source()
    names: list[str] = []
    for node in nodes:
        name = out.fresh(kind)
        names.append(name)
        out.depth = 0
        out.line(f"def {name}(obs, base):")
        out.depth = 1
        out.line("ones = []; sa = ones.append; slots = []; na = slots.append")
        out.line("values = []; nv = values.append; ov = 0")
        emit(out, node)
        out.line(_ITEM_RETURN)
    text = "\n".join(out.lines) + "\n"
    scope: dict[str, Any] = {"NUMBERS": _NUMBERS, "ABSENT": _ABSENT, **out.constants}
    exec(compile(text, f"<ecotone tensor: {kind}>", "exec"), scope)  # source built above
    return [scope[name] for name in names]


class Empty(Node):
    """A place only ever seen ``null`` or empty: no slots; anything else overflows."""

    __slots__ = ()

    def __init__(self) -> None:
        self.width = 0

    def emit(self, out: Source, value: str, at: At) -> None:
        out.line(f"if {value} is not None:")
        with out.block():
            out.overflow()

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

    def emit(self, out: Source, value: str, at: At) -> None:
        out.line(f"if type({value}) in NUMBERS:")
        with out.block():
            out.line(f"if {value}: na({at}); nv({value})")
        out.line("else:")
        with out.block():
            out.overflow()

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

    def emit(self, out: Source, value: str, at: At) -> None:
        index = out.constant({s: at.offset + i for s, i in self.index.items()})
        i = out.fresh("i")
        out.line(f"{i} = {index}.get({value}) if type({value}) is str else None")
        where = f"{at.base} + {i}" if at.base else i
        out.line(f"if {i} is None: ov += 1")
        out.line(f"else: sa({where})")

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

    def emit(self, out: Source, value: str, at: At) -> None:
        index = out.constant(self.index)
        n = out.fresh("n")
        out.line(f"{n} = {index}.get({value}) if type({value}) is str else None")
        out.line(f"if {n} is None: ov += 1")
        out.line(f"else: na({at}); nv({n})")

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

    def emit(self, out: Source, value: str, at: At) -> None:
        out.line("pass")

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

    def emit(self, out: Source, value: str, at: At) -> None:
        out.line(f"if {value} is not None:")
        with out.block():
            out.line(f"sa({at})")
            if isinstance(self.inner, Empty):
                out.overflow()
            else:
                self.inner.emit(out, value, at + 1)

    def slices(self, path: str, at: int) -> Iterator[Slice]:
        yield Slice(path, at, at + 1, "present")
        yield from self.inner.slices(path, at + 1)


_TESTS = {
    "number": "type({v}) in NUMBERS",
    "string": "type({v}) is str",
    "list": "type({v}) is list",
    "dict": "type({v}) is dict",
}


class Union(Node):
    """Values of several kinds at one place (a number here, a string there): a flag per
    kind, then that kind's node."""

    __slots__ = ("parts", "starts")

    def __init__(self, parts: tuple[Node, ...]) -> None:
        self.parts = {part.kind: part for part in parts}
        self.starts: dict[str, int] = {}
        offset = len(parts)
        for part in parts:
            self.starts[part.kind] = offset
            offset += part.width
        self.width = offset

    @property
    def kind(self) -> str:
        return "union"

    def emit(self, out: Source, value: str, at: At) -> None:
        word = "if"
        for flag, (kind, part) in enumerate(self.parts.items()):
            out.line(f"{word} {_TESTS[kind].format(v=value)}:")
            with out.block():
                out.line(f"sa({at + flag})")
                part.emit(out, value, at + self.starts[kind])
            word = "elif"
        out.line("else:")
        with out.block():
            out.overflow()

    def slices(self, path: str, at: int) -> Iterator[Slice]:
        for i, kind in enumerate(self.parts):
            yield Slice(f"{path}<{kind}>", at + i, at + i + 1, "present")
        for kind, part in self.parts.items():
            yield from part.slices(f"{path}<{kind}>", at + self.starts[kind])


class Record(Node):
    """An object: each known key's node in turn (sorted by key); an unknown key overflows
    (but for ``skip``, a key that a :class:`Keyed` list has already placed)."""

    __slots__ = ("fields", "skip")

    def __init__(self, fields: tuple[tuple[str, Node], ...], skip: str | None = None) -> None:
        self.skip = skip
        offset = 0
        out: list[tuple[str, int, Node]] = []
        for key, node in fields:
            out.append((key, offset, node))
            offset += node.width
        self.fields = tuple(out)
        self.width = offset

    @property
    def kind(self) -> str:
        return "dict"

    def emit(self, out: Source, value: str, at: At) -> None:
        if self.is_map:
            self._emit_map(out, value, at)
            return
        out.line(f"if type({value}) is dict:")
        with out.block():
            found = out.fresh("f")
            item = out.fresh("x")
            out.line(f"{found} = {int(self.skip is not None)}")
            if self.skip is not None:
                out.line(f"if {self.skip!r} not in {value}: {found} = 0")
            for key, offset, node in self.fields:
                out.line(f"{item} = {value}.get({key!r}, ABSENT)")
                out.line(f"if {item} is not ABSENT:")
                with out.block():
                    out.line(f"{found} += 1")
                    if isinstance(node, Optional | Text | Empty):
                        node.emit(out, item, at + offset)
                    else:
                        out.line(f"if {item} is not None:")
                        with out.block():
                            node.emit(out, item, at + offset)
                        out.line("else:")
                        with out.block():
                            out.overflow()
            out.line(f"if len({value}) > {found}:")
            with out.block():
                out.overflow(f"len({value}) - {found}")
        out.line("else:")
        with out.block():
            out.overflow()

    def _emit_map(self, out: Source, value: str, at: At) -> None:
        """A map by id (every key the same node): visit the keys present, not all."""
        node = self.fields[0][2]
        offsets = out.constant({key: offset for key, offset, _ in self.fields})
        key, item, base = out.fresh("k"), out.fresh("x"), out.fresh("b")
        out.line(f"if type({value}) is dict:")
        with out.block():
            out.line(f"for {key}, {item} in {value}.items():")
            with out.block():
                out.line(f"{base} = {offsets}.get({key})")
                out.line(f"if {base} is None:")
                with out.block():
                    if self.skip is None:
                        out.overflow()
                    else:
                        out.line(f"if {key} != {self.skip!r}: ov += 1")
                    out.line("continue")
                out.line(f"{base} += {at}")
                _item(out, node, item, At(base, 0))
        out.line("else:")
        with out.block():
            out.overflow()

    @property
    def is_map(self) -> bool:
        """Whether this object is a map by id: every key the same node (a board by cell)."""
        return len(self.fields) > 4 and len({id(node) for _, _, node in self.fields}) == 1

    def slices(self, path: str, at: int) -> Iterator[Slice]:
        for key, offset, node in self.fields:
            # a map's key is an id, not a field name: path[id]
            field = f"{path}.{key}" if path else key
            yield from node.slices(f"{path}[{key}]" if self.is_map else field, at + offset)


def _item(out: Source, node: Node, item: str, at: At) -> None:
    """Emit ``node`` for a list item, a ``null`` overflowing unless the node allows it."""
    if isinstance(node, Optional | Text | Empty):
        node.emit(out, item, at)
        return
    out.line(f"if {item} is not None:")
    with out.block():
        node.emit(out, item, at)
    out.line("else:")
    with out.block():
        out.overflow()


class Tuple(Node):
    """A list whose positions mean different things (one per seat, a pair): each
    position's node; positions past the last known one overflow."""

    __slots__ = ("items",)

    def __init__(self, items: tuple[Node, ...]) -> None:
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

    def emit(self, out: Source, value: str, at: At) -> None:
        n = len(self.items)
        out.line(f"if type({value}) is list:")
        with out.block():
            out.line(f"if len({value}) > {n}:")
            with out.block():
                out.overflow(f"len({value}) - {n}")
            nodes = {id(node) for _, node in self.items}
            if len(nodes) == 1 and n > 1:  # the same node at every position: a loop
                node = self.items[0][1]
                j, item = out.fresh("j"), out.fresh("x")
                base = out.fresh("b")
                out.line(f"for {j}, {item} in enumerate({value}[:{n}]):")
                with out.block():
                    out.line(f"{base} = {at} + {j} * {node.width}")
                    _item(out, node, item, At(base, 0))
            else:
                item = out.fresh("x")
                for position, (offset, node) in enumerate(self.items):
                    out.line(f"if len({value}) > {position}:")
                    with out.block():
                        out.line(f"{item} = {value}[{position}]")
                        _item(out, node, item, at + offset)
        out.line("else:")
        with out.block():
            out.overflow()

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

    def emit(self, out: Source, value: str, at: At) -> None:
        out.line(f"if type({value}) is list:")
        with out.block():
            out.line(f"if {value}:")
            with out.block():
                out.line(f"na({at}); nv(len({value}))")
                if at.base is None:  # positions already absolute
                    index = out.constant({s: at.offset + i for s, i in self.index.items()})
                    where = "{}"
                else:
                    index = out.constant(self.index)
                    where = f"{at} + {{}}"
                i = out.fresh("i")
                out.line(f"for x in {value}:")
                with out.block():
                    out.line(f"{i} = {index}.get(x) if type(x) is str else None")
                    out.line(f"if {i} is None: ov += 1")
                    out.line(f"else: sa({where.format(i)})")
        out.line("else:")
        with out.block():
            out.overflow()

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

    def emit(self, out: Source, value: str, at: At) -> None:
        out.line(f"if type({value}) is list:")
        with out.block():
            out.line(f"if {value}:")
            with out.block():
                out.line(f"na({at}); nv(len({value}))")
                base = at + (1 - self.low)
                out.line(f"for x in {value}:")
                with out.block():
                    out.line(
                        f"if type(x) is int and {self.low} <= x <= {self.high}: sa({base} + x)"
                    )
                    out.line("else: ov += 1")
        out.line("else:")
        with out.block():
            out.overflow()

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

    def emit(self, out: Source, value: str, at: At) -> None:
        item = out.fresh("x")
        out.line(f"if type({value}) is list:")
        with out.block():
            out.line(f"if {value}:")
            with out.block():
                out.line(f"na({at}); nv(len({value}))")
                out.line(f"for {item} in {value}:")
                with out.block():
                    self.emit_item(out, item, at, "continue")
        out.line("else:")
        with out.block():
            out.overflow()

    def emit_item(self, out: Source, item: str, at: At, skip: str) -> None:
        """Emit one object of the list (its present flag and its fields, at its id's
        place), running ``skip`` after counting an object that has no place."""
        index = out.constant({s: 1 + i * self.stride for s, i in self.index.items()})
        base = out.fresh("b")
        out.line(
            f"{base} = {index}.get({item}.get({self.key!r})) if type({item}) is dict else None"
        )
        out.line(f"if {base} is None:")
        with out.block():
            out.overflow()
            out.line(skip)
        out.line(f"{base} += {at}")
        out.line(f"sa({base})")
        self.item.emit(out, item, At(base, 1))

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

    def emit(self, out: Source, value: str, at: At) -> None:
        j, item, base = out.fresh("j"), out.fresh("x"), out.fresh("b")
        out.line(f"if type({value}) is list:")
        with out.block():
            out.line(f"if {value}:")
            with out.block():
                out.line(f"na({at}); nv(len({value}))")
                out.line(f"if len({value}) > {self.capacity}:")
                with out.block():
                    out.overflow(f"len({value}) - {self.capacity}")
                out.line(f"for {j}, {item} in enumerate({value}[:{self.capacity}]):")
                with out.block():
                    out.line(f"{base} = {at + 1} + {j} * {self.stride}")
                    out.line(f"sa({base})")
                    _item(out, self.item, item, At(base, 1))
        out.line("else:")
        with out.block():
            out.overflow()

    def slices(self, path: str, at: int) -> Iterator[Slice]:
        yield Slice(f"{path}#length", at, at + 1, "length")
        for i in range(self.capacity):
            base = at + 1 + i * self.stride
            yield Slice(f"{path}[{i}]", base, base + 1, "present")
            yield from self.item.slices(f"{path}[{i}]", base + 1)
