"""Event cards: playing them, the opponent's chance to cancel them, and their effects.

Rules doc sections: §Events, §Reactions, and the effect vocabulary of
:mod:`ecotone.games.phylo.cards`.

An event played as an action costs one of the 3 actions; a *start-of-turn* event is played
before the player's first action and costs none; a *reaction* is played only in answer to
an opponent's event. Right after an event is played, if it is played on one of the
opponent's species or otherwise against them, and a card that could cancel it may be in
their hand (judged from public information only: the discard piles and, in the
constructed-deck game, the deck lists), the opponent is asked whether to cancel it. Then
the event takes effect and is discarded, unless it stays on the table (Scientific
Insight, or Habitat Loss left as URBAN terrain).
"""

from __future__ import annotations

from functools import cache

from ecotone.core.actions import Action
from ecotone.games.phylo.actions import Allow, Cancel
from ecotone.games.phylo.board import (
    add_to_hand,
    describe_slot,
    discard_cards,
    log,
    name,
    put_slot,
    remove_cell,
    remove_under,
    replace_at,
    take_from_hand,
)
from ecotone.games.phylo.cards import (
    DiscardAll,
    DiscardChain,
    DiscardHalfHand,
    DiscardTarget,
    DrawBonus,
    Event,
    Negate,
    NegateScope,
    Recover,
    SkipTurn,
    Species,
    SpreadDiscard,
    Timing,
    cards,
)
from ecotone.games.phylo.grid import NEIGHBOURS, Slot, cell_name, tables
from ecotone.games.phylo.state import ACTIONS_PER_TURN, Pending, Phase, PhyloData, Throw
from ecotone.games.phylo.turns import finish_turn

__all__ = [
    "MAX_TIES",
    "TARGETED",
    "cancel",
    "chain_below",
    "contest_throw",
    "event_targets",
    "hits",
    "play_event",
    "react_actions",
    "recover",
    "resolve",
    "resume",
    "seasick_discard",
    "spread_candidates",
    "spread_done",
    "spread_to",
    "targetable",
    "timing_ok",
    "untargeted_ok",
]

# A tied rock-paper-scissors round is thrown again; after this many ties in a row the
# spreading stops (Ecotone: it keeps every game finite).
MAX_TIES = 10

TARGETED = (DiscardTarget, DiscardChain, SpreadDiscard)
_NOT_UNTARGETED = (*TARGETED, Negate)


def resume(d: PhyloData) -> PhyloData:
    """Back to the player to move's actions; their turn ends when none is left."""
    d = d.replace(phase=Phase.ACT, pending=None, spread_at=-1, throws=("", ""), ties=0)
    return finish_turn(d) if d.actions_left <= 0 else d


# -- where and when -------------------------------------------------------------------------


def targetable(ev: Event, sp: Species) -> bool:
    """Whether ``ev`` may be played on ``sp`` (its terrain, scale or food-chain filter)."""
    eff = ev.effect
    if isinstance(eff, DiscardTarget):
        terrain_ok = not eff.terrains or bool(set(sp.terrains) & set(eff.terrains))
        return terrain_ok and sp.scale >= eff.min_scale
    if isinstance(eff, DiscardChain):
        return sp.food_chain <= eff.max_food_chain
    return isinstance(eff, SpreadDiscard)


@cache
def _target_table() -> dict[str, frozenset[str]]:
    cs = cards()
    return {
        ev.id: frozenset(sp.id for sp in cs.species.values() if targetable(ev, sp))
        for ev in cs.events.values()
        if isinstance(ev.effect, TARGETED)
    }


def event_targets(d: PhyloData, ev: Event, cells: dict[int, Slot]) -> list[int]:
    """The cells holding a species ``ev`` may be played on (empty for other events)."""
    valid = _target_table().get(ev.id)
    if not valid or (d.spread_used and isinstance(ev.effect, SpreadDiscard)):
        return []
    return [c for c in sorted(cells) if cells[c].card in valid]


def timing_ok(d: PhyloData, ev: Event) -> bool:
    """An action event any time; a start-of-turn event before the first action."""
    if ev.timing is Timing.REACTION:
        return False
    if ev.timing is Timing.START_OF_TURN:
        return d.actions_left == ACTIONS_PER_TURN
    return True


def untargeted_ok(d: PhyloData, seat: int, ev: Event) -> bool:
    """Whether ``ev`` (played on no species) may be played now by ``seat``."""
    if isinstance(ev.effect, _NOT_UNTARGETED) or not timing_ok(d, ev):
        return False
    if isinstance(ev.effect, Recover):
        return any(c in cards().species for c in d.discards[d.discard_of(seat)])
    return True


# -- playing and cancelling --------------------------------------------------------------------


def play_event(
    d: PhyloData, seat: int, card: str, cell: int = -1, leave: bool = False
) -> PhyloData:
    """``seat`` plays event ``card`` (on the species at ``cell``, if any)."""
    ev = cards().events[card]
    d = take_from_hand(d, seat, card)
    cost = 1 if ev.timing is Timing.ACTION else 0
    d = d.replace(
        actions_left=d.actions_left - cost,
        events_this_turn=d.events_this_turn + 1,
        pending=Pending(card, seat, cell, leave),
        # once per game: played is played, even if the opponent cancels it
        spread_used=d.spread_used or isinstance(ev.effect, SpreadDiscard),
    )
    where = f" on {describe_slot(d.cells()[cell])}" if cell >= 0 else ""
    d = log(d, f"P{seat + 1} played {name(card)}{where}")
    if _reaction_possible(d):
        return d.replace(phase=Phase.REACT)
    return resolve(d)


def hits(d: PhyloData) -> set[NegateScope]:
    """How the pending event strikes the opponent of its player: which negations answer it."""
    p = d.pending
    assert p is not None
    victim = 1 - p.player
    eff = cards().events[p.card].effect
    cells = d.cells()
    out: set[NegateScope] = set()
    if p.cell >= 0:
        if cells[p.cell].owner == victim:
            out |= {NegateScope.ON_OWN_SPECIES, NegateScope.AGAINST_YOU}
        if isinstance(eff, DiscardChain) and any(
            cells[c].owner == victim for c in chain_below(cells, p.cell)
        ):
            out.add(NegateScope.AGAINST_YOU)
    elif _strikes(d, victim, cells):
        out.add(NegateScope.AGAINST_YOU)
    return out


def _strikes(d: PhyloData, victim: int, cells: dict[int, Slot]) -> bool:
    """Whether the pending event, played on no species, harms ``victim``."""
    assert d.pending is not None
    eff = cards().events[d.pending.card].effect
    if isinstance(eff, SkipTurn):
        return True
    if isinstance(eff, DiscardHalfHand):
        return len(d.hands[victim]) >= 2
    if isinstance(eff, DiscardAll):
        return any(_owner(cells[c], b) == victim for c, b in _with_keyword(cells, eff))
    return False


def _negaters(scopes: set[NegateScope]) -> list[str]:
    return sorted(
        e.id
        for e in cards().events.values()
        if isinstance(e.effect, Negate) and e.effect.scope in scopes
    )


def _could_hold(d: PhyloData, victim: int, card: str) -> bool:
    # Public reasoning only: where the card might be, not where it is.
    if d.decks:
        return card in d.piles[victim] or card in d.hands[victim]
    return card in d.piles[0] or card in d.hands[0] or card in d.hands[1]


def _reaction_possible(d: PhyloData) -> bool:
    assert d.pending is not None
    victim = 1 - d.pending.player
    if not d.hands[victim]:
        return False
    return any(_could_hold(d, victim, c) for c in _negaters(hits(d)))


def react_actions(d: PhyloData) -> list[Action]:
    """The opponent's choices when asked: cancel with a card that negates it, or allow."""
    assert d.pending is not None
    hand = d.hands[1 - d.pending.player]
    out: list[Action] = [Cancel(c) for c in _negaters(hits(d)) if c in hand]
    out.append(Allow())
    return out


def cancel(d: PhyloData, card: str) -> PhyloData:
    """The opponent negates the pending event with ``card``: both are discarded."""
    p = d.pending
    assert p is not None
    victim = 1 - p.player
    d = take_from_hand(d, victim, card)
    d = discard_cards(d, p.player, (p.card,))
    d = discard_cards(d, victim, (card,))
    d = log(d, f"P{victim + 1} cancelled {name(p.card)} with {name(card)}")
    return resume(d)


# -- effects -------------------------------------------------------------------------------


def _owner(slot: Slot, beneath: bool) -> int:
    return slot.under_owner if beneath else slot.owner


def _with_keyword(cells: dict[int, Slot], eff: DiscardAll) -> list[tuple[int, bool]]:
    species = cards().species
    out = []
    for c in sorted(cells):
        slot = cells[c]
        top = species.get(slot.card)
        if top is not None and eff.keyword in top.keywords:
            out.append((c, False))
        elif slot.under is not None and eff.keyword in species[slot.under].keywords:
            out.append((c, True))
    return out


def chain_below(cells: dict[int, Slot], start: int) -> list[int]:
    """``start`` and every card below it on its food chain: what it feeds on, recursively."""
    links = tables().links
    out = [start]
    seen = {start}
    stack = [start]
    while stack:
        c = stack.pop()
        food = links.get(cells[c].card, frozenset())
        for n in NEIGHBOURS[c]:
            if n not in seen and n in cells and cells[n].card in food:
                seen.add(n)
                out.append(n)
                stack.append(n)
    return out


def _discard_cells(d: PhyloData, cells: list[int], why: str) -> PhyloData:
    for c in cells:
        slot = d.cells()[c]
        d = log(remove_cell(d, c), f"{describe_slot(slot)} is discarded ({why})")
    return d


def _done(d: PhyloData) -> PhyloData:
    """The pending event has taken effect: discard it and go back to the turn."""
    p = d.pending
    assert p is not None
    return resume(discard_cards(d, p.player, (p.card,)))


def resolve(d: PhyloData) -> PhyloData:
    """The pending event takes effect (nobody cancelled it)."""
    p = d.pending
    assert p is not None
    ev = cards().events[p.card]
    eff = ev.effect
    victim = 1 - p.player
    if isinstance(eff, DiscardTarget):
        d = _discard_cells(d, [p.cell], ev.name)
        if p.leave:
            d = put_slot(d, Slot(p.cell, p.card, p.player))
            d = log(d, f"{name(p.card)} stays at {cell_name(p.cell)}: the place is now URBAN")
            return resume(d)
        return _done(d)
    if isinstance(eff, DiscardChain):
        return _done(_discard_cells(d, chain_below(d.cells(), p.cell), ev.name))
    if isinstance(eff, SpreadDiscard):
        d = _discard_cells(d, [p.cell], ev.name)
        return _spread_from(d, p.cell)
    if isinstance(eff, SkipTurn):
        skips = replace_at(d.skips, victim, d.skips[victim] + 1)
        return _done(log(d.replace(skips=skips), f"P{victim + 1} will miss their next turn"))
    if isinstance(eff, DiscardHalfHand):
        owed = len(d.hands[victim]) // 2
        if owed == 0:
            return _done(d)
        return d.replace(phase=Phase.SEASICK, owed=owed)
    if isinstance(eff, DiscardAll):
        for c, beneath in _with_keyword(d.cells(), eff):
            slot = d.cells()[c]
            what = describe_slot(slot, beneath)
            d = remove_under(d, c) if beneath else remove_cell(d, c)
            d = log(d, f"{what} is discarded ({ev.name})")
        return _done(d)
    if isinstance(eff, Recover):
        return d.replace(phase=Phase.RECOVER)
    assert isinstance(eff, DrawBonus)
    in_play = replace_at(d.in_play, p.player, (*d.in_play[p.player], p.card))
    d = log(d.replace(in_play=in_play), f"{name(p.card)} stays in front of P{p.player + 1}")
    return resume(d)


# -- the steps some effects need -------------------------------------------------------------


def seasick_discard(d: PhyloData, card: str) -> PhyloData:
    """The victim of Darwin Gets Seasick discards ``card``."""
    assert d.pending is not None
    victim = 1 - d.pending.player
    d = discard_cards(take_from_hand(d, victim, card), victim, (card,))
    d = log(d.replace(owed=d.owed - 1), f"P{victim + 1} discarded {name(card)}")
    return _done(d) if d.owed == 0 else d


def recover(d: PhyloData, card: str) -> PhyloData:
    """Increase Biodiversity: the player takes ``card`` from their discard pile."""
    assert d.pending is not None
    seat = d.pending.player
    i = d.discard_of(seat)
    pile = d.discards[i]
    j = pile.index(card)
    d = d.replace(discards=replace_at(d.discards, i, pile[:j] + pile[j + 1 :]))
    d = add_to_hand(d, seat, (card,), seen=True)
    return _done(log(d, f"P{seat + 1} took {name(card)} back from the discard pile"))


def spread_candidates(d: PhyloData) -> list[int]:
    """The species next to the cell Climate Change has reached."""
    cells = d.cells()
    species = cards().species
    return sorted(n for n in NEIGHBOURS[d.spread_at] if n in cells and cells[n].card in species)


def _spread_from(d: PhyloData, cell: int) -> PhyloData:
    d = d.replace(spread_at=cell)
    if not spread_candidates(d):
        return _done(d)
    return d.replace(phase=Phase.SPREAD)


def spread_to(d: PhyloData, cell: int) -> PhyloData:
    """Climate Change's player points it at the species in ``cell``: the contest begins."""
    d = log(d, f"Climate Change threatens {describe_slot(d.cells()[cell])}")
    return d.replace(phase=Phase.CONTEST, spread_at=cell, throws=("", ""), ties=0)


def spread_done(d: PhyloData) -> PhyloData:
    """Climate Change's player stops it."""
    return _done(d)


def contest_throw(d: PhyloData, seat: int, throw: Throw) -> PhyloData:
    """A throw; once both are in, the contest is decided."""
    d = d.replace(throws=replace_at(d.throws, seat, throw.value))
    if "" in d.throws:
        return d
    assert d.pending is not None
    player = d.pending.player
    mine, theirs = Throw(d.throws[player]), Throw(d.throws[1 - player])
    shown = f"P{player + 1} {mine}, P{2 - player} {theirs}"
    if mine is theirs:
        d = d.replace(ties=d.ties + 1, throws=("", ""))
        if d.ties >= MAX_TIES:
            return _done(log(d, f"{shown}: {MAX_TIES} ties in a row, Climate Change stops"))
        return log(d, f"{shown}: a tie, throw again")
    if mine.beats(theirs):
        d = log(d, f"{shown}: P{player + 1} wins")
        d = _discard_cells(d, [d.spread_at], "Climate Change")
        return _spread_from(d.replace(throws=("", ""), ties=0), d.spread_at)
    return _done(log(d, f"{shown}: P{2 - player} wins, Climate Change stops"))
