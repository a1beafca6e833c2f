"""Every bot is described by its class's docstring, in the compiled build too.

``ecotone bots`` shows a bot's first paragraph (``inspect.getdoc`` of its class). mypyc
keeps no docstring of a class it compiles, so the compiled bots' modules give their
classes theirs after the class body; ``tests/test_compiled.py`` runs this module against
the compiled build.
"""

from __future__ import annotations

import inspect

import pytest

from ecotone.bots import RandomBot
from ecotone.bots.base import Bot
from ecotone.bots.ismcts import ISMCTSBot
from ecotone.bots.registry import lookup, registered


def _bots() -> list[type[Bot]]:
    found: list[type[Bot]] = [RandomBot, ISMCTSBot]
    for game_id in registered():
        own = lookup(game_id)
        assert own is not None
        if own.heuristic is not None:
            found.append(own.heuristic)
        found.extend(own.extra.values())
    return found


@pytest.mark.parametrize("cls", _bots(), ids=lambda c: f"{c.__module__}.{c.__name__}")
def test_every_bot_is_described_by_its_own_docstring(cls: type[Bot]) -> None:
    doc = cls.__doc__
    assert doc, f"{cls.__name__} has no docstring"
    assert doc != Bot.__doc__
    assert not doc.startswith("mypyc")
    assert inspect.getdoc(cls) == inspect.cleandoc(doc)
