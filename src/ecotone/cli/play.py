"""``ecotone play``: a game in the terminal, humans and bots at any seats.

Each human sees only their own view (``state.render_styled(seat)``, in the game's
colours: :mod:`ecotone.cli.paint`) on one screen that fits the terminal
(:mod:`ecotone.cli.screen`): the view, what happened since their last decision, and the
decision, its options numbered, each with the game's picture of it while those fit (``p``
draws them when they do not). They answer with a number, a move's notation or the names
the screen shows (:mod:`ecotone.cli.choose`); a long list of one kind of move is asked
field by field. ``u`` takes back their last decision where the engine's undo policy
allows (:class:`ecotone.core.history.History`), ``i <card>`` shows a card's face, ``?``
the keys and the notation. A decision with a single legal move is taken for them, with a
line saying so (``--confirm-forced`` asks anyway).

The news shows each human what the others did since its last decision, and always what it
must read: the moves taken for it, what a step showed it alone (the card it drew: the
components its own view shows and nobody else's did before), and everyone's choices once
a secret decision closes, its own among them. What its screen has no room for is shown
before the decision, which waits for a key. A terminal smaller than the screen the games
are laid out for (:data:`~ecotone.cli.screen.WIDTH` by :data:`~ecotone.cli.screen.HEIGHT`)
is told so once, when the view has to be shortened.

In a terminal the game runs on the alternate screen, so nothing of it stays in the
scrollback; with several humans (hot-seat) the screen and the scrollback are wiped and
the device handed over between them, and each is told of the others' moves what the
server would tell them (:mod:`ecotone.core.visibility`).

Every game is saved as a replay before each of a human's decisions and when it ends or
stops (in ``--replay-dir``, by default the data folder of
:func:`~ecotone.cli.options.default_replay_dir`); ``ecotone play --resume last`` goes on
with the newest unfinished one, exactly where it stopped. The bots go on as they would
have: a bot's choices are a function of its seed (the game's seed and its seat) and of
what it was shown, so on a resume each bot, built afresh from its seed, is first shown
every decision its seat made so far (:func:`catch_up`), which leaves it as it was when
the game stopped (its generator drawn as far, its memory the same), and the resumed game
goes on move for move as the uninterrupted one would. A bot whose choices depend on the
clock (a search limited by seconds) cannot be brought back so; it is said when one
chooses otherwise on the way.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import secrets
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ecotone.bots import Bot, SeatView
from ecotone.cli.choose import Decision, Say, Take, interpret
from ecotone.cli.names import Vocabulary, filed_as, words
from ecotone.cli.options import (
    Commands,
    add_game_arguments,
    default_replay_dir,
    make_game,
    split_names,
)
from ecotone.cli.output import UsageError, fmt, stdout_console
from ecotone.cli.paint import painter
from ecotone.cli.screen import HEIGHT, VIEW_AT_LEAST, WIDTH, Layout, Screen, fit, grid, paged
from ecotone.core.actions import Action
from ecotone.core.errors import StateError
from ecotone.core.game import Game, State
from ecotone.core.history import History
from ecotone.core.records import added, counted, seat_name
from ecotone.core.replay import Replay
from ecotone.core.visibility import Announcement, Sealed, announcement
from ecotone.sim.runner import bot_seed, build_bot, default_bot

__all__ = ["HUMAN", "PlaySession", "add_parser", "catch_up", "find_resumable", "run_play"]

HUMAN = "human"

# Exit statuses when a game does not reach its end.
QUIT_STATUS = 0  # the player typed q: a choice, not a failure
EOF_STATUS = 1  # input ran out (a script too short, a closed terminal)
INTERRUPT_STATUS = 130  # Ctrl-C, as shells report SIGINT

#: Erases the terminal's scrollback (xterm's "erase saved lines"), so that a hand shown
#: before a hot-seat hand-over cannot be scrolled back to.
CLEAR_SCROLLBACK = "\x1b[3J"


class _Quit(Exception):
    """The player asked to stop."""


def add_parser(commands: Commands) -> None:
    """Register ``play``."""
    parser = commands.add_parser(
        "play",
        help="play a game in the terminal against bots or friends",
        description="Play in the terminal. Type an option's number, a move's notation or a "
        "name you see; '?' lists the keys and the notation, 'u' takes back your last "
        "decision, 'q' stops (the game is saved: go on with --resume last).",
    )
    add_game_arguments(parser, game_optional=True)
    parser.add_argument(
        "--seats",
        metavar="NAMES",
        help="who sits where, comma-separated: 'human' or a bot spec per seat "
        "(default: human, then the game's heuristic bot or random; on --resume, as saved)",
    )
    parser.add_argument("--seed", type=int, help="the deal (default: a random one, shown)")
    parser.add_argument(
        "--resume",
        nargs="?",
        const="last",
        metavar="FILE|last",
        help="go on with a saved game: a replay file, or 'last' for the newest unfinished "
        "game in the replay folder (default when given alone: last)",
    )
    parser.add_argument(
        "--confirm-forced",
        action="store_true",
        help="ask even when a decision has a single legal move (default: take it, saying so)",
    )
    parser.add_argument(
        "--replay-dir",
        type=Path,
        metavar="DIR",
        help="where replays are saved and --resume looks (default: $ECOTONE_HOME/replays, "
        "else $XDG_DATA_HOME/ecotone/replays, else ~/.local/share/ecotone/replays)",
    )
    parser.add_argument(
        "--no-color",
        action="store_true",
        help="print the game without colours (as $NO_COLOR does); bold text stays",
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
    folder = args.replay_dir if args.replay_dir is not None else default_replay_dir()
    names = split_names(args.seats)
    path: Path | None = None
    if args.resume is not None:
        if args.game is not None or args.seed is not None or args.variant or args.option:
            raise UsageError(
                "--resume goes on with the saved game as it was: give no GAME, --seed, "
                "--variant or --option with it"
            )
        path = find_resumable(folder) if args.resume == "last" else Path(args.resume)
        replay = Replay.load(path)
        line = History.from_replay(replay)
        game = line.game
        if line.state.is_over:
            raise UsageError(f"the game in {path} is over; see it with: ecotone replay {path}")
        if names and len(names) not in (1, game.players):
            raise UsageError(f"--seats lists {len(names)} names; the saved game has {game.players}")
        seats = _seat_names(names, game) if names else list(replay.seats or ())
        seats = seats or _seat_names((), game)
        seed = replay.seed
    else:
        if args.game is None:
            raise UsageError("name a GAME to play, or --resume a saved one (see 'ecotone games')")
        game = make_game(args, names)
        seats = _seat_names(names, game)
        seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
        line = History.start(game, seed)
    bots: list[Bot | None] = [
        None if name.lower() == HUMAN else build_bot(name, game, s, bot_seed(seed, s))
        for s, name in enumerate(seats)
    ]
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot use {folder} for replays: {exc.strerror}") from None
    session = PlaySession(
        game,
        seats,
        bots,
        seed,
        stdout_console(no_color=args.no_color),
        line=line,
        path=path,
        confirm_forced=args.confirm_forced,
    )
    return session.run(folder)


def catch_up(bots: Sequence[Bot | None], line: History[Any]) -> list[int]:
    """Show each bot every decision its seat made on ``line``, as the game showed it
    when it was made, so that the bots stand where they stood after those decisions.

    Returns:
        The seats whose bot chose otherwise than the line says on the way (a bot that
        reads the clock); their next moves may differ from an uninterrupted game's.
    """
    differed: list[int] = []
    for state, step in zip(line.states, line.steps, strict=False):
        bot = bots[step.seat]
        if bot is None:
            continue
        if bot.act(SeatView(state, step.seat)) != step.action and step.seat not in differed:
            differed.append(step.seat)
    return differed


def final_scores(state: State[Any], seats: Sequence[str]) -> Table:
    """Every seat's score term by term, as the game's scoring counts it
    (:meth:`~ecotone.core.position.State.breakdown`): a row per term, in the order the
    seats' breakdowns first name it, a column per seat, its total last. A term a seat's
    breakdown does not name is ``-`` for it (in some games each seat scores other things).
    """
    scores, winners = state.scores(), state.winners()
    terms = state.breakdown()
    table = Table(title="Final scores", title_justify="left")
    table.add_column("")
    for s, name in enumerate(seats):
        won = "\nwinner" if s in winners else ""
        table.add_column(f"P{s + 1} · {name}{won}", justify="right")
    rows = list(dict.fromkeys(t.name for seat in terms for t in seat))
    if rows != ["score"]:  # (the default breakdown is the score alone: the total says it)
        for row in rows:
            cells = []
            for seat in terms:
                points = [t.points for t in seat if t.name == row]
                cells.append(fmt(sum(points)) if points else "-")
            table.add_row(row, *cells)
        table.add_section()
    table.add_row(Text("Total", style="bold"), *(Text(fmt(x), style="bold") for x in scores))
    return table


def find_resumable(folder: Path) -> Path:
    """The newest replay in ``folder`` of a game not yet over.

    Raises:
        UsageError: when there is none.
    """
    files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    for path in files:
        try:
            replay = Replay.load(path)
        except StateError:
            continue  # not a replay: someone else's file
        if replay.scores is None:
            return path
    raise UsageError(f"no unfinished game is saved in {folder}; start one with: ecotone play GAME")


class PlaySession:
    """One game at one terminal.

    Args:
        game: the configured game.
        seats: the name at each seat (``"human"`` or a bot spec), saved in the replay.
        bots: the bot at each seat, ``None`` for a human.
        seed: the deal.
        console: where to draw.
        ask: reads one line after showing a prompt (default: the console's input).
        line: the game so far (default: a new game from ``seed``).
        path: the replay file to keep the game in (default: a new one in the folder).
        confirm_forced: ask even when there is a single legal move.
    """

    def __init__(
        self,
        game: Game[Any],
        seats: Sequence[str],
        bots: Sequence[Bot | None],
        seed: int,
        console: Console,
        ask: Callable[[str], str] | None = None,
        *,
        line: History[Any] | None = None,
        path: Path | None = None,
        confirm_forced: bool = False,
    ) -> None:
        self.game = game
        self.seats = list(seats)
        self.bots = list(bots)
        self.seed = seed
        self.console = console
        self.ask = ask if ask is not None else self._input
        self.line: History[Any] = line if line is not None else History.start(game, seed)
        self.path = path
        self.confirm_forced = confirm_forced
        self.names = Vocabulary(type(game).presentation())
        self.paint = painter(type(game).presentation())
        self.humans = [s for s, bot in enumerate(bots) if bot is None]
        self.hot_seat = len(self.humans) > 1
        # A real terminal gets full screens, redrawn in place; anything else (a pipe, a
        # test) gets the same screens one after the other.
        self.full = console.is_terminal
        # What each human has been told of each step, by the step's number, so that an
        # undone step's news goes with it; and how many steps each human had seen.
        self.told: dict[int, list[tuple[int, str]]] = {h: [] for h in self.humans}
        # (the set-up's news is numbered 0: before any step, a new game's humans have seen
        # less than that)
        self.seen: dict[int, int] = {h: len(self.line.steps) or -1 for h in self.humans}
        self.forced: set[int] = set()  # the numbers of the steps taken as forced
        # The news each human must read (a move taken for it, what a step showed it
        # alone, the choices a secret decision revealed): shown before any other news.
        self.must: dict[int, set[tuple[int, str]]] = {h: set() for h in self.humans}
        # Every component id of the game, to tell what a step showed a seat alone.
        self.components = frozenset(game.components())
        self.size_told = False  # whether a small terminal has been told it is small
        # the secret steps of a simultaneous decision still open: told again when it closes
        self.sealed = Sealed()
        self.on_screen: int | None = None  # the human whose view is showing
        self.resumed = line is not None and bool(line.steps)
        # Shown with the first decision on screen (in a terminal, after the opening).
        self.greeting: tuple[str, ...] = ()
        if self.resumed and self.full:
            self.greeting = (f"Resumed after {counted(len(self.line.steps), 'move')}.",)
        self.folder = default_replay_dir()  # run() says where
        if not self.line.steps:
            # what the set-up made happen (who won the right to go first), as news of step 0
            for text in self.line.state.recent():
                for human in self.humans:
                    self._tell(human, 0, text)

    # -- the game loop --------------------------------------------------------------------

    def run(self, folder: Path) -> int:
        """Play to the end; save the replay; return the exit status."""
        self.folder = folder
        if self.resumed:
            self._catch_up()
        if self.full:
            with contextlib.suppress(ImportError):  # line editing, where Python has it
                import readline  # noqa: F401, PLC0415
        entered = self.full and self.console.set_alt_screen(True)
        try:
            try:
                if not self.full:
                    self._opening()
                while not self.line.state.is_over:
                    self._step()
            finally:
                if entered:
                    self.console.set_alt_screen(False)
        except _Quit:
            return self._stopped("You stopped the game", QUIT_STATUS)
        except EOFError:
            self.console.print()
            return self._stopped("Input ended", EOF_STATUS)
        except KeyboardInterrupt:
            self.console.print()
            return self._stopped("Interrupted", INTERRUPT_STATUS)
        except Exception:
            # A bug in a bot or a game: keep the game so far for the bug report, then let
            # the traceback show.
            self._stopped("The game crashed", 1)
            raise
        return self._finished()

    def _catch_up(self) -> None:
        """Bring the bots to where they stood when the game stopped (see :func:`catch_up`)."""
        made = sum(self.bots[step.seat] is not None for step in self.line.steps)
        if not made:
            return
        # as long as the bots took to make those moves: instant for the heuristics, about
        # the game's search time so far for a search bot
        with self.console.status(f"Showing the bots the game so far ({made} of their moves) ..."):
            differed = catch_up(self.bots, self.line)
        self.greeting += tuple(
            f"{self._who(seat)} chose otherwise on seeing the game again (its choices depend "
            "on more than its seed and the game): its next moves may differ from those of "
            "the game uninterrupted."
            for seat in differed
        )

    def _opening(self) -> None:
        c = self.console
        who = ", ".join(f"P{s + 1} {name}" for s, name in enumerate(self.seats))
        c.print(Rule(Text(f"{self.game.spec.title} · {who}")))
        c.print(f"Seed {self.seed} (play this deal again with --seed {self.seed})")
        if self.resumed:
            c.print(f"Resumed after {counted(len(self.line.steps), 'move')}.")
        elif not self.humans:  # (a human reads them as its first news)
            for text in self.line.state.recent():  # what the set-up made happen
                c.print(Text(text))

    def _step(self) -> None:
        state = self.line.state
        seat = state.to_move[0]
        bot = self.bots[seat]
        if bot is not None:
            self._play(seat, bot.act(SeatView(state, seat)))
            return
        legal = state.legal_actions(seat)
        if len(legal) == 1 and not self.confirm_forced:
            self._play(seat, legal[0], forced=True)
            return
        action = self._human_turn(seat)
        if action is not None:
            self._play(seat, action)

    def _who(self, seat: int) -> str:
        bot = self.bots[seat]
        return seat_name(seat) if bot is None else f"{seat_name(seat)} ({self.seats[seat]})"

    def _play(self, seat: int, action: Action, forced: bool = False) -> None:
        """Take ``action`` and tell each human what the server would tell them."""
        before = self.line.state
        self.line = self.line.play(seat, action)
        number = len(self.line.steps)
        if forced:
            self.forced.add(number)
        # Each seat is told of the step what the server would tell it (the kernel's one
        # rule): the move, only its kind, or only that a choice was made; the next views
        # show whatever the game reveals later.
        after = self.line.state
        told = announcement(before, seat, action, after)
        # A step that closes a simultaneous decision: each of its secret steps is told again
        # to whoever may see more of it now (as the server's log shows it), numbered as
        # the next step, so that the seat that closed it reads it too; and its own seat
        # reads its choice again beside the others', the decision's outcome. The closing
        # step is part of that outcome: every human must read it.
        revealed = self.sealed.took(number, before, seat, action, after, told)
        who = self._who(seat)
        for human in self.humans:
            self._tell_step(human, number, told, (before, after), forced, bool(revealed))
        if not self.humans:
            self.console.print(Text(f"{who}: {told.text(None)}"))
        # What the step made happen beyond the move, in the game's words (who won a
        # contest, a card discarded as INCOMPATIBLE): public, so told to everyone, after
        # the move, and read before the next decision however small the screen; to the
        # seat that moved numbered as the next step, as what its move showed it alone.
        for line in added(before.recent(), after.recent()):
            for human in self.humans:
                self._tell(human, number + 1 if human == seat else number, line)
            if not self.humans:
                self.console.print(Text(line))
        for was, now in revealed:
            who = self._who(now.seat)
            for human in self.humans:
                # (the seat itself always saw its choice: it reads it again once others do)
                own = human == now.seat
                if now != was if own else now.sight(human) is not was.sight(human):
                    self._tell(human, number + 1, f"{who}: {now.text(human)} (revealed)")
            if not self.humans and now.sight(None) is not was.sight(None):
                self.console.print(Text(f"{who}: {now.text(None)} (revealed)"))

    def _tell_step(
        self,
        human: int,
        number: int,
        told: Announcement,
        states: tuple[State[Any], State[Any]],
        forced: bool,
        closing: bool,
    ) -> None:
        """Tell ``human`` of step ``number`` (between ``states``) what the server would
        tell it (``told``), and what the step showed it alone (the card it drew)."""
        own = human == told.seat
        text = str(told.action) if own else told.text(human)
        note = " (the only possible move, taken for you)" if forced and own else ""
        line = f"{self._who(told.seat)}: {text}{note}"
        shown = self._shown_alone(*states, human)
        if shown and own:
            # what its own decision showed it alone is news to the seat: numbered as the
            # next step, so that it reads it with its next decision
            self._tell(human, number + 1, f"{line} — you now see {shown}")
            return
        self._tell(human, number, line, must=closing or (forced and own))
        if shown:  # (a step of another seat that deals this one a card)
            self._tell(human, number, f"You now see {shown}.")

    def _tell(self, human: int, number: int, line: str, must: bool = True) -> None:
        """Tell ``human`` of step ``number``; ``must``: a line it must read."""
        self.told[human].append((number, line))
        if must:
            self.must[human].add((number, line))

    def _shown_alone(self, before: State[Any], after: State[Any], seat: int) -> str:
        """What the step from ``before`` to ``after`` showed ``seat`` alone, named as the
        screen names it (``""``: nothing): the components its view shows after the step
        that it did not see before and that a spectator does not see (a card drawn).

        Read off the game's own views, so it tells ``seat`` nothing the game does not show
        it, and nobody else anything: it is told to ``seat`` alone.
        """
        if not self.components:
            return ""
        seen = set(_ids(before.observe(seat), self.components))
        new = [key for key in _ids(after.observe(seat), self.components) if key not in seen]
        if new:
            public = set(_ids(after.observe(None), self.components))
            new = [key for key in new if key not in public]
        return ", ".join(self._called(key) for key in new)

    def _called(self, key: str) -> str:
        """A component as the screen names it: its id, and its label or name when that
        says more (``C03 Howler``, ``B04 · Octopus``; ``S14 · Plain card``, whose label is
        its id); a copy of a card by the card's name alone (``giraffe#1a``: ``Giraffe``)."""
        filed = filed_as(key)
        short = self.names.short(filed)
        if filed != key:
            return short or filed
        if short and words(short) == words(key):  # a label that is the id: the name says more
            short = self.names.name(filed) or short
        if not short or set(words(key)) <= set(words(short)):
            return short or key
        return f"{key} · {short}"

    # -- a human's turn -------------------------------------------------------------------

    def _human_turn(self, seat: int) -> Action | None:
        """The move ``seat`` decides on, or ``None`` when it took back a decision."""
        if self.hot_seat and self.on_screen != seat and not self._hand_over(seat):
            return None  # the player before took its last decision back
        self.on_screen = seat
        self._save()
        decision = self._fitted(Decision(self.line.state, seat, self.names))
        message, self.greeting = self.greeting, ()
        refused = False
        first = True
        while True:
            screen = self._screen(decision, message, refused)
            if first and screen.unread:
                self._show_unread(seat, screen.unread)
            first = False
            self._show(seat, screen)
            text = self.ask(f"{seat_name(seat)} › ")
            outcome = interpret(decision, text)
            if isinstance(outcome, Take):
                self.seen[seat] = len(self.line.steps) + 1
                return outcome.action
            if isinstance(outcome, Say):
                message, refused = outcome.lines, outcome.refused
                if outcome.then is not None:
                    decision = outcome.then
                if len(message) > self._message_rows(decision):
                    self._page("\n".join(message))
                    message = ()
                continue
            message, refused = (), False
            if outcome.command == "quit":
                raise _Quit
            if outcome.command == "undo":
                problem = self._undo(seat)
                if problem is None:
                    return None
                message, refused = (problem,), True
            elif outcome.command == "details":
                self._page(self.line.state.render(seat))
            elif outcome.command == "pictures":
                width, _ = self._size()
                rows = grid(decision.options(), width - 1, paint=self.paint)
                self._page("\n".join(row.plain for row in rows) or "There are no options.")
            elif outcome.command == "log":
                lines = [text for _, text in self.told[seat]]
                self._page("\n".join(lines) or "Nothing has happened yet.")

    def _undo(self, seat: int) -> str | None:
        """Take back ``seat``'s last decision (and the forced moves after it); ``None`` when
        done, else why not, in the engine's words."""
        line = self.line
        while line.steps and len(line.steps) in self.forced and line.steps[-1].seat == seat:
            if line.undo_refusal(seat) is not None:
                break
            line = line.undo(seat)
        problem = line.undo_refusal(seat)
        if problem is not None:
            return f"cannot take that back: {problem.message}"
        taken = line.steps[-1].action
        line = line.undo(seat)
        self.line = line
        kept = len(line.steps)
        self.forced = {n for n in self.forced if n <= kept}
        self.sealed.undone(kept)
        for human in self.humans:
            self.told[human] = [(n, t) for n, t in self.told[human] if n <= kept]
            self.must[human] = {(n, t) for n, t in self.must[human] if n <= kept}
            self.seen[human] = min(self.seen[human], kept)
        # numbered as the next step, so that it goes when that step is taken back too
        self.told[seat].append((kept + 1, f"{seat_name(seat)}: took back '{taken}'"))
        return None

    def _hand_over(self, seat: int) -> bool:
        """Hide the last view (scrollback included) and wait for the next player.

        The player who has just finished may still take its last decision back (``u``)
        before passing: the turn's last decision is what brings this screen up, so there
        is no other moment to undo it. ``False`` when it did, and play goes back to it.
        """
        before = self.on_screen
        self._wipe()
        prompt = f"Pass to P{seat + 1}, then press Enter (no peeking)"
        if before is not None:
            prompt += f"; u: {seat_name(before)} takes back the last move"
        problem: str | None = None
        while True:
            answer = self.ask(f"{problem + chr(10) if problem else ''}{prompt}... ")
            command = answer.strip().lower()
            if command in ("q", "quit", "exit"):
                raise _Quit
            if before is not None and command in ("u", "undo"):
                problem = self._undo(before)
                if problem is None:
                    self._wipe()
                    return False
                continue
            break
        self._wipe()
        return True

    def _wipe(self) -> None:
        self.console.clear()
        if self.full:
            self.console.file.write(CLEAR_SCROLLBACK)
            self.console.file.flush()

    def _size(self) -> tuple[int, int]:
        if self.full:
            # The terminal's own size, read at each screen: $COLUMNS and $LINES (which
            # the console would prefer) may be a shell's stale copy from before a resize.
            try:
                size = os.get_terminal_size(self.console.file.fileno())
            except (AttributeError, OSError, ValueError):
                width, height = self.console.size
                return width, height
            self.console.size = (size.columns, size.lines)  # the console crops by it too
            return size.columns, size.lines
        return max(WIDTH, self.console.width), HEIGHT

    def _fitted(self, decision: Decision) -> Decision:
        """``decision``, its moves of a kind offered once each (then asked field by field)
        when listed whole they would take more than a third of the screen's rows: on a
        small terminal the view keeps its room (BIOME Borneo's exchanges at 80x24, ten
        rows of cards and tiles, leave the rack one line). Typed moves are read alike."""
        width, height = self._size()
        rows = len(grid(decision.options(), width - 1, pictures=False))
        if rows <= height // 3:
            return decision
        grouped = Decision(decision.state, decision.seat, decision.names, list_at_most=1)
        options = grouped.options()
        # (one option of every move would be a step for nothing)
        if len(options) > 1 and len(grid(options, width - 1, pictures=False)) < rows:
            return grouped
        return decision

    def _message_rows(self, decision: Decision) -> int:
        """How many rows a message may take beside the decision and a little of the view."""
        width, height = self._size()
        options = len(grid(decision.options(), width - 1, pictures=False))
        return max(3, height - options - 4 - VIEW_AT_LEAST)

    def _screen(self, decision: Decision, message: Sequence[str], refused: bool) -> Screen:
        """The screen of ``decision``, fitted to the terminal; the first time the view must
        be shortened on a terminal smaller than the games are laid out for, it says so."""
        seat = decision.seat
        state = self.line.state
        news = [(n, text) for n, text in self.told[seat] if n > self.seen[seat]]
        if self.hot_seat:
            news_title = f"Since your last turn, {seat_name(seat)}:"
        else:
            news_title = "Since your last move:"
        standing = state.standing()  # the game's own score line, when it shows one
        points = (
            " · points " + ", ".join(f"{seat_name(s)} {fmt(x)}" for s, x in enumerate(standing))
            if standing is not None
            else ""
        )
        layout = Layout(
            header=f" {self.game.spec.title} · move {len(self.line.steps) + 1} · "
            f"{seat_name(seat)} to move{points} · seed {self.seed} ",
            view=state.render_styled(seat),
            news=[text for _, text in news],
            must_read=frozenset(i for i, item in enumerate(news) if item in self.must[seat]),
            news_title=news_title,
            title=decision.title() + ("  (b: back)" if decision.guided else ""),
            options=decision.options(),
            message=message,
            refused=refused,
            paint=self.paint,
            public=state.render(None),
        )
        width, height = self._size()
        screen = fit(layout, width, height)
        small = width < WIDTH or height < HEIGHT
        if screen.shortened and small and not refused and not self.size_told:
            self.size_told = True
            note = (
                f"This terminal is {width}x{height}; the game reads best at {WIDTH}x{HEIGHT} "
                "(d shows the whole view)."
            )
            layout = dataclasses.replace(layout, message=(*message, note))
            screen = fit(layout, width, height)
        return screen

    def _show(self, seat: int, screen: Screen) -> None:
        if self.full:
            self.console.clear()
        else:
            self.console.print(Rule(Text(f"{seat_name(seat)} to move")))
        for row in screen.rows:
            self.console.print(row, no_wrap=True, crop=True, overflow="ellipsis")

    def _show_unread(self, seat: int, lines: Sequence[str]) -> None:
        """Show ``seat`` the news it must read that its screen has no room for, and (in a
        terminal, where the screen is redrawn in place) wait until it has read it."""
        title = Text(f"{seat_name(seat)}, before your move (no room on the screen):", style="bold")
        width, height = self._size()
        rows = paged("\n".join(lines), width - 3).split("\n")
        if self.full and len(rows) > height - 3:
            self._page("\n".join([title.plain, *rows]))
            return
        if self.full:
            self.console.clear()
        self.console.print(title)
        for row in rows:
            self.console.print(Text("  ") + self.paint(row), no_wrap=True, crop=True)
        if self.full:
            self.console.print()
            if self.ask("Enter: on to your move... ").strip().lower() in ("q", "quit", "exit"):
                raise _Quit

    def _page(self, text: str) -> None:
        """Show a long text: through the pager in a terminal, else printed; its lines
        broken at spaces to the terminal's width (:func:`~ecotone.cli.screen.paged`)."""
        if self.full:
            width, _ = self._size()
            shown = paged(text, width - 1)
            with self.console.pager(styles=False):
                self.console.print(Text("(q goes back to the game)\n\n" + shown), soft_wrap=True)
            # A pager such as less leaves the alternate screen when it quits, and with
            # it the game's: go back to it, so that the game stays out of the scrollback.
            self.console.set_alt_screen(True)
        else:
            self.console.print(Text(text))

    def _input(self, prompt: str) -> str:
        return self.console.input(Text(prompt))

    # -- the end --------------------------------------------------------------------------

    def _save(self) -> Path:
        replay = self.line.replay(self.seats)
        if self.path is None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            stem = f"{self.game.spec.id}-{stamp}-{self.seed}"
            path = self.folder / f"{stem}.json"
            n = 2
            while path.exists():
                path = self.folder / f"{stem}-{n}.json"
                n += 1
            self.path = path
        replay.save(self.path)
        return self.path

    def _stopped(self, why: str, status: int) -> int:
        path = self._save()
        c = self.console
        moves = len(self.line.steps)
        c.print(
            f"{why} after {counted(moves, 'move')}. Nothing is lost: the game so far is saved in"
        )
        c.print(Text(f"  {path}"))
        c.print(Text(f"Go on with: ecotone play --resume {path}   (or: --resume last)"))
        return status

    def _finished(self) -> int:
        """The end: the table as the viewer sees it, the last moves, every seat's score
        term by term, who won (each player named as the moves name them: ``P2 (random)``),
        why the game ended and what its result means (:meth:`State.ending`, in the game's
        words), and where the replay is."""
        c = self.console
        state = self.line.state
        viewer = self.humans[0] if len(self.humans) == 1 else None
        c.print(Rule(Text(f"Game over · {self.game.spec.title}")))
        c.print(self.paint(state.render_styled(viewer)))
        c.print()
        if len(self.humans) == 1:
            human = self.humans[0]
            last = [text for n, text in self.told[human] if n > self.seen[human]]
            if last:
                c.print(Text("The last moves:", style="bold"))
                for text in last:
                    c.print(Text("  ") + self.paint(text))  # coloured as the news was
        c.print(final_scores(state, self.seats))
        winners = [self._who(w) for w in state.winners()]
        if not winners:
            c.print(Text("Nobody wins."))
        elif len(winners) == 1:
            c.print(Text(f"{winners[0]} wins."))
        else:
            c.print(Text(f"{', '.join(winners[:-1])} and {winners[-1]} share the win."))
        ending = state.ending()
        if ending:
            # coloured as the game's other words are; a sentence or two, so in a terminal
            # wrapped between words, not wherever the line reaches the edge
            c.print(self.paint(ending), soft_wrap=not self.full)
        path = self._save()
        c.print(Text(f"Replay saved: {path}"))
        c.print(Text(f"See it again with: ecotone replay {path}"))
        return 0


def _ids(observation: Any, components: frozenset[str]) -> Iterator[str]:
    """The component ids ``observation`` names, in order, each once."""
    seen: set[str] = set()
    for text in _texts(observation):
        if text in components and text not in seen:
            seen.add(text)
            yield text


def _texts(value: Any) -> Iterator[str]:
    """Every text in an observation, keys of its mappings included, in order."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _texts(key)
            yield from _texts(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _texts(item)
