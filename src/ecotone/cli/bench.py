"""``ecotone bench``: how fast each game plays, searches and decides, and what its RL
environment costs over its engine, against references timed in the same run;
``--profile GAME``: where a game's time goes."""

from __future__ import annotations

import argparse
import json
import platform
import shlex
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.table import Table
from rich.text import Text

import ecotone
from ecotone._pure import ENV as NO_EXTENSIONS
from ecotone.bots.ismcts import default_iterations
from ecotone.cli.options import Commands, add_rounds_argument, at_least, positive, split_names
from ecotone.cli.output import UsageError, caution, fmt, stderr_console, stdout_console
from ecotone.core.build import compiled_modules, describe
from ecotone.core.registry import game_class
from ecotone.sim.bench import DOMINOES, DOMINOES_AT_TARGETS, BenchReport, bench
from ecotone.sim.bench_bots import BotBenchReport, SearchSpeed, bench_bots
from ecotone.sim.hotspots import WORKLOADS, Profile, profile
from ecotone.sim.memory import StateMemory, state_memory

if TYPE_CHECKING:
    from ecotone.rl.bench import RlBench

__all__ = ["SECTIONS", "add_parser", "run_bench"]

#: The parts of a benchmark run, in the order they are timed and printed.
SECTIONS = ("playouts", "search", "memory", "environments")

# The defaults of --seconds and --top (a profile's caution repeats only what differs).
_DEFAULT_SECONDS = 2.0
_DEFAULT_TOP = 20

#: What ``environments`` says when the ``rl`` extra is not installed.
RL_MISSING = "the RL environments are not installed; install them with: pip install 'ecotone[rl]'"


def add_parser(commands: Commands) -> None:
    """Register ``bench``."""
    parser = commands.add_parser(
        "bench",
        help="measure playout, search and bot speed and memory per state on one core",
        description="Time random playouts of every game and variant (through the checked "
        "API and the search's unchecked step), the ISMCTS search and the bot at its default "
        "settings, measure memory per state, and time each game's PettingZoo environment "
        "against its raw engine (with the rl extra: pip install 'ecotone[rl]'); references "
        "are timed in the same run (OpenSpiel's Python dominoes and ISMCTS on Hearts when "
        "OpenSpiel is installed: pip install 'ecotone[bench]'). Times are CPU time of one "
        "process. Compare the "
        "ratios, not the raw speeds: they hold across machines. --profile GAME shows where "
        "a game's time goes instead.",
    )
    parser.add_argument(
        "games", nargs="*", metavar="GAME", help="games to measure (default: all of them)"
    )
    parser.add_argument(
        "--seconds",
        "-s",
        type=float,
        default=_DEFAULT_SECONDS,
        metavar="S",
        help="CPU seconds of playouts per configuration and for the reference (the "
        "environments: half of it for each of their four ways of playing, per game)",
    )
    parser.add_argument(
        "--iterations",
        "-i",
        type=int,
        default=300,
        metavar="N",
        help="iterations per timed search",
    )
    parser.add_argument(
        "--deals",
        type=int,
        default=2,
        metavar="D",
        help="seeded games the search and the bot decide in (3 decisions each)",
    )
    add_rounds_argument(parser, "the playouts and the search")
    parser.add_argument(
        "--only",
        metavar="PARTS",
        help=f"comma-separated parts to run, of {', '.join(SECTIONS)} (default: all)",
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        help="use the plain-Python references even where OpenSpiel is installed",
    )
    parser.add_argument(
        "--profile",
        metavar="GAME",
        help="profile GAME instead (standard game, fewest players): its busiest functions "
        "(default: no profile, the benchmark)",
    )
    parser.add_argument(
        "--workload",
        choices=WORKLOADS,
        default="checked",
        help="what --profile runs: checked or unchecked random playouts, or the bot at "
        "its default settings (default: checked)",
    )
    parser.add_argument(
        "--top", type=int, default=_DEFAULT_TOP, metavar="N", help="functions --profile lists"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run_bench)


def _sections(text: str | None) -> tuple[str, ...]:
    if text is None:
        return SECTIONS
    names = split_names(text)
    unknown = [n for n in names if n not in SECTIONS]
    if unknown or not names:
        raise UsageError(
            f"--only takes {', '.join(SECTIONS)}; not {', '.join(unknown) or repr(text)}"
        )
    return tuple(s for s in SECTIONS if s in names)


def run_bench(args: argparse.Namespace) -> int:
    """Run the benchmark (or the profile) and print tables or JSON."""
    positive("--seconds", args.seconds)
    at_least("--iterations", args.iterations, 1)
    at_least("--deals", args.deals, 1)
    at_least("--rounds", args.rounds, 1)
    at_least("--top", args.top, 1)
    if args.profile is not None:
        return _run_profile(args)
    sections = _sections(args.only)
    game_ids = list(dict.fromkeys(args.games)) or ecotone.available_games()
    for gid in game_ids:
        game_class(gid)  # an unknown game fails at once, not after minutes of timing
    err = stderr_console()
    quiet = args.json or not err.is_terminal
    out: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "clock": "process CPU time",
        "compiled": list(compiled_modules()),
    }
    results: dict[str, Any] = {}

    def measure(on_start: Callable[[str], None] | None) -> None:
        if "playouts" in sections:
            results["playouts"] = bench(
                game_ids, args.seconds, plain=args.plain, on_start=on_start, rounds=args.rounds
            )
        if "search" in sections:
            results["search"] = bench_bots(
                game_ids,
                args.iterations,
                games=args.deals,
                openspiel=not args.plain,
                on_start=on_start,
                rounds=args.rounds,
            )
        if "memory" in sections:
            rows = []
            for gid in game_ids:
                if on_start is not None:
                    on_start(f"memory {gid}")
                game = ecotone.make(gid, players=game_class(gid).spec.min_players)
                rows.append(state_memory(game))
            results["memory"] = rows
        if "environments" in sections:
            results["environments"] = _environments(game_ids, args.seconds / 2, on_start)

    if quiet:
        measure(None)
    else:
        with err.status("timing") as status:
            measure(lambda n: status.update(f"timing {n}"))
    if args.json:
        print(json.dumps(out | _results_json(results)))
        return 0
    _print_tables(results)
    return 0


def _results_json(results: dict[str, Any]) -> dict[str, Any]:
    """The parts measured, as the JSON object's fields."""
    out: dict[str, Any] = {}
    if "playouts" in results:
        out.update(results["playouts"].to_json())
    if "search" in results:
        out["search"] = results["search"].to_json()
    if "memory" in results:
        out["memory"] = [m.to_json() for m in results["memory"]]
    if "environments" in results:
        rows, missing = results["environments"]
        out["environments"] = [r.to_json() for r in rows]
        out["environments_missing"] = missing
    return out


def _print_tables(results: dict[str, Any]) -> None:
    """The parts measured, a table each, in the order they were timed."""
    if "playouts" in results:
        _playouts_table(results["playouts"])
    if "search" in results:
        _search_table(results["search"])
    if "memory" in results:
        _memory_table(results["memory"])
    if "environments" in results:
        _environments_table(*results["environments"])


def _environments(
    game_ids: list[str], seconds: float, on_start: Callable[[str], None] | None
) -> tuple[list[RlBench], str | None]:
    """Each game's AEC environment against its engine (``ecotone.rl.bench``), or why not."""
    try:
        from ecotone.rl.bench import bench as rl_bench  # noqa: PLC0415 - the optional extra
    except ModuleNotFoundError:
        return [], RL_MISSING
    rows: list[RlBench] = []
    for gid in game_ids:
        if on_start is not None:
            on_start(f"environment {gid}")
        rows += rl_bench([gid], seconds)
    return rows, None


def _table(title: str, first: str, *numbers: str, bold: bool = True) -> Table:
    """A table of the benchmark's: ``first`` names the row (in bold unless ``bold`` is
    false), the ``numbers`` columns are figures, set right."""
    table = Table(title=title, title_justify="left")
    table.add_column(first, style="bold" if bold else None)
    for name in numbers:
        table.add_column(name, justify="right")
    return table


def _playouts_table(report: BenchReport) -> None:
    c = stdout_console()
    table = _table(
        f"Random playouts, one core (CPU time), Python {platform.python_version()}, "
        f"Ecotone {describe()}",
        "Workload",
        "Players",
        "Steps/game",
        "Checked steps/s",
        "× ref",
        "Unchecked steps/s",
        "× ref",
    )

    ref = report.reference
    table.add_row(
        f"reference: {ref.name}",
        "-",
        fmt(ref.steps_per_game, 1),
        f"{ref.steps_per_second:,.0f}",
        "1.00",
        "",
        "",
    )
    for i, r in enumerate(report.rows):
        table.add_row(
            r.label,
            str(r.players),
            fmt(r.checked.steps_per_game, 1),
            f"{r.checked.steps_per_second:,.0f}",
            report.spread(i).text(),
            f"{r.unchecked.steps_per_second:,.0f}",
            report.spread(i, unchecked=True).text(),
        )
    c.print(table)
    rounds = len(report.rounds)
    c.print(
        Text(
            f"reference: {report.reference_text}, timed in the same run; checked: "
            "legal_actions + apply; unchecked: as the search's rollouts step (hooks, pick)"
            + (
                f"; steps/s of all {rounds} rounds, × ref the median of the rounds' ratios "
                "(lowest-highest)"
                if rounds
                else ""
            ),
            style="dim",
        )
    )
    caution(c, report.unsteady())


def _search_table(report: BotBenchReport) -> None:
    c = stdout_console()
    table = _table(
        f"ISMCTS search, {report.iterations} iterations per search, and the bot at "
        "its defaults (CPU time)",
        "Game",
        "Seats",
        "It/s",
        "× OS-py",
        "Default its",
        "Bot ms/move",
        "Slowest ms",
        "Scaled ms",
    )

    def row(r: SearchSpeed) -> None:
        spread = report.spread(r)
        own = r.bot == "ismcts"
        table.add_row(
            r.name if own else f"{r.name} ({r.bot})",
            str(r.players),
            f"{r.iterations_per_second:,.0f}",
            spread.text() if spread is not None else "-",
            str(default_iterations(r.name)) if own else "-",
            f"{r.default_ms:,.0f}" if r.default_ms is not None else "-",
            f"{r.default_max_ms:,.0f}" if r.default_max_ms is not None else "-",
            f"{scaled:,.0f}" if (scaled := report.at_targets(r.default_ms)) is not None else "-",
        )

    for r in report.games:
        row(r)
    for r in report.openspiel:
        row(r)
    c.print(table)
    ref = report.reference
    here = f", {ref.steps_per_second:,.0f} in this run" if ref.name == DOMINOES else ""
    c.print(
        Text(
            "It/s: the plain search (random rollouts, no prior, as the reference); × OS-py: "
            "over OpenSpiel's Python ISMCTS on Hearts; Bot ms/move and Slowest ms: the bot "
            "at its default settings, mean and longest decision at the same positions; "
            "Scaled ms: the mean scaled to the machine the targets' 300 ms was set on "
            f"(OpenSpiel's dominoes at {DOMINOES_AT_TARGETS:,} steps/s there{here}; "
            "only with OpenSpiel)"
            + (
                f"; all {rounds} rounds together, × OS-py the median of the rounds' ratios "
                "(lowest-highest)"
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


def _memory_table(rows: list[StateMemory]) -> None:
    c = stdout_console()
    table = _table(
        "Memory per state (random games)",
        "Game",
        "Players",
        "States",
        "Bytes alone",
        "Bytes held",
    )
    for m in rows:
        table.add_row(m.name, str(m.players), str(m.states), f"{m.alone:,.0f}", f"{m.held:,.0f}")
    c.print(table)
    c.print(
        Text(
            "alone: everything one state's data reaches, nothing shared; held: memory per "
            "state with every position of the games kept (states share unchanged parts)",
            style="dim",
        )
    )


def _environments_table(rows: list[RlBench], missing: str | None) -> None:
    c = stdout_console()
    if missing is not None:
        c.print(Text(f"Environments not timed: {missing}", style="yellow"))
        return
    table = _table(
        "RL environments (PettingZoo AEC) against the raw engine, one core (CPU time)",
        "Game",
        "Players",
        "Engine steps/s",
        "+observe steps/s",
        "Env steps/s",
        "Cost",
        "vs +observe",
        "Blank cost",
    )
    for r in rows:
        table.add_row(
            r.game,
            str(r.players),
            f"{r.engine:,.0f}",
            f"{r.observed:,.0f}",
            f"{r.aec:,.0f}",
            f"{r.cost:.2f}x",
            f"{r.cost_vs_observe:.2f}x",
            f"{r.blank_cost:.2f}x",
        )
    c.print(table)
    c.print(
        Text(
            "engine: legal_actions + apply; +observe: and observe() for the seat to move; "
            "env: the AEC environment's last() (tensor and mask) and step(); cost: the "
            "environment's time per step over the engine's (vs +observe: over the observing "
            "engine's); blank: the environment with an all-zero tensor (bookkeeping and mask)",
            style="dim",
        )
    )


def _run_profile(args: argparse.Namespace) -> int:
    gid = args.profile
    compiled = list(compiled_modules())
    game = ecotone.make(gid, players=game_class(gid).spec.min_players)
    err = stderr_console()
    if args.json or not err.is_terminal:
        found = profile(game, args.workload, args.seconds, args.top)
    else:
        with err.status(f"profiling {gid} ({args.workload})"):
            found = profile(game, args.workload, args.seconds, args.top)
    if args.json:
        print(json.dumps(found.to_json() | {"build": describe(), "compiled": compiled}))
        return 0
    _profile_tables(found)
    if compiled:
        # (cProfile cannot see inside a compiled function: the shares above lump the rules
        # into the kernel's methods that call them)
        again = ["ecotone", "bench", "--profile", gid]
        if args.workload != "checked":
            again += ["--workload", args.workload]
        if args.seconds != _DEFAULT_SECONDS:
            again += ["--seconds", f"{args.seconds:g}"]
        if args.top != _DEFAULT_TOP:
            again += ["--top", str(args.top)]
        caution(
            stdout_console(),
            f"This install is compiled ({len(compiled)} modules): the profiler sees each "
            "compiled function as one call, named after the method that entered it. To see "
            "the rules function by function, profile the same workload from the sources of "
            f"this install: {NO_EXTENSIONS}=1 {shlex.join(again)}",
        )
    return 0


def _profile_tables(p: Profile) -> None:
    c = stdout_console()
    c.print(
        Text(
            f"{p.name}, {p.players} players, {p.workload}: {p.units} {p.unit} in "
            f"{p.seconds:.2f} s of CPU time, under the profiler; Ecotone {describe()}",
            style="bold",
        )
    )
    for title, rows in (("by own time", p.by_own), ("by time including calls", p.by_total)):
        table = _table(
            f"Busiest functions {title}",
            "Function",
            "Calls",
            "Own %",
            "Total %",
            bold=False,
        )
        for h in rows:
            table.add_row(h.where, f"{h.calls:,}", _share(h.own, p), _share(h.total, p))
        c.print(table)


def _share(seconds: float, p: Profile) -> str:
    return f"{100 * p.share(seconds):.1f}"
