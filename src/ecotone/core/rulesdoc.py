"""Where a game's rules document is, for every surface that shows it.

A game's rules as implemented are Markdown: the one its presentation carries
(:attr:`~ecotone.core.presentation.Presentation.rules`, for a game from another package),
else ``GAME.md`` in Ecotone's rules folder: the copy packaged inside the wheel
(``ecotone/_rules``, see ``force-include`` in ``pyproject.toml``), then the repository's
``docs/rules`` for an editable install or a source checkout. ``ecotone rules`` prints it
and the browser's rules panel shows it (``GET /api/v1/games/{id}/rules``), both from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from ecotone.core.registry import game_class

__all__ = ["rules_sources", "rules_text"]


def rules_sources() -> list[Traversable]:
    """The folders searched for ``GAME.md``, in order: the packaged copy, then the
    repository's ``docs/rules`` (this module is ``src/ecotone/core/rulesdoc.py``)."""
    packaged = resources.files("ecotone").joinpath("_rules")
    repository = Path(__file__).resolve().parents[3] / "docs" / "rules"
    return [packaged, repository]


def rules_text(game_id: str, sources: Sequence[Traversable] | None = None) -> str | None:
    """The text of ``game_id``'s rules document, or ``None`` when none is installed.

    ``sources``: the folders to search (:func:`rules_sources` by default). An unknown game
    raises the registry's ``ConfigError``.
    """
    own = game_class(game_id).presentation().rules
    if own:
        return own
    for folder in rules_sources() if sources is None else sources:
        doc = folder.joinpath(f"{game_id}.md")
        if doc.is_file():
            return doc.read_text(encoding="utf-8")
    return None
