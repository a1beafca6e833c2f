"""The ``ecotone`` command: parse the arguments, run a command, turn errors into one line.

Exit statuses: 0 success; 1 a failure that is not the user's doing (a replay that does
not check out, a missing rules document, the game's own data failing its checks); 2 a
usage error (unknown game, bad option or player count, unreadable file, a deck file that
is not a deck, unknown bot), always reported as a single
``ecotone: error: ...`` line on stderr, never a traceback; 130 interrupted by Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import NoReturn

import ecotone
from ecotone.cli import (
    balance,
    bench,
    bench_bots,
    bots,
    departures,
    info,
    play,
    replay,
    serve,
    simulate,
    tournament,
)
from ecotone.cli.output import UsageError, error_line
from ecotone.core.errors import ConfigError, EcotoneError, IllegalAction, StateError

__all__ = ["build_parser", "main"]

USAGE_STATUS = 2
FAILURE_STATUS = 1
INTERRUPT_STATUS = 130

# Errors that come from what the user typed or pointed at, as opposed to Ecotone failing.
_USER_ERRORS = (UsageError, ConfigError, IllegalAction, StateError)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose mistakes are one line, like every other user error."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def build_parser() -> argparse.ArgumentParser:
    """The full command-line parser, every command included."""
    parser = _Parser(
        prog="ecotone",
        description="Ecology tabletop games: play them, simulate them, study them.",
        epilog="Start with 'ecotone games', then 'ecotone play GAME'. Every command has --help.",
    )
    parser.add_argument("--version", action="version", version=f"ecotone {ecotone.__version__}")
    commands = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND")
    info.add_parsers(commands)
    play.add_parser(commands)
    simulate.add_parser(commands)
    replay.add_parser(commands)
    bench.add_parser(commands)
    bench_bots.add_parser(commands)
    tournament.add_parser(commands)
    balance.add_parser(commands)
    departures.add_parser(commands)
    bots.add_parser(commands)
    serve.add_parsers(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the ``ecotone`` command with ``argv`` (default: ``sys.argv[1:]``).

    Returns:
        The exit status (see the module's docstring).
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help and --version exit through argparse
        return exc.code if isinstance(exc.code, int) else 0
    except UsageError as exc:
        error_line(str(exc))
        return USAGE_STATUS
    if args.command is None:
        parser.print_help()
        return 0
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
