r"""Styled text: a game's words with named styles on parts of them, for surfaces that colour.

A game's text picture (``render``), its previews and its moves are plain text, and stay
so: a golden playthrough, a pipe, a screen reader and ``--no-color`` read them as they
are. A game may also say how its text is *styled*, once, in its presentation
(:class:`~ecotone.core.presentation.Presentation`):

* ``styles``, the palette: each style's name (``plant.FE``, ``layer.E``, ``seat.1``) with
  its look, words from :data:`EFFECTS` and at most one colour ``#rrggbb``. A colour must
  read on dark and light backgrounds alike: its contrast with black and with white is at
  least :data:`MIN_CONTRAST` (:func:`contrast`; the tests check every game's palette).
* ``marks``, the rules (:class:`Mark`) that find what to style in any text of the game:
  a regular expression, and the style of what it matches (or of one of its groups),
  which may name the match's groups (``plant.{1}``). Patterns keep to the syntax Python
  and JavaScript share, so a browser can apply them too.

:func:`mark` applies the rules and gives a :class:`Styled`: the same text, with
:class:`Span`\ s naming styles. ``State.render_styled(seat)`` is a seat's view so marked;
a game whose picture needs styles no pattern can find overrides ``Game.render_styled``
and builds its spans itself (its text must still be ``render``'s, which the conformance
harness checks). The terminal prints the spans in colour; everything else reads
:attr:`Styled.text`.

>>> marks = (Mark(r"\bP([1-4])\b", "seat.{1}"), Mark(r"\d+ points", "score"))
>>> mark("P2: 7 points", marks).spans
(Span(start=0, end=2, style='seat.2'), Span(start=4, end=12, style='score'))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

__all__ = [
    "EFFECTS",
    "MIN_CONTRAST",
    "Mark",
    "Span",
    "Styled",
    "check_styles",
    "contrast",
    "mark",
]

#: The words a style may use besides its colour.
EFFECTS = frozenset({"bold", "dim", "italic", "underline"})

#: The least contrast a style's colour has with black and with white (WCAG's ratio; 3:1
#: is its floor for large or bold text, and a terminal's cells are read one code at a time).
MIN_CONTRAST = 3.0

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


@dataclass(frozen=True, slots=True)
class Span:
    """The characters ``start`` to ``end`` (exclusive) of a text, in the style ``style``."""

    start: int
    end: int
    style: str


@dataclass(frozen=True, slots=True)
class Styled:
    """A text and the styled parts of it; its words are :attr:`text`'s alone.

    Attributes:
        text: the plain text.
        spans: named styles on parts of it, in order, none overlapping.
    """

    text: str
    spans: tuple[Span, ...] = ()

    def __str__(self) -> str:
        return self.text

    def lines(self) -> list[Styled]:
        """One :class:`Styled` per line of :attr:`text`, each with its part of the spans.

        >>> [s.spans for s in Styled("ab\\ncd", (Span(1, 4, "x"),)).lines()]
        [(Span(start=1, end=2, style='x'),), (Span(start=0, end=1, style='x'),)]
        """
        out: list[Styled] = []
        start = 0
        for line in self.text.split("\n"):
            end = start + len(line)
            parts = tuple(
                Span(max(s.start, start) - start, min(s.end, end) - start, s.style)
                for s in self.spans
                if s.start < end and s.end > start
            )
            out.append(Styled(line, parts))
            start = end + 1
        return out

    def to_json(self) -> dict[str, Any]:
        """``{"text", "spans": [[start, end, style], ...]}``."""
        return {"text": self.text, "spans": [[s.start, s.end, s.style] for s in self.spans]}


@dataclass(frozen=True, slots=True)
class Mark:
    """A rule that styles what ``pattern`` matches.

    Attributes:
        pattern: a regular expression (the syntax Python and JavaScript share).
        style: the style's name; ``{1}`` and the like stand for the match's groups.
        group: the group that is styled (0: the whole match).
    """

    pattern: str
    style: str
    group: int = 0

    def to_json(self) -> dict[str, Any]:
        """``{"pattern", "style", "group"}``."""
        return {"pattern": self.pattern, "style": self.style, "group": self.group}


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def mark(text: str, marks: Sequence[Mark]) -> Styled:
    """``text`` with a span for each part a rule of ``marks`` finds; where two rules find
    overlapping parts, the earlier rule wins."""
    if not marks:
        return Styled(text)
    taken = bytearray(len(text))
    spans: list[Span] = []
    for rule in marks:
        for found in _compiled(rule.pattern).finditer(text):
            start, end = found.span(rule.group)
            if start >= end or any(taken[start:end]):
                continue
            style = rule.style.format(found.group(0), *found.groups(""))
            taken[start:end] = b"\1" * (end - start)
            spans.append(Span(start, end, style))
    spans.sort(key=lambda s: s.start)
    return Styled(text, tuple(spans))


def contrast(colour: str, background: str) -> float:
    """WCAG's contrast ratio of two ``#rrggbb`` colours (1 to 21).

    >>> round(contrast("#000000", "#ffffff"), 1)
    21.0
    """
    lighter, darker = sorted((_luminance(colour), _luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _luminance(colour: str) -> float:
    def linear(c: int) -> float:
        x = c / 255
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def check_styles(styles: Mapping[str, str], marks: Iterable[Mark]) -> None:
    """Raise ``ValueError`` for a look that is not words of :data:`EFFECTS` and at most
    one ``#rrggbb`` colour, a colour that does not read on black or on white, or a mark
    whose pattern does not compile or has no such group."""
    for name, look in styles.items():
        words = look.split()
        colours = [w for w in words if _COLOUR.fullmatch(w)]
        unknown = [w for w in words if w not in EFFECTS and w not in colours]
        if unknown or len(colours) > 1:
            raise ValueError(f"style {name!r}: {look!r} is not effects and one #rrggbb colour")
        for colour in colours:
            worst = min(contrast(colour, "#000000"), contrast(colour, "#ffffff"))
            if worst < MIN_CONTRAST:
                raise ValueError(
                    f"style {name!r}: {colour} has a contrast of {worst:.1f} with black or "
                    f"white, under {MIN_CONTRAST}: it would not read on both"
                )
    for rule in marks:
        try:
            groups = _compiled(rule.pattern).groups
        except re.error as exc:
            raise ValueError(f"mark {rule.pattern!r}: {exc}") from None
        if not 0 <= rule.group <= groups:
            raise ValueError(f"mark {rule.pattern!r} has no group {rule.group}")
