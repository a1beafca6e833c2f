"""One screen of a terminal game: the view, the news, the decision, fitted to the terminal.

A screen is composed, not printed as it comes: :func:`compose` lays out everything a
player needs for a decision in at most ``height`` rows of ``width`` columns, so that the
decision and the prompt are always on screen without scrolling. The decision comes
first: its title, its numbered options (in columns, each with the game's picture under
it when there is one), and any message (a refusal, a card's face). The options' pictures
are drawn while they leave the view a third of the screen; else the options are listed
by their labels alone, and ``p`` draws them all. The game's view takes the rows left.
A line of the view wider than the screen (a hand of cards, a legend) is wrapped, its
rows after the first indented, while the view so wrapped still fits its rows. A view
taller than that keeps the start of each of its parts (the blocks between blank lines),
each cut to the same number of rows, with a line saying how much more there is and that
``d`` shows all of it; its lines wider than the screen end in ``…``.

The game's text is styled as the game's presentation asks (a ``paint`` function, see
:mod:`ecotone.cli.paint`); the styles never change what the text says, so a terminal
without colour shows the same screen. The composition is pure (lines of text in, rows
of styled text out), so tests check the fit of every game's screens without a terminal.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from rich.cells import cell_len
from rich.text import Text

from ecotone.cli.choose import Option
from ecotone.core.styled import Styled

__all__ = [
    "HEIGHT",
    "NEWS_LINES",
    "WIDTH",
    "Layout",
    "Painter",
    "compose",
    "decision_rows",
    "fit_lines",
    "fit_view",
    "grid",
    "plain",
    "wrap",
]

#: The screen every game is laid out for at the least (columns, rows).
WIDTH = 100
HEIGHT = 40

#: At most this many lines of news (moves since your last decision) are shown; older
#: ones are counted, and ``l`` lists them all.
NEWS_LINES = 5

#: Rows the view keeps however long the decision: the first lines of the game's picture.
VIEW_AT_LEAST = 6

_GAP = 3  # spaces between columns of options

#: Styles a game's text for the terminal: a string as the game's marks find its parts,
#: a :class:`~ecotone.core.styled.Styled` by its own spans.
Painter: TypeAlias = Callable[[str | Styled], Text]


def plain(text: str | Styled) -> Text:
    """``text`` without styles: the painter of a game that declares none."""
    return Text(str(text))


@dataclass(frozen=True, slots=True)
class Layout:
    """What a screen shows, before fitting.

    Attributes:
        header: the top line (the game, the move number, whose turn).
        view: the game's text picture for the seat, styled or not.
        news: what happened since the seat last decided, oldest first.
        news_title: the line above the news.
        title: what the decision asks.
        options: the numbered options.
        message: lines answering the last thing typed (a refusal, a face, the help).
        refused: whether the message is a refusal (drawn in red).
        paint: styles a line of the game's text (its view, previews and moves) as the
            game's presentation asks (:func:`ecotone.cli.paint.painter`).
    """

    header: str
    view: str | Styled
    news: Sequence[str] = ()
    news_title: str = "Since your last move:"
    title: str = ""
    options: Sequence[Option] = ()
    message: Sequence[str] = ()
    refused: bool = False
    paint: Painter = plain


def crop(line: str | Text, width: int) -> Text:
    """``line`` as one row of at most ``width`` cells, ending in ``…`` when cut."""
    text = line.copy() if isinstance(line, Text) else Text(line)
    text.rstrip()
    if cell_len(text.plain) > width:
        text.truncate(width, overflow="ellipsis")
    return text


def grid(
    options: Sequence[Option],
    width: int,
    pictures: bool = True,
    paint: Painter = plain,
) -> list[Text]:
    """The options numbered, in as many columns as fit ``width`` (each column as wide as
    its widest option, as ``ls`` lays out names); with ``pictures``, an option's preview
    (the game's picture of that move) stands under its label, in its column, a line too
    wide for the screen wrapped rather than cut. ``paint`` styles the game's text."""
    if not options:
        return []
    cells = [_cell(n, o, width, pictures, paint) for n, o in enumerate(options, 1)]
    widths = _columns([max(cell_len(line.plain) for line in cell) for cell in cells], width)
    rows: list[Text] = []
    for start in range(0, len(cells), len(widths)):
        row = cells[start : start + len(widths)]
        for i in range(max(len(c) for c in row)):
            line = Text()
            for k, cell in enumerate(row):
                part = cell[i] if i < len(cell) else Text()
                line.append_text(part)
                if k < len(row) - 1:
                    line.append(" " * (widths[k] + _GAP - cell_len(part.plain)))
            line.rstrip()
            rows.append(line)
    return rows


def _cell(number: int, option: Option, width: int, pictures: bool, paint: Painter) -> list[Text]:
    """One option: its number and label, then (with ``pictures``) its preview indented
    under it, each preview line that is wider than the screen wrapped at its spaces."""
    cell = [Text(f"{number:>2}. ") + paint(option.label)]
    if pictures and option.preview:
        for line in option.preview.splitlines():
            cell.extend(Text("    ") + part for part in wrap(paint(line), width - 4))
    return cell


def _columns(sizes: Sequence[int], width: int) -> list[int]:
    """The widths of the most columns that lay out cells of ``sizes`` (row by row) in
    ``width``; a single column when even two do not fit."""
    for count in range(len(sizes), 1, -1):
        widths = [max(sizes[k::count]) for k in range(count)]
        if sum(widths) + _GAP * (count - 1) <= width:
            return widths
    return [max(sizes)]


def wrap(line: Text, width: int) -> list[Text]:
    """``line`` in rows of at most ``width`` cells, broken at spaces (a word longer than
    a row is cut), each following row indented two more than the line's own indent."""
    text = line.plain.rstrip()
    if cell_len(text) <= width:
        return [line[: len(text)]]
    indent = len(text) - len(text.lstrip()) + 2
    rows: list[Text] = []
    start, room = 0, width
    while cell_len(text[start:]) > room:
        cut = text.rfind(" ", start + 1, start + room + 1)
        if cut <= start:
            cut = start + room
        rows.append(line[start:cut])
        start = cut
        while start < len(text) and text[start] == " ":
            start += 1
        room = width - indent
    rows.append(line[start : len(text)])
    return [rows[0], *(Text(" " * indent) + row for row in rows[1:])]


def fit_view(view: str, rows: int, width: int) -> tuple[list[str], bool]:
    """The view's lines in at most ``rows`` rows, and whether some were left out.

    Whole when it fits; else without its blank lines; else each block (the lines
    between blank lines) is cut to the same number of rows, the largest that fits,
    its last row saying how many more lines there are.
    """
    lines, cut = fit_lines(Text(view).split("\n", allow_blank=True), rows)
    return [line.plain for line in lines], cut


def fit_lines(view: Iterable[Text], rows: int) -> tuple[list[Text], bool]:
    """:func:`fit_view` on lines of styled text: the lines kept keep their styles."""
    lines = [line.copy() for line in view]
    for line in lines:
        line.rstrip()
    while lines and not lines[-1].plain:
        lines.pop()
    if len(lines) <= rows:
        return lines, False
    blocks: list[list[Text]] = [[]]
    for line in lines:
        if line.plain.strip():
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    blocks = [b for b in blocks if b]
    if sum(len(b) for b in blocks) <= rows:
        return [line for b in blocks for line in b], True
    cap = rows
    while cap > 1 and sum(min(len(b), cap) for b in blocks) > rows:
        cap -= 1
    out: list[Text] = []
    for block in blocks:
        if len(out) >= rows:
            break
        room = min(cap, rows - len(out))
        if len(block) <= room:
            out.extend(block)
            continue
        kept = max(0, room - 1)
        out.extend(block[:kept])
        out.append(Text(f"  ⋯ {len(block) - kept} more lines (d shows the whole view)"))
    return out[:rows], True


def decision_rows(
    options: Sequence[Option], width: int, room: int, paint: Painter = plain
) -> tuple[list[Text], bool]:
    """The options' rows, and whether they are compact: with the game's pictures when
    those fit in ``room`` rows, else the labels alone (``p`` then draws them)."""
    full = grid(options, width, True, paint)
    if len(full) <= room or not any(o.preview for o in options):
        return full, False
    return grid(options, width, False, paint), True


def compose(layout: Layout, width: int = WIDTH, height: int = HEIGHT) -> list[Text]:
    """The screen's rows, at most ``height - 1`` of them (the last row is the prompt's),
    none wider than ``width - 1`` cells (a full last column makes some terminals wrap)."""
    usable = width - 1
    budget = height - 1
    paint = layout.paint
    message = [
        crop(part, usable)
        for line in layout.message
        for part in textwrap.wrap(line, usable, subsequent_indent="    ", drop_whitespace=False)
        or [""]
    ]
    for line in message:
        line.stylize("red" if layout.refused else "yellow")
    head = [Text(layout.header, style="bold reverse")]
    # The decision and the message come first; the view, then the news, get what is left.
    # The options' pictures are drawn while the view keeps a third of the screen.
    fixed = len(head) + len(message) + 2  # the title, and the blank line before it
    room = budget - fixed - max(VIEW_AT_LEAST, budget // 3)
    options, compact = decision_rows(layout.options, usable, room, paint)
    decision: list[Text] = []
    if layout.title:
        hint = "  (p: each option drawn)" if compact else ""
        decision.append(Text(layout.title + hint, style="bold"))
    decision.extend(crop(row, usable) for row in options)
    news: list[Text] = []
    if layout.news:
        shown = list(layout.news[-NEWS_LINES:])
        earlier = len(layout.news) - len(shown)
        title = layout.news_title + (f" ({earlier} earlier: l lists them)" if earlier else "")
        news.extend((Text(""), Text(title, style="bold")))
        news.extend(crop(Text("  ") + paint(line), usable) for line in shown)
    room = budget - len(head) - len(decision) - len(message) - 1
    if room < len(news) + VIEW_AT_LEAST:
        news = news[: max(0, room - VIEW_AT_LEAST)]
    view_rows = max(0, room - len(news))
    lines = paint(layout.view).split("\n", allow_blank=True)
    view, cut = fit_lines([row for line in lines for row in wrap(line, usable)], view_rows)
    if cut:  # wrapped, the view would lose whole lines: its lines are cut at the edge
        view, _ = fit_lines(lines, view_rows)
    rows = [*head, *(crop(line, usable) for line in view), *news, Text(""), *decision]
    rows += message
    if len(rows) > budget:
        # only a decision taller than the whole screen gets here: keep its start and say so
        rows = rows[: budget - 1]
        rows.append(Text("⋯ more options than the screen holds: type a name to narrow them"))
    return rows
