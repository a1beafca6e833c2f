"""A decision at the terminal: the options a player is shown, and what a typed line means.

A :class:`Decision` is one seat's choice among its legal actions as the screen offers it.
Most decisions are a short numbered list of moves. When a kind of action comes in many
(a tile that can go on any of forty cells, turned six ways), the list offers the kind
once (``place … on … turned … (240 ways)``), and choosing it asks field by field, in the
order the kind declares (``Action.choose_by``, narrowed with :mod:`ecotone.core.choices`),
with the game's picture of each move beside it where the game draws one
(``Game.preview``). A list too long for the screen groups its other kinds the same way,
field by field in their notation's order.

:func:`interpret` reads one typed line against a decision: a key (``q``, ``u``, ``?``,
``d``, ``p``, ``l``, ``b``, ``i <card or code>``), an option's number, a move's notation, or
the names the screen shows (:mod:`ecotone.cli.names`). It never changes anything; it answers an
:data:`Outcome` for the session to carry out, and a line that is no move gets a refusal
in the game's own words whenever the game has some.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from ecotone.cli.names import (
    Phrase,
    Vocabulary,
    field_text,
    matches,
    phrases,
    resolve,
    segments,
    shown,
    words,
)
from ecotone.core import choices
from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.game import State
from ecotone.core.records import seat_name

__all__ = [
    "GUIDE_AT",
    "LIST_AT_MOST",
    "Ask",
    "Decision",
    "Option",
    "Outcome",
    "Say",
    "Take",
    "describe",
    "interpret",
]

#: A kind that declares ``choose_by`` is asked field by field when it offers more moves
#: than this; fewer are listed whole.
GUIDE_AT = 12

#: A decision listing more options than this groups its kinds that come in several
#: moves, so that the list fits the screen.
LIST_AT_MOST = 30

#: The keys a player may type at any decision, and what they do.
KEYS = (
    ("<number>", "choose that option"),
    ("<move>", "notation, or names you see"),
    ("b", "back one step of a guided choice"),
    ("u", "undo your last decision, if allowed"),
    ("i <name>", "a card's face, or what a code means"),
    ("d", "the whole view"),
    ("p", "each option drawn, pictures and all"),
    ("l", "every move you were told of"),
    ("?", "this help"),
    ("q", "stop (saved: play --resume goes on)"),
)

_COMMANDS = {
    "q": "quit",
    "quit": "quit",
    "exit": "quit",
    "u": "undo",
    "undo": "undo",
    "d": "details",
    "details": "details",
    "v": "details",
    "view": "details",
    "l": "log",
    "log": "log",
    "p": "pictures",
    "pictures": "pictures",
}


@dataclass(frozen=True, slots=True)
class Option:
    """One numbered line of a decision.

    Attributes:
        label: what the list shows after the number.
        actions: the moves it stands for; choosing it takes the move when there is one.
        preview: the game's picture of that one move, if the game draws one.
    """

    label: str
    actions: tuple[Action, ...]
    preview: str | None = None


@dataclass(frozen=True, slots=True)
class Decision:
    """What a seat is choosing from now: all its legal actions, or part of them while it
    is guided (a kind chosen, some of its fields fixed, or the moves a name could mean).

    Attributes:
        state: the position.
        seat: the seat deciding.
        names: the game's catalogue names, to read typed names and label options.
        kind: the kind of action being guided through, if any.
        fixed: the fields already chosen, in order, with their values.
        among: the moves an ambiguous name could mean, when the player is asked which.
        why: what :attr:`among` answers (the words typed).
        list_at_most: how many options the first step lists whole before it groups the
            kinds that come in several (:data:`LIST_AT_MOST`; fewer on a small screen).
    """

    state: State[Any]
    seat: int
    names: Vocabulary
    kind: type[Action] | None = None
    fixed: tuple[tuple[str, Any], ...] = ()
    among: tuple[Action, ...] = ()
    why: str = ""
    list_at_most: int = LIST_AT_MOST
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    # -- what is offered ---------------------------------------------------------------

    @property
    def legal(self) -> list[Action]:
        """Every legal action of the seat, guided or not."""
        return self.state.legal_actions(self.seat)

    @property
    def remaining(self) -> list[Action]:
        """The actions still in play at this step."""
        if self.among:
            return list(self.among)
        actions = self.legal
        if self.kind is not None:
            actions = [a for a in actions if type(a) is self.kind]
        for name, value in self.fixed:
            actions = choices.narrow(actions, name, value)
        return actions

    @property
    def guided(self) -> bool:
        """Whether this is a step inside a guided choice (``b`` goes back)."""
        return self.kind is not None or bool(self.among)

    def field(self) -> str | None:
        """The field asked at this step of a guided choice, or ``None``."""
        if self.kind is None:
            return None
        return _next_field(self.remaining, self.kind)

    def options(self) -> list[Option]:
        """The numbered options of this step."""
        cached: list[Option] | None = self._cache.get("options")
        if cached is None:
            cached = self._options()
            self._cache["options"] = cached
        return cached

    def _options(self) -> list[Option]:
        remaining = self.remaining
        if self.among:
            return [self._whole(a) for a in remaining]
        if self.kind is None:
            return self._top(remaining)
        asked = self.field()
        if asked is None:
            return [self._whole(a) for a in remaining]
        out: list[Option] = []
        for value in choices.values(remaining, asked):
            narrowed = tuple(choices.narrow(remaining, asked, value))
            label = field_text(self.kind, asked, value)
            name = self.names.name(value) if isinstance(value, str) else None
            if name and words(name) != words(str(value)):
                label = f"{label} ({name})"
            preview = self._preview(narrowed[0]) if len(narrowed) == 1 else None
            out.append(Option(label, narrowed, preview))
        return out

    def _top(self, legal: list[Action]) -> list[Option]:
        by_kind: dict[type[Action], list[Action]] = {}
        for action in legal:
            by_kind.setdefault(type(action), []).append(action)
        grouped = {k for k, acts in by_kind.items() if k.choose_by and len(acts) > GUIDE_AT}
        shown = sum(1 if k in grouped else len(a) for k, a in by_kind.items())
        if shown > self.list_at_most:
            # too many to list: every kind that comes in several is offered once
            grouped |= {k for k, acts in by_kind.items() if len(acts) > 1 and _fields(k)}
        out: list[Option] = []
        for kind, acts in by_kind.items():
            if kind in grouped:
                out.append(Option(f"{_outline(kind)}  ({len(acts)} ways)", tuple(acts)))
            else:
                out.extend(self._whole(a) for a in acts)
        return out

    def _whole(self, action: Action) -> Option:
        return Option(self._spelled(action), (action,), self._preview(action))

    def _spelled(self, action: Action) -> str:
        """The action's notation, followed by what the screen calls the ids it names
        (``migrate to forest-4 · Fo4``) where the catalogue gives them another name,
        one the notation does not already spell (``play umbrella-thorn at E4`` says
        Umbrella Thorn: a label short enough to stand in columns)."""
        notation = str(action)
        seen = _spelled_words(notation)
        extra: list[str] = []
        for seg in segments(type(action)):
            value = getattr(action, seg.field) if seg.field else None
            if not isinstance(value, str):
                continue
            short = self.names.short(value)
            if short and not _spelled_words(short) <= seen:
                extra.append(short)
                seen |= _spelled_words(short)
        return " · ".join([notation, *extra])

    def _preview(self, action: Action) -> str | None:
        game = self.state.game
        return game.preview(self.state.data, self.seat, action)

    def title(self) -> str:
        """What the step asks, in a line."""
        who = seat_name(self.seat)
        if self.among:
            return f"{who}: '{self.why}' could be any of these; which one?"
        if self.kind is None:
            return f"{who}, your move"
        so_far = _outline(self.kind, self._settled())
        asked = self.field()
        if asked is None:
            return f"{who}: {so_far}: which one?"
        return f"{who}: {so_far}: which {asked}?"

    def _settled(self) -> dict[str, Any]:
        """The fields of the guided kind known at this step: those chosen, and those every
        move still in play shares (never asked: BIOME Borneo's one tile left to place)."""
        known = dict(self.fixed)
        remaining = self.remaining
        if self.kind is None or not remaining:
            return known
        for seg in segments(self.kind):
            if seg.field is not None and seg.field not in known:
                shared = choices.values(remaining, seg.field)
                if len(shared) == 1:
                    known[seg.field] = shared[0]
        return known

    # -- moving through it -------------------------------------------------------------

    def choose(self, option: Option) -> Decision | Action:
        """The step after choosing ``option``: its move, or the next question."""
        if len(option.actions) == 1:
            return option.actions[0]
        if self.kind is None and not self.among:
            kind = type(option.actions[0])
            return self._step(kind, ())
        asked = self.field()
        if asked is None or self.kind is None:  # not reached: whole moves are single
            return self._at(among=option.actions, why=self.why)
        value = getattr(option.actions[0], asked)
        return self._step(self.kind, (*self.fixed, (asked, value)))

    def _step(self, kind: type[Action], fixed: tuple[tuple[str, Any], ...]) -> Decision | Action:
        nxt = self._at(kind=kind, fixed=fixed)
        only = nxt.remaining
        return only[0] if len(only) == 1 else nxt

    def back(self) -> Decision | None:
        """The step before this one, or ``None`` at the top."""
        if not self.guided:
            return None
        if self.among or not self.fixed:
            return self.top()
        return self._at(kind=self.kind, fixed=self.fixed[:-1])

    def top(self) -> Decision:
        """The decision as first offered."""
        return self._at()

    def _at(
        self,
        kind: type[Action] | None = None,
        fixed: tuple[tuple[str, Any], ...] = (),
        among: tuple[Action, ...] = (),
        why: str = "",
    ) -> Decision:
        """Another step of this decision, listed as this one lists (:attr:`list_at_most`)."""
        return Decision(
            self.state, self.seat, self.names, kind, fixed, among, why, self.list_at_most
        )

    def spelled(self) -> list[Phrase]:
        """Every legal action with the ways the screen may spell it (made once)."""
        cached: list[Phrase] | None = self._cache.get("phrases")
        if cached is None:
            cached = phrases(self.legal, self.names)
            self._cache["phrases"] = cached
        return cached


def _spelled_words(text: str) -> set[str]:
    """The words of ``text`` as :func:`~ecotone.cli.names.words` reads them, cut where
    hyphens or underscores join them (``umbrella-thorn``: umbrella, thorn).

    >>> sorted(_spelled_words("Crested Serpent-Eagle"))
    ['crested', 'eagle', 'serpent']
    """
    return {part for word in words(text) for part in re.split(r"[-_]", word) if part}


def _fields(kind: type[Action]) -> tuple[str, ...]:
    """The fields a kind is guided by: those it declares, else its notation's order."""
    return kind.choose_by or tuple(s.field for s in segments(kind) if s.field is not None)


def _next_field(actions: Sequence[Action], kind: type[Action]) -> str | None:
    if kind.choose_by:
        return choices.next_field(actions)
    for name in _fields(kind):
        if len(choices.values(actions, name)) > 1:
            return name
    return None


def _outline(kind: type[Action], known: Mapping[str, Any] | None = None) -> str:
    """``kind``'s notation with the fields not yet known as ``…``."""
    known = known or {}
    parts: list[str] = []
    for seg in segments(kind):
        parts.append(seg.before)
        if seg.field is not None:
            value = known.get(seg.field)
            parts.append(shown(value, seg.conv) if seg.field in known else "…")
    return "".join(parts).strip()


# -- reading a line ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Take:
    """Take this legal action."""

    action: Action


@dataclass(frozen=True, slots=True)
class Say:
    """Show these lines and ask again; ``refused`` when the line was no possible move
    (shown as a refusal), with the decision to ask next (a guided step, or the same)."""

    lines: tuple[str, ...]
    refused: bool = False
    then: Decision | None = None


@dataclass(frozen=True, slots=True)
class Ask:
    """A request for the session: ``quit``, ``undo``, ``details``, ``pictures`` or ``log``."""

    command: str


Outcome: TypeAlias = Take | Say | Ask


def interpret(decision: Decision, text: str) -> Outcome:
    """What ``text`` means at ``decision`` (see the module docstring). Pure: the caller
    carries the outcome out."""
    line = " ".join(text.split())
    word = line.casefold()
    if not line:
        return Say(())
    if word in _COMMANDS:
        return Ask(_COMMANDS[word])
    if word in ("?", "h", "help"):
        return Say(help_lines(decision))
    if word in ("b", "back"):
        before = decision.back()
        if before is None:
            return Say(("there is no step to go back to: this is the whole decision",), True)
        return Say((), then=before)
    if word in ("i", "info") or word.startswith(("i ", "info ")):
        return Say(_info(decision.names, line.split(" ", 1)[1] if " " in line else ""))
    if line.isascii() and line.isdigit():  # not '¹' or '٣': those are no option numbers
        return _number(decision, int(line))
    return _typed(decision, line)


def _number(decision: Decision, number: int) -> Outcome:
    options = decision.options()
    if not 1 <= number <= len(options):
        return Say(
            (f"there is no option {number}; choose a number from 1 to {len(options)}",), True
        )
    return _chosen(decision, decision.choose(options[number - 1]))


def _chosen(decision: Decision, step: Decision | Action) -> Outcome:
    if isinstance(step, Action):
        return Take(step)
    return Say((), then=step)


def _typed(decision: Decision, line: str) -> Outcome:
    state, seat = decision.state, decision.seat
    legal = decision.legal
    # an option of this step, by its words (a cell, a turn, a card's name)
    if decision.guided:
        typed = words(line)
        fit = {o.label: matches(typed, (words(o.label),)) for o in decision.options()}
        exact = [o for o in decision.options() if fit[o.label] == "exact"]
        prefix = [o for o in decision.options() if fit[o.label] == "prefix"]
        fits = exact or prefix
        if len(fits) == 1:
            return _chosen(decision, decision.choose(fits[0]))
    # the notation itself: a legal move is taken; an illegal one is refused unless the
    # names on the screen read it as a legal move (``drop glypto`` parses as notation too)
    try:
        action = state.game.codec.parse(line)
    except IllegalAction:
        action = None
    if action is not None and action in legal:
        return Take(action)
    meant = resolve(line, decision.spelled())
    if len(meant) == 1:
        return Take(meant[0])
    if meant:
        return Say((), then=_narrowed(decision, meant, line))
    # a move named by names that is not possible now: the game says why, of the move the
    # names read (``play zebra at F4`` parses as notation too, with "zebra" for a card id:
    # refused of that, it would be "zebra is not in your hand")
    named = _read_names(decision, line)
    refused = named if named is not None else action
    if refused is not None:
        return Say((_refusal(state, seat, refused),), True)
    known = decision.names.lookup(line)
    if len(known) == 1:
        name = decision.names.short(known[0]) or known[0]
        return Say(
            (
                f"{known[0]} ({name}) is in none of the moves you can make now "
                f"('i {known[0]}' shows every field of it)",
            ),
            True,
        )
    return Say(
        (
            f"'{line}' is no move here: type an option's number, a move (as '{legal[0]}'), "
            "or a name you see; ? lists the notation",
        ),
        True,
    )


def _narrowed(decision: Decision, meant: list[Action], line: str) -> Decision:
    """The step that asks among the moves ``line`` could mean: the guided step of their
    kind when they are exactly that step's moves (``play sea sawdust``: which cell?),
    else a list of them."""
    kind = type(meant[0])
    if all(type(a) is kind for a in meant) and _fields(kind):
        fixed: list[tuple[str, Any]] = []
        for name in _fields(kind):
            found = choices.values(meant, name)
            if len(found) == 1:
                fixed.append((name, found[0]))
        step = decision._at(kind, tuple(fixed))
        if set(step.remaining) == set(meant):
            return step
    return decision._at(among=tuple(meant), why=line)


def _refusal(state: State[Any], seat: int, action: Action) -> str:
    return state.explain(seat, action) or f"{action} is not possible now"


def _read_names(decision: Decision, line: str) -> Action | None:
    """``line`` read as some move's notation with names for ids (``buy venom``), whether
    legal or not; ``None`` when it is no move of the game at all."""
    codec = decision.state.game.codec
    for kind in codec.classes:
        segs = segments(kind)
        pattern = "".join(
            _literal(s.before) + (f"(?P<{s.field}>.+?)" if s.field else "") for s in segs
        )
        found = re.fullmatch(pattern, line, re.IGNORECASE)
        if found is None:
            continue
        parts: list[str] = []
        for seg in segs:
            parts.append(seg.before)
            if seg.field is not None:
                text = found.group(seg.field).strip()
                ids = decision.names.lookup(text)
                parts.append(ids[0] if ids else text)
        try:
            return codec.from_text("".join(parts))
        except IllegalAction:
            continue
    return None


def _literal(text: str) -> str:
    pieces = [re.escape(w) for w in text.split()]
    if not pieces:
        return r"\s*" if text else ""
    lead = r"\s*" if text[:1].isspace() else ""
    tail = r"\s*" if text[-1:].isspace() else ""
    return lead + r"\s+".join(pieces) + tail


# -- help and faces ---------------------------------------------------------------------


def help_lines(decision: Decision) -> tuple[str, ...]:
    """The keys, two to a line, then the notation of the game's moves in a paragraph."""
    keys = [f"{key:<9} {what}" for key, what in KEYS]
    half = (len(keys) + 1) // 2
    width = max(len(k) for k in keys[:half])
    out = ["Keys:"]
    for left, right in itertools.zip_longest(keys[:half], keys[half:], fillvalue=""):
        out.append(f"  {left:<{width}}   {right}".rstrip())
    glossary = decision.names.glossary()
    if glossary:
        # The screen's codes (BL, +1A, [H1]) are the game's own and explained nowhere
        # else at the terminal, so the help says where to read them, with a real one.
        out.append(
            f"i <code> explains any code or abbreviation on the screen, as 'i {glossary[0].term}'"
        )
    forms = decision.state.game.codec.forms().split("; ")
    out.append("Moves are written: " + " · ".join(forms))
    return tuple(out)


def _info(names: Vocabulary, query: str) -> tuple[str, ...]:
    """What ``i <query>`` shows: the glossary's meaning of a code typed whole, and the
    face of the card, tile or place the query names.

    A term typed whole beats names it only begins (``BL`` is Broad leaf, not the two
    Blight cards), but a name typed whole is shown too: the screen may print a card's
    label that the glossary also explains.
    """
    query = query.strip()
    if not query:
        return ("i needs a name, an id or a code: as 'i " + _example(names) + "'",)
    meant = tuple(f"{t.term} means {t.meaning}" for t in names.terms(query))
    fit, keys = names.find(query)
    if meant and fit != "exact":
        return meant
    if not keys:
        return (f"no card, tile, place or code of this game is called '{query}'",)
    if len(keys) > 1 and not _copies(names, keys):
        listed = ", ".join(f"{k} {names.name(k) or ''}".strip() for k in keys[:12])
        more = f" and {len(keys) - 12} more" if len(keys) > 12 else ""
        return (*meant, f"'{query}' could be {listed}{more}: type more of it")
    if len(keys) > 1:
        ids = ", ".join(keys[:6]) + (f" and {len(keys) - 6} more" if len(keys) > 6 else "")
        return (*meant, *describe(names, keys[0], f"{ids} ({len(keys)} copies)"))
    return (*meant, *describe(names, keys[0]))


def _copies(names: Vocabulary, keys: Sequence[str]) -> bool:
    """Whether ``keys`` are copies of one card: faces alike in every field but an id.
    Asking which copy is meant would be asking the player to tell apart the same."""

    def face(key: str) -> list[dict[str, Any]]:
        return [{k: v for k, v in f.items() if k != "id"} for f in names.faces(key)]

    first = face(keys[0])
    return bool(first) and all(face(k) == first for k in keys[1:])


def _example(names: Vocabulary) -> str:
    for key in names.ids():
        name = names.name(key)
        if name:
            return name
    return "<id>"


def describe(names: Vocabulary, key: str, called: str | None = None) -> tuple[str, ...]:
    """Every field of ``key``'s faces, name first: what ``i <card>`` shows. ``called``
    replaces the id in the title (the ids of every copy of the face)."""
    out: list[str] = []
    for face in names.faces(key):
        title = face.get("name") or key
        latin = face.get("latin")
        out.append(f"{called or key}: {title}" + (f" ({latin})" if latin else ""))
        for name, value in face.items():
            if name in ("name", "latin") or value in ("", [], None):
                continue
            out.append(f"  {name.replace('_', ' ')}: {_value(value)}")
    return tuple(out)


def _value(value: Any) -> str:
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_value(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_value(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
