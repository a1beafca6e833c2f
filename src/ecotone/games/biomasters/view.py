"""What each seat sees: the observation, its text picture, and determinization.

Public (rules doc §Hidden information): the whole grid (Detritus tiles too: everybody saw
those cards alive), every Score Pile, the number of cards in each hand and deck, the cards a
player took by Scavenge (shown to all), and each seat's deck list (Ecotone treats deck lists
as public, as in constructed play with announced decks). Secret: the other hands, and the
order of every deck, your own included.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ecotone.games.biomasters.cards import cards, level_name
from ecotone.games.biomasters.effects import Table
from ecotone.games.biomasters.scoring import pile_vp
from ecotone.games.biomasters.state import BioData, Phase, Slot, kind_of

__all__ = ["determinize", "observation", "render", "zones"]

_KINDS = cards().kinds
_HOMES = frozenset(cards().homes)


def _slot_json(name: str, s: Slot) -> dict[str, Any]:
    """One occupied cell; fields at their defaults are left out to keep views small."""
    out: dict[str, Any] = {"cell": name, "card": s.card, "owner": s.owner}
    if s.tile:
        out["tile"] = True
        out["killer"] = s.killer
    else:
        out["ready"] = s.ready
    if s.fed:
        out["fed"] = s.fed
    if s.parasite:
        out["parasite"] = s.parasite
    if s.mutualist:
        out["mutualist"] = s.mutualist
    if s.under:
        out["under"] = list(s.under)
    return out


def observation(d: BioData, table: Table, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know (``None``: a spectator)."""
    names = table.grid.names
    p = d.pending
    return {
        "turn": d.turn,
        "turns": d.turns,
        "phase": d.phase.value,
        "actions": d.actions,
        "pending": None
        if p is None
        else {
            "card": p.card,
            "cell": names[p.cell] if p.cell >= 0 else None,
            "icons": [level_name(lv) for lv in p.icons],
        },
        "last": d.last,
        "events": list(d.events),
        "rows": table.grid.rows,
        "cols": table.grid.cols,
        "cells": [_slot_json(names[i], s) for i, s in enumerate(d.grid) if s is not None],
        "hands": [
            {
                "count": len(h),
                "revealed": list(d.revealed[s]),
                "cards": list(h) if s == seat else None,
            }
            for s, h in enumerate(d.hands)
        ],
        "decks": [
            {"count": len(deck), "name": table.decks[s].name, "list": dict(table.decks[s].cards)}
            for s, deck in enumerate(d.decks)
        ],
        "piles": [
            {"cards": [[e.card, e.vp] for e in pile], "vp": pile_vp(pile)} for pile in d.piles
        ],
        "teams": [[0, 2], [1, 3]] if table.teams else None,
    }


def determinize(d: BioData, seat: int, rnd: random.Random) -> BioData:
    """Re-deal what ``seat`` cannot see.

    Each other seat's hidden hand cards and deck are shuffled together and dealt back (the
    same cards, from that seat's own deck list, so the list stays right); ``seat``'s own deck
    is shuffled. Cards shown by Scavenge stay where they are. There is no chance during play
    beyond the shuffled decks, so there is no key to re-seed. Each pool is sorted before it is
    shuffled, so the sample depends on the seat's view alone, never on the true order.
    """
    hands = list(d.hands)
    decks = list(d.decks)
    for s in range(len(hands)):
        if s == seat:
            own = sorted(decks[s])
            rnd.shuffle(own)
            decks[s] = tuple(own)
            continue
        shown = set(d.revealed[s])
        hidden = [c for c in hands[s] if c not in shown]
        unseen = sorted(hidden + list(decks[s]))
        rnd.shuffle(unseen)
        k = len(hidden)
        hands[s] = tuple(sorted(list(d.revealed[s]) + unseen[:k]))
        decks[s] = tuple(unseen[k:])
    return d.replace(hands=tuple(hands), decks=tuple(decks))


def zones(d: BioData, players: int) -> dict[str, list[str]]:
    """Every card by where it lies."""
    out: dict[str, list[str]] = {"grid": [], "detritus": []}
    for s in d.grid:
        if s is not None:
            out["detritus" if s.tile else "grid"].extend(s.stack())
    for seat in range(players):
        out[f"P{seat + 1} hand"] = list(d.hands[seat])
        out[f"P{seat + 1} deck"] = list(d.decks[seat])
        out[f"P{seat + 1} score pile"] = [e.card for e in d.piles[seat]]
    return out


# -- text -------------------------------------------------------------------------------------


def _cell_text(s: Slot | None, homes: dict[str, int]) -> str:
    if s is None:
        return "  ·   "
    if s.card in homes:
        return f" [H{homes[s.card] + 1}] "
    abbr = _KINDS[s.kind].abbr
    if s.tile:
        return f" ~{abbr.lower():<3}~"
    mark = "+" if s.parasite and s.mutualist else "p" if s.parasite else "m" if s.mutualist else " "
    face = abbr.upper() if s.ready else abbr.lower()
    return f" {s.owner + 1}{face:<3}{mark}"


def _doing(d: BioData, table: Table) -> str:
    if d.phase is Phase.OVER:
        return "the game is over"
    who = f"P{d.turn + 1}"
    if d.phase is Phase.PAY and d.pending is not None:
        name = _KINDS[kind_of(d.pending.card)].card.name
        due = " ".join(level_name(lv) for lv in d.pending.icons)
        return f"{who} pays for the {name}: still due {due}"
    final = " (final turn)" if d.last >= 0 else ""
    return f"{who} to act: {d.actions} action(s) left{final}"


def render(d: BioData, table: Table, seat: int | None) -> str:
    """The table as ``seat`` sees it: the grid, a key, each player's piles and hands."""
    grid = table.grid
    mode = "2v2" if table.teams else ("1v1" if table.players == 2 else "free-for-all")
    lines = [f"BioMasters TCG · {mode} · turn {d.turns} · {_doing(d, table)}"]
    lines.extend(f"  · {e}" for e in d.events)
    homes = {s.card: s.owner for s in d.grid if s is not None and s.kind in _HOMES}
    header = "    " + "".join(f"  {c}   " for c in "ABCDEFGHIJ"[: grid.cols])
    lines.append(header.rstrip())
    for r in range(grid.rows):
        row = "".join(_cell_text(d.grid[r * grid.cols + c], homes) for c in range(grid.cols))
        lines.append(f"{r + 1:>3} {row}".rstrip())
    lines.append(
        "    1ZEB: P1's card, ready · 1zeb: exhausted · ~zeb~: Detritus tile · p/m/+: "
        "parasite/mutualist/both under it"
    )
    present = sorted({s.kind for s in d.grid if s is not None and s.card not in homes})
    key = [f"{_KINDS[k].abbr}={_KINDS[k].card.name} {_KINDS[k].trophic}" for k in present]
    for i in range(0, len(key), 4):
        lines.append("    " + " · ".join(key[i : i + 4]))
    points = [pile_vp(p) for p in d.piles]
    for s in range(table.players):
        you = " (you)" if s == seat else ""
        team = f" team {'AB'[table.team_of(s)]}" if table.teams else ""
        shown = f", shown: {', '.join(d.revealed[s])}" if d.revealed[s] else ""
        lines.append(
            f"P{s + 1}{you}{team} · {table.decks[s].name} · Score Pile {points[s]} VP "
            f"({len(d.piles[s])} cards) · hand {len(d.hands[s])}{shown} · deck {len(d.decks[s])}"
        )
        if s == seat:
            counts = Counter(kind_of(c) for c in d.hands[s])
            held = [
                f"{k} ({_KINDS[k].trophic}"
                + (
                    f", cost {' '.join(level_name(lv) for lv in _KINDS[k].cost)}"
                    if _KINDS[k].cost
                    else ""
                )
                + ")"
                + (f" x{n}" if n > 1 else "")
                for k, n in sorted(counts.items())
            ]
            lines.append("    hand: " + (", ".join(held) or "empty"))
    return "\n".join(lines)
