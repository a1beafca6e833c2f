"""Guided decisions: a long list of actions picked one field at a time.

A BIOME Borneo placement may offer hundreds of actions (every tile, every cell, every
way it can turn); a person would rather say where, then which way. A game names the
order of the fields on the action's class (``Action.choose_by``), and every surface (the
terminal, the browser) narrows the legal actions with the same functions. With
``choose_by = ("cell", "turn")`` and legal actions put(a1, 0), put(a1, 3), put(b2, 0):
:func:`next_field` is ``"cell"``, :func:`values` of it ``["a1", "b2"]``; after
``narrow(legal, "cell", "a1")`` the next field is ``"turn"``, with values ``[0, 3]``.

A decision usually mixes kinds (every placement, and "withdraw"): :func:`by_kind` splits
the legal actions by kind first, so a surface offers the few single actions whole and one
entry per kind that narrows field by field.

Nothing here decides legality: every option offered is one of the actions given, and a
field is asked only while the actions left still differ in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ecotone.core.actions import Action

__all__ = ["by_kind", "narrow", "next_field", "values"]


def next_field(actions: Sequence[Action]) -> str | None:
    """The next field to ask for among ``actions``: the first of their kind's ``choose_by`` in
    which they still differ; ``None`` when they are of several kinds, declare no steps, or
    no longer differ in any step field (then offer them whole)."""
    if not actions:
        return None
    kind = type(actions[0])
    if any(type(a) is not kind for a in actions):
        return None
    for field in kind.choose_by:
        if len({getattr(a, field) for a in actions}) > 1:
            return field
    return None


def values(actions: Sequence[Action], field: str) -> list[Any]:
    """The distinct values ``field`` takes among ``actions``, in their first order."""
    seen: dict[Any, None] = {}
    for action in actions:
        seen.setdefault(getattr(action, field), None)
    return list(seen)


def narrow(actions: Sequence[Action], field: str, value: Any) -> list[Action]:
    """The actions whose ``field`` is ``value``, in their order."""
    return [a for a in actions if getattr(a, field) == value]


def by_kind(actions: Sequence[Action]) -> list[list[Action]]:
    """``actions`` split by kind, each kind's actions in their order, the kinds in the
    order they first appear: offer a kind whose :func:`next_field` is not ``None`` as one
    entry to narrow, and the others action by action."""
    groups: dict[type[Action], list[Action]] = {}
    for action in actions:
        groups.setdefault(type(action), []).append(action)
    return list(groups.values())
