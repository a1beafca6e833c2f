"""What a configuration's observations look like: gathered from seeded random games.

The tensor layout of a configuration (:mod:`ecotone.bots.tensor.encoding`) is built from two
sources, both fixed by the configuration alone and neither by any particular game:

* the shapes its observations take, gathered here by walking ``state.observe(seat)`` of
  every seat at every step of a few seeded games, random and heuristic (:func:`probe`): which keys a
  record has, which kinds of value a field holds, how long a list grows, which strings
  appear;
* the ids the game declares (:func:`families`): its components, the ids of each group
  of its catalogue, and the string values of each field of its actions. A string seen in
  the probe that belongs to such a family brings the whole family into the vocabulary,
  so a card that no probe game happened to show still has its own slot.

Only the observations' *structure* is kept, never a game's hidden data: the probe walks
the same JSON every seat receives.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import msgspec

from ecotone.bots import SeatView, available_bots, make_bot
from ecotone.core.game import Game, State

__all__ = ["PROBE_GAMES", "PROBE_STEPS", "Shape", "families", "probe"]

#: Seeded random games walked per configuration, and the cap on their total decisions.
PROBE_GAMES = 8
PROBE_STEPS = 4000


class Shape:
    """Everything seen at one place of the observation, merged over every sample.

    Attributes:
        seen: values seen here (``None`` included).
        nulls: how many of them were ``None``.
        bools, numbers: booleans, and other numbers (ints and floats), seen.
        integral: whether every number was an int.
        low, high: the smallest and largest number.
        strings: every string seen.
        lengths: every list length seen.
        items: the shape at each list position (:attr:`elements`: merged over them).
        dicts: dicts seen; ``keys``: the shape under each key (:attr:`values`: merged
            over every key, the shape a key the probe never met would have).
        unique: for lists of objects, the keys holding a string that no two objects
            of one list share (a card on a table, the cell it lies in); ``None``
            until such a list is seen.
    """

    __slots__ = (
        "bools",
        "dicts",
        "high",
        "integral",
        "items",
        "keys",
        "lengths",
        "low",
        "nulls",
        "numbers",
        "seen",
        "strings",
        "unique",
    )

    def __init__(self) -> None:
        self.seen = 0
        self.nulls = 0
        self.bools = 0
        self.numbers = 0
        self.integral = True
        self.low = 0.0
        self.high = 0.0
        self.strings: set[str] = set()
        self.lengths: set[int] = set()
        self.items: list[Shape] = []
        self.dicts = 0
        self.keys: dict[str, Shape] = {}
        self.unique: set[str] | None = None

    def add(self, value: Any) -> None:
        """Merge one value (and everything inside it) into this shape."""
        self.seen += 1
        kind = type(value)
        if kind is str:
            self.strings.add(value)
        elif value is None:
            self.nulls += 1
        elif kind is bool:
            self.bools += 1
        elif kind is int or kind is float:
            self._number(float(value), kind is int)
        elif kind is list or kind is tuple:
            self.lengths.add(len(value))
            items = self.items
            while len(items) < len(value):
                items.append(Shape())
            for item, place in zip(value, items, strict=False):
                place.add(item)
            if value:
                self._unique(value)
        elif kind is dict:
            self.dicts += 1
            keys = self.keys
            for key, item in value.items():
                child = keys.get(key)
                if child is None:
                    child = keys[key] = Shape()
                child.add(item)
        else:  # not JSON: the game's observation hook broke its contract
            raise TypeError(f"an observation holds {type(value).__name__}, which is not JSON")

    def _unique(self, value: list[Any] | tuple[Any, ...]) -> None:
        first = value[0]
        if isinstance(first, dict) and all(isinstance(item, dict) for item in value):
            keys = {
                key
                for key, v in first.items()
                if isinstance(v, str)
                and all(isinstance(item.get(key), str) for item in value)
                and len({item[key] for item in value}) == len(value)
            }
        else:
            keys = set()
        self.unique = keys if self.unique is None else self.unique & keys

    def _number(self, value: float, integral: bool) -> None:
        if not self.numbers:
            self.low = self.high = value
        self.numbers += 1
        self.integral = self.integral and integral
        self.low = min(self.low, value)
        self.high = max(self.high, value)

    def merge(self, other: Shape) -> None:
        """Fold everything ``other`` saw into this shape."""
        self.seen += other.seen
        self.nulls += other.nulls
        self.bools += other.bools
        if other.numbers:
            if not self.numbers:
                self.low, self.high = other.low, other.high
            self.low = min(self.low, other.low)
            self.high = max(self.high, other.high)
            self.numbers += other.numbers
            self.integral = self.integral and other.integral
        self.strings |= other.strings
        self.lengths |= other.lengths
        if other.unique is not None:
            self.unique = set(other.unique) if self.unique is None else self.unique & other.unique
        while len(self.items) < len(other.items):
            self.items.append(Shape())
        for mine, theirs in zip(self.items, other.items, strict=False):
            mine.merge(theirs)
        self.dicts += other.dicts
        for key, theirs in other.keys.items():
            known = self.keys.get(key)
            if known is None:
                known = self.keys[key] = Shape()
            known.merge(theirs)

    @property
    def elements(self) -> Shape:
        """The shape of a list item wherever it stands: every position merged."""
        return _merged(self.items)

    @property
    def values(self) -> Shape:
        """The shape of a value under any key: every key merged."""
        return _merged(self.keys.values())

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of non-null value seen, in a fixed order."""
        out: list[str] = []
        if self.bools or self.numbers:
            out.append("number")
        if self.strings:
            out.append("string")
        if self.lengths:
            out.append("list")
        if self.dicts:
            out.append("dict")
        return tuple(out)


def _merged(shapes: Iterable[Shape]) -> Shape:
    out = Shape()
    for shape in shapes:
        out.merge(shape)
    return out


@dataclass(frozen=True, slots=True)
class Family:
    """A named group of ids the game declares (``components``, ``catalog.cards``,
    ``action.place.card``), in the game's own order."""

    name: str
    ids: tuple[str, ...]


def families(game: Game[Any]) -> tuple[Family, ...]:
    """Every group of ids ``game`` declares, from its public API, sorted by name."""
    found: dict[str, tuple[str, ...]] = {}
    components = tuple(str(c) for c in game.components())
    if components:
        found["components"] = components
    for group, entries in type(game).presentation().catalog.items():
        if isinstance(entries, dict) and entries:
            found[f"catalog.{group}"] = tuple(str(k) for k in entries)
            found.update(_face_families(group, entries))
    for cls in game.codec.classes:
        tag = cls.__struct_config__.tag
        for name, domain in _field_domains(game, cls).items():
            strings = tuple(_text(v) for v in domain if isinstance(v, str | enum.Enum))
            if strings:
                found[f"action.{tag}.{name}"] = strings
    return tuple(Family(name, _unique(ids)) for name, ids in sorted(found.items()))


def _face_families(group: str, entries: dict[Any, Any]) -> dict[str, tuple[str, ...]]:
    """Families from the fields of a catalogue group's faces that name things by id
    (every card's ``ability``, ``deck`` or ``level``): each field whose values are all
    strings without spaces, at least two different ones."""
    fields: dict[str, list[str]] = {}
    spoiled: set[str] = set()
    for face in entries.values():
        if not isinstance(face, dict):
            return {}
        for name, value in face.items():
            if isinstance(value, str) and value and " " not in value:
                fields.setdefault(name, []).append(value)
            else:
                spoiled.add(name)
    return {
        f"catalog.{group}.{name}": _unique(tuple(values))
        for name, values in fields.items()
        if name not in spoiled and len(set(values)) > 1
    }


def _field_domains(game: Game[Any], cls: type[Any]) -> dict[str, tuple[Any, ...]]:
    """The values each field of action class ``cls`` can take, read back from the codec's
    index: the first index of the class and, for each field, the actions that vary it."""
    names = [f.name for f in msgspec.structs.fields(cls)]
    if not names:
        return {}
    codec = game.codec
    start = next(i for i in _class_starts(game) if type(codec.from_index(i)) is cls)
    # mixed radix, last field fastest: walk each field's stride until the value repeats
    out: dict[str, tuple[Any, ...]] = {}
    stride = 1
    first = codec.from_index(start)
    for name in reversed(names):
        values: list[Any] = []
        index = start
        while index < codec.size:
            action = codec.from_index(index)
            if type(action) is not cls or any(
                getattr(action, n) != getattr(first, n) for n in names if n != name
            ):
                break
            value = getattr(action, name)
            if values and value == values[0]:
                break
            values.append(value)
            index += stride
        out[name] = tuple(values)
        stride *= max(1, len(values))
    return out


def _class_starts(game: Game[Any]) -> Iterator[int]:
    """The first index of each action class, found by bisecting on the class."""
    codec = game.codec
    index = 0
    while index < codec.size:
        yield index
        cls = type(codec.from_index(index))
        low, high = index, codec.size - 1
        while low < high:  # the last index of cls
            mid = (low + high + 1) // 2
            if type(codec.from_index(mid)) is cls:
                low = mid
            else:
                high = mid - 1
        index = low + 1


def _text(value: str | enum.Enum) -> str:
    return str(value.value) if isinstance(value, enum.Enum) else value


def _unique(ids: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(ids))


def probe(game: Game[Any], games: int = PROBE_GAMES, steps: int = PROBE_STEPS) -> Shape:
    """The shape of the observations in ``games`` seeded games of ``game`` (at most
    ``steps`` decisions in all): every seat's at the start, then after each decision
    the seat to move's and one other seat's in turn.

    Half the games are played at random, half by the game's heuristic bot where it has
    one: random play reaches odd corners, the heuristic reaches the positions a good
    player builds (a full board, a long chain) that random play rarely does.
    """
    shape = Shape()
    budget = steps
    heuristic = "heuristic" in available_bots(game.spec.id)
    for seed in range(games):
        rnd = random.Random(seed)
        bots = (
            [make_bot("heuristic", game, seat, seed) for seat in range(game.players)]
            if heuristic and seed % 2
            else None
        )
        state: State[Any] = game.start(seed)
        for seat in range(game.players):
            shape.add(state.observe(seat))
        turn = 0
        while not state.is_over and budget > 0:
            seat = state.to_move[0]
            if bots is None:
                action = rnd.choice(state.legal_actions(seat))
            else:
                action = bots[seat].act(SeatView(state, seat))
            state = state.step(seat, action)
            # the seat to move, and each other seat in turn
            watched = {turn % game.players, *state.to_move[:1]}
            for seat in watched:
                shape.add(state.observe(seat))
            budget -= 1
            turn += 1
    return shape
