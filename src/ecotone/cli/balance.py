"""``ecotone balance``: is a game (or a card, or a rule change) fair? A report to show.

Writes ``OUT/report.html`` (one self-contained page), ``OUT/report.json`` (every figure
with its 95% interval and method) and the pictures as PNG; the games played are kept in
``games.jsonl`` so that running the same command again resumes instead of restarting.
"""

from __future__ import annotations

import argparse
import functools
import os
import secrets
import shlex
from collections import Counter
from pathlib import Path
from typing import Any

import msgspec
from rich.text import Text

import ecotone
from ecotone.cli.deckstore import resolve
from ecotone.cli.options import (
    Commands,
    add_game_arguments,
    add_where_arguments,
    at_least,
    make_game,
    split_names,
    where_played,
)
from ecotone.cli.output import UsageError, progress_bar, stderr_console, stdout_console
from ecotone.core.decks import entries
from ecotone.core.game import Game
from ecotone.core.records import counted
from ecotone.sim.balance import (
    Comparison,
    GameRecord,
    Plan,
    Report,
    analyse,
    compare,
    load_records,
    run_batch,
    write_comparison,
    write_report,
)
from ecotone.sim.balance.batch import BATCH_FILE, GAMES_FILE
from ecotone.sim.balance.decks import BUILTIN, DeckRotation, deck_keys, deckbuilding
from ecotone.sim.balance.plots import INSTALL_HINT
from ecotone.sim.balance.stats import MIN_RESAMPLES, RESAMPLES_WHY, Figure
from ecotone.sim.runner import default_bot, parse_options

__all__ = ["add_parser", "check_bootstrap", "run_balance"]

# Without --workers, one process per this many games (up to the number of CPUs).
SMALL_BATCH = 20
SHOWN_ITEMS = 3
DEFAULT_BOOTSTRAP = 1000


def add_parser(commands: Commands) -> None:
    """Register ``balance``."""
    parser = commands.add_parser(
        "balance",
        help="a fairness report: seats, scores, length, tension, card impact, rule changes",
        description="Play bot games and write a balance report to OUT: report.html (one "
        "page, pictures inside), report.json (every figure with its 95% interval and "
        "method) and the pictures as PNG. Games are kept in OUT as they finish: the same "
        "command run again skips them. --compare plays the same seeds under a changed rule "
        "set and reports every difference. --decks plays every pairing of a game's decks and "
        "reports deck against deck. See docs/balance.md.",
    )
    add_game_arguments(parser)
    parser.add_argument(
        "--bots",
        metavar="NAMES",
        help="one bot spec per seat, comma-separated, or one for every seat; the bots turn "
        "one seat per game (default: heuristic if the game has one, else random)",
    )
    parser.add_argument(
        "--games",
        "-n",
        type=int,
        default=200,
        metavar="N",
        help="games to play; with --decks, games per pairing of decks (default: 200)",
    )
    parser.add_argument(
        "--decks",
        metavar="DECKS",
        help="for a game whose players bring decks: 'builtin' (every built-in deck) or decks "
        "separated by commas (built-in or saved decks' names, deck codes or deck files); "
        "plays every pairing of them "
        "--games times, on the same deals for every pairing, the decks swapping seats each "
        "game, and reports deck against deck (default: the decks of the game's options; "
        "a batch whose seats play several decks reports their matchups too)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        help="the batch's seed (default: the one OUT already holds, else random, reported)",
    )
    add_where_arguments(parser, "the number of CPUs, fewer for small batches")
    parser.add_argument(
        "--compare",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="also play the same seeds with this option changed, and report every "
        "difference; repeat for several (default: none)",
    )
    parser.add_argument(
        "--compare-variant",
        metavar="V",
        help="also play the same seeds with this variant (default: none)",
    )
    parser.add_argument(
        "--bootstrap",
        type=int,
        default=DEFAULT_BOOTSTRAP,
        metavar="B",
        help=f"bootstrap resamples per interval, at least {MIN_RESAMPLES} "
        f"(default: {DEFAULT_BOOTSTRAP})",
    )
    parser.add_argument(
        "--out",
        type=Path,
        required=True,
        metavar="OUT",
        help="the report's folder (required; no default)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print report.json on stdout instead of a summary"
    )
    parser.set_defaults(run=run_balance)


def _seed(args: argparse.Namespace, folder: Path) -> int:
    """The seed asked for, else the one the folder's batch was played with, else a new one."""
    if args.seed is not None:
        return int(args.seed)
    held = folder / BATCH_FILE
    if held.exists():
        try:
            return int(msgspec.json.decode(held.read_bytes())["seed"])
        except (msgspec.DecodeError, KeyError, TypeError, ValueError):
            pass
    return secrets.randbelow(2**31)


def check_bootstrap(value: int) -> None:
    """Refuse ``--bootstrap`` below :data:`~ecotone.sim.balance.stats.MIN_RESAMPLES`,
    saying why (``ecotone balance`` and ``ecotone tournament`` alike).

    Raises:
        UsageError: ``--bootstrap must be at least 100, not 1: ...``.
    """
    if value < MIN_RESAMPLES:
        raise UsageError(
            f"--bootstrap must be at least {MIN_RESAMPLES}, not {value}: {RESAMPLES_WHY}"
        )


def _check_compare(items: list[str]) -> None:
    """Refuse an option given twice to ``--compare``: one comparison changes each option to
    one value, and a dictionary would silently keep the last.

    Raises:
        UsageError: naming the option and its values.
    """
    keys = [item.partition("=")[0].strip() for item in items]
    for key, times in Counter(keys).items():
        if times > 1 and key:
            given = ", ".join(i for i, k in zip(items, keys, strict=True) if k == key)
            raise UsageError(
                f"--compare changes {key} {times} times ({given}): a comparison changes each "
                "option once; to try several values, run one comparison for each, into "
                "folders of their own"
            )


def _changed_game(args: argparse.Namespace, game: Game[Any]) -> tuple[Game[Any], dict[str, Any]]:
    """The game with ``--compare`` options and ``--compare-variant``, and what changed."""
    changes = parse_options(args.compare, what="--compare")
    options = {**game.options, **changes}
    variant = args.compare_variant if args.compare_variant is not None else game.variant
    changed = ecotone.make(game.spec.id, players=game.players, variant=variant, **options)
    words = [f"{k}={v}" for k, v in changes.items()]
    if variant != game.variant:
        words.insert(0, f"variant {variant or 'standard'} instead of {game.variant or 'standard'}")
    text = ", ".join(words) or "nothing"
    if changed.config == game.config:
        text += " (the same rules twice)"
    return changed, {"text": text, "options": changes, "variant": variant}


def _rotation(
    args: argparse.Namespace, names: list[str], game: Game[Any]
) -> tuple[Game[Any], DeckRotation]:
    """The game in the variant where players bring decks, and the ``--decks`` rotation."""
    build = deckbuilding(game.spec.id)
    if build is None:
        raise UsageError(f"--decks: {game.spec.id} has no decks of the players' own")
    wanted = build.seats.variant
    if wanted is not None and game.variant != wanted:
        if args.variant is not None:
            raise UsageError(
                f"--decks: players bring decks in variant {wanted!r}, not {args.variant!r}"
            )
        args.variant = wanted
        game = make_game(args, names)
    # each deck as `ecotone decks` reads it: a saved deck by its name becomes its file
    chosen = [
        e if e == BUILTIN else resolve(game.spec.id, build, e).entry
        for e in entries(args.decks, "--decks")
    ]
    return game, DeckRotation.every_pair(deck_keys(build, chosen))


def _check_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot use {folder} for the report: {exc.strerror}") from None


def run_balance(args: argparse.Namespace) -> int:
    """Validate everything, play (or resume) with a progress bar, write the report."""
    at_least("--games", args.games, 1)
    at_least("--workers", args.workers, 1)
    check_bootstrap(args.bootstrap)
    _check_compare(args.compare)
    names = split_names(args.bots)
    game = make_game(args, names)
    rotation = None
    if args.decks is not None:
        game, rotation = _rotation(args, names, game)
    total = rotation.games(args.games) if rotation is not None else args.games
    lineup = names or [default_bot(game)]
    comparing = bool(args.compare) or args.compare_variant is not None
    folder: Path = args.out
    _check_folder(folder)
    base_folder = folder / "baseline" if comparing else folder
    seed = _seed(args, base_folder)
    if args.workers is not None:
        workers = min(args.workers, total)
    else:
        workers = max(1, min(os.cpu_count() or 1, total // SMALL_BATCH))
    plans = [(Plan.of(game, lineup, total, seed, rotation), game, base_folder)]
    change: dict[str, Any] = {}
    if comparing:
        changed, change = _changed_game(args, game)
        plans.append((Plan.of(changed, lineup, total, seed, rotation), changed, folder / "changed"))
    try:
        played = _play(plans, workers, args)
    except KeyboardInterrupt:
        _say_kept(plans, seed, args)
        raise
    reports = [
        (analyse(records, plan.identity(), g.presentation(), resamples=args.bootstrap), records)
        for (plan, g, _), records in zip(plans, played, strict=True)
    ]
    plotted = True
    for (report, _), (_, _, where) in zip(reports, plans, strict=True):
        plotted = write_report(report, where).plotted
    comparison = None
    if comparing:
        comparison = compare(reports[0], reports[1], change, resamples=args.bootstrap)
        write_comparison(comparison, folder)
    if not plotted:
        stderr_console().print(Text(f"note: {INSTALL_HINT}"))
    _say_unread(plans)
    if args.json:
        print((folder / "report.json").read_text(encoding="utf-8"), end="")
    elif comparison is not None:
        _show_comparison(comparison, folder, workers, args)
    else:
        _show(reports[0][0], folder, workers, args)
    return 0


def _say_unread(plans: list[tuple[Plan, Any, Path]]) -> None:
    """A note when a folder holds more games of its batch than were asked for: the
    report reads only the first ``--games`` of them, which a reader of the page would not
    otherwise know."""
    for plan, _, where in plans:
        held = {r.result.index for r in load_records(where)}
        if len(held) > plan.games:
            stderr_console().print(
                Text(
                    f"note: {where} holds {counted(len(held), 'game')} of this batch; the "
                    f"report reads the first {plan.games} (a larger --games reads the rest)"
                )
            )


def _resume_command(args: argparse.Namespace, seed: int) -> str:
    """The command that goes on with this batch: the one given, with its seed spelt out
    (a seed drawn at random would otherwise be the folder's to remember)."""
    words = ["ecotone", "balance", args.game]
    if args.players is not None:
        words += ["--players", str(args.players)]
    if args.variant is not None:
        words += ["--variant", args.variant]
    for option in args.option:
        words += ["-o", option]
    if args.bots is not None:
        words += ["--bots", args.bots]
    words += ["--games", str(args.games), "--seed", str(seed)]
    if args.decks is not None:
        words += ["--decks", args.decks]
    for change in args.compare:
        words += ["--compare", change]
    if args.compare_variant is not None:
        words += ["--compare-variant", args.compare_variant]
    if args.bootstrap != DEFAULT_BOOTSTRAP:
        words += ["--bootstrap", str(args.bootstrap)]
    if args.workers is not None:
        words += ["--workers", str(args.workers)]
    if args.ray is not None:
        words += ["--ray", args.ray]
    if args.json:
        words.append("--json")
    words += ["--out", str(args.out)]
    return shlex.join(words)


def _say_kept(
    plans: list[tuple[Plan, Game[Any], Path]], seed: int, args: argparse.Namespace
) -> None:
    """After Ctrl-C: how many games are kept, and the command that plays the rest.

    Every game is kept in ``games.jsonl`` as it ends, so stopping loses only the games
    being played; saying so (and how to go on) keeps the user from starting afresh.
    """
    kept = []
    for plan, _, where in plans:
        done = sum(1 for r in load_records(where) if r.result.index < plan.games)
        side = f" ({where.name})" if len(plans) > 1 else ""
        kept.append(f"{done} of {counted(plan.games, 'game')}{side}")
    folder = args.out / GAMES_FILE if len(plans) == 1 else args.out
    stderr_console().print(
        Text(
            f"Stopped: {' and '.join(kept)} kept in {folder}. To play the rest and write "
            f"the report, run the same command again:\n  {_resume_command(args, seed)}"
        )
    )


def _play(
    plans: list[tuple[Plan, Game[Any], Path]], workers: int, args: argparse.Namespace
) -> list[list[GameRecord]]:
    progress = progress_bar(quiet=args.json)
    out = []
    with progress:
        for plan, game, where in plans:
            label = f"{game.spec.id} ({where.name})" if len(plans) > 1 else game.spec.id
            task = progress.add_task(label, total=plan.games)
            out.append(
                run_batch(
                    plan,
                    where,
                    workers=workers,
                    ray=args.ray,
                    on_progress=functools.partial(progress.advance, task),
                )
            )
    return out


def _show_value(value: float, unit: str, sign: str = "") -> str:
    return f"{value:{sign}.1%}" if unit.startswith("share") else f"{value:{sign}.3g}"


def _line(f: Figure | None, sign: str = "") -> str:
    """``label: value (95% low to high)``, a share as a percentage."""
    if f is None:
        return ""
    value, low, high = (_show_value(v, f.unit, sign) for v in (f.value, f.low, f.high))
    return f"{f.label}: {value} (95% {low} to {high})"


def _show(report: Report, folder: Path, workers: int, args: argparse.Namespace) -> None:
    c = stdout_console()
    ident = report.identity
    c.print(
        Text(
            f"{ident['config']['game']}: {report.completed} of {counted(report.games, 'game')} "
            "completed "
            f"{where_played(workers, args.ray)}, seed {ident['seed']}"
        )
    )
    keys = [f"win_rate/P{s + 1}" for s in range(report.players)]
    keys += ["first_player/win_rate", "length", "lead_changes", "drama", "decided_at"]
    for key in keys:
        line = _line(report.figure(key))
        if line:
            c.print(Text(f"  {line}"))
    if report.players > 1:
        c.print(Text(f"  Equal seats? chi-square p = {report.seat_test['p']:.3f}"))
    for f in report.lessons:
        theory = f" (theory {_show_value(f.expected, f.unit)})" if f.expected is not None else ""
        c.print(Text(f"  {_line(f)}{theory}"))
    table = report.matchups
    if table is not None:
        c.print(Text(f"  Deck against deck (fair: {table.expected:.0%}):"))
        keys = [k for k, _ in table.decks]
        for i, a in enumerate(keys):
            for b in keys[i + 1 :]:
                m = table.cell(a, b)
                if m is not None:
                    c.print(Text(f"    {_line(m.win)}, {counted(m.win.n, 'game')}"))
    for title, items in (("Strongest", report.strongest), ("Weakest", report.weakest)):
        # each with its interval: a few dozen games leave most items' effect unsettled
        shown = [
            f"{i.label} ({i.win.value:+.1%}, 95% {i.win.low:+.1%} to {i.win.high:+.1%})"
            for i in items[:SHOWN_ITEMS]
            if i.win
        ]
        if shown:
            c.print(Text(f"  {title} items: {', '.join(shown)}"))
    if report.errors:
        failed = counted(len(report.errors), "game")
        c.print(Text(f"  {failed} failed: see the report", style="red"))
    c.print(Text(f"Report: {folder / 'report.html'}"))


def _show_comparison(
    comparison: Comparison, folder: Path, workers: int, args: argparse.Namespace
) -> None:
    c = stdout_console()
    base = comparison.baseline
    c.print(
        Text(
            f"{base.identity['config']['game']}: {comparison.change['text']}; "
            f"{counted(base.games, 'game')} each {where_played(workers, args.ray)}, "
            f"seed {base.identity['seed']}"
        )
    )
    significant = comparison.significant
    if not significant:
        c.print(Text("  No figure changed beyond what chance explains (all q >= 0.05)."))
    for f in significant:
        q = "q < 0.001" if f.q is not None and f.q < 0.001 else f"q = {f.q:.3f}"
        c.print(Text(f"  {_line(f, '+')}, {q}"))
    c.print(Text(f"Report: {folder / 'report.html'}"))
