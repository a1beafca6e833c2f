"""``ecotone bench-bots``: ISMCTS iterations per second per game, with OpenSpiel as reference."""

from __future__ import annotations

import argparse
import json
import platform
from collections.abc import Callable

from rich.table import Table
from rich.text import Text

import ecotone
from ecotone.bots.ismcts import default_iterations
from ecotone.cli.options import Commands, add_rounds_argument, at_least
from ecotone.cli.output import caution, stderr_console, stdout_console
from ecotone.sim.bench import DOMINOES_AT_TARGETS
from ecotone.sim.bench_bots import BotBenchReport, SearchSpeed, bench_bots

__all__ = ["add_parser", "run_bench_bots"]


def add_parser(commands: Commands) -> None:
    """Register ``bench-bots``."""
    parser = commands.add_parser(
        "bench-bots",
        help="measure ISMCTS search speed on one core",
        description="Time the ISMCTS search (random rollouts, no prior) at decisions early, "
        "midway and late in seeded games, and the bot at its default settings at the same "
        "decisions; OpenSpiel's ISMCTS on Hearts is timed in the same run as the reference "
        "(needs the optional open_spiel: pip install 'ecotone[bench]').",
    )
    parser.add_argument(
        "games", nargs="*", metavar="GAME", help="games to time (default: all of them)"
    )
    parser.add_argument(
        "--iterations",
        "-i",
        type=int,
        default=1000,
        metavar="N",
        help="iterations per timed search (default: 1000)",
    )
    parser.add_argument(
        "--deals", type=int, default=2, metavar="D", help="seeded games to take decisions from"
    )
    parser.add_argument(
        "--players",
        "-p",
        type=int,
        metavar="N",
        help="seats in each game timed (default: each game's fewest)",
    )
    add_rounds_argument(parser, "the searches and the references")
    parser.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel reference")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run_bench_bots)


def run_bench_bots(args: argparse.Namespace) -> int:
    """Run the benchmark and print a table or JSON."""
    at_least("--iterations", args.iterations, 1)
    at_least("--deals", args.deals, 1)
    at_least("--players", args.players, 1)
    at_least("--rounds", args.rounds, 1)
    game_ids = list(dict.fromkeys(args.games)) or ecotone.available_games()
    err = stderr_console()

    def run(on_start: Callable[[str], None] | None = None) -> BotBenchReport:
        return bench_bots(
            game_ids,
            args.iterations,
            games=args.deals,
            players=args.players,
            openspiel=not args.no_openspiel,
            on_start=on_start,
            rounds=args.rounds,
        )

    if args.json or not err.is_terminal:
        report = run()
    else:
        with err.status("timing") as status:
            report = run(lambda n: status.update(f"timing {n}"))
    if args.json:
        out = report.to_json()
        out["python"] = platform.python_version()
        out["machine"] = platform.machine()
        print(json.dumps(out))
        return 0
    _table(report)
    return 0


def _table(report: BotBenchReport) -> None:
    c = stdout_console()
    table = Table(
        title=f"ISMCTS search, one core (CPU time), {report.iterations} iterations per search, "
        f"Python {platform.python_version()}",
        title_justify="left",
    )
    table.add_column("Game", style="bold")
    table.add_column("Search")
    table.add_column("Seats", justify="right")
    table.add_column("Searches", justify="right")
    table.add_column("It/s", justify="right")
    table.add_column("Slowest it/s", justify="right")
    table.add_column("Default its", justify="right")
    table.add_column("ms/move", justify="right")
    table.add_column("Scaled ms", justify="right")
    table.add_column("× OS-py", justify="right")

    def row(r: SearchSpeed) -> None:
        spread = report.spread(r)
        default = default_iterations(r.name) if r.bot == "ismcts" else None
        table.add_row(
            r.name,
            r.bot,
            str(r.players),
            str(r.decisions),
            f"{r.iterations_per_second:,.0f}",
            f"{r.slowest:,.0f}" if r.bot == "ismcts" else "-",
            str(default) if default else "-",
            f"{r.default_ms:,.0f}" if r.default_ms is not None else "-",
            f"{scaled:,.0f}" if (scaled := report.at_targets(r.default_ms)) is not None else "-",
            spread.text() if spread is not None else "-",
        )

    for r in report.games:
        row(r)
    for r in report.openspiel:
        row(r)
    c.print(table)
    c.print(
        Text(
            "It/s: iterations per second of the plain search (random rollouts, no prior, as "
            "the OpenSpiel reference); Slowest it/s: its slowest search; ms/move: the bot at "
            "its default settings (the game's iterations, rollouts and prior), mean per "
            "decision; Scaled ms: that mean scaled to the machine the targets' 300 ms was set "
            f"on (OpenSpiel's dominoes at {DOMINOES_AT_TARGETS:,} steps/s there); × OS-py: "
            "speed over OpenSpiel's Python ISMCTS on Hearts"
            + (
                f" (all {rounds} rounds together; × OS-py the median of the rounds' ratios, "
                "lowest-highest)"
                if (rounds := len(report.rounds))
                else ""
            ),
            style="dim",
        )
    )
    caution(c, report.unsteady())
    for name, message in report.failures.items():
        c.print(Text(f"{name}: the search failed: {message}", style="red"))
    if report.openspiel_missing:
        c.print(Text(f"OpenSpiel reference not timed: {report.openspiel_missing}", style="yellow"))
    c.print(
        Text(
            f"playout reference ({report.reference.name}): "
            f"{report.reference.steps_per_second:,.0f} steps/s of CPU time in the same run",
            style="dim",
        )
    )
