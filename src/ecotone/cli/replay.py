"""``ecotone replay``: watch a saved game step by step, or check that it re-simulates.

Watched from a chair (a spectator's by default, or ``--seat N``), each state is that
viewer's picture and each step is told as the kernel's one rule told it to that viewer
at the time (:mod:`ecotone.core.visibility`): the move, only its kind, or only that a
choice was made; the secret choices of a simultaneous decision are told again as it
closes, as far as the table shows them by then. ``--referee`` watches with every hand revealed
(:meth:`~ecotone.core.game.State.observe_all`) and every step named.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from ecotone.cli.options import Commands
from ecotone.cli.output import UsageError, error_line, fmt, stdout_console
from ecotone.cli.paint import painter
from ecotone.core.errors import EcotoneError, StateError
from ecotone.core.game import Game, State
from ecotone.core.records import named, seat_name
from ecotone.core.replay import Replay, ReplayStep
from ecotone.core.visibility import Sealed, announcement

__all__ = ["add_parser", "run_replay"]


def add_parser(commands: Commands) -> None:
    """Register ``replay``."""
    parser = commands.add_parser(
        "replay",
        help="step through a saved game, or verify it",
        description="Show a replay one step at a time (Enter for the next, q to stop), "
        "or re-simulate it with --verify and check it reaches the recorded final state.",
    )
    parser.add_argument("file", type=Path, metavar="FILE", help="a replay file (.json)")
    parser.add_argument(
        "--verify",
        action="store_true",
        help="re-simulate and compare the final digest; exit 1 when it does not match",
    )
    parser.add_argument("--all", action="store_true", help="print every step without pausing")
    parser.add_argument(
        "--no-color",
        action="store_true",
        help="print the game without colours (as $NO_COLOR does); bold text stays",
    )
    chair = parser.add_mutually_exclusive_group()
    chair.add_argument(
        "--seat",
        type=int,
        metavar="N",
        help="watch as player N sees the game (default: a spectator, who sees no hands "
        "and no secret choices)",
    )
    chair.add_argument(
        "--referee",
        action="store_true",
        help="watch with every hand revealed and every step named",
    )
    parser.set_defaults(run=run_replay)


def run_replay(args: argparse.Namespace) -> int:
    """Load the replay (a bad file is a user error), then verify or show it."""
    replay = Replay.load(args.file)
    game = replay.make_game()
    viewer: int | None = None
    if args.seat is not None:
        if not 1 <= args.seat <= game.players:
            raise UsageError(f"--seat must be between 1 and {game.players}, not {args.seat}")
        viewer = args.seat - 1
    if args.verify:
        return _verify(replay, args.file)
    console = stdout_console(no_color=args.no_color)
    return _show(replay, game, viewer, console, pause=not args.all, referee=args.referee)


def _verify(replay: Replay, path: Path) -> int:
    try:
        final = replay.verify()
    except StateError as exc:
        error_line(f"{path} does not check out: {exc.message}")
        return 1
    if final.is_over:
        status = "finished"
    elif replay.resigned is not None:
        status = f"{seat_name(replay.resigned)} resigned"
    else:
        status = "unfinished"
    print(f"OK: {replay.game}, {len(replay.steps)} steps ({status}), final digest {final.digest()}")
    return 0


def _who(replay: Replay, seat: int) -> str:
    """A seat as the replay names it: ``P2 (random)``."""
    who = f"P{seat + 1}"
    if replay.seats is not None and seat < len(replay.seats):
        who += f" ({replay.seats[seat]})"
    return who


def _describe(
    game: Game[Any],
    replay: Replay,
    state: State[Any],
    step: ReplayStep,
    number: int,
    viewer: int | None,
    sealed: Sealed | None,
) -> list[str]:
    """Step ``number`` as ``viewer`` was told it when it was taken (without ``sealed``:
    the referee's, in full); and, when it closes a simultaneous decision, each of the
    decision's secret steps ``viewer`` may now see more of, as the terminal tells them
    (``sealed`` notes the open ones)."""
    who = _who(replay, step.seat)
    try:
        action = game.codec.from_json(step.action)
        if sealed is None:
            return [f"{who}: {action}"]
        after = state.apply(step.seat, action)
    except EcotoneError:
        # Shown as recorded; stepping past it will report why it is refused.
        return [f"{who}: {step.action}"]
    told = announcement(state, step.seat, action, after)
    return [f"{who}: {told.text(viewer)}"] + [
        f"{_who(replay, now.seat)}: {now.text(viewer)} (revealed)"
        for was, now in sealed.took(number, state, step.seat, action, after, told)
        if now.seat != viewer and now.sight(viewer) is not was.sight(viewer)
    ]


def _secrets(state: State[Any]) -> Iterator[str]:
    """A line per seat with what only that seat could see (the referee's view)."""
    for seat, secret in enumerate(state.observe_all().secrets):
        if secret:
            fields = "; ".join(f"{key}: {_words(value)}" for key, value in secret.items())
            yield f"P{seat + 1} alone sees {fields}"


def _words(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_words(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_words(v) for v in value) or "nothing"
    return str(value)


def _wait(console: Console) -> bool:
    """Wait for Enter; False when the viewer wants to stop (q, end of input, Ctrl-C)."""
    try:
        answer = console.input("Enter for the next step, q to stop: ")
    except (EOFError, KeyboardInterrupt):
        console.print()
        return False
    return answer.strip().lower() not in ("q", "quit")


def _show(
    replay: Replay,
    game: Game[Any],
    viewer: int | None,
    c: Console,
    *,
    pause: bool,
    referee: bool,
) -> int:
    paint = painter(type(game).presentation())
    seats = replay.seats or [f"P{s + 1}" for s in range(replay.players)]
    variant = f" ({replay.variant})" if replay.variant else ""
    c.print(Rule(Text(f"{game.spec.title}{variant}, seed {replay.seed}")))
    c.print(Text(f"Seats: {', '.join(f'P{s + 1} {n}' for s, n in enumerate(seats))}"))
    total = len(replay.steps)
    sealed = None if referee else Sealed()
    try:
        for number, (state, step) in enumerate(replay.states()):
            c.print(Rule(Text(f"after step {number} of {total}" if number else "start")))
            c.print(paint(state.render_styled(viewer)))
            if referee:
                for line in _secrets(state):
                    c.print(Text(line, style="magenta"))
            if step is None:
                if state.digest() != replay.digest:
                    # The steps all apply but lead elsewhere: the file was edited, or was
                    # written by other rules under the same version number.
                    error_line(
                        f"the replay ends in another state than it recorded "
                        f"(digest {state.digest()}, the replay says {replay.digest})"
                    )
                    return 1
                if state.is_over:
                    scores = ", ".join(f"P{s + 1} {fmt(x)}" for s, x in enumerate(state.scores()))
                    won = named("Winner", [_who(replay, w) for w in state.winners()])
                    c.print(Text(f"Game over. Scores: {scores}. {won}."))
                    ending = state.ending()  # why it ended, what the result means
                    if ending:
                        # (in a terminal wrapped between words: it may run to two lines)
                        c.print(paint(ending), soft_wrap=not c.is_terminal)
                elif replay.resigned is not None and replay.winners is not None:
                    scores = ", ".join(f"P{s + 1} {fmt(x)}" for s, x in enumerate(state.scores()))
                    won = named("Winner", [_who(replay, w) for w in replay.winners])
                    c.print(
                        Text(
                            f"P{replay.resigned + 1} resigned here. Scores as they stood: "
                            f"{scores}. {won}."
                        )
                    )
                else:
                    c.print(Text(f"The replay stops here, before the game's end ({total} steps)."))
                break
            told, *shown = _describe(game, replay, state, step, number + 1, viewer, sealed)
            c.print(Text(f"Step {number + 1}: {told}", style="bold"))
            for line in shown:
                c.print(Text(f"  {line}", style="bold"))
            if pause and not _wait(c):
                break
    except StateError as exc:
        error_line(exc.message)
        return 1
    return 0
