"""Guided decisions at the terminal: many moves of one kind asked field by field, with
the game's preview of each (on the toy tile game of ``tests/cli/tui_toy.py``)."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from ecotone.cli.choose import GUIDE_AT, Decision, Say, Take, interpret
from ecotone.cli.play import PlaySession
from tests.cli.test_tui_news import play_at_terminal
from tests.cli.tui_toy import CELLS, Lay, Tiles, decision


def test_many_moves_of_a_guided_kind_are_offered_once() -> None:
    top = decision()
    lays = [a for a in top.legal if isinstance(a, Lay)]
    assert len(lays) > GUIDE_AT
    labels = [o.label for o in top.options()]
    assert labels == [f"lay … on … turned …  ({len(lays)} ways)", "rest"]


def test_the_fields_are_asked_in_the_declared_order_with_previews() -> None:
    top = decision()
    where = top.choose(top.options()[0])
    assert isinstance(where, Decision)
    assert where.field() == "cell"  # choose_by starts with the cell, not the tile
    assert where.title() == "P1: lay … on … turned …: which cell?"
    assert [o.label for o in where.options()] == [f"on {c}" for c in CELLS]
    which = interpret(where, "b1")  # an option typed by its words
    assert isinstance(which, Say)
    assert which.then is not None
    tile = which.then
    assert tile.field() == "tile"
    assert [o.label for o in tile.options()] == ["lay T1 (Fern tile)", "lay T2 (Orchid tile)"]
    way = tile.choose(tile.options()[1])
    assert isinstance(way, Decision)
    assert way.title() == "P1: lay T2 on b1 turned …: which turn?"
    # each remaining option is one move: the game's picture of it stands beside it
    assert [o.preview for o in way.options()] == ["/\\ T2", "|> T2", "\\/ T2"]
    assert interpret(way, "3") == Take(Lay("T2", "b1", 2))
    # b goes back one field at a time, then to the whole decision
    back = interpret(way, "b")
    assert isinstance(back, Say)
    assert back.then is not None
    assert back.then.field() == "tile"


def test_a_name_typed_at_the_top_enters_the_guided_step_it_narrows_to() -> None:
    top = decision()
    said = interpret(top, "orchid")  # a tile's catalogue name: every way to lay T2
    assert isinstance(said, Say)
    assert said.then is not None
    assert said.then.kind is Lay
    assert said.then.field() == "cell"
    assert {a.tile for a in said.then.remaining if isinstance(a, Lay)} == {"T2"}
    assert interpret(top, "lay fern on c1 turned 2") == Take(Lay("T1", "c1", 2))


def test_a_guided_game_plays_through_the_session(tmp_path: Path) -> None:
    # Enter at the hand-over to P1 first; p at the turn: each option drawn again
    answers = iter(["", "1", "a2", "2", "p", "1", "q"])
    console = Console(file=io.StringIO(), width=100)
    game = Tiles(2)
    ask = lambda prompt: next(answers)  # noqa: E731
    session = PlaySession(game, ["human", "human"], [None, None], 1, console, ask)
    assert session.run(tmp_path) == 0  # q at the hand-over to P2
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "which cell?" in out
    assert "which turn?" in out
    assert out.count("|> T2") == 3  # the previews were drawn, and again on p
    assert session.line.steps[0].action == Lay("T2", "a2", 0)


class _OnlyT2AtB1:
    """A position where every way to lay a tile is T2 on b1 (the toy always offers both
    tiles everywhere)."""

    def legal_actions(self, seat: int) -> list[Lay]:
        return [Lay("T2", "b1", turn) for turn in range(3)]


def test_a_field_every_move_shares_is_said_though_never_asked() -> None:
    names = decision().names
    way = Decision(_OnlyT2AtB1(), 0, names, kind=Lay)  # type: ignore[arg-type]
    assert way.field() == "turn"  # one cell, one tile: neither is asked
    assert way.title() == "P1: lay T2 on b1 turned …: which turn?"


def _first_options(tmp_path: Path, width: int, height: int) -> tuple[list[str], str]:
    """BIOME Borneo, seed 3: P1's first own decision (the exchanges), at a terminal of
    ``width`` x ``height``; the options it lists, and everything shown."""
    shown = Console(
        file=io.StringIO(), width=width, height=height, force_terminal=True, color_system=None
    )
    # (a small screen's unread news waits for Enter; then option 2)
    _, out = play_at_terminal(tmp_path, "biome-borneo", ["human", "random"], 3, ["", "2"], shown)
    screen = out[out.index("P1, your move") :]
    screen = screen[: screen.index("P1 ›")]
    return [line.strip() for line in screen.splitlines()[1:] if line.strip()], out


def test_a_small_screen_offers_each_kind_once_where_listing_every_move_would_crowd_it(
    tmp_path: Path,
) -> None:
    # ten exchanges, listed whole on the screen the games are laid out for
    whole, _ = _first_options(tmp_path, 100, 40)
    cards = sum(" exchange card " in line for line in whole)
    tiles = sum(" exchange tile " in line for line in whole)
    assert len(whole) == 1 + cards + tiles >= 10  # one a line
    assert whole[-1].endswith("exchange tile T39 · Understory tile")
    # at 80x24 they would take ten of its rows: a kind offered once, its moves one step on
    small, out = _first_options(tmp_path, 80, 24)
    assert small[0] == (
        f"1. no exchange    2. exchange card …  ({cards} ways)    "
        f"3. exchange tile …  ({tiles} ways)"
    )
    assert len(small) == 2  # and the note that the screen is small
    assert "P1: exchange card …: which card?  (b: back)" in out  # the player chose 2
