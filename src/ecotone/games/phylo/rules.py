"""Set-up, whose decision it is, the legal actions, what each action does, and why one is
refused.

Rules doc sections: §Set-up, §A turn (the four actions), with species placed by
:mod:`.placement`, moved by :mod:`.movement`, events in :mod:`.events`, the turn cycle in
:mod:`.turns` and the challenge in :mod:`.challenge`.

Every rule is one check in those modules, returning the rule an action breaks or ``None``
(a :class:`~ecotone.games.phylo.refusals.Problem`). :func:`legal` keeps the actions the
checks let pass, from candidates found quickly (a species only next to a card it may stand
beside, an event only on the table's cards, a move only along a clear straight line);
:func:`refusal` asks the same checks about one action, in the order a player would be told.
Where a rule module works a rule out for many actions at once to keep the legal actions
fast (an ordinary species' cells, a card's moves), it says so, and
``tests/games/phylo/test_refusals.py`` checks the two answers agree.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Set as AbstractSet
from itertools import accumulate
from typing import Final

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.rng import below, shuffle
from ecotone.core.tuples import counted, replace, seat_name
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
from ecotone.games.phylo.board import CELL_INDEX, CELL_NAMES, Direction, parse_cell, ray
from ecotone.games.phylo.cards import cards, name
from ecotone.games.phylo.challenge import (
    after_placement,
    call_bluff,
    remove,
    remove_actions,
    remove_problem,
)
from ecotone.games.phylo.compatibility import grown, tables
from ecotone.games.phylo.events import (
    cancel,
    cancel_problem,
    contest_throw,
    event_plays,
    event_problem,
    play_event,
    played_on,
    react_actions,
    recover,
    recover_problem,
    resolve,
    resume,
    seasick_discard,
    spread_candidates,
    spread_done,
    spread_problem,
    spread_to,
    target_problem,
)
from ecotone.games.phylo.movement import grown_movers, move_problem, moves
from ecotone.games.phylo.placement import (
    ordinary_spots,
    species_cells,
    species_problem,
)
from ecotone.games.phylo.refusals import PhyloRefusal, Problem
from ecotone.games.phylo.state import Phase, PhyloData, Slot, Throw, table
from ecotone.games.phylo.turns import begin_turn, finish_turn
from ecotone.games.phylo.zones import (
    board_with,
    discarded,
    hands_without,
    log,
    logged,
    picked_up,
    put_slot,
    remove_cell,
    take_from_hand,
)

__all__ = [
    "DROP_PICKS",
    "HAND_SIZE",
    "chosen",
    "hand_problem",
    "legal",
    "next_data",
    "pick",
    "pile_problem",
    "refusal",
    "setup",
    "to_move",
]

DROP_PICKS: Final = 3
HAND_SIZE: Final = 5


def setup(
    rnd: random.Random, decks: tuple[tuple[str, ...], ...] | None, challenge: bool
) -> PhyloData:
    """Shuffle the shared pile (``decks=None``) or each player's deck, deal 5 cards each.

    Who goes first is decided by rock-paper-scissors (rulebook): here by the seed.
    """
    if decks is None:
        pile = list(cards().pile)
        shuffle(rnd, pile)
        hands: tuple[tuple[str, ...], ...] = (
            tuple(sorted(pile[-1:-11:-2])),
            tuple(sorted(pile[-2:-11:-2])),
        )
        piles: tuple[tuple[str, ...], ...] = (tuple(pile[:-10]),)
        discards: tuple[tuple[str, ...], ...] = ((),)
    else:
        shuffled = []
        for deck in decks:
            cards_ = list(deck)
            shuffle(rnd, cards_)
            shuffled.append(cards_)
        hands = tuple(tuple(sorted(c[-HAND_SIZE:])) for c in shuffled)
        piles = tuple(tuple(c[:-HAND_SIZE]) for c in shuffled)
        discards = ((), ())
    first = below(rnd, 2)
    d = PhyloData(piles=piles, hands=hands, discards=discards, turn=first)
    d = replace(d, challenge_rule=challenge)
    d = log(d, f"{seat_name(first)} won rock-paper-scissors and goes first")
    return begin_turn(d)


# The phases as the hot paths compare them, read once: in Python 3.11 reading an enum's
# member through its class (``Phase.ACT``) passes through the enum metaclass's
# ``__getattr__`` hook, several times the cost of reading a global (about a thousand
# machine instructions a read, and every step reads a few).
_ACT: Final = Phase.ACT
_REACT: Final = Phase.REACT
_SPREAD: Final = Phase.SPREAD
_CONTEST: Final = Phase.CONTEST
_SEASICK: Final = Phase.SEASICK
_RECOVER: Final = Phase.RECOVER
_CHALLENGE: Final = Phase.CHALLENGE
_REMOVE: Final = Phase.REMOVE
_OVER: Final = Phase.OVER


def to_move(d: PhyloData) -> tuple[int, ...]:
    """The seats that decide now (both at a rock-paper-scissors throw)."""
    phase = d.phase
    if phase is _ACT:
        return (d.turn,)
    if phase is _OVER:
        return ()
    if phase is _REACT or phase is _SEASICK:
        return (1 - d.turn,)
    if phase is _CHALLENGE:
        return (1 - d.turn,)
    if phase is _REMOVE:
        return (d.remover,)
    if phase is _CONTEST:
        return tuple(s for s in (0, 1) if not d.throws[s])
    return (d.turn,)


def chosen(d: PhyloData) -> tuple[int, ...]:
    """The player whose rock-paper-scissors throw is in while the other's is awaited."""
    if d.phase is _CONTEST:
        return tuple(s for s in (0, 1) if d.throws[s])
    return ()


# -- legal actions ----------------------------------------------------------------------------


def hand_problem(d: PhyloData, seat: int, card: str) -> Problem | None:
    """A card played, dropped or discarded comes from its player's hand."""
    hand = d.hands[seat]
    if card in hand:
        return None
    return Problem(
        PhyloRefusal.NOT_IN_HAND,
        lambda: f"{card} is not in your hand (you hold {', '.join(hand) or 'nothing'})",
    )


def pile_problem(d: PhyloData, seat: int) -> Problem | None:
    """Dropping a card picks up three: there must be something to pick up."""
    piles = d.piles
    # (PhyloData.pile_of worked out here: one pile, or one per seat; a method of the
    # record is a call more at every decision)
    if piles[seat if len(piles) == 2 else 0]:
        return None
    return Problem(
        PhyloRefusal.PILE_EMPTY, lambda: "the pick-up pile is empty: there is nothing to pick up"
    )


def _turn_actions(
    d: PhyloData, seat: int, out: list[Action] | None
) -> tuple[list[AbstractSet[int] | list[int]], list[Action], int]:
    """A turn's actions, in the legal list's order: the plays of the hand's cards, card by
    card in the hand's order; the moves; a drop of each card while the pile lasts; a pass.

    Listed into ``out``; or, without it (``None``), counted: returned are, for each card,
    the cells it may go to (a species: an ordinary species' as a set when they were not
    listed on this board yet, see :func:`~ecotone.games.phylo.placement.ordinary_spots`)
    or where its plays go (an event: see :func:`~ecotone.games.phylo.events.event_plays`),
    then the moves and the number of drops, so that :func:`pick` makes only the action it
    draws (the plays, most of the list, are then never made, and only the drawn card's
    cells are put in order).
    """
    on = table(d.board)
    cells = on.cells
    hand = d.hands[seat]  # sorted, and never two copies of a card
    known = ordinary_spots(on, hand)
    blocks: list[AbstractSet[int] | list[int]] = []
    for card in hand:
        found = known.get(card)
        if found is not None:
            if out is None:
                blocks.append(found[0])  # (a set or a list: counted alike)
            else:
                plays = found[1]
                if plays is None:  # (made here, once for the board: see ordinary_spots)
                    listed = found[0]
                    if not isinstance(listed, list):
                        listed = sorted(listed)
                    plays = []
                    for c in listed:
                        plays.append(Play(card, CELL_NAMES[c]))
                    known[card] = listed, plays
                out += plays
        elif card in _SPECIES:
            spots = species_cells(d, card, cells)
            if out is None:
                blocks.append(spots)
            else:
                for c in spots:
                    out.append(Play(card, CELL_NAMES[c]))
        elif out is None:
            blocks.append(event_plays(d, seat, _EVENTS[card], cells, None))
        else:
            event_plays(d, seat, _EVENTS[card], cells, out)
    moved = moves(d, seat, on)
    drops = len(hand) if pile_problem(d, seat) is None else 0
    if out is not None:
        out += moved
        if drops:
            out += map(_DROPS.__getitem__, hand)
        out.append(_PASS)
    return blocks, moved, drops


def pick(d: PhyloData, seat: int, fraction: float) -> Action:
    """``legal(d, seat)[int(fraction * n)]`` of the ``n`` legal actions, for ``fraction``
    in ``[0, 1)``: the action a random playout takes (the game's ``pick`` step hook).

    A turn's actions are counted (:func:`_turn_actions`) and only the one at the place
    drawn is made: a random playout takes one action of a few dozen, most of them plays
    of species, each a record made for nothing. Other decisions take the item of their
    (short) list.
    """
    if d.phase is not _ACT:
        actions = legal(d, seat)
        return actions[int(fraction * len(actions))]
    blocks, moved, drops = _turn_actions(d, seat, None)
    # where each card's plays end in the list, and so how many plays in all (a hand
    # without plays: none)
    ends = list(accumulate(map(len, blocks)))
    n = ends[-1] if ends else 0
    place = int(fraction * (n + len(moved) + drops + 1))
    hand = d.hands[seat]
    if place < n:
        i = bisect_right(ends, place)  # the card whose plays hold the place
        block = blocks[i]
        nth = place - ends[i - 1] if i else place
        # (an ordinary species' cells may be a set: see ordinary_spots)
        cell = block[nth] if isinstance(block, list) else sorted(block)[nth]
        card = hand[i]
        if card in _SPECIES:
            return Play(card, CELL_NAMES[cell])
        return played_on(card, cell, nth)
    place -= n
    if place < len(moved):
        return moved[place]
    place -= len(moved)
    if place < drops:
        return _DROPS[hand[place]]
    return _PASS


# Dropping a card and passing are the same few records in every position: made once each
# (actions are frozen) rather than at every step of a search.
_DROPS: Final = {card: Drop(card) for card in cards().by_id}
_PASS: Final = Pass()
_EVENTS: Final = cards().events


def legal(d: PhyloData, seat: int) -> list[Action]:
    """The legal actions of ``seat`` (who is to move), in a fixed order."""
    phase = d.phase
    if phase is _ACT:
        out: list[Action] = []
        _turn_actions(d, seat, out)
        return out
    if phase is _REACT:
        return react_actions(d)
    if phase is _SPREAD:
        return [*(SpreadTo(CELL_NAMES[c]) for c in spread_candidates(d)), Done()]
    if phase is _CONTEST:
        return [ThrowHand(t) for t in Throw] if not d.throws[seat] else []
    if phase is _SEASICK:
        return [Discard(c) for c in sorted(set(d.hands[seat]))]
    if phase is _RECOVER:
        pile = d.discards[d.discard_of(seat)]
        return [Recover(c) for c in sorted(set(pile)) if recover_problem(d, seat, c) is None]
    if phase is _CHALLENGE:
        return [Challenge(), Allow()]
    if phase is _REMOVE:
        return remove_actions(d)
    return []


# -- refusals ---------------------------------------------------------------------------------


def refusal(d: PhyloData, seat: int, action: Action) -> IllegalAction | None:
    """The first rule ``action`` breaks for ``seat`` (who is to move), or ``None`` exactly
    when it is among :func:`legal`'s actions.

    Any action of the codec may be asked about, whatever its fields name: a card or a cell
    that does not exist is refused in the game's words first.
    """
    problem = _problem(d, seat, action)
    return None if problem is None else problem.refusal()


def _problem(d: PhyloData, seat: int, action: Action) -> Problem | None:
    card = _given(action, "card")
    if card is not _NO_FIELD and not (isinstance(card, str) and card in cards().by_id):
        return Problem(
            PhyloRefusal.UNKNOWN_CARD,
            lambda: f"there is no card {card!r} in Phylo: Voyage of the Beagle",
        )
    text = _given(action, "cell")
    cell = -1
    if text is not _NO_FIELD:
        found = parse_cell(text) if isinstance(text, str) else None
        if found is None:
            return Problem(
                PhyloRefusal.NO_SUCH_CELL,
                lambda: f"there is no cell {text!r}: cells run {CELL_NAMES[0]} to {CELL_NAMES[-1]}",
            )
        cell = found
    phase = d.phase
    if phase is Phase.ACT:
        return _turn_problem(d, seat, action, cell)
    if phase is Phase.OVER:
        return Problem(PhyloRefusal.NOT_NOW, lambda: "the game is over")
    return _answer_problem(d, seat, action, cell)


def _turn_problem(d: PhyloData, seat: int, action: Action, cell: int) -> Problem | None:
    """The rules of a turn's four actions: play a card, drop one, move a species, pass."""
    if isinstance(action, Pass):
        return None
    if isinstance(action, Move):
        return _move_problem(d, seat, action, cell)
    if not isinstance(action, Play | PlayLeaving | PlayEvent | Drop):
        return Problem(
            PhyloRefusal.NOT_NOW,
            lambda: (
                f"'{action}' is not one of a turn's actions: play a card, drop one and "
                "pick up three, move a species, or pass"
            ),
        )
    card = action.card
    problem = hand_problem(d, seat, card)
    if problem is not None or isinstance(action, Drop):
        return problem or pile_problem(d, seat)
    ev = cards().events.get(card)
    if ev is None:  # a species
        if isinstance(action, PlayEvent):
            return Problem(PhyloRefusal.NEEDS_CELL, lambda: f"say where: play {card} at <cell>")
        if isinstance(action, PlayLeaving):
            return Problem(
                PhyloRefusal.CANNOT_LEAVE, lambda: f"{name(card)} is a species, not Habitat Loss"
            )
        return species_problem(d, d.cells(), card, cell)
    on = not isinstance(action, PlayEvent)
    problem = event_problem(d, seat, ev, on=on, leave=isinstance(action, PlayLeaving))
    if problem is not None or not on:
        return problem
    return target_problem(d.cells(), ev, cell)


#: The directions by name (a member is its own name too: they are strings).
_DIRECTIONS: Final = {x.value: x for x in Direction}


def _given(action: Action, field: str) -> object:
    """A field of ``action`` as it was given, whatever its type.

    A program may build an action with a field of the wrong type (``steps="far"``); the
    refusal names the field's problem in the game's words. The fields whose values the
    refusal checks are read through this, never through their declared types: compiled
    (the optional mypyc build), reading ``action.steps`` as the ``int`` it is declared
    would raise a ``TypeError`` before the check could run. ``_NO_FIELD`` when the action
    has no such field.
    """
    return getattr(action, field, _NO_FIELD)


#: What :func:`_given` says of a field the action does not have.
_NO_FIELD: Final = object()


def _move_problem(d: PhyloData, seat: int, action: Move, src: int) -> Problem | None:
    given = _given(action, "direction")
    direction = _DIRECTIONS.get(given) if isinstance(given, str) else None
    if direction is None:
        return Problem(
            PhyloRefusal.NO_SUCH_DIRECTION,
            lambda: f"there is no direction {given!r}: " + ", ".join(x.value for x in Direction),
        )
    return move_problem(d, d.cells(), seat, src, direction, _given(action, "steps"))


def _answer_problem(d: PhyloData, seat: int, action: Action, cell: int) -> Problem | None:
    """Outside the turn's actions: the one decision the game waits for."""
    phase = d.phase
    if phase is Phase.REACT:
        p = d.pending
        assert p is not None
        if isinstance(action, Allow):
            return None
        if isinstance(action, Cancel):
            return hand_problem(d, seat, action.card) or cancel_problem(d, action.card)
        return Problem(
            PhyloRefusal.MUST_REACT,
            lambda: (
                f"{seat_name(p.player)} just played {name(p.card)}: cancel it with a card that "
                "negates it, or allow it"
            ),
        )
    if phase is Phase.SPREAD:
        if isinstance(action, Done):
            return None
        if isinstance(action, SpreadTo):
            return spread_problem(d, d.cells(), cell)
        return Problem(
            PhyloRefusal.MUST_SPREAD,
            lambda: "choose the species Climate Change spreads to, or say done",
        )
    if phase is Phase.CONTEST:
        if (
            isinstance(action, ThrowHand)
            and isinstance(throw := _given(action, "throw"), str)
            and throw in _THROWS
        ):
            return None
        return Problem(PhyloRefusal.MUST_THROW, lambda: "throw rock, paper or scissors")
    if phase is Phase.SEASICK:
        if isinstance(action, Discard):
            return hand_problem(d, seat, action.card)
        return Problem(
            PhyloRefusal.MUST_DISCARD,
            lambda: f"discard {counted(d.owed, 'more card')} from your hand first",
        )
    if phase is Phase.RECOVER:
        if isinstance(action, Recover):
            return recover_problem(d, seat, action.card)
        return Problem(
            PhyloRefusal.MUST_RECOVER,
            lambda: "take a species card back from your discard pile",
        )
    if phase is Phase.CHALLENGE:
        if isinstance(action, Challenge | Allow):
            return None
        return Problem(
            PhyloRefusal.MUST_CHALLENGE_OR_ALLOW,
            lambda: "challenge the placement just made, or allow it",
        )
    assert phase is Phase.REMOVE
    if isinstance(action, Done):
        return None
    if isinstance(action, Remove | RemoveUnder):
        return remove_problem(d.cells(), cell, beneath=isinstance(action, RemoveUnder))
    return Problem(
        PhyloRefusal.MUST_REMOVE, lambda: "you won the challenge: remove a card, or say done"
    )


_THROWS: Final = frozenset(Throw)


# -- transitions ------------------------------------------------------------------------------


def _play_species(d: PhyloData, seat: int, card: str, cell: int) -> PhyloData:
    t = tables()
    before = table(d.board)  # the board before the card is placed
    slot = before.cells.get(cell)
    where = CELL_NAMES[cell]
    if slot is None and card not in t.parasites:
        # The commonest play, into an empty cell: the hand, the board and the log changed
        # in one copy of the record.
        hands, known = hands_without(d, seat, card)
        played = Slot(cell, card, seat)
        d = replace(
            d,
            hands=hands,
            known=known,
            actions_left=d.actions_left - 1,
            board=board_with(d.board, played),
            log=logged(d.log, _PLAYED[seat][card] + where),
        )
        after = table(d.board)  # one card more (its table made now: the next step reads it)
        after.grew = (before.board, cell)
        grown(before, after, cell)
        grown_movers(before, after, played)
        return after_placement(d, cell, card)
    d = take_from_hand(d, seat, card)
    d = replace(d, actions_left=d.actions_left - 1)
    if card in t.parasites:
        assert slot is not None
        d = put_slot(d, Slot(cell, slot.card, slot.owner, card, seat))
        grown(before, table(d.board), cell, beneath=True)
        d = log(d, f"{seat_name(seat)} played {name(card)} beneath {name(slot.card)} at {where}")
        return after_placement(d, cell, card, beneath=True)
    # INVASIVE, on top of a similar species (which it takes away: no card more)
    assert slot is not None
    d = log(
        remove_cell(d, cell),
        f"{seat_name(seat)}'s invasive {name(card)} discards "
        f"{seat_name(slot.owner)}'s {name(slot.card)} at {where}",
    )
    d = put_slot(d, Slot(cell, card, seat))
    d = log(d, _PLAYED[seat][card] + where)
    return after_placement(d, cell, card)


def _move(d: PhyloData, seat: int, action: Move) -> PhyloData:
    src = CELL_INDEX[action.cell]
    dest = ray(src, action.direction)[action.steps - 1]
    slot = d.cells()[src]
    board = [s for s in d.board if s.cell != src]
    d = replace(d, board=tuple(board))
    d = put_slot(d, Slot(dest, slot.card, slot.owner, slot.under, slot.under_owner))
    d = replace(
        d,
        actions_left=d.actions_left - 1,
        moved=(*d.moved, (slot.card, seat, action.steps)),
    )
    d = log(
        d, f"{seat_name(seat)} moved {name(slot.card)} from {action.cell} to {CELL_NAMES[dest]}"
    )
    return after_placement(d, dest, slot.card)


def _drop(d: PhyloData, seat: int, card: str) -> PhyloData:
    # The card from the hand to the discard pile, logged, the pick-up (which may log the
    # pile's last card after it) and the action spent, in one copy of the record.
    hands, known = hands_without(d, seat, card)
    text = _DROPPED[seat][card]
    piles, hands, final, log_ = picked_up(d, seat, DROP_PICKS, d.final, hands, logged(d.log, text))
    d = replace(
        d,
        hands=hands,
        known=known,
        discards=discarded(d, seat, (card,)),
        piles=piles,
        final=final,
        log=log_,
        actions_left=d.actions_left - 1,
    )
    return resume(d)


def next_data(d: PhyloData, seat: int, action: Action) -> PhyloData:
    """The data after ``seat`` takes the legal ``action``."""
    # Every action is exactly one of the codec's classes, asked by its type: isinstance()
    # against a msgspec record class goes through its metaclass, several times the cost.
    # The turn's actions come first, the commonest first. A legal action names its cell
    # exactly as CELL_NAMES spells it: read by that name, not parsed as typed words are.
    if type(action) is Play:
        if action.card in _SPECIES:
            return _play_species(d, seat, action.card, CELL_INDEX[action.cell])
        return play_event(d, seat, action.card, CELL_INDEX[action.cell])
    if type(action) is Drop:
        return _drop(d, seat, action.card)
    if type(action) is Pass:
        return finish_turn(log(d, f"{seat_name(seat)} passed"))
    if type(action) is Move:
        return _move(d, seat, action)
    if type(action) is PlayLeaving:
        return play_event(d, seat, action.card, CELL_INDEX[action.cell], leave=True)
    if type(action) is PlayEvent:
        return play_event(d, seat, action.card)
    if type(action) is Cancel:
        return cancel(d, action.card)
    if type(action) is Allow:
        return (
            resolve(d) if d.phase is _REACT else resume(replace(d, placed=-1, placed_under=False))
        )
    if type(action) is Discard:
        return seasick_discard(d, action.card)
    if type(action) is Recover:
        return recover(d, action.card)
    if type(action) is SpreadTo:
        return spread_to(d, CELL_INDEX[action.cell])
    if type(action) is ThrowHand:
        return contest_throw(d, seat, action.throw)
    if type(action) is Challenge:
        return call_bluff(d)
    if type(action) is Remove:
        return remove(d, CELL_INDEX[action.cell])
    if type(action) is RemoveUnder:
        return remove(d, CELL_INDEX[action.cell], beneath=True)
    if type(action) is Done:
        return spread_done(d) if d.phase is _SPREAD else remove(d, None)
    raise AssertionError(f"unexpected action {action!r}")


_SPECIES: Final = cards().species
# The log's words for the commonest steps, by seat and card, made once ("P1 played B09
# Monkey Puzzle Tree at " and the cell; "P2 dropped E04 ... and picked up 3"): every
# play and drop logs one, and the names cost two calls and a format each time.
_PLAYED: Final = tuple(
    {c: f"{seat_name(s)} played {name(c)} at " for c in _SPECIES} for s in (0, 1)
)
_DROPPED: Final = tuple(
    {c: f"{seat_name(s)} dropped {name(c)} and picked up {DROP_PICKS}" for c in cards().by_id}
    for s in (0, 1)
)
