"""The pictures of a balance report, drawn with matplotlib and returned as PNG bytes.

matplotlib is optional (``pip install 'ecotone[balance]'``): :func:`available` says
whether it is installed, and a report without it still has every number in its JSON.
Every picture has a title, axis labels with units and its 95% intervals drawn, so it
can be shown on its own (in a slide, say) without the report around it.
"""

from __future__ import annotations

import importlib.util
import io
import math
import textwrap
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ecotone.core.records import counted
from ecotone.sim.balance.report import (
    Comparison,
    ItemImpact,
    Report,
    bots_text,
    options_changed,
)
from ecotone.sim.balance.stats import Figure

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure as Canvas

__all__ = ["INSTALL_HINT", "available", "comparison_plots", "report_plots"]

INSTALL_HINT = "plots need matplotlib: pip install 'ecotone[balance]' (the JSON report is complete)"

# Colours readable by people with the commoner colour-vision deficiencies (Okabe-Ito).
BLUE, ORANGE, GREEN, RED, GREY = "#0072B2", "#E69F00", "#009E73", "#D55E00", "#777777"
DPI = 110


def available() -> bool:
    """Whether matplotlib is installed."""
    return importlib.util.find_spec("matplotlib") is not None


def _blank(width: float, height: float) -> Canvas:
    """A picture ``width`` by ``height`` inches, to be drawn on and saved as PNG."""
    # The object API, not pyplot: no global figure state, no GUI backend, thread-safe.
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415 - optional
    from matplotlib.figure import Figure as Canvas  # noqa: PLC0415 - optional dependency

    canvas = Canvas(figsize=(width, height), dpi=DPI, layout="constrained")
    # Agg, the PNG's renderer, from the start: titles are measured with it (_titled),
    # and it keeps one renderer for every measure instead of making one each time.
    FigureCanvasAgg(canvas)
    return canvas


def _canvas(width: float, height: float, columns: int = 1) -> tuple[Canvas, list[Axes]]:
    canvas = _blank(width, height)
    axes = canvas.subplots(1, columns, squeeze=False)[0]
    return canvas, list(axes)


def _png(canvas: Canvas) -> bytes:
    buffer = io.BytesIO()
    canvas.savefig(buffer, format="png")
    return buffer.getvalue()


def _percent(ax: Axes, axis: str = "y") -> None:
    from matplotlib.ticker import PercentFormatter  # noqa: PLC0415 - optional dependency

    (ax.yaxis if axis == "y" else ax.xaxis).set_major_formatter(PercentFormatter(1.0))


# The average width of a character of matplotlib's default font (DejaVu Sans), in ems: a
# line of n characters at size f points is about n * f * EM_WIDTH points wide. The first
# guess of how many characters a title's line may hold; :func:`_titled` then measures.
EM_WIDTH = 0.6
FEWEST_COLUMNS = 16  # a title is never wrapped narrower than this
NBSP = "\u00a0"  # a space no line is broken at


def _wrap(text: str, columns: int) -> str:
    """``text`` with each of its lines broken into lines of at most ``columns`` characters."""
    return "\n".join(
        "\n".join(textwrap.wrap(line, columns, break_on_hyphens=False)) or line
        for line in text.split("\n")
    )


def _subtitle(report: Report) -> str:
    """The batch in a line: game, variant, options changed, seats, games, bots (the
    picture wraps it to its width, :func:`_titled`)."""
    c = report.identity["config"]
    parts = [c["game"] + (f" ({c['variant']})" if c["variant"] else "")]
    parts += [f"{k}={v}" for k, v in options_changed(c).items()]
    # a count and its noun stay on one line when the title is wrapped ("1 player")
    parts += [
        counted(int(c["players"]), "player").replace(" ", NBSP),
        counted(report.completed, "game").replace(" ", NBSP),
        "bots: " + bots_text(report.identity["lineup"]),
    ]
    return " · ".join(parts)


def _titled(canvas: Canvas, title: str, fontsize: float) -> None:
    """Set ``title`` (lines separated by newlines) over the picture, centred on it, every
    line wrapped so that it fits the picture's width.

    A figure crops what does not fit its width: a title wider than a narrow picture (the
    win rates of two seats) lost its ends ("bots: heuristic at ever"). The lines are
    wrapped to a first guess from the picture's width, then the title is measured as it
    will be drawn (letters differ in width) and wrapped narrower until it fits. It is the
    picture's title, not an axes' one: an axes' title is centred over the axes, which
    the tick labels push off the picture's centre, and could still run off one side.
    """
    room = canvas.bbox.width * 0.96  # a little margin at either side
    columns = max(FEWEST_COLUMNS, int(canvas.get_figwidth() * 72 / (fontsize * EM_WIDTH)))
    while True:
        artist = canvas.suptitle(_wrap(title, columns), fontsize=fontsize)
        # measured by the renderer a PNG is saved with, without laying out the picture
        if artist.get_window_extent().width <= room or columns <= FEWEST_COLUMNS:
            return
        columns = max(FEWEST_COLUMNS, int(columns * 0.9))


def _spread(f: Figure) -> tuple[float, float]:
    """How far the interval reaches below and above the value, never less than 0.

    matplotlib refuses a negative error bar; an interval should hold its value, but one
    made from very few resamples (or rounding) may miss it by a hair, and a picture is no
    place to fail over that.
    """
    return max(0.0, f.value - f.low), max(0.0, f.high - f.value)


def _mean_band(ax: Axes, f: Figure, colour: str, what: str) -> None:
    """A vertical line at the mean and a band over its 95% interval."""
    if not math.isfinite(f.value):
        return
    shown = f"{f.value:.0%}" if f.unit.startswith("share") else f"{f.value:.3g}"
    ax.axvspan(f.low, f.high, color=colour, alpha=0.2, label=f"95% interval of the {what}")
    ax.axvline(f.value, color=colour, linewidth=2, label=f"{what}: {shown}")


# -- one batch ----------------------------------------------------------------------------------


def _seats(report: Report) -> bytes:
    players = report.players
    figures = [report.figure(f"win_rate/P{s + 1}") for s in range(players)]
    first = report.figure("first_player/win_rate")
    bars = [f for f in figures if f is not None] + ([first] if first else [])
    names = [f"P{s + 1}" for s in range(players)] + (["First\nplayer"] if first else [])
    canvas, (ax,) = _canvas(1.6 + 1.1 * len(bars), 4.2)
    xs = range(len(bars))
    values = [f.value for f in bars]
    errors = [[_spread(f)[0] for f in bars], [_spread(f)[1] for f in bars]]
    colours = [BLUE] * len(figures) + ([ORANGE] if first else [])
    ax.bar(xs, values, color=colours, width=0.6)
    ax.errorbar(
        xs, values, yerr=errors, fmt="none", ecolor="black", capsize=6, label="95% interval"
    )
    if players > 1:  # a solo game has no share to be fair about
        ax.axhline(1 / players, color=RED, linestyle="--", label=f"fair share (1/{players})")
    for x, v in zip(xs, values, strict=True):
        ax.annotate(f"{v:.0%}", (x, v), xytext=(8, 4), textcoords="offset points", fontsize=9)
    ax.set_xticks(list(xs), names)
    ax.set_ylabel("Win rate (share of games won)")
    ax.set_ylim(0, min(1.0, max(f.high for f in bars) * 1.25 + 0.05))
    _percent(ax)
    _titled(canvas, f"Who wins: win rate by seat\n{_subtitle(report)}", 10)
    ax.legend(loc="upper right", fontsize=8)
    return _png(canvas)


def _scores(report: Report) -> bytes:
    players = report.players
    margins = report.samples.get("margin", [])
    canvas, axes = _canvas(10 if margins else 6, 4.2, 2 if margins else 1)
    ax = axes[0]
    data = [report.samples.get(f"score/P{s + 1}", []) for s in range(players)]
    ax.boxplot(data, tick_labels=[f"P{s + 1}" for s in range(players)], widths=0.5)
    for s in range(players):
        f = report.figure(f"score/P{s + 1}")
        if f is not None and math.isfinite(f.value):
            ax.errorbar(
                [s + 1.33],
                [f.value],
                yerr=[[_spread(f)[0]], [_spread(f)[1]]],
                fmt="D",
                color=BLUE,
                capsize=4,
                label="mean and its 95% interval" if s == 0 else None,
            )
    ax.set_ylabel("Final score (points)")
    ax.set_xlabel("Seat (box: the middle half of the games; orange line: median)")
    ax.set_title("Final scores by seat", fontsize=10)
    ax.legend(loc="best", fontsize=8)
    if margins:
        ax = axes[1]
        _histogram(ax, margins)
        f = report.figure("margin")
        if f is not None:
            _mean_band(ax, f, BLUE, "mean margin")
        ax.set_xlabel("Winning margin: winner's score - best other seat's (points)")
        ax.set_ylabel("Games")
        ax.set_title("How close the games were", fontsize=10)
        ax.legend(loc="best", fontsize=8)
    _titled(canvas, _subtitle(report), 9)
    return _png(canvas)


def _histogram(ax: Axes, values: Sequence[float]) -> None:
    """Games per value: whole-number bins for whole numbers (scores, decisions)."""
    from matplotlib.ticker import MaxNLocator  # noqa: PLC0415 - optional dependency

    whole = bool(values) and all(float(v).is_integer() for v in values)
    bins: int | list[float] = 20
    if whole:
        lo, hi = min(values), max(values)
        step = max(1, math.ceil((hi - lo + 1) / 30))
        bins = [lo - 0.5 + k * step for k in range(math.ceil((hi - lo + 1) / step) + 1)]
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.hist(values, bins=bins, color=GREY, edgecolor="white")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    if values and min(values) == max(values):
        # One value for every game: a bar as wide as the plot would hide that it is one.
        width = max(1.0, abs(values[0]) * 0.05)
        ax.set_xlim(values[0] - width, values[0] + width)
        ax.annotate(
            f"every game: {values[0]:.3g}",
            (0.02, 0.95),
            xycoords="axes fraction",
            va="top",
            fontsize=9,
        )


def _length(report: Report) -> bytes:
    values = report.samples.get("length", [])
    canvas, (ax,) = _canvas(7, 4.2)
    _histogram(ax, values)
    f = report.figure("length")
    if f is not None:
        _mean_band(ax, f, BLUE, "mean length")
    median = report.figure("length/median")
    if median is not None and math.isfinite(median.value):
        ax.axvline(median.value, color=ORANGE, linestyle="--", label=f"median: {median.value:.3g}")
    ax.set_xlabel("Game length (decisions taken by all seats)")
    ax.set_ylabel("Games")
    _titled(canvas, f"How long the games were\n{_subtitle(report)}", 10)
    ax.legend(loc="best", fontsize=8)
    return _png(canvas)


TENSION = (
    ("lead_changes", "Lead changes per game", "mean"),
    ("drama", "Drama: points the eventual winner\ntrailed the leader (mean over the game)", "mean"),
    (
        "decided_at",
        "Decisiveness: share of the game played\nbefore the winner pulled clear",
        "mean",
    ),
)


def _tension(report: Report) -> bytes | None:
    shown = [(k, x, w) for k, x, w in TENSION if report.samples.get(k)]
    if not shown:
        return None
    canvas, axes = _canvas(4.2 * len(shown), 4.0, len(shown))
    for ax, (key, xlabel, what) in zip(axes, shown, strict=True):
        values = report.samples[key]
        _histogram(ax, values)
        f = report.figure(key)
        if f is not None:
            _mean_band(ax, f, BLUE, what)
        if key == "decided_at":
            _percent(ax, "x")
        ax.set_xlabel(xlabel, fontsize=9)
        ax.set_ylabel("Games")
        ax.legend(loc="best", fontsize=8)
    _titled(
        canvas,
        f"Tension: does the lead change hands, and when is the game decided?\n{_subtitle(report)}",
        10,
    )
    return _png(canvas)


def _item_label(item: ItemImpact) -> str:
    seats = counted(item.seats_with + item.seats_without, "seat")
    return f"{item.label}: {item.seats_with} of {seats}"


def _forest(
    ax: Axes,
    figures: Sequence[Figure],
    labels: Sequence[str],
    colour: Callable[[Figure], str],
) -> None:
    """One row per figure: a dot at the estimate and a line over its 95% interval."""
    ys = list(range(len(figures)))[::-1]
    for y, f in zip(ys, figures, strict=True):
        strong = f.q is not None and f.q < 0.05
        ax.errorbar(
            [f.value],
            [y],
            xerr=[[_spread(f)[0]], [_spread(f)[1]]],
            fmt="o",
            mfc=colour(f) if strong else "white",
            color=colour(f),
            capsize=3,
        )
    ax.axvline(0, color="black", linewidth=1)
    ax.set_yticks(ys, labels, fontsize=8)
    ax.margins(y=0.5 / max(1, len(figures)))


def _significance_legend(ax: Axes, colour: str) -> None:
    from matplotlib.lines import Line2D  # noqa: PLC0415 - optional dependency

    handles = [
        Line2D([], [], marker="o", color=colour, mfc=colour, label="q < 0.05: beyond chance"),
        Line2D([], [], marker="o", color=colour, mfc="white", label="q ≥ 0.05: could be chance"),
    ]
    ax.legend(handles=handles, loc="best", fontsize=8, title="95% intervals", title_fontsize=8)


def _items(report: Report) -> bytes | None:
    strongest, weakest = report.strongest, report.weakest
    shown = strongest + list(reversed(weakest))
    if not shown:
        return None
    figures = [i.win for i in shown if i.win is not None]
    labels = [_item_label(i) for i in shown]
    canvas, (ax,) = _canvas(9, 1.6 + 0.32 * len(shown))
    _forest(ax, figures, labels, lambda f: GREEN if f.value > 0 else RED)
    if strongest and weakest:
        ax.axhline(len(weakest) - 0.5, color=GREY, linestyle=":")
    # two lines: centred under the axes, which the items' names push right, one would
    # run off the picture
    ax.set_xlabel(
        "Win rate of the seats that had the item - of those that did not\n(percentage points)"
    )
    _significance_legend(ax, GREY)
    _percent(ax, "x")
    tested = counted(sum(1 for i in report.items if i.tested), "item")
    title = (
        f"Items that go with winning (top) and with losing (bottom): the {len(strongest)} "
        f"strongest and {len(weakest)} weakest, each ranked by the end of its interval "
        f"nearest zero; Benjamini-Hochberg q over {tested}"
    )
    _titled(canvas, f"{title}\n{_subtitle(report)}", 10)
    return _png(canvas)


def _lessons(report: Report) -> bytes | None:
    """Each lesson's share with its interval, and the share theory predicts beside it."""
    shown = [f for f in report.lessons if math.isfinite(f.value)]
    if not shown:
        return None
    canvas, (ax,) = _canvas(9, 1.8 + 0.45 * len(shown))
    ys = list(range(len(shown)))[::-1]
    for k, (y, f) in enumerate(zip(ys, shown, strict=True)):
        ax.errorbar(
            [f.value],
            [y],
            xerr=[[_spread(f)[0]], [_spread(f)[1]]],
            fmt="o",
            color=BLUE,
            capsize=4,
            label="play: share and its 95% interval" if k == 0 else None,
        )
        if f.expected is not None:
            # an open diamond over the dot: both show where play meets theory
            ax.plot(
                [f.expected],
                [y],
                marker="D",
                markersize=11,
                mfc="none",
                mew=2,
                color=RED,
                linestyle="none",
                zorder=3,
                label="theory" if k == 0 else None,
            )
    labels = [f"{f.label}\n({counted(f.n, 'chance')})" for f in shown]
    ax.set_yticks(ys, labels, fontsize=8)
    ax.set_xlim(-0.03, 1.03)
    ax.margins(y=0.5 / len(shown))
    _percent(ax, "x")
    ax.set_xlabel("Share of the chances (percent)")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=2, fontsize=8)
    _titled(canvas, f"What the game teaches: play against theory\n{_subtitle(report)}", 10)
    return _png(canvas)


def _matchups(report: Report) -> bytes | None:
    """Deck against deck as a heat map: each cell the row deck's win rate against the
    column deck, with its 95% interval and games; a last column over every opponent."""
    table = report.matchups
    if table is None:
        return None
    from matplotlib.colors import TwoSlopeNorm  # noqa: PLC0415 - optional dependency

    keys = [k for k, _ in table.decks]
    names = [textwrap.fill(n, 14) for _, n in table.decks]
    overall = {f.id.removeprefix("matchup/"): f for f in table.overall}
    columns = len(keys) + 1
    canvas, (ax,) = _canvas(2.2 + 1.45 * columns, 1.9 + 0.95 * len(keys))
    grid = [[math.nan] * columns for _ in keys]
    for r, a in enumerate(keys):
        for c, b in enumerate([*keys, None]):
            f = overall.get(a) if b is None else (m.win if (m := table.cell(a, b)) else None)
            if f is None or f.n == 0:
                ax.text(c, r, "—", ha="center", va="center", color=GREY)
                continue
            grid[r][c] = f.value
            clear = f.low > table.expected or f.high < table.expected
            ax.text(
                c,
                r,
                f"{f.value:.0%}\n({f.low:.0%}–{f.high:.0%})\nn={f.n}",
                ha="center",
                va="center",
                fontsize=8,
                fontweight="bold" if clear else "normal",
                # white on the darkest cells, where black would sink in
                color="white" if abs(f.value - table.expected) > 0.32 else "black",
            )
    norm = TwoSlopeNorm(vmin=0.0, vcenter=table.expected, vmax=1.0)
    image = ax.imshow(grid, cmap="RdBu", norm=norm, alpha=0.75)
    bar = canvas.colorbar(image, ax=ax, shrink=0.8, format="{x:.0%}")
    bar.set_label(f"Row deck's win rate (fair: {table.expected:.0%})")
    ax.axvline(len(keys) - 0.5, color="black", linewidth=1.5)
    ax.set_xticks(range(columns), [*names, "every\nother deck"], fontsize=8)
    ax.set_yticks(range(len(keys)), names, fontsize=8)
    ax.set_xlabel("Against (column deck)")
    ax.set_ylabel("Deck (row)")
    ax.tick_params(top=True, labeltop=True, bottom=False, labelbottom=False)
    ax.xaxis.set_label_position("top")
    title = (
        "Deck against deck: the row deck's win rate, 95% Wilson interval and games per "
        "cell (bold: the interval leaves out the fair share); each game once per cell, "
        "the decks' seats pooled"
    )
    _titled(canvas, f"{title}\n{_subtitle(report)}", 9)
    return _png(canvas)


def report_plots(report: Report) -> dict[str, bytes]:
    """Every picture of one batch's report, by file name (``seats.png``...)."""
    out = {
        "seats.png": _seats(report),
        "scores.png": _scores(report),
        "length.png": _length(report),
    }
    for name, draw in (
        ("tension.png", _tension),
        ("lessons.png", _lessons),
        ("items.png", _items),
        ("matchups.png", _matchups),
    ):
        picture = draw(report)
        if picture is not None:
            out[name] = picture
    return out


# -- two batches --------------------------------------------------------------------------------


def _change_label(f: Figure) -> str:
    """``label: baseline -> changed``, shares as percentages."""
    extra = dict(f.extra)

    def show(value: float) -> str:
        return f"{value:.0%}" if f.unit.startswith("share") else f"{value:.3g}"

    return f"{f.label}\n{show(extra['baseline'])} → {show(extra['changed'])}"


def comparison_plots(comparison: Comparison) -> dict[str, bytes]:
    """The differences between two rule sets, one panel per unit (``compare.png``)."""
    units: dict[str, list[Figure]] = {}
    for f in comparison.differences:
        if math.isfinite(f.value):
            units.setdefault(f.unit, []).append(f)
    if not units:
        return {}
    rows = sum(len(v) for v in units.values())
    canvas = _blank(9, 2.0 + 0.36 * rows + 0.5 * len(units))
    axes = canvas.subplots(
        len(units), 1, squeeze=False, height_ratios=[len(v) + 1 for v in units.values()]
    )
    for (unit, figures), (ax,) in zip(units.items(), axes, strict=True):
        _forest(ax, figures, [_change_label(f) for f in figures], lambda f: BLUE)
        if unit.startswith("share"):
            _percent(ax, "x")
            ax.set_xlabel(f"Change ({unit}, percentage points)", fontsize=9)
        else:
            ax.set_xlabel(f"Change ({unit})", fontsize=9)
    _significance_legend(axes[0][0], BLUE)
    _titled(
        canvas,
        f"What the change did: {comparison.change['text']}\n(changed - baseline, paired by "
        f"seed; q: Benjamini-Hochberg)\n{_subtitle(comparison.baseline)}",
        10,
    )
    return {"compare.png": _png(canvas)}
