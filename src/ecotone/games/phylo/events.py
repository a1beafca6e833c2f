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

Whether an event may be played is :func:`event_problem` (what the card and the moment
allow) and :func:`target_problem` (the species it is played on); each step of an event's
effect that waits for a decision has its own check (:func:`cancel_problem`,
:func:`spread_problem`, :func:`recover_problem`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ecotone.core.actions import Action
from ecotone.core.tuples import put, replace, seat_name, without
from ecotone.games.phylo.actions import Allow, Cancel, Play, PlayEvent, PlayLeaving
from ecotone.games.phylo.board import CELL_NAMES, NEIGHBOURS, cell_name
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
    name,
)
from ecotone.games.phylo.compatibility import tables
from ecotone.games.phylo.refusals import PhyloRefusal, Problem
from ecotone.games.phylo.state import ACTIONS_PER_TURN, Pending, Phase, PhyloData, Slot, Throw
from ecotone.games.phylo.turns import finish_turn
from ecotone.games.phylo.zones import (
    add_to_hand,
    describe_slot,
    discard_cards,
    log,
    put_slot,
    remove_cell,
    remove_under,
    take_from_hand,
)

__all__ = [
    "MAX_TIES",
    "TARGETED",
    "cancel",
    "cancel_problem",
    "chain_below",
    "contest_throw",
    "event_plays",
    "event_problem",
    "hits",
    "play_event",
    "played_on",
    "react_actions",
    "recover",
    "recover_problem",
    "resolve",
    "resume",
    "seasick_discard",
    "spread_candidates",
    "spread_done",
    "spread_problem",
    "spread_to",
    "strikes",
    "target_problem",
    "targetable",
    "targets",
    "timing_ok",
    "why_no_target",
]

# A tied rock-paper-scissors round is thrown again; after this many ties in a row the
# spreading stops (Ecotone: it keeps every game finite).
MAX_TIES: Final = 10

TARGETED: Final = (DiscardTarget, DiscardChain, SpreadDiscard)


def resume(d: PhyloData) -> PhyloData:
    """Back to the player to move's actions; their turn ends when none is left."""
    # After a species placed or a card dropped nothing of an event is left to clear: the
    # record stays as it is, rather than copied field by field to the same values.
    if not (
        d.phase is _ACT
        and d.pending is None
        and d.spread_at == -1
        and d.ties == 0
        and d.throws == _NO_THROWS
    ):
        d = replace(d, phase=_ACT, pending=None, spread_at=-1, throws=_NO_THROWS, ties=0)
    return finish_turn(d) if d.actions_left <= 0 else d


_NO_THROWS: Final = ("", "")


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


def event_problem(d: PhyloData, seat: int, ev: Event, *, on: bool, leave: bool) -> Problem | None:
    """Why ``seat`` may not play event ``ev`` now, played on a species (``on``, left on
    the table as URBAN terrain with ``leave``) or on none; ``None`` if they may, given a
    species to play it on (:func:`target_problem`).

    In order: a reaction answers an event and is never played alone; a start-of-turn event
    comes before the turn's first action; an event is played on a species exactly when its
    effect strikes one; Increase Biodiversity needs a species card in its player's discard
    pile to take back; only Habitat Loss may stay as URBAN terrain; Climate Change is
    played once per game.
    """
    return (
        _reaction_problem(ev)
        or _timing_problem(d, ev)
        or _form_problem(ev, on)
        or _discards_problem(d, seat, ev)
        or _leave_problem(ev, leave)
        or _once_problem(d, ev)
    )


def _reaction_problem(ev: Event) -> Problem | None:
    """A reaction (a negation) is played only in answer to an event (§Reactions)."""
    if ev.timing is Timing.REACTION or isinstance(ev.effect, Negate):
        return Problem(
            PhyloRefusal.REACTION_ONLY,
            lambda: f"{name(ev.id)} is played only in answer to an event: {ev.text}",
        )
    return None


def _timing_problem(d: PhyloData, ev: Event) -> Problem | None:
    """A start-of-turn event comes before the turn's first action (:func:`timing_ok`)."""
    if timing_ok(d, ev):
        return None
    return Problem(
        PhyloRefusal.START_OF_TURN_ONLY,
        lambda: f"{name(ev.id)} is played at the start of your turn, before your first action",
    )


def _form_problem(ev: Event, on: bool) -> Problem | None:
    """An event is played on a species exactly when its effect strikes one."""
    targeted = isinstance(ev.effect, TARGETED)
    if on == targeted:
        return None
    if targeted:
        return Problem(
            PhyloRefusal.NEEDS_TARGET,
            lambda: f"{name(ev.id)} is played on a species: play {ev.id} at <cell>",
        )
    return Problem(
        PhyloRefusal.TAKES_NO_TARGET,
        lambda: f"{name(ev.id)} is not played on a species: play {ev.id}",
    )


def _discards_problem(d: PhyloData, seat: int, ev: Event) -> Problem | None:
    """Increase Biodiversity needs a species card in its player's discard pile."""
    if ev.id not in _RECOVERING:
        return None
    species = cards().species
    if any(c in species for c in d.discards[d.discard_of(seat)]):
        return None
    return Problem(
        PhyloRefusal.NOTHING_TO_RECOVER,
        lambda: "there is no species card in your discard pile to take back",
    )


def _leave_problem(ev: Event, leave: bool) -> Problem | None:
    """Only Habitat Loss may stay on the table as URBAN terrain."""
    eff = ev.effect
    if not leave or (isinstance(eff, DiscardTarget) and eff.leave_terrain is not None):
        return None
    return Problem(
        PhyloRefusal.CANNOT_LEAVE,
        lambda: f"{name(ev.id)} cannot stay on the table as URBAN terrain",
    )


def _once_problem(d: PhyloData, ev: Event) -> Problem | None:
    """Climate Change may be played once per game."""
    if not (d.spread_used and ev.id in _SPREADING):
        return None
    return Problem(
        PhyloRefusal.ONCE_PER_GAME,
        lambda: "Climate Change may be played once per game; it has been",
    )


def targets(ev: Event) -> frozenset[str]:
    """The species the event ``ev`` may be played on (:func:`targetable`; none for an
    event played on no species)."""
    return _TARGETS.get(ev.id, frozenset())


def strikes(ev: Event, slot: Slot | None) -> bool:
    """Whether the event ``ev`` may be played on the card of ``slot``: one of its
    :func:`targets`."""
    return slot is not None and slot.card in targets(ev)


def target_problem(cells: Mapping[int, Slot], ev: Event, cell: int) -> Problem | None:
    """Why the event ``ev``, which is played on a species, may not be played on the card
    at ``cell``, or ``None`` if it may (:func:`strikes`)."""
    slot = cells.get(cell)
    if strikes(ev, slot):
        return None
    sp = cards().species.get(slot.card) if slot is not None else None
    if sp is None:
        return Problem(
            PhyloRefusal.NO_TARGET,
            lambda: f"there is no species at {cell_name(cell)} to play {name(ev.id)} on",
        )
    return Problem(PhyloRefusal.BAD_TARGET, lambda: _why_spared(ev, sp))


def why_no_target(ev: Event) -> str:
    """Why the event ``ev``, played on a species, cannot be played at all: the table holds
    none (where :func:`target_problem` says it of one cell)."""
    return f"there is no species on the table to play {name(ev.id)} on"


def _why_spared(ev: Event, sp: Species) -> str:
    eff = ev.effect
    if isinstance(eff, DiscardTarget):
        if eff.terrains and not set(sp.terrains) & set(eff.terrains):
            wanted = " or ".join(t.value for t in eff.terrains)
            has = "/".join(t.value for t in sp.terrains)
            return f"{name(ev.id)} is played on a {wanted} species; {sp.name} lives in {has}"
        return (
            f"{name(ev.id)} is played on a species of scale {eff.min_scale} or more; "
            f"{sp.name} is scale {sp.scale}"
        )
    assert isinstance(eff, DiscardChain)
    return (
        f"{name(ev.id)} is played on a species of food chain {eff.max_food_chain} or less; "
        f"{sp.name} is FC{sp.food_chain}"
    )


def event_plays(
    d: PhyloData, seat: int, ev: Event, cells: Mapping[int, Slot], out: list[Action] | None
) -> list[int]:
    """The legal plays of event ``ev`` from ``seat``'s hand (on each species it strikes),
    listed into ``out``; or, without it (``None``), returned by where they are played, for
    a random playout to count them and make only the play it draws (:func:`played_on`):
    the cell of each species the event strikes (twice for an event that may also be left
    on the table as URBAN terrain: played on it, then left there), or ``-1`` for an event
    played on no species.

    The checks of :func:`event_problem` that only read the card were asked once for every
    event (the forms each may be played in); the ones that read the game are asked here.
    """
    card = ev.id
    # (timing_ok asked of the start-of-turn events only: a reaction is in neither form
    # below, and an action event may be played any time)
    if card in _AT_START and not timing_ok(d, ev):
        return _NOWHERE
    # (the rules of a few events, asked of those events only)
    if card in _ALONE:
        if card in _RECOVERING and _discards_problem(d, seat, ev) is not None:
            return _NOWHERE
        if out is None:
            return _ON_NO_SPECIES
        out.append(PlayEvent(card))
        return _NOWHERE
    if card not in _ON or (card in _SPREADING and _once_problem(d, ev) is not None):
        return _NOWHERE
    leave = card in _LEFT
    prey = _TARGETS[card]  # targets(ev): it is played on a species
    at: list[int] = []
    for slot in d.board:  # in cell order, as ``cells`` holds it
        if slot.card in prey:  # the event strikes it
            cell = slot.cell
            if out is None:
                at.append(cell)
                if leave:
                    at.append(cell)
            else:
                out.append(Play(card, CELL_NAMES[cell]))
                if leave:
                    out.append(PlayLeaving(card, CELL_NAMES[cell]))
    return at


def played_on(card: str, cell: int, place: int) -> Action:
    """The play of event ``card`` that :func:`event_plays` gives as ``cell`` at ``place``
    of its places: on no species (``-1``); on the species at ``cell``; or, the second of
    the two places of each cell for an event that may be left on the table, left there."""
    if cell < 0:
        return PlayEvent(card)
    if place % 2 and card in _LEFT:
        return PlayLeaving(card, CELL_NAMES[cell])
    return Play(card, CELL_NAMES[cell])


# What event_plays gives for an event that cannot be played now, and for one played on no
# species (shared: read only).
_NOWHERE: Final[list[int]] = []
_ON_NO_SPECIES: Final[list[int]] = [-1]


def timing_ok(d: PhyloData, ev: Event) -> bool:
    """An action event any time; a start-of-turn event before the first action."""
    timing = ev.timing
    if timing is _REACTION:
        return False
    if timing is _START_OF_TURN:
        return d.actions_left == ACTIONS_PER_TURN
    return True


# Read once: in Python 3.11 reading an enum's member through its class passes through the
# enum metaclass's ``__getattr__`` hook (see ecotone.games.phylo.rules), and the legal
# actions ask the timing of every event in hand.
_REACTION: Final = Timing.REACTION
_START_OF_TURN: Final = Timing.START_OF_TURN
_ACTION: Final = Timing.ACTION
_AT_START: Final = frozenset(e.id for e in cards().events.values() if e.timing is _START_OF_TURN)
_ACT: Final = Phase.ACT


# -- playing and cancelling --------------------------------------------------------------------


def play_event(
    d: PhyloData, seat: int, card: str, cell: int = -1, leave: bool = False
) -> PhyloData:
    """``seat`` plays event ``card`` (on the species at ``cell``, if any)."""
    ev = cards().events[card]
    d = take_from_hand(d, seat, card)
    cost = 1 if ev.timing is _ACTION else 0
    d = replace(
        d,
        actions_left=d.actions_left - cost,
        events_this_turn=d.events_this_turn + 1,
        pending=Pending(card, seat, cell, leave),
        # once per game: played is played, even if the opponent cancels it
        spread_used=d.spread_used or isinstance(ev.effect, SpreadDiscard),
    )
    where = f" on {describe_slot(d.cells()[cell])}" if cell >= 0 else ""
    d = log(d, f"{seat_name(seat)} played {name(card)}{where}")
    if _reaction_possible(d):
        return replace(d, phase=Phase.REACT)
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


def _strikes(d: PhyloData, victim: int, cells: Mapping[int, Slot]) -> bool:
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
    """The negating events, in id order, that answer an event striking in ``scopes``."""
    return [card for card, scope in _NEGATE_SCOPES if scope in scopes]


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


def cancel_problem(d: PhyloData, card: str) -> Problem | None:
    """Why ``card`` (in the victim's hand) cannot cancel the pending event, or ``None``: it
    must negate the event the way it strikes them (:func:`hits`)."""
    p = d.pending
    assert p is not None
    ev = cards().events.get(card)
    if ev is not None and isinstance(ev.effect, Negate) and ev.effect.scope in hits(d):
        return None
    text = ev.text if ev is not None else "it is a species, not an event"
    return Problem(
        PhyloRefusal.CANNOT_CANCEL, lambda: f"{name(card)} cannot cancel {name(p.card)}: {text}"
    )


def react_actions(d: PhyloData) -> list[Action]:
    """The opponent's choices when asked: cancel with a card that negates it, or allow."""
    assert d.pending is not None
    hand = d.hands[1 - d.pending.player]
    # (only a card that negates may cancel: cancel_problem is asked of those alone)
    candidates = sorted(_NEGATING.intersection(hand))
    out: list[Action] = [Cancel(c) for c in candidates if cancel_problem(d, c) is None]
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
    d = log(d, f"{seat_name(victim)} cancelled {name(p.card)} with {name(card)}")
    return resume(d)


# -- effects -------------------------------------------------------------------------------


def _owner(slot: Slot, beneath: bool) -> int:
    return slot.under_owner if beneath else slot.owner


def _with_keyword(cells: Mapping[int, Slot], eff: DiscardAll) -> list[tuple[int, bool]]:
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


def chain_below(cells: Mapping[int, Slot], start: int) -> list[int]:
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
        skips = put(d.skips, victim, d.skips[victim] + 1)
        return _done(log(replace(d, skips=skips), f"{seat_name(victim)} will miss their next turn"))
    if isinstance(eff, DiscardHalfHand):
        owed = len(d.hands[victim]) // 2
        if owed == 0:
            return _done(d)
        return replace(d, phase=Phase.SEASICK, owed=owed)
    if isinstance(eff, DiscardAll):
        for c, beneath in _with_keyword(d.cells(), eff):
            slot = d.cells()[c]
            what = describe_slot(slot, beneath)
            d = remove_under(d, c) if beneath else remove_cell(d, c)
            d = log(d, f"{what} is discarded ({ev.name})")
        return _done(d)
    if isinstance(eff, Recover):
        return replace(d, phase=Phase.RECOVER)
    assert isinstance(eff, DrawBonus)
    in_play = put(d.in_play, p.player, (*d.in_play[p.player], p.card))
    d = log(replace(d, in_play=in_play), f"{name(p.card)} stays in front of {seat_name(p.player)}")
    return resume(d)


# -- the steps some effects need -------------------------------------------------------------


def seasick_discard(d: PhyloData, card: str) -> PhyloData:
    """The victim of Darwin Gets Seasick discards ``card``."""
    assert d.pending is not None
    victim = 1 - d.pending.player
    d = discard_cards(take_from_hand(d, victim, card), victim, (card,))
    d = log(replace(d, owed=d.owed - 1), f"{seat_name(victim)} discarded {name(card)}")
    return _done(d) if d.owed == 0 else d


def recover_problem(d: PhyloData, seat: int, card: str) -> Problem | None:
    """Increase Biodiversity takes back a species card from its player's discard pile."""
    if card not in cards().species:
        return Problem(PhyloRefusal.NOT_A_SPECIES, lambda: f"{name(card)} is not a species card")
    if card not in d.discards[d.discard_of(seat)]:
        return Problem(
            PhyloRefusal.NOT_IN_DISCARD, lambda: f"{name(card)} is not in your discard pile"
        )
    return None


def recover(d: PhyloData, card: str) -> PhyloData:
    """Increase Biodiversity: the player takes ``card`` from their discard pile."""
    assert d.pending is not None
    seat = d.pending.player
    i = d.discard_of(seat)
    pile = d.discards[i]
    d = replace(d, discards=put(d.discards, i, without(pile, card)))
    d = add_to_hand(d, seat, (card,), seen=True)
    return _done(log(d, f"{seat_name(seat)} took {name(card)} back from the discard pile"))


def spread_problem(d: PhyloData, cells: Mapping[int, Slot], cell: int) -> Problem | None:
    """Climate Change spreads only to a species next to the cell it has reached."""
    slot = cells.get(cell)
    if cell in NEIGHBOURS[d.spread_at] and slot is not None and slot.card in cards().species:
        return None
    return Problem(
        PhyloRefusal.NOT_NEXT_TO_SPREAD,
        lambda: (
            "Climate Change spreads only to a species next to it: "
            + ", ".join(cell_name(c) for c in spread_candidates(d))
        ),
    )


def spread_candidates(d: PhyloData) -> list[int]:
    """The species next to the cell Climate Change has reached."""
    cells = d.cells()
    return [n for n in sorted(NEIGHBOURS[d.spread_at]) if spread_problem(d, cells, n) is None]


def _spread_from(d: PhyloData, cell: int) -> PhyloData:
    d = replace(d, spread_at=cell)
    if not spread_candidates(d):
        return _done(d)
    return replace(d, phase=Phase.SPREAD)


def spread_to(d: PhyloData, cell: int) -> PhyloData:
    """Climate Change's player points it at the species in ``cell``: the contest begins."""
    d = log(d, f"Climate Change threatens {describe_slot(d.cells()[cell])}")
    return replace(d, phase=Phase.CONTEST, spread_at=cell, throws=("", ""), ties=0)


def spread_done(d: PhyloData) -> PhyloData:
    """Climate Change's player stops it."""
    return _done(d)


def contest_throw(d: PhyloData, seat: int, throw: Throw) -> PhyloData:
    """A throw; once both are in, the contest is decided."""
    d = replace(d, throws=put(d.throws, seat, throw.value))
    if "" in d.throws:
        return d
    assert d.pending is not None
    player = d.pending.player
    mine, theirs = Throw(d.throws[player]), Throw(d.throws[1 - player])
    shown = f"{seat_name(player)} {mine}, {seat_name(1 - player)} {theirs}"
    if mine is theirs:
        d = replace(d, ties=d.ties + 1, throws=("", ""))
        if d.ties >= MAX_TIES:
            return _done(log(d, f"{shown}: {MAX_TIES} ties in a row, Climate Change stops"))
        return log(d, f"{shown}: a tie, throw again")
    if mine.beats(theirs):
        d = log(d, f"{shown}: {seat_name(player)} wins")
        d = _discard_cells(d, [d.spread_at], "Climate Change")
        return _spread_from(replace(d, throws=("", ""), ties=0), d.spread_at)
    return _done(log(d, f"{shown}: {seat_name(1 - player)} wins, Climate Change stops"))


# The forms each event may be played in, as far as the card alone says (the checks of
# event_problem that read nothing of the game, asked once): on no species, on a species,
# on a species and left on the table.
_ALONE: Final = frozenset(
    e.id
    for e in cards().events.values()
    if not (_reaction_problem(e) or _form_problem(e, on=False))
)
_ON: Final = frozenset(
    e.id for e in cards().events.values() if not (_reaction_problem(e) or _form_problem(e, on=True))
)
_LEFT: Final = frozenset(e for e in _ON if _leave_problem(cards().events[e], leave=True) is None)
# The events that take back a species, that negate and the one that spreads, told by their
# effects once (the legal actions ask of every event in hand).
_RECOVERING: Final = frozenset(
    e.id for e in cards().events.values() if isinstance(e.effect, Recover)
)
_NEGATING: Final = frozenset(e.id for e in cards().events.values() if isinstance(e.effect, Negate))
# Each negating event with the way of striking it answers, in id order (asked of every
# event played).
_NEGATE_SCOPES: Final = [
    (e.id, e.effect.scope)
    for e in sorted(cards().events.values(), key=lambda e: e.id)
    if isinstance(e.effect, Negate)
]
_SPREADING: Final = frozenset(
    e.id for e in cards().events.values() if isinstance(e.effect, SpreadDiscard)
)
# For each event played on a species, the species it may strike (targetable, asked once).
_TARGETS: Final = {
    ev.id: frozenset(sp.id for sp in cards().species.values() if targetable(ev, sp))
    for ev in cards().events.values()
    if isinstance(ev.effect, TARGETED)
}
