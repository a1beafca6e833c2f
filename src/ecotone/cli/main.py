"""The ``ecotone`` command: parse the arguments, run a command, turn errors into one line.

Exit statuses: 0 success; 1 a failure that is not the user's doing (a replay that does
not check out, a missing rules document, the game's own data failing its checks); 2 a
usage error (no command, unknown game, bad option or player count, unreadable file, a
deck file that is not a deck, unknown bot), always reported as a single
``ecotone: error: ...`` line on stderr, never a traceback; 130 interrupted by Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, NoReturn

import ecotone
from ecotone.bots.tuning import tune_for_search
from ecotone.cli import (
    balance,
    bench,
    bench_bots,
    bots,
    cards,
    decks,
    departures,
    info,
    play,
    policy,
    replay,
    serve,
    simulate,
    tournament,
)
from ecotone.cli.output import UsageError, error_line
from ecotone.core.build import describe
from ecotone.core.errors import ConfigError, EcotoneError, IllegalAction, StateError

__all__ = ["build_parser", "main"]

USAGE_STATUS = 2
FAILURE_STATUS = 1
INTERRUPT_STATUS = 130

# Errors that come from what the user typed or pointed at, as opposed to Ecotone failing.
_USER_ERRORS = (UsageError, ConfigError, IllegalAction, StateError)

# The commands that run bots' searches: their process tunes its collector for it first
# (ecotone.bots.tuning). `serve` tunes its own process and its bot workers.
SEARCHING_COMMANDS = frozenset(
    {"play", "simulate", "bench", "bench-bots", "tournament", "balance", "departures"}
)


class _HelpFormatter(argparse.HelpFormatter):
    """Help that says every option's default: its own words, else ``(default: value)``.

    An option whose help already speaks of its default (``default: random, reported``)
    keeps its words; flags, required options and options without a value of their own
    (``None``, or nothing yet for one given again and again: their help must say what
    happens) are left as they are.
    """

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help
        if text is None or "default" in text or not action.option_strings:
            return text
        if action.nargs == 0 or action.required or action.default in (None, argparse.SUPPRESS, []):
            return text
        return f"{text} (default: %(default)s)"


class _Parser(argparse.ArgumentParser):
    """An argument parser whose mistakes are one line, like every other user error.

    Every command's parser is one too (``add_subparsers`` makes its parsers of the
    parent's class), so every command's help says its options' defaults.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)
        # the commands' parsers, for the top-level parser (see build_parser)
        self.commands: argparse._SubParsersAction[_Parser] | None = None

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


class _Version(argparse.Action):
    """``--version``: the version and the build (pure Python, or compiled), found only when
    asked for (finding the compiled modules reads the package's directory)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        kwargs.update(nargs=0, default=argparse.SUPPRESS)
        super().__init__(option_strings, dest, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        print(f"ecotone {ecotone.__version__}, {describe()}")
        parser.exit()


def build_parser() -> _Parser:
    """The full command-line parser, every command included."""
    parser = _Parser(
        prog="ecotone",
        description="Ecology tabletop games: play them, simulate them, study them.",
        epilog="Start with 'ecotone games', then 'ecotone play GAME'. Every command has --help.",
    )
    parser.add_argument(
        "--version", action=_Version, help="show the version and the build (pure or compiled)"
    )
    commands = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND")
    parser.commands = commands
    info.add_parsers(commands)
    cards.add_parser(commands)
    decks.add_parser(commands)
    play.add_parser(commands)
    simulate.add_parser(commands)
    replay.add_parser(commands)
    bench.add_parser(commands)
    bench_bots.add_parser(commands)
    tournament.add_parser(commands)
    balance.add_parser(commands)
    departures.add_parser(commands)
    bots.add_parser(commands)
    policy.add_parser(commands)
    serve.add_parsers(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the ``ecotone`` command with ``argv`` (default: ``sys.argv[1:]``).

    Returns:
        The exit status (see the module's docstring).
    """
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:
            # said by the command's own parser, so that the hint names the command's help
            command = parser
            if args.command and parser.commands is not None:
                command = parser.commands.choices[args.command]
            command.error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as exc:  # --help and --version exit through argparse
        return exc.code if isinstance(exc.code, int) else 0
    except UsageError as exc:
        error_line(str(exc))
        return USAGE_STATUS
    if args.command is None:
        # A command is required: show what there is, and fail as any usage error does,
        # so that a script calling a bare ``ecotone`` does not pass by accident.
        parser.print_help(sys.stderr)
        error_line(f"a command is needed (see '{parser.prog} --help')")
        return USAGE_STATUS
    if args.command in SEARCHING_COMMANDS:
        tune_for_search()
    try:
        status: int = args.run(args)
    except _USER_ERRORS as exc:
        error_line(exc.message if isinstance(exc, EcotoneError) else str(exc))
        return USAGE_STATUS
    except EcotoneError as exc:
        error_line(exc.message)
        return FAILURE_STATUS
    except KeyboardInterrupt:
        error_line("interrupted")
        return INTERRUPT_STATUS
    except BrokenPipeError:
        # The reader went away (`ecotone games | head`): stop quietly, and point stdout
        # at nothing so Python's final flush does not complain again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return FAILURE_STATUS
    return status
