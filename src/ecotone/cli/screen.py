"""One screen of a terminal game: the view, the news, the decision, fitted to the terminal.

A screen is composed, not printed as it comes: :func:`compose` lays out everything a
player needs for a decision in at most ``height`` rows of ``width`` columns, so that the
decision and the prompt are always on screen without scrolling. The decision comes
first: its title, its numbered options (in columns, each with the game's picture under
it when there is one), and any message (a refusal, a card's face). The options' pictures
are drawn while they leave the view a third of the screen; else the options are listed
by their labels alone, and ``p`` draws them all. The game's view takes the rows left,
sharing them with the news.

Two pictures the game draws side by side (a map and a rack of tiles beside it) that
together are wider than the screen are set one under the other (:func:`unstack`). A
line of the view wider than the screen (a hand of cards, a legend) is wrapped at its
spaces, its rows after the first indented, while the view so wrapped still fits its
rows; else its lines wider than the screen end in ``…``. A view taller than its rows
loses lines, the least needed first (:func:`fit_lines`): the parts after its first
alike, each keeping its start; then its first part (the game's board, in most games);
last of all the lines that are the seat's own (what only it sees: its hand, its rack,
its secret card, found by comparing its view with a spectator's) and its first line
(the game's own status). A line says how many lines are left out at each place, and
that ``d`` shows all of them.

The news (what happened since the seat last decided) shows its last
:data:`NEWS_LINES` lines, and always the lines the player must read (a move taken for
them, what a step showed only them, the choices a secret decision revealed); those that
find no room on the screen are handed back (:attr:`Screen.unread`), for the session to
show before the decision.

The game's text is styled as the game's presentation asks (a ``paint`` function, see
:mod:`ecotone.cli.paint`); the styles never change what the text says, so a terminal
without colour shows the same screen. The composition is pure (lines of text in, rows
of styled text out), so tests check the fit of every game's screens without a terminal.
"""

from __future__ import annotations

import itertools
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
    "Screen",
    "compose",
    "decision_rows",
    "fit",
    "fit_lines",
    "fit_view",
    "grid",
    "own_lines",
    "paged",
    "plain",
    "unstack",
    "wrap",
]

#: The screen every game is laid out for at the least (columns, rows).
WIDTH = 100
HEIGHT = 40

#: At most this many lines of news (moves since your last decision) are shown on a screen
#: :data:`HEIGHT` rows high, fewer on a lower one; older ones are counted, and ``l``
#: lists them all. The lines a player must read are shown beyond it.
NEWS_LINES = 5

#: Rows the view keeps however long the decision: the first lines of the game's picture.
VIEW_AT_LEAST = 6

_GAP = 3  # spaces between columns of options

#: The fewest blank columns that part two pictures standing side by side (a map and the
#: rack beside it); fewer are the spaces of one picture's rows.
GUTTER = 3

#: What stands for lines of the view left out.
LEFT_OUT = "  ⋯ {count} more {lines} (d shows the whole view)"

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
        must_read: the news lines (by index) the player must read: a move taken for
            them, what a step showed only them. They are shown before the others.
        news_title: the line above the news.
        title: what the decision asks.
        options: the numbered options.
        message: lines answering the last thing typed (a refusal, a face, the help).
        refused: whether the message is a refusal (drawn in red).
        paint: styles a line of the game's text (its view, previews and moves) as the
            game's presentation asks (:func:`ecotone.cli.paint.painter`).
        public: the view as a spectator sees it, if known: the lines of ``view`` it
            does not have are the seat's own (:func:`own_lines`), the last to go.
    """

    header: str
    view: str | Styled
    news: Sequence[str] = ()
    must_read: frozenset[int] = frozenset()
    news_title: str = "Since your last move:"
    title: str = ""
    options: Sequence[Option] = ()
    message: Sequence[str] = ()
    refused: bool = False
    paint: Painter = plain
    public: str | Styled | None = None


@dataclass(frozen=True, slots=True)
class Screen:
    """A layout fitted to the terminal (:func:`fit`).

    Attributes:
        rows: the rows to print, above the prompt.
        unread: the news the player must read that found no room on the screen.
        shortened: whether the view lost lines, or lines cut at the screen's edge, to fit.
    """

    rows: list[Text]
    unread: tuple[str, ...] = ()
    shortened: bool = False


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


def unstack(lines: Sequence[Text], width: int) -> list[Text]:
    """``lines`` with the pictures that stand side by side and are together wider than
    ``width`` set one under the other, each as the game drew it.

    A picture is a run of indented lines (a board, a rack of tiles; a table or a sentence
    starts at the margin). Two stand side by side where one gutter of at least
    :data:`GUTTER` blank columns runs down the whole run, with something on each side
    (several are the columns of one picture, a grid, which is left whole). The left side
    keeps its rows, and the rows of a picture next to the run that the gutter runs past
    too (the rest of the left picture); the right side follows them, at the left side's
    indent, its rows kept aligned.

    >>> board = ["  a b   x y", "  c d   z", "a caption"]
    >>> [line.plain for line in unstack([Text(line) for line in board], 6)]
    ['  a b', '  c d', '  x y', '  z', 'a caption']
    """
    out = list(lines)
    start = 0
    while start < len(out):
        end = start
        while end < len(out) and _indented(out[end].plain):
            end += 1
        if end == start:
            start += 1
            continue
        texts = [line.plain.rstrip() for line in out[start:end]]
        gutter = _gutter(texts, width) if _too_wide(texts, width) else None
        if gutter is None:
            start = end
            continue
        while start > 0 and _beside(out[start - 1].plain, gutter):
            start -= 1
        while end < len(out) and _beside(out[end].plain, gutter):
            end += 1
        parted = _part(out[start:end], gutter)
        out[start:end] = parted
        start += len(parted)
    return out


def _indented(line: str) -> bool:
    """Whether ``line`` is a row of a picture: indented, and not blank."""
    return line[:1] == " " and bool(line.strip())


def _too_wide(texts: Sequence[str], width: int) -> bool:
    """Whether a run of picture rows is wider than ``width`` and can be parted in columns
    (at least two rows; every character one cell wide, so columns are cells)."""
    return (
        len(texts) > 1
        and any(cell_len(t) > width for t in texts)
        and all(cell_len(t) == len(t) for t in texts)
    )


def _beside(line: str, gutter: tuple[int, int]) -> bool:
    """Whether ``line`` goes with a run of rows parted at ``gutter``: a row of a picture
    too (indented, or its cells parted by several spaces, not a sentence), blank where
    the gutter runs."""
    cut, resume = gutter
    row = line[:1] == " " or "  " in line.strip()
    return (
        row and bool(line.strip()) and not line[cut:resume].strip() and cell_len(line) == len(line)
    )


def _part(run: Sequence[Text], gutter: tuple[int, int]) -> list[Text]:
    """The rows of ``run`` left of ``gutter``, then those right of it under them."""
    cut, resume = gutter
    left = [line[:cut] for line in run]
    right = [line[resume:] for line in run]
    for line in (*left, *right):
        line.rstrip()
    left = _trimmed(left)
    right = _trimmed(right)
    shift = min(len(r.plain) - len(r.plain.lstrip()) for r in right if r.plain)
    indent = min(len(t) - len(t.lstrip()) for t in (line.plain for line in left) if t.strip())
    moved = [Text(" " * indent) + r[shift:] if r.plain else Text(" ") for r in right]
    return [*left, *moved]


def _trimmed(rows: list[Text]) -> list[Text]:
    """``rows`` without the empty ones at either end."""
    kept = [i for i, row in enumerate(rows) if row.plain]
    return rows[kept[0] : kept[-1] + 1] if kept else []


def _gutter(texts: Sequence[str], width: int) -> tuple[int, int] | None:
    """The columns ``[cut, resume)`` of the one gutter blank on every one of ``texts``,
    with text on both sides, when its left side is at most ``width`` wide; ``None`` when
    there is none, or several (the columns of one picture: a grid, a table)."""
    span = max(len(t) for t in texts)
    blank = [all(c >= len(t) or t[c] == " " for t in texts) for c in range(span)]
    gutters: list[tuple[int, int]] = []
    column = 0
    while column < span:
        if not blank[column]:
            column += 1
            continue
        cut = column
        while column < span and blank[column]:
            column += 1
        beside = column < span and any(t[:cut].strip() for t in texts)
        if beside and column - cut >= GUTTER:
            gutters.append((cut, column))
    if len(gutters) != 1 or gutters[0][0] > width:
        return None
    return gutters[0]


def own_lines(view: Sequence[str], public: Sequence[str]) -> frozenset[int]:
    """The lines of a seat's ``view`` (by index) that the ``public`` view (a spectator's)
    does not have: what is the seat's own (its hand, its rack, its secret card).

    >>> sorted(own_lines(["Board", "P1 (you): hand A, B", "P2: 2 cards"],
    ...                  ["Board", "P1: 2 cards", "P2: 2 cards"]))
    [1]
    """
    # a line the spectator's view has, however indented (the two may lay it out apart),
    # and a blank line, are nobody's own
    shared = {line.strip() for line in public} | {""}
    return frozenset(i for i, line in enumerate(view) if line.strip() not in shared)


def paged(text: str, width: int) -> str:
    """``text`` for a pager ``width`` columns wide: its pictures side by side that do not
    fit set one under the other, and its lines broken at spaces, never inside a word
    (a word longer than the row excepted)."""
    lines = unstack([Text(line) for line in text.split("\n")], width)
    return "\n".join(row.plain.rstrip() for line in lines for row in wrap(line, width))


def fit_view(
    view: str, rows: int, width: int, own: frozenset[int] = frozenset()
) -> tuple[list[str], bool]:
    """The view's lines in at most ``rows`` rows, and whether some were left out.

    Whole when it fits; else without its blank lines; else without the lines least
    needed (:func:`fit_lines`), the seat's ``own`` lines (by index) kept to the last.
    """
    lines, cut = fit_lines(Text(view).split("\n", allow_blank=True), rows, own)
    return [line.plain for line in lines], cut


def fit_lines(
    view: Iterable[Text], rows: int, own: frozenset[int] = frozenset()
) -> tuple[list[Text], bool]:
    """:func:`fit_view` on lines of styled text: the lines kept keep their styles.

    When the view loses lines, they go in this order, the last first: the lines of the
    parts (the blocks between blank lines) after the first, alike (each part keeps as
    many of its first lines as the others); then those of the first part that has more
    than the view's first line (the game's board, in most games); then the lines between
    the ``own`` lines of a part; then the ``own`` lines; never the first. Each run of
    lines left out is one line saying how many (:data:`LEFT_OUT`).
    """
    lines, cut, _ = _fit(view, rows, own)
    return lines, cut


def _fit(view: Iterable[Text], rows: int, own: frozenset[int]) -> tuple[list[Text], bool, bool]:
    """:func:`fit_lines`, and whether lines other than blank ones were left out."""
    lines = [line.copy() for line in view]
    for line in lines:
        line.rstrip()
    while lines and not lines[-1].plain:
        lines.pop()
    if len(lines) <= rows:
        return lines, False, False
    content = [i for i, line in enumerate(lines) if line.plain.strip()]
    if len(content) <= rows:
        return [lines[i] for i in content], True, False
    ranked = _ranked(content, own)
    for count in range(min(rows, len(ranked)), -1, -1):
        shown = _shown(lines, content, set(ranked[:count]))
        if len(shown) <= rows:
            return shown, True, True
    return [], True, True


def _ranked(content: Sequence[int], own: frozenset[int]) -> list[int]:
    """The content lines (by index), the most needed first (see :func:`fit_lines`)."""
    parts = _parts(content)
    first = next((part for part in parts if part != [content[0]]), [])
    others = [part for part in parts if part is not first]
    alike = [i for row in itertools.zip_longest(*others) for i in row if i is not None]
    return list(dict.fromkeys([*_pinned(content, own), *first, *alike]))


def _pinned(content: Sequence[int], own: frozenset[int]) -> list[int]:
    """The content lines a view keeps to the last: its first, then the ``own`` lines, then
    the lines between two ``own`` lines of one part."""
    between: list[int] = []
    for part in _parts(content):
        marked = [i for i in part if i in own]
        if marked:
            between.extend(i for i in part if marked[0] < i < marked[-1] and i not in own)
    return list(dict.fromkeys([content[0], *(i for i in content if i in own), *between]))


def _parts(content: Sequence[int]) -> list[list[int]]:
    """The content lines (by index) cut into parts where blank lines were."""
    parts: list[list[int]] = []
    previous = -2
    for i in content:
        if i != previous + 1:
            parts.append([])
        parts[-1].append(i)
        previous = i
    return parts


def _shown(lines: Sequence[Text], content: Sequence[int], kept: set[int]) -> list[Text]:
    """The ``kept`` lines in order, each run of content lines left out as one line."""
    out: list[Text] = []
    missing = 0
    for i in content:
        if i in kept:
            if missing:
                out.append(_left_out(missing))
                missing = 0
            out.append(lines[i])
        else:
            missing += 1
    if missing:
        out.append(_left_out(missing))
    return out


def _left_out(count: int) -> Text:
    return Text(LEFT_OUT.format(count=count, lines="line" if count == 1 else "lines"))


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
    """The screen's rows (:func:`fit`)."""
    return fit(layout, width, height).rows


def fit(layout: Layout, width: int = WIDTH, height: int = HEIGHT) -> Screen:
    """The screen's rows, at most ``height - 1`` of them (the last row is the prompt's),
    none wider than ``width - 1`` cells (a full last column makes some terminals wrap),
    with the news that found no room and whether the view was shortened."""
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
    room = budget - len(head) - len(decision) - len(message) - 1
    view = _View(layout, usable)
    # The news gets what the view's first and own lines leave; the lines the player must
    # read get their rows from the rest of the view too, while it keeps VIEW_AT_LEAST.
    must = len(layout.must_read & set(range(len(layout.news))))
    news_room = room - view.floor()
    if must:
        news_room = max(news_room, min(2 + must, room - VIEW_AT_LEAST))
    news, unread = _news(layout, max(0, news_room), usable, height)
    view_rows, shortened = view.fit(max(0, room - len(news)))
    rows = [*head, *view_rows, *news, Text(""), *decision]
    rows += message
    if len(rows) > budget:
        # only a decision taller than the whole screen gets here: keep its start and say so
        rows = rows[: budget - 1]
        rows.append(Text("⋯ more options than the screen holds: type a name to narrow them"))
        shortened = True
    return Screen(rows, unread, shortened)


class _View:
    """The game's view for one screen: its lines as the screen shows them (pictures side
    by side unstacked to fit), and which are the seat's own."""

    def __init__(self, layout: Layout, width: int) -> None:
        self.width = width
        self.lines = unstack(list(layout.paint(layout.view).split("\n", allow_blank=True)), width)
        self.own: frozenset[int] = frozenset()
        if layout.public is not None:
            public = unstack(list(Text(str(layout.public)).split("\n", allow_blank=True)), width)
            self.own = own_lines([line.plain for line in self.lines], [p.plain for p in public])

    def floor(self) -> int:
        """The rows the view keeps however long the news: :data:`VIEW_AT_LEAST`, or more
        to show its first line and the seat's own lines (:func:`fit_lines`)."""
        content = [i for i, line in enumerate(self.lines) if line.plain.strip()]
        if not content:
            return 0
        pinned = _shown(self.lines, content, set(_pinned(content, self.own)))
        return min(len(content), max(VIEW_AT_LEAST, len(pinned)))

    def fit(self, rows: int) -> tuple[list[Text], bool]:
        """The view in ``rows`` rows (its lines wrapped while that fits, else cut at the
        edge), and whether it lost lines or had lines cut to fit."""
        wrapped: list[Text] = []
        own: set[int] = set()
        for i, line in enumerate(self.lines):
            for row in wrap(line, self.width):
                if i in self.own:
                    own.add(len(wrapped))
                wrapped.append(row)
        view, cut = fit_lines(wrapped, rows, frozenset(own))
        if not cut:
            return view, False
        # wrapped, the view would lose whole lines: its lines are cut at the edge
        view, _, lost = _fit(self.lines, rows, self.own)
        edge = any(cell_len(line.plain) > self.width for line in view)
        return [crop(line, self.width) for line in view], lost or edge


def _news(layout: Layout, rows: int, width: int, height: int) -> tuple[list[Text], tuple[str, ...]]:
    """The news in at most ``rows`` rows, and the lines the player must read that found
    no room: its title, the lines it must read and the latest others up to
    :data:`NEWS_LINES` lines in all (fewer on a screen lower than :data:`HEIGHT`), a
    blank line above when there is room."""
    items = list(layout.news)
    if not items:
        return [], ()
    must = [i for i in range(len(items)) if i in layout.must_read]
    others = [i for i in range(len(items)) if i not in layout.must_read]
    space = max(0, rows - (2 if rows > 2 else 1))  # the title's row, and a blank line above
    chosen = must[-space:] if space else []
    room = min(space, max(_news_lines(height), len(must))) - len(chosen)
    chosen += others[len(others) - room :] if room > 0 else []
    chosen.sort()
    unread = tuple(items[i] for i in must if i not in chosen)
    if not chosen:
        return [], unread
    left = len(items) - len(chosen)
    title = layout.news_title + (f" ({left} more: l lists them)" if left else "")
    news = [Text(title, style="bold")]
    news.extend(crop(Text("  ") + layout.paint(items[i]), width) for i in chosen)
    if rows > len(news):
        news.insert(0, Text(""))
    return news, unread


def _news_lines(height: int) -> int:
    """How many lines of news a screen ``height`` rows high shows (besides those a player
    must read): :data:`NEWS_LINES` on a full screen, in proportion on a lower one.

    >>> _news_lines(HEIGHT), _news_lines(24)
    (5, 2)
    """
    return max(1, min(NEWS_LINES, NEWS_LINES * (height - 1) // (HEIGHT - 1)))
