"""A heuristic player for BioMasters TCG.

It looks one decision ahead. From its seat's view it samples one full position
(``SeatView.determinize``: the other hands and every deck re-dealt), applies each legal action
with the game's own rules, and keeps the action whose result it values most. The value reads
only what the seat may know (the grid, the Score Piles, hand sizes, and the cards its own hand
held before deciding: a card drawn by the action is counted, not read), so re-dealing the
hidden cards never changes a decision:

* Score Pile VP, its own (or its team's) minus the best opponent's, weigh most;
* a Detritus tile counts for the player who killed it (its printed VP, discounted until some
  saprotroph decomposes it), against them if an opponent killed it;
* each living card is worth a little (more for higher levels) to its controller;
* a consumer with nothing to eat next to it is about to starve and hand its points to a
  decomposer: it counts against its player (less so if it has just eaten and may be fed
  again in time);
* a hunter next to prey it may kill (more if it is ready) and a saprotroph in hand while
  tiles wait are promises worth part of what they would score;
* cards in hand are options.

Paying, it keeps ready the cards whose abilities it may still want. Passing is just one more
action: it passes when nothing it could do is worth more.
"""

from __future__ import annotations

from itertools import compress
from operator import attrgetter
from typing import Any, Final, cast

from ecotone.bots.base import Bot, SeatView, describe
from ecotone.bots.registry import GameBots, SearchDefaults, register
from ecotone.core.actions import Action
from ecotone.games.biomasters.board import CELLS
from ecotone.games.biomasters.cards import Kind, Trophic, cards
from ecotone.games.biomasters.game import BioMasters
from ecotone.games.biomasters.state import BioData, Phase, Scored, Slot, kind_of

__all__ = ["HeuristicBot", "evaluate"]

_KINDS: Final = cards().kinds
_HOMES: Final = frozenset(cards().homes)

VP: Final = 10.0  # a victory point in the Score Pile
KILL_DISCOUNT: Final = 0.6  # a kill waiting on the grid for a saprotroph
CARD_IN_HAND: Final = 1.2
STARVING: Final = 0.3  # what is left of a card that will starve at the end of its turn
DEATH_GIFT: Final = 0.8  # the share of its VP a starved card may give whoever decomposes it
FED_HOPE: Final = 0.6  # a fed consumer with no food left may still be given new prey in time
HUNT_PROMISE: Final = 0.25  # a ready hunter next to prey
TILE_PROMISE: Final = 0.3  # a saprotroph in hand for a tile that would score for us


def _live_value(level: int) -> float:
    if level > 0:
        return 1.5 + 0.6 * level
    return 2.0 if level == -1 else 2.5  # a saprotroph or detritivore: the decomposition engine


class _Facts:
    """What :func:`evaluate` reads of one kind of live card, worked out once per kind (the
    same arithmetic, so the same values to the last bit)."""

    __slots__ = ("fed_starving", "food_kinds", "hunter", "kind", "level", "starving", "worth")

    def __init__(self, kind: Kind) -> None:
        self.kind = kind
        self.level = kind.level
        self.worth = _live_value(kind.level)
        # the live cards a consumer may eat (those at its food level); None for a card
        # that cannot starve
        self.food_kinds = (
            frozenset(k for k, c in _KINDS.items() if k not in _HOMES and c.level == kind.food)
            if kind.is_consumer
            else None
        )
        loss = VP * DEATH_GIFT * kind.vp
        self.starving = STARVING * self.worth - loss
        self.fed_starving = STARVING * self.worth - FED_HOPE * loss
        self.hunter = kind.ability == "hunt"


_FACTS: Final = {k: _Facts(kind) for k, kind in _KINDS.items() if k not in _HOMES}
# every card id (a deck holds only cards of the pool) with its facts, None for a HOME: read
# by subscript, which costs less than a get()
_FACTS_OR_HOME: Final[dict[str, _Facts | None]] = {k: _FACTS.get(k) for k in _KINDS}
# what each hunter may kill of the prey next to it (not the large ones), by card id: its VP
# (0 for every other card id, so a subscript reads any neighbour)
_PREY_VP: Final = {
    k: {
        p: prey.vp if p not in _HOMES and f.kind.can_hunt(prey) and "large" not in prey.tags else 0
        for p, prey in _KINDS.items()
    }
    for k, f in _FACTS.items()
    if f.hunter
}
_SAPROTROPHS: Final = frozenset(k for k, f in _FACTS.items() if f.level == -1)
# the cards worth keeping ready while paying: those with an ability, and saprotrophs
_KEEP_READY: Final = frozenset(
    k for k, kind in _KINDS.items() if kind.ability or kind.trophic is Trophic.SAPROTROPH
)
# the team of each seat (its own in every game but the 2v2 one)
_TEAM: Final = {False: (0, 1, 2, 3), True: (0, 1, 0, 1)}
# what a VP of prey promises a ready hunter, and an exhausted one (the products the value
# always took first, so the same floats)
_READY_HUNT: Final = HUNT_PROMISE * VP
_TIRED_HUNT: Final = HUNT_PROMISE / 2 * VP
_PAY: Final = Phase.PAY  # (a module name reads faster than an enum member off its class)
_VP_OF: Final = attrgetter("vp")  # what a Score Pile entry is worth
# the Score Piles' part of a value (VP ahead, times VP) and the number of rivals
Margin = tuple[float, int]


def evaluate(
    d: BioData, seat: int, teams: bool, neighbours: Any, known: frozenset[str] = frozenset()
) -> float:
    """How good ``d`` is for ``seat``, from public facts and its own hand only.

    ``known``: the cards ``seat`` held before the action; only those are read in its hand.
    The terms are added in cell order, always the same way, so a position is valued the
    same to the last bit whatever led to it.
    """
    team = _TEAM[teams]
    return _value(d, seat, team, _margin(d.piles, team, team[seat]), neighbours, known)


def _margin(piles: tuple[tuple[Scored, ...], ...], team: tuple[int, ...], mine: int) -> Margin:
    """The Score Piles' part of the value: ``mine``'s VP less the best opponent's, and how
    many opponents share what counts against ``mine``."""
    vp: dict[int, float] = {}
    for s, pile in enumerate(piles):
        t = team[s]
        vp[t] = vp.get(t, 0.0) + sum(map(_VP_OF, pile))
    # the best opponent (the first of equals, as max() picks) and how many there are
    best_other: float | None = None
    rivals = 0
    for t, v in vp.items():
        if t != mine:
            rivals += 1
            if best_other is None or v > best_other:
                best_other = v
    return VP * (vp[mine] - (best_other if best_other is not None else 0.0)), max(1, rivals)


def _value(
    d: BioData,
    seat: int,
    team: tuple[int, ...],
    margin: Margin,
    neighbours: Any,
    known: frozenset[str],
) -> float:
    """:func:`evaluate` from the Score Piles' ``margin`` on: the grid, then the hands (all
    in one function: a call per position would cost as much as a few cells)."""
    mine = team[seat]
    value, rivals = margin
    g = d.grid
    facts, prey_vps = _FACTS_OR_HOME, _PREY_VP
    open_tiles = 0
    # the cells that hold a card, picked out of the grid without a Python loop, each slot
    # then read by its cell (cheaper here than effects.occupied_slots' pairs)
    held = cast("tuple[Slot, ...]", g)
    for i in compress(CELLS, g):
        slot = held[i]
        if slot.tile:  # (few: a call here costs little)
            value, open_tiles = _tile(slot, team, mine, rivals, value, open_tiles)
            continue
        f = facts[slot.kind]
        if f is None:  # a HOME
            continue
        worth = f.worth
        food = f.food_kinds
        if food is not None:
            for n in neighbours[i]:
                other = g[n]
                if other is not None and other.kind in food and not other.tile:
                    break
            else:  # it will starve: lost, and a gift to whoever decomposes it
                worth = f.fed_starving if slot.fed else f.starving
        if f.hunter:
            # the most VP of the prey next to it that it may kill (written out here: a
            # call per hunter costs as much as the scan)
            prey_vp = prey_vps[slot.kind]
            best = 0
            for n in neighbours[i]:
                prey = g[n]
                if prey is not None and not prey.tile:
                    pvp = prey_vp[prey.kind]
                    if pvp > best:  # noqa: PLR1730 - a call of max() costs more than the scan
                        best = pvp
            worth += (_READY_HUNT if slot.ready else _TIRED_HUNT) * best * KILL_DISCOUNT
        owner = team[slot.owner]
        if owner == mine:
            value += worth
        else:
            value -= worth / rivals
        if slot.parasite:
            host = team[slot.parasite_owner]
            if host != owner:
                # a parasite on a rival's card is good for its player
                value += 1.5 if host == mine else -1.5
    # the cards in hand: options, and saprotrophs for open tiles
    saprotrophs = 0
    for s, hand in enumerate(d.hands):
        if team[s] == mine:
            value += CARD_IN_HAND * len(hand)
            if s == seat and open_tiles:  # (with no tile open, they promise nothing)
                saprotrophs = sum(1 for c in hand if c in known and kind_of(c) in _SAPROTROPHS)
    # (the smaller count by a comparison: a call of min() costs more)
    return value + TILE_PROMISE * VP * (saprotrophs if saprotrophs < open_tiles else open_tiles)


def _tile(
    slot: Slot, team: tuple[int, ...], mine: int, rivals: int, value: float, open_tiles: int
) -> tuple[float, int]:
    """``value`` and ``open_tiles`` with a Detritus tile counted: a kill for its killer."""
    if slot.kind in _HOMES:
        return value, open_tiles
    if slot.killer < 0:
        return value, open_tiles + 1
    worth = KILL_DISCOUNT * VP * sum(_KINDS[kind_of(c)].vp for c in slot.stack())
    if team[slot.killer] == mine:
        return value + worth, open_tiles + 1
    return value - worth / rivals, open_tiles


# What the class is, given to it after its body (`describe`): a compiled class keeps no
# docstring, and `ecotone bots` describes a bot by its class's.
_ABOUT: Final = "Greedy one-decision lookahead with a public-information evaluation."


class HeuristicBot(Bot):
    # (its docstring: _ABOUT, above)

    name = "heuristic"

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        # the seat's own game: its rules are stepped directly, each action is legal here
        game = cast("BioMasters", view.game)
        table = game.table
        data: BioData = view.determinize(self.rng).data
        neighbours = table.grid.neighbours
        # (the seat's own hand: a determinization re-deals only what the seat cannot see)
        known = frozenset(data.hands[self.seat])
        paying = data.phase is _PAY
        team = _TEAM[table.teams]
        mine = team[self.seat]
        # most actions score nothing: their Score Piles are the very same tuple, whose
        # margin is worked out once
        piles = data.piles
        margin = _margin(piles, team, mine)
        best_action = legal[0]
        best_value = float("-inf")
        for action in legal:
            # legal here too: a determinization keeps the seat's legal actions (so the
            # rules' own step, unchecked, as State.step takes it)
            after = game.next(data, self.seat, action)
            if after.piles is not piles:
                piles = after.piles
                margin = _margin(piles, team, mine)
            value = _value(after, self.seat, team, margin, neighbours, known)
            if paying:
                value += _keep_ready_bonus(after, self.seat)
            if value > best_value + 1e-9:
                best_action, best_value = action, value
        return best_action


describe(HeuristicBot, _ABOUT)


def _keep_ready_bonus(d: BioData, seat: int) -> float:
    """While paying: prefer to keep ready the cards with abilities (they may still act)."""
    bonus = 0.0
    for slot in filter(None, d.grid):  # (the cards on the grid; their cells are not read)
        if slot.owner != seat or slot.tile or not slot.ready:
            continue
        if slot.kind in _KEEP_READY:
            bonus += 0.5
    return bonus


# Random play is so far from sensible play (random purchases, random hunts) that random
# playouts judge a position worse than this bot does. So the search's rollouts follow it
# for 20 decisions and then judge the position by its scores; the search keeps its move
# unless one standard error says better, and compares its root moves on the same deals
# (docs/bots.md, with the tournaments that chose these). 150 iterations fit in about a
# second a move.
register(
    GameBots(
        game=BioMasters.spec.id,
        heuristic=HeuristicBot,
        search=SearchDefaults(
            iterations=150,
            options={"rollout": "heuristic", "max_depth": 20, "evidence": 1.0, "paired": 8},
        ),
    )
)
