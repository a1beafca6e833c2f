"""A heuristic player for Once Upon a Forest.

It reads only its seat's observation (forests are public; its own hand is private to it)
and uses the game's own placement and scoring functions to look one decision ahead:

* **place**: the card and tree that raise the value of its forest most, where a forest's
  value is its score plus the promise of its unfinished tree (the score it would have if
  that tree were complete, weighted by how much of it is built);
* **give**: the card, and in a multi-player game the player, that helps the receiver least
  once the receiver places it as well as they can, while keeping the card it can use
  best itself; the leader is the preferred victim; in the semi-cooperative game it also
  avoids pushing the table's chainsaws over the limit;
* **draw**: the pile whose top card's level its unfinished tree lacks, or that could cover
  a chainsaw in a complete tree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from ecotone.bots.base import Bot, SeatView, describe
from ecotone.bots.registry import GameBots, SearchDefaults, register
from ecotone.core.actions import Action
from ecotone.games.forest import (
    Draw,
    Give,
    GiveToNeighbour,
    Level,
    OnceUponAForest,
    Place,
    cards,
)
from ecotone.games.forest.placement import neighbour_place, place_card, targets
from ecotone.games.forest.scoring import is_complete, score_forest, tops
from ecotone.games.forest.state import Forest, Tree

__all__ = ["HeuristicBot", "forest_value"]

_LEVEL_KEYS: Final = ("ground", "first", "second", "canopy")


def _forest(data: Sequence[Sequence[Sequence[str]]]) -> Forest:
    trees: list[Tree] = []
    for tree in data:
        g, f, s, c = (tuple(slot) for slot in tree)
        trees.append((g, f, s, c))
    return tuple(trees)


def forest_value(forest: Forest) -> float:
    """The forest's score plus the promise of its unfinished tree."""
    now = score_forest(forest).total
    if not forest or is_complete(forest[-1]):
        return float(now)
    last = forest[-1]
    built = sum(1 for slot in last if slot) / 4
    # The projection counts the unfinished tree as complete with the cards it has, so
    # its chainsaws and animals weigh in before it is finished.
    filler = _projection_filler(last)
    projected = score_forest((*forest[:-1], filler)).total
    return now + built * (projected - now)


def _projection_filler(tree: Tree) -> Tree:
    plain = _plain_cards()
    slots = [slot if slot else (plain[i],) for i, slot in enumerate(tree)]
    return (slots[0], slots[1], slots[2], slots[3])


_PLAIN: Final[list[str]] = []


def _plain_cards() -> list[str]:
    if not _PLAIN:
        cs = cards()
        for level in Level:
            _PLAIN.append(
                next(
                    c.id
                    for c in cs.by_id.values()
                    if c.row == level and not c.species and not c.chainsaw
                )
            )
    return _PLAIN


def _best(forest: Forest, card: str) -> tuple[float, int]:
    """The best value reachable by placing ``card`` in ``forest``, and the tree for it."""
    best_value, best_tree = float("-inf"), 0
    for t in targets(forest):
        v = forest_value(place_card(forest, card, t))
        if v > best_value:
            best_value, best_tree = v, t
    return best_value, best_tree


# What the class is, given to it after its body (`describe`): a compiled class keeps no
# docstring, and `ecotone bots` describes a bot by its class's.
_ABOUT: Final = "Plans its own forest and gives the card that hurts an opponent most."


class HeuristicBot(Bot):
    # (its docstring: _ABOUT, above)

    name = "heuristic"

    def act(self, view: SeatView) -> Action:
        obs = view.observation
        legal = view.legal_actions
        kind = type(legal[0])
        if kind is Draw:
            return self._draw(obs, legal)
        if kind is Place:
            return self._place(obs, legal)
        if kind is Give:
            return self._give(obs, legal)
        if kind is GiveToNeighbour:
            return self._give_neighbour(obs, legal)
        return self.rng.choice(legal)

    # -- decisions ---------------------------------------------------------------------

    def _place(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        forest = _forest(obs["forests"][self.seat])
        hand: list[str] = obs["hands"][self.seat]["cards"] or []

        def value(a: Action) -> float:
            assert isinstance(a, Place)
            after = place_card(forest, a.card, a.tree)
            now = forest_value(after)
            keep = [c for c in hand if c != a.card]
            # what is left in hand matters a little: the best card we could place next
            future = max((_best(after, c)[0] for c in keep), default=now)
            return now + 0.1 * future

        return self._argmax(legal, value)

    def _give(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        forests = [_forest(f) for f in obs["forests"]]
        points: list[int] = obs["points"]
        mine = forests[self.seat]
        hand: list[str] = obs["hands"][self.seat]["cards"] or []
        semi = "degradation_limit" in obs
        # the same forests and cards come back in every gift weighed: value each once
        mine_now = forest_value(mine)
        mine_best = {c: _best(mine, c)[0] for c in hand}
        before = {s: forest_value(forests[s]) for s in {a.to for a in legal if isinstance(a, Give)}}

        def value(a: Action) -> float:
            assert isinstance(a, Give)
            theirs = forests[a.to]
            after_value, tree = _best(theirs, a.card)
            gain = after_value - before[a.to]
            keep = [c for c in hand if c != a.card]
            kept = max((mine_best[c] for c in keep), default=mine_now)
            leader_bonus = 0.15 * (points[a.to] - max(points))
            score = kept - gain + leader_bonus
            if semi:
                placed = place_card(theirs, a.card, tree)
                extra = _chainsaws(placed) - _chainsaws(theirs)
                table = obs["table_chainsaws"] + extra
                if table > obs["degradation_limit"]:
                    score -= 10 * extra
            return score

        return self._argmax(legal, value)

    def _give_neighbour(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        mine = _forest(obs["forests"][self.seat])
        neighbour = _forest(obs["neighbour"])
        hand: list[str] = obs["hands"][self.seat]["cards"] or []

        # the same cards come back in every gift weighed: value each once
        mine_now = forest_value(mine)
        mine_best = {c: _best(mine, c)[0] for c in hand}

        def value(a: Action) -> float:
            assert isinstance(a, GiveToNeighbour)
            gain = score_forest(neighbour_place(neighbour, a.card)).total
            keep = [c for c in hand if c != a.card]
            kept = max((mine_best[c] for c in keep), default=mine_now)
            return kept - 0.5 * gain

        return self._argmax(legal, value)

    def _draw(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        forest = _forest(obs["forests"][self.seat])
        held: list[str] = obs["hands"][self.seat]["levels"]
        missing = set(range(4))
        if forest and not is_complete(forest[-1]):
            missing = {lv for lv in range(4) if not forest[-1][lv]}
        saw_levels = {
            cards().level_of[c]
            for t in forest
            if is_complete(t)
            for c in tops(t)
            if cards().by_id[c].chainsaw
        }

        def value(a: Action) -> float:
            assert isinstance(a, Draw)
            top = obs["piles"][a.pile]["top"]
            level = _LEVEL_KEYS.index(top)
            v = 2.0 if level in missing else 0.0
            v += 1.0 if level in saw_levels else 0.0
            v -= 0.75 * held.count(top)
            return v

        return self._argmax(legal, value)

    def _argmax(self, legal: list[Action], value: Callable[[Action], float]) -> Action:
        """The best action; ties broken at random (seeded) so play is not predictable."""
        scored = [(value(a), a) for a in legal]
        top = max(v for v, _ in scored)
        return self.rng.choice([a for v, a in scored if v >= top - 1e-9])


describe(HeuristicBot, _ABOUT)


def _chainsaws(forest: Forest) -> int:
    by_id = cards().by_id
    return sum(by_id[c].chainsaw for t in forest if is_complete(t) for c in tops(t))


# Random playouts still say something about a forest, so the search keeps random
# rollouts to the end of the game, and 1000 of them fit in about a second a move.
register(
    GameBots(
        game=OnceUponAForest.spec.id,
        heuristic=HeuristicBot,
        search=SearchDefaults(iterations=1000),
    )
)
