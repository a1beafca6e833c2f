"""The balance report as one self-contained HTML page: tables, and pictures inlined as PNG.

The page needs nothing beside it (no scripts, no style sheets, no image files), so it can
be mailed, attached or opened from a USB stick in a classroom.
"""

from __future__ import annotations

import base64
import html
import math
from collections.abc import Iterable, Mapping, Sequence

from ecotone.core.records import counted
from ecotone.core.registry import game_class
from ecotone.sim.balance.report import (
    MIN_SEATS,
    Comparison,
    ItemImpact,
    Report,
    bots_text,
    options_changed,
)
from ecotone.sim.balance.stats import BH, MIN_OUTCOMES, SMALL_SAMPLE, Figure

__all__ = ["comparison_page", "report_page"]

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 72rem; margin: 2rem auto; padding: 0 1rem;
       color: #1d2b24; line-height: 1.45; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2.2rem; border-bottom: 2px solid #a9c2a0; }
table { border-collapse: collapse; margin: 0.8rem 0; font-size: 0.92rem; }
th, td { padding: 0.25rem 0.6rem; border-bottom: 1px solid #dde5da; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.strong td { background: #e7f4ea; } tr.weak td { background: #fbe9e2; }
img { max-width: 100%; border: 1px solid #dde5da; margin: 0.5rem 0; }
.note { color: #55655c; font-size: 0.9rem; } .method { color: #55655c; font-size: 0.8rem; }
.flag { font-weight: bold; color: #9b3d12; }
"""


def _e(text: object) -> str:
    return html.escape(str(text))


def _number(value: float, unit: str) -> str:
    if not math.isfinite(value):
        return "-"
    if unit.startswith("share"):
        return f"{value:.1%}"
    return f"{value:.3g}" if abs(value) < 1000 else f"{value:,.0f}"


def _signed(value: float, unit: str) -> str:
    text = _number(value, unit)
    return f"+{text}" if math.isfinite(value) and value > 0 else text


def _interval(f: Figure, signed: bool = False) -> str:
    show = _signed if signed else _number
    return f"{show(f.low, f.unit)} to {show(f.high, f.unit)}"


def _image(pictures: Mapping[str, bytes], name: str, alt: str) -> str:
    data = pictures.get(name)
    if data is None:
        return ""
    encoded = base64.b64encode(data).decode("ascii")
    return f'<img src="data:image/png;base64,{encoded}" alt="{_e(alt)}">'


def _figure_table(figures: Iterable[Figure]) -> str:
    rows = []
    for f in figures:
        expected = f" (fair: {_number(f.expected, f.unit)})" if f.expected is not None else ""
        rows.append(
            f"<tr><td>{_e(f.label)}</td><td class=num>{_number(f.value, f.unit)}</td>"
            f"<td class=num>{_interval(f)}</td><td>{_e(f.unit)}{_e(expected)}</td>"
            f"<td class=num>{f.n}</td><td class=method>{_e(f.method)}</td></tr>"
        )
    return (
        "<table><tr><th>Figure</th><th>Value</th><th>95% interval</th><th>Unit</th>"
        "<th>n</th><th>Method</th></tr>" + "".join(rows) + "</table>"
    )


def _q(f: Figure | None) -> str:
    if f is None or f.q is None:
        return "-"
    text = f"{f.q:.3f}" if f.q >= 0.001 else "&lt;0.001"
    return f'<span class="flag">{text}</span>' if f.q < 0.05 else text


def _item_rows(items: Sequence[ItemImpact], css: str = "") -> str:
    rows = []
    for i in items:
        win, margin = i.win, i.margin
        if win is None:
            continue
        with_, without = dict(win.extra)["with"], dict(win.extra)["without"]
        # a win rate measured with the small-sample methods gets no margin: say so
        small = "*" if win.method == SMALL_SAMPLE else ""
        margin_cells = (
            f"<td class=num>{_signed(margin.value, margin.unit)}</td>"
            f"<td class=num>{_interval(margin, True)}</td><td class=num>{_q(margin)}</td>"
            if margin is not None
            else "<td class=num colspan=3>too few seats</td>"
        )
        rows.append(
            f'<tr class="{css}"><td>{_e(i.face.name)}</td><td>{_e(i.id)}</td>'
            f"<td>{_e(i.face.group)}</td>"
            f"<td class=num>{i.seats_with}</td><td class=num>{with_:.1%}</td>"
            f"<td class=num>{without:.1%}</td><td class=num>{_signed(win.value, win.unit)}</td>"
            f"<td class=num>{_interval(win, True)}{small}</td><td class=num>{_q(win)}</td>"
            f"{margin_cells}</tr>"
        )
    return "".join(rows)


ITEM_HEAD = (
    "<tr><th>Item</th><th>Id</th><th>Group</th><th>Seats with it</th><th>Win rate with</th>"
    "<th>without</th><th>Difference</th><th>95% interval</th><th>q</th>"
    "<th>Margin difference (points)</th><th>95% interval</th><th>q</th></tr>"
)


def _header(report: Report, title: str, changed_to: str = "") -> str:
    """The title and the batch: game, options (and what a comparison changed), bots, games."""
    ident = report.identity
    c = ident["config"]
    changed = options_changed(c)
    options = ", ".join(f"{k}={v}" for k, v in changed.items()) or "all at their defaults"
    variant = f" ({_e(c['variant'])})" if c["variant"] else ""
    facts = [f"<b>Game</b> {_e(c['game'])}{variant}", f"<b>players</b> {c['players']}"]
    if changed_to:
        facts += [f"<b>baseline options</b> {_e(options)}", f"<b>changed</b> {_e(changed_to)}"]
    else:
        facts.append(f"<b>options</b> {_e(options)}")
    facts.append(f"<b>rules version</b> {_e(ident['rules_version'])}")
    batch = [
        f"<b>Bots</b> {_e(bots_text(ident['lineup']))} (the seats turn one place each game)",
        f"<b>games</b> {report.completed} completed of {report.games}",
        f"<b>seed</b> {ident['seed']}",
    ]
    return f"<h1>{_e(title)}</h1><p>{', '.join(facts)}<br>{', '.join(batch)}</p>"


def _ids(report: Report, prefix: str) -> list[Figure]:
    return [f for f in report.figures if f.id.startswith(prefix)]


def _lesson_section(report: Report, pictures: Mapping[str, bytes]) -> list[str]:
    """What the game was built to teach, measured against theory (none for most games)."""
    if not report.lessons:
        return []
    rows = []
    for f in report.lessons:
        theory = f.expected
        if theory is None:
            verdict = "-"
        elif f.low <= theory <= f.high:
            verdict = "within the interval"
        else:
            side = "more" if f.value > theory else "less"
            verdict = f'<span class="flag">{side} often than theory</span>'
        shown = _number(theory, f.unit) if theory is not None else "-"
        rows.append(
            f"<tr><td>{_e(f.label)}</td><td class=num>{_number(f.value, f.unit)}</td>"
            f"<td class=num>{_interval(f)}</td><td class=num>{shown}</td><td>{verdict}</td>"
            f"<td class=num>{f.n}</td></tr>"
        )
    sources = sorted(set(report.lesson_sources.values()))
    method = report.lessons[0].method
    return [
        "<h2>What the game teaches: play against theory</h2>",
        _image(pictures, "lessons.png", "play against theory"),
        "<table><tr><th>Counted</th><th>Share</th><th>95% interval</th><th>Theory</th>"
        "<th>Play against theory</th><th>Chances</th></tr>" + "".join(rows) + "</table>",
        f'<p class="note">Theory: {_e("; ".join(sources))}. The bots\' play is one way of '
        "playing; the theory is the reference a class can hold it against.</p>",
        f'<p class="method">{_e(method)}.</p>',
    ]


def _matchup_section(report: Report, pictures: Mapping[str, bytes]) -> list[str]:
    """Deck against deck, for a batch whose seats played several decks."""
    table = report.matchups
    if table is None:
        return []
    keys = [k for k, _ in table.decks]

    def cell(f: Figure | None) -> str:
        if f is None or f.n == 0:
            return "<td class=num>-</td>"
        text = f"{_number(f.value, f.unit)} ({_interval(f)}), n={f.n}"
        clear = f.low > table.expected or f.high < table.expected
        return f"<td class=num>{'<b>' + text + '</b>' if clear else text}</td>"

    overall = {f.id.removeprefix("matchup/"): f for f in table.overall}
    head = "".join(f"<th>{_e(table.name(k))}</th>" for k in keys)
    rows = []
    for a in keys:
        cells = "".join(cell(m.win if (m := table.cell(a, b)) else None) for b in keys)
        rows.append(f"<tr><th>{_e(table.name(a))}</th>{cells}{cell(overall.get(a))}</tr>")
    seats = []
    for m in table.cells:
        shown = ", ".join(
            f"at {seat} {_number(f.value, f.unit)} (n={f.n})" for seat, f in m.by_seat
        )
        seats.append(f"<li>{_e(m.win.label)}: {_e(shown)}</li>")
    return [
        "<h2>Deck against deck</h2>",
        _image(pictures, "matchups.png", "deck against deck"),
        f"<table><tr><th>Deck (row), against (column)</th>{head}<th>Every other deck</th></tr>",
        "".join(rows),
        "</table>",
        f'<p class="note">Each cell: the row deck\'s win rate against the column deck, its 95% '
        f"interval and the games behind it; a fair matchup gives {table.expected:.0%}. Bold: "
        "the interval leaves the fair share out. The bots play every deck the same way: "
        "these numbers say how a deck fares in their hands.</p>",
        f"<details><summary>By the seat the row deck held</summary><ul>{''.join(seats)}"
        "</ul></details>",
        f'<p class="method">{_e(table.method)}.</p>',
    ]


def report_page(report: Report, pictures: Mapping[str, bytes], note: str = "") -> str:
    """The HTML page of one batch's report, with ``pictures`` (file name -> PNG) inlined."""
    c = report.identity["config"]
    test = report.seat_test
    verdict = (
        "the seats' win rates differ by more than chance would explain"
        if test["p"] < 0.05
        else "no clear sign, with this many games, that any seat is favoured"
    )
    parts = [
        "<!doctype html><html lang=en><head><meta charset=utf-8>",
        f"<title>Balance: {_e(c['game'])}</title><style>{STYLE}</style></head><body>",
        _header(report, f"Is {game_class(c['game']).spec.title} fair? A balance report"),
    ]
    if note:
        parts.append(f'<p class="note">{_e(note)}</p>')
    parts += [
        "<h2>Seats and the first player</h2>",
        _image(pictures, "seats.png", "win rate by seat"),
        _figure_table(_ids(report, "win_rate/") + _ids(report, "first_player/")),
        (
            f"<p>Equal seats? Chi-square {test['statistic']:.2f} on {test['df']} degrees of "
            f"freedom, p = {test['p']:.3f}: {verdict}.</p>"
            if report.players > 1
            else ""
        ),
        "<h2>Outcomes and scores</h2>",
        _image(pictures, "scores.png", "final scores by seat"),
        _figure_table(
            _ids(report, "score/")
            + _ids(report, "margin")
            + _ids(report, "shared_win")
            + _ids(report, "no_winner")
        ),
        "<h2>Game length</h2>",
        _image(pictures, "length.png", "game length"),
        _figure_table(_ids(report, "length")),
        "<h2>Tension: lead changes, drama, decisiveness</h2>",
        _image(pictures, "tension.png", "lead changes, drama and decisiveness"),
        _figure_table(
            [
                f
                for f in report.figures
                if f.id in ("lead_changes", "lead_change_rate", "drama", "behind", "decided_at")
            ]
        ),
        '<p class="note">Scores after every decision (<code>state.scores()</code>) judge who '
        "leads. A lead change: a different seat alone in the lead. Drama: how far the eventual "
        "winner trailed the leader, on average over the game. Decisiveness: the share of the "
        "game played before the winner's score passed the best score any loser ever had. "
        "See docs/balance.md for the formulas.</p>",
    ]
    parts += _lesson_section(report, pictures)
    parts += _matchup_section(report, pictures)
    tested = [i for i in report.items if i.tested]
    untested = [i for i in report.items if not i.tested]
    parts += [
        "<h2>Cards, tiles and species: do they go with winning?</h2>",
        f'<p class="note">An item counts for a seat when one of the seat\'s actions named it '
        f"(played, placed, bought, drawn, discarded...). Each item compares the seats that had "
        f"it with those that did not, in the same games: win rate and score margin (own score "
        f"minus the others' mean). Intervals: cluster-robust, games as clusters. Where the "
        f"seats with it or those without it had fewer than {MIN_OUTCOMES} wins or "
        f"{MIN_OUTCOMES} losses (*), too few for that interval's normal approximation, the "
        "win rates are compared with small-sample methods instead (Newcombe's score interval, "
        "an exact permutation test within games) and the margin is not compared. q: "
        f"{BH}-adjusted over the {counted(len(tested), 'item')} tested (at least {MIN_SEATS} "
        "seats with and without); q &lt; 0.05 is in bold. This is association, not cause: a "
        "strong player's seat takes more cards, and good cards come to those already "
        "winning.</p>",
        _image(pictures, "items.png", "strongest and weakest items"),
    ]
    if tested:
        parts += [
            "<table>",
            ITEM_HEAD,
            _item_rows(report.strongest, "strong"),
            _item_rows(report.weakest, "weak"),
            "</table>",
            f"<details><summary>Every item tested ({len(tested)})</summary><table>",
            ITEM_HEAD,
            _item_rows(tested),
            "</table></details>",
        ]
    if untested:
        listed = ", ".join(f"{_e(i.label)}: {i.seats_with}" for i in untested)
        parts.append(
            f'<p class="note">Too rarely (or too often) taken to compare '
            f"(with the seats that had it): {listed}.</p>"
        )
    if report.errors:
        parts.append("<h2>Games that failed</h2><ul>")
        parts += [
            f"<li>game {e['index']} (seed {e['seed']}): {_e(e['message'])}</li>"
            for e in report.errors
        ]
        parts.append("</ul>")
    parts.append(
        '<p class="method">Every figure, its interval and its method are also in report.json; '
        "each game played is one line of games.jsonl.</p></body></html>"
    )
    return "\n".join(parts)


def comparison_page(comparison: Comparison, pictures: Mapping[str, bytes], note: str = "") -> str:
    """The HTML page comparing two rule sets, with ``pictures`` inlined."""
    base = comparison.baseline
    text = comparison.change["text"]
    changed = comparison.significant
    rows = []
    for f in comparison.differences:
        extra = dict(f.extra)
        css = ' class="strong"' if f in changed else ""
        rows.append(
            f"<tr{css}><td>{_e(f.label)}</td><td>{_e(f.unit)}</td>"
            f"<td class=num>{_number(extra['baseline'], f.unit)}</td>"
            f"<td class=num>{_number(extra['changed'], f.unit)}</td>"
            f"<td class=num>{_signed(f.value, f.unit)}</td>"
            f"<td class=num>{_interval(f, True)}</td><td class=num>{_q(f)}</td>"
            f"<td class=num>{f.n}</td></tr>"
        )
    summary = (
        "Changed beyond chance: " + ", ".join(_e(f.label) for f in changed) + "."
        if changed
        else "No figure changed beyond what chance explains."
    )
    parts = [
        "<!doctype html><html lang=en><head><meta charset=utf-8>",
        f"<title>Balance: {_e(text)}</title><style>{STYLE}</style></head><body>",
        _header(base, f"Did the change help? {text}", changed_to=text),
    ]
    if note:
        parts.append(f'<p class="note">{_e(note)}</p>')
    parts += [
        f"<p><b>{summary}</b></p>",
        _image(pictures, "compare.png", "differences between the rule sets"),
        "<table><tr><th>Figure</th><th>Unit</th><th>Baseline</th><th>Changed</th>"
        "<th>Difference</th>"
        "<th>95% interval</th><th>q</th><th>Pairs</th></tr>",
        "".join(rows),
        "</table>",
        f'<p class="method">{_e(comparison.differences[0].method if rows else "")}; '
        f"q: {BH} over all {counted(len(rows), 'figure')}. Both rule sets play game i from "
        "the same seed with the same bots, so the deal's luck cancels where the rules let it. "
        "Identical rule sets give identical games and a difference of exactly 0.</p>",
        '<p>Full reports: <a href="baseline/report.html">baseline</a>, '
        '<a href="changed/report.html">changed</a>.</p></body></html>',
    ]
    return "\n".join(parts)
