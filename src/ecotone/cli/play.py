"""``ecotone play``: a game in the terminal, humans and bots at any seats.

Each human sees only their own view (``state.render(seat)``) and picks from the legal
actions by number or by notation. With several humans (hot-seat) the screen is cleared
and the device handed over between them, so nobody sees another's hand, and each is told
of the others' moves what the server would tell them (:mod:`ecotone.core.visibility`).
Every game is saved as a replay, also when it is interrupted.
"""

from __future__ import annotations

import argparse
import secrets
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ecotone.bots import Bot, SeatView
from ecotone.cli.options import (
    Commands,
    add_game_arguments,
    default_replay_dir,
    make_game,
    split_names,
)
from ecotone.cli.output import UsageError, fmt, stdout_console
from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.game import Game, State
from ecotone.core.replay import Replay
from ecotone.core.visibility import announcement
from ecotone.sim.runner import bot_seed, build_bot, default_bot

__all__ = ["HUMAN", "add_parser", "run_play"]

HUMAN = "human"

# Exit statuses when a game does not reach its end.
QUIT_STATUS = 0  # the player typed q: a choice, not a failure
EOF_STATUS = 1  # input ran out (a script too short, a closed terminal)
INTERRUPT_STATUS = 130  # Ctrl-C, as shells report SIGINT


class _Quit(Exception):
    """The player asked to stop."""


def add_parser(commands: Commands) -> None:
    """Register ``play``."""
    parser = commands.add_parser(
        "play",
        help="play a game in the terminal against bots or friends",
        description="Play in the terminal. Type a move's number or its notation; "
        "'?' lists the notation, 'v' redraws the view, 'q' stops (the game is saved).",
    )
    add_game_arguments(parser)
    parser.add_argument(
        "--seats",
        metavar="NAMES",
        help="who sits where, comma-separated: 'human' or a bot spec per seat "
        "(default: human, then the game's heuristic bot or random)",
    )
    parser.add_argument("--seed", type=int, help="the deal (default: a random one, printed)")
    parser.add_argument(
        "--replay-dir",
        type=Path,
        metavar="DIR",
        help="where to save the replay (default: $ECOTONE_HOME/replays, else "
        "$XDG_DATA_HOME/ecotone/replays, else ~/.local/share/ecotone/replays)",
    )
    parser.set_defaults(run=run_play)


def _seat_names(names: Sequence[str], game: Game[Any]) -> list[str]:
    if not names:
        return [HUMAN] + [default_bot(game)] * (game.players - 1)
    if len(names) == 1:
        return list(names) * game.players
    return list(names)


def run_play(args: argparse.Namespace) -> int:
    """Set up the seats, play to the end (or an interruption), save the replay."""
    names = split_names(args.seats)
    game = make_game(args, names)
    seats = _seat_names(names, game)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    bots: list[Bot | None] = [
        None if name.lower() == HUMAN else build_bot(name, game, s, bot_seed(seed, s))
        for s, name in enumerate(seats)
    ]
    folder = args.replay_dir if args.replay_dir is not None else default_replay_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot use {folder} for replays: {exc.strerror}") from None
    session = PlaySession(game, seats, bots, seed, stdout_console())
    return session.run(folder)


class PlaySession:
    """One game at one terminal.

    Args:
        game: the configured game.
        seats: the name at each seat (``"human"`` or a bot spec), saved in the replay.
        bots: the bot at each seat, ``None`` for a human.
        seed: the deal.
        console: where to draw.
        ask: reads one line after showing a prompt (default: the console's input).
    """

    def __init__(
        self,
        game: Game[Any],
        seats: Sequence[str],
        bots: Sequence[Bot | None],
        seed: int,
        console: Console,
        ask: Callable[[str], str] | None = None,
    ) -> None:
        self.game = game
        self.seats = list(seats)
        self.bots = list(bots)
        self.seed = seed
        self.console = console
        self.ask = ask if ask is not None else console.input
        self.humans = [s for s, bot in enumerate(bots) if bot is None]
        self.hot_seat = len(self.humans) > 1
        self.state = game.start(seed)
        self.moves: list[tuple[int, Action]] = []
        # In hot-seat play, what each human has not seen yet (moves made while the
        # device was elsewhere); shown after the hand-off.
        self.news: dict[int, list[str]] = {h: [] for h in self.humans}
        self.on_screen: int | None = None  # the human whose view is showing

    # -- the game loop --------------------------------------------------------------------

    def run(self, folder: Path) -> int:
        """Play to the end; save the replay; return the exit status."""
        c = self.console
        who = ", ".join(f"P{s + 1} {name}" for s, name in enumerate(self.seats))
        c.print(Rule(Text(f"{self.game.spec.title} · {who}")))
        c.print(f"Seed {self.seed} (play this deal again with --seed {self.seed})")
        try:
            while not self.state.is_over:
                self._step()
        except _Quit:
            return self._stopped(folder, "You stopped the game", QUIT_STATUS)
        except EOFError:
            c.print()
            return self._stopped(folder, "Input ended", EOF_STATUS)
        except KeyboardInterrupt:
            c.print()
            return self._stopped(folder, "Interrupted", INTERRUPT_STATUS)
        except Exception:
            # A bug in a bot or a game: keep the game so far for the bug report, then let
            # the traceback show.
            self._stopped(folder, "The game crashed", 1)
            raise
        return self._finished(folder)

    def _step(self) -> None:
        state = self.state
        seat = state.to_move[0]
        bot = self.bots[seat]
        who = f"P{seat + 1}" if bot is None else f"P{seat + 1} ({self.seats[seat]})"
        if bot is None:
            action = self._human_turn(state, seat)
            # the chooser's own screen may show the choice, secret or not
            self.console.print(Text(f"{who}: {action}", style="bold"))
        else:
            action = bot.act(SeatView(state, seat))
        after = state.apply(seat, action)
        # Each seat is told of the step what the server would tell it (the kernel's one
        # rule): the move, only its kind, or only that a choice was made; the next views
        # show whatever the game reveals later.
        told = announcement(state, seat, action, after)
        if bot is not None:
            self.console.print(Text(f"{who}: {told.text(self._watching())}", style="cyan"))
        for human in self.humans:
            if human != seat:
                self.news[human].append(f"{who}: {told.text(human)}")
        self.state = after
        self.moves.append((seat, action))

    def _watching(self) -> int | None:
        """Whose view the screen shows now: the only human's, else the last human's to
        move (who still holds the device), else nobody's (a spectator's)."""
        return self.humans[0] if len(self.humans) == 1 else self.on_screen

    # -- a human's turn -------------------------------------------------------------------

    def _human_turn(self, state: State[Any], seat: int) -> Action:
        if self.hot_seat and self.on_screen != seat:
            self._hand_over(seat)
        self.on_screen = seat
        legal = state.legal_actions(seat)
        self._draw(state, seat, legal)
        prompt = f"P{seat + 1}, your move (1-{len(legal)}, notation, ? for help, q to quit): "
        while True:
            text = self.ask(prompt).strip()
            if not text:
                continue
            word = text.lower()
            if word in ("q", "quit", "exit"):
                raise _Quit
            if word in ("?", "h", "help"):
                self._help()
                continue
            if word in ("v", "view"):
                self._draw(state, seat, legal)
                continue
            if word.isdigit():
                number = int(word)
                if 1 <= number <= len(legal):
                    return legal[number - 1]
                self._refuse(f"there is no move {number}; choose a number from 1 to {len(legal)}")
                continue
            try:
                return self.game.parse_action(state, seat, text)
            except IllegalAction as exc:
                self._refuse(exc.message)

    def _hand_over(self, seat: int) -> None:
        """Hide the last view and wait until the next player has the device."""
        c = self.console
        c.clear()
        answer = self.ask(f"Pass to P{seat + 1}, then press Enter (no peeking)... ")
        if answer.strip().lower() in ("q", "quit", "exit"):
            raise _Quit
        c.clear()
        news = self.news[seat]
        if news:
            c.print(Text(f"Since your last turn, P{seat + 1}:", style="bold"))
            for line in news:
                c.print(Text(f"  {line}"))
            news.clear()

    def _draw(self, state: State[Any], seat: int, legal: Sequence[Action]) -> None:
        c = self.console
        c.print(Rule(Text(f"P{seat + 1} to move")))
        c.print(Text(state.render(seat)))
        c.print()
        choices = [Text(f"{i:>2}. {action}") for i, action in enumerate(legal, 1)]
        c.print(Columns(choices, padding=(0, 3)))

    def _help(self) -> None:
        c = self.console
        c.print("Type the number of a move, or a move in notation. The forms are:")
        for form in self.game.codec.forms().split("; "):
            c.print(Text(f"  {form}"))
        c.print("Also: v to redraw your view, ? for this help, q to stop (the game is saved).")

    def _refuse(self, reason: str) -> None:
        self.console.print(Text(f"✗ Not possible: {reason}", style="red"))
        self.console.print("  (type ? for the notation, or pick a number from the list)")

    # -- the end --------------------------------------------------------------------------

    def _save(self, folder: Path) -> Path:
        replay = Replay.record(self.game, self.seed, self.moves, self.state, seats=self.seats)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        stem = f"{self.game.spec.id}-{stamp}-{self.seed}"
        path = folder / f"{stem}.json"
        n = 2
        while path.exists():
            path = folder / f"{stem}-{n}.json"
            n += 1
        replay.save(path)
        return path

    def _stopped(self, folder: Path, why: str, status: int) -> int:
        path = self._save(folder)
        self.console.print(
            f"{why} after {len(self.moves)} moves. Nothing is lost: the game so far is saved in"
        )
        self.console.print(Text(f"  {path}"))
        self.console.print(Text(f"See it with: ecotone replay {path}"))
        return status

    def _finished(self, folder: Path) -> int:
        c = self.console
        state = self.state
        viewer = self.humans[0] if len(self.humans) == 1 else None
        if self.hot_seat:
            c.clear()
        c.print(Rule(Text("Game over")))
        c.print(Text(state.render(viewer)))
        c.print()
        scores, winners = state.scores(), state.winners()
        table = Table(title="Final scores", title_justify="left")
        table.add_column("Seat")
        table.add_column("Player")
        table.add_column("Score", justify="right")
        table.add_column("")
        for s, score in enumerate(scores):
            table.add_row(f"P{s + 1}", self.seats[s], fmt(score), "winner" if s in winners else "")
        c.print(table)
        if not winners:
            c.print("Nobody wins.")
        elif len(winners) == 1:
            c.print(f"P{winners[0] + 1} wins.")
        else:
            c.print(f"{', '.join(f'P{w + 1}' for w in winners)} share the win.")
        path = self._save(folder)
        c.print(Text(f"Replay saved: {path}"))
        return 0
