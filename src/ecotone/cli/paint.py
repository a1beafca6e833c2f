"""A game's text in the terminal's colours: its presentation's styles, as rich styles.

A game declares a palette of named styles and the marks that find what to style in its
text (:mod:`ecotone.core.styled`); :func:`painter` turns them into a function from a line
of the game's text to a rich :class:`~rich.text.Text` with those styles. The words are
never changed: a console without colour (``--no-color``, ``NO_COLOR``, a pipe) prints
the same text, and rich leaves out what the terminal cannot show.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from ecotone.cli.screen import Painter, plain
from ecotone.core.presentation import Presentation
from ecotone.core.styled import Styled, mark

__all__ = ["painter"]


def painter(presentation: Presentation) -> Painter:
    """The function that styles the game's text: a string by the game's marks, a
    :class:`Styled` (a game's picture) by its own spans; plain when the game has no
    styles."""
    if not presentation.styles:
        return plain
    marks = presentation.marks
    looks = {name: Style.parse(look) for name, look in presentation.styles.items()}

    def paint(text: str | Styled) -> Text:
        return _text(text if isinstance(text, Styled) else mark(text, marks), looks)

    return paint


def _text(styled: Styled, looks: dict[str, Style]) -> Text:
    text = Text(styled.text)
    for span in styled.spans:
        look = looks.get(span.style)
        if look is not None:
            text.stylize(look, span.start, span.end)
    return text
