"""Command-line arguments several commands share: which game, how many, where files go."""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeAlias

import ecotone
from ecotone.cli.deckstore import saved_entries
from ecotone.cli.output import UsageError
from ecotone.core.errors import DataError
from ecotone.core.records import counted
from ecotone.core.registry import game_class
from ecotone.sim.runner import default_players, parse_options

__all__ = [
    "Commands",
    "add_game_arguments",
    "add_where_arguments",
    "at_least",
    "default_replay_dir",
    "make_game",
    "positive",
    "split_names",
    "where_played",
]

# What ``add_subparsers()`` returns; each command module registers itself on it.
Commands: TypeAlias = "argparse._SubParsersAction[Any]"


def add_game_arguments(parser: argparse.ArgumentParser, *, game_optional: bool = False) -> None:
    """Add ``GAME``, ``--players``, ``--variant`` and ``--option`` to ``parser``
    (``GAME`` may be left out where another option names the game, as ``--resume``)."""
    parser.add_argument(
        "game",
        metavar="GAME",
        nargs="?" if game_optional else None,
        help="a game id (see 'ecotone games')",
    )
    parser.add_argument(
        "--players",
        "-p",
        type=int,
        metavar="N",
        help="number of seats (default: one per name listed, else the fewest the game allows)",
    )
    parser.add_argument(
        "--variant",
        metavar="V",
        help="a variant of the game (see 'ecotone games'; default: the standard game)",
    )
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option; repeat for several (default: each option's own, listed by "
        "'ecotone games GAME')",
    )


def add_where_arguments(parser: argparse.ArgumentParser, workers: str) -> None:
    """``--workers W`` (local processes; ``workers`` says the default) or ``--ray
    ADDRESS``, one of the two: where a command that plays many games plays them
    (:func:`ecotone.sim.pool.play_chunks`)."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers", "-w", type=int, metavar="W", help=f"local processes (default: {workers})"
    )
    where.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="play on Ray: 'local' starts it on this machine, else a cluster's address "
        "(needs pip install 'ecotone[ray]'); the results equal --workers' (default: no Ray)",
    )


def add_rounds_argument(parser: argparse.ArgumentParser, timed: str) -> None:
    """``--rounds N`` of a benchmark: time ``timed`` (what it times, in a few words) N
    times over (:class:`ecotone.sim.bench.Spread`)."""
    parser.add_argument(
        "--rounds",
        "-r",
        type=int,
        default=1,
        metavar="N",
        help=f"time {timed} N times over, one round after another (the playouts on deals "
        "of each round's own, the search at the same decisions seeded afresh): each ratio "
        "is then the median of the rounds', with the lowest and highest in brackets (a "
        "shared machine's load moves one run's ratios by several percent)",
    )


def where_played(workers: int, ray: str | None) -> str:
    """Where the games were played, for a report: "on Ray (local)", "on 2 workers"."""
    return f"on Ray ({ray})" if ray else f"on {counted(workers, 'worker')}"


def at_least(option: str, value: float | None, least: float) -> None:
    """Refuse ``option`` unless ``value`` is a finite number ``>= least`` (``None``: not
    given, nothing to check). ``nan`` and ``inf`` parse as floats but mean nothing here.

    Raises:
        UsageError: ``--games must be at least 1, not 0``.
    """
    if value is None:
        return
    _finite(option, value)
    if value < least:
        raise UsageError(f"{option} must be at least {least:g}, not {value:g}")


def positive(option: str, value: float | None) -> None:
    """Refuse ``option`` unless ``value`` is a finite number above 0 (``None``: not given).

    Raises:
        UsageError: ``--seconds must be a positive number, not 0``.
    """
    if value is None:
        return
    _finite(option, value)
    if value <= 0:
        raise UsageError(f"{option} must be a positive number, not {value:g}")


def _finite(option: str, value: float) -> None:
    if not math.isfinite(value):
        raise UsageError(f"{option} must be a finite number, not {value:g}")


def split_names(text: str | None, option: str | None = None) -> list[str]:
    """``"human, random"`` -> ``["human", "random"]``; ``None`` (not given) -> ``[]``.

    Commas inside a bot's options (``ismcts:iterations=9,c=2``) stay with that bot: a
    piece containing ``=`` but no ``:`` continues the previous name's options.

    Raises:
        UsageError: for an empty name (``""``, ``",,"``, ``"random,"``): a list with a
            hole in it is a typing mistake, never a request for fewer names. ``option``
            (``"--bots"``) names where the list was given.
    """
    if text is None:
        return []
    names: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            where = f"{option} {text!r}" if option else repr(text)
            raise UsageError(
                f"{where} has an empty name: list the names separated by single commas"
            )
        if names and "=" in piece and ":" not in piece and ":" in names[-1]:
            names[-1] += "," + piece
        else:
            names.append(piece)
    return names


def make_game(args: argparse.Namespace, names: Sequence[str] = ()) -> ecotone.Game[Any]:
    """The game the arguments describe.

    Args:
        args: parsed arguments from :func:`add_game_arguments`.
        names: the seats or bots listed on the command line; several names fix the
            number of players, a single one fills every seat.

    Raises:
        ConfigError: for an unknown game, variant, option or a bad player count.
        UsageError: when ``--players`` disagrees with the names listed, or a file named
            in an option (a deck) fails the game's checks. A deck option may name one of
            the player's saved decks (:func:`~ecotone.cli.deckstore.saved_entries`).
    """
    # Asking for the default player count first also checks the game id and variant,
    # so an unknown game is reported as such rather than as a bad player count.
    fewest = default_players(args.game, args.variant)
    players: int | None = args.players
    if len(names) > 1:
        if players is not None and players != len(names):
            raise UsageError(
                f"--players {players} does not match the {len(names)} names listed "
                f"({', '.join(names)})"
            )
        players = len(names)
    if players is None:
        players = fewest
    # A saved deck named in a deck option becomes its file: the game reads no saved decks.
    options = saved_entries(args.game, parse_options(args.option))
    try:
        return ecotone.make(args.game, players=players, variant=args.variant, **options)
    except DataError as exc:
        # A file the user named (a deck) is the user's to fix: a usage error, status 2.
        # The game's own data failing its checks is not; that stays a failure.
        if _names_files(args.game, options):
            raise UsageError(exc.message) from None
        raise


def _names_files(game_id: str, options: dict[str, Any]) -> bool:
    """Whether any of ``options`` names a file rather than a ready-made value."""
    return any(
        opt.named_file(options[opt.name]) is not None
        for opt in game_class(game_id).spec.options
        if opt.name in options
    )


def default_replay_dir() -> Path:
    """Where replays go without ``--replay-dir``.

    ``$ECOTONE_HOME/replays`` if set, else ``$XDG_DATA_HOME/ecotone/replays``, else
    ``~/.local/share/ecotone/replays``.
    """
    home = os.environ.get("ECOTONE_HOME")
    if home:
        return Path(home).expanduser() / "replays"
    data = os.environ.get("XDG_DATA_HOME")
    base = Path(data).expanduser() if data else Path.home() / ".local" / "share"
    return base / "ecotone" / "replays"
