"""The table as text, as one seat sees it: piles, forests, hands.

Each forest is drawn as a grid, one column per tree and one row per level, Canopy on top.
A card shows as its short label (:meth:`~ecotone.games.forest.cards.CardSet.label`):
``C05 Howler+saw`` is C05, a card with a Howler Monkey and a chainsaw; ``G13 start`` a
start card; ``C13`` alone a plain card; ``(+2)`` after a card counts the cards it covers;
``·`` is an empty level. Piles read ``[1] Canopy ×12``: pile 1, the level of its top card,
how many cards it holds. The glossary of :mod:`~ecotone.games.forest.presentation`
explains every one of these marks.
"""  # noqa: RUF002 - the multiplication sign is what the picture shows

from __future__ import annotations

from ecotone.core.records import counted, seat_name
from ecotone.games.forest.cards import LEVELS, Level, cards
from ecotone.games.forest.placement import can_start_tree
from ecotone.games.forest.scoring import (
    SEMI_COOP,
    SOLO,
    degradation_limit,
    score_forest,
    solo_rating,
    table_chainsaws,
)
from ecotone.games.forest.state import Forest, ForestData, Phase

__all__ = ["render"]


def _doing(d: ForestData, players: int) -> str:
    who = seat_name(d.turn)
    if d.phase is Phase.DEAL:
        return f"{who} draws a starting card"
    if d.phase is Phase.PLACE:
        return f"{who} places a card"
    if d.phase is Phase.GIVE:
        return f"{who} gives a card" + (" to the Neighbouring Forest" if players == 1 else "")
    if d.phase is Phase.RECEIVE:
        assert d.gift is not None
        assert d.receiver is not None
        return f"{seat_name(d.receiver)} places {cards().describe(d.gift)}, given by {who}"
    if d.phase is Phase.DRAW:
        return f"{who} draws ({d.draws_left} to go)"
    return "the game is over"


def _forest_lines(forest: Forest, title: str) -> list[str]:
    cs = cards()
    sc = score_forest(forest)
    balanced = ", ".join(cs.species[k].short for k in sc.balanced) or "none"
    lines = [
        f"{title}: {counted(sc.total, 'point')}  ({sc.complete} complete, {sc.incomplete} started, "
        f"{counted(sc.chainsaws, 'chainsaw')}; in balance: {balanced})"
    ]
    if not forest:
        return [*lines, "  (no trees yet)"]
    grid: list[list[str]] = []
    for level in reversed(LEVELS):
        row = []
        for tree in forest:
            slot = tree[level]
            text = cs.label(slot[-1]) if slot else "·"
            if len(slot) > 1:
                text += f" (+{len(slot) - 1})"
            row.append(text)
        grid.append(row)
    widths = [
        max(len(f"tree {t + 1}"), *(len(row[t]) for row in grid)) + 2 for t in range(len(forest))
    ]
    lines.append(
        (" " * 12 + "".join(f"tree {t + 1}".ljust(w) for t, w in enumerate(widths))).rstrip()
    )
    for level, row in zip(reversed(LEVELS), grid, strict=True):
        cells = "".join(text.ljust(w) for text, w in zip(row, widths, strict=True))
        lines.append(f"  {level.title:<10}" + cells.rstrip())
    return lines


def render(d: ForestData, seat: int | None, players: int, variant: str | None = None) -> str:
    """The table as ``seat`` sees it (``None``: a spectator): piles, forests, hands, and
    what the variant adds (the table's chainsaws; the solo game's final rating)."""
    cs = cards()
    lines = [f"Once Upon a Forest · {counted(players, 'player')} · {_doing(d, players)}"]
    piles = []
    for i, pile in enumerate(d.piles):
        top = Level(cs.level_of[pile[-1]]).title if pile else "empty"
        piles.append(f"[{i + 1}] {top} ×{len(pile)}" if pile else f"[{i + 1}] empty")
    lines.append("Piles  " + "   ".join(piles))
    for s in range(players):
        lines.append("")
        you = " (you)" if s == seat else ""
        lines.extend(_forest_lines(d.forests[s], f"{seat_name(s)}{you}"))
        hand = d.hands[s]
        if s == seat:
            shown = ", ".join(f"{cs.label(c)} [{Level(cs.level_of[c]).title}]" for c in hand)
            lines.append(f"  Hand: {shown or 'empty'}")
        else:
            levels = ", ".join(Level(lv).title for lv in sorted(cs.level_of[c] for c in hand))
            lines.append(f"  Hand: {counted(len(hand), 'card')}" + (f" ({levels})" if hand else ""))
    if players == 1:
        lines.append("")
        lines.extend(_forest_lines(d.neighbour, "Neighbouring Forest"))
    placing = d.receiver if d.phase is Phase.RECEIVE else d.turn
    if seat is not None and seat == placing and d.phase in (Phase.PLACE, Phase.RECEIVE):
        forest = d.forests[seat]
        new = len(forest) + 1 if can_start_tree(forest) else None
        lines.append("")
        trees = "tree 1" if len(forest) == 1 else f"trees 1-{len(forest)}"
        lines.append(
            f"You may place in {trees}"
            + (f" or start tree {new}" if new else " (finish your last tree to start a new one)")
        )
    if variant == SEMI_COOP:
        lines.append(
            f"Table: {counted(table_chainsaws(d), 'chainsaw')} in complete trees; "
            f"more than {degradation_limit(players)} and everybody loses"
        )
    if variant == SOLO and d.phase is Phase.OVER:
        lines.append(f"Rating: {solo_rating(score_forest(d.forests[0]).total)}")
    return "\n".join(lines)
