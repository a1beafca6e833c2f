"""Action values: notation, JSON, index codec and their errors."""

from __future__ import annotations

from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ecotone.core.actions import Action, ActionCodec
from ecotone.core.errors import IllegalAction


class Move(Action, frozen=True, tag="move"):
    notation: ClassVar[str] = "move {piece} to tree {tree:n1}"
    piece: str
    tree: int


class Pass(Action, frozen=True, tag="pass"):
    notation: ClassVar[str] = "pass"


class Offer(Action, frozen=True, tag="offer"):
    notation: ClassVar[str] = "offer {piece} to {to:seat}"
    piece: str
    to: int


CODEC = ActionCodec(
    {
        Move: {"piece": ("a", "b", "c"), "tree": range(4)},
        Pass: {},
        Offer: {"piece": ("a", "b", "c"), "to": range(3)},
    }
)


def test_notation_is_readable_and_one_based() -> None:
    assert str(Move("b", 0)) == "move b to tree 1"
    assert str(Offer("a", 2)) == "offer a to P3"
    assert str(Pass()) == "pass"


def test_notation_parses_back_forgiving_case_and_spaces() -> None:
    assert CODEC.parse("  MOVE b   to Tree 2 ") == Move("b", 1)
    assert CODEC.parse("offer c to p1") == Offer("c", 0)
    assert CODEC.parse("pass") == Pass()


def test_json_round_trip_and_tag() -> None:
    assert Move("a", 3).to_json() == {"type": "move", "piece": "a", "tree": 3}
    assert CODEC.parse({"type": "move", "piece": "a", "tree": 3}) == Move("a", 3)
    assert CODEC.parse('{"type": "pass"}') == Pass()


@pytest.mark.parametrize(
    "bad",
    ["jump a", "move a to tree x", "", '{"type": "move"}', '{"type": "fly"}', "{not json", 42],
)
def test_malformed_input_is_refused_with_the_forms(bad: object) -> None:
    with pytest.raises(IllegalAction) as err:
        CODEC.parse(bad)
    assert err.value.code == "action/malformed"
    if isinstance(bad, str) and not bad.startswith("{"):
        assert "move <piece> to tree <tree>" in err.value.message


def test_index_space_is_dense_and_round_trips() -> None:
    assert CODEC.size == 3 * 4 + 1 + 3 * 3
    seen = {CODEC.index(CODEC.from_index(i)) for i in range(CODEC.size)}
    assert seen == set(range(CODEC.size))


@given(st.integers(min_value=-5, max_value=40))
def test_index_out_of_range_is_refused(i: int) -> None:
    if 0 <= i < CODEC.size:
        assert CODEC.index(CODEC.from_index(i)) == i
    else:
        with pytest.raises(IllegalAction, match=r"not in 0\.\.21"):
            CODEC.from_index(i)


def test_actions_are_frozen_and_hashable() -> None:
    a = Move("a", 1)
    assert hash(a) == hash(Move("a", 1))
    assert len({a, Move("a", 1), Pass()}) == 2
    with pytest.raises(AttributeError):
        a.tree = 2  # type: ignore[misc]


def test_codec_checks_its_domains() -> None:
    with pytest.raises(TypeError, match="domains must cover"):
        ActionCodec({Move: {"piece": ("a",)}})


def test_shared_notation_is_detected() -> None:
    with pytest.raises(AssertionError, match="share the notation"):
        CODEC.check_unique([Move("a", 0), Move("A", 0)])
