"""``ecotone tournament``: bots against each other in every seating, rated with intervals."""

from __future__ import annotations

import argparse
import json
import os
import secrets
from pathlib import Path
from typing import IO, Any

import msgspec
from rich.table import Table
from rich.text import Text

from ecotone.cli.balance import check_bootstrap
from ecotone.cli.options import (
    Commands,
    add_game_arguments,
    add_where_arguments,
    at_least,
    make_game,
    split_names,
    where_played,
)
from ecotone.cli.output import UsageError, fmt, progress_bar, stdout_console
from ecotone.core.records import counted
from ecotone.sim.balance.stats import MIN_RESAMPLES
from ecotone.sim.runner import GameResult
from ecotone.sim.tournament import (
    MIN_BOOTSTRAP_DEALS,
    WILSON,
    Standings,
    Tournament,
    run_tournament,
    schedule,
    standings,
)

__all__ = ["add_parser", "run_tournament_command"]

SHOWN_ERRORS = 10


def add_parser(commands: Commands) -> None:
    """Register ``tournament``."""
    parser = commands.add_parser(
        "tournament",
        help="rate bots against each other, every seating played",
        description="Play bots against each other in every seating order (a seating and its "
        "rotations on the same deal) and rate them (Bradley-Terry on the Elo scale) with 95% "
        "intervals from a bootstrap over the deals; a win rate the bootstrap cannot measure "
        f"(fewer than {MIN_BOOTSTRAP_DEALS} deals, or no spread) gets the Wilson score "
        "interval instead. The same --seed gives the same results whatever --workers is, "
        "or on Ray.",
    )
    add_game_arguments(parser)
    parser.add_argument(
        "--bots",
        required=True,
        metavar="NAMES",
        help="the bots to compare, at least two, comma-separated, each a spec with "
        "optional options, e.g. random,heuristic,ismcts:iterations=200 (see 'ecotone bots')",
    )
    parser.add_argument("--games", "-n", type=int, default=60, metavar="N", help="games to play")
    parser.add_argument(
        "--seed", type=int, help="the tournament's seed (default: random, reported)"
    )
    add_where_arguments(parser, "the number of CPUs, at most one per game")
    parser.add_argument(
        "--bootstrap",
        type=int,
        default=200,
        metavar="B",
        help=f"bootstrap resamples for the confidence intervals, at least {MIN_RESAMPLES} "
        "(default: 200)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        metavar="FILE",
        help="write one JSON line per game to FILE as each game finishes (default: none written)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object, no tables")
    parser.set_defaults(run=run_tournament_command)


def run_tournament_command(args: argparse.Namespace) -> int:
    """Validate everything, play with a progress bar, report."""
    at_least("--games", args.games, 1)
    at_least("--workers", args.workers, 1)
    check_bootstrap(args.bootstrap)
    bots = split_names(args.bots, "--bots")
    if len(bots) < 2:
        raise UsageError(
            f"a tournament compares bots: --bots needs at least two, not {args.bots!r} "
            "(to measure one bot, use 'ecotone simulate')"
        )
    if len(set(bots)) != len(bots):
        raise UsageError(f"--bots lists a bot twice: {', '.join(bots)}")
    game = make_game(args)  # the bots are not the seats: --players sets the table
    schedule(len(bots), game.players)  # a schedule too long fails before anything runs
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    workers = min(args.workers or os.cpu_count() or 1, args.games)
    sink = _open_out(args.out)
    try:
        played = _run(game, bots, args, seed, workers, sink)
    finally:
        if sink is not None:
            sink.close()
    result = standings(played, bootstrap=args.bootstrap)
    if args.json:
        out = result.to_json()
        out["workers"] = workers
        if args.ray:
            out["ray"] = args.ray
        print(json.dumps(out))
    else:
        _report(result, where_played(workers, args.ray))
    return 0


def _open_out(path: Path | None) -> IO[bytes] | None:
    # Opened before the games are played, so a bad path fails at once, not after an hour.
    if path is None:
        return None
    try:
        return path.open("wb")
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror}") from None


def _run(
    game: Any,
    bots: list[str],
    args: argparse.Namespace,
    seed: int,
    workers: int,
    sink: IO[bytes] | None,
) -> Tournament:
    encoder = msgspec.json.Encoder()

    def keep(result: GameResult) -> None:
        # Each game is written as it finishes (in finishing order; "index" gives the
        # schedule's), so an interrupted tournament keeps every game it played.
        if sink is not None:
            sink.write(encoder.encode(result) + b"\n")
            sink.flush()

    progress = progress_bar(quiet=args.json)
    with progress:
        task = progress.add_task(f"{game.spec.id} tournament", total=args.games)
        return run_tournament(
            game,
            bots,
            args.games,
            seed,
            workers=workers,
            ray=args.ray,
            on_progress=lambda n: progress.advance(task, n),
            on_result=keep,
        )


def _head_to_head(s: Standings) -> Table:
    """Row bot's points against column bot: a seat beaten 1, a tie 1/2 (as the ratings)."""
    order = [s.bots.index(r.bot) for r in s.records]
    table = Table(title="Head to head: the row's points against the column", title_justify="left")
    table.add_column("", style="bold", overflow="fold")
    for b in order:
        table.add_column(s.bots[b], justify="right", overflow="fold")
    for a in order:
        cells = []
        for b in order:
            points, meetings = s.head_to_head[a][b]
            cells.append(f"{fmt(points)}/{meetings} ({points / meetings:.0%})" if meetings else "-")
        table.add_row(s.bots[a], *cells)
    return table


def _interval_notes(s: Standings) -> list[str]:
    """What the ratings and the intervals are, in as many words as this run needs."""
    deals = counted(s.deals, "deal")
    if s.records and s.records[0].rating is not None:
        notes = [
            "Rating: Bradley-Terry on each game's pairwise results, Elo scale, mean 1500;",
            f"intervals: 95%, {s.bootstrap} bootstrap resamples of the deals.",
        ]
    else:
        notes = [
            "No ratings: a one-seat game has no head-to-head results. Intervals: 95%, "
            f"{s.bootstrap} bootstrap resamples of the deals."
        ]
    if any(r.rating is not None and r.rating_ci is None for r in s.records):
        notes.append(
            "A rating interval '-': every resample of the deals gave the same rating, so "
            "the bootstrap cannot bound it (which does not make the rating certain)."
        )
    elif any(r.rating_ci is not None for r in s.records) and s.deals < MIN_BOOTSTRAP_DEALS:
        notes.append(f"Only {deals}: rating intervals from so few are rough.")
    if any(r.win_rate_method == WILSON for r in s.records):
        why = (
            f"{deals} {'is' if s.deals == 1 else 'are'} too few for the bootstrap, which "
            f"needs {MIN_BOOTSTRAP_DEALS}"
            if s.deals < MIN_BOOTSTRAP_DEALS
            else "the bootstrap's resamples never differed"
        )
        notes.append(f"W: Wilson score interval on the seats filled; {why}.")
    return notes


def _report(s: Standings, place: str) -> None:
    c = stdout_console()
    g = s.game
    variant = f" ({g['variant']})" if g["variant"] else ""
    c.print(
        Text(
            f"{g['game']}{variant}, {counted(g['players'], 'player')}: "
            f"{counted(s.games, 'game')} ({s.completed} completed) in {s.seconds:.1f} s "
            f"{place}, seed {s.seed}; {counted(s.schedule, 'seating')}, "
            f"{counted(s.deals, 'deal')} (a seating and its rotations share one)"
        )
    )
    table = Table(title_justify="left")
    table.add_column("#", justify="right")
    # folded, never cut: two bots that differ only in the end of their spec
    # (policy:path=run1/best.zip, policy:path=run2/best.zip) must stay told apart
    table.add_column("Bot", style="bold", overflow="fold")
    table.add_column("Rating", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("Seats", justify="right")
    table.add_column("Wins", justify="right")
    table.add_column("Win rate", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("Fair share", justify="right")
    table.add_column("Mean score", justify="right")
    for rank, r in enumerate(s.records, 1):
        rating = f"{r.rating:.0f}" if r.rating is not None else "-"
        rating_ci = f"{r.rating_ci[0]:.0f}–{r.rating_ci[1]:.0f}" if r.rating_ci else "-"
        # a Wilson interval is marked, and the notes below say why it is not the bootstrap's
        mark = " W" if r.win_rate_method == WILSON else ""
        table.add_row(
            str(rank),
            r.bot,
            rating,
            rating_ci,
            str(r.seats),
            fmt(r.wins),
            f"{r.win_rate:.1%}",
            f"{r.win_rate_ci[0]:.1%}–{r.win_rate_ci[1]:.1%}{mark}",
            f"{r.share:.1%}",
            fmt(r.mean_score),
        )
    c.print(table)
    if any(n for row in s.head_to_head for _, n in row):
        c.print(_head_to_head(s))
    notes = _interval_notes(s)
    if not s.balanced:
        notes.append(
            f"Note: {counted(s.games, 'game')} is not a multiple of the "
            f"{counted(s.schedule, 'seating')}, so the "
            "last pass seats the bots unevenly."
        )
    for line in notes:
        c.print(Text(line, style="dim"))
    for err in s.errors[:SHOWN_ERRORS]:
        c.print(Text(f"  game {err['index']} (seed {err['seed']}): {err['message']}", style="red"))
    if len(s.errors) > SHOWN_ERRORS:
        c.print(f"  ... and {len(s.errors) - SHOWN_ERRORS} more (all of them are in --json)")
