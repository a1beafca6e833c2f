"""Actions: frozen, hashable values with one JSON form, one text notation and one index.

A game declares each kind of action as a subclass of :class:`Action` with a tag and a
``notation`` template::

    class Place(Action, tag="place"):
        notation: ClassVar[str] = "place {card} on tree {tree:n1}"
        card: str
        tree: int

``str(Place("G03", 0))`` is ``"place G03 on tree 1"``, ``Place("G03", 0).to_json()`` is
``{"type": "place", "card": "G03", "tree": 0}``, and :class:`ActionCodec` parses both back.
Template fields take an optional converter after a colon:

* ``n1``: an index shown and read 1-based (trees, piles), stored 0-based;
* ``seat``: a seat shown and read as ``P1``, ``P2`` ..., stored 0-based.

The codec also numbers every action of the game (``index``/``from_index``) for
reinforcement learning, from the finite domain the game gives for each field.
"""

from __future__ import annotations

import bisect
import numbers
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import Enum
from functools import cache
from typing import Any, ClassVar, Union

import msgspec

from ecotone.core.errors import IllegalAction

__all__ = ["Action", "ActionCodec", "wrong_field"]

_FIELD = re.compile(r"\{(\w+)(?::(\w+))?\}")


class Action(msgspec.Struct, frozen=True, tag_field="type", gc=False):
    """Base of every game's actions. Subclasses set a ``tag`` and a ``notation``.

    ``choose_by`` names, in order, the fields a person picks one at a time when a
    decision offers many actions of this kind (``("cell", "turn")``: first where, then
    which way); surfaces narrow the legal actions field by field with
    :mod:`ecotone.core.choices`. Empty: the actions are offered whole.

    ``noun`` says the kind as a noun phrase, with its article (``"a route chosen"``): what
    a viewer who may learn only that a seat took an action of this kind reads
    (:func:`ecotone.core.visibility.kind_text`). Empty: the tag, as words (``"a migrate"``);
    a game sets it on each kind whose actions may be told only by their kind.

    Actions are not tracked by the cycle collector (``gc=False``), as records are not
    (:class:`ecotone.core.records.Record`): frozen, they can never be part of a cycle,
    and the legal actions of every step of a search are made anew.
    """

    notation: ClassVar[str] = ""
    choose_by: ClassVar[tuple[str, ...]] = ()
    noun: ClassVar[str] = ""

    def __str__(self) -> str:
        return _formatter(type(self))(self)

    def to_json(self) -> dict[str, Any]:
        """The JSON-safe form, tagged with ``"type"``."""
        out: dict[str, Any] = msgspec.to_builtins(self)
        return out


def wrong_field(action: Action) -> str | None:
    """What is wrong with the first field of ``action`` whose value is not of the type
    its record declares (``"its steps must be an int, not 'far'"``), or ``None``.

    msgspec checks the types when it decodes an action, not when a program builds one:
    ``Move("t21", "north", "far")`` is a ``Move`` all the same. The kernel refuses such an
    action (``action/malformed``) before a game's rules see it, so that they may read
    every field as its declared type; compiled (the optional mypyc build), they check
    those types as they read them, and would raise a ``TypeError`` instead.

    >>> class Go(Action, frozen=True, tag="go"):
    ...     steps: int
    >>> wrong_field(Go(2)) is None
    True
    >>> wrong_field(Go("far"))
    "its steps must be an int, not 'far'"
    """
    for name, kind in _field_types(type(action)):
        value = getattr(action, name)
        if not isinstance(value, kind):
            article = "an" if kind.__name__[:1].lower() in "aeiou" else "a"
            return f"its {name} must be {article} {kind.__name__}, not {value!r}"
    return None


@cache
def _field_types(cls: type[Action]) -> tuple[tuple[str, type], ...]:
    """Each field of ``cls`` whose declared type is a plain class, with the class (every
    game's action fields are: ``str``, ``int`` or an enum)."""
    return tuple((f.name, f.type) for f in msgspec.structs.fields(cls) if isinstance(f.type, type))


@cache
def _declared_types(cls: type[Action]) -> dict[str, Any]:
    """Each field of ``cls`` with its declared type (read once: msgspec evaluates the
    annotations again at every call)."""
    return {f.name: f.type for f in msgspec.structs.fields(cls)}


# -- notation ---------------------------------------------------------------------------


def _show(value: Any, conv: str | None) -> str:
    if isinstance(value, Enum):
        value = value.value
    if conv == "n1":
        return str(value + 1)
    if conv == "seat":
        return f"P{value + 1}"
    return str(value)


def _read(token: str, conv: str | None, kind: Any) -> Any:
    """Read one notation token as the field's type; ValueError when it does not fit."""
    if conv == "seat":
        token = token.upper().removeprefix("P")
        return int(token) - 1
    if conv == "n1":
        return int(token) - 1
    if kind is int:
        return int(token)
    if isinstance(kind, type) and issubclass(kind, Enum):
        for member in kind:
            if str(member.value).lower() == token.lower():
                return member
        raise ValueError(token)
    return token


@cache
def _template(cls: type[Action]) -> tuple[tuple[str, str | None], ...]:
    if not cls.notation:
        raise TypeError(f"{cls.__name__} declares no notation")
    return tuple((m.group(1), m.group(2)) for m in _FIELD.finditer(cls.notation))


@cache
def _formatter(cls: type[Action]) -> Callable[[Action], str]:
    fields = _template(cls)
    text = _FIELD.sub("{}", cls.notation)

    def fmt(action: Action) -> str:
        return text.format(*(_show(getattr(action, name), conv) for name, conv in fields))

    return fmt


@cache
def _pattern(cls: type[Action]) -> re.Pattern[str]:
    parts: list[str] = []
    pos = 0
    for m in _FIELD.finditer(cls.notation):
        parts.append(_literal(cls.notation[pos : m.start()]))
        parts.append(f"(?P<{m.group(1)}>\\S+)")
        pos = m.end()
    parts.append(_literal(cls.notation[pos:]))
    return re.compile("".join(parts), re.IGNORECASE)


def _literal(text: str) -> str:
    return (
        r"\s+".join(re.escape(word) for word in text.split(" "))
        if text.strip()
        else (r"\s+" if text else "")
    )


# -- the codec --------------------------------------------------------------------------


class ActionCodec:
    """Everything about one game's action vocabulary: JSON, notation and integer index.

    Args:
        domains: for each action class, the finite sequence of values each of its
            fields can take. The index of an action is the class's offset plus the
            mixed-radix number of its field values, so the numbering is stable as long
            as the domains are.
    """

    def __init__(self, domains: Mapping[type[Action], Mapping[str, Sequence[Any]]]) -> None:
        self._classes = tuple(domains)
        self._by_tag = {cls.__struct_config__.tag: cls for cls in self._classes}
        self._union: Any = Union[self._classes]  # noqa: UP007 - built at run time
        self._layout: dict[type[Action], tuple[int, tuple[tuple[str, dict[Any, int], int], ...]]]
        self._layout = {}
        self._values: dict[type[Action], tuple[tuple[str, tuple[Any, ...]], ...]] = {}
        self._offsets: list[tuple[int, type[Action]]] = []
        offset = 0
        for cls in self._classes:
            field_domains = domains[cls]
            names = [f.name for f in msgspec.structs.fields(cls)]
            if set(names) != set(field_domains):
                raise TypeError(f"{cls.__name__}: domains must cover exactly {names}")
            layout: list[tuple[str, dict[Any, int], int]] = []
            values: list[tuple[str, tuple[Any, ...]]] = []
            stride = 1
            for name in reversed(names):
                dom = tuple(field_domains[name])
                layout.append((name, {v: i for i, v in enumerate(dom)}, stride))
                values.append((name, dom))
                stride *= len(dom)
            self._layout[cls] = (offset, tuple(layout))
            self._values[cls] = tuple(reversed(values))
            self._offsets.append((offset, cls))
            offset += stride
        self._starts = [o for o, _ in self._offsets]
        self.size = offset

    @property
    def classes(self) -> tuple[type[Action], ...]:
        """The game's action classes, in index order."""
        return self._classes

    def index(self, action: Action) -> int:
        """The integer index of ``action`` in ``range(self.size)``."""
        try:
            offset, layout = self._layout[type(action)]
            return offset + sum(pos[getattr(action, name)] * stride for name, pos, stride in layout)
        except KeyError:
            raise IllegalAction(
                "action/malformed", f"{action!r} is not an action of this game"
            ) from None

    def from_index(self, index: object) -> Action:
        """The action numbered ``index``; raises IllegalAction when out of range."""
        if not isinstance(index, int) or not 0 <= index < self.size:
            span = f"0..{self.size - 1}"
            if isinstance(index, int):
                said = f"action index {index!r} is not in {span}"
            elif isinstance(index, numbers.Real):  # (2.5 lies in the range: say what is wrong)
                said = f"action index {index!r} is not a whole number (the indices are {span})"
            else:
                said = f"action index {index!r} is not a number (the indices are {span})"
            raise IllegalAction("action/unknown-index", said)
        pos = bisect.bisect_right(self._starts, index) - 1
        offset, cls = self._offsets[pos]
        rest = index - offset
        kwargs: dict[str, Any] = {}
        for name, dom in reversed(self._values[cls]):
            rest, pos = divmod(rest, len(dom))
            kwargs[name] = dom[pos]
        return cls(**kwargs)

    def from_json(self, data: Any) -> Action:
        """Decode a JSON object (or its text) into an action, validating every field."""
        try:
            if isinstance(data, str | bytes):
                action: Action = msgspec.json.decode(data, type=self._union)
            else:
                action = msgspec.convert(data, type=self._union)
        except msgspec.ValidationError as exc:
            raise IllegalAction("action/malformed", f"not a valid action: {exc}") from None
        except msgspec.DecodeError as exc:
            raise IllegalAction("action/malformed", f"not valid JSON: {exc}") from None
        return action

    def from_text(self, text: str) -> Action:
        """Parse the short notation (``"place G03 on tree 1"``) into an action."""
        cleaned = " ".join(text.split())
        for cls in self._classes:
            m = _pattern(cls).fullmatch(cleaned)
            if m is None:
                continue
            types = _declared_types(cls)
            kwargs: dict[str, Any] = {}
            try:
                for name, conv in _template(cls):
                    kwargs[name] = self._canonical(
                        cls, name, _read(m.group(name), conv, types[name])
                    )
            except ValueError:
                continue
            return cls(**kwargs)
        raise IllegalAction(
            "action/malformed",
            f"cannot read {text!r} as an action; the forms are: {self.forms()}",
        )

    def _canonical(self, cls: type[Action], name: str, value: Any) -> Any:
        """A text token as spelled in the field's domain (``c07`` -> ``C07``)."""
        if isinstance(value, str):
            for field_name, dom in self._values[cls]:
                if field_name == name:
                    return self._folded(dom).get(value.casefold(), value)
        return value

    @staticmethod
    @cache
    def _folded(dom: tuple[Any, ...]) -> dict[str, Any]:
        return {v.casefold(): v for v in dom if isinstance(v, str)}

    def parse(self, text_or_json: Any) -> Action:
        """Parse notation, JSON text or a JSON object into an action."""
        if isinstance(text_or_json, Action):
            return text_or_json
        if isinstance(text_or_json, Mapping):
            return self.from_json(dict(text_or_json))
        if isinstance(text_or_json, str | bytes):
            stripped = text_or_json.strip()
            if stripped[:1] in ("{", b"{"):
                return self.from_json(stripped)
            if isinstance(stripped, bytes):
                stripped = stripped.decode()
            return self.from_text(stripped)
        raise IllegalAction("action/malformed", f"cannot read {text_or_json!r} as an action")

    def forms(self) -> str:
        """The notation templates, for help texts and error messages."""
        return "; ".join(_FIELD.sub(r"<\1>", cls.notation) for cls in self._classes)

    def check_unique(self, actions: Iterable[Action]) -> None:
        """Raise AssertionError when two actions share a notation (a game bug)."""
        seen: dict[str, Action] = {}
        for a in actions:
            key = str(a).lower()
            if key in seen and seen[key] != a:
                raise AssertionError(f"{a!r} and {seen[key]!r} share the notation {key!r}")
            seen[key] = a
