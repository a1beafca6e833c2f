"""The rules of Once Upon a Forest as pure functions over :class:`ForestData`: the set-up,
whose decision it is, the legal moves and what each move does.

Section numbers (§) refer to ``docs/rules/once-upon-a-forest.md``. Where a card may go is
in :mod:`~ecotone.games.forest.placement`, and every rule a move can break is checked
once, in :mod:`~ecotone.games.forest.refusals`.
"""

from __future__ import annotations

import random

from ecotone.core.actions import Action
from ecotone.core.records import put, replace, without
from ecotone.games.forest.actions import PILES, Draw, Give, GiveToNeighbour, Place
from ecotone.games.forest.cards import cards
from ecotone.games.forest.placement import neighbour_place, place_card
from ecotone.games.forest.refusals import pile_rule, recipient_rule, tree_rule
from ecotone.games.forest.state import HAND_SIZE, Forest, ForestData, Phase

__all__ = ["legal", "next_data", "setup", "to_move"]

PILE_SIZE = 12
DRAWS_PER_TURN = 2


# -- set-up (§Set-up) -------------------------------------------------------------------


def setup(rnd: random.Random, players: int) -> ForestData:
    """Deal a new game: start cards, five piles of twelve, spare start cards shuffled in."""
    cs = cards()
    starts = list(cs.start_ids)
    rnd.shuffle(starts)
    rest = [cid for cid in cs.ids if cid not in cs.start_ids]
    rnd.shuffle(rest)
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
        phase=Phase.DEAL,
    )


# -- whose decision ---------------------------------------------------------------------


def to_move(d: ForestData) -> tuple[int, ...]:
    """The seat that decides now (the receiver while a gift is being placed)."""
    if d.phase is Phase.OVER:
        return ()
    if d.phase is Phase.RECEIVE:
        assert d.receiver is not None
        return (d.receiver,)
    return (d.turn,)


# -- legal actions ----------------------------------------------------------------------


def legal(d: ForestData, seat: int, players: int) -> list[Action]:
    """The legal actions of ``seat``, who is to move, in a fixed order.

    Each kind of move is drawn from the cards at hand (or the gift) and the piles, trees
    and seats there are, and kept exactly when the rule's check in
    :mod:`~ecotone.games.forest.refusals` lets it through: the same checks that explain a
    refusal decide what is offered.
    """
    phase = d.phase
    if phase is Phase.DEAL or phase is Phase.DRAW:
        return [_DRAWS[i] for i in range(PILES) if pile_rule(d, i) is None]
    if phase is Phase.PLACE:
        trees = _open_trees(d.forests[seat])
        return [Place(c, t) for c in d.hands[seat] for t in trees]
    if phase is Phase.RECEIVE:
        assert d.gift is not None
        return [Place(d.gift, t) for t in _open_trees(d.forests[seat])]
    if phase is Phase.GIVE:
        if players == 1:
            return [GiveToNeighbour(c) for c in d.hands[seat]]
        to = [s for s in range(players) if recipient_rule(seat, s, players) is None]
        return [Give(c, s) for c in d.hands[seat] for s in to]
    return []


# A draw names only its pile: one record per pile serves every position (records are frozen).
_DRAWS = tuple(Draw(i) for i in range(PILES))


def _open_trees(forest: Forest) -> list[int]:
    """The trees a card may go into: of the forest's trees and the one after them, those
    :func:`~ecotone.games.forest.refusals.tree_rule` allows."""
    return [t for t in range(len(forest) + 1) if tree_rule(forest, t) is None]


# -- transitions ------------------------------------------------------------------------


def next_data(d: ForestData, seat: int, action: Action, players: int) -> ForestData:
    """The data after a legal ``action``."""
    if isinstance(action, Draw):
        return _draw(d, seat, action.pile, players)
    if isinstance(action, Place):
        forests = put(d.forests, seat, place_card(d.forests[seat], action.card, action.tree))
        if d.phase is Phase.RECEIVE:
            return _start_drawing(replace(d, forests=forests, gift=None, receiver=None), players)
        hands = put(d.hands, seat, without(d.hands[seat], action.card))
        placed = replace(d, forests=forests, hands=hands)
        if not hands[seat]:  # the last card of the game for this player: nothing to give
            return _end_turn(placed, players)
        return replace(placed, phase=Phase.GIVE)
    if isinstance(action, Give):
        hands = put(d.hands, seat, without(d.hands[seat], action.card))
        return replace(d, hands=hands, phase=Phase.RECEIVE, gift=action.card, receiver=action.to)
    if isinstance(action, GiveToNeighbour):
        hands = put(d.hands, seat, without(d.hands[seat], action.card))
        neighbour = neighbour_place(d.neighbour, action.card)
        return _start_drawing(replace(d, hands=hands, neighbour=neighbour), players)
    raise AssertionError(f"unexpected action {action!r}")


def _draw(d: ForestData, seat: int, pile: int, players: int) -> ForestData:
    card = d.piles[pile][-1]
    piles = put(d.piles, pile, d.piles[pile][:-1])
    hands = put(d.hands, seat, tuple(sorted((*d.hands[seat], card))))
    d = replace(d, piles=piles, hands=hands)
    if d.phase is Phase.DEAL:
        if all(len(h) == HAND_SIZE for h in hands):
            return replace(d, phase=Phase.PLACE, turn=0)
        return replace(d, turn=(seat + 1) % players)
    left = d.draws_left - 1
    if left == 0 or not any(piles):
        return _end_turn(replace(d, draws_left=0), players)
    return replace(d, draws_left=left)


def _start_drawing(d: ForestData, players: int) -> ForestData:
    available = sum(len(p) for p in d.piles)
    if available == 0:
        return _end_turn(d, players)
    return replace(d, phase=Phase.DRAW, draws_left=min(DRAWS_PER_TURN, available))


def _end_turn(d: ForestData, players: int) -> ForestData:
    """Pass the turn to the next player who still holds cards; the game ends when the
    piles are empty and every hand has been played out (§End)."""
    for step in range(1, players + 1):
        seat = (d.turn + step) % players
        if d.hands[seat]:
            return replace(d, phase=Phase.PLACE, turn=seat, draws_left=0)
    return replace(d, phase=Phase.OVER, draws_left=0)
