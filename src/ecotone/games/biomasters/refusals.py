"""Every rule a move can break, in the game's own words (every code is ``biomasters/...``).

:func:`refusal` answers, for any action at all, the first rule it breaks, or ``None``
exactly when the action is legal. The legal-move generation is a fast search over
precomputed tables (:func:`~ecotone.games.biomasters.placement.play_cells`,
:func:`~ecotone.games.biomasters.abilities.ability_actions`,
:func:`~ecotone.games.biomasters.rules.payers`); the rules it shares with the refusals are
written once, where the generation can use them: who may pay an icon (``payers``), which
host takes a parasite or mutualist (``host_problem``), where an adult can grow
(``grow_problem``), which pack hunters take large prey (``pack_ally``), which hunter eats
what (``Kind.can_hunt``), the Domain rule (``board.compatible``). Tests check on random
positions that the two agree exactly.

=================================  ===========================================================
code                               refused because
=================================  ===========================================================
``biomasters/must-pay``            a card is being paid for: exhaust a ready card first
``biomasters/cannot-pay-with``     that card cannot pay the icon due (not yours, exhausted,
                                   another level)
``biomasters/nothing-to-pay``      exhausting a card when nothing is being paid for
``biomasters/not-in-hand``         the card is not in your hand
``biomasters/no-such-cell``        the cell is off this grid
``biomasters/occupied``            the cell is taken
``biomasters/not-connected``       the cell touches no card
``biomasters/domain``              the Domain rule
``biomasters/trophic``             the Trophic rule (and the HOME and chemoautotroph rules)
``biomasters/needs-detritus``      a saprotroph goes onto a Detritus tile
``biomasters/no-host``             a parasite or mutualist needs a living host
``biomasters/bad-host``            not that host (its tags, domain, or it is taken)
``biomasters/cannot-pay``          your ready cards cannot pay the cost
``biomasters/no-card``             no living card of yours in the cell
``biomasters/not-yours``           the card is another player's
``biomasters/no-such-ability``     the card has no such ability
``biomasters/exhausted``           the card is exhausted
``biomasters/not-prey``            not something this hunter can kill
``biomasters/no-detritus``         nothing to scavenge there
``biomasters/nothing-to-recycle``  no card in your Score Pile to process
``biomasters/deck-empty``          no card to draw
``biomasters/wrong-adult``,        metamorphosis refused (wrong adult, not in hand, the adult
``biomasters/cannot-grow``         could not live there)
``biomasters/game-over``           the game is over: nothing is left to do
=================================  ===========================================================
"""

from __future__ import annotations

from typing import Final

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction, Refusal
from ecotone.core.tuples import seat_name
from ecotone.games.biomasters.abilities import grow_problem, pack_ally
from ecotone.games.biomasters.actions import Activate, Metamorphose, Pass, Pay, Play, Target
from ecotone.games.biomasters.board import Grid, compatible
from ecotone.games.biomasters.cards import Kind, Trophic, cards, level_name
from ecotone.games.biomasters.effects import Table, best_to_process
from ecotone.games.biomasters.placement import (
    affordable,
    capacity,
    cost_text,
    host_problem,
    is_live,
    live_neighbours,
)
from ecotone.games.biomasters.rules import payers
from ecotone.games.biomasters.state import BioData, Phase, kind_of

__all__ = ["BioRefusal", "ability_problem", "play_problem", "refusal"]


class BioRefusal(Refusal):
    """The codes of every refusal of BioMasters TCG (see the module's table)."""

    MUST_PAY = "biomasters/must-pay"
    CANNOT_PAY_WITH = "biomasters/cannot-pay-with"
    NOTHING_TO_PAY = "biomasters/nothing-to-pay"
    NOT_IN_HAND = "biomasters/not-in-hand"
    NO_SUCH_CELL = "biomasters/no-such-cell"
    OCCUPIED = "biomasters/occupied"
    NOT_CONNECTED = "biomasters/not-connected"
    DOMAIN = "biomasters/domain"
    TROPHIC = "biomasters/trophic"
    NEEDS_DETRITUS = "biomasters/needs-detritus"
    NO_HOST = "biomasters/no-host"
    BAD_HOST = "biomasters/bad-host"
    CANNOT_PAY = "biomasters/cannot-pay"
    NO_CARD = "biomasters/no-card"
    NOT_YOURS = "biomasters/not-yours"
    NO_SUCH_ABILITY = "biomasters/no-such-ability"
    EXHAUSTED = "biomasters/exhausted"
    NOT_PREY = "biomasters/not-prey"
    NO_DETRITUS = "biomasters/no-detritus"
    NOTHING_TO_RECYCLE = "biomasters/nothing-to-recycle"
    DECK_EMPTY = "biomasters/deck-empty"
    WRONG_ADULT = "biomasters/wrong-adult"
    CANNOT_GROW = "biomasters/cannot-grow"
    GAME_OVER = "biomasters/game-over"


R: Final = BioRefusal

_POOL: Final = cards()
_KINDS: Final = _POOL.kinds
_HOME_KINDS: Final = frozenset(_POOL.homes)

# The abilities each kind of activation uses.
_WANTED: Final[dict[type[Action], tuple[str, ...]]] = {
    Target: ("hunt", "scavenge", "decompose"),
    Activate: ("recycle", "filter"),
    Metamorphose: ("metamorphosis",),
}


def refusal(d: BioData, table: Table, seat: int, action: Action) -> IllegalAction | None:
    """The first rule ``action`` breaks for ``seat`` (who is to move), or ``None`` when it
    breaks none: while a card is paid for only paying; otherwise a play, an ability or a
    pass (always possible)."""
    if d.phase is Phase.OVER:
        return IllegalAction(R.GAME_OVER, "the game is over: nothing is left to do")
    if d.phase is Phase.PAY:
        return _pay_problem(d, table, seat, action)
    if isinstance(action, Pay):
        return IllegalAction(
            R.NOTHING_TO_PAY, "there is no card being paid for: exhaust nothing now"
        )
    if isinstance(action, Pass):
        return None
    if isinstance(action, Play):
        return _play_refusal(d, table, seat, action)
    return ability_problem(d, table, seat, action)


# -- paying (§Paying the cost) ----------------------------------------------------------------


def _pay_problem(d: BioData, table: Table, seat: int, action: Action) -> IllegalAction | None:
    p = d.pending
    assert p is not None
    paying = _KINDS[kind_of(p.card)].card.name
    due = level_name(p.icons[0])
    if not isinstance(action, Pay):
        return IllegalAction(
            R.MUST_PAY,
            f"first finish paying for the {paying}: still due {cost_text(p.icons)}; "
            f"exhaust one of your ready {due} cards",
        )
    cell = table.grid.index.get(action.cell)
    if cell is not None and any(i == cell for i, _ in payers(d, seat, p.icons[0], p.cell)):
        return None
    s = d.grid[cell] if cell is not None else None
    if s is None or s.tile or s.owner != seat or cell == p.cell:
        what = "it is not a ready card of yours"
    elif _KINDS[s.kind].level != p.icons[0]:
        what = f"it is a {_KINDS[s.kind].trophic} card"
    else:
        what = "it is exhausted"
    return IllegalAction(
        R.CANNOT_PAY_WITH,
        f"{action.cell} cannot pay the {due} icon due for the {paying}: {what}",
    )


# -- playing a card (§Playing a card) ---------------------------------------------------------


def _play_refusal(d: BioData, table: Table, seat: int, action: Play) -> IllegalAction | None:
    held = {kind_of(c) for c in d.hands[seat]}
    if action.card not in held:
        shown = ", ".join(sorted(held)) or "nothing"
        return IllegalAction(R.NOT_IN_HAND, f"{action.card} is not in your hand (you hold {shown})")
    grid = table.grid
    cell = grid.index.get(action.cell)
    if cell is None:
        return IllegalAction(
            R.NO_SUCH_CELL,
            f"there is no cell {action.cell}: the grid runs from A1 to {grid.names[-1]}",
        )
    problem = play_problem(d, grid, seat, _KINDS[action.card], cell, table.chemo_home)
    return None if problem is None else IllegalAction(*problem)


def play_problem(
    d: BioData, grid: Grid, seat: int, k: Kind, cell: int, chemo_home: bool
) -> tuple[BioRefusal, str] | None:
    """Why ``seat`` may not play ``k`` into ``cell`` (a code and a reason), or ``None``.

    The card is assumed to be in hand and the cell on the grid.
    """
    here = d.grid[cell]
    name = grid.names[cell]
    if k.is_attachment:
        what = "parasite" if k.trophic is Trophic.PARASITE else "mutualist"
        if here is None or here.tile or here.kind in _HOME_KINDS:
            return R.NO_HOST, f"a {what} is tucked under a living host; {name} holds none"
        problem = host_problem(k, _KINDS[here.kind], here)
        if problem is not None:
            return R.BAD_HOST, problem
    elif k.trophic is Trophic.SAPROTROPH:
        if here is None or not here.tile:
            return (
                R.NEEDS_DETRITUS,
                f"a saprotroph (-1S) is played only onto a Detritus tile, and {name} holds none",
            )
        clash = _domain_clash(d, grid, k, cell)
        if clash:
            return R.DOMAIN, clash
    else:
        refused = _cell_problem(d, grid, seat, k, cell, chemo_home)
        if refused is not None:
            return refused
    if not affordable(k, capacity(d, seat)):
        return R.CANNOT_PAY, _cost_reason(d, seat, k)
    return None


def _cell_problem(
    d: BioData, grid: Grid, seat: int, k: Kind, cell: int, chemo_home: bool
) -> tuple[BioRefusal, str] | None:
    name = grid.names[cell]
    here = d.grid[cell]
    if here is not None:
        what = "a Detritus tile" if here.tile else f"the {_KINDS[here.kind].card.name}"
        return R.OCCUPIED, f"{name} already holds {what}"
    around = [d.grid[n] for n in grid.neighbours[cell]]
    if all(s is None for s in around):
        return (
            R.NOT_CONNECTED,
            f"a card must share an edge with a card already on the grid; {name} touches none",
        )
    clash = _domain_clash(d, grid, k, cell)
    if clash:
        return R.DOMAIN, clash
    live = [_KINDS[s.kind] for _, s in live_neighbours(d, grid, cell)]
    home = any(s is not None and s.kind in _HOME_KINDS for s in around)
    if k.trophic is Trophic.PHOTO:
        if not home and not any(n.level == 1 for n in live):
            return (
                R.TROPHIC,
                f"a photoautotroph (+1A) connects to a HOME, or to a producer (+1) growing "
                f"from one; nothing next to {name} is either",
            )
    elif k.trophic is Trophic.CHEMO:
        own = any(
            s.owner == seat and _KINDS[s.kind].level < 0 for _, s in live_neighbours(d, grid, cell)
        )
        if not own and not (home and chemo_home):
            where = "a HOME or " if chemo_home else ""
            return (
                R.TROPHIC,
                f"a chemoautotroph (+1C) connects to {where}a -1S or -2D card you control; "
                f"nothing next to {name} is one",
            )
    elif not any(n.level == k.food for n in live):
        return (
            R.TROPHIC,
            f"the Trophic rule: a {k.trophic} card is played next to a {level_name(k.food)} "
            f"card it can feed on; nothing next to {name} is one",
        )
    return None


def _domain_clash(d: BioData, grid: Grid, k: Kind, cell: int) -> str | None:
    for n, s in live_neighbours(d, grid, cell):
        other = _KINDS[s.kind]
        if not compatible(k.domain, other.domain):
            return (
                f"the Domain rule: a {k.domain.title} card cannot touch the {other.card.name} "
                f"{other.domain.title} in {grid.names[n]}"
            )
    return None


def _cost_reason(d: BioData, seat: int, k: Kind) -> str:
    cap = capacity(d, seat)
    have = " ".join(f"{cap[lv]}x {level_name(lv)}" for lv in sorted(cap, key=abs)) or "none"
    return (
        f"the {k.card.name} costs {cost_text(k.cost)}: exhaust that many of your ready cards "
        f"of those levels; your ready cards can pay: {have}"
    )


# -- abilities (§Abilities) -------------------------------------------------------------------


def ability_problem(d: BioData, table: Table, seat: int, action: Action) -> IllegalAction | None:
    """Why the ability activation ``action`` (an Activate, Target or Metamorphose) is
    refused, or ``None`` when ``seat`` may take it."""
    grid = table.grid
    wanted = _WANTED[type(action)]
    where: str = getattr(action, "cell", "")
    cell = grid.index.get(where)
    if cell is None:
        return IllegalAction(R.NO_SUCH_CELL, f"there is no cell {where} on this grid")
    s = d.grid[cell]
    if s is None or not is_live(s):
        return IllegalAction(R.NO_CARD, f"there is no living card of yours in {where}")
    k = _KINDS[s.kind]
    if s.owner != seat:
        return IllegalAction(R.NOT_YOURS, f"the {k.card.name} in {where} is {seat_name(s.owner)}'s")
    if k.ability not in wanted:
        has = f"its ability is {k.ability}" if k.ability else "it has no ability"
        return IllegalAction(R.NO_SUCH_ABILITY, f"the {k.card.name} cannot do that: {has}")
    if not s.ready:
        return IllegalAction(R.EXHAUSTED, f"the {k.card.name} in {where} is exhausted")
    if isinstance(action, Target):
        return _target_problem(d, table, seat, k, cell, action.target)
    if isinstance(action, Metamorphose):
        if action.card != k.adult:
            return IllegalAction(R.WRONG_ADULT, f"the {k.card.name} grows into the {k.adult}")
        if k.adult not in {kind_of(c) for c in d.hands[seat]}:
            return IllegalAction(R.NOT_IN_HAND, f"you need the {k.adult} card in your hand")
        problem = grow_problem(d, table, cell, _KINDS[k.adult])
        return None if problem is None else IllegalAction(R.CANNOT_GROW, problem)
    if k.ability == "recycle":
        if best_to_process(d.piles[seat]) >= 0:
            return None
        return IllegalAction(
            R.NOTHING_TO_RECYCLE,
            "your Score Pile holds no card worth less than its printed VP to process",
        )
    if d.decks[seat]:
        return None
    return IllegalAction(R.DECK_EMPTY, "your deck is empty: there is no card to draw")


def _target_problem(
    d: BioData, table: Table, seat: int, k: Kind, cell: int, target_name: str
) -> IllegalAction | None:
    grid = table.grid
    target = grid.index.get(target_name)
    if target is None:
        return IllegalAction(R.NO_SUCH_CELL, f"there is no cell {target_name} on this grid")
    if k.ability in ("scavenge", "decompose"):
        t = d.grid[target]
        if target in grid.neighbours[cell] and t is not None and t.tile:
            return None
        return IllegalAction(
            R.NO_DETRITUS,
            f"the {k.card.name} can {k.ability} only a Detritus tile next to it; "
            f"{target_name} is not one",
        )
    problem = _hunt_problem(d, table, seat, cell, target)
    return None if problem is None else IllegalAction(R.NOT_PREY, problem)


def _hunt_problem(d: BioData, table: Table, seat: int, cell: int, target: int) -> str | None:
    hunter = _KINDS[d.grid[cell].kind]  # type: ignore[union-attr]
    names = table.grid.names
    prey_slot = d.grid[target]
    if target not in table.grid.neighbours[cell]:
        return f"the {hunter.card.name} hunts only a card next to it; {names[target]} is not"
    if prey_slot is None or not is_live(prey_slot):
        return f"there is no living prey in {names[target]}"
    prey = _KINDS[prey_slot.kind]
    if not hunter.can_hunt(prey):
        levels = ", ".join(level_name(lv) for lv in sorted(hunter.prey_levels))
        tags = ", ".join(sorted(hunter.prey))
        return (
            f"the {hunter.card.name} does not eat a {prey.card.name}: its prey is "
            f"{tags} at level {levels}"
        )
    if "large" in prey.tags:
        if not hunter.pack:
            return f"a {prey.card.name} is too large for a lone hunter: only a pack takes it"
        if pack_ally(d, table, seat, cell, target) < 0:
            return (
                f"a {prey.card.name} is too large for one hunter: another ready PACK HUNTER "
                f"of yours must stand next to it too"
            )
    return None
