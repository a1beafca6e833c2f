"""Moving a species card (rules doc §Moving).

Phylo basic rules v3.0: "MOVE a species card to new compatible spot". A card with MOVE#
goes up to that many cells in a straight line along a row or a column, one with FLIGHT#
also along a diagonal, in one action or spread over several actions of a turn; it never
jumps over a card or the map board, and it must be compatible where it lands, not counting
itself in the cell it leaves.

Each condition is one check below, returning the rule broken or ``None``. A move's refusal
asks them in order (:func:`move_problem`). The legal moves (:func:`moves`) ask the card's
once (:func:`movable`, and the lines it may take, known for every card in advance), then
walk each line out from the card, as far as its reach this turn, to the first cell that is
not :func:`clear`, offering every cell where it fits.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ecotone.core.actions import Action
from ecotone.games.phylo.actions import Move
from ecotone.games.phylo.board import (
    CELL_NAMES,
    MAP_CELLS,
    NEXT_TO_MAP,
    OFF_MAP_NEIGHBOURS,
    QUEEN,
    RAYS,
    Direction,
    ray,
)
from ecotone.games.phylo.cards import cards, name
from ecotone.games.phylo.compatibility import fits, tables
from ecotone.games.phylo.refusals import PhyloRefusal, Problem, why_not_fits
from ecotone.games.phylo.state import PhyloData, Slot, Table

__all__ = ["clear", "grown_movers", "movable", "move_problem", "moves", "moves_left"]


def moves_left(d: PhyloData, card: str, owner: int) -> int:
    """How many more cells ``owner``'s ``card`` may move this turn (MOVE# per turn)."""
    reach = _MOVERS[card][0]
    if not d.moved:
        return reach
    return reach - sum(n for c, o, n in d.moved if c == card and o == owner)


def movable(slot: Slot | None, seat: int) -> bool:
    """Whether ``seat`` may move the card of ``slot``: their own, with MOVE# or FLIGHT#."""
    return slot is not None and slot.owner == seat and slot.card in _MOVERS


def _mover_problem(slot: Slot | None, seat: int, src: int) -> Problem | None:
    """A player moves a card of their own that has MOVE# or FLIGHT# (:func:`movable`)."""
    if movable(slot, seat):
        return None
    if slot is None:
        return Problem(
            PhyloRefusal.NO_CARD_THERE, lambda: f"there is no card at {CELL_NAMES[src]} to move"
        )
    card = slot.card
    if slot.owner != seat:
        return Problem(
            PhyloRefusal.NOT_YOUR_CARD,
            lambda: f"{name(card)} at {CELL_NAMES[src]} is not your card",
        )
    return Problem(
        PhyloRefusal.CANNOT_MOVE, lambda: f"{name(card)} cannot move (it has no MOVE or FLIGHT)"
    )


def _line_problem(card: str, direction: Direction) -> Problem | None:
    """Only FLIGHT moves along a diagonal."""
    if direction in _DIAGONALS and not _MOVERS[card][1]:
        return Problem(
            PhyloRefusal.NO_DIAGONAL,
            lambda: f"{_name(card)} moves like a rook: only FLIGHT moves diagonally",
        )
    return None


def _reach_problem(card: str, left: int, steps: object) -> Problem | None:
    """A card goes at least one cell, and no more than its MOVE# or FLIGHT# left this turn."""
    if not isinstance(steps, int) or steps < 1:
        return Problem(
            PhyloRefusal.NO_STEPS, lambda: f"a move goes a whole number of cells, not {steps!r}"
        )
    if steps > left:
        sp = cards().species[card]
        movement = sp.movement
        assert movement is not None
        done = sp.reach - left
        already = f" and has moved {done} this turn" if done else ""
        return Problem(
            PhyloRefusal.TOO_FAR,
            lambda: (
                f"{sp.name} has {movement.kind.value.upper()} {sp.reach}{already}: "
                f"it cannot go {steps} more"
            ),
        )
    return None


def _edge_problem(line: tuple[int, ...], steps: int) -> Problem | None:
    """The table ends (Ecotone's bounded grid: see :mod:`ecotone.games.phylo.board`)."""
    if steps > len(line):
        return Problem(
            PhyloRefusal.OFF_THE_TABLE,
            lambda: f"that move leaves the table's {len(line)} cells that way",
        )
    return None


def clear(cells: Mapping[int, Slot], cell: int) -> bool:
    """Whether a moving card may pass or land on ``cell``: no card or map board there."""
    return cell not in cells and cell not in MAP_CELLS


def _crossing_problem(cells: Mapping[int, Slot], cell: int) -> Problem | None:
    """Cards never jump over a card or the map board: ``cell``, on the way, is :func:`clear`."""
    if clear(cells, cell):
        return None
    slot = cells.get(cell)
    what = "the map board" if slot is None else name(slot.card)
    return Problem(
        PhyloRefusal.BLOCKED, lambda: f"{CELL_NAMES[cell]} holds {what}: cards cannot jump"
    )


def _landing_problem(cells: Mapping[int, Slot], card: str, src: int, dest: int) -> Problem | None:
    """The card is compatible where it lands, without itself in the cell it leaves
    (:func:`~ecotone.games.phylo.compatibility.fits`)."""
    if fits(card, dest, cells, leaving=src):
        return None
    sp = cards().species[card]
    return Problem(
        PhyloRefusal.INCOMPATIBLE,
        lambda: why_not_fits(sp, dest, {c: s for c, s in cells.items() if c != src}),
    )


def move_problem(
    d: PhyloData,
    cells: Mapping[int, Slot],
    seat: int,
    src: int,
    direction: Direction,
    steps: object,
) -> Problem | None:
    """Why ``seat`` may not move the card at ``src`` ``steps`` cells towards ``direction``,
    or ``None`` if they may (``steps`` as the action gave it: a number is checked too)."""
    slot = cells.get(src)
    problem = _mover_problem(slot, seat, src)
    if problem is not None:
        return problem
    assert slot is not None
    card = slot.card
    line = ray(src, direction)
    problem = _line_problem(card, direction) or _reach_problem(
        card, moves_left(d, card, seat), steps
    )
    if problem is not None:
        return problem
    assert isinstance(steps, int)  # _reach_problem refuses anything else
    problem = _edge_problem(line, steps)
    if problem is not None:
        return problem
    for cell in line[:steps]:
        problem = _crossing_problem(cells, cell)
        if problem is not None:
            return problem
    return _landing_problem(cells, card, src, line[steps - 1])


def moves(d: PhyloData, seat: int, on: Table) -> list[Action]:
    """``seat``'s legal moves: for each card, each line, every cell it may land on.

    The rules of :func:`move_problem`, asked once per card (:func:`movable`, and the lines
    it may take) and walking each line out from the card: its reach this turn and the
    first cell that is not :func:`clear` end the line, and it lands wherever it
    :func:`~ecotone.games.phylo.compatibility.fits` (asked once per card: the empty cells
    beside the other cards it may stand beside, and beside the map board for a plant).
    Which cards of each seat may move is the table's own
    (:attr:`~ecotone.games.phylo.state.Table.movers`), worked out once for every position
    sharing it; so are the moves themselves, for each seat and the moves it has made this
    turn (:attr:`~ecotone.games.phylo.state.Table.moves`): a drop, a pass or an event
    that discards nothing leaves the board as it was. ``on`` is the table of ``d``'s
    board (:func:`~ecotone.games.phylo.state.table`). The list is shared: read only.
    """
    key = (seat, d.moved)
    out = on.moves.get(key)
    if out is None:
        out = on.moves[key] = _moves(d, seat, on.cells, on)
    return out


def _moves(d: PhyloData, seat: int, cells: Mapping[int, Slot], on: Table) -> list[Action]:
    movers = on.movers
    if movers is None:
        movers = _movers(on)
    out: list[Action] = []
    board = d.board
    moved = d.moved
    for slot in movers[seat]:
        card, src = slot.card, slot.cell
        reach, flies = _MOVERS[card]
        # (moves_left, called only once a card has moved this turn: its whole reach else)
        left = moves_left(d, card, seat) if moved else reach
        if left <= 0:
            continue
        # Where the card fits without itself in the cell it leaves (fits(), asked of the
        # board once rather than of every cell along its lines): next to another card it
        # may stand beside, or for a plant beside the map board.
        friends = _BESIDE[card]
        fit: set[int] = set(NEXT_TO_MAP) if card in _PLANTS else set()
        for other in board:
            if other.card in friends and other.cell != src:
                fit.update(OFF_MAP_NEIGHBOURS[other.cell])
        if not fit:
            continue
        key = (src, left, flies)
        paths = _PATHS.get(key)
        if paths is None:
            paths = _PATHS[key] = _paths(src, left, _LINES[card])
        for direction, path in paths:
            steps = 0
            for dest in path:
                if dest in cells:  # not clear (the map board and the reach end the path)
                    break
                steps += 1  # noqa: SIM113 (enumerate over the line measured slower)
                if dest in fit:
                    out.append(Move(CELL_NAMES[src], direction, steps))
    return out


def _movers(on: Table) -> tuple[list[Slot], ...]:
    """:attr:`Table.movers` of the board of ``on``: :func:`movable`, asked of the whole
    board at once."""
    movers: tuple[list[Slot], ...] = ([], [])
    for s in on.board:
        if s.card in _MOVERS:
            movers[s.owner].append(s)
    on.movers = movers
    return movers


def grown_movers(before: Table, after: Table, slot: Slot) -> None:
    """Carry :attr:`Table.movers` from the board of ``before``, once worked out there, to
    that of ``after``: the same board with ``slot`` played into an empty cell. A play is
    the commonest step, and the next decision asks for the moves: carried, the board is
    not walked again for its movers."""
    movers = before.movers
    if movers is None:
        return
    if slot.card in _MOVERS:
        # the new mover in its place among its owner's, in cell order as on the board
        cell = slot.cell
        mine = movers[slot.owner]
        i = 0
        while i < len(mine) and mine[i].cell < cell:
            i += 1
        added = [*mine[:i], slot, *mine[i:]]
        movers = (added, movers[1]) if slot.owner == 0 else (movers[0], added)
    after.movers = movers


def _paths(
    src: int, left: int, lines: tuple[Direction, ...]
) -> tuple[tuple[Direction, tuple[int, ...]], ...]:
    """The cells a card at ``src`` may pass along each of ``lines``, out to ``left`` cells
    and never onto the map board (cards never jump it): where a move may land, before the
    cards on the table end a path."""
    out = []
    for direction in lines:
        path: list[int] = []
        for dest in RAYS[src][direction][:left]:
            if dest in MAP_CELLS:
                break
            path.append(dest)
        if path:
            out.append((direction, tuple(path)))
    return tuple(out)


def _name(card: str) -> str:
    return cards().species[card].name


_MOVERS: Final = tables().movers  # each moving species' MOVE# or FLIGHT#, and whether it flies
_BESIDE: Final = tables().beside
_PLANTS: Final = tables().plants
_DIAGONALS: Final = frozenset(x for x in Direction if x.diagonal)
# the lines each moving species may take (the line rule asked once for every card)
_LINES: Final = {c: tuple(x for x in QUEEN if _line_problem(c, x) is None) for c in _MOVERS}
# Each place, reach and kind of mover's paths (_paths), once met: at most one entry for
# every cell, reach and kind, and in games only the few cells around the map board.
_PATHS: Final[dict[tuple[int, int, bool], tuple[tuple[Direction, tuple[int, ...]], ...]]] = {}
