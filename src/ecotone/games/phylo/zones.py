"""Moving cards between the zones of the game (hands, piles, discard piles, the table), and
the public log.

Every rule module moves cards with these pure edits of a :class:`PhyloData`, so a card is
never lost or duplicated: a card leaving
the table goes to the discard pile of its deck (the shared one, or its owner's in the
constructed-deck game), and a parasite always leaves the table with its host (rules doc
§Keywords, PARASITIC).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from operator import attrgetter
from typing import Final

from ecotone.core.tuples import put, replace, seat_name, without
from ecotone.games.phylo.board import cell_name
from ecotone.games.phylo.cards import name
from ecotone.games.phylo.compatibility import shrunk
from ecotone.games.phylo.state import PhyloData, Slot, table

__all__ = [
    "LOG_SIZE",
    "add_to_hand",
    "board_with",
    "describe_slot",
    "discard_cards",
    "discarded",
    "hands_with",
    "hands_without",
    "happenings",
    "log",
    "logged",
    "picked_up",
    "put_slot",
    "remove_cell",
    "remove_under",
    "take_from_hand",
]

LOG_SIZE: Final = 8


def log(d: PhyloData, text: str) -> PhyloData:
    """Record a public happening (the log keeps the last :data:`LOG_SIZE`)."""
    return replace(d, log=logged(d.log, text))


# The log's lines that say a move again in the move's own words, written by the steps as
# the seat that moved and one of these words ("P1 played B16 Sea Sawdust at t20", "P2
# dropped ... and picked up 3", "P1 passed", "P2 removes nothing"): every surface lists the
# moves already. A line that tells more than its move is not one of them: who won a
# challenge, the card a removal took from a cell ("P1 removed P2's ..."), an INVASIVE
# card's victim.
_ECHO: Final = re.compile(
    r"P[12] (?:played|moved|dropped|passed|cancelled|discarded|took|removes nothing)\b"
)


def happenings(log_: tuple[str, ...]) -> tuple[str, ...]:
    """The lines of the log that tell more than the moves do (the game's
    :meth:`~ecotone.core.game.Game.recent`): what the rules made happen, chance's outcomes,
    what a move took with it.

    >>> happenings(("P2 won rock-paper-scissors and goes first", "P2 passed"))
    ('P2 won rock-paper-scissors and goes first',)
    """
    return tuple(line for line in log_ if _ECHO.match(line) is None)


def logged(log_: tuple[str, ...], text: str) -> tuple[str, ...]:
    """The log ``log_`` with ``text`` added, as :func:`log` keeps it (for a step that
    changes several fields of the record at once: one copy of the record, not one per
    field)."""
    return (*log_, text)[-LOG_SIZE:]


# -- hands and piles ---------------------------------------------------------------------------


def take_from_hand(d: PhyloData, seat: int, card: str) -> PhyloData:
    """``seat``'s hand without (one copy of) ``card``; it is no longer known to anybody."""
    hands, known = hands_without(d, seat, card)
    return replace(d, hands=hands, known=known)


def hands_without(
    d: PhyloData, seat: int, card: str
) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]:
    """The hands and the known cards of :func:`take_from_hand`, for a step that changes
    other fields of the record too (``d``'s own known cards when ``card`` was not known)."""
    # Phylo's two hands written out, and the card cut out by slices: ``put`` and
    # ``without`` (which the rarer edits use) cost a call and a copy through a list each,
    # and every play and drop passes here.
    hands = d.hands
    hand = hands[seat]
    i = hand.index(card)  # (a ValueError when nobody held it, as ``without`` raises)
    less = hand[:i] + hand[i + 1 :]
    hands = (less, hands[1]) if seat == 0 else (hands[0], less)
    known = d.known[seat]
    if card in known:
        return hands, put(d.known, seat, without(known, card))
    return hands, d.known


def add_to_hand(d: PhyloData, seat: int, new: tuple[str, ...], *, seen: bool = False) -> PhyloData:
    """``seat``'s hand with ``new`` added (kept sorted); ``seen``: the opponent saw them."""
    d = replace(d, hands=hands_with(d.hands, seat, new))
    if seen:
        d = replace(d, known=put(d.known, seat, tuple(sorted((*d.known[seat], *new)))))
    return d


def hands_with(
    hands: tuple[tuple[str, ...], ...], seat: int, new: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    """``hands`` with ``new`` added to ``seat``'s, kept sorted (:func:`add_to_hand`, and a
    step changing other fields too)."""
    # (as in hands_without: the two hands written out; a list sorted in place costs less
    # than ``sorted`` of a tuple, and every pick-up passes here)
    more = [*hands[seat], *new]
    more.sort()
    return (tuple(more), hands[1]) if seat == 0 else (hands[0], tuple(more))


def picked_up(
    d: PhyloData,
    seat: int,
    n: int,
    final: int,
    hands: tuple[tuple[str, ...], ...],
    log_: tuple[str, ...],
) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...], int, tuple[str, ...]]:
    """The piles, hands, ``final`` and log after ``seat`` picks up ``n`` cards (fewer if
    the pile runs out) from ``d``'s piles, where ``final``, ``hands`` and ``log_`` are
    those the pick-up starts from: a drop and the start of a turn change other fields
    too, in the same copy of the record.

    Picking up the last card starts the end of the game (rules doc §The end): ``final``
    becomes 1, this turn is finished and the opponent plays one last turn.
    """
    piles = d.piles
    p = seat if len(piles) == 2 else 0  # (PhyloData.pile_of, without the method's call)
    pile = piles[p]
    n = min(n, len(pile))
    if n == 0:
        return piles, hands, final, log_
    left = pile[: len(pile) - n]
    # (the piles written out, as the hands are in hands_without: ``put`` is a call more)
    if len(piles) == 1:
        piles = (left,)
    elif p == 0:
        piles = (left, piles[1])
    else:
        piles = (piles[0], left)
    hands = hands_with(hands, seat, pile[len(pile) - n :])
    if left or final >= 0:
        return piles, hands, final, log_
    what = "their deck" if d.decks else "the pick-up pile"
    text = f"{seat_name(seat)} picked up the last card of {what}"
    return piles, hands, 1, logged(log_, text)


def discard_cards(d: PhyloData, owner: int, new: tuple[str, ...]) -> PhyloData:
    """Put ``new`` on the discard pile of ``owner``'s deck (the shared pile if one)."""
    return replace(d, discards=discarded(d, owner, new))


def discarded(d: PhyloData, owner: int, new: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The discard piles of :func:`discard_cards` (for a step changing other fields too)."""
    discards = d.discards
    # (PhyloData.discard_of, and the piles written out as picked_up writes them)
    if len(discards) == 1:
        return ((*discards[0], *new),)
    if owner == 0:
        return (*discards[0], *new), discards[1]
    return discards[0], (*discards[1], *new)


# -- the board ----------------------------------------------------------------------------------


def put_slot(d: PhyloData, slot: Slot) -> PhyloData:
    """The board with ``slot`` placed (replacing whatever was in its cell)."""
    return replace(d, board=board_with(d.board, slot))


def board_with(board: tuple[Slot, ...], slot: Slot) -> tuple[Slot, ...]:
    """The board of :func:`put_slot` (for a step changing other fields too)."""
    cell = slot.cell  # in cell order: ``slot`` goes where its cell comes
    i = bisect_left(board, cell, key=_CELL)
    j = i + 1 if i < len(board) and board[i].cell == cell else i
    return (*board[:i], slot, *board[j:])


_CELL: Final = attrgetter("cell")


def remove_cell(d: PhyloData, cell: int) -> PhyloData:
    """Discard the card at ``cell`` and any parasite beneath it; the cell becomes empty."""
    board = d.board  # in cell order: found by a binary search, as put_slot places it
    i = bisect_left(board, cell, key=_CELL)
    slot = board[i]
    assert slot.cell == cell
    d = replace(d, board=(*board[:i], *board[i + 1 :]))
    shrunk(table(board), d.board, cell)  # what is INCOMPATIBLE now, when plain to see
    d = discard_cards(d, slot.owner, (slot.card,))
    if slot.under is not None:
        d = discard_cards(d, slot.under_owner, (slot.under,))
    return d


def remove_under(d: PhyloData, cell: int) -> PhyloData:
    """Discard the parasite beneath the card at ``cell``."""
    slot = next(s for s in d.board if s.cell == cell)
    assert slot.under is not None
    d = discard_cards(d, slot.under_owner, (slot.under,))
    return put_slot(d, Slot(slot.cell, slot.card, slot.owner))


def describe_slot(slot: Slot, beneath: bool = False) -> str:
    """``"P2's B09 Monkey Puzzle Tree at m12"`` (the parasite with ``beneath``)."""
    if beneath:
        assert slot.under is not None
        return f"{seat_name(slot.under_owner)}'s {name(slot.under)} under {cell_name(slot.cell)}"
    return f"{seat_name(slot.owner)}'s {name(slot.card)} at {cell_name(slot.cell)}"
