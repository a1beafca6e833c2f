"""What happens to cards: drawing, dying, decomposing, scoring (rules doc §Death and detritus,
§Decomposing and the Score Pile).

* **Death**: a creature removed from play is flipped face down in its cell: a Detritus tile.
  Its parasite, mutualist and any juvenile beneath it die with it and stay in the tile.
  [rulebook; the stack: ecotone] A tile remembers the seat that killed it (-1 when it
  starved). [RULINGS]
* **Decomposing**: a saprotroph played onto a tile sends the tile's cards to a Score Pile:
  the decomposer's, each worth 1 VP [rulebook]; but when a creature or parasitoid killed
  it, the killer's [RULINGS], each worth its printed VP, the energy it passed up the food
  chain [ecotone]. A decomposer who processes another player's kill draws a card [ecotone].
* **Processing**: a detritivore turns a 1-VP card of its player's Score Pile into its printed
  VP [public: Recycler, adapted].
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import compress
from typing import Final

from ecotone.core.tuples import put, replace, seat_name, without
from ecotone.games.biomasters.board import CELLS, Grid
from ecotone.games.biomasters.cards import cards
from ecotone.games.biomasters.decks import Deck
from ecotone.games.biomasters.state import BioData, Scored, Slot, kind_of

__all__ = [
    "Table",
    "add_event",
    "decompose",
    "draw",
    "drawn",
    "from_hand",
    "kill",
    "occupied",
    "occupied_slots",
    "pick",
    "set_cell",
    "to_pile",
]

_KINDS: Final = cards().kinds


@dataclass(frozen=True, slots=True)
class Table:
    """One configuration's fixed facts: seats, grid, teams, decks, the chemoautotroph ruling,
    and whether any deck holds a parasitoid (every card in play comes from the decks)."""

    players: int
    grid: Grid
    teams: bool
    chemo_home: bool
    decks: tuple[Deck, ...]
    parasitoids: bool = True

    def team_of(self, seat: int) -> int:
        """The team of ``seat``: in 2v2 teammates sit across (P1+P3, P2+P4)."""
        return seat % 2 if self.teams else seat


def occupied(grid: tuple[Slot | None, ...]) -> list[int]:
    """The cells that hold a card, in order (a fast scan: this runs at every step)."""
    return list(compress(CELLS, grid))


def occupied_slots(grid: tuple[Slot | None, ...]) -> Iterator[tuple[int, Slot]]:
    """The cells that hold a card with what they hold, in order (a fast scan: both are
    picked out of the grid without a Python loop)."""
    # the two run alike by construction; any keyword (strict) makes each call dearer
    return zip(compress(CELLS, grid), filter(None, grid))  # noqa: B905


def set_cell(d: BioData, cell: int, slot: Slot | None) -> BioData:
    """``d`` with ``slot`` in ``cell``."""
    return replace(d, grid=put(d.grid, cell, slot))


def add_event(d: BioData, text: str) -> BioData:
    """``d`` with ``text`` added to the public log of automatic events."""
    return replace(d, events=(*d.events, text))


def draw(d: BioData, seat: int) -> BioData:
    """``seat`` draws the top card of its deck (nothing when the deck is empty)."""
    if not d.decks[seat]:
        return d
    hands, decks = drawn(d.hands, d.decks, seat)
    return replace(d, hands=hands, decks=decks)


def drawn(
    hands: tuple[tuple[str, ...], ...], decks: tuple[tuple[str, ...], ...], seat: int
) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]:
    """The hands and decks after ``seat`` draws the top card of its deck (not empty): for
    a rule that changes more of the state in the same copy."""
    deck = decks[seat]
    hand = list(hands[seat])
    insort(hand, deck[-1])
    return put(hands, seat, tuple(hand)), put(decks, seat, deck[:-1])


def pick(d: BioData, seat: int, card_id: str) -> str:
    """The instance of ``card_id`` that ``seat`` plays from its hand: a copy everybody has
    seen first (so the hidden ones stay hidden), else the lowest id."""
    copy = card_id + "#"  # an instance id is its card id, "#", seat and copy
    for c in d.revealed[seat]:
        if c.startswith(copy):
            return c
    for c in d.hands[seat]:  # hands are sorted: the first copy has the lowest id
        if c.startswith(copy):
            return c
    raise ValueError(f"{seat_name(seat)} holds no {card_id}")


def from_hand(d: BioData, seat: int, instance: str) -> BioData:
    """``d`` with ``instance`` gone from ``seat``'s hand (and from its revealed cards)."""
    hands = put(d.hands, seat, without(d.hands[seat], instance))
    if instance in d.revealed[seat]:
        shown = without(d.revealed[seat], instance)
        return replace(d, hands=hands, revealed=put(d.revealed, seat, shown))
    return replace(d, hands=hands)


def to_pile(d: BioData, seat: int, entries: tuple[Scored, ...]) -> BioData:
    """``d`` with ``entries`` added to ``seat``'s Score Pile."""
    return replace(d, piles=put(d.piles, seat, d.piles[seat] + entries))


def kill(d: BioData, table: Table, cell: int, killer: int, why: str) -> BioData:
    """The creature in ``cell`` dies and becomes a Detritus tile (``killer``: -1 if starved)."""
    s = d.grid[cell]
    assert s is not None
    assert not s.tile
    extra = tuple(c for c in (s.parasite, s.mutualist) if c)
    tile = Slot(
        card=s.card,
        kind=s.kind,
        owner=s.owner,
        tile=True,
        killer=killer,
        under=extra + s.under,
    )
    d = set_cell(d, cell, tile)
    name = _KINDS[s.kind].card.name
    return add_event(d, f"{seat_name(s.owner)}'s {name} in {table.grid.names[cell]} {why}")


def decompose(d: BioData, table: Table, cell: int, seat: int) -> BioData:
    """Empty the tile in ``cell`` into a Score Pile (the killer's, else ``seat``'s)."""
    tile = d.grid[cell]
    assert tile is not None
    assert tile.tile
    stack = tile.stack()
    if tile.killer >= 0:
        # a kill: the prey's energy went up the food chain, so it scores its printed VP
        receiver = tile.killer
        entries = tuple(Scored(c, _KINDS[kind_of(c)].vp) for c in stack)
    else:
        receiver = seat
        entries = tuple(Scored(c, 1) for c in stack)
    d = to_pile(d, receiver, entries)
    d = set_cell(d, cell, None)
    if receiver != seat:
        d = draw(d, seat)
    return d


def best_to_process(pile: tuple[Scored, ...]) -> int:
    """The Score Pile entry a detritivore processes: the biggest gain, first on ties; -1 if none.

    A pile stays the same record from step to step until something is scored, while every
    decision of a player with a ready recycler asks: the answers for the last few piles
    are remembered, by the pile (kept, so that its id stays its own)."""
    known = _BEST.get(id(pile))
    if known is not None and known[0] is pile:
        return known[1]
    best = _best_to_process(pile)
    if len(_BEST) >= _PILES_KEPT:
        _BEST.clear()
    _BEST[id(pile)] = (pile, best)
    return best


_BEST: Final[dict[int, tuple[tuple[Scored, ...], int]]] = {}
_PILES_KEPT: Final = 8


def _best_to_process(pile: tuple[Scored, ...]) -> int:
    best, gain = -1, 0
    printed = _PRINTED_VP  # a local: every decision with a ready recycler reads the pile
    for i, entry in enumerate(pile):
        card = entry.card
        vp = printed.get(card)
        if vp is None:
            vp = printed[card] = _KINDS[kind_of(card)].vp
        g = vp - entry.vp
        if g > gain:
            best, gain = i, g
    return best


# The printed VP of each instance met (a few hundred fixed ids).
_PRINTED_VP: Final[dict[str, int]] = {}
