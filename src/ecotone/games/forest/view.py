"""What each seat sees: the observation, its text picture, and determinization.

Public: the forests (every card placed, covered ones included: all were seen when
placed), the number of cards in each pile and the level of each pile's top card (card
backs show the level), the levels of every hand (same reason), a gift being placed, the
Neighbouring Forest. Private: the faces of the cards in a hand, and the order of the
piles below their top card.
"""

from __future__ import annotations

import functools
import random
from collections import defaultdict
from typing import Any

from ecotone.games.forest.cards import LEVELS, Level, cards
from ecotone.games.forest.placement import targets
from ecotone.games.forest.scoring import score_forest
from ecotone.games.forest.state import Forest, ForestData, Phase

__all__ = ["determinize", "observation", "render", "zones"]

_LEVEL_KEYS = ("ground", "first", "second", "canopy")


@functools.lru_cache(maxsize=512)
def _level_keys(hand: tuple[str, ...]) -> tuple[str, ...]:
    level_of = cards().level_of
    return tuple(_LEVEL_KEYS[lv] for lv in sorted(level_of[c] for c in hand))


def _levels(hand: tuple[str, ...]) -> list[str]:
    return list(_level_keys(hand))


def _forest_json(forest: Forest) -> list[list[list[str]]]:
    return [[list(slot) for slot in tree] for tree in forest]


_POINTS: dict[int, tuple[Forest, int]] = {}
_POINTS_KEPT = 4096


def _points(forest: Forest) -> int:
    """``score_forest(forest).total``, remembered for the forests seen last.

    An observation is made many times per step (once per viewer; a server checking who
    may see a step makes one per alternative action too), nearly always of forests
    already scored: a step changes one forest at most, and states share the others.
    They are found by identity, which costs less than hashing the nested tuples; the
    entry keeps its forest alive, so the id cannot be reused while it is remembered.
    """
    kept = _POINTS.get(id(forest))
    if kept is not None and kept[0] is forest:
        return kept[1]
    if len(_POINTS) >= _POINTS_KEPT:
        _POINTS.clear()
    points = score_forest(forest).total
    _POINTS[id(forest)] = (forest, points)
    return points


def observation(d: ForestData, seat: int | None, players: int) -> dict[str, Any]:
    """Everything ``seat`` may know (``None``: a spectator)."""
    level_of = cards().level_of
    obs: dict[str, Any] = {
        "phase": d.phase.value,
        "turn": d.turn,
        "draws_left": d.draws_left,
        "gift": d.gift,
        "receiver": d.receiver,
        "piles": [
            {"cards": len(p), "top": _LEVEL_KEYS[level_of[p[-1]]] if p else None} for p in d.piles
        ],
        "hands": [
            {
                "count": len(h),
                "levels": _levels(h),
                "cards": list(h) if s == seat else None,
            }
            for s, h in enumerate(d.hands)
        ],
        "forests": [_forest_json(f) for f in d.forests],
        "points": [_points(f) for f in d.forests],
    }
    if players == 1:
        obs["neighbour"] = _forest_json(d.neighbour)
        obs["neighbour_points"] = _points(d.neighbour)
    return obs


def determinize(d: ForestData, seat: int, rnd: random.Random) -> ForestData:
    """Re-deal what ``seat`` cannot see, keeping everything it can.

    The unseen cards (other hands, the piles) are shuffled within their levels so that
    each hidden hand keeps its levels and each pile its top card's level; the cards under
    the tops are shuffled freely.
    """
    cs = cards()
    seen = set(d.hands[seat])
    for forest in (*d.forests, d.neighbour):
        for tree in forest:
            for slot in tree:
                seen.update(slot)
    if d.gift is not None:
        seen.add(d.gift)
    pool: dict[Level, list[str]] = defaultdict(list)
    for cid in cs.ids:
        if cid not in seen:
            pool[cs.level_of[cid]].append(cid)
    for group in pool.values():
        rnd.shuffle(group)
    hands = list(d.hands)
    for s, hand in enumerate(d.hands):
        if s != seat:
            hands[s] = tuple(sorted(pool[cs.level_of[c]].pop() for c in hand))
    tops = [pool[cs.level_of[p[-1]]].pop() if p else None for p in d.piles]
    rest = [cid for lv in LEVELS for cid in pool[lv]]
    rnd.shuffle(rest)
    piles = []
    for pile, top in zip(d.piles, tops, strict=True):
        under = [rest.pop() for _ in range(len(pile) - 1)] if pile else []
        piles.append(tuple(under) + ((top,) if top is not None else ()))
    assert not rest
    return d.replace(hands=tuple(hands), piles=tuple(piles))


def zones(d: ForestData) -> dict[str, list[str]]:
    """Every card by where it lies."""
    out: dict[str, list[str]] = {}
    for i, pile in enumerate(d.piles):
        out[f"pile {i + 1}"] = list(pile)
    for s, hand in enumerate(d.hands):
        out[f"P{s + 1} hand"] = list(hand)
    for s, forest in enumerate(d.forests):
        out[f"P{s + 1} forest"] = [c for tree in forest for slot in tree for c in slot]
    out["gift"] = [d.gift] if d.gift is not None else []
    out["neighbouring forest"] = [c for tree in d.neighbour for slot in tree for c in slot]
    return out


# -- text -------------------------------------------------------------------------------


def _doing(d: ForestData, players: int) -> str:
    who = f"P{d.turn + 1}"
    if d.phase is Phase.DEAL:
        return f"{who} draws a starting card"
    if d.phase is Phase.PLACE:
        return f"{who} places a card"
    if d.phase is Phase.GIVE:
        return f"{who} gives a card" + (" to the Neighbouring Forest" if players == 1 else "")
    if d.phase is Phase.RECEIVE:
        assert d.gift is not None
        assert d.receiver is not None
        return f"P{d.receiver + 1} places {cards().describe(d.gift)}, given by {who}"
    if d.phase is Phase.DRAW:
        return f"{who} draws ({d.draws_left} to go)"
    return "the game is over"


def _forest_lines(forest: Forest, title: str) -> list[str]:
    cs = cards()
    sc = score_forest(forest)
    balanced = ", ".join(cs.species[k].short for k in sc.balanced) or "none"
    lines = [
        f"{title}: {sc.total} points  ({sc.complete} complete, {sc.incomplete} started, "
        f"{sc.chainsaws} chainsaws; in balance: {balanced})"
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


def render(d: ForestData, seat: int | None, players: int) -> str:
    """The table as ``seat`` sees it: piles, forests, hands."""
    cs = cards()
    lines = [f"Once Upon a Forest · {players} player(s) · {_doing(d, players)}"]
    piles = []
    for i, pile in enumerate(d.piles):
        top = Level(cs.level_of[pile[-1]]).title if pile else "empty"
        piles.append(f"[{i + 1}] {top} ×{len(pile)}" if pile else f"[{i + 1}] empty")
    lines.append("Piles  " + "   ".join(piles))
    for s in range(players):
        lines.append("")
        you = " (you)" if s == seat else ""
        lines.extend(_forest_lines(d.forests[s], f"P{s + 1}{you}"))
        hand = d.hands[s]
        if s == seat:
            shown = ", ".join(f"{cs.label(c)} [{Level(cs.level_of[c]).title}]" for c in hand)
            lines.append(f"  Hand: {shown or 'empty'}")
        else:
            levels = ", ".join(Level(lv).title for lv in sorted(cs.level_of[c] for c in hand))
            lines.append(f"  Hand: {len(hand)} card(s)" + (f" ({levels})" if hand else ""))
    if players == 1:
        lines.append("")
        lines.extend(_forest_lines(d.neighbour, "Neighbouring Forest"))
    placing = d.receiver if d.phase is Phase.RECEIVE else d.turn
    if seat is not None and seat == placing and d.phase in (Phase.PLACE, Phase.RECEIVE):
        forest = d.forests[seat]
        new = len(forest) + 1 if len(targets(forest)) > len(forest) else None
        lines.append("")
        trees = "tree 1" if len(forest) == 1 else f"trees 1-{len(forest)}"
        lines.append(
            f"You may place in {trees}"
            + (f" or start tree {new}" if new else " (finish your last tree to start a new one)")
        )
    return "\n".join(lines)
