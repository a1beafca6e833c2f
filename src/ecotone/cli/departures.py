"""``ecotone departures``: where a bot leaves the heuristic's move, and what that is worth."""

from __future__ import annotations

import argparse
import json
import secrets

from rich.table import Table
from rich.text import Text

from ecotone.cli.options import Commands, add_game_arguments, at_least, make_game
from ecotone.cli.output import progress_bar, stdout_console
from ecotone.core.records import counted
from ecotone.sim.departures import DepartureReport, departures

__all__ = ["add_parser", "run_departures"]


def add_parser(commands: Commands) -> None:
    """Register ``departures``."""
    parser = commands.add_parser(
        "departures",
        help="where a bot departs from the heuristic, each departure judged by playouts",
        description="Sample decisions from games of heuristic bots, ask the bot at each, and "
        "judge every move it plays instead of the heuristic's by paired playouts: the same "
        "deal (re-dealt from the seat's view) played to the end by heuristic bots after "
        "each of the two moves. Far cheaper than a tournament for telling whether a bot's "
        "own ideas are any good. The same --seed gives the same report.",
    )
    add_game_arguments(parser)
    parser.add_argument(
        "--bot",
        required=True,
        metavar="SPEC",
        help="the bot to question, e.g. ismcts or ismcts:paired=8 (see 'ecotone bots')",
    )
    parser.add_argument(
        "--decisions", "-n", type=int, default=40, metavar="N", help="decisions to sample"
    )
    parser.add_argument(
        "--playouts",
        "-k",
        type=int,
        default=30,
        metavar="K",
        help="paired playouts judging each departure (default: 30)",
    )
    parser.add_argument("--seed", type=int, help="the seed (default: random, reported)")
    parser.add_argument("--json", action="store_true", help="print one JSON object, no tables")
    parser.set_defaults(run=run_departures)


def run_departures(args: argparse.Namespace) -> int:
    """Check the arguments, question the bot with a progress bar, report."""
    at_least("--decisions", args.decisions, 1)
    at_least("--playouts", args.playouts, 2)  # a standard error needs two
    game = make_game(args)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    progress = progress_bar(quiet=args.json)
    with progress:
        task = progress.add_task(f"{game.spec.id} decisions", total=args.decisions)
        report = departures(
            game,
            args.bot,
            args.decisions,
            args.playouts,
            seed,
            on_decision=lambda n: progress.update(task, completed=n),
        )
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        _report(report)
    return 0


def _report(r: DepartureReport) -> None:
    c = stdout_console()
    g = r.game
    variant = f" ({g['variant']})" if g["variant"] else ""
    c.print(
        Text(
            f"{g['game']}{variant}, {counted(g['players'], 'player')}: {r.bot} at {r.decisions} "
            f"decisions of heuristic games, seed {r.seed}, {r.seconds:.1f} s; "
            f"{counted(len(r.departures), 'departure')} from the heuristic's move, each judged by "
            f"{r.playouts} paired playouts"
        )
    )
    if r.departures:
        table = Table(title_justify="left")
        table.add_column("#", justify="right")
        table.add_column("Seat", justify="right")
        table.add_column("Heuristic's move")
        table.add_column("Bot's move")
        table.add_column("Win share +/-", justify="right")
        table.add_column("Margin +/-", justify="right")
        table.add_column("Std error", justify="right")
        for d in r.departures:
            table.add_row(
                str(d.decision + 1),
                f"P{d.seat + 1}",
                d.heuristic,
                d.chosen,
                f"{d.win:+.3f}",
                f"{d.margin:+.2f}",
                f"{d.margin_error:.2f}",
            )
        c.print(table)
        c.print(
            Text(
                f"Per departure: win share {r.mean_win:+.3f}, score margin {r.mean_margin:+.2f}; "
                f"better {r.count('better')}, worse {r.count('worse')}, "
                f"the same {r.count('same')}."
            )
        )
    c.print(
        Text(
            "+/-: the bot's move against the heuristic's, mean over the paired playouts of "
            "the seat's win share and score margin (its score minus the best other's).",
            style="dim",
        )
    )
