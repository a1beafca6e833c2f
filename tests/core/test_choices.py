"""Guided decisions (ecotone.core.choices): narrowing legal actions field by field."""

from __future__ import annotations

from typing import ClassVar

from ecotone.core.actions import Action
from ecotone.core.choices import by_kind, narrow, next_field, values


class Put(Action, frozen=True, tag="put"):
    notation: ClassVar[str] = "put at {cell} turned {turn}"
    choose_by: ClassVar[tuple[str, ...]] = ("cell", "turn")
    cell: str
    turn: int


class Skip(Action, frozen=True, tag="skip"):
    notation: ClassVar[str] = "skip"


def test_fields_are_asked_in_order_while_the_actions_differ() -> None:
    legal: list[Action] = [Put("a1", 0), Put("a1", 3), Put("b2", 0)]
    assert next_field(legal) == "cell"
    assert values(legal, "cell") == ["a1", "b2"]
    at_a1 = narrow(legal, "cell", "a1")
    assert at_a1 == [Put("a1", 0), Put("a1", 3)]
    assert next_field(at_a1) == "turn"
    assert values(at_a1, "turn") == [0, 3]
    assert next_field(narrow(at_a1, "turn", 3)) is None


def test_a_field_every_action_shares_is_not_asked() -> None:
    legal: list[Action] = [Put("a1", 0), Put("a1", 1)]
    assert next_field(legal) == "turn"


def test_mixed_kinds_or_no_steps_are_offered_whole() -> None:
    assert next_field([Put("a1", 0), Skip()]) is None
    assert next_field([Skip()]) is None
    assert next_field([]) is None


def test_a_decision_mixing_kinds_is_split_by_kind_first() -> None:
    legal: list[Action] = [Put("a1", 0), Skip(), Put("b2", 1)]
    groups = by_kind(legal)
    assert groups == [[Put("a1", 0), Put("b2", 1)], [Skip()]]
    assert next_field(groups[0]) == "cell"
    assert next_field(groups[1]) is None
