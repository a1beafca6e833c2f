"""The text picture of a seat's view (``ecotone play``, ``ecotone replay``, the goldens).

It shows what :func:`ecotone.games.phylo.view.observation` holds and nothing more: the status,
the piles, the table drawn around the map board, every card on it with everything printed on
it, the discard piles, the seat's own hand and the cards of the other hand it has seen go in,
and the recent log.
"""

from __future__ import annotations

from ecotone.core.records import counted, seat_name
from ecotone.games.phylo.board import CELL_NAMES, MAP_CELLS, SIZE
from ecotone.games.phylo.cards import Event, Species, cards, name
from ecotone.games.phylo.compatibility import incompatible
from ecotone.games.phylo.scoring import table_points
from ecotone.games.phylo.state import Phase, PhyloData, Slot

__all__ = ["card_line", "render"]

_SUP = ("¹", "²")


def card_line(card: str) -> str:
    """One line saying everything printed on a card."""
    c = cards().by_id[card]
    if isinstance(c, Event):
        return f"{c.id} {c.name} (event, {c.timing.value}): {c.text}"
    assert isinstance(c, Species)
    parts = [
        f"{c.id} {c.name}",
        f"{c.points} pts",
        f"{c.diet.value} FC{c.food_chain}",
        f"scale {c.scale}",
        "/".join(x.value for x in c.climates),
        "/".join(x.value for x in c.terrains),
        cards().legs[c.locale].colour,
    ]
    if c.movement is not None:
        parts.append(f"{c.movement.kind.value.upper()} {c.movement.n}")
    parts += [k.value for k in c.keywords]
    if c.play:
        parts.append(c.play)
    return " · ".join(parts)


def _label(slot: Slot, bad: set[tuple[int, bool]]) -> str:
    text = ("URB" if slot.card in cards().events else slot.card) + _SUP[slot.owner]
    if (slot.cell, False) in bad or (slot.cell, True) in bad:
        return text + "!"
    return text + ("+" if slot.under is not None else "")


def _grid_lines(d: PhyloData) -> list[str]:
    cells = d.cells()
    bad = set(incompatible(cells))
    used = set(cells) | MAP_CELLS
    cols = [c % SIZE for c in used]
    rows = [c // SIZE for c in used]
    c0, c1 = max(min(cols) - 1, 0), min(max(cols) + 1, SIZE - 1)
    r0, r1 = max(min(rows) - 1, 0), min(max(rows) + 1, SIZE - 1)
    width = 6
    lines = ["    " + "".join(CELL_NAMES[col][0].center(width) for col in range(c0, c1 + 1))]
    for row in range(r1, r0 - 1, -1):
        texts = []
        for col in range(c0, c1 + 1):
            c = row * SIZE + col
            if c in MAP_CELLS:
                texts.append("[MAP]".center(width))
            elif c in cells:
                texts.append(_label(cells[c], bad).center(width))
            else:
                texts.append("·".center(width))
        lines.append(f"{row + 1:>3} " + "".join(texts).rstrip())
    return lines


def _status(d: PhyloData) -> str:
    who = seat_name(d.turn)
    p = d.pending
    event = name(p.card) if p is not None else ""
    if d.phase is Phase.ACT:
        text = f"{who} to act: {d.actions_left} of 3 actions left"
        if d.rescuing:
            text += " (rescue turn: INCOMPATIBLE cards are discarded at its end)"
        return text
    if d.phase is Phase.REACT:
        return f"{seat_name(1 - d.turn)} may cancel {event}, just played by {who}"
    if d.phase is Phase.SPREAD:
        return f"{who} chooses where Climate Change spreads from {CELL_NAMES[d.spread_at]}"
    if d.phase is Phase.CONTEST:
        return f"rock-paper-scissors for the species at {CELL_NAMES[d.spread_at]}"
    if d.phase is Phase.SEASICK:
        return f"{seat_name(1 - d.turn)} discards {counted(d.owed, 'more card')} ({event})"
    if d.phase is Phase.RECOVER:
        return f"{who} takes a species back from the discard pile ({event})"
    if d.phase is Phase.CHALLENGE:
        return f"{seat_name(1 - d.turn)} may challenge the placement at {CELL_NAMES[d.placed]}"
    if d.phase is Phase.REMOVE:
        return f"{seat_name(d.remover)} won the challenge and may remove any card"
    return "the game is over"


def render(d: PhyloData, seat: int | None) -> str:
    """The table as ``seat`` sees it: status, piles, grid, the cards on it, hands, log."""
    pts = table_points(d.board)
    piles = ", ".join(
        f"{'P' + str(i + 1) + ' deck' if d.decks else 'pick-up pile'} {len(p)}"
        for i, p in enumerate(d.piles)
    )
    lines = [f"Phylo: Voyage of the Beagle · {_status(d)}", f"Piles: {piles}"]
    for s in (0, 1):
        you = " (you)" if s == seat else ""
        extra = []
        if d.rescue_due[s]:
            extra.append("has INCOMPATIBLE cards")
        if d.skips[s]:
            extra.append(f"misses {counted(d.skips[s], 'turn')}")
        if d.in_play[s]:
            extra.append("in play: " + ", ".join(name(c) for c in d.in_play[s]))
        tail = f" · {'; '.join(extra)}" if extra else ""
        lines.append(
            f"{seat_name(s)}{you}: {counted(pts[s], 'point')} · "
            f"{counted(len(d.hands[s]), 'card')} in hand{tail}"
        )
    if d.final >= 0:
        lines.append("The last card has been picked up: the game is ending.")
    lines.append("")
    lines += _grid_lines(d)
    lines.append("  (¹ P1's card, ² P2's, ! INCOMPATIBLE, + a parasite beneath)")
    bad = set(incompatible(d.cells()))
    for slot in d.board:
        mark = " INCOMPATIBLE" if (slot.cell, False) in bad else ""
        lines.append(
            f"  {CELL_NAMES[slot.cell]:>3} {seat_name(slot.owner)}{mark}: {card_line(slot.card)}"
        )
        if slot.under is not None:
            mark = " INCOMPATIBLE" if (slot.cell, True) in bad else ""
            lines.append(
                f"      beneath, {seat_name(slot.under_owner)}{mark}: {card_line(slot.under)}"
            )
    for i, pile in enumerate(d.discards):
        if pile:
            label = f"{seat_name(i)} discard pile" if d.decks else "Discard pile"
            lines.append(f"{label}: " + ", ".join(pile))
    if seat is not None:
        lines.append("Your hand:")
        lines += [f"  {card_line(c)}" for c in d.hands[seat]] or ["  (empty)"]
        opp = 1 - seat
        if d.known[opp]:
            lines.append(
                f"{seat_name(opp)} holds (seen): " + ", ".join(name(c) for c in d.known[opp])
            )
    if d.log:
        lines.append("Recently: " + " | ".join(d.log[-4:]))
    return "\n".join(lines)
