"""The rules of BioMasters TCG as pure functions over :class:`BioData`.

Rules doc sections: §Set-up, §A turn (Ready, Draw, up to three actions), §Playing a card,
§Paying the cost, §Starvation, §Parasites and mutualists, §The end. Placement checks live in
:mod:`placement`, abilities in :mod:`abilities`, refusals in :mod:`refusals`.
"""

from __future__ import annotations

import random
import string
from typing import Final

from ecotone.core.actions import Action
from ecotone.core.rng import shuffle
from ecotone.core.tuples import put, replace, seat_name
from ecotone.games.biomasters.abilities import ability_actions, apply_ability
from ecotone.games.biomasters.actions import Pass, Pay, Play
from ecotone.games.biomasters.board import Grid
from ecotone.games.biomasters.cards import Trophic, cards
from ecotone.games.biomasters.decks import Deck
from ecotone.games.biomasters.effects import (
    Table,
    add_event,
    decompose,
    draw,
    drawn,
    from_hand,
    kill,
    occupied_slots,
    pick,
    to_pile,
)
from ecotone.games.biomasters.placement import (
    Standing,
    layout_changed,
    layout_of,
    layout_plus,
    layout_tucked,
    play_cells,
    play_row,
    play_rows,
    preferred_met,
    same_layout,
    scan_seat,
)
from ecotone.games.biomasters.state import BioData, Pending, Phase, Scored, Slot, kind_of

__all__ = [
    "ACTIONS_PER_TURN",
    "OPENING_HAND",
    "end_turn",
    "finish_action",
    "instances",
    "legal",
    "next_data",
    "parasitoids_in",
    "payers",
    "pick_action",
    "setup",
    "start_turn",
    "starving",
    "to_move",
]

ACTIONS_PER_TURN: Final = 3
OPENING_HAND: Final = 5

_KINDS: Final = cards().kinds

# The phases as plain names: reading a member off its enum class costs several times a
# module name's look-up, and every step reads one or two.
_ACTION: Final = Phase.ACTION
_PAY: Final = Phase.PAY
_OVER: Final = Phase.OVER


# -- set-up (§Set-up) ---------------------------------------------------------------------------


def instances(deck: Deck, seat: int) -> tuple[str, list[str]]:
    """The instance ids of ``seat``'s deck: its HOME, and its other cards."""
    home = f"{deck.home}#{seat + 1}a"
    cards_: list[str] = []
    for cid, n in deck.cards.items():
        cards_.extend(f"{cid}#{seat + 1}{string.ascii_lowercase[i]}" for i in range(n))
    return home, cards_


def setup(rnd: random.Random, table: Table, decks: tuple[Deck, ...]) -> BioData:
    """HOMEs in the centre, decks shuffled, five cards each; P1's first turn begins."""
    grid: list[Slot | None] = [None] * table.grid.size
    hands: list[tuple[str, ...]] = []
    piles: list[tuple[str, ...]] = []
    for seat, deck in enumerate(decks):
        home, rest = instances(deck, seat)
        grid[table.grid.homes[seat]] = Slot(home, deck.home, seat, ready=True)
        shuffle(rnd, rest)  # the draws of rnd.shuffle, without a Python call per card
        hands.append(tuple(sorted(rest[-OPENING_HAND:])))
        piles.append(tuple(rest[:-OPENING_HAND]))
    n = table.players
    d = BioData(
        grid=tuple(grid),
        hands=tuple(hands),
        revealed=((),) * n,
        decks=tuple(piles),
        piles=((),) * n,
        turn=0,
        phase=_ACTION,
        actions=ACTIONS_PER_TURN,
        turns=0,
    )
    return start_turn(d, table, 0)


# -- whose decision ---------------------------------------------------------------------------


def to_move(d: BioData) -> tuple[int, ...]:
    """The seat whose turn it is, until the game is over."""
    return () if d.phase is _OVER else (d.turn,)


def payers(d: BioData, seat: int, level: int, exclude: int) -> tuple[tuple[int, int], ...]:
    """``seat``'s ready cards able to pay an icon of ``level``: (cell, icons it pays)."""
    return _payers(d.grid, seat, level, exclude)


_Grid = tuple[Slot | None, ...]
_Found = tuple[tuple[int, int], ...]


def _payers(g: _Grid, seat: int, level: int, exclude: int) -> _Found:
    global _last_payers  # noqa: PLW0603 - one entry, replaced whole
    asked = (seat, level, exclude)
    last = _last_payers
    if last[0] is g and last[1] == asked:
        return last[2]
    out = []
    double = _DOUBLE  # a local: this runs at every payment
    layout = layout_of(g)
    if layout is not None:  # the cards of that level are listed: only they are read
        full: tuple[Slot, ...] = g  # type: ignore[assignment] # read only where occupied
        for i in layout.by_level[level]:
            s = full[i]
            if s.owner == seat and s.ready and i != exclude:
                out.append((i, 2 if s.mutualist and kind_of(s.mutualist) in double else 1))
    else:
        level_of = _LEVEL
        for i, s in occupied_slots(g):
            if s.owner != seat or not s.ready or s.tile or i == exclude:
                continue
            if level_of[s.kind] == level:  # HOMEs are level 0, never a cost icon
                out.append((i, 2 if s.mutualist and kind_of(s.mutualist) in double else 1))
    found = tuple(out)
    _last_payers = (g, asked, found)
    return found


def _remember_payers(g: _Grid, asked: tuple[int, int, int], found: _Found) -> None:
    """Remember ``found`` as the payers of ``g`` for (seat, level, excluded cell) ``asked``."""
    global _last_payers  # noqa: PLW0603 - one entry, replaced whole
    _last_payers = (g, asked, found)


# The last payers found, with the grid and the question: a payment that leaves the player a
# choice stops on them, and the very next thing asked is that decision's legal actions, the
# same payers of the same grid. One entry, holding one grid.
_last_payers: tuple[_Grid, tuple[int, int, int], _Found] = ((), (-1, 0, 0), ())


def _payers_before(g: _Grid, seat: int, level: int) -> _Found:
    """The payers of a card put into an empty cell or onto a tile of ``g``, found on ``g``:
    every other cell is as it was, and that one held none.

    A bot weighing each of its plays pays for them all from the same grid, so the payers
    of the last grid asked are remembered, by seat and level.
    """
    global _last_before  # noqa: PLW0603 - one entry, replaced whole
    grid, known = _last_before
    if grid is not g:
        known = {}
        _last_before = (g, known)
    found = known.get((seat, level))
    if found is None:
        found = known[seat, level] = _payers(g, seat, level, -1)
    return found


_last_before: tuple[_Grid, dict[tuple[int, int], _Found]] = ((), {})


def legal(table: Table, d: BioData, seat: int) -> list[Action]:
    """The legal actions of the seat to move, in a fixed order: to pay, the cards able to
    pay in cell order; else the plays by card and cell, the abilities, and the pass.

    The table comes first so that a step can bind it by a positional ``partial``."""
    if d.phase is _PAY:
        pays = _pays_of(table.grid)
        return [pays[i] for i, _ in _due_payers(d, seat)]
    grid = table.grid
    layout, cap, actors = scan_seat(d.grid, grid, seat)  # one look for both searches
    by_card = play_cells(d, grid, seat, d.hands[seat], table.chemo_home, layout, cap)
    out: list[Action] = []
    rows = play_rows(grid)
    for card, cells in by_card:
        row = rows.get(card) or play_row(grid, card)
        # a plain loop: map() over the row's __getitem__ costs about twice as much,
        # a call through the method's wrapper for every cell
        for i in cells:
            out.append(row[i])
    out.extend(ability_actions(d, table, seat, actors))
    out.append(_PASS)
    return out


def pick_action(table: Table, d: BioData, seat: int, fraction: float) -> Action:
    """The legal action a random playout takes for the draw ``fraction`` in ``[0, 1)``:
    ``legal(table, d, seat)[int(fraction * n)]`` of the ``n`` legal actions, found by
    counting each card's cells rather than making a play for each: the same blocks as
    :func:`legal` lists, in its order.

    The table comes first, as :func:`legal` takes it."""
    if d.phase is _PAY:
        found = _due_payers(d, seat)
        return _pays_of(table.grid)[found[int(fraction * len(found))][0]]
    grid = table.grid
    layout, cap, actors = scan_seat(d.grid, grid, seat)
    by_card = play_cells(d, grid, seat, d.hands[seat], table.chemo_home, layout, cap)
    abilities = ability_actions(d, table, seat, actors)
    total = len(abilities) + 1  # and the pass
    for _, cells in by_card:
        total += len(cells)
    place = int(fraction * total)
    for card, cells in by_card:
        if place < len(cells):
            return play_row(grid, card)[cells[place]]
        place -= len(cells)
    if place < len(abilities):
        return abilities[place]
    return _PASS


def _due_payers(d: BioData, seat: int) -> _Found:
    """The cards able to pay the first icon still due (in the pay phase), in cell order."""
    p = d.pending
    assert p is not None
    return _payers(d.grid, seat, p.icons[0], p.cell)


def _pays_of(grid: Grid) -> tuple[Pay, ...]:
    """The payments of ``grid``, one per cell: made once, shared (they are frozen)."""
    pays = _PAYS.get(grid)
    if pays is None:
        pays = _PAYS[grid] = tuple(Pay(name) for name in grid.names)
    return pays


_PASS: Final = Pass()  # frozen: one for every position
# Each grid's payments, one per cell, made once and shared (they are frozen).
_PAYS: Final[dict[Grid, tuple[Pay, ...]]] = {}


# -- transitions ------------------------------------------------------------------------------


def next_data(table: Table, d: BioData, seat: int, action: Action) -> BioData:
    """The data after the legal ``action`` (the table first, as :func:`legal` takes it)."""
    if d.events:
        d = replace(d, events=())
    # by exact type, commonest first: the actions are the codec's own records, never
    # subclassed, and this is cheaper than isinstance against a record class
    if type(action) is Play:
        return _play(d, table, seat, action.card, table.grid.index[action.cell])
    if type(action) is Pass:
        return end_turn(d, table)
    if type(action) is Pay:
        return _pay(d, table, seat, table.grid.index[action.cell])
    return finish_action(apply_ability(d, table, seat, action), table)


def _play(d: BioData, table: Table, seat: int, card: str, cell: int) -> BioData:
    k = _KINDS[card]
    start = d.grid
    inst = pick(d, seat, card)
    d = from_hand(d, seat, inst)
    here = d.grid[cell]
    paying_cell = cell
    if card in _ATTACHMENTS:
        assert here is not None
        paying_cell = -1  # the new card is not on the grid: any ready card may pay
        if card in _PARASITES:
            here = replace(here, parasite=inst, parasite_owner=seat)
        else:
            if k.effect == "clean" and here.parasite:
                eaten = here.parasite
                d = to_pile(d, seat, (Scored(eaten, 1),))
                d = add_event(d, f"the {k.card.name} ate the {_KINDS[kind_of(eaten)].card.name}")
                here = replace(here, parasite="", parasite_owner=-1)
            here = replace(here, mutualist=inst, mutualist_owner=seat)
    else:
        if card in _SAPROTROPHS:
            d = decompose(d, table, cell, seat)
        ready = preferred_met(d, table.grid, k, cell) if k.preferred else False
        here = Slot(inst, card, seat, ready=ready)
    before = d.grid
    grid = put(before, cell, here)
    if paying_cell < 0:
        layout_tucked(grid, start, cell)  # a card tucked under a host takes no place of its own
    else:
        layout_plus(grid, start, cell, card)
    if not k.cost:
        return finish_action(replace(d, grid=grid), table)
    # the card and its cost due in one copy of the state
    d = replace(d, grid=grid, phase=_PAY, pending=Pending(inst, paying_cell, k.cost))
    return _auto_pay(d, table, seat, None if paying_cell < 0 else before)


def _pay_icons(d: BioData, cell: int, pays: int) -> BioData:
    """Exhaust the card in ``cell`` and strike up to ``pays`` icons of its level."""
    s = d.grid[cell]
    p = d.pending
    assert s is not None
    assert p is not None
    level = _KINDS[s.kind].level
    icons = list(p.icons)
    for _ in range(pays):
        if level in icons:
            icons.remove(level)
    grid = put(d.grid, cell, replace(s, ready=False))
    same_layout(grid, d.grid)
    return replace(d, grid=grid, pending=Pending(p.card, p.cell, tuple(icons)))


def _auto_pay(
    d: BioData, table: Table, seat: int, before: tuple[Slot | None, ...] | None = None
) -> BioData:
    """Pay every icon whose payers are all needed anyway; stop at the first real choice.

    ``before``: for a card just put into an empty cell or onto a tile, the grid before it
    came; its payers are the same (every other cell is as it was, and that one held none),
    and may be known already.
    """
    while True:
        p = d.pending
        assert p is not None
        if not p.icons:
            return finish_action(d, table)  # which clears the pending payment
        level = p.icons[0]
        need = p.icons.count(level)
        if before is None:
            found = _payers(d.grid, seat, level, p.cell)
        else:
            found = _payers_before(before, seat, level)
        caps = [c for _, c in found]
        if sum(caps) - min(caps) >= need:
            if before is not None:  # the decision's legal actions will ask
                _remember_payers(d.grid, (seat, level, p.cell), found)
            return d  # a choice: the player says which card to exhaust
        before = None
        for i, c in found:
            d = _pay_icons(d, i, c)


def _pay(d: BioData, table: Table, seat: int, cell: int) -> BioData:
    s = d.grid[cell]
    assert s is not None
    pays = 2 if s.mutualist and kind_of(s.mutualist) in _DOUBLE else 1
    return _auto_pay(_pay_icons(d, cell, pays), table, seat)


def finish_action(d: BioData, table: Table) -> BioData:
    """One action is spent; after the third the turn ends."""
    left = d.actions - 1
    if left == 0:
        # the end of the turn sets the actions, the phase and the payment itself (the next
        # turn's or the game's end): no copy of the state in between
        return end_turn(d, table)
    return replace(d, actions=left, phase=_ACTION, pending=None)


# -- turn structure (§A turn, §Starvation, §The end) -------------------------------------------


def starving(d: BioData, table: Table, seat: int) -> list[int]:
    """The cells of ``seat``'s consumers with no food next to them and no recent meal."""
    return _turn_cells(d.grid, table, seat, -1).hungry


class _TurnCells:
    """What the end of one seat's turn and the start of the next one's change, found in one
    pass over the grid (§Starvation, §A turn).

    Attributes:
        hungry: the ending seat's starving consumers.
        meals: the ending seat's cards still digesting a meal.
        struck: the hosts the starting seat's parasitoids kill, with the parasite.
        wake: the starting seat's exhausted cards that ready.
    """

    __slots__ = ("hungry", "meals", "struck", "wake")

    def __init__(self) -> None:
        self.hungry: list[int] = []
        self.meals: list[int] = []
        self.struck: list[tuple[int, str]] = []
        self.wake: list[int] = []


def _turn_cells(g: tuple[Slot | None, ...], table: Table, ending: int, starting: int) -> _TurnCells:
    """The cells the end of ``ending``'s turn and the start of ``starting``'s turn change
    (-1: no such turn). A starving host dies before the next turn starts: its parasite is
    in the Detritus tile then and strikes nothing."""
    out = _TurnCells()
    hungry, meals, struck, wake = out.hungry, out.meals, out.struck, out.wake
    full: tuple[Slot, ...] = g  # type: ignore[assignment] # read only where occupied
    # the cards by seat, and those a parasitoid rides: the tiles are never read, and each
    # seat's cards only for what may happen to them
    layout = layout_of(g)
    known: Standing | None = None  # the ending seat's standing, where worked out already
    if layout is not None:
        owned, parasitoids = layout.owned, layout.parasitoids
        if ending >= 0:
            known = layout.standing[ending]
    else:  # a grid no decision scanned (as a search weighs many): grouped here, not kept
        owned = [[] for _ in range(table.players)]
        parasitoids = []
        for i, s in occupied_slots(g):
            if not s.tile:
                owned[s.owner].append(i)
                if s.parasite and kind_of(s.parasite) in _PARASITOID:
                    parasitoids.append(i)
    if ending >= 0:  # its consumers eat or starve (§Starvation)
        # only its cards that may eat, where its standing lists them; else all its cards,
        # of which no other is ever fed or hungry
        eaters = owned[ending] if known is None else known.eaters
        neighbours = table.grid.neighbours
        food_of, level_of = _FOOD, _LEVEL  # locals: this runs at every end of turn
        for i in eaters:
            s = full[i]
            if s.fed:
                meals.append(i)
            elif (food := food_of.get(s.kind)) is not None:
                for j in neighbours[i]:
                    n = g[j]
                    if n is not None and not n.tile and level_of[n.kind] == food:
                        break
                else:
                    hungry.append(i)
    # the starting seat's parasitoids strike, whoever's card they ride (in cell order)
    for i in parasitoids:
        s = full[i]
        if s.parasite_owner == starting and i not in hungry:
            struck.append((i, s.parasite))
    if starting >= 0:  # its exhausted cards ready, but for a host struck or drained
        for i in owned[starting]:
            if not full[i].ready:
                parasite = full[i].parasite
                if parasite:
                    kind = kind_of(parasite)
                    if kind in _DRAIN:
                        continue  # Parasitic Drain: the host does not ready
                    if kind in _PARASITOID and full[i].parasite_owner == starting:
                        continue  # struck: it dies instead
                wake.append(i)
    return out


# For the hot path: the food level of each consumer, and each card's level (HOMEs: 0).
_FOOD: Final[dict[str, int]] = {c: k.food for c, k in _KINDS.items() if k.is_consumer}
_LEVEL: Final[dict[str, int]] = {c: k.level for c, k in _KINDS.items()}
_DOUBLE: Final = frozenset(c for c, k in _KINDS.items() if k.effect == "double")
_DRAIN: Final = frozenset(c for c, k in _KINDS.items() if k.effect == "drain")
_PARASITOID: Final = frozenset(c for c, k in _KINDS.items() if k.effect == "parasitoid")
# How a card is played (Kind's properties and enum members, read once here)
_ATTACHMENTS: Final = frozenset(c for c, k in _KINDS.items() if k.is_attachment)
_PARASITES: Final = frozenset(c for c, k in _KINDS.items() if k.trophic is Trophic.PARASITE)
_SAPROTROPHS: Final = frozenset(c for c, k in _KINDS.items() if k.trophic is Trophic.SAPROTROPH)


def parasitoids_in(decks: tuple[Deck, ...]) -> bool:
    """Whether any of ``decks`` holds a parasitoid (a card that kills its host)."""
    return any(c in _PARASITOID for deck in decks for c in deck.cards)


def end_turn(d: BioData, table: Table) -> BioData:
    """End of the turn: starvation, then the next player's turn (or the end of the game)."""
    seat = d.turn
    following = (seat + 1) % table.players
    cells = _turn_cells(d.grid, table, seat, following)
    if cells.hungry:
        start = d.grid
        for cell in cells.hungry:
            d = kill(d, table, cell, -1, "starved: nothing to eat next to it")
        layout_changed(d.grid, start, cells.hungry)
    if d.last == seat:
        grid = _refreshed(d.grid, cells.meals, [])
        return replace(d, grid=grid, phase=_OVER, actions=0, pending=None)
    return _begin_turn(d, table, following, cells)


def start_turn(d: BioData, table: Table, seat: int) -> BioData:
    """The Ready and Draw phases of ``seat``'s turn, after its parasitoids strike."""
    return _begin_turn(d, table, seat, _turn_cells(d.grid, table, -1, seat))


def _refreshed(
    g: tuple[Slot | None, ...], meals: list[int], wake: list[int]
) -> tuple[Slot | None, ...]:
    """The grid with a meal lasting one end of turn less in ``meals`` (the starving are
    never among them) and the cards in ``wake`` readied."""
    if not meals and not wake:
        return g
    grid = list(g)
    for i in meals:
        grid[i] = replace(g[i], fed=g[i].fed - 1)  # type: ignore[union-attr,type-var]
    for i in wake:
        grid[i] = replace(g[i], ready=True)  # type: ignore[type-var]
    out = tuple(grid)
    same_layout(out, g)
    return out


def _begin_turn(d: BioData, table: Table, seat: int, cells: _TurnCells) -> BioData:
    """``seat``'s turn begins: the end of the turn before settled (``cells``: found before
    the starving died), its cards ready, its parasitoids strike, it draws."""
    grid = _refreshed(d.grid, cells.meals, cells.wake)
    hands, decks = d.hands, d.decks
    draws_now = bool(decks[seat]) and not cells.struck
    if draws_now:
        # nothing happens between the Ready and the Draw phases: the card drawn goes into
        # the same copy of the state
        hands, decks = drawn(hands, decks, seat)
    d = replace(
        d,
        grid=grid,
        hands=hands,
        decks=decks,
        turn=seat,
        turns=d.turns + 1,
        actions=ACTIONS_PER_TURN,
        phase=_ACTION,
        pending=None,
    )
    if draws_now:
        return d
    if cells.struck:
        start = d.grid
        for cell, parasite in cells.struck:
            name = _KINDS[kind_of(parasite)].card.name
            d = kill(d, table, cell, seat, f"was killed by {seat_name(seat)}'s {name}")
        layout_changed(d.grid, start, [cell for cell, _ in cells.struck])
    if d.decks[seat]:
        return draw(d, seat)
    if d.last < 0:
        d = replace(d, last=(seat - 1) % table.players)
        d = add_event(
            d,
            f"{seat_name(seat)} cannot draw: the end is triggered; the others take one final turn",
        )
    return d
