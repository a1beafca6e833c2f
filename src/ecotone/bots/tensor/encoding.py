"""The observation tensor: a fixed layout per configuration, read from the JSON alone.

``layout(game_id, players=..., variant=..., **options)``, or :func:`layout_for` a configured
game (``ecotone.rl.layout`` is the same function), builds, once per configuration, the map
from a seat's observation JSON (``state.observe(seat)``) to a fixed-size float vector. The
tensor is a function of that JSON *alone* (:meth:`Layout.encode` takes nothing else), so
it cannot tell a seat more than the seat may know: two states a seat cannot tell apart
give it the same tensor.

How the layout is found (:mod:`ecotone.bots.tensor.probe` gathers the inputs):

* numbers and booleans are scalars; ``null`` or a missing key adds a *present* flag;
* a string is a one-hot over its vocabulary, or its position in the vocabulary when
  there are more than :data:`ONE_HOT_MAX` values (a board's cell names); a vocabulary is
  every string the probe saw there, plus every id family the game declares (components,
  catalogue groups, action fields) that any of them belongs to; free text (log lines)
  takes no slot;
* a list of strings (a hand) is a count per vocabulary entry; a list of small integers
  (seats, dice) a count per value; a list as long as the seat count, or a short pair of
  different kinds, keeps its positions; a list of objects that each name a different id
  of one family (cards on a table) gets a slot per id; any other list gets half again as
  many slots as the longest one the probe saw (at least :data:`SLOTS_MARGIN` more);
* an object is each of its keys in sorted order; keys of one id family (a board's cells)
  are completed to the whole family.

Slot 0 counts whatever did not fit (a string no probe game showed, a list longer than any
seen): 0 in every probe game, and documented so that a learner can watch it.

A layout is versioned by its :attr:`Layout.fingerprint`, a digest of everything that
gives a slot its meaning (the configuration, every slice with its labels, the action
count, and :data:`ENCODING_VERSION` for the rules above): a game whose observation
changes (a new field, a new card) gets a new fingerprint, so that a network trained on
the old one can tell (:mod:`ecotone.bots.policy` refuses it).
:meth:`Layout.slices` says what every other slot means, and :meth:`Layout.describe`
prints it; ``python -m ecotone.rl.describe GAME --players N`` does so from the shell.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec
import numpy as np
import numpy.typing as npt

import ecotone
from ecotone.bots.tensor.nodes import (
    OVERFLOW,
    Bag,
    Category,
    Empty,
    Encoder,
    Histogram,
    Keyed,
    Node,
    Number,
    Optional,
    Ordinal,
    Record,
    Slice,
    Slots,
    Text,
    Tuple,
    Union,
    compile_encoder,
)
from ecotone.bots.tensor.probe import Family, Shape, families, probe
from ecotone.core.game import Game
from ecotone.core.records import counted
from ecotone.core.registry import default_players

__all__ = ["ENCODING_VERSION", "LIMIT", "ONE_HOT_MAX", "Layout", "build", "layout", "layout_for"]

#: The version of the rules that turn JSON into slots (:mod:`ecotone.bots.tensor.nodes`),
#: part of every fingerprint: raised when a rule changes what slots mean while the
#: slices stay the same (how a number is scaled, say).
ENCODING_VERSION = 1

#: Vocabularies up to this size are one-hot; bigger ones give a position.
ONE_HOT_MAX = 256
#: An id family completes an object's keys only up to this size.
KEY_FAMILY_MAX = 128
#: A list of objects is keyed by an id family only up to this size.
KEYED_MAX = 256
#: Strings with spaces, of no id family, more varied than this, are free text.
TEXT_MIN = 16
#: A list of integers spanning at most this many values is kept as a histogram.
HISTOGRAM_MAX = 64
#: Room a list gets beyond the longest the probe saw (at least this, or half as much).
SLOTS_MARGIN = 2
#: The bound of the observation space for numbers and counts (finite, as the checkers
#: of Gymnasium and PettingZoo ask).
LIMIT = 1e6

_BOUNDS = {
    "overflow": (0.0, LIMIT),
    "number": (-LIMIT, LIMIT),
    "flag": (0.0, 1.0),
    "present": (0.0, 1.0),
    "one-hot": (0.0, 1.0),
    "length": (0.0, LIMIT),
    "counts": (0.0, LIMIT),
    "histogram": (0.0, LIMIT),
    "text": (0.0, 0.0),
}


@dataclass(frozen=True, eq=False)
class Layout:
    """The fixed tensor layout of one configuration.

    Attributes:
        config: the configuration (``game``, ``players``, ``variant``, ``options``).
        size: the tensor's length.
        slices: what each run of slots means, in slot order (slot 0: overflow).
        num_actions: the size of the game's action index (the action mask's length).
    """

    config: Mapping[str, Any]
    size: int
    slices: tuple[Slice, ...]
    num_actions: int
    root: Node = field(repr=False)
    encoder: Encoder = field(repr=False)

    def encode(self, observation: Mapping[str, Any]) -> npt.NDArray[np.float32]:
        """The tensor of one observation JSON (``state.observe(seat)``), a new array."""
        ones, slots, values = self.encoder(observation)
        out = np.zeros(self.size, dtype=np.float32)
        if len(set(ones)) == len(ones):
            out[ones] = 1.0
        else:  # a card held twice, say: count every time
            np.add.at(out, ones, 1.0)
        out[slots] = values
        return out

    @functools.cached_property
    def low(self) -> npt.NDArray[np.float32]:
        """The smallest value of each slot (for the observation space)."""
        return self._bounds(0)

    @functools.cached_property
    def high(self) -> npt.NDArray[np.float32]:
        """The largest value of each slot (for the observation space)."""
        return self._bounds(1)

    def _bounds(self, which: int) -> npt.NDArray[np.float32]:
        out = np.zeros(self.size, dtype=np.float32)
        for piece in self.slices:
            if piece.kind == "ordinal":
                out[piece.start : piece.stop] = (0.0, float(len(piece.labels)))[which]
            else:
                out[piece.start : piece.stop] = _BOUNDS[piece.kind][which]
        return out

    def find(self, path: str, kind: str | None = None) -> Slice:
        """The first slice at ``path`` (as :attr:`Slice.path` spells it: one place, as
        ``hands[0].cards``, not the pattern :meth:`groups` prints, as ``hands[i].cards``),
        of ``kind`` when given (a place that may be absent has a ``present`` slice
        first: ``find("hands[0].cards", "counts")`` is the cards held).

        Raises:
            KeyError: no slice has that path (the message names a few that do), or none
                of that kind (the message names the kinds there are).
        """
        kinds: list[str] = []
        for piece in self.slices:
            if piece.path == path:
                if kind in (None, piece.kind):
                    return piece
                kinds.append(piece.kind)
        if kinds:
            raise KeyError(f"no slice {path!r} of kind {kind!r}; its kinds: {', '.join(kinds)}")
        if re.search(r"\[(i|\*|\w+=\*)\]", path):
            pattern = " (a pattern: name one place, as [0] or [card=ID])"
        else:
            pattern = ""
        stem = path.split("[", maxsplit=1)[0]
        close = list(dict.fromkeys(p.path for p in self.slices if p.path.startswith(stem)))
        if not close:  # nothing near: the observation's top-level parts
            close = list(dict.fromkeys(re.split(r"[.\[]", p.path)[0] for p in self.slices))
        raise KeyError(f"no slice {path!r}{pattern}; for example: {', '.join(close[:5])}")

    def read(
        self, tensor: npt.NDArray[np.float32], path: str, kind: str | None = None
    ) -> dict[str, float] | float:
        """The values of the slice at ``path`` and of ``kind`` (see :meth:`find`: without
        ``kind``, the first slice there, which is a ``present`` flag where the place may
        be absent) in ``tensor``: the non-zero ones by label for a one-hot, counts or
        histogram, else the number."""
        piece = self.find(path, kind)
        part = tensor[piece.start : piece.stop]
        if piece.kind in ("one-hot", "counts", "histogram"):
            return {label: float(v) for label, v in zip(piece.labels, part, strict=True) if v}
        return float(part[0])

    def groups(self) -> list[tuple[str, str, int, int]]:
        """The slices grouped by path pattern and kind: list positions as ``[i]``, ids
        as ``[*]`` (``board[*]``, ``table[card=*]``); ``(pattern, kind, slices,
        slots)``, in order of first slot."""
        out: dict[tuple[str, str], list[int]] = {}
        for piece in self.slices:
            pattern = re.sub(r"\[\d+\]", "[i]", piece.path)
            pattern = re.sub(r"\[(\w+)=[^\]]*\]", r"[\1=*]", pattern)
            pattern = re.sub(r"\[(?!i\]|\w+=\*\])[^\]]+\]", "[*]", pattern)
            key = (pattern, piece.kind)
            entry = out.setdefault(key, [0, 0])
            entry[0] += 1
            entry[1] += piece.width
        return [(pattern, kind, n, width) for (pattern, kind), (n, width) in out.items()]

    def describe(self, full: bool = False) -> str:
        """A Markdown table of the layout: every slice when ``full``, else one row per
        path pattern and kind (slot counts summed)."""
        config = self.config
        title = f"`{config['game']}`, {counted(config['players'], 'player')}"
        if config.get("variant"):
            title += f", variant `{config['variant']}`"
        lines = [
            f"{title}: {self.size} slots, {self.num_actions} actions, "
            f"fingerprint `{self.fingerprint}`",
            "",
        ]
        if full:
            lines += ["| slots | path | kind | values |", "|---|---|---|---|"]
            for piece in self.slices:
                labels = _labels(piece.labels)
                where: object = piece.start if piece.width == 1 else "-"
                if piece.width > 1:
                    where = f"{piece.start}-{piece.stop - 1}"
                lines.append(f"| {where} | `{piece.path}` | {piece.kind} | {labels} |")
        else:
            lines += ["| path | kind | slices | slots |", "|---|---|---|---|"]
            for pattern, kind, n, width in self.groups():
                lines.append(f"| `{pattern}` | {kind} | {n} | {width} |")
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, Any]:
        """The layout as JSON: configuration, size, action count, every slice, and the
        fingerprint."""
        return {
            "config": dict(self.config),
            "size": self.size,
            "num_actions": self.num_actions,
            "fingerprint": self.fingerprint,
            "slices": [piece.to_json() for piece in self.slices],
        }

    @functools.cached_property
    def fingerprint(self) -> str:
        """The layout's version: a digest (32 hex digits) of the configuration, every
        slice with its labels, the action count and :data:`ENCODING_VERSION`. Equal
        layouts have equal fingerprints in every process; any change of what a slot
        means gives another."""
        content = {
            "encoding": ENCODING_VERSION,
            "config": dict(self.config),
            "size": self.size,
            "num_actions": self.num_actions,
            "slices": [piece.to_json() for piece in self.slices],
        }
        data = msgspec.json.encode(content, order="deterministic")
        return hashlib.blake2b(data, digest_size=16).hexdigest()

    def stamp(self) -> dict[str, Any]:
        """What a trained network keeps of the layout it learnt from: the fingerprint,
        the encoding version, the configuration and the size. The environments' tensor
        space carries it (``space.ecotone_layout``), so that Stable-Baselines3 saves it
        with a model, as text."""
        config = self.config
        return {
            "fingerprint": self.fingerprint,
            "encoding": ENCODING_VERSION,
            "game": config["game"],
            "players": config["players"],
            "variant": config["variant"],
            "size": self.size,
        }


def _labels(labels: Sequence[str], shown: int = 6) -> str:
    if not labels:
        return ""
    head = ", ".join(labels[:shown])
    return f"{head}, ... ({len(labels)})" if len(labels) > shown else head


def layout(
    game_id: str, *, players: int | None = None, variant: str | None = None, **options: Any
) -> Layout:
    """The tensor layout of a configuration (built once per process, then shared);
    without ``players``, of the fewest the game (or the variant) takes.

    Raises:
        ConfigError: for a configuration :func:`ecotone.make` refuses.
    """
    if players is None:
        players = default_players(game_id, variant)
    return layout_for(ecotone.make(game_id, players=players, variant=variant, **options))


def layout_for(game: Game[Any]) -> Layout:
    """The tensor layout of a configured game's configuration (as :func:`layout`)."""
    return _cached(msgspec.json.encode(game.config, order="deterministic"), game)


@functools.lru_cache(maxsize=64)
def _cached(key: bytes, game: Game[Any]) -> Layout:
    del key  # the cache key: the configuration, as canonical JSON
    return build(game)


def build(game: Game[Any], shape: Shape | None = None) -> Layout:
    """The layout of ``game``'s configuration, from ``shape`` (default: a fresh probe).

    Prefer :func:`layout`, which builds each configuration once.
    """
    compiler = _Compiler(game.players, families(game))
    root = compiler.node(shape if shape is not None else probe(game))
    pieces = [Slice("overflow", OVERFLOW, OVERFLOW + 1, "overflow")]
    pieces.extend(root.slices("", 1))
    return Layout(
        config=game.config,
        size=1 + root.width,
        slices=tuple(pieces),
        num_actions=game.num_distinct_actions,
        root=root,
        encoder=compile_encoder(root, 1),
    )


class _Compiler:
    """Turns a probed :class:`Shape` into nodes, by the rules in the module docstring."""

    def __init__(self, players: int, known: tuple[Family, ...]) -> None:
        self.players = players
        self.families = [(f, frozenset(f.ids)) for f in known]

    def node(self, shape: Shape, absent: bool = False) -> Node:
        parts = tuple(self._part(shape, kind) for kind in shape.kinds)
        node: Node = Empty() if not parts else parts[0] if len(parts) == 1 else Union(parts)
        if shape.nulls or absent:
            node = Optional(node)
        return node

    def _part(self, shape: Shape, kind: str) -> Node:
        if kind == "number":
            return Number(flag=not shape.numbers)
        if kind == "string":
            vocabulary = self.vocabulary(shape.strings)
            if vocabulary is None:
                return Text()
            return Category(vocabulary) if len(vocabulary) <= ONE_HOT_MAX else Ordinal(vocabulary)
        if kind == "list":
            return self._list(shape)
        return self._dict(shape)

    def vocabulary(self, strings: set[str]) -> tuple[str, ...] | None:
        """The vocabulary of a place that showed ``strings``; ``None`` for free text.

        A family joins when it holds two of the strings, or half of them; each string
        then brings the smallest family that joined and holds it.
        """
        joined = [
            (f, ids)
            for f, ids in self.families
            if len(ids & strings) >= 2 or 2 * len(ids & strings) >= len(strings)
        ]
        used: dict[str, Family] = {}
        for s in sorted(strings):
            holders = [(len(ids), f.name, f) for f, ids in joined if s in ids]
            if holders:
                family = min(holders)[2]
                used[family.name] = family
        if not used and len(strings) > TEXT_MIN and any(" " in s for s in strings):
            return None
        ordered: dict[str, None] = {}
        for name in sorted(used):
            ordered.update(dict.fromkeys(used[name].ids))
        ordered.update(dict.fromkeys(sorted(strings - ordered.keys())))
        return tuple(ordered)

    def _list(self, shape: Shape) -> Node:
        items = shape.items
        elements = shape.elements
        (length, *more) = sorted(shape.lengths)
        fixed = not more and length > 0
        mixed = len({item.kinds for item in items}) > 1
        if fixed and length == self.players and not mixed:
            # one entry per seat: every seat's entry is laid out alike, from all of them
            same = self.node(elements)
            return Tuple((same,) * length)
        if fixed and (length == self.players or (length <= 3 and mixed)):
            return Tuple(tuple(self.node(item) for item in items))
        if elements.kinds == ("string",) and not elements.nulls:
            vocabulary = self.vocabulary(elements.strings)
            return Text() if vocabulary is None else Bag(vocabulary)
        if (
            elements.kinds == ("number",)
            and elements.numbers
            and elements.integral
            and not elements.nulls
            and elements.high - elements.low < HISTOGRAM_MAX
        ):
            low, high = int(elements.low), int(elements.high)
            if low >= 0 and high < self.players:  # seats: room for every seat
                low, high = 0, self.players - 1
            return Histogram(low, high)
        keyed = self._keyed(shape, elements)
        if keyed is not None:
            return keyed
        longest = max(shape.lengths)
        item = self.node(elements) if longest else Empty()
        return Slots(item, longest + max(SLOTS_MARGIN, longest // 2) if longest else 0)

    def _keyed(self, shape: Shape, elements: Shape) -> Keyed | None:
        """A list of objects that each name a different id of one family, keyed by the
        key whose family is smallest (``None`` when there is no such key)."""
        if not shape.unique or elements.kinds != ("dict",) or elements.nulls:
            return None
        best: tuple[int, str, Family] | None = None
        for key in sorted(shape.unique):
            strings = elements.keys[key].strings
            for f, ids in self.families:
                if (
                    strings <= ids
                    and len(ids) <= KEYED_MAX
                    and (best is None or len(ids) < best[0])
                ):
                    best = (len(ids), key, f)
        if best is None:
            return None
        _, key, family = best
        record = self._dict(elements, skip=key)
        return Keyed(key, family.ids, record)

    def _dict(self, shape: Shape, skip: str | None = None) -> Record:
        keys = set(shape.keys) - {skip}
        # an object keyed by ids (a board by cell): complete it to the smallest family
        # holding every key seen
        owners = [ids for _, ids in self.families if len(keys) > 1 and keys <= ids]
        if owners:
            family = min(owners, key=len)
            if len(family) <= KEY_FAMILY_MAX:
                keys |= family - {skip}
        if owners and len(keys) > len(shape.keys):
            # a map by id: every id laid out alike, from what any of them held
            same = self.node(shape.values, absent=True)
            return Record(tuple((key, same) for key in sorted(keys)), skip)
        values = shape.values if keys - shape.keys.keys() else None
        fields: list[tuple[str, Node]] = []
        for key in sorted(keys):
            child = shape.keys.get(key)
            if child is None:
                assert values is not None
                fields.append((key, self.node(values, absent=True)))
            else:
                fields.append((key, self.node(child, absent=child.seen < shape.dicts)))
        return Record(tuple(fields), skip)
