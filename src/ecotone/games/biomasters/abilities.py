"""Activated abilities: exhaust a ready card you control to use it (rules doc §Abilities).

* **Hunt** (predators, and Mixotrophs such as the Venus Flytrap): kill a live card next to
  the hunter whose level is one of its prey levels and which carries one of its prey tags.
  The prey becomes a Detritus tile killed by the hunter's player; the hunter is fed: it
  cannot starve at the end of this turn nor of its player's next turn. A ``large`` prey can
  be taken only by a PACK HUNTER with another ready PACK HUNTER of its player next to the same
  prey; both are exhausted and fed. VENOMOUS hunters may kill prey of their own level.
  [ecotone; the keywords: rulebook and public]
* **Scavenge**: take the top card of a Detritus tile next to it into your hand, shown to all;
  the scavenger is fed as a hunter is. [public]
* **Decompose** (saprotrophs): decompose a Detritus tile next to it, as if a saprotroph were
  played onto it; the cell is left empty. A fungus keeps feeding on the dead around it.
  [ecotone]
* **Recycle** (detritivores): process the card of your Score Pile that gains most (from 1 VP
  to its printed VP), then draw a card. [public: Recycler, adapted]
* **Filter**: draw a card. [public: Filter Feeder]
* **Metamorphosis**: replace the juvenile with its adult card from your hand, without paying
  its cost; the adult enters Ready and must be able to live in the cell (Domain and Trophic
  rules). The juvenile stays beneath it. [rulebook; public]
"""

from __future__ import annotations

from typing import Final

from ecotone.core.actions import Action
from ecotone.core.tuples import put, replace, seat_name
from ecotone.games.biomasters.actions import Activate, Metamorphose, Target
from ecotone.games.biomasters.board import COMPAT_MASK
from ecotone.games.biomasters.cards import Kind, cards, level_name
from ecotone.games.biomasters.effects import (
    Table,
    best_to_process,
    decompose,
    draw,
    from_hand,
    kill,
    occupied,
    pick,
    set_cell,
)
from ecotone.games.biomasters.placement import (
    is_live,
    layout_changed,
    live_neighbours,
    same_layout,
)
from ecotone.games.biomasters.state import BioData, Slot, kind_of

__all__ = ["ability_actions", "apply_ability", "grow_problem", "pack_ally"]

_KINDS: Final = cards().kinds

_ABILITY: Final = {c: k.ability for c, k in _KINDS.items()}

# A meal lasts two ends of turn: this one and the eater's player's next one (ecotone).
MEAL: Final = 2


def pack_ally(d: BioData, table: Table, seat: int, hunter: int, prey: int) -> int:
    """A ready PACK HUNTER of ``seat`` next to ``prey``, other than ``hunter``; -1 if none."""
    for n in table.grid.neighbours[prey]:
        s = d.grid[n]
        if (
            n != hunter
            and s is not None
            and is_live(s)
            and s.owner == seat
            and s.ready
            and _KINDS[s.kind].pack
        ):
            return n
    return -1


def ability_actions(
    d: BioData, table: Table, seat: int, actors: list[int] | None = None
) -> list[Action]:
    """The ability activations ``seat`` may take now, in cell order.

    ``actors``: the cells of ``seat``'s ready living cards that have an ability, in cell
    order, when the caller has already scanned the grid (the legal-move hot path); by default
    they are found here.
    """
    out: list[Action] = []
    names = table.grid.names
    neighbours = table.grid.neighbours
    g = d.grid
    if actors is None:
        actors = [
            i
            for i in occupied(g)
            if (s := g[i]) is not None
            and s.owner == seat
            and s.ready
            and not s.tile
            and _ABILITY[s.kind]
        ]
    for cell in actors:
        s = g[cell]
        assert s is not None
        ability = _ABILITY[s.kind]
        if ability == "hunt":
            prey_kinds = _PREY_KINDS[s.kind]
            for n in neighbours[cell]:
                prey = g[n]
                if prey is None or prey.tile or prey.kind not in prey_kinds:
                    continue
                if prey.kind in _LARGE and (
                    s.kind not in _PACK or pack_ally(d, table, seat, cell, n) < 0
                ):
                    continue
                out.append(Target(names[cell], names[n]))
        elif ability in ("scavenge", "decompose"):
            for n in neighbours[cell]:
                t = g[n]
                if t is not None and t.tile:
                    out.append(Target(names[cell], names[n]))
        elif ability == "recycle":
            if best_to_process(d.piles[seat]) >= 0:
                out.append(Activate(names[cell]))
        elif ability == "filter":
            if d.decks[seat]:
                out.append(Activate(names[cell]))
        elif ability == "metamorphosis":
            adult = _KINDS[s.kind].adult
            if _holds(d.hands[seat], adult) and grow_problem(d, table, cell, _KINDS[adult]) is None:
                out.append(Metamorphose(names[cell], adult))
    return out


def _holds(hand: tuple[str, ...], card_id: str) -> bool:
    """Whether ``hand`` holds an instance of ``card_id`` (its id, ``#``, seat and copy): a
    look at each instance id, with no set of the hand's card ids made."""
    copy = card_id + "#"
    for c in hand:  # noqa: SIM110 (a loop: cheaper than any() of a generator)
        if c.startswith(copy):
            return True
    return False


# For the legal-move hot path: the creatures each hunter may kill (level and tag, as
# Kind.can_hunt says), the large prey, and the pack hunters.
_PREY_KINDS: Final[dict[str, frozenset[str]]] = {
    c: frozenset(p for p, pk in _KINDS.items() if pk.is_creature and k.can_hunt(pk))
    for c, k in _KINDS.items()
    if k.ability == "hunt"
}
_LARGE: Final = frozenset(c for c, k in _KINDS.items() if "large" in k.tags)
_PACK: Final = frozenset(c for c, k in _KINDS.items() if k.pack)


def grow_problem(d: BioData, table: Table, cell: int, adult: Kind) -> str | None:
    """Why ``adult`` could not live in ``cell`` (Domain and Trophic rules), or ``None``."""
    names = table.grid.names
    for n, s in live_neighbours(d, table.grid, cell):
        other = _KINDS[s.kind]
        if not (COMPAT_MASK[adult.domain] >> other.domain) & 1:
            return (
                f"the Domain rule: the {adult.card.name} {adult.domain.title} could not touch "
                f"the {other.card.name} {other.domain.title} in {names[n]}"
            )
    if adult.is_consumer and not any(
        _KINDS[s.kind].level == adult.food for _, s in live_neighbours(d, table.grid, cell)
    ):
        return (
            f"the Trophic rule: the {adult.card.name} ({adult.trophic}) needs a "
            f"{level_name(adult.food)} card next to {names[cell]} to feed on"
        )
    return None


def apply_ability(d: BioData, table: Table, seat: int, action: Action) -> BioData:
    """``d`` after the legal ability activation ``action``.

    The scans are told which cells changed place or kind: the target of a hunt, a
    scavenge or a decomposition, the cell of a metamorphosis; any other activation
    only exhausts, feeds or draws."""
    start = d.grid
    after = _activated(d, table, seat, action)
    if type(action) is Target:
        layout_changed(after.grid, start, (table.grid.index[action.target],))
    elif type(action) is Metamorphose:
        layout_changed(after.grid, start, (table.grid.index[action.cell],))
    else:
        same_layout(after.grid, start)
    return after


def _activated(d: BioData, table: Table, seat: int, action: Action) -> BioData:
    grid = table.grid
    cell = grid.index[action.cell]  # type: ignore[attr-defined]
    s = d.grid[cell]
    assert s is not None
    k = _KINDS[s.kind]
    if isinstance(action, Metamorphose):
        adult = pick(d, seat, action.card)
        grown = replace(s, card=adult, kind=action.card, ready=True, under=(s.card, *s.under))
        return from_hand(set_cell(d, cell, grown), seat, adult)
    d = set_cell(d, cell, replace(s, ready=False))
    if isinstance(action, Target):
        target = grid.index[action.target]
        if k.ability == "scavenge":
            return _scavenge(d, seat, cell, target)
        if k.ability == "decompose":
            return decompose(d, table, target, seat)
        prey = _KINDS[d.grid[target].kind]  # type: ignore[union-attr]
        if "large" in prey.tags:
            ally = pack_ally(d, table, seat, cell, target)
            a = d.grid[ally]
            assert a is not None
            d = set_cell(d, ally, replace(a, ready=False, fed=MEAL))
        d = set_cell(d, cell, replace(d.grid[cell], fed=MEAL))  # type: ignore[type-var]
        return kill(d, table, target, seat, f"was killed by {seat_name(seat)}'s {k.card.name}")
    if k.ability == "recycle":
        pile = d.piles[seat]
        i = best_to_process(pile)
        entry = pile[i]
        processed = replace(entry, vp=_KINDS[kind_of(entry.card)].vp)
        d = replace(d, piles=put(d.piles, seat, put(pile, i, processed)))
    return draw(d, seat)


def _scavenge(d: BioData, seat: int, cell: int, target: int) -> BioData:
    tile = d.grid[target]
    assert tile is not None
    assert tile.tile
    taken = tile.card
    rest: Slot | None = None
    if tile.under:
        top = tile.under[0]
        rest = replace(tile, card=top, kind=kind_of(top), under=tile.under[1:])
    d = set_cell(d, target, rest)
    d = set_cell(d, cell, replace(d.grid[cell], fed=MEAL))  # type: ignore[type-var]
    hands = list(d.hands)
    hands[seat] = tuple(sorted((*hands[seat], taken)))
    revealed = list(d.revealed)
    revealed[seat] = tuple(sorted((*revealed[seat], taken)))
    return replace(d, hands=tuple(hands), revealed=tuple(revealed))
