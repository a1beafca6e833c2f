"""A heuristic player for Phylo: Voyage of the Beagle.

It reads only its seat's observation (the table and the discard piles are public, its hand
is its own) and judges every legal action by the table it leaves, with the game's own
compatibility functions:

* the **value of a table** for the bot is its points on the table minus the opponent's,
  with INCOMPATIBLE cards counted at a fraction of their points (they are in trouble), plus
  a little for each card in its hand that would have somewhere to go;
* **its turn**: it plays the species, event or move that raises that value most (start-of-
  turn events that make the opponent miss a turn come first), drops a card it cannot use,
  and passes when nothing helps;
* **answers**: it cancels events that hurt it, spreads Climate Change to the opponent's
  best card, throws rock-paper-scissors at random, discards its least useful cards, takes
  back its best species, challenges exactly the placements the species data shows to be
  bluffs, and, winning a challenge, removes the card whose loss (with its consequences)
  hurts the opponent most.
"""

from __future__ import annotations

from typing import Any, Final

from ecotone.bots.base import Bot, SeatView, describe
from ecotone.bots.registry import GameBots, SearchDefaults, register
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
    Remove,
    RemoveUnder,
    SpreadTo,
)
from ecotone.games.phylo.board import (
    CELL_INDEX,
    NEIGHBOURS,
    OFF_MAP_NEIGHBOURS,
    parse_cell,
    ray,
)
from ecotone.games.phylo.cards import (
    DiscardAll,
    DiscardChain,
    DiscardHalfHand,
    DiscardTarget,
    DrawBonus,
    SkipTurn,
    SpreadDiscard,
    cards,
    diet_evidence,
)
from ecotone.games.phylo.cards import (
    Recover as RecoverEffect,
)
from ecotone.games.phylo.compatibility import incompatible, tables
from ecotone.games.phylo.events import chain_below
from ecotone.games.phylo.game import Phylo
from ecotone.games.phylo.placement import around, species_cells
from ecotone.games.phylo.state import PhyloData, Slot

__all__ = ["HeuristicBot", "table_value"]

TROUBLE: Final = 0.35  # what an INCOMPATIBLE card is worth, as a share of its points
OPTION: Final = 0.3  # what a hand card with somewhere to go is worth
SKIP_VALUE: Final = 3.5  # the opponent missing a turn
DRAW_BONUS_VALUE: Final = 4.0
RECOVER_VALUE: Final = 2.5
SEASICK_VALUE: Final = 0.7  # per card the opponent must discard
DROP_VALUE: Final = 0.6  # dropping a card with no use now


def _card(inst: str) -> str:
    return inst.rpartition(":")[2]


def _board(obs: dict[str, Any]) -> dict[int, Slot]:
    cells: dict[int, Slot] = {}
    for t in obs["table"]:
        c = CELL_INDEX[t["cell"]]  # (spelt as the game spells it)
        under = _card(t["under"]) if "under" in t else None
        cells[c] = Slot(c, _card(t["card"]), t["owner"], under, t.get("under_owner", 0))
    return cells


def _trouble(obs: dict[str, Any]) -> set[tuple[int, bool]]:
    """The INCOMPATIBLE cards of the observed table as ``(cell, beneath)`` pairs: what
    :func:`~ecotone.games.phylo.compatibility.incompatible` finds on :func:`_board`, read
    off the table's marks instead of traced again."""
    bad: set[tuple[int, bool]] = set()
    for t in obs["table"]:
        if t["incompatible"]:
            bad.add((CELL_INDEX[t["cell"]], False))
        if t.get("under_incompatible"):
            bad.add((CELL_INDEX[t["cell"]], True))
    return bad


def _points(card: str) -> int:
    return _POINTS.get(card, 0)


def table_value(
    cells: dict[int, Slot], seat: int, bad: set[tuple[int, bool]] | None = None
) -> float:
    """Points on the table for ``seat`` minus the opponent's, cards in trouble discounted
    (``bad``: the INCOMPATIBLE cards, when they are known already; see :func:`_trouble`)."""
    if bad is None:
        bad = set(incompatible(cells))
    points = _POINTS
    value = 0.0
    for c, slot in cells.items():  # the top card, then the one beneath: the same sum
        pts = points.get(slot.card, 0) * (TROUBLE if (c, False) in bad else 1.0)
        value += pts if slot.owner == seat else -pts
        if slot.under is not None:
            pts = points.get(slot.under, 0) * (TROUBLE if (c, True) in bad else 1.0)
            value += pts if slot.under_owner == seat else -pts
    return value


_PARASITES: Final = tables().parasites
_ORDINARY: Final = tables().ordinary
_BESIDE: Final = tables().beside
_SPECIES: Final = cards().species
_POINTS: Final = {card: sp.points for card, sp in _SPECIES.items()}  # (an event card: none)


def _scratch(cells: dict[int, Slot]) -> PhyloData:
    """Game data holding just the table ``cells``: what the placing rules read."""
    return PhyloData(piles=((),), hands=((), ()), discards=((),), board=tuple(cells.values()))


def _placeable(cells: dict[int, Slot], hand: list[str]) -> int:
    """How many species of ``hand`` have somewhere to go on ``cells``."""
    data = _scratch(cells)
    near = around(cells)
    return sum(1 for c in hand if c in _SPECIES and species_cells(data, c, cells, near))


def _species_spots(cells: dict[int, Slot], hand: list[str]) -> dict[str, list[int]]:
    """Where each species of ``hand`` may go on ``cells``, asked once per card: the start
    of a turn's judgement (what the hand may do now, which cards are worth dropping, and,
    for the ordinary species, where they may go after a play: :class:`_Rest`)."""
    data = _scratch(cells)
    near = around(cells)
    return {c: species_cells(data, c, cells, near) for c in hand if c in _SPECIES}


class _Rest:
    """The hand left once ``card`` is played, as the table before the play places it.

    An ordinary species (:attr:`~ecotone.games.phylo.compatibility.Tables.ordinary`) goes
    into an empty cell beside a card it may stand next to (or beside the map board, a
    plant), so after a play into the empty cell ``cell`` its cells are those it had, less
    ``cell``, and ``cell``'s empty neighbours off the map board if it may stand beside
    ``card``. ``steady`` counts the ordinary species with two cells or more (one is left
    whatever the cell), ``unsure`` holds the others with their one cell (-1: none), and
    ``others`` the species placed on the new table again (PARASITIC, INVASIVE, waiting for
    a POLLINATOR: a new card may be their host, their victim or their pollinator). Every
    play of a card into an empty cell shares it: a turn offers a card several cells.
    """

    __slots__ = ("card", "others", "steady", "unsure")

    def __init__(self, hand: list[str], card: str, spots: dict[str, list[int]]) -> None:
        self.card = card
        self.steady = 0
        self.unsure: list[tuple[str, int]] = []
        self.others: list[str] = []
        for c in hand:
            if c == card:
                continue
            before = spots.get(c)
            if before is None:
                if c in _SPECIES:  # (an event is not counted: see _placeable)
                    self.others.append(c)
            elif len(before) > 1:
                self.steady += 1
            else:
                self.unsure.append((c, before[0] if before else -1))

    def placeable(
        self, cells: dict[int, Slot], after: dict[int, Slot] | None, cell: int, seat: int
    ) -> int:
        """:func:`_placeable` of ``after``: ``cells`` with :attr:`card` put into its empty
        ``cell`` by ``seat`` (made here if ``None``: only the other species read it), for the
        hand without the card (or its copies)."""
        card = self.card
        placeable = self.steady
        free: bool | None = None  # whether ``cell`` has an empty neighbour off the map board
        for c, only in self.unsure:
            if only >= 0 and only != cell:
                placeable += 1
            elif card in _BESIDE[c]:
                if free is None:
                    # (a cell is no neighbour of itself: empty in ``after`` is empty here)
                    free = any(n not in cells for n in OFF_MAP_NEIGHBOURS[cell])
                placeable += free
        others = self.others
        if others:
            if after is None:
                after = dict(cells)
                after[cell] = Slot(cell, card, seat)
            # one or two cards: each walks the table itself, cheaper than around() for all
            data = _scratch(after)
            placeable += sum(1 for c in others if species_cells(data, c, after))
        return placeable


def _without(cells: dict[int, Slot], *gone: int) -> dict[int, Slot]:
    return {k: v for k, v in cells.items() if k not in gone}


# What the class is, given to it after its body (`describe`): a compiled class keeps no
# docstring, and `ecotone bots` describes a bot by its class's.
_ABOUT: Final = "Greedy on the value of the table, with sensible answers to every question."


class HeuristicBot(Bot):
    # (its docstring: _ABOUT, above)

    name = "heuristic"

    def act(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        obs = view.observation
        phase = obs["phase"]
        cells = _board(obs)
        if phase == "contest":
            return self.rng.choice(legal)
        if phase == "react":
            return self._react(obs, cells, legal)
        if phase == "spread":
            return self._spread(cells, legal)
        if phase == "seasick":
            return self._discard(obs, cells, legal)
        if phase == "recover":
            return max(legal, key=lambda a: _points(getattr(a, "card", "")))
        if phase == "challenge":
            return self._challenge(obs, cells)
        if phase == "remove":
            return self._remove(cells, legal)
        return self._turn(obs, cells, legal)

    # -- its own turn ------------------------------------------------------------------------

    def _hand(self, obs: dict[str, Any]) -> list[str]:
        return [_card(c) for c in obs["hands"][self.seat]["cards"] or []]

    def _turn(self, obs: dict[str, Any], cells: dict[int, Slot], legal: list[Action]) -> Action:
        hand = self._hand(obs)
        bad = _trouble(obs)
        base = table_value(cells, self.seat, bad)
        best: Action = legal[-1]  # pass
        best_value = 0.0
        where = _species_spots(cells, hand)
        options_now = OPTION * sum(1 for c in hand if where.get(c))
        clean = not bad
        spots = {c: where[c] for c in hand if c in _ORDINARY}
        rests: dict[str, _Rest] = {}
        for action in legal:
            # (``type() is``: a record class of the game has no subclasses)
            if (type(action) is Play or type(action) is PlayLeaving) and action.card in _SPECIES:
                rest = rests.get(action.card)
                if rest is None:
                    rest = rests[action.card] = _Rest(hand, action.card, spots)
                value = self._species_value(cells, hand, action, base, options_now, clean, rest)
            elif type(action) is Drop and action.card in where:
                value = DROP_VALUE if not where[action.card] else -1.0
            else:
                value = self._value(obs, cells, action, base)
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best

    def _species_value(
        self,
        cells: dict[int, Slot],
        hand: list[str],
        action: Play | PlayLeaving,
        base: float,
        options_now: float,
        clean: bool,
        rest: _Rest,
    ) -> float:
        """What playing a species adds to the table's value (``base``) and to the options
        of the hand (``options_now`` before it, :class:`_Rest` after it); ``clean``: no
        card on the table is INCOMPATIBLE."""
        card = action.card
        c = CELL_INDEX[action.cell]  # (a legal action's cell, spelt as the game spells it)
        if c in cells:  # onto or beneath a card: PARASITIC or INVASIVE
            after = self._placed(cells, card, c)
            gain = table_value(after, self.seat) - base
            placeable = _placeable(after, [x for x in hand if x != card])
        else:
            if clean and card not in _PARASITES:
                # A legal play into an empty cell of a table without INCOMPATIBLE cards
                # leaves none (compatibility.grown): the value is the table's plus the
                # card, added last, as table_value adds it.
                gain = (base + _points(card) * 1.0) - base
                after = None
            else:
                after = self._placed(cells, card, c)
                gain = table_value(after, self.seat) - base
            placeable = rest.placeable(cells, after, c, self.seat)
        return gain + OPTION * placeable - options_now + 0.01 * _points(card)

    def _value(
        self, obs: dict[str, Any], cells: dict[int, Slot], action: Action, base: float
    ) -> float:
        """What ``action``, neither a species played nor a species dropped, adds to the
        table's value (``base``)."""
        if isinstance(action, Pass):
            return 0.0
        if isinstance(action, Drop):
            return DROP_VALUE if not self._useful(obs, cells, action.card) else -1.0
        if isinstance(action, Move):
            after = self._moved(cells, action)
            return table_value(after, self.seat) - base - 0.05
        if isinstance(action, Play | PlayLeaving | PlayEvent):
            return self._event_value(obs, cells, action, base)
        return 0.0

    def _placed(self, cells: dict[int, Slot], card: str, c: int) -> dict[int, Slot]:
        after = dict(cells)
        if card in _PARASITES:
            host = cells[c]
            after[c] = Slot(c, host.card, host.owner, card, self.seat)
        else:
            after[c] = Slot(c, card, self.seat)
        return after

    def _moved(self, cells: dict[int, Slot], action: Move) -> dict[int, Slot]:
        src = parse_cell(action.cell)
        assert src is not None
        dest = ray(src, action.direction)[action.steps - 1]
        slot = cells[src]
        after = _without(cells, src)
        after[dest] = Slot(dest, slot.card, slot.owner, slot.under, slot.under_owner)
        return after

    def _event_value(
        self, obs: dict[str, Any], cells: dict[int, Slot], action: Action, base: float
    ) -> float:
        card = getattr(action, "card", "")
        eff = cards().events[card].effect
        opp = 1 - self.seat
        if isinstance(action, Play | PlayLeaving):
            c = parse_cell(action.cell)
            assert c is not None
            gone = chain_below(cells, c) if isinstance(eff, DiscardChain) else [c]
            value = table_value(_without(cells, *gone), self.seat) - base
            if isinstance(eff, SpreadDiscard):
                value += 1.0  # it may spread further
            if isinstance(action, PlayLeaving):
                value -= 0.1  # an URBAN cell blocks both players
            return value - 0.5  # the card is spent
        if isinstance(eff, SkipTurn):
            return SKIP_VALUE
        if isinstance(eff, DiscardHalfHand):
            victims: int = obs["hands"][opp]["count"]
            return SEASICK_VALUE * (victims // 2) - 0.5
        if isinstance(eff, DiscardAll):
            species = cards().species
            keep = {
                k: v
                for k, v in cells.items()
                if not (v.card in species and eff.keyword in species[v.card].keywords)
            }
            return table_value(keep, self.seat) - base - 0.5
        if isinstance(eff, RecoverEffect):
            return RECOVER_VALUE
        if isinstance(eff, DrawBonus):
            return DRAW_BONUS_VALUE
        return 0.0

    def _useful(self, obs: dict[str, Any], cells: dict[int, Slot], card: str) -> bool:
        """Whether ``card`` could be played now (events: on an opponent's species)."""
        if card in cards().species:
            data = PhyloData(
                piles=((),), hands=((), ()), discards=((),), board=tuple(cells.values())
            )
            return bool(species_cells(data, card, cells))
        eff = cards().events[card].effect
        if isinstance(eff, DiscardTarget | DiscardChain | SpreadDiscard):
            return any(s.owner != self.seat for s in cells.values())
        return True

    # -- answers -------------------------------------------------------------------------------

    def _react(self, obs: dict[str, Any], cells: dict[int, Slot], legal: list[Action]) -> Action:
        cancels = [a for a in legal if isinstance(a, Cancel)]
        if not cancels:
            return Allow()
        pending = obs["pending"]
        eff = cards().events[_card(pending["card"])].effect
        if pending["cell"] is None:
            harmful = isinstance(eff, SkipTurn | DiscardHalfHand | DiscardAll)
        else:
            c = parse_cell(pending["cell"])
            assert c is not None
            gone = chain_below(cells, c) if isinstance(eff, DiscardChain) else [c]
            loss = table_value(cells, self.seat) - table_value(_without(cells, *gone), self.seat)
            harmful = loss >= 3.0
        return cancels[0] if harmful else Allow()

    def _spread(self, cells: dict[int, Slot], legal: list[Action]) -> Action:
        best: Action = Done()
        best_gain = 0.0
        base = table_value(cells, self.seat)
        for action in legal:
            if isinstance(action, SpreadTo):
                c = parse_cell(action.cell)
                assert c is not None
                gain = table_value(_without(cells, c), self.seat) - base
                if gain > best_gain:
                    best, best_gain = action, gain
        return best

    def _discard(self, obs: dict[str, Any], cells: dict[int, Slot], legal: list[Action]) -> Action:
        def keep(a: Action) -> tuple[int, int]:
            card = getattr(a, "card", "")
            return (int(self._useful(obs, cells, card)), _points(card))

        return min((a for a in legal if isinstance(a, Discard)), key=keep)

    def _challenge(self, obs: dict[str, Any], cells: dict[int, Slot]) -> Action:
        c = parse_cell(obs["placed"])
        assert c is not None
        slot = cells[c]
        eater = slot.under if obs["placed_under"] else slot.card
        assert eater is not None
        species = cards().species
        links = tables().links[eater]
        if obs["placed_under"]:
            foods = [slot.card]
        else:
            foods = [cells[n].card for n in NEIGHBOURS[c] if n in cells and cells[n].card in links]
        real = any(diet_evidence(species[eater], species[f]) for f in foods)
        return Allow() if real else Challenge()

    def _remove(self, cells: dict[int, Slot], legal: list[Action]) -> Action:
        best: Action = Done()
        best_value = table_value(cells, self.seat)
        for action in legal:
            if isinstance(action, Remove | RemoveUnder):
                c = parse_cell(action.cell)
                assert c is not None
                after = dict(cells)
                if isinstance(action, RemoveUnder):
                    slot = cells[c]
                    after[c] = Slot(c, slot.card, slot.owner)
                else:
                    del after[c]
                value = table_value(_settle(cells, after), self.seat)
                if value > best_value + 1e-9:
                    best, best_value = action, value
        return best


describe(HeuristicBot, _ABOUT)


def _settle(before: dict[int, Slot], after: dict[int, Slot]) -> dict[int, Slot]:
    """``after`` with the cards it newly makes INCOMPATIBLE discarded, until stable."""
    old = {
        (before[c].under if b else before[c].card, before[c].under_owner if b else before[c].owner)
        for c, b in incompatible(before)
    }
    cells = dict(after)
    while True:
        fresh = [
            (c, b)
            for c, b in incompatible(cells)
            if (
                cells[c].under if b else cells[c].card,
                cells[c].under_owner if b else cells[c].owner,
            )
            not in old
        ]
        if not fresh:
            return cells
        for c, b in fresh:
            if c not in cells:
                continue
            if b:
                s = cells[c]
                cells[c] = Slot(c, s.card, s.owner)
            else:
                del cells[c]


# Random playouts still say something about a Phylo table, so the search keeps random
# rollouts to the end of the game, and 600 of them fit in about a second a move.
register(
    GameBots(
        game=Phylo.spec.id,
        heuristic=HeuristicBot,
        search=SearchDefaults(iterations=600),
    )
)
