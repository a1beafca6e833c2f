"""Why an action is refused, in the game's words (every code starts ``phylo/``).

The explanations teach the rules: a species refused in a cell is told, neighbour by
neighbour, which condition of compatibility fails (climate, terrain, locale, food chain).
"""

from __future__ import annotations

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.games.phylo.actions import (
    Cancel,
    Discard,
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
)
from ecotone.games.phylo.board import name
from ecotone.games.phylo.cards import (
    DiscardChain,
    DiscardTarget,
    Event,
    Negate,
    Species,
    SpreadDiscard,
    Timing,
    cards,
    environment_compatible,
    feeds_on,
)
from ecotone.games.phylo.cards import (
    Recover as RecoverEffect,
)
from ecotone.games.phylo.events import TARGETED, spread_candidates, timing_ok
from ecotone.games.phylo.grid import (
    CELL_NAMES,
    MAP_CELLS,
    NEIGHBOURS,
    NEXT_TO_MAP,
    Slot,
    fits,
    parse_cell,
    pollinated,
    ray,
    tables,
)
from ecotone.games.phylo.rules import moves_left
from ecotone.games.phylo.state import Phase, PhyloData

__all__ = ["why_illegal", "why_not_fits"]

_TURN_ACTIONS = (Play, PlayLeaving, PlayEvent, Drop, Move, Pass)


def _err(code: str, message: str) -> IllegalAction:
    return IllegalAction(f"phylo/{code}", message)


def why_illegal(d: PhyloData, seat: int, action: Action) -> IllegalAction:
    """The reason ``action`` is refused (``seat`` is to move)."""
    card = getattr(action, "card", None)
    if isinstance(card, str) and card not in cards().by_id:
        return _err("unknown-card", f"there is no card {card!r} in Phylo: Voyage of the Beagle")
    cell_text = getattr(action, "cell", None)
    if isinstance(cell_text, str) and parse_cell(cell_text) is None:
        return _err(
            "no-such-cell",
            f"there is no cell {cell_text!r}: cells run {CELL_NAMES[0]} to {CELL_NAMES[-1]}",
        )
    if d.phase is Phase.ACT:
        return _act(d, seat, action)
    return _answer(d, seat, action)


# -- outside the turn's actions -------------------------------------------------------------


def _answer(d: PhyloData, seat: int, action: Action) -> IllegalAction:
    phase = d.phase
    p = d.pending
    if phase is Phase.REACT:
        assert p is not None
        if isinstance(action, Cancel):
            if action.card not in d.hands[seat]:
                return _not_in_hand(d, seat, action.card)
            ev = cards().events[action.card]
            return _err(
                "cannot-cancel",
                f"{name(action.card)} cannot cancel {name(p.card)}: {ev.text}",
            )
        return _err(
            "must-react",
            f"P{p.player + 1} just played {name(p.card)}: cancel it with a card that negates "
            "it, or allow it",
        )
    if phase is Phase.SPREAD:
        if isinstance(action, SpreadTo):
            near = ", ".join(f"{c}" for c in _names(spread_candidates(d)))
            return _err(
                "not-next-to-spread",
                f"Climate Change spreads only to a species next to it: {near}",
            )
        return _err("must-spread", "choose the species Climate Change spreads to, or say done")
    if phase is Phase.CONTEST:
        return _err("must-throw", "throw rock, paper or scissors")
    if phase is Phase.SEASICK:
        if isinstance(action, Discard):
            return _not_in_hand(d, seat, action.card)
        return _err("must-discard", f"discard {d.owed} more card(s) from your hand first")
    if phase is Phase.RECOVER:
        if isinstance(action, Recover):
            if action.card not in cards().species:
                return _err("not-a-species", f"{name(action.card)} is not a species card")
            return _err("not-in-discard", f"{name(action.card)} is not in your discard pile")
        return _err("must-recover", "take a species card back from your discard pile")
    if phase is Phase.CHALLENGE:
        return _err("must-challenge-or-allow", "challenge the placement just made, or allow it")
    if phase is Phase.REMOVE:
        if isinstance(action, Remove | RemoveUnder):
            c = parse_cell(action.cell)
            slot = d.cells().get(c) if c is not None else None
            if slot is None:
                return _err("empty-cell", f"there is no card at {action.cell} to remove")
            return _err("no-parasite", f"there is no parasite under {action.cell}")
        return _err("must-remove", "you won the challenge: remove a card, or say done")
    return IllegalAction("action/not-legal", f"{action} is not possible now")


def _names(cells: list[int]) -> list[str]:
    return [CELL_NAMES[c] for c in cells]


def _not_in_hand(d: PhyloData, seat: int, card: str) -> IllegalAction:
    hand = ", ".join(d.hands[seat]) or "nothing"
    return _err("not-in-hand", f"{card} is not in your hand (you hold {hand})")


# -- the turn's actions ----------------------------------------------------------------------


def _act(d: PhyloData, seat: int, action: Action) -> IllegalAction:
    if not isinstance(action, _TURN_ACTIONS):
        return _err(
            "not-now",
            f"'{action}' is not one of a turn's actions: play a card, drop one and pick up "
            "three, move a species, or pass",
        )
    if isinstance(action, Move):
        return _why_not_move(d, seat, action)
    assert isinstance(action, Play | PlayLeaving | PlayEvent | Drop)
    card = action.card
    if card not in d.hands[seat]:
        return _not_in_hand(d, seat, card)
    if isinstance(action, Drop):
        return _err("pile-empty", "the pick-up pile is empty: there is nothing to pick up")
    c = cards().by_id[card]
    if isinstance(c, Species):
        if isinstance(action, PlayEvent):
            return _err("needs-cell", f"say where: play {card} at <cell>")
        if isinstance(action, PlayLeaving):
            return _err("cannot-leave", f"{name(card)} is a species, not Habitat Loss")
        cell = parse_cell(action.cell)
        assert cell is not None
        return _why_not_species(d, c, cell)
    return _why_not_event(d, seat, c, action)


def _why_not_event(d: PhyloData, seat: int, ev: Event, action: Action) -> IllegalAction:
    if ev.timing is Timing.REACTION or isinstance(ev.effect, Negate):
        return _err(
            "reaction-only", f"{name(ev.id)} is played only in answer to an event: {ev.text}"
        )
    if not timing_ok(d, ev):
        return _err(
            "start-of-turn-only",
            f"{name(ev.id)} is played at the start of your turn, before your first action",
        )
    targeted = isinstance(ev.effect, TARGETED)
    if isinstance(action, PlayEvent):
        if targeted:
            return _err(
                "needs-target", f"{name(ev.id)} is played on a species: play {ev.id} at <cell>"
            )
        assert isinstance(ev.effect, RecoverEffect)
        return _err(
            "nothing-to-recover", "there is no species card in your discard pile to take back"
        )
    assert isinstance(action, Play | PlayLeaving)
    if not targeted:
        return _err("takes-no-target", f"{name(ev.id)} is not played on a species: play {ev.id}")
    if isinstance(action, PlayLeaving) and not (
        isinstance(ev.effect, DiscardTarget) and ev.effect.leave_terrain
    ):
        return _err("cannot-leave", f"{name(ev.id)} cannot stay on the table as URBAN terrain")
    eff = ev.effect
    if isinstance(eff, SpreadDiscard) and d.spread_used:
        return _err("once-per-game", "Climate Change may be played once per game; it has been")
    cell = parse_cell(action.cell)
    assert cell is not None
    slot = d.cells().get(cell)
    sp = cards().species.get(slot.card) if slot is not None else None
    if sp is None:
        return _err("no-target", f"there is no species at {action.cell} to play {name(ev.id)} on")
    if isinstance(eff, DiscardTarget):
        if eff.terrains and not set(sp.terrains) & set(eff.terrains):
            wanted = " or ".join(t.value for t in eff.terrains)
            has = "/".join(t.value for t in sp.terrains)
            return _err(
                "bad-target",
                f"{name(ev.id)} is played on a {wanted} species; {sp.name} lives in {has}",
            )
        return _err(
            "bad-target",
            f"{name(ev.id)} is played on a species of scale {eff.min_scale} or more; "
            f"{sp.name} is scale {sp.scale}",
        )
    assert isinstance(eff, DiscardChain)
    return _err(
        "bad-target",
        f"{name(ev.id)} is played on a species of food chain {eff.max_food_chain} or less; "
        f"{sp.name} is FC{sp.food_chain}",
    )


def _why_not_species(d: PhyloData, sp: Species, cell: int) -> IllegalAction:
    t = tables()
    cells = d.cells()
    where = parse_name(cell)
    if cell in MAP_CELLS:
        return _err("map-board", f"{where} is part of the map board")
    slot = cells.get(cell)
    if sp.id in t.parasites:
        hosts = " or ".join(sp.hosts)
        if slot is None or slot.card not in t.species:
            return _err("needs-host", f"{sp.name} is PARASITIC: play it beneath a {hosts} species")
        if slot.under is not None:
            return _err("cell-full", f"{where} already holds a parasite (at most 2 cards a cell)")
        host = cards().species[slot.card]
        return _err("not-a-host", f"{host.name} cannot host {sp.name}: {_pair_reason(sp, host)}")
    if slot is not None:
        if sp.id not in t.invasive:
            return _err("cell-taken", f"{where} is taken by {name(slot.card)}")
        if slot.card not in t.invasive[sp.id]:
            return _err(
                "not-similar",
                f"INVASIVE {sp.name} may only be played on top of a {sp.diet.value} species "
                f"of scale {sp.scale}, not on {name(slot.card)}",
            )
        rest = {k: v for k, v in cells.items() if k != cell}
        return _err("incompatible", why_not_fits(sp, cell, rest))
    if cell not in NEXT_TO_MAP and not any(n in cells for n in NEIGHBOURS[cell]):
        return _err("not-adjacent", f"{where} is not next to any card or the map board")
    if sp.id in t.needs_pollinator and not pollinated(d.board):
        return _err("needs-pollinator", f"{sp.name} needs a POLLINATOR on the table first")
    return _err("incompatible", why_not_fits(sp, cell, cells))


def parse_name(cell: int) -> str:
    """The name of ``cell``."""
    return CELL_NAMES[cell]


def _food_reason(x: Species, y: Species) -> str:
    if x.feeds_in_terrain is not None and x.feeds_in_terrain not in y.terrains:
        return f"{x.name} must feed off a {x.feeds_in_terrain.value} card"
    if x.feeds_on_keyword is not None:
        return f"{x.name} must be played next to a {x.feeds_on_keyword.value} species"
    if x.diet.value == "herbivore":
        return f"a herbivore feeds on a food chain 1 card, and {y.name} is FC{y.food_chain}"
    if not 2 <= y.food_chain < x.food_chain:
        plant = " or on a plant" if x.diet.value == "omnivore" else ""
        return (
            f"{x.name} (FC{x.food_chain}) feeds on animals of a lower food chain number{plant}; "
            f"{y.name} is FC{y.food_chain}"
        )
    return f"{y.name} (scale {y.scale}) is bigger than {x.name} (scale {x.scale})"


def _pair_reason(x: Species, y: Species) -> str:
    """The first condition ``x`` fails next to ``y``."""
    if not set(x.climates) & set(y.climates):
        return "no shared climate"
    if not set(x.terrains) & set(y.terrains):
        return "no shared terrain"
    if not environment_compatible(x, y):
        legs = cards().legs
        return f"locales differ ({legs[x.locale].colour} and {legs[y.locale].colour})"
    if x.id in tables().parasites:
        return f"{x.name} parasitises only {' or '.join(x.hosts)} species"
    if feeds_on(x, y) or x.id in tables().plants:
        return "it would fit"
    return _food_reason(x, y)


def why_not_fits(sp: Species, cell: int, cells: dict[int, Slot]) -> str:
    """Why ``sp`` is not compatible in ``cell``, neighbour by neighbour."""
    species = cards().species
    reasons = []
    for n in NEIGHBOURS[cell]:
        slot = cells.get(n)
        if slot is None:
            continue
        other = species.get(slot.card)
        if other is None:
            reasons.append(f"{parse_name(n)} is URBAN")
        else:
            reasons.append(f"{other.name} at {parse_name(n)}: {_pair_reason(sp, other)}")
    if cell in NEXT_TO_MAP:
        reasons.append("only a photosynthetic food chain 1 card may use the map board")
    head = f"{sp.name} is not compatible at {parse_name(cell)}"
    return head + (": " + "; ".join(reasons) if reasons else "")


def _why_not_move(d: PhyloData, seat: int, action: Move) -> IllegalAction:
    src = parse_cell(action.cell)
    assert src is not None
    cells = d.cells()
    slot = cells.get(src)
    if slot is None:
        return _err("no-card-there", f"there is no card at {action.cell} to move")
    if slot.owner != seat:
        return _err("not-your-card", f"{name(slot.card)} at {action.cell} is not your card")
    sp = cards().species.get(slot.card)
    if sp is None or sp.movement is None:
        return _err("cannot-move", f"{name(slot.card)} cannot move (it has no MOVE or FLIGHT)")
    if action.direction.diagonal and not sp.flies:
        return _err("no-diagonal", f"{sp.name} moves like a rook: only FLIGHT moves diagonally")
    left = moves_left(d, sp.id, seat)
    if action.steps > left:
        done = sp.reach - left
        already = f" and has moved {done} this turn" if done else ""
        return _err(
            "too-far",
            f"{sp.name} has {sp.movement.kind.value.upper()} {sp.reach}{already}: "
            f"it cannot go {action.steps} more",
        )
    path = ray(src, action.direction)[: action.steps]
    if len(path) < action.steps:
        return _err("off-the-table", f"that move leaves the table's {len(path)} cells that way")
    for c in path:
        if c in cells or c in MAP_CELLS:
            what = "the map board" if c in MAP_CELLS else name(cells[c].card)
            return _err("blocked", f"{parse_name(c)} holds {what}: cards cannot jump")
    rest = {k: v for k, v in cells.items() if k != src}
    dest = path[-1]
    assert not fits(sp.id, dest, rest)
    return _err("incompatible", why_not_fits(sp, dest, rest))
