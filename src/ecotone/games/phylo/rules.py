"""Whose decision it is, the legal actions, and what each action does.

Rules doc sections: §A turn (the four actions), §Playing a species, §Moving, with events in
:mod:`.events`, the turn cycle in :mod:`.turns` and the challenge in :mod:`.challenge`.

The legal actions of a turn are kept short by offering only what can work: a species only
in the cells where it is compatible (next to a card or the map board), an event only on the
species it may be played on, a move only along a clear straight line to a cell where the
card is compatible (Phylo basic rules v3.0: "MOVE a species card to new compatible spot").
"""

from __future__ import annotations

from ecotone.core.actions import Action
from ecotone.games.phylo.actions import (
    Allow,
    Cancel,
    Challenge,
    Discard,
    Done,
    Drop,
    Move,
    Pass,
    Play,
    PlayEvent,
    PlayLeaving,
    Recover,
    Remove,
    RemoveUnder,
    SpreadTo,
    ThrowHand,
)
from ecotone.games.phylo.board import (
    discard_cards,
    draw,
    log,
    name,
    put_slot,
    remove_cell,
    take_from_hand,
)
from ecotone.games.phylo.cards import DiscardTarget, Event, cards
from ecotone.games.phylo.challenge import after_placement, call_bluff, remove, remove_actions
from ecotone.games.phylo.events import (
    TARGETED,
    cancel,
    contest_throw,
    event_targets,
    play_event,
    react_actions,
    recover,
    resolve,
    resume,
    seasick_discard,
    spread_candidates,
    spread_done,
    spread_to,
    timing_ok,
    untargeted_ok,
)
from ecotone.games.phylo.grid import (
    CELL_NAMES,
    MAP_CELLS,
    NEIGHBOURS,
    NEXT_TO_MAP,
    OFF_MAP_NEIGHBOURS,
    QUEEN,
    ROOK,
    Slot,
    fits,
    parse_cell,
    pollinated,
    ray,
    tables,
)
from ecotone.games.phylo.state import Phase, PhyloData, Throw
from ecotone.games.phylo.turns import finish_turn

__all__ = [
    "DROP_PICKS",
    "around",
    "chosen",
    "legal",
    "moves_left",
    "next_data",
    "species_cells",
    "to_move",
]

DROP_PICKS = 3


def to_move(d: PhyloData) -> tuple[int, ...]:
    """The seats that decide now (both at a rock-paper-scissors throw)."""
    phase = d.phase
    if phase is Phase.OVER:
        return ()
    if phase is Phase.REACT or phase is Phase.SEASICK:
        return (1 - d.turn,)
    if phase is Phase.CHALLENGE:
        return (1 - d.turn,)
    if phase is Phase.REMOVE:
        return (d.remover,)
    if phase is Phase.CONTEST:
        return tuple(s for s in (0, 1) if not d.throws[s])
    return (d.turn,)


def chosen(d: PhyloData) -> tuple[int, ...]:
    """The player whose rock-paper-scissors throw is in while the other's is awaited."""
    if d.phase is Phase.CONTEST:
        return tuple(s for s in (0, 1) if d.throws[s])
    return ()


# -- legal actions ----------------------------------------------------------------------------


def around(cells: dict[int, Slot]) -> dict[str, set[int]]:
    """For each card id on the table, the empty cells next to it (not the map board)."""
    out: dict[str, set[int]] = {}
    for c, slot in cells.items():
        spots = out.get(slot.card)
        if spots is None:
            out[slot.card] = set(OFF_MAP_NEIGHBOURS[c])
        else:
            spots.update(OFF_MAP_NEIGHBOURS[c])
    for spots in out.values():
        spots.difference_update(cells)
    return out


def species_cells(
    d: PhyloData, card: str, cells: dict[int, Slot], near: dict[str, set[int]] | None = None
) -> list[int]:
    """Where species ``card`` may be played now (§Playing a species).

    ``near``, :func:`around` of ``cells``, saves work when several cards are placed on one
    table; without it the table's cards are walked directly.
    """
    t = tables()
    if card in t.parasites:
        links = t.links[card]
        return [c for c in sorted(cells) if cells[c].under is None and cells[c].card in links]
    if card in t.needs_pollinator and not pollinated(d.board):
        return []
    found: set[int] = set()
    if card in t.plants:
        found.update(c for c in NEXT_TO_MAP if c not in cells)
        friends = t.habitat[card]
    else:
        friends = t.links[card]
    if near is None:
        for c, slot in cells.items():
            if slot.card in friends:
                found.update(n for n in OFF_MAP_NEIGHBOURS[c] if n not in cells)
    else:
        for other in friends.intersection(near):
            found |= near[other]
    out = sorted(found)
    similar = t.invasive.get(card)
    if similar:
        for c in sorted(cells):
            if cells[c].card in similar:
                rest = {k: v for k, v in cells.items() if k != c}
                if fits(card, c, rest):
                    out.append(c)
    return out


def moves_left(d: PhyloData, card: str, owner: int) -> int:
    """How many more cells ``owner``'s ``card`` may move this turn (MOVE# per turn)."""
    used = sum(n for c, o, n in d.moved if c == card and o == owner)
    return cards().species[card].reach - used


def _moves(d: PhyloData, seat: int, cells: dict[int, Slot]) -> list[Action]:
    """``seat``'s moves: along each clear line, every cell where the card is compatible.

    Compatibility at a landing cell is :func:`~ecotone.games.phylo.grid.fits` written out,
    with the card's own old cell left out (it leaves it), so no table without the card has
    to be built, and a card with nothing on the table to stand next to is passed over.
    """
    t = tables()
    plants, links, habitat, movers = t.plants, t.links, t.habitat, t.movers
    out: list[Action] = []
    for slot in d.board:
        card = slot.card
        if slot.owner != seat:
            continue
        mover = movers.get(card)
        if mover is None:
            continue
        reach, flies = mover
        if d.moved:
            reach = moves_left(d, card, seat)
            if reach <= 0:
                continue
        if card in plants:
            friends, by_map = habitat[card], NEXT_TO_MAP
        else:
            friends, by_map = links[card], frozenset()
        src = slot.cell
        # the cards it could stand next to, not counting itself: it leaves its cell
        beside = {c for c, s in cells.items() if s.card in friends and c != src}
        if not beside and not by_map:
            continue
        for direction in QUEEN if flies else ROOK:
            for steps, dest in enumerate(ray(src, direction)[:reach], 1):
                if dest in cells or dest in MAP_CELLS:
                    break  # no jumping over cards or the map board
                if dest in by_map or not beside.isdisjoint(NEIGHBOURS[dest]):
                    out.append(Move(CELL_NAMES[src], direction, steps))
    return out


def _act(d: PhyloData, seat: int) -> list[Action]:
    t = tables()
    events = cards().events
    cells = d.cells()
    out: list[Action] = []
    hand = d.hands[seat]  # sorted, and never two copies of a card
    # Where each ordinary species of the hand fits: walk the cards on the table once and
    # hand each of its empty neighbours to the hand cards that could sit there.
    ordinary = t.ordinary.intersection(hand)
    spots: dict[str, set[int]] = {}
    if ordinary:
        for card in t.plants.intersection(ordinary):
            spots[card] = {c for c in NEXT_TO_MAP if c not in cells}
        friends_of = t.friends
        for c, slot in cells.items():
            friends = friends_of.get(slot.card)  # none for an URBAN card
            if friends is None:
                continue
            takers = friends.intersection(ordinary)
            if not takers:
                continue
            empty = [n for n in OFF_MAP_NEIGHBOURS[c] if n not in cells]
            for card in takers:
                if card in spots:
                    spots[card].update(empty)
                else:
                    spots[card] = set(empty)
    for card in hand:
        if card in spots:
            found = sorted(spots[card])
        elif card in ordinary:
            continue
        elif card in t.species:
            found = species_cells(d, card, cells)
        else:
            out += _event_plays(d, seat, events[card], cells)
            continue
        out += [Play(card, CELL_NAMES[c]) for c in found]
    out += _moves(d, seat, cells)
    if d.piles[d.pile_of(seat)]:
        out += [Drop(card) for card in hand]
    out.append(Pass())
    return out


def _event_plays(d: PhyloData, seat: int, ev: Event, cells: dict[int, Slot]) -> list[Action]:
    if not isinstance(ev.effect, TARGETED):
        return [PlayEvent(ev.id)] if untargeted_ok(d, seat, ev) else []
    if not timing_ok(d, ev):
        return []
    leave = isinstance(ev.effect, DiscardTarget) and ev.effect.leave_terrain is not None
    out: list[Action] = []
    for c in event_targets(d, ev, cells):
        out.append(Play(ev.id, CELL_NAMES[c]))
        if leave:
            out.append(PlayLeaving(ev.id, CELL_NAMES[c]))
    return out


def legal(d: PhyloData, seat: int) -> list[Action]:
    """The legal actions of ``seat`` (who is to move), in a fixed order."""
    phase = d.phase
    if phase is Phase.ACT:
        return _act(d, seat)
    if phase is Phase.REACT:
        return react_actions(d)
    if phase is Phase.SPREAD:
        return [*(SpreadTo(CELL_NAMES[c]) for c in spread_candidates(d)), Done()]
    if phase is Phase.CONTEST:
        return [ThrowHand(t) for t in Throw] if not d.throws[seat] else []
    if phase is Phase.SEASICK:
        return [Discard(c) for c in sorted(set(d.hands[seat]))]
    if phase is Phase.RECOVER:
        pile = d.discards[d.discard_of(seat)]
        return [Recover(c) for c in sorted(set(pile)) if c in cards().species]
    if phase is Phase.CHALLENGE:
        return [Challenge(), Allow()]
    if phase is Phase.REMOVE:
        return remove_actions(d)
    return []


# -- transitions ------------------------------------------------------------------------------


def _cell(text: str) -> int:
    c = parse_cell(text)
    assert c is not None
    return c


def _play_species(d: PhyloData, seat: int, card: str, cell: int) -> PhyloData:
    t = tables()
    d = take_from_hand(d, seat, card)
    d = d.replace(actions_left=d.actions_left - 1)
    slot = d.cells().get(cell)
    where = CELL_NAMES[cell]
    if card in t.parasites:
        assert slot is not None
        d = put_slot(d, Slot(cell, slot.card, slot.owner, card, seat))
        d = log(d, f"P{seat + 1} played {name(card)} beneath {name(slot.card)} at {where}")
        return after_placement(d, cell, beneath=True)
    if slot is not None:  # INVASIVE, on top of a similar species
        d = log(
            remove_cell(d, cell),
            f"P{seat + 1}'s invasive {name(card)} discards "
            f"P{slot.owner + 1}'s {name(slot.card)} at {where}",
        )
    d = put_slot(d, Slot(cell, card, seat))
    d = log(d, f"P{seat + 1} played {name(card)} at {where}")
    return after_placement(d, cell)


def _move(d: PhyloData, seat: int, action: Move) -> PhyloData:
    src = _cell(action.cell)
    dest = ray(src, action.direction)[action.steps - 1]
    slot = d.cells()[src]
    board = [s for s in d.board if s.cell != src]
    d = d.replace(board=tuple(board))
    d = put_slot(d, Slot(dest, slot.card, slot.owner, slot.under, slot.under_owner))
    d = d.replace(
        actions_left=d.actions_left - 1,
        moved=(*d.moved, (slot.card, seat, action.steps)),
    )
    d = log(d, f"P{seat + 1} moved {name(slot.card)} from {action.cell} to {CELL_NAMES[dest]}")
    return after_placement(d, dest)


def _drop(d: PhyloData, seat: int, card: str) -> PhyloData:
    d = discard_cards(take_from_hand(d, seat, card), seat, (card,))
    d = log(d, f"P{seat + 1} dropped {name(card)} and picked up {DROP_PICKS}")
    d = draw(d, seat, DROP_PICKS)
    return resume(d.replace(actions_left=d.actions_left - 1))


def next_data(d: PhyloData, seat: int, action: Action) -> PhyloData:
    """The data after ``seat`` takes the legal ``action``."""
    if isinstance(action, Play):
        if action.card in cards().species:
            return _play_species(d, seat, action.card, _cell(action.cell))
        return play_event(d, seat, action.card, _cell(action.cell))
    if isinstance(action, PlayLeaving):
        return play_event(d, seat, action.card, _cell(action.cell), leave=True)
    if isinstance(action, PlayEvent):
        return play_event(d, seat, action.card)
    if isinstance(action, Move):
        return _move(d, seat, action)
    if isinstance(action, Drop):
        return _drop(d, seat, action.card)
    if isinstance(action, Pass):
        return finish_turn(log(d, f"P{seat + 1} passed"))
    if isinstance(action, Cancel):
        return cancel(d, action.card)
    if isinstance(action, Allow):
        return (
            resolve(d)
            if d.phase is Phase.REACT
            else resume(d.replace(placed=-1, placed_under=False))
        )
    if isinstance(action, Discard):
        return seasick_discard(d, action.card)
    if isinstance(action, Recover):
        return recover(d, action.card)
    if isinstance(action, SpreadTo):
        return spread_to(d, _cell(action.cell))
    if isinstance(action, ThrowHand):
        return contest_throw(d, seat, action.throw)
    if isinstance(action, Challenge):
        return call_bluff(d)
    if isinstance(action, Remove):
        return remove(d, _cell(action.cell))
    if isinstance(action, RemoveUnder):
        return remove(d, _cell(action.cell), beneath=True)
    if isinstance(action, Done):
        return spread_done(d) if d.phase is Phase.SPREAD else remove(d, None)
    raise AssertionError(f"unexpected action {action!r}")
