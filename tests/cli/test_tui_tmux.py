"""``ecotone play`` as a person meets it: in a real terminal (tmux, 100x40), typed at.

tmux runs the command in a pane of exactly 100 columns by 40 rows; the tests type with
``send-keys`` and read the screen with ``capture-pane``. For each game: a refused input,
an undo, a stop and a resume (a few seconds each); in the slow run, whole games against
the bots, with a budget in moves. Skipped where tmux is not installed
(``apt-get install tmux``; ``.ci/run`` installs it).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import ecotone

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (apt-get install tmux)")

SRC = Path(ecotone.__file__).resolve().parent.parent
WIDTH, HEIGHT = 100, 40
PROMPT = re.compile(r"^P\d › $")
# A safety net only, so that a broken build fails instead of hanging: the tests' budgets
# are counted in moves.
PATIENCE = 90.0

# Each game with a human and random bots (fast to play against), at its fewest players.
GAMES = {
    "once-upon-a-forest": "human,random",
    "phylo": "human,random",
    "biomasters": "human,random",
    "biome-borneo": "human,random",
    "singapore-untamed": "human,random,random,random",
}


class Pane:
    """One tmux server with one 100x40 pane running a command."""

    def __init__(self, home: Path, args: list[str]) -> None:
        self.socket = home / f"tmux-{len(list(home.glob('tmux-*')))}.sock"  # one per pane
        env = {"PYTHONPATH": str(SRC), "ECOTONE_HOME": str(home), "TERM": "xterm-256color"}
        env_words = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
        command = " ".join(shlex.quote(a) for a in [sys.executable, "-m", "ecotone", *args])
        # tmux makes the pane 80x24 and then sizes it: a command started at once may read
        # the first size, so it waits (a hundred looks at most) for the pane's own
        size = f"{HEIGHT} {WIDTH}"
        settle = f'for _ in $(seq 100); do [ "$(stty size)" = "{size}" ] && break; sleep 0.02; done'
        shell = f"{settle}; env {env_words} {command}; echo EXITED $?; sleep 600"
        self._tmux("new-session", "-d", "-x", str(WIDTH), "-y", str(HEIGHT), "-s", "t", shell)

    def _tmux(self, *args: str) -> str:
        assert TMUX is not None
        done = subprocess.run(
            [TMUX, "-S", str(self.socket), "-f", os.devnull, *args],
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    def screen(self) -> list[str]:
        """The visible rows."""
        return self._tmux("capture-pane", "-p", "-t", "t").splitlines()

    def coloured(self) -> str:
        """The visible rows with their colours, as escape sequences."""
        return self._tmux("capture-pane", "-p", "-e", "-t", "t")

    def history(self) -> str:
        """Everything the pane holds, scrollback included."""
        return self._tmux("capture-pane", "-p", "-S", "-", "-E", "-", "-t", "t")

    def key(self, name: str) -> None:
        """Press one key, without Enter."""
        self._tmux("send-keys", "-t", "t", name)

    def type(self, text: str) -> None:
        self._tmux("send-keys", "-t", "t", "-l", text)
        self._tmux("send-keys", "-t", "t", "Enter")

    def wait(
        self, ready: re.Pattern[str] | None = None, before: list[str] | None = None
    ) -> list[str]:
        """The screen once it shows a prompt (or ``ready``) and differs from ``before``."""
        deadline = time.monotonic() + PATIENCE
        while True:
            rows = self.screen()
            text = "\n".join(rows)
            if rows != before:
                if ready is not None and ready.search(text):
                    return rows
                filled = [r for r in rows if r.strip()]
                if ready is None and filled and PROMPT.match(filled[-1] + " "):
                    return rows
                if "EXITED" in text:
                    return rows
            if time.monotonic() > deadline:
                raise AssertionError("the screen did not settle:\n" + text)
            time.sleep(0.05)

    def answer(self, text: str) -> list[str]:
        """Type ``text`` and Enter at the prompt; the next screen."""
        before = self.screen()
        self.type(text)
        return self.wait(before=before)

    def close(self) -> None:
        kill = [str(TMUX), "-S", str(self.socket), "kill-server"]
        subprocess.run(kill, check=False, capture_output=True)


@pytest.fixture
def home() -> Iterator[Path]:
    # a short path: tmux's socket path must fit a Unix socket's name
    folder = Path(tempfile.mkdtemp(prefix="eco-tui-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def play(home: Path, *args: str) -> Pane:
    return Pane(home, ["play", *args])


def fits(rows: list[str]) -> None:
    """The screen is one screen: the header on top, the prompt last, nothing wider."""
    filled = [r for r in rows if r.strip()]
    assert len(rows) <= HEIGHT
    assert all(len(r) <= WIDTH for r in rows)
    assert " · move " in rows[0], rows[0]
    assert PROMPT.match(filled[-1] + " "), filled[-1]


def header(rows: list[str]) -> str:
    return rows[0].strip()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_refusal_undo_stop_and_resume(game_id: str, home: Path) -> None:
    pane = play(home, game_id, "--seats", GAMES[game_id], "--seed", "5")
    try:
        rows = pane.wait()
        fits(rows)
        rows = pane.answer("migrate to narnia")
        fits(rows)
        assert "\x1b[31m" in pane.coloured()  # a refusal, in red above the prompt
        rows = pane.answer("u")
        fits(rows)
        said = "\n".join(rows)
        assert "cannot take that back" in said or "took back" in said
        if shutil.which("less"):  # d pages the whole view; q comes back to the game
            before = pane.screen()
            pane.type("d")
            pane.wait(re.compile("q goes back to the game"), before)
            before = pane.screen()
            pane.key("q")
            fits(pane.wait(before=before))
        rows = pane.answer("1")
        rows = pane.answer("1") if "EXITED" not in "\n".join(rows) else rows
        fits(rows)
        where = header(rows)
        rows = pane.answer("q")
        after = "\n".join(rows)
        assert "EXITED 0" in after
        assert "Go on with: ecotone play --resume" in after
        assert "P1 ›" not in after  # the game's screens went with the alternate screen
    finally:
        pane.close()
    pane = play(home, "--resume", "last")
    try:
        rows = pane.wait()
        fits(rows)
        assert header(rows) == where  # the same move of the same game
    finally:
        pane.close()


def test_biome_borneo_fits_in_colour_and_draws_its_options_on_p(home: Path) -> None:
    pane = play(home, "biome-borneo", "--seats", "human,heuristic", "--seed", "5")
    try:
        rows = pane.wait()
        fits(rows)
        # the decision whole: every option numbered, one after the other, to the prompt
        numbers = [int(m[1]) for r in rows if (m := re.match(r"^\s*(\d+)\. ", r))]
        assert numbers == list(range(1, len(numbers) + 1))
        assert len(numbers) > 5
        # the map and the hand in the plants' colours
        plant = r"\x1b\[[0-9;]*38;[25];[0-9;]*m(ML|MF|OR|FG|BR|FE|VI|HI|BL|MA|PP)\b"
        assert len(re.findall(plant, pane.coloured())) > 10
        if shutil.which("less") and "(p: each option drawn)" in "\n".join(rows):
            before = pane.screen()
            pane.type("p")
            drawn = pane.wait(re.compile("q goes back to the game"), before)
            assert sum(r.strip().startswith("..") for r in drawn) > 0  # a tile's sides
            before = pane.screen()
            pane.key("q")
            fits(pane.wait(before=before))
    finally:
        pane.close()


def test_hot_seat_leaves_no_hand_in_the_scrollback(home: Path) -> None:
    pane = play(home, "once-upon-a-forest", "--seats", "human,human", "--seed", "3")
    try:
        pane.wait(re.compile("Pass to P1"))
        rows = pane.answer("")
        assert "P1 (you)" in "\n".join(rows)  # P1's own view, its hand on it
        before = pane.screen()
        pane.type("1")
        pane.wait(re.compile("Pass to P2"), before=before)
        rows = pane.answer("")
        assert "P2 to move" in header(rows)
        assert "P1 (you)" not in pane.history()  # neither on screen nor scrolled back
    finally:
        pane.close()


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_game_against_the_bots(game_id: str, home: Path) -> None:
    seats = ",".join(["human"] + ["heuristic"] * (GAMES[game_id].count(",")))
    pane = play(home, game_id, "--seats", seats, "--seed", "11")
    game = ecotone.make(game_id, players=seats.count(",") + 1)
    try:
        rows = pane.wait()
        for _ in range(game.max_steps):  # the budget: the game's bound on decisions
            text = "\n".join(rows)
            if "EXITED" in text:
                break
            fits(rows)
            rows = pane.answer("1")
        final = pane.history()
        assert "EXITED 0" in final
        assert "Game over" in final
        assert "Final scores" in final
        assert "Replay saved:" in final
    finally:
        pane.close()
