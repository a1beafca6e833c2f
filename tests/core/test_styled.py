"""Styled text: marks find the parts to style, the text never changes, palettes read on
dark and light backgrounds alike."""

from __future__ import annotations

import random

import pytest

import ecotone
from ecotone.core.presentation import Presentation
from ecotone.core.registry import game_class
from ecotone.core.styled import (
    MIN_CONTRAST,
    Mark,
    Span,
    Styled,
    check_styles,
    contrast,
    mark,
)


def test_marks_name_styles_from_their_groups_and_the_earlier_rule_wins() -> None:
    marks = (
        Mark(r"\bP([1-4])\b", "seat.{1}"),
        Mark(r"[A-Z]\w*", "word"),  # would take P2 too, but comes later
        Mark(r"(\d+) points", "score", group=1),  # only the number
    )
    styled = mark("Pass to P2: 7 points", marks)
    assert styled.text == "Pass to P2: 7 points"
    assert styled.spans == (
        Span(0, 4, "word"),
        Span(8, 10, "seat.2"),
        Span(12, 13, "score"),
    )
    assert mark("plain", ()) == Styled("plain")


def test_styled_lines_keep_their_part_of_each_span() -> None:
    styled = mark("FE ..\n.. FE FG", (Mark(r"\b[A-Z]{2}\b", "plant.{0}"),))
    first, second = styled.lines()
    assert first == Styled("FE ..", (Span(0, 2, "plant.FE"),))
    assert second == Styled(".. FE FG", (Span(3, 5, "plant.FE"), Span(6, 8, "plant.FG")))
    assert styled.to_json()["spans"][0] == [0, 2, "plant.FE"]


@pytest.mark.parametrize(
    ("look", "why"),
    [
        ("bold blink", "is not effects"),
        ("#123456 #654321", "is not effects"),
        ("#ffff00", "would not read on both"),  # yellow on a light terminal
        ("#000080", "would not read on both"),  # navy on a dark one
    ],
)
def test_a_look_that_is_not_effects_and_a_readable_colour_is_refused(look: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        Presentation(styles={"x": look})


def test_a_mark_that_does_not_compile_or_lacks_its_group_is_refused() -> None:
    with pytest.raises(ValueError, match="mark"):
        check_styles({}, (Mark("(unclosed", "x"),))
    with pytest.raises(ValueError, match="no group 2"):
        check_styles({}, (Mark("(one)", "x", group=2),))


def test_contrast_is_wcag_s_ratio() -> None:
    assert contrast("#ffffff", "#000000") == pytest.approx(21.0)
    assert contrast("#777777", "#777777") == pytest.approx(1.0)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


@pytest.mark.parametrize("game_id", ecotone.available_games())
def test_every_game_s_colours_read_on_black_and_on_white(game_id: str) -> None:
    styles = game_class(game_id).presentation().styles
    for name, look in styles.items():
        for word in look.split():
            if word.startswith("#"):
                assert contrast(word, "#000000") >= MIN_CONTRAST, (name, word)
                assert contrast(word, "#ffffff") >= MIN_CONTRAST, (name, word)


@pytest.mark.parametrize("game_id", ecotone.available_games())
def test_a_styled_view_is_the_view_with_styles_from_the_palette(game_id: str) -> None:
    game = ecotone.make(game_id, players=game_class(game_id).spec.min_players)
    palette = type(game).presentation().styles
    state = game.start(2)
    rnd = random.Random(2)
    for _ in range(30):  # a budget in moves
        if state.is_over:
            break
        seat = state.to_move[0]
        state = state.apply(seat, rnd.choice(state.legal_actions(seat)))
    for seat in (None, *range(game.players)):
        styled = state.render_styled(seat)
        assert styled.text == state.render(seat)
        assert all(span.style in palette for span in styled.spans)
