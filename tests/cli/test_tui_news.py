"""What a player at the terminal is told between decisions: what it drew (and nobody else),
the moves taken for it, the outcome of a secret decision, what the game made happen beyond
the moves, and what a small screen had no room for."""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path

from rich.console import Console

import ecotone
from ecotone.cli import play as play_module
from ecotone.cli.screen import HEIGHT, WIDTH
from ecotone.sim.runner import build_bot

FOREST = "once-upon-a-forest"
BIOME = "biome-borneo"
PHYLO = "phylo"


def play_at_terminal(
    folder: Path,
    game_id: str,
    seats: list[str],
    seed: int,
    answers: Iterable[str],
    console: Console | None = None,
) -> tuple[play_module.PlaySession, str]:
    """A game at a terminal, its answers typed in turn and then ``q``; the session and
    everything shown, prompts included."""
    game = ecotone.make(game_id, players=len(seats))
    bots = [None if s == "human" else build_bot(s, game, i, i) for i, s in enumerate(seats)]
    shown = console or Console(file=io.StringIO(), width=WIDTH)
    typed = iter(answers)

    def ask(prompt: str) -> str:
        shown.print(prompt, markup=False)
        return next(typed, "q")

    session = play_module.PlaySession(game, seats, bots, seed, shown, ask)
    assert session.run(folder) == play_module.QUIT_STATUS
    return session, shown.file.getvalue()  # type: ignore[attr-defined]


def _screens(out: str, seat: int) -> list[str]:
    """Each screen ``seat`` was shown, from its rule to its prompt."""
    found: list[str] = []
    start = 0
    while (head := out.find(f"P{seat} to move ─", start)) >= 0:
        end = out.index(f"P{seat} ›", head)
        found.append(out[head:end])
        start = end
    return found


def test_a_player_reads_what_it_drew_and_the_other_seat_does_not(tmp_path: Path) -> None:
    game = ecotone.make(FOREST, players=2)
    drawn = game.start(5).data.piles[0][-1]  # the top of pile 1: P1's first card
    label = game.presentation().catalog["cards"][drawn]["label"]
    # (each hand-over waits for Enter)
    moves = ["", "draw from pile 1", "", "draw from pile 2", ""]
    session, out = play_at_terminal(tmp_path, FOREST, ["human", "human"], 5, moves)
    assert f"P1: draw from pile 1 — you now see {label}" in _screens(out, 1)[1]
    # P2 learns which pile P1 drew from, never the card
    p2 = _screens(out, 2)[0]
    assert "P1: draw from pile 1" in p2
    assert drawn not in p2
    assert drawn not in "\n".join(text for _, text in session.told[1])


def test_a_move_taken_for_the_player_stays_in_the_news_however_many_follow(
    tmp_path: Path,
) -> None:
    # BIOME Borneo: P1's first move is its only one (no Opportunist to play), then P2
    # plays a whole turn, more moves than the news shows
    _, out = play_at_terminal(tmp_path, BIOME, ["human", "random"], 3, [])
    first = _screens(out, 1)[0]
    assert "P1: pass (the only possible move, taken for you)" in first
    assert "more: l lists them)" in first  # though there is more news than it shows


def test_a_secret_choice_is_read_again_beside_the_choice_that_revealed_it(
    tmp_path: Path, toy: str
) -> None:
    session, out = play_at_terminal(tmp_path, toy, ["human", "random"], 1, ["1"])
    mine, theirs = (str(step.action) for step in session.line.steps)
    after = _screens(out, 1)[1]
    assert f"P2 (random): {theirs}" in after
    assert f"P1: {mine} (revealed)" in after


def test_what_the_game_made_happen_is_told_after_the_move_that_did_it(tmp_path: Path) -> None:
    # Phylo, seed 5: P2 wins the set-up's rock-paper-scissors; P1's first option is Beagle
    # Runs Ashore, which makes P2 miss its next turn
    session, out = play_at_terminal(tmp_path, PHYLO, ["human", "random"], 5, ["1"])
    first, second = _screens(out, 1)
    assert "P2 won rock-paper-scissors and goes first" in first
    assert str(session.line.steps[-1].action) == "play E01"
    assert "P2 will miss their next turn" in second
    # each told once, in the order it happened, after the moves
    told = [text for _, text in session.told[0]]
    assert told.count("P2 will miss their next turn") == 1
    assert told.index("P2 will miss their next turn") == told.index("P1: play E01") + 1
    assert not [text for text in told if " played " in text]  # the moves are not told twice


def test_a_game_of_bots_prints_what_the_game_made_happen_among_the_moves(tmp_path: Path) -> None:
    game = ecotone.make(PHYLO, players=2)
    bots = [build_bot("random", game, s, s) for s in (0, 1)]
    shown = Console(file=io.StringIO(), width=WIDTH)
    session = play_module.PlaySession(game, ["random", "random"], bots, 5, shown, lambda _: "")
    assert session.run(tmp_path) == 0
    lines = shown.file.getvalue().splitlines()  # type: ignore[attr-defined]
    first = lines.index("P2 won rock-paper-scissors and goes first")
    assert first < next(i for i, line in enumerate(lines) if line.startswith("P2 (random): "))


def test_what_a_small_screen_has_no_room_for_is_shown_first_and_waits(tmp_path: Path) -> None:
    # (12 rows: at 14 the exchanges, offered a kind at a time, leave the news room)
    small = Console(file=io.StringIO(), width=80, height=12, force_terminal=True, color_system=None)
    _, out = play_at_terminal(tmp_path, BIOME, ["human", "random"], 3, [""], small)
    waited = out.index("Enter: on to your move")
    assert "P1: pass (the only possible move, taken for you)" in out[:waited]
    assert out.index("P1 ›") > waited  # the decision comes after


def test_a_terminal_too_small_is_told_once(tmp_path: Path) -> None:
    def told(width: int, height: int) -> int:
        console = Console(
            file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None
        )
        _, out = play_at_terminal(
            tmp_path, FOREST, ["human", "random"], 5, ["1", "1", "1"], console
        )
        return out.count(f"the game reads best at {WIDTH}x{HEIGHT}")

    assert told(80, 24) == 1
    assert told(WIDTH, HEIGHT) == 0


def test_a_card_drawn_is_named_by_what_its_id_does_not_say() -> None:
    game = ecotone.make(FOREST, players=2)
    cards = game.presentation().catalog["cards"]
    plain = next(k for k, face in cards.items() if face["label"] == k)  # a label that is its id
    named = next(k for k, face in cards.items() if face["label"] != k)
    session = play_module.PlaySession(
        game, ["human", "human"], [None, None], 1, Console(file=io.StringIO()), lambda _: "q"
    )
    assert session._called(plain) == f"{plain} · {cards[plain]['name']}"  # S14 · Plain card
    assert session._called(named) == cards[named]["label"]  # C02 Howler
