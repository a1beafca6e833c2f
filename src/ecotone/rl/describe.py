"""Describe observation tensors from the shell.

``python -m ecotone.rl.describe GAME [--players N] [--variant V] [--full | --json]`` prints
the layout of one configuration (grouped by path, every slice with ``--full``, or JSON;
without ``--players``, of the fewest the game takes);
``python -m ecotone.rl.describe --all`` prints the summary of every game that
``docs/rl.md`` shows.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

import msgspec

import ecotone
from ecotone.bots.tensor.encoding import layout
from ecotone.core.errors import ConfigError
from ecotone.core.registry import default_players, game_class

__all__ = ["main", "summary"]


def summary() -> str:
    """Markdown for every game at the smallest player count of its standard game: its
    spaces, then its layout grouped by path (what ``docs/rl.md`` shows)."""
    parts: list[str] = []
    for game_id in ecotone.available_games():
        game = ecotone.make(game_id, players=game_class(game_id).spec.min_players)
        found = layout(game_id, players=game.players)
        parts.append(f"### {game.spec.title}\n")
        parts.append(
            f"Observation: `{{'observation': Box(float32, ({found.size},)), "
            f"'action_mask': Box(int8, ({found.num_actions},))}}`; "
            f"action: `Discrete({found.num_actions})`.\n"
        )
        parts.append(found.describe())
    return "\n".join(parts)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m ecotone.rl.describe GAME [--players N] [--variant V] [--full|--json]``,
    or ``--all`` for every game's summary."""
    parser = argparse.ArgumentParser(
        prog="python -m ecotone.rl.describe",
        description="Show the observation tensor layout of a game configuration.",
    )
    parser.add_argument("game", nargs="?", choices=ecotone.available_games())
    parser.add_argument(
        "--players", type=int, help="seats (default: the fewest the game or variant takes)"
    )
    parser.add_argument("--variant", default=None)
    parser.add_argument("--full", action="store_true", help="every slice, not a summary")
    parser.add_argument("--json", action="store_true", help="the layout as JSON")
    parser.add_argument("--all", action="store_true", help="every game, as in docs/rl.md")
    args = parser.parse_args(argv)
    if args.all:
        return _printed(summary())
    if args.game is None:
        parser.error("name a GAME (or ask for --all)")
    try:  # a configuration the game does not take, said in its own words
        players = args.players
        if players is None:
            players = default_players(args.game, args.variant)
        found = layout(args.game, players=players, variant=args.variant)
    except ConfigError as error:
        parser.error(str(error))
    if args.json:
        return _printed(msgspec.json.encode(found.to_json()).decode() + "\n")
    return _printed(found.describe(full=args.full))


def _printed(text: str) -> int:
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader went away (``... --json | head``): stop quietly, and point stdout at
        # nothing so Python's final flush does not complain again
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
