"""``ecotone simulate``: many bot-vs-bot games in parallel, summarised."""

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
from ecotone.sim.runner import Batch, Summary, default_bot, lineup_for, run_games, summarize

__all__ = ["add_parser", "run_simulate"]

# Errors listed in the text report; --json and --out always carry all of them.
SHOWN_ERRORS = 10
# Without --workers, one process per this many games (up to the number of CPUs).
SMALL_BATCH = 20


def add_parser(commands: Commands) -> None:
    """Register ``simulate``."""
    parser = commands.add_parser(
        "simulate",
        help="play many bot-vs-bot games and summarise wins and scores",
        description="Play bot-vs-bot games in parallel processes. The same --seed gives the "
        "same results whatever --workers is, or on Ray.",
    )
    add_game_arguments(parser)
    parser.add_argument("--games", "-n", type=int, default=100, metavar="N", help="games to play")
    parser.add_argument(
        "--bots",
        metavar="NAMES",
        help="one bot spec per seat, comma-separated, or one for every seat; a spec may "
        "carry options, e.g. ismcts:iterations=200 (default: heuristic if the game has one, "
        "else random)",
    )
    parser.add_argument(
        "--rotate",
        action="store_true",
        help="turn the bots one seat per game, so no bot gains from its seat; wins are "
        "also reported per bot",
    )
    parser.add_argument("--seed", type=int, help="the batch's seed (default: random, reported)")
    add_where_arguments(parser, "the number of CPUs, fewer for small batches")
    parser.add_argument(
        "--out",
        type=Path,
        metavar="FILE",
        help="write one JSON line per game to FILE (default: none written)",
    )
    parser.add_argument(
        "--replays",
        type=Path,
        metavar="DIR",
        help="save every game's replay in DIR (default: none saved)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object, no tables")
    parser.set_defaults(run=run_simulate)


def _open_out(path: Path | None) -> IO[bytes] | None:
    # Opened before the games are played, so a bad path fails in a second, not after an hour.
    if path is None:
        return None
    try:
        return path.open("wb")
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror}") from None


def run_simulate(args: argparse.Namespace) -> int:
    """Validate everything, run the batch with a progress bar, report."""
    at_least("--games", args.games, 1)
    at_least("--workers", args.workers, 1)
    names = split_names(args.bots, "--bots")
    game = make_game(args, names)
    lineup = lineup_for(names or [default_bot(game)], game.players)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    if args.workers is not None:
        workers = min(args.workers, args.games)
    else:
        # Starting a process costs a fraction of a second: small batches stay in fewer.
        workers = max(1, min(os.cpu_count() or 1, args.games // SMALL_BATCH))
    if args.replays is not None:
        try:
            args.replays.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"cannot use {args.replays} for replays: {exc.strerror}") from None
    out = _open_out(args.out)
    try:
        batch = _run(game, lineup, args, seed, workers)
        if out is not None:
            encoder = msgspec.json.Encoder()
            for result in batch.results:
                out.write(encoder.encode(result) + b"\n")
    finally:
        if out is not None:
            out.close()
    summary = summarize(batch)
    if args.json:
        print(json.dumps(summary.to_json()))
    else:
        _report(summary, where_played(workers, args.ray), args.out)
    return 0


def _run(game: Any, lineup: list[str], args: argparse.Namespace, seed: int, workers: int) -> Batch:
    progress = progress_bar(quiet=args.json)
    with progress:
        task = progress.add_task(f"{game.spec.id}", total=args.games)
        return run_games(
            game,
            lineup,
            args.games,
            seed,
            workers=workers,
            ray=args.ray,
            rotate=args.rotate,
            replay_dir=args.replays,
            on_progress=lambda n: progress.advance(task, n),
        )


def _report(s: Summary, place: str, out: Path | None) -> None:
    c = stdout_console()
    variant = f" ({s.variant})" if s.variant else ""
    c.print(
        Text(
            f"{s.game}{variant}, {counted(s.players, 'player')}: {s.games} games "
            f"({s.completed} completed), {s.steps} steps "
            f"({fmt(s.mean_steps, 1)} per game), {s.seconds:.2f} s "
            f"{place}, seed {s.seed}"
        )
    )
    table = Table(title_justify="left")
    table.add_column("Seat")
    table.add_column("Bot" if not s.rotate else "Bot (game 1)")
    table.add_column("Wins", justify="right")
    table.add_column("Win rate", justify="right")
    table.add_column("Mean score", justify="right")
    table.add_column("Std dev", justify="right")
    for seat in range(s.players):
        table.add_row(
            f"P{seat + 1}",
            s.bots[seat],
            fmt(s.wins[seat]),
            f"{s.win_rates[seat]:.1%}",
            fmt(s.mean_scores[seat]),
            fmt(s.score_stdev[seat]),
        )
    c.print(table)
    if s.rotate:
        by_bot = Table(title="Per bot (seats rotated)", title_justify="left")
        by_bot.add_column("Bot")
        by_bot.add_column("Wins", justify="right")
        by_bot.add_column("Mean score", justify="right")
        for entry, name in enumerate(s.bots):
            by_bot.add_row(
                f"{entry + 1}. {name}", fmt(s.bot_wins[entry]), fmt(s.bot_mean_scores[entry])
            )
        c.print(by_bot)
    c.print(
        f"No winner: {s.no_winner}   Shared wins: {s.shared}   "
        f"First player's wins: {fmt(s.first_player_wins)}   Errors: {len(s.errors)}"
    )
    for err in s.errors[:SHOWN_ERRORS]:
        c.print(Text(f"  game {err['index']} (seed {err['seed']}): {err['message']}", style="red"))
    if len(s.errors) > SHOWN_ERRORS:
        c.print(f"  ... and {len(s.errors) - SHOWN_ERRORS} more (all of them are in --json)")
    if out is not None:
        c.print(Text(f"Per-game results: {out}"))
