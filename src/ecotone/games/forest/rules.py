"""The rules of Once Upon a Forest as pure functions over :class:`ForestData`: the set-up,
whose decision it is, the legal moves and what each move does.

Section numbers (§) refer to ``docs/rules/once-upon-a-forest.md``. Where a card may go is
in :mod:`~ecotone.games.forest.placement`, and every rule a move can break is checked
once, in :mod:`~ecotone.games.forest.refusals`.
"""

from __future__ import annotations

import itertools
import random
from bisect import insort_right
from typing import Final

from ecotone.core.actions import Action
from ecotone.core.rng import shuffle
from ecotone.core.tuples import replace
from ecotone.games.forest.actions import (
    MAX_SEATS,
    MAX_TREES,
    PILES,
    Draw,
    Give,
    GiveToNeighbour,
    Place,
)
from ecotone.games.forest.cards import cards
from ecotone.games.forest.placement import neighbour_place, place_card, target_count
from ecotone.games.forest.refusals import open_piles, recipient_rule
from ecotone.games.forest.state import HAND_SIZE, ForestData, Phase

__all__ = ["legal", "next_data", "setup", "to_move"]

PILE_SIZE: Final = 12
DRAWS_PER_TURN: Final = 2

# The steps by plain names, for the rules, which ask the step several times a move: in
# Python 3.11 a member read off its enum class (``Phase.DRAW``) goes through the hook of
# ``EnumType.__getattr__`` and costs about as much as a function call (some 900
# instructions), a module's name a dictionary lookup. Bound here, in a module the
# optional compiled build compiles, each is a C variable there; bound in the state's
# module (interpreted) and imported, each use was a dictionary lookup.
DEAL: Final = Phase.DEAL
PLACE: Final = Phase.PLACE
GIVE: Final = Phase.GIVE
RECEIVE: Final = Phase.RECEIVE
DRAW: Final = Phase.DRAW
OVER: Final = Phase.OVER


# -- set-up (§Set-up) -------------------------------------------------------------------


def setup(rnd: random.Random, players: int) -> ForestData:
    """Deal a new game: start cards, five piles of twelve, spare start cards shuffled in."""
    cs = cards()
    starts = list(cs.start_ids)
    shuffle(rnd, starts)
    rest = [cid for cid in cs.ids if cid not in cs.start_ids]
    shuffle(rnd, rest)
    piles = [rest[i * PILE_SIZE : (i + 1) * PILE_SIZE] for i in range(PILES)]
    # With fewer than 4 players the spare start cards go into as many different piles.
    spares = starts[players:]
    for pile, cid in zip(rnd.sample(range(PILES), len(spares)), spares, strict=True):
        piles[pile].insert(rnd.randint(0, len(piles[pile])), cid)
    forests = tuple((((starts[s],), (), (), ()),) for s in range(players))
    return ForestData(
        piles=tuple(tuple(p) for p in piles),
        hands=tuple(() for _ in range(players)),
        forests=forests,
        phase=DEAL,
    )


# -- whose decision ---------------------------------------------------------------------


def to_move(d: ForestData) -> tuple[int, ...]:
    """The seat that decides now (the receiver while a gift is being placed)."""
    phase = d.phase
    if phase is OVER:
        return ()
    if phase is RECEIVE:
        assert d.receiver is not None
        return (d.receiver,)
    return (d.turn,)


# -- legal actions ----------------------------------------------------------------------


def legal(d: ForestData, seat: int) -> list[Action]:
    """The legal actions of ``seat``, who is to move, in a fixed order.

    Each kind of move is drawn from the cards at hand (or the gift) and the piles, trees
    and seats there are, and kept exactly when the rule's check in
    :mod:`~ecotone.games.forest.refusals` lets it through (for trees, the
    :func:`~ecotone.games.forest.placement.targets` by which ``tree_rule`` judges,
    counted by ``target_count``): the same checks that explain a refusal decide what is
    offered.
    """
    phase = d.phase
    if phase is DRAW or phase is DEAL:
        return [*_DRAWS_FROM[open_piles(d)]]
    # The moves are built with plain loops over rows of shared records: a comprehension
    # costs a frame of its own, more than the few moves it makes. The trees a card may go
    # to are numbered from 0 (``targets``), so each card's row is read up to their count.
    if phase is PLACE:
        trees = target_count(d.forests[seat])
        found: list[Action] = []
        for card in d.hands[seat]:
            found += _PLACES_UPTO[card][trees]
        return found
    if phase is RECEIVE:
        assert d.gift is not None
        return [*_PLACES_UPTO[d.gift][target_count(d.forests[seat])]]
    if phase is GIVE:
        found = []
        players = len(d.forests)  # one forest per seat
        if players == 1:
            for card in d.hands[seat]:
                found.append(_TO_NEIGHBOUR[card])
            return found
        to = _RECIPIENTS[players][seat]
        for card in d.hands[seat]:
            gives = _GIVES[card]
            for s in to:
                found.append(gives[s])
        return found
    return []


# An action names only cards, piles, trees and seats, and records are frozen: one record
# for each serves every position, made once rather than at every step of a search.
_DRAWS: Final = tuple(Draw(i) for i in range(PILES))
# the draws from each set of open piles there can be (as ``open_piles`` lists them)
_DRAWS_FROM: Final = {
    piles: tuple(_DRAWS[i] for i in piles)
    for n in range(PILES + 1)
    for piles in itertools.combinations(range(PILES), n)
}
_PLACES: Final = {c: tuple(Place(c, t) for t in range(MAX_TREES)) for c in cards().ids}
# each card's placements in its first n trees, for every count of trees a forest can offer
# (at most 17: 16 complete trees, one per Ground card, and a new one): the legal moves
# read a row's prefix rather than slicing a new one at every placement
_PLACES_UPTO: Final = {
    c: tuple(row[:n] for n in range(MAX_TREES + 2)) for c, row in _PLACES.items()
}
_GIVES: Final = {c: tuple(Give(c, s) for s in range(MAX_SEATS)) for c in cards().ids}
_TO_NEIGHBOUR: Final = {c: GiveToNeighbour(c) for c in cards().ids}


def _recipients(seat: int, players: int) -> tuple[int, ...]:
    """The seats ``seat`` may give a card to, as
    :func:`~ecotone.games.forest.refusals.recipient_rule` allows."""
    return tuple(s for s in range(players) if recipient_rule(seat, s, players) is None)


# the recipients of every seat at every table size, read by index at every gift (for
# less than a cached call)
_RECIPIENTS: Final = tuple(tuple(_recipients(s, n) for s in range(n)) for n in range(MAX_SEATS + 1))


# -- transitions ------------------------------------------------------------------------


def next_data(d: ForestData, seat: int, action: Action) -> ForestData:
    """The data after a legal ``action``."""
    players = len(d.forests)  # one forest per seat
    # Dispatched on the exact class, commonest first: a legal action is one of the
    # codec's own records (the kernel refuses any other), and a failed ``isinstance``
    # costs more than the comparison.
    if type(action) is Draw:
        return _draw(d, seat, action.pile, players)
    if type(action) is Place:
        # the forests copied as a list and frozen again, for less than a call of ``put``
        grown = [*d.forests]
        grown[seat] = place_card(grown[seat], action.card, action.tree)
        forests = tuple(grown)
        if d.phase is RECEIVE:
            phase, turn, left = _after_gift(d, d.hands, players)
            return replace(
                d,
                forests=forests,
                gift=None,
                receiver=None,
                phase=phase,
                turn=turn,
                draws_left=left,
            )
        hands = _hand_less(d.hands, seat, action.card)
        if not hands[seat]:  # the last card of the game for this player: nothing to give
            phase, turn, left = _next_turn(hands, d.turn, players)
            return replace(d, forests=forests, hands=hands, phase=phase, turn=turn, draws_left=left)
        return replace(d, forests=forests, hands=hands, phase=GIVE)
    if type(action) is Give:
        hands = _hand_less(d.hands, seat, action.card)
        return replace(d, hands=hands, phase=RECEIVE, gift=action.card, receiver=action.to)
    if type(action) is GiveToNeighbour:
        hands = _hand_less(d.hands, seat, action.card)
        neighbour = neighbour_place(d.neighbour, action.card)
        phase, turn, left = _after_gift(d, hands, players)
        return replace(d, hands=hands, neighbour=neighbour, phase=phase, turn=turn, draws_left=left)
    raise AssertionError(f"unexpected action {action!r}")


# The steps below answer with the fields of the next step, (phase, turn, draws_left), so
# that a move makes one copy of the record, whatever step comes next.
Step = tuple[Phase, int, int]
Hands = tuple[tuple[str, ...], ...]


def _draw(d: ForestData, seat: int, pile: int, players: int) -> ForestData:
    # The piles and the hands copied as lists, changed in place and frozen again: a
    # search draws at every other step, and ``put`` would cost a call for each. (A list
    # display, ``[*items]``, copies for less than a call of ``list``.)
    drawn_from = d.piles[pile]
    card = drawn_from[-1]
    piles = [*d.piles]
    piles[pile] = drawn_from[:-1]
    hand = [*d.hands[seat]]
    insort_right(hand, card)  # hands are kept sorted
    held = [*d.hands]
    held[seat] = tuple(hand)
    hands = tuple(held)
    if d.phase is DEAL:
        if all(len(h) == HAND_SIZE for h in hands):
            return replace(d, piles=tuple(piles), hands=hands, phase=PLACE, turn=0)
        return replace(d, piles=tuple(piles), hands=hands, turn=(seat + 1) % players)
    left = d.draws_left - 1
    if left == 0 or not any(piles):
        phase, turn, left = _next_turn(hands, d.turn, players)
        return replace(d, piles=tuple(piles), hands=hands, phase=phase, turn=turn, draws_left=left)
    return replace(d, piles=tuple(piles), hands=hands, draws_left=left)


def _hand_less(hands: Hands, seat: int, card: str) -> Hands:
    """``hands`` with ``card`` gone from ``seat``'s hand (placed or given)."""
    # one call rather than ``put`` and ``without``: a hand holds each card once
    hand = [*hands[seat]]
    hand.remove(card)
    out = [*hands]
    out[seat] = tuple(hand)
    return tuple(out)


def _after_gift(d: ForestData, hands: Hands, players: int) -> Step:
    """Once the turn's gift is placed, its player draws up to two cards (as many as the
    piles still hold); with the piles empty, the turn passes. ``hands`` as they are now."""
    available = sum(map(len, d.piles))
    if available == 0:
        return _next_turn(hands, d.turn, players)
    return DRAW, d.turn, min(DRAWS_PER_TURN, available)


def _next_turn(hands: Hands, turn: int, players: int) -> Step:
    """Pass the turn to the next player who still holds cards; the game ends when the
    piles are empty and every hand has been played out (§End)."""
    for step in range(1, players + 1):
        seat = (turn + step) % players
        if hands[seat]:
            return PLACE, seat, 0
    return OVER, turn, 0
