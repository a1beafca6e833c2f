"""``ecotone bench``: random-playout speed per game, relative to a fixed reference."""

from __future__ import annotations

import argparse
import json
import platform

from rich.table import Table
from rich.text import Text

import ecotone
from ecotone.cli.options import Commands, positive
from ecotone.cli.output import fmt, stderr_console, stdout_console
from ecotone.sim.bench import BenchReport, Throughput, bench

__all__ = ["add_parser", "run_bench"]


def add_parser(commands: Commands) -> None:
    """Register ``bench``."""
    parser = commands.add_parser(
        "bench",
        help="measure random-playout speed on one core",
        description="Time random playouts of each game on one core, and of a fixed "
        "pure-Python reference in the same run. Compare the ratios, not the raw speeds: "
        "they hold across machines.",
    )
    parser.add_argument(
        "games", nargs="*", metavar="GAME", help="games to time (default: all of them)"
    )
    parser.add_argument(
        "--seconds",
        "-s",
        type=float,
        default=2.0,
        metavar="S",
        help="time spent on each game and on the reference (default: 2)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run_bench)


def run_bench(args: argparse.Namespace) -> int:
    """Run the benchmark and print a table or JSON."""
    positive("--seconds", args.seconds)
    game_ids = list(dict.fromkeys(args.games)) or ecotone.available_games()
    err = stderr_console()
    if args.json or not err.is_terminal:
        report = bench(game_ids, args.seconds)
    else:
        with err.status("timing") as status:
            report = bench(game_ids, args.seconds, on_start=lambda n: status.update(f"timing {n}"))
    if args.json:
        out = report.to_json()
        out["python"] = platform.python_version()
        out["machine"] = platform.machine()
        print(json.dumps(out))
        return 0
    _table(report)
    return 0


def _table(report: BenchReport) -> None:
    c = stdout_console()
    table = Table(
        title=f"Random playouts, one core, Python {platform.python_version()}",
        title_justify="left",
    )
    table.add_column("Workload", style="bold")
    table.add_column("Players", justify="right")
    table.add_column("Steps/s", justify="right")
    table.add_column("Games/s", justify="right")
    table.add_column("Steps/game", justify="right")
    table.add_column("× reference", justify="right")

    def row(t: Throughput) -> None:
        table.add_row(
            t.name,
            str(t.players) if t.players else "-",
            f"{t.steps_per_second:,.0f}",
            f"{t.games_per_second:,.1f}",
            fmt(t.steps_per_game, 1),
            f"{report.ratio(t):.3f}",
        )

    row(report.reference)
    for t in report.games:
        row(t)
    c.print(table)
    c.print(Text("reference: random tic-tac-toe in plain Python, timed in the same run"))
