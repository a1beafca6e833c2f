"""The drawings the text picture is made of: the hex map, a tile, a card in a line.

**The map** draws each cell by its name, pointy side up, with the plant on each of its six
sides around it: west and east on its own line, the north and south sides on the lines
between. An empty cell's name is in lower case (``c2a``), a placed tile's in capitals
(``C2A``); :data:`PENDING` after a name marks a tile placed for the card being earned.
Two touching cells share a side, so each side shows one code:

* ``FE``: the plant every tile there shows on that side (a tile beside an empty cell or the
  edge of the board; or two tiles that both show it, a match in one layer);
* ``fe`` (lower case): of the two tiles there only one shows it; the other is open (no match);
* :data:`CROSS`: two tiles of different layers show different plants (they never interact);
* :data:`NO_PLANT`: a placed tile's open side with nothing beside it.

A line between two rows of cells with nothing drawn on it is left out, so an empty board
is a compact grid of names.

**A tile** is drawn the same way, its layers above it (``E``, ``C``, ``U``, a hybrid
``C/U``) and its id (or the cell it would go to) in the middle, so it can be held against
the map.

**A card** is a line: its id, the layer its animal lives in, its points (``4pt``), its
habitat (plant codes), and the animals it eats (``eats``, their kinds as in the card ids) or
its level; a plant card says so (and whether it needs a vine network joining the
Understory and the Canopy); an ability card gives the first words of its text. Beside a
choice that names it, a card is the same without its id, in lines of :data:`BRIEF`
columns (:func:`card_brief`).

Every code here is in the game's glossary (:mod:`.presentation`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from ecotone.games.biome.board import Board
from ecotone.games.biome.cards import cards
from ecotone.games.biome.state import EMPTY
from ecotone.games.biome.tiles import OPEN, Layer, Tile, tiles

__all__ = [
    "BRIEF",
    "CROSS",
    "NO_PLANT",
    "PENDING",
    "WIDTH",
    "card_brief",
    "card_line",
    "card_lines",
    "map_lines",
    "plant_codes",
    "tile_picture",
    "tile_plants",
    "wrap",
]

#: The columns the text picture fits.
WIDTH: Final = 100
#: The columns a choice's picture fits: two stand side by side on a 100-column screen.
BRIEF: Final = 44
#: Marks a tile placed for the card being earned (after its cell's name on the map).
PENDING: Final = "*"
#: A placed tile's side that shows no plant, with nothing beside it.
NO_PLANT: Final = ".."
#: Two tiles of different layers showing different plants on the side they share.
CROSS: Final = "><"

# Map geometry: a cell's centre is _HALF columns from the cell half a step away, so
# neighbours in a row are 2 * _HALF apart; a side's code starts at the centre column plus
# _HALF times the side's horizontal offset (-1 .. 1 cell halves), one line up or down for the
# slanting sides.
_HALF: Final = 4
_SIDE_OFFSET: Final = ((1.0, 0), (0.5, -1), (-0.5, -1), (-1.0, 0), (-0.5, 1), (0.5, 1))


class _Canvas:
    """Characters placed on a grid of lines, grown as needed."""

    def __init__(self) -> None:
        self.rows: dict[int, dict[int, str]] = {}

    def put(self, line: int, col: int, text: str) -> None:
        row = self.rows.setdefault(line, {})
        for i, ch in enumerate(text):
            row[col + i] = ch

    def lines(self, keep_blank: bool = True) -> list[str]:
        """The lines from the first to the last one drawn on; blank ones in between only
        with ``keep_blank``."""
        if not self.rows:
            return []
        out = []
        for y in range(min(self.rows), max(self.rows) + 1):
            row = self.rows.get(y, {})
            chars = [" "] * (max(row, default=-1) + 1)
            for x, ch in row.items():
                if x >= 0:
                    chars[x] = ch
            line = "".join(chars).rstrip()
            if line or keep_blank:
                out.append(line)
        return out


def _code(plant: int) -> str:
    return tiles().plants[plant].code


def _side(mine: int, theirs: int | None) -> str:
    """The code on a side where a tile shows ``mine`` and the cell beyond shows ``theirs``
    (``None``: an empty cell or the edge of the board)."""
    if theirs is None:
        return NO_PLANT if mine == OPEN else _code(mine)
    if mine == theirs:
        return "" if mine == OPEN else _code(mine)
    if OPEN in (mine, theirs):
        return _code(max(mine, theirs)).lower()
    return CROSS


def map_lines(geo: Board, board: Sequence[int], pending: Sequence[int] = ()) -> list[str]:
    """The cells of ``geo`` holding ``board`` (per cell ``EMPTY`` or ``tile * 6 + rotation``) as
    a hex map, the ``pending`` cells marked (see the module docstring)."""
    # The map is public: every viewer's picture of a state draws the same one, so the
    # last few are kept (by what the drawing reads of the formation: Board holds dicts).
    return list(_map_lines(geo.cells, geo.coord, geo.nbr, tuple(board), tuple(pending)))


@lru_cache(maxsize=16)
def _map_lines(
    cells: tuple[str, ...],
    coord: tuple[tuple[int, int], ...],
    nbr: tuple[tuple[int, ...], ...],
    board: tuple[int, ...],
    pending: tuple[int, ...],
) -> tuple[str, ...]:
    faces = [t.faces for t in tiles().tiles]
    xs = [2 * q + r for q, r in coord]
    x0 = min(xs)
    y0 = min(r for _, r in coord)
    canvas = _Canvas()
    for c, v in enumerate(board):
        line = 2 * (coord[c][1] - y0)
        col = _HALF * (xs[c] - x0) + _HALF
        name = cells[c]
        canvas.put(line, col - 1, name.lower() if v == EMPTY else name.upper())
        if c in pending:
            canvas.put(line, col + 2, PENDING)
        if v == EMPTY:
            continue
        mine = faces[v // 6][v % 6]
        for k, n in enumerate(nbr[c]):
            there = board[n] if n >= 0 else EMPTY
            theirs = None if there == EMPTY else faces[there // 6][there % 6][(k + 3) % 6]
            text = _side(mine[k], theirs)
            if text:
                dx, dy = _SIDE_OFFSET[k]
                canvas.put(line + dy, col + int(_HALF * dx), text)
    # a line between two rows of cells with no side drawn on it says nothing: left out
    return tuple(canvas.lines(keep_blank=False))


def tile_picture(tile: Tile, rotation: int = 0, label: str = "", head: str = "") -> list[str]:
    """A tile turned ``rotation`` as on the map: ``head`` (its layers by default), then its
    six sides around ``label`` (its id by default); ten columns, four lines."""
    canvas = _Canvas()
    col = _HALF
    canvas.put(1, col - 1, label or tile.id)
    for k, plant in enumerate(tile.faces[rotation]):
        dx, dy = _SIDE_OFFSET[k]
        canvas.put(1 + dy, col + int(_HALF * dx), NO_PLANT if plant == OPEN else _code(plant))
    head = head or "/".join(Layer(b).letter for b in range(3) if tile.fits(b))
    return [f"{head:^10}".rstrip(), *canvas.lines()]


def plant_codes(counts: Sequence[int]) -> str:
    """``FG FG VI``: a count per plant index, as codes."""
    return " ".join(_code(p) for p, n in enumerate(counts) for _ in range(n))


def tile_plants(tile: Tile) -> str:
    """``T27 FG FE BR``: a tile's id and its plants, without their sides."""
    return " ".join((tile.id, *(_code(p) for p, _ in tile.features)))


def card_lines(card_id: str, width: int = 0) -> list[str]:
    """One card: id (padded to ``width``), then what it asks for and gives (see the module
    docstring); a long list of prey goes on under itself."""
    line = card_line(card_id, width)
    if len(line) > WIDTH:  # out of line with the others, rather than on two lines
        line = card_line(card_id, 0, 0)
    eats = line.find(" eats ")
    return wrap(line, eats + 6 if eats >= 0 else 4)


def card_line(card_id: str, width: int = 0, habitat: int = 8) -> str:
    """One card in a line, as :func:`card_lines` draws it, its id and habitat padded to
    ``width`` and ``habitat`` columns."""
    cs = cards()
    c = cs.by_id[card_id]
    head = f"{card_id:<{width}}"
    needs = f"{plant_codes(c.needs):<{habitat}}"
    if c.kind == "animal":
        prey = " ".join(cs.animals[c.key].prey)
        line = f"{head} {Layer(c.home).letter} {c.points}pt {needs}"
        line += f" eats {prey}" if prey else f" {c.level}"
    elif c.kind == "plant":
        line = f"{head}   {c.points}pt {needs} plant card"
        if c.vine_link:
            line += ", and a vine network joining U and C"
    else:
        text = cs.abilities[c.key].text if c.kind == "ability" else cs.disasters[c.key].text
        line = f"{head} {c.kind}: {re.split(r'[.:] ', text)[0].rstrip('.')}"
        if len(line) > WIDTH:  # the catalogue has the rest
            line = line[: line.rfind(" ", 0, WIDTH)] + " …"
    return line.rstrip()


def card_brief(card_id: str, width: int = BRIEF) -> list[str]:
    """One card as a choice shows it beside its id: what :func:`card_line` says after the
    id, in lines of at most ``width`` columns (an animal's prey on lines of their own)."""
    cs = cards()
    c = cs.by_id[card_id]
    if c.kind == "animal":
        prey = " ".join(cs.animals[c.key].prey)
        head = f"{Layer(c.home).letter} {c.points}pt {plant_codes(c.needs)}"
        if not prey:
            return wrap(f"{head} {c.level}", 4, width)
        return [head, *wrap(f"eats {prey}", 5, width)]
    return wrap(card_line(card_id, habitat=0).removeprefix(card_id).strip(), 2, width)


def wrap(text: str, indent: int = 4, width: int = WIDTH) -> list[str]:
    """``text`` in lines of ``width`` columns, broken at spaces, continued ``indent``
    columns in."""
    out: list[str] = []
    while len(text) > width:
        cut = text.rfind(" ", indent + 1, width + 1)
        cut = cut if cut > 0 else width
        out.append(text[:cut].rstrip())
        text = " " * indent + text[cut:].lstrip()
    return [*out, text]
