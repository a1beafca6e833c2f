"""``ecotone games`` and ``ecotone rules``: what can be played, and how."""

from __future__ import annotations

import argparse
import sys
from importlib.resources.abc import Traversable

from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

import ecotone
from ecotone.bots import available_bots
from ecotone.cli.options import Commands
from ecotone.cli.output import stdout_console
from ecotone.core import rulesdoc
from ecotone.core.errors import EcotoneError
from ecotone.core.registry import game_class
from ecotone.core.spec import GameSpec

__all__ = ["RulesMissing", "add_parsers", "find_rules", "rules_sources"]


class RulesMissing(EcotoneError):
    """A game whose rules document is not installed (a packaging problem, exit status 1)."""


def add_parsers(commands: Commands) -> None:
    """Register ``games`` and ``rules``."""
    games = commands.add_parser(
        "games",
        help="list the games, their player counts and variants; one game's options",
        description="List every game Ecotone can play, with player counts and variants; "
        "with a GAME, its variants and every option it takes (-o KEY=VALUE), with defaults.",
    )
    games.add_argument(
        "game", nargs="?", metavar="GAME", help="a game id: its variants and options"
    )
    games.set_defaults(run=run_games)
    rules = commands.add_parser(
        "rules",
        help="show a game's rules as implemented",
        description="Show a game's rules exactly as Ecotone implements them "
        "(formatted in a terminal, plain Markdown in a pipe).",
    )
    rules.add_argument("game", metavar="GAME", help="a game id (see 'ecotone games')")
    rules.set_defaults(run=run_rules)


# -- games ------------------------------------------------------------------------------------


def _players(spec: GameSpec) -> Text:
    """The standard player range, then each variant's on a line of its own.

    Stacking variants under the count keeps the table narrow enough for an 80-column
    terminal while every name stays whole.
    """
    low, high = spec.min_players, spec.max_players
    text = Text(str(low) if low == high else f"{low}-{high}")
    for v in spec.variants:
        text.append(f"\n{v.name} ({v.player_range()})", style="dim")
    return text


def run_games(args: argparse.Namespace) -> int:
    """Print one row per registered game, or one game's variants and options."""
    if args.game is not None:
        return _one_game(game_class(args.game).spec)  # an unknown id: ConfigError
    console = stdout_console()
    table = Table(title="Ecotone games", title_justify="left")
    table.add_column("Game", style="bold", no_wrap=True)
    table.add_column("Players (variants)", no_wrap=True)
    table.add_column("About", ratio=1)
    for game_id in ecotone.available_games():
        try:
            spec = game_class(game_id).spec
        except Exception as exc:  # one broken plugin must not hide the others
            table.add_row(game_id, "-", f"cannot be loaded: {exc}")
            continue
        about = Text.assemble(
            (spec.title, "italic"),
            f": {spec.summary}",
            (f"\nbots: {', '.join(available_bots(game_id))}", "dim"),
        )
        table.add_row(game_id, _players(spec), about)
    console.print(table)
    console.print("Play one with: ecotone play GAME   ·   its rules: ecotone rules GAME")
    console.print("Its variants and options (-o KEY=VALUE): ecotone games GAME")
    return 0


def _one_game(spec: GameSpec) -> int:
    """A game's variants and options, as ``--variant`` and ``-o KEY=VALUE`` take them."""
    console = stdout_console()
    console.print(Text.assemble((spec.title, "bold"), f" ({spec.id}): {spec.summary}"))
    low, high = spec.min_players, spec.max_players
    console.print(f"Players: {low if low == high else f'{low}-{high}'}")
    if spec.variants:
        variants = Table(title="Variants (--variant NAME)", title_justify="left")
        variants.add_column("Variant", style="bold", no_wrap=True)
        variants.add_column("Players", no_wrap=True)
        variants.add_column("What changes", ratio=1)
        for v in spec.variants:
            changed = ", ".join(f"{k}={_value(val)}" for k, val in v.defaults)
            about = v.summary + (f" (defaults: {changed})" if changed else "")
            variants.add_row(v.name, v.player_range(), about)
        console.print(variants)
    if not spec.options:
        console.print("Options: none")
        return 0
    options = Table(title="Options (-o KEY=VALUE)", title_justify="left")
    options.add_column("Option", style="bold", no_wrap=True)
    options.add_column("Default")
    options.add_column("Values")
    options.add_column("What it does", ratio=1)
    for o in spec.options:
        if o.choices:
            values = ", ".join(_value(c) for c in o.choices)
        elif o.ready:
            values = ", ".join(o.ready) + ", a deck code or a deck file"
        else:
            values = f"any {type(o.default).__name__}" if o.default is not None else "any"
        options.add_row(o.name, _value(o.default), values, o.summary)
    console.print(options)
    return 0


def _value(value: object) -> str:
    """An option's value as ``-o`` takes it (``true``, not Python's ``True``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


# -- rules ------------------------------------------------------------------------------------


def rules_sources() -> list[Traversable]:
    """The folders searched for ``GAME.md``, in order: the packaged copy, then the
    repository's ``docs/rules`` (:func:`ecotone.core.rulesdoc.rules_sources`)."""
    return rulesdoc.rules_sources()


def find_rules(game_id: str) -> str:
    """The text of ``game_id``'s rules document: the one its presentation carries, else
    ``GAME.md`` in :func:`rules_sources` (the lookup is :mod:`ecotone.core.rulesdoc`'s,
    which the server's rules panel shares).

    Raises:
        ConfigError: for an unknown game.
        RulesMissing: when no rules document is installed for it.
    """
    folders = rules_sources()
    text = rulesdoc.rules_text(game_id, folders)  # an unknown id: ConfigError
    if text is not None:
        return text
    searched = [str(folder) for folder in folders]
    raise RulesMissing(
        "cli/no-rules",
        f"no rules document for {game_id} is installed (looked in {'; '.join(searched)})",
    )


def run_rules(args: argparse.Namespace) -> int:
    """Print a game's rules: rendered Markdown on a terminal, the raw text otherwise."""
    text = find_rules(args.game)
    console = stdout_console()
    if console.is_terminal:
        console.print(Markdown(text))
    else:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0
