"""Every rule a move can break, each written once (every code is ``forest/...``).

Each rule is one check that names the rule a move breaks (its :class:`ForestRefusal`
code) or returns ``None``. The legal-move generation
(:func:`ecotone.games.forest.rules.legal`) offers exactly the moves these checks let
through, and :func:`refusal` asks them in turn for any action at all, so what a player is
offered and what a player is told cannot drift apart. The checks answer with a code
rather than a message because generation asks them about every candidate and most
candidates are refused; the words for each code are written once below, and only for the
move actually refused.

=================================  ==========================================================
code                               refused because
=================================  ==========================================================
``forest/must-draw``               cards are still to be drawn (the deal, or a turn's draws)
``forest/no-such-pile``            there are only five piles
``forest/empty-pile``              that pile has no card left
``forest/must-place``              a turn begins by placing a card from your hand
``forest/not-in-hand``             the card is not in your hand
``forest/no-such-tree``            the forest has no such tree, and it would not be the new one
``forest/tree-incomplete``         a new tree while the last one still lacks a level
``forest/must-give``               after placing, give a card to another player
``forest/must-give-neighbour``     (solo) after placing, give a card to the Neighbouring Forest
``forest/give-to-self``            a gift goes to another player
``forest/no-such-player``          no player sits in that seat
``forest/must-place-gift``         the receiver places the card given, and nothing else
``forest/game-over``               every card is in a forest: nothing is left to do
=================================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction, Refusal
from ecotone.core.tuples import counted, seat_name
from ecotone.games.forest.actions import PILES, Draw, Give, GiveToNeighbour, Place
from ecotone.games.forest.cards import LEVELS, cards
from ecotone.games.forest.placement import can_start_tree, targets
from ecotone.games.forest.state import HAND_SIZE, Forest, ForestData, Phase

__all__ = [
    "ForestRefusal",
    "broken_rule",
    "hand_rule",
    "open_piles",
    "pile_rule",
    "recipient_rule",
    "refusal",
    "step_rule",
    "tree_rule",
]


class ForestRefusal(Refusal):
    """The codes of every refusal of Once Upon a Forest (see the module's table)."""

    MUST_DRAW = "forest/must-draw"
    NO_SUCH_PILE = "forest/no-such-pile"
    EMPTY_PILE = "forest/empty-pile"
    MUST_PLACE = "forest/must-place"
    NOT_IN_HAND = "forest/not-in-hand"
    NO_SUCH_TREE = "forest/no-such-tree"
    TREE_INCOMPLETE = "forest/tree-incomplete"
    MUST_GIVE = "forest/must-give"
    MUST_GIVE_NEIGHBOUR = "forest/must-give-neighbour"
    GIVE_TO_SELF = "forest/give-to-self"
    NO_SUCH_PLAYER = "forest/no-such-player"
    MUST_PLACE_GIFT = "forest/must-place-gift"
    GAME_OVER = "forest/game-over"


R: Final = ForestRefusal


# -- the rules, one check each ----------------------------------------------------------


def step_rule(d: ForestData, action: Action, players: int) -> ForestRefusal | None:
    """Whether ``action`` is the kind of move the turn's step calls for (§A turn).

    The deal and the draw step take draws; the place step a placement; the give step a
    gift (to the Neighbouring Forest in the solo game); a receiver places the very card
    given; once the game is over, nothing.
    """
    phase = d.phase
    if phase is Phase.DEAL or phase is Phase.DRAW:
        return None if isinstance(action, Draw) else R.MUST_DRAW
    if phase is Phase.PLACE:
        return None if isinstance(action, Place) else R.MUST_PLACE
    if phase is Phase.RECEIVE:
        given = isinstance(action, Place) and action.card == d.gift
        return None if given else R.MUST_PLACE_GIFT
    if phase is Phase.GIVE:
        if players == 1:
            return None if isinstance(action, GiveToNeighbour) else R.MUST_GIVE_NEIGHBOUR
        return None if isinstance(action, Give) else R.MUST_GIVE
    return R.GAME_OVER


def pile_rule(d: ForestData, pile: int) -> ForestRefusal | None:
    """Whether a card can be drawn from ``pile`` (numbered from 0): one of the five, and
    one of the :func:`open_piles`."""
    if not 0 <= pile < PILES:
        return R.NO_SUCH_PILE
    return None if pile in open_piles(d) else R.EMPTY_PILE


def open_piles(d: ForestData) -> tuple[int, ...]:
    """The piles a card can be drawn from: those with a card left (§Draw), in order."""
    piles = d.piles
    if all(piles):  # every pile holds a card until the game's last turns
        return _EVERY_PILE
    found = []
    for i in _EVERY_PILE:
        if piles[i]:
            found.append(i)
    return tuple(found)


_EVERY_PILE: Final = tuple(range(PILES))


def hand_rule(d: ForestData, seat: int, card: str) -> ForestRefusal | None:
    """Whether ``seat`` holds ``card``: a card is placed or given from the hand."""
    return None if card in d.hands[seat] else R.NOT_IN_HAND


def tree_rule(forest: Forest, tree: int) -> ForestRefusal | None:
    """Whether a card may go into ``tree`` (numbered from 0) of ``forest`` (§Placing a
    card): any tree it has, or a new one once the last has all four levels (the
    :func:`~ecotone.games.forest.placement.targets`)."""
    if tree in targets(forest):
        return None
    return R.TREE_INCOMPLETE if tree == len(forest) else R.NO_SUCH_TREE


def recipient_rule(seat: int, to: int, players: int) -> ForestRefusal | None:
    """Whether ``seat`` may give a card to seat ``to``: another player at the table
    (§Give a card)."""
    if to == seat:
        return R.GIVE_TO_SELF
    return None if 0 <= to < players else R.NO_SUCH_PLAYER


def broken_rule(d: ForestData, seat: int, action: Action, players: int) -> ForestRefusal | None:
    """The first rule ``action`` breaks for ``seat`` (who is to move), or ``None`` when it
    is legal: the step's kind of move, then the card, then where it goes."""
    code = step_rule(d, action, players)
    if code is not None:
        return code
    if isinstance(action, Draw):
        return pile_rule(d, action.pile)
    if isinstance(action, Place):
        if d.phase is not Phase.RECEIVE:  # a gift is placed without entering the hand
            code = hand_rule(d, seat, action.card)
        return code or tree_rule(d.forests[seat], action.tree)
    if isinstance(action, Give):
        return hand_rule(d, seat, action.card) or recipient_rule(seat, action.to, players)
    assert isinstance(action, GiveToNeighbour)
    return hand_rule(d, seat, action.card)


# -- the hook: the rule broken, in the game's words ------------------------------------


def refusal(d: ForestData, seat: int, action: Action, players: int) -> IllegalAction | None:
    """Why ``seat`` may not take ``action`` (the first rule it breaks), or ``None`` when
    it is legal."""
    code = broken_rule(d, seat, action, players)
    if code is None:
        return None
    return IllegalAction(code, _WORDS[code](d, seat, action))


def _must_draw(d: ForestData, seat: int, action: Action) -> str:
    left = HAND_SIZE - len(d.hands[seat]) if d.phase is Phase.DEAL else d.draws_left
    return f"draw first: you still take {counted(left, 'card')} from the piles"


def _must_place_gift(d: ForestData, seat: int, action: Action) -> str:
    assert d.gift is not None
    return f"you were given {cards().describe(d.gift)}: place it in your forest now"


def _empty_pile(d: ForestData, seat: int, action: Action) -> str:
    assert isinstance(action, Draw)
    return f"pile {action.pile + 1} is empty"


def _not_in_hand(d: ForestData, seat: int, action: Action) -> str:
    held = ", ".join(d.hands[seat]) or "nothing"
    return f"{getattr(action, 'card', '?')} is not in your hand (you hold {held})"


def _tree_incomplete(d: ForestData, seat: int, action: Action) -> str:
    forest = d.forests[seat]
    missing = ", ".join(lv.title for lv in LEVELS if not forest[-1][lv])
    return (
        f"you can start a new tree only when tree {len(forest)} has all four levels; "
        f"it still lacks: {missing}"
    )


def _no_such_tree(d: ForestData, seat: int, action: Action) -> str:
    assert isinstance(action, Place)
    n = len(d.forests[seat])
    if can_start_tree(d.forests[seat]):
        hint = f"the next new tree would be tree {n + 1}"
    else:
        hint = f"tree {n} must be completed first before a new one"
    return f"your forest has {counted(n, 'tree')}, so there is no tree {action.tree + 1} ({hint})"


def _no_such_player(d: ForestData, seat: int, action: Action) -> str:
    assert isinstance(action, Give)
    return f"there is no player {seat_name(action.to)} at this table"


def _said(text: str) -> Callable[[ForestData, int, Action], str]:
    return lambda d, seat, action: text


_WORDS: Final[dict[ForestRefusal, Callable[[ForestData, int, Action], str]]] = {
    R.MUST_DRAW: _must_draw,
    R.NO_SUCH_PILE: _said(f"there are only {PILES} piles (1-{PILES})"),
    R.EMPTY_PILE: _empty_pile,
    R.MUST_PLACE: _said("first place one card from your hand in your forest"),
    R.NOT_IN_HAND: _not_in_hand,
    R.NO_SUCH_TREE: _no_such_tree,
    R.TREE_INCOMPLETE: _tree_incomplete,
    R.MUST_GIVE: _said("now give one of your cards to another player"),
    R.MUST_GIVE_NEIGHBOUR: _said("now give one of your cards to the Neighbouring Forest"),
    R.GIVE_TO_SELF: _said("give the card to another player"),
    R.NO_SUCH_PLAYER: _no_such_player,
    R.MUST_PLACE_GIFT: _must_place_gift,
    R.GAME_OVER: _said("the game is over: every card has been placed in a forest"),
}
