"""Terminal output shared by the commands: consoles, error lines, number formats.

Consoles are made per command run (not at import time) so that they write to whatever
``sys.stdout``/``sys.stderr`` are at that moment, which is what tests capture.
"""

from __future__ import annotations

import os
import sys

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

__all__ = [
    "UsageError",
    "caution",
    "error_line",
    "fmt",
    "progress_bar",
    "stderr_console",
    "stdout_console",
]

# Width used when output goes to a file or a pipe: wide enough that tables keep one row
# per line and that long names are never folded mid-word.
PIPE_WIDTH = 120


class UsageError(Exception):
    """A command-line mistake that is not a game's business (e.g. --players vs --seats).

    The CLI prints it as one ``ecotone: error:`` line and exits with status 2.
    """


def stdout_console(no_color: bool = False) -> Console:
    """A console on the current stdout; never wraps free text, tables fit the width.

    Piped output is :data:`PIPE_WIDTH` wide unless ``$COLUMNS`` says otherwise. With
    ``no_color`` (``--no-color``; ``$NO_COLOR`` does the same) it prints no colours, but
    still bold and dim text.
    """
    console = Console(soft_wrap=True, highlight=False, no_color=True if no_color else None)
    if not console.is_terminal and not os.environ.get("COLUMNS"):
        console.width = PIPE_WIDTH
    return console


def stderr_console() -> Console:
    """A console on the current stderr (progress bars, notes)."""
    return Console(stderr=True, soft_wrap=True, highlight=False)


def progress_bar(quiet: bool) -> Progress:
    """A progress bar on stderr (what, bar, done of total, time left) that vanishes when
    done; off when ``quiet`` (``--json``) or when stderr is not a terminal."""
    stderr = stderr_console()
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=stderr,
        transient=True,
        disable=quiet or not stderr.is_terminal,
    )


def error_line(message: str) -> None:
    """Print ``ecotone: error: message`` on stderr as exactly one line.

    Plain ``print``, not rich: a rich console would wrap a long message over several
    lines and read ``[...]`` in it as markup.
    """
    text = " ".join(str(message).split())
    print(f"ecotone: error: {text}", file=sys.stderr)


def caution(console: Console, message: str | None) -> None:
    """Print ``message``, when there is one, as a caution (in yellow): something the
    reader should weigh before trusting what was printed above it."""
    if message:
        console.print(Text(message, style="yellow"))


def fmt(value: float, digits: int = 2) -> str:
    """A number for a table: integers without decimals, others rounded."""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.{digits}f}"
