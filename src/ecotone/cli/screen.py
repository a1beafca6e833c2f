"""One screen of a terminal game: the view, the news, the decision, fitted to the terminal.

A screen is composed, not printed as it comes: :func:`compose` lays out everything a
player needs for a decision in at most ``height`` rows of ``width`` columns, so that the
decision and the prompt are always on screen without scrolling. The decision comes
first: its title, its numbered options (in columns, each with the game's picture beside
it when there is one), and any message (a refusal, a card's face). The game's view takes
the rows left. A view taller than that keeps the start of each of its parts (the blocks
between blank lines), each cut to the same number of rows, with a line saying how much
more there is and that ``d`` shows all of it; lines wider than the screen end in ``…``.

The composition is pure (lines of text in, lines of text out), so tests check the fit of
every game's screens without a terminal.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

from ecotone.cli.choose import Option

__all__ = ["HEIGHT", "NEWS_LINES", "WIDTH", "Layout", "compose", "fit_view", "grid"]

#: The screen every game is laid out for at the least (columns, rows).
WIDTH = 100
HEIGHT = 40

#: At most this many lines of news (moves since your last decision) are shown; older
#: ones are counted, and ``l`` lists them all.
NEWS_LINES = 5

#: Rows the view keeps however long the decision: the first lines of the game's picture.
VIEW_AT_LEAST = 6

_GAP = 3  # spaces between columns of options


@dataclass(frozen=True, slots=True)
class Layout:
    """What a screen shows, before fitting.

    Attributes:
        header: the top line (the game, the move number, whose turn).
        view: the game's text picture for the seat.
        news: what happened since the seat last decided, oldest first.
        news_title: the line above the news.
        title: what the decision asks.
        options: the numbered options.
        message: lines answering the last thing typed (a refusal, a face, the help).
        refused: whether the message is a refusal (drawn in red).
    """

    header: str
    view: str
    news: Sequence[str] = ()
    news_title: str = "Since your last move:"
    title: str = ""
    options: Sequence[Option] = ()
    message: Sequence[str] = ()
    refused: bool = False


def crop(line: str, width: int) -> Text:
    """``line`` as one row of at most ``width`` cells, ending in ``…`` when cut."""
    text = Text(line.rstrip())
    if cell_len(text.plain) > width:
        text.truncate(width, overflow="ellipsis")
    return text


def grid(options: Sequence[Option], width: int) -> list[str]:
    """The options numbered, in as many columns as fit ``width``; an option's preview
    (the game's picture of that move) stands under its label, in its column."""
    if not options:
        return []
    cells: list[list[str]] = []
    for number, option in enumerate(options, 1):
        cell = [f"{number:>2}. {option.label}"]
        if option.preview:
            cell.extend(f"    {line}" for line in option.preview.splitlines())
        cells.append(cell)
    widest = max(cell_len(line) for cell in cells for line in cell)
    columns = max(1, (width + _GAP) // (widest + _GAP))
    column_width = widest + _GAP
    rows: list[str] = []
    for start in range(0, len(cells), columns):
        row = cells[start : start + columns]
        for i in range(max(len(c) for c in row)):
            parts = [c[i] if i < len(c) else "" for c in row]
            rows.append("".join(_pad(p, column_width) for p in parts[:-1]) + parts[-1])
    return rows


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - cell_len(text))


def fit_view(view: str, rows: int, width: int) -> tuple[list[str], bool]:
    """The view's lines in at most ``rows`` rows, and whether some were left out.

    Whole when it fits; else without its blank lines; else each block (the lines
    between blank lines) is cut to the same number of rows, the largest that fits,
    its last row saying how many more lines there are.
    """
    lines = [line.rstrip() for line in view.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    if len(lines) <= rows:
        return lines, False
    blocks: list[list[str]] = [[]]
    for line in lines:
        if line.strip():
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    blocks = [b for b in blocks if b]
    if sum(len(b) for b in blocks) <= rows:
        return [line for b in blocks for line in b], True
    cap = rows
    while cap > 1 and sum(min(len(b), cap) for b in blocks) > rows:
        cap -= 1
    out: list[str] = []
    for block in blocks:
        if len(out) >= rows:
            break
        room = min(cap, rows - len(out))
        if len(block) <= room:
            out.extend(block)
            continue
        kept = max(0, room - 1)
        out.extend(block[:kept])
        out.append(f"  ⋯ {len(block) - kept} more lines (d shows the whole view)")
    return out[:rows], True


def compose(layout: Layout, width: int = WIDTH, height: int = HEIGHT) -> list[Text]:
    """The screen's rows, at most ``height - 1`` of them (the last row is the prompt's),
    none wider than ``width - 1`` cells (a full last column makes some terminals wrap)."""
    usable = width - 1
    budget = height - 1
    decision: list[Text] = []
    if layout.title:
        decision.append(Text(layout.title, style="bold"))
    decision.extend(crop(row, usable) for row in grid(layout.options, usable))
    message = [
        crop(part, usable)
        for line in layout.message
        for part in textwrap.wrap(line, usable, subsequent_indent="    ", drop_whitespace=False)
        or [""]
    ]
    for line in message:
        line.stylize("red" if layout.refused else "yellow")
    news: list[Text] = []
    if layout.news:
        shown = list(layout.news[-NEWS_LINES:])
        earlier = len(layout.news) - len(shown)
        title = layout.news_title + (f" ({earlier} earlier: l lists them)" if earlier else "")
        news.extend((Text(""), Text(title, style="bold")))
        news.extend(crop(f"  {line}", usable) for line in shown)
    head = [Text(layout.header, style="bold reverse")]
    # The decision and the message come first; the view, then the news, get what is left.
    fixed = len(head) + len(decision) + len(message) + 1  # the blank line before the decision
    room = budget - fixed
    if room < len(news) + VIEW_AT_LEAST:
        news = news[: max(0, room - VIEW_AT_LEAST)]
    view_rows = max(0, room - len(news))
    view, _ = fit_view(layout.view, view_rows, usable)
    rows = [*head, *(crop(line, usable) for line in view), *news, Text(""), *decision, *message]
    if len(rows) > budget:
        # only a decision taller than the whole screen gets here: keep its start and say so
        rows = rows[: budget - 1]
        rows.append(Text("⋯ more options than the screen holds: type a name to narrow them"))
    return rows
