"""The rules of Once Upon a Forest as pure functions over :class:`ForestData`.

Section numbers (§) refer to ``docs/rules/once-upon-a-forest.md``.
"""

from __future__ import annotations

import random
from typing import TypeVar

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.games.forest.actions import PILES, Draw, Give, GiveToNeighbour, Place
from ecotone.games.forest.cards import LEVELS, Level, cards
from ecotone.games.forest.scoring import is_complete
from ecotone.games.forest.state import EMPTY_TREE, Forest, ForestData, Phase, Tree

__all__ = [
    "HAND_SIZE",
    "can_start_tree",
    "legal",
    "neighbour_place",
    "next_data",
    "place_card",
    "setup",
    "targets",
    "to_move",
    "why_illegal",
]

T = TypeVar("T")

HAND_SIZE = 3
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


# -- placement (§Placing a card) --------------------------------------------------------


def can_start_tree(forest: Forest) -> bool:
    """A new tree may be started only when the previous one has all four levels."""
    return not forest or is_complete(forest[-1])


def targets(forest: Forest) -> range:
    """The trees a card may go into: any existing tree (filling or covering its level),
    plus a new tree when the last one is complete."""
    return range(len(forest) + can_start_tree(forest))


def place_card(forest: Forest, card: str, tree: int) -> Forest:
    """``forest`` with ``card`` on top of its level's slot in ``tree`` (new when ``tree``
    is one past the last)."""
    level = cards().level_of[card]
    base = forest[tree] if tree < len(forest) else EMPTY_TREE
    slots = list(base)
    slots[level] = (*base[level], card)
    new_tree: Tree = (slots[0], slots[1], slots[2], slots[3])
    return (*forest[:tree], new_tree, *forest[tree + 1 :])


def neighbour_place(forest: Forest, card: str) -> Forest:
    """Where the solo game's Neighbouring Forest puts a card it is given (§Solo).

    It fills that level of its last tree if empty; if its last tree is complete (or it has
    none) it starts a new tree; otherwise it covers that level of its last tree.
    """
    if can_start_tree(forest):
        return place_card(forest, card, len(forest))
    return place_card(forest, card, len(forest) - 1)


# -- legal actions ----------------------------------------------------------------------


def legal(d: ForestData, seat: int, players: int) -> list[Action]:
    """The legal actions of ``seat``, who is to move, in a fixed order."""
    phase = d.phase
    if phase is Phase.DEAL or phase is Phase.DRAW:
        return [Draw(i) for i in range(PILES) if d.piles[i]]
    if phase is Phase.PLACE:
        trees = targets(d.forests[seat])
        return [Place(c, t) for c in d.hands[seat] for t in trees]
    if phase is Phase.RECEIVE:
        assert d.gift is not None
        return [Place(d.gift, t) for t in targets(d.forests[seat])]
    if phase is Phase.GIVE:
        if players == 1:
            return [GiveToNeighbour(c) for c in d.hands[seat]]
        return [Give(c, to) for c in d.hands[seat] for to in range(players) if to != seat]
    return []


# -- transitions ------------------------------------------------------------------------


def _replace_seat(items: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    return (*items[:seat], value, *items[seat + 1 :])


def _without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def next_data(d: ForestData, seat: int, action: Action, players: int) -> ForestData:
    """The data after a legal ``action``."""
    if isinstance(action, Draw):
        return _draw(d, seat, action.pile, players)
    if isinstance(action, Place):
        forests = _replace_seat(
            d.forests, seat, place_card(d.forests[seat], action.card, action.tree)
        )
        if d.phase is Phase.RECEIVE:
            return _start_drawing(d.replace(forests=forests, gift=None, receiver=None), players)
        hands = _replace_seat(d.hands, seat, _without(d.hands[seat], action.card))
        placed = d.replace(forests=forests, hands=hands)
        if not hands[seat]:  # the last card of the game for this player: nothing to give
            return _end_turn(placed, players)
        return placed.replace(phase=Phase.GIVE)
    if isinstance(action, Give):
        hands = _replace_seat(d.hands, seat, _without(d.hands[seat], action.card))
        return d.replace(hands=hands, phase=Phase.RECEIVE, gift=action.card, receiver=action.to)
    if isinstance(action, GiveToNeighbour):
        hands = _replace_seat(d.hands, seat, _without(d.hands[seat], action.card))
        neighbour = neighbour_place(d.neighbour, action.card)
        return _start_drawing(d.replace(hands=hands, neighbour=neighbour), players)
    raise AssertionError(f"unexpected action {action!r}")


def _draw(d: ForestData, seat: int, pile: int, players: int) -> ForestData:
    card = d.piles[pile][-1]
    piles = _replace_seat(d.piles, pile, d.piles[pile][:-1])
    hands = _replace_seat(d.hands, seat, tuple(sorted((*d.hands[seat], card))))
    d = d.replace(piles=piles, hands=hands)
    if d.phase is Phase.DEAL:
        if all(len(h) == HAND_SIZE for h in hands):
            return d.replace(phase=Phase.PLACE, turn=0)
        return d.replace(turn=(seat + 1) % players)
    left = d.draws_left - 1
    if left == 0 or not any(piles):
        return _end_turn(d.replace(draws_left=0), players)
    return d.replace(draws_left=left)


def _start_drawing(d: ForestData, players: int) -> ForestData:
    available = sum(len(p) for p in d.piles)
    if available == 0:
        return _end_turn(d, players)
    return d.replace(phase=Phase.DRAW, draws_left=min(DRAWS_PER_TURN, available))


def _end_turn(d: ForestData, players: int) -> ForestData:
    """Pass the turn to the next player who still holds cards; the game ends when the
    piles are empty and every hand has been played out (§End)."""
    for step in range(1, players + 1):
        seat = (d.turn + step) % players
        if d.hands[seat]:
            return d.replace(phase=Phase.PLACE, turn=seat, draws_left=0)
    return d.replace(phase=Phase.OVER, draws_left=0)


# -- explanations -----------------------------------------------------------------------


def why_illegal(d: ForestData, seat: int, action: Action, players: int) -> IllegalAction:
    """The reason ``action`` is refused, in the game's words."""
    cs = cards()
    phase = d.phase
    if phase is Phase.DEAL or phase is Phase.DRAW:
        if not isinstance(action, Draw):
            left = HAND_SIZE - len(d.hands[seat]) if phase is Phase.DEAL else d.draws_left
            return IllegalAction(
                "forest/must-draw", f"draw first: you still take {left} card(s) from the piles"
            )
        if not 0 <= action.pile < PILES:
            return IllegalAction("forest/no-such-pile", f"there are only {PILES} piles (1-5)")
        return IllegalAction("forest/empty-pile", f"pile {action.pile + 1} is empty")
    if phase is Phase.RECEIVE:
        assert d.gift is not None
        if not isinstance(action, Place) or action.card != d.gift:
            return IllegalAction(
                "forest/must-place-gift",
                f"you were given {cs.describe(d.gift)}: place it in your forest now",
            )
        return _why_not_here(d.forests[seat], action)
    if phase is Phase.PLACE:
        if not isinstance(action, Place):
            return IllegalAction(
                "forest/must-place", "first place one card from your hand in your forest"
            )
        if action.card not in d.hands[seat]:
            return _not_in_hand(d, seat, action.card)
        return _why_not_here(d.forests[seat], action)
    if phase is Phase.GIVE:
        card = getattr(action, "card", None)
        if players == 1 and not isinstance(action, GiveToNeighbour):
            return IllegalAction(
                "forest/must-give-neighbour",
                "now give one of your cards to the Neighbouring Forest",
            )
        if players > 1 and not isinstance(action, Give):
            return IllegalAction("forest/must-give", "now give one of your cards to another player")
        if card not in d.hands[seat]:
            return _not_in_hand(d, seat, str(card))
        if isinstance(action, Give):
            if action.to == seat:
                return IllegalAction("forest/give-to-self", "give the card to another player")
            return IllegalAction(
                "forest/no-such-player", f"there is no player P{action.to + 1} at this table"
            )
    return IllegalAction("action/not-legal", f"{action} is not possible now")


def _not_in_hand(d: ForestData, seat: int, card: str) -> IllegalAction:
    hand = ", ".join(d.hands[seat]) or "nothing"
    return IllegalAction("forest/not-in-hand", f"{card} is not in your hand (you hold {hand})")


def _why_not_here(forest: Forest, action: Place) -> IllegalAction:
    n = len(forest)
    if action.tree == n:
        missing = [lv.title for lv in LEVELS if not forest[-1][lv]]
        return IllegalAction(
            "forest/tree-incomplete",
            f"you can start a new tree only when tree {n} has all four levels; "
            f"it still lacks: {', '.join(missing)}",
        )
    if can_start_tree(forest):
        hint = f"the next new tree would be tree {n + 1}"
    else:
        hint = f"tree {n} must be completed first before a new one"
    return IllegalAction(
        "forest/no-such-tree",
        f"your forest has {n} tree(s), so there is no tree {action.tree + 1} ({hint})",
    )


def level_name(card: str) -> str:
    """The title of a card's level (``"Canopy"``)."""
    return Level(cards().level_of[card]).title
