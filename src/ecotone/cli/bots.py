"""``ecotone bots``: the bots each game can seat, and the options each bot takes."""

from __future__ import annotations

import argparse
import inspect
import json
from typing import Any

from rich.table import Table
from rich.text import Text

import ecotone
from ecotone.bots import Bot, available_bots, make_bot
from ecotone.bots.models import shipped_policies
from ecotone.cli.options import Commands
from ecotone.cli.output import stdout_console
from ecotone.core.errors import ConfigError
from ecotone.core.records import configured
from ecotone.core.registry import default_players

__all__ = ["add_parser", "bot_catalogue", "run_bots"]


def add_parser(commands: Commands) -> None:
    """Register ``bots``."""
    parser = commands.add_parser(
        "bots",
        help="list the bots of each game and their options",
        description="List the bots each game can seat (for --seats, --bots) and the "
        "options each takes, written name:key=value,key=value.",
    )
    parser.add_argument(
        "games", nargs="*", metavar="GAME", help="games to list (default: all of them)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run_bots)


def _summary(cls: type[Bot]) -> str:
    doc = inspect.getdoc(cls) or ""
    return doc.split("\n\n")[0].replace("\n", " ")


def bot_catalogue(game_id: str) -> list[dict[str, Any]]:
    """Each bot of ``game_id``: name, one-line description, options with defaults; then
    the trained policies that come with it, by their spec (``policy:model=NAME``).

    Raises:
        ConfigError: for an unknown game.
    """
    game = ecotone.make(game_id, players=default_players(game_id))
    out: list[dict[str, Any]] = []
    for name in available_bots(game_id):
        try:
            cls = type(make_bot(name, game, 0, 0))
        except (ConfigError, ImportError) as exc:  # a game's bot module that is broken
            problem = exc.message if isinstance(exc, ConfigError) else str(exc)
            out.append({"name": name, "description": f"cannot be loaded: {problem}", "options": []})
            continue
        # A bot may tailor its defaults to the game (ISMCTS: its iterations).
        listed = cls.options_for(game_id) if hasattr(cls, "options_for") else ()
        options = [{"name": o.name, "default": o.default, "help": o.help} for o in listed]
        out.append({"name": name, "description": _summary(cls), "options": options})
    for policy in shipped_policies(game_id):  # each for the table it was trained for
        table = configured(policy.players, policy.variant)
        out.append(
            {
                "name": policy.spec,
                "description": f"{policy.label}: {policy.summary} Plays {table} only.",
                "options": [
                    {"name": "sample", "default": False, "help": _SAMPLE},
                ],
            }
        )
    return out


_SAMPLE = "draw each move with the policy's probabilities (seeded) instead of its best"


def run_bots(args: argparse.Namespace) -> int:
    """Print the bots of each game, as a table or JSON."""
    game_ids = list(dict.fromkeys(args.games)) or ecotone.available_games()
    catalogue = {gid: bot_catalogue(gid) for gid in game_ids}
    if args.json:
        print(json.dumps(catalogue))
        return 0
    c = stdout_console()
    for gid, bots in catalogue.items():
        table = Table(title=gid, title_justify="left", show_lines=True)
        table.add_column("Bot", style="bold")
        table.add_column("What it does")
        table.add_column("Options (default)")
        for bot in bots:
            opts = "\n".join(
                f"{o['name']}={'none' if o['default'] is None else o['default']}: {o['help']}"
                for o in bot["options"]
            )
            table.add_row(bot["name"], bot["description"], opts or "-")
        c.print(table)
    c.print(Text("Give options in a bot spec: ismcts:iterations=200,c=1.0", style="dim"))
    return 0
