"""How a game shows itself: the faces of its cards, its glossary, its board and picture.

Every surface (the terminal, the browser, the docs) draws a game from what the game
declares here, so that no surface names a game or keeps a table of its cards. A game
answers :meth:`~ecotone.core.game.Game.presentation` with one :class:`Presentation`:

* ``catalog``: every card, tile or board part by id, with every printed field (name,
  latin name, numbers, icons, ability or event text, the species' fact and where the
  card comes from). An observation names cards by id; the catalogue says what they show.
  It holds only public components, so it may be sent to anyone.
* ``glossary``: every icon, abbreviation and term a face or a board uses, with its
  meaning in a sentence.
* ``board``: the name of the browser board that draws the game's observation
  (``web/static/js/boards/<board>.js``); ``"text"`` draws the game's text picture.
* ``picture`` and ``colours``: an emoji and two CSS colours for the game's lobby card.
* ``panels``: optional extra parts of the match page the game asks for, by name.
* ``rules``: the rules as implemented, in Markdown, for a game that does not ship its
  document in Ecotone's ``docs/rules`` (a game from another package); ``ecotone rules``
  shows it.
* ``styles`` and ``marks``: how the game's text is coloured where a surface can (its
  palette of named styles, and the rules that find what to style in its text picture,
  previews and moves); see :mod:`ecotone.core.styled`. The text itself never depends on
  them.

The record is plain data and JSON-safe through :meth:`Presentation.to_json`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ecotone.core.styled import Mark, check_styles

__all__ = ["Presentation", "Term"]


@dataclass(frozen=True, slots=True)
class Term:
    """One glossary entry: an icon, abbreviation or word, and what it means.

    >>> Term("VI", "Vine: a plant that links platforms").to_json()
    {'term': 'VI', 'meaning': 'Vine: a plant that links platforms'}
    """

    term: str
    meaning: str

    def to_json(self) -> dict[str, str]:
        """``{"term", "meaning"}``."""
        return {"term": self.term, "meaning": self.meaning}


@dataclass(frozen=True, slots=True)
class Presentation:
    """What every surface needs to show one game (see the module docstring).

    Attributes:
        catalog: card and component faces by id, grouped as the game chooses; at least
            ``{"cards": {id: {"name": ..., ...}}}``.
        glossary: the icons, abbreviations and terms the faces use.
        board: the browser board that draws the game (``"text"``: the text picture).
        picture: an emoji for lists and lobby cards.
        colours: two CSS colours for the game's lobby card.
        panels: extra parts of the match page the game asks for (``"players-table"``).
        rules: the rules document in Markdown, when not in ``docs/rules/<id>.md``.
        styles: the palette: each style's name and its look (``"bold #2e7d32"``).
        marks: the rules that style the game's text with the palette's names.

    Raises:
        ValueError: for a look or a mark :func:`~ecotone.core.styled.check_styles`
            refuses (a colour that would not read on a dark or a light background).
    """

    catalog: Mapping[str, Any] = field(default_factory=lambda: {"cards": {}})
    glossary: tuple[Term, ...] = ()
    board: str = "text"
    picture: str = "🎲"
    colours: tuple[str, str] = ("#3b5b4a", "#a9c2a0")
    panels: tuple[str, ...] = ()
    rules: str = ""
    styles: Mapping[str, str] = field(default_factory=dict)
    marks: tuple[Mark, ...] = ()

    def __post_init__(self) -> None:
        check_styles(self.styles, self.marks)

    def to_json(self) -> dict[str, Any]:
        """Everything but the catalogue, JSON-safe (the catalogue is served on its own)."""
        return {
            "glossary": [t.to_json() for t in self.glossary],
            "board": self.board,
            "picture": self.picture,
            "colours": list(self.colours),
            "panels": list(self.panels),
            "styles": dict(self.styles),
            "marks": [m.to_json() for m in self.marks],
        }

    def face(self, card_id: str) -> Mapping[str, Any] | None:
        """The face of ``card_id`` in any group of the catalogue, or ``None``."""
        for group in self.catalog.values():
            if isinstance(group, Mapping):
                entry = group.get(card_id)
                if isinstance(entry, Mapping):
                    return entry
        return None
