"""Every game's screens fit 100 columns by 40 rows, the decision always whole on them; at 80
by 24 the decision and the seat's own lines (its hand, its rack) come first."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

import ecotone
from ecotone.cli.choose import Decision, Option
from ecotone.cli.names import Vocabulary
from ecotone.cli.paint import painter
from ecotone.cli.screen import (
    HEIGHT,
    WIDTH,
    Layout,
    compose,
    fit,
    fit_view,
    grid,
    own_lines,
    paged,
    unstack,
)
from ecotone.core.presentation import Presentation
from ecotone.core.registry import game_class
from ecotone.core.styled import Mark

# Every game and variant, at its fewest and its most players (the widest tables).
CONFIGS = sorted(
    {
        (gid, n, variant.name if variant else None)
        for gid in ecotone.available_games()
        for variant in (None, *game_class(gid).spec.variants)
        for n in (
            (variant.min_players, variant.max_players)
            if variant
            else (game_class(gid).spec.min_players, game_class(gid).spec.max_players)
        )
    },
    key=str,
)


@pytest.mark.parametrize(("game_id", "players", "variant"), CONFIGS)
def test_every_screen_of_a_random_game_fits(
    game_id: str, players: int, variant: str | None
) -> None:
    game = ecotone.make(game_id, players=players, variant=variant)
    names = Vocabulary(type(game).presentation())
    rnd = random.Random(3)
    state = game.start(3)
    news = [f"P{s + 1}: a move told in words" for s in range(8)]
    for step in range(120):  # a budget in decisions, not in seconds
        if state.is_over:
            break
        seat = state.to_move[0]
        if step % 3 == 0:
            decision = Decision(state, seat, names)
            layout = Layout(
                header=f" {game.spec.title} · move {step + 1} ",
                view=state.render(seat),
                news=news,
                title=decision.title(),
                options=decision.options(),
                message=("a refusal, as long as the game's words make it " * 3,),
                refused=True,
            )
            rows = compose(layout, WIDTH, HEIGHT)
            assert len(rows) <= HEIGHT - 1, (step, len(rows))
            assert max(cell_len(r.plain) for r in rows) <= WIDTH - 1
            plain = [r.plain for r in rows]
            # the decision is on screen, whole: its title, and every option's label
            # whole (none cut to an ellipsis), with or without the game's pictures
            assert any(p.startswith(decision.title()) for p in plain), step
            for number, option in enumerate(decision.options(), 1):
                assert any(f"{number:>2}. {option.label}" in p for p in plain), (step, number)
            title = next(i for i, p in enumerate(plain) if p.startswith(decision.title()))
            assert not any(p.endswith("…") for p in plain[title:])
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))


#: A terminal's common default size, smaller than the screen the games are laid out for.
SMALL = (80, 24)


@pytest.mark.parametrize("game_id", sorted(ecotone.available_games()))
def test_at_80x24_the_decision_and_the_seat_s_own_lines_come_first(game_id: str) -> None:
    game = ecotone.make(game_id, players=game_class(game_id).spec.min_players)
    names = Vocabulary(type(game).presentation())
    rnd = random.Random(5)
    state = game.start(5)
    width, height = SMALL
    for step in range(60):  # a budget in decisions
        if state.is_over:
            break
        seat = state.to_move[0]
        if step % 4 == 1:
            decision = Decision(state, seat, names)
            view, public = state.render(seat), state.render(None)
            layout = Layout(
                header="h",
                view=view,
                public=public,
                title=decision.title(),
                options=decision.options(),
            )
            rows = [r.plain for r in compose(layout, width, height)]
            assert len(rows) <= height - 1
            assert max(cell_len(r) for r in rows) <= width - 1
            title = next(i for i, r in enumerate(rows) if r.startswith(decision.title()))
            _own_lines_go_last(rows[1 : title - 1], view, public, width - 1)
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))


def _own_lines_go_last(shown: list[str], view: str, public: str, width: int) -> None:
    """When the screen leaves out a line of the seat's own, it shows nothing of the view
    but its first line and its own lines (with the lines between them in one part)."""
    if not any("(d shows the whole view)" in row for row in shown):
        return  # the view is whole
    lines = [line.plain for line in unstack(Text(view).split("\n", allow_blank=True), width)]
    public_lines = [p.plain for p in unstack(Text(public).split("\n", allow_blank=True), width)]
    own = own_lines(lines, public_lines)
    kept: list[int] = []
    start = 0
    for row in shown:
        text = row.removesuffix("…")
        if not text.strip() or "(d shows the whole view)" in row:
            continue
        i = next(k for k in range(start, len(lines)) if lines[k].startswith(text))
        kept.append(i)
        start = i + 1
    if own <= set(kept):
        return
    spans = _own_spans(lines, own)
    assert all(i == kept[0] or i in own or i in spans for i in kept), (shown, sorted(own))


def _own_spans(lines: list[str], own: frozenset[int]) -> set[int]:
    """The lines between two own lines of one part (a part ends at a blank line)."""
    spans: set[int] = set()
    part: list[int] = []
    for i, line in enumerate([*lines, ""]):
        if line.strip():
            part.append(i)
            continue
        marked = [k for k in part if k in own]
        if marked:
            spans.update(range(marked[0], marked[-1] + 1))
        part = []
    return spans


def test_a_view_too_tall_keeps_its_board_then_the_start_of_every_other_part() -> None:
    # the game's status line, its board, then three parts of ten lines
    board = "\n".join(f"board.{i}" for i in range(6))
    rest = "\n\n".join("\n".join(f"{part}.{i}" for i in range(10)) for part in "abc")
    view = f"status\n\n{board}\n\n{rest}"
    lines, cut = fit_view(view, 16, 80)
    assert cut
    assert len(lines) == 16
    assert lines[:7] == ["status", *(f"board.{i}" for i in range(6))]
    # the other parts share what is left alike, each keeping its start, and say what is left
    kept = {part: [line for line in lines if line.startswith(f"{part}.")] for part in "abc"}
    assert [len(k) for k in kept.values()] == [2, 2, 2]
    assert [k[0] for k in kept.values()] == ["a.0", "b.0", "c.0"]
    assert [line for line in lines if "more lines (d shows the whole view)" in line] == [
        "  ⋯ 8 more lines (d shows the whole view)"
    ] * 3
    whole, cut = fit_view("x\n\ny", 5, 80)
    assert (whole, cut) == (["x", "", "y"], False)


def test_the_seat_s_own_lines_are_the_last_the_view_loses() -> None:
    # a board, the table's news, the hand at the very end: only the seat's view shows it
    board = [f"board row {i}" for i in range(12)]
    hand = ["P1 (you): 3 cards", "  hand: C03 Howler, G07 Armadillo, S11 chainsaw"]
    seat = ["status", *board, "P2: 2 cards", *hand]
    public = ["status", *board, "P2: 2 cards", "P1: 3 cards"]
    rows = compose(Layout(header="h", view="\n".join(seat), public="\n".join(public)), 80, 10)
    plain = [r.plain for r in rows]
    assert plain[1] == "status"
    assert hand[0] in plain
    assert hand[1] in plain
    assert "board row 0" in plain  # the board keeps what the hand leaves
    assert len(rows) <= 9
    # a line of the view is the seat's own when a spectator's view has no such line
    assert own_lines(seat, public) == frozenset({len(seat) - 2, len(seat) - 1})


def test_pictures_side_by_side_too_wide_stand_one_under_the_other() -> None:
    # a map with a rack of tiles beside it, 30 columns wider than the screen
    board = [f"   {'m' * 40}    {'t' * 30}", f"   {'m' * 38}      {'t' * 28}", f"   {'m' * 40}"]
    lines = [line.plain for line in unstack([Text(line) for line in board], 60)]
    assert lines == [
        f"   {'m' * 40}",
        f"   {'m' * 38}",
        f"   {'m' * 40}",
        f"   {'t' * 30}",
        f"   {'t' * 28}",
    ]
    # a grid (its columns parted by several gutters) and a table at the margin stay whole
    grid_rows = ["  a1    b1    c1    d1", "  a2    b2    c2    d2"]
    assert [r.plain for r in unstack([Text(r) for r in grid_rows], 15)] == grid_rows
    table = ["name    count    what it eats", "other   2        more"]
    assert [r.plain for r in unstack([Text(r) for r in table], 15)] == table


def test_a_page_breaks_its_lines_between_words() -> None:
    words = [f"word{i}" for i in range(40)]
    text = "Your hand:\n  " + " ".join(words)
    rows = paged(text, 30).split("\n")
    assert rows[0] == "Your hand:"
    assert all(len(row) <= 30 for row in rows)
    assert " ".join(rows[1:]).split() == words  # no word cut in two


def test_news_the_player_must_read_stays_before_older_news() -> None:
    news = [f"P2: move {i}" for i in range(12)]
    must = frozenset({1})  # a move taken for the player, early on
    layout = Layout(header="h", view="board", news=news, must_read=must, title="t")
    plain = [r.plain for r in compose(layout, 80, 24)]
    assert "  P2: move 1" in plain
    assert "  P2: move 11" in plain  # the latest news too
    assert "  P2: move 2" not in plain
    assert any(p.startswith("Since your last move: (") and "l lists them" in p for p in plain)
    # with no room for it, the screen hands it back to be shown before the decision
    crowded = Layout(
        header="h",
        view="\n".join(f"board row {i}" for i in range(10)),
        news=news,
        must_read=must,
        title="t",
        options=[Option(f"take {i}", ()) for i in range(36)],
    )
    screen = fit(crowded, 30, 24)
    assert screen.unread == ("P2: move 1",)
    assert "  P2: move 1" not in [r.plain for r in screen.rows]


def test_a_line_wider_than_the_screen_is_wrapped_while_the_view_fits() -> None:
    cards = [f"card-{i} (+{i % 4})" for i in range(30)]
    hand = "    hand: " + ", ".join(cards)
    rows = [
        r.plain for r in compose(Layout(header="h", view=f"board\n{hand}\nP2 · hand 5"), 100, 40)
    ]
    assert rows[1] == "board"
    end = rows.index("P2 · hand 5")
    assert end > 3  # the hand took several rows
    assert all(len(r) <= 99 for r in rows)
    assert rows[2].startswith("    hand: card-0 (+0),")
    assert all(r.startswith(" " * 6) and not r.startswith(" " * 7) for r in rows[3:end])
    assert " ".join(rows[2:end]).split() == hand.split()  # every card kept, in order
    assert not any(r.endswith("…") for r in rows)


def test_lines_wider_than_the_screen_end_in_an_ellipsis_when_wrapped_they_would_not_fit() -> None:
    rows = compose(Layout(header="h", view="\n".join(["w " * 150] * 30)), 100, 40)
    assert rows[1].plain == "w " * 49 + "…"
    assert sum(r.plain.startswith("w w") for r in rows) == 30


def _options(count: int, preview: str | None, label: str = "take") -> list[Option]:
    return [Option(f"{label} {i}", (), preview) for i in range(count)]


def test_options_stand_in_columns_each_as_wide_as_its_widest() -> None:
    options = [Option("a", ()), Option("a much longer label", ()), Option("b", ())]
    rows = [r.plain for r in grid(options, 99)]
    assert rows == [" 1. a    2. a much longer label    3. b"]
    narrow = [r.plain for r in grid(options, 32)]  # two columns, then what is left
    assert narrow == [" 1. a    2. a much longer label", " 3. b"]


def test_a_preview_wider_than_the_screen_is_wrapped_not_cut() -> None:
    words = [f"word{i}" for i in range(40)]
    rows = [r.plain for r in grid([Option("take it", (), " ".join(words))], 60)]
    assert rows[0] == " 1. take it"
    assert all(len(r) <= 60 for r in rows)
    assert " ".join(rows[1:]).split() == words  # every word kept, in order
    assert rows[1].startswith("    word0")
    assert rows[2].startswith("      ")


def test_pictures_are_drawn_while_they_leave_the_view_a_third_of_the_screen() -> None:
    picture = "\n".join(["  /\\  ", " /  \\ ", " \\  / ", "  \\/  "])
    view = "\n".join(f"view line {i}" for i in range(60))
    few = compose(Layout(header="h", view=view, title="which?", options=_options(3, picture)))
    plain = [r.plain for r in few]
    assert "which?" in plain
    drawn = [p for p in plain if " /  \\" in p]
    assert len(drawn) == 1
    assert drawn[0].count(" /  \\") == 3
    many = compose(Layout(header="h", view=view, title="which?", options=_options(30, picture)))
    plain = [r.plain for r in many]
    assert "which?  (p: each option drawn)" in plain
    assert not any("/  \\" in p for p in plain)  # labels alone
    for i in range(30):
        assert any(f"take {i}" in p for p in plain)
    assert sum(p.startswith("view line") for p in plain) >= (HEIGHT - 1) // 3


def test_the_game_s_text_is_painted_in_its_styles() -> None:
    shown = Presentation(styles={"seat.2": "bold #c62828"}, marks=(Mark(r"P(2)", "seat.{1}"),))
    paint = painter(shown)
    rows = compose(
        Layout(
            header="h", view="P1 and P2", title="t", options=[Option("pass to P2", ())], paint=paint
        )
    )
    view = next(r for r in rows if r.plain == "P1 and P2")
    assert [(view.plain[s.start : s.end], str(s.style)) for s in view.spans] == [
        ("P2", "bold #c62828")
    ]
    option = next(r for r in rows if "pass to P2" in r.plain)
    assert any(str(s.style) == "bold #c62828" for s in option.spans)
    assert painter(Presentation())("P2").spans == []  # a game with no styles: plain


@pytest.mark.parametrize("no_color", [False, True])
def test_a_game_is_printed_in_colour_unless_asked_not_to(no_color: bool, tmp_path: Path) -> None:
    from ecotone.cli.play import PlaySession, build_bot

    console = Console(
        file=io.StringIO(), width=100, height=40, force_terminal=True, color_system="truecolor"
    )
    console.no_color = no_color  # as --no-color or $NO_COLOR make it
    game = ecotone.make("biome-borneo", players=2)
    bots = [None, build_bot("random", game, 1, 1)]
    session = PlaySession(game, ["human", "random"], bots, 1, console, lambda _: "q")
    assert session.run(tmp_path) == 0
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert ("\x1b[38;2;" in out) is not no_color  # the plants' colours
    assert "\x1b[1m" in out  # bold stays without colour
