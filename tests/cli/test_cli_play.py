"""`ecotone play` driven by scripted input: whole games, hot-seat, interruptions."""

from __future__ import annotations

import builtins
import io
import re
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from rich.console import Console

import ecotone
from ecotone.cli import play as play_module
from ecotone.cli.main import main
from ecotone.core.replay import Replay

FOREST = "once-upon-a-forest"


class Script:
    """Stands in for ``input``: scripted answers first, then ``then`` forever."""

    def __init__(self, answers: Iterable[str], then: str | None = "1") -> None:
        self.answers = list(answers)
        self.then = then
        self.calls = 0

    def __call__(self, prompt: str = "") -> str:
        self.calls += 1
        if self.answers:
            answer = self.answers.pop(0)
        elif self.then is None:
            raise EOFError
        else:
            answer = self.then
        return answer


def scripted(monkeypatch: pytest.MonkeyPatch, script: Callable[..., str]) -> None:
    monkeypatch.setattr(builtins, "input", script)


def replays(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))


def test_a_whole_game_against_random(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seed = 3
    game = ecotone.make(FOREST, players=2)
    start = game.start(seed)
    wrong = "place Z99 in tree 1"
    explanation = start.explain(0, game.codec.parse(wrong))
    assert explanation
    script = Script(["99", wrong, "?", "draw from pile 1"])
    scripted(monkeypatch, script)
    code = main(
        [
            "play",
            FOREST,
            "--seats",
            "human,random",
            "--seed",
            str(seed),
            "--replay-dir",
            str(tmp_path),
        ]
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "there is no option 99; choose a number from 1 to 5" in out
    assert explanation in out
    assert "draw from pile <pile>" in out  # the help lists the notation forms
    assert "P2 (random): " in out  # the bot's moves are shown
    # the header carries the game's score line as it stands, from the first move on
    first = ", ".join(f"P{s + 1} {int(x)}" for s, x in enumerate(start.standing() or []))
    assert f" · move 1 · P1 to move · points {first} · seed {seed} " in out
    standings = set(re.findall(r"P1 to move · points (P1 -?\d+, P2 -?\d+) · seed", out))
    assert len(standings) > 1, "the standing moves with the play"
    assert "Game over" in out
    assert "Final scores" in out
    (path,) = replays(tmp_path)
    assert f"Replay saved: {path}" in out
    replay = Replay.load(path)
    final = replay.verify()
    assert final.is_over
    assert replay.seats == ["human", "random"]
    assert replay.seed == seed
    assert replay.scores == final.scores()
    assert replay.steps[0].action == {"type": "draw", "pile": 0}  # typed in notation
    # every seat's score term by term, as the game counts it, then the totals
    for seat, name in enumerate(["human", "random"]):
        assert f"P{seat + 1} · {name}" in out
    for term in {t.name for seat in final.breakdown() for t in seat}:
        assert f"│ {term} " in out
    totals = r"\s+│\s+".join(str(int(x)) for x in final.scores())
    assert re.search(rf"│ Total\s+│\s+{totals} ", out)
    assert main(["replay", str(path), "--verify"]) == 0


def test_hot_seat_hands_over_between_humans(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    scripted(monkeypatch, Script([]))
    # Output captured for a test is no terminal, where rich's clear() does nothing: mark
    # each clearing in the output instead, to see when the screen would be wiped.
    monkeypatch.setattr(Console, "clear", lambda self, home=True: self.print("<cleared>"))
    code = main(
        ["play", FOREST, "--seats", "human,human", "--seed", "5", "--replay-dir", str(tmp_path)]
    )
    out, _ = capsys.readouterr()
    assert code == 0
    first_p2 = out.index("P2 to move")
    assert "Pass to P2, then press Enter" in out[:first_p2]
    assert out.index("Pass to P2") > out.index("P1 to move")
    # P1's view is wiped before the hand-off prompt, and the prompt before P2's view.
    handoff = out.index("Pass to P2")
    assert out.rindex("<cleared>", 0, handoff) > out.index("P1 to move")
    assert out.index("<cleared>", handoff) < first_p2
    # after the hand-off, P2's screen says what happened since their last turn
    assert "Since your last turn, P2:" in out[first_p2 : out.index("P2 ›", first_p2)]
    assert out.count("Pass to P1") >= 2
    (path,) = replays(tmp_path)
    assert Replay.load(path).verify().is_over


def test_simultaneous_decisions_in_hot_seat(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, toy: str
) -> None:
    scripted(monkeypatch, Script([]))
    code = main(["play", toy, "--seats", "human", "--seed", "1", "--replay-dir", str(tmp_path)])
    out, _ = capsys.readouterr()
    assert code == 0
    assert out.count("Pass to P2") == 3  # both bid each round, P1 first
    # P2 learns that P1 has bid (its hand shrank), never what
    bid = ecotone.make(toy, players=2).start(1).legal_actions(0)[0]
    first_p2 = out.index("P2 to move")
    news = out[out.index("Since your last turn, P2:", first_p2) : out.index("P2 ›", first_p2)]
    assert "P1: a bid" in news
    assert str(bid) not in news
    assert bid.card not in news  # type: ignore[attr-defined]
    (path,) = replays(tmp_path)
    assert Replay.load(path).seats == ["human", "human"]


def test_a_bots_secret_choice_is_not_shown(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, toy: str
) -> None:
    scripted(monkeypatch, Script([]))
    code = main(
        ["play", toy, "--seats", "random,human", "--seed", "1", "--replay-dir", str(tmp_path)]
    )
    out, _ = capsys.readouterr()
    assert code == 0
    # P1 chooses first each round: while P2 chooses, it is told only whether P1 bid or
    # folded; once P2's choice closes the round, the cards laid open tell it what P1 did
    told = re.findall(r"P1 \(random\): (.*)", out)
    assert told[0::2] == [t for t in told if not t.endswith(" (revealed)")]
    assert set(told[0::2]) <= {"a bid", "a fold"}
    (path,) = replays(tmp_path)
    mine = [
        str(ecotone.make(toy, players=2).codec.from_json(s.action))
        for s in Replay.load(path).steps
        if s.seat == 0
    ]
    assert told[1::2] == [f"{a} (revealed)" for a in mine]
    assert len(mine) == 3


def test_a_replay_tells_each_chair_what_it_was_told(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, toy: str
) -> None:
    scripted(monkeypatch, Script([]))
    code = main(["play", toy, "--seats", "human", "--seed", "1", "--replay-dir", str(tmp_path)])
    assert code == 0
    (path,) = replays(tmp_path)
    first = Replay.load(path).steps[0]
    bid = ecotone.make(toy, players=2).codec.from_json(first.action)
    capsys.readouterr()
    # P2's chair: P1's first bid as P2 was told it during play
    assert main(["replay", str(path), "--all", "--seat", "2"]) == 0
    as_p2 = capsys.readouterr().out
    assert "Step 1: P1 (human): a bid" in as_p2
    assert bid.card not in as_p2.split("Step 2:")[0]  # type: ignore[attr-defined]
    # ... and told again once P2's bid closed the round and both cards lay on the table
    second = as_p2.split("Step 2:")[1].split("after step 2")[0]
    assert f"  P1 (human): {bid} (revealed)" in second
    # the referee: every step named, and what each seat alone could see
    assert main(["replay", str(path), "--all", "--referee"]) == 0
    referee = capsys.readouterr().out
    assert f"Step 1: P1 (human): {bid}" in referee
    start = ecotone.make(toy, players=2).start(1)
    for seat in (0, 1):
        hand = ", ".join(start.observe(seat)["hand"])
        assert f"P{seat + 1} alone sees hand: {hand}" in referee
    # a chair and the referee exclude each other
    assert main(["replay", str(path), "--seat", "1", "--referee"]) == 2
    assert "not allowed with" in capsys.readouterr().err


BIOME = "biome-borneo"


def test_hot_seat_hides_what_the_server_hides(tmp_path: Path) -> None:
    # In BIOME Borneo the others see how many cards a player exchanges, not which: the
    # server's log hides the card, and so must the news P2 reads after the hand-off.
    game = ecotone.make(BIOME, players=2)
    start = game.start(1)
    assert start.to_move == (1,)  # P2 opens (with its only move)
    exchange = next(
        a
        for a in start.apply(1, start.legal_actions(1)[0]).legal_actions(0)
        if type(a).__name__ == "ExchangeCard"
    )
    p1_moves = iter([str(exchange), "done exchanging"])
    p2_turns = 0

    def answer(prompt: str) -> str:
        nonlocal p2_turns
        if prompt.startswith("P1 ›"):
            return next(p1_moves, "1")
        if prompt.startswith("P2 ›"):
            p2_turns += 1
            return {1: "l", 2: "1"}.get(p2_turns, "q")  # the log first: all P2 was told
        assert prompt.startswith("Pass to")
        return ""  # the hand-off

    console = Console(file=io.StringIO(), width=120)
    session = play_module.PlaySession(game, ["human"] * 2, [None, None], 1, console, answer)
    assert session.run(tmp_path) == play_module.QUIT_STATUS
    out = console.file.getvalue()  # type: ignore[attr-defined]
    # P2's forced opening was taken for it, and it is told so at its first screen
    first_p2 = out.index("P2 to move")
    news = out[first_p2:]
    assert "(the only possible move, taken for you)" in news
    assert "P1: a card chosen for the exchange" in news
    told = [line for line in news.splitlines() if "P1:" in line]
    assert told
    assert not [line for line in told if exchange.card in line]  # type: ignore[attr-defined]
    assert "P1: done exchanging" in news  # what the board shows is told in full


def test_end_of_input_saves_the_partial_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    scripted(monkeypatch, Script(["1", "1", "1"], then=None))
    code = main(
        ["play", FOREST, "--seats", "human,random", "--seed", "2", "--replay-dir", str(tmp_path)]
    )
    out, _ = capsys.readouterr()
    assert code == play_module.EOF_STATUS
    assert "Nothing is lost" in out
    (path,) = replays(tmp_path)
    assert str(path) in out
    replay = Replay.load(path)
    assert replay.scores is None  # unfinished
    assert [s.seat for s in replay.steps] == [0, 1, 0, 1, 0, 1]
    assert not replay.verify().is_over


def test_ctrl_c_saves_the_partial_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def interrupt(prompt: str = "") -> str:
        raise KeyboardInterrupt

    scripted(monkeypatch, interrupt)
    code = main(
        ["play", FOREST, "--seats", "human,random", "--seed", "2", "--replay-dir", str(tmp_path)]
    )
    out, _ = capsys.readouterr()
    assert code == 130
    assert "Interrupted after 0 moves. Nothing is lost" in out
    (path,) = replays(tmp_path)
    assert Replay.load(path).steps == ()


def test_quit_saves_and_exits_cleanly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    scripted(monkeypatch, Script(["2", "q"]))
    code = main(
        ["play", FOREST, "--seats", "human,random", "--seed", "2", "--replay-dir", str(tmp_path)]
    )
    out, _ = capsys.readouterr()
    assert code == 0
    assert "You stopped the game after 2 moves" in out
    (path,) = replays(tmp_path)
    assert Replay.load(path).verify().digest()


def test_defaults_seat_a_human_then_bots_and_print_the_seed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("ECOTONE_HOME", str(tmp_path))
    scripted(monkeypatch, Script(["q"]))
    assert main(["play", FOREST]) == 0
    out, _ = capsys.readouterr()
    found = re.search(r"Seed (\d+) \(play this deal again with --seed \1\)", out)
    assert found is not None
    seed = int(found[1])
    (path,) = replays(tmp_path / "replays")
    replay = Replay.load(path)
    assert replay.seed == seed
    assert replay.players == 2
    assert replay.seats is not None
    assert replay.seats[0] == "human"
    assert replay.seats[1] in ("heuristic", "random")


def test_a_solo_variant_defaults_to_one_player(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    scripted(monkeypatch, Script([]))
    code = main(["play", FOREST, "--variant", "solo", "--seed", "4", "--replay-dir", str(tmp_path)])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "Pass to" not in out
    assert "Rating:" in out  # the solo game's final view
    (path,) = replays(tmp_path)
    assert Replay.load(path).players == 1


def test_replay_folder_defaults(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from ecotone.cli.options import default_replay_dir

    monkeypatch.setenv("ECOTONE_HOME", str(tmp_path / "eco"))
    assert default_replay_dir() == tmp_path / "eco" / "replays"
    monkeypatch.delenv("ECOTONE_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_replay_dir() == tmp_path / "xdg" / "ecotone" / "replays"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_replay_dir() == tmp_path / "home" / ".local" / "share" / "ecotone" / "replays"


def test_undo_takes_back_own_decisions_and_says_why_not(tmp_path: Path) -> None:
    from tests.cli.tui_toy import Lay, Tiles

    game = Tiles(2)  # each seat decides twice in a row
    answers = iter(["u", "lay T1 on a1 turned 0", "u", "u", "rest", "rest", "u", "q"])
    console = Console(file=io.StringIO(), width=100)
    bots = [None, play_module.build_bot("random", game, 1, 1)]
    session = play_module.PlaySession(
        game, ["human", "random"], bots, 1, console, lambda _: next(answers)
    )
    assert session.run(tmp_path) == play_module.QUIT_STATUS
    out = console.file.getvalue()  # type: ignore[attr-defined]
    # nothing to take back at first; then the lay is taken back (and not in the replay)
    assert "cannot take that back: nothing has been played yet" in out
    assert "P1: took back 'lay T1 on a1 turned 0'" in out
    # after P2 has decided, P1's decisions stand, in the engine's words
    assert "cannot take that back: P2 has decided since" in out
    (path,) = replays(tmp_path)
    steps = Replay.load(path).steps
    assert [s.seat for s in steps] == [0, 0, 1, 1]
    assert game.codec.from_json(steps[0].action) != Lay("T1", "a1", 0)


def test_a_single_legal_move_is_taken_with_a_line_unless_asked_to_confirm(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # BIOME Borneo's second player opens with its only move
    base = ["play", BIOME, "--seats", "random,human", "--seed", "1"]
    scripted(monkeypatch, Script(["l", "q"]))  # l: every move P2 was told of
    assert main([*base, "--replay-dir", str(tmp_path / "a")]) == 0
    out = capsys.readouterr().out
    assert "(the only possible move, taken for you)" in out
    assert "You stopped the game after 1 moves" not in out  # P1 (random) moved too
    scripted(monkeypatch, Script(["q"]))
    assert main([*base, "--confirm-forced", "--replay-dir", str(tmp_path / "b")]) == 0
    out = capsys.readouterr().out
    assert "You stopped the game after 0 moves" in out
    assert " 1. pass" in out


def test_resume_goes_on_exactly_where_the_game_stopped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    folder = ["--replay-dir", str(tmp_path)]
    scripted(monkeypatch, Script(["1", "2", "q"]))
    assert main(["play", FOREST, "--seats", "human,random", "--seed", "8", *folder]) == 0
    (path,) = replays(tmp_path)
    stopped = Replay.load(path)
    assert len(stopped.steps) == 4
    assert f"Go on with: ecotone play --resume {path}" in capsys.readouterr().out
    # resume the newest unfinished game, and stop again at once: nothing changes
    scripted(monkeypatch, Script(["q"]))
    assert main(["play", "--resume", *folder]) == 0
    assert "Resumed after 4 moves" in capsys.readouterr().out
    assert Replay.load(path) == stopped  # the same file, the same game
    # then play it to the end, from the file named
    scripted(monkeypatch, Script([]))
    assert main(["play", "--resume", str(path), *folder]) == 0
    assert "Game over" in capsys.readouterr().out
    (again,) = replays(tmp_path)
    finished = Replay.load(again)
    assert finished.steps[:4] == stopped.steps
    assert finished.seed == 8
    assert finished.seats == ["human", "random"]
    assert finished.verify().is_over
    # a finished game is not resumed; nor is anything when nothing is unfinished
    assert main(["play", "--resume", str(path), *folder]) == 2
    assert "is over; see it with: ecotone replay" in capsys.readouterr().err
    assert main(["play", "--resume", "last", *folder]) == 2
    assert "no unfinished game is saved in" in capsys.readouterr().err
    assert main(["play", FOREST, "--resume", *folder]) == 2


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_a_resumed_game_goes_on_move_for_move_as_the_uninterrupted_one(
    bot: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    base = ["play", FOREST, "--seats", f"human,{bot}", "--seed", "6"]
    # the game uninterrupted: P1 takes option 1 at twelve decisions, then stops
    scripted(monkeypatch, Script(["1"] * 12 + ["q"]))
    assert main([*base, "--replay-dir", str(tmp_path / "whole")]) == 0
    (whole,) = replays(tmp_path / "whole")
    # the same decisions, stopped after five and resumed for the other seven
    scripted(monkeypatch, Script(["1"] * 5 + ["q"]))
    assert main([*base, "--replay-dir", str(tmp_path / "parts")]) == 0
    stopped = Replay.load(replays(tmp_path / "parts")[0])
    scripted(monkeypatch, Script(["1"] * 7 + ["q"]))
    assert main(["play", "--resume", "--replay-dir", str(tmp_path / "parts")]) == 0
    assert "chose otherwise" not in capsys.readouterr().out
    (parts,) = replays(tmp_path / "parts")
    steps = Replay.load(parts).steps
    assert len(steps) > len(stopped.steps) + 7  # the bot moved after the resume
    assert steps == Replay.load(whole).steps


def test_a_bot_that_chooses_otherwise_on_the_way_is_named(tmp_path: Path) -> None:
    game = ecotone.make(FOREST, players=2)
    line = play_module.History.of(game, 4, [])
    for _ in range(6):
        seat = line.state.to_move[0]
        line = line.play(seat, line.state.legal_actions(seat)[-1])
    bots = [None, play_module.build_bot("random", game, 1, 1)]
    assert play_module.catch_up(bots, line) == [1]  # random would not always take the last
    first = [play_module.build_bot("heuristic", game, s, s) for s in range(2)]
    line = play_module.History.start(game, 4)
    for _ in range(6):
        seat = line.state.to_move[0]
        line = line.play(seat, first[seat].act(play_module.SeatView(line.state, seat)))
    again = [play_module.build_bot("heuristic", game, s, s) for s in range(2)]
    assert play_module.catch_up(again, line) == []


def test_hot_seat_undo_before_passing(tmp_path: Path) -> None:
    """The decision that ends a turn brings up the hand-over screen at once: the player
    who made it can still take it back there, and decides again."""
    from tests.cli.tui_toy import Tiles

    game = Tiles(2)  # each seat decides twice in a row
    prompts: list[str] = []
    answers = iter(["", "rest", "rest", "u", "rest", "", "q"])

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    console = Console(file=io.StringIO(), width=100)
    session = play_module.PlaySession(game, ["human", "human"], [None, None], 1, console, ask)
    assert session.run(tmp_path) == play_module.QUIT_STATUS
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert [p.split(",")[0].split(" ›")[0] for p in prompts] == [
        "Pass to P1",
        "P1",
        "P1",
        "Pass to P2",
        "P1",
        "Pass to P2",
        "P2",
    ]
    assert "u: P1 takes back the last move" in prompts[3]
    assert "P1: took back 'rest'" in out
    (path,) = replays(tmp_path)
    assert [s.seat for s in Replay.load(path).steps] == [0, 0]


def test_hot_seat_undo_before_passing_is_refused_in_the_engines_words(tmp_path: Path) -> None:
    """A decision that showed a hidden card stands: the hand-over says why, and waits."""
    game = ecotone.make(FOREST, players=2)
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        if "Pass to P2" in prompt and sum("Pass to P2" in p for p in asked) == 1:
            return "u"
        return "1"

    def play(folder: Path, answer: Callable[[str], str]) -> Replay:
        folder.mkdir()
        console = Console(file=io.StringIO(), width=100)
        session = play_module.PlaySession(
            game, ["human", "human"], [None, None], 5, console, answer
        )
        assert session.run(folder) == 0
        (path,) = replays(folder)
        return Replay.load(path)

    refused = play(tmp_path / "refused", ask)
    first = next(i for i, p in enumerate(asked) if "Pass to P2" in p)
    again = asked[first + 1]
    assert again.startswith("cannot take that back: 'draw from pile 1' showed something")
    assert "Pass to P2" in again
    # nothing else changed: the game is the one played without asking
    assert refused.steps == play(tmp_path / "plain", lambda prompt: "1").steps
