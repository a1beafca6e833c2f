"""Every game's screens fit 100 columns by 40 rows, the decision always whole on them."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console

import ecotone
from ecotone.cli.choose import Decision, Option
from ecotone.cli.names import Vocabulary
from ecotone.cli.paint import painter
from ecotone.cli.screen import HEIGHT, WIDTH, Layout, compose, fit_view, grid
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


def test_a_view_too_tall_keeps_the_head_of_every_part_and_says_what_is_left() -> None:
    view = "\n\n".join("\n".join(f"{part}.{i}" for i in range(10)) for part in "abc")
    lines, cut = fit_view(view, 12, 80)
    assert cut
    assert len(lines) == 12
    assert [line for line in lines if line.endswith(".0")] == ["a.0", "b.0", "c.0"]
    assert sum("more lines (d shows the whole view)" in line for line in lines) == 3
    whole, cut = fit_view("x\n\ny", 5, 80)
    assert (whole, cut) == (["x", "", "y"], False)


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
