"""What each seat sees (the observation), what it cannot tell apart (determinization),
and where every card lies (zones). The text picture of a view is in
:mod:`~ecotone.games.biomasters.render`.

Public (rules doc §Hidden information): the whole grid (Detritus tiles too: everybody saw
those cards alive), every Score Pile, the number of cards in each hand and deck, the cards a
player took by Scavenge (shown to all), and each seat's deck list (Ecotone treats deck lists
as public, as in constructed play with announced decks). Secret: the other hands, and the
order of every deck, your own included.
"""

from __future__ import annotations

import random
from typing import Any

from ecotone.core.rng import shuffle
from ecotone.core.tuples import replace, seat_name
from ecotone.games.biomasters.cards import level_name
from ecotone.games.biomasters.effects import Table, occupied_slots
from ecotone.games.biomasters.scoring import pile_vp
from ecotone.games.biomasters.state import BioData, Slot

__all__ = ["determinize", "observation", "shuffle", "zones"]


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
        "cells": [_slot_json(names[i], s) for i, s in occupied_slots(d.grid)],
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
            shuffle(rnd, own)
            decks[s] = tuple(own)
            continue
        shown = set(d.revealed[s])
        hidden = [c for c in hands[s] if c not in shown]
        unseen = sorted(hidden + list(decks[s]))
        shuffle(rnd, unseen)
        k = len(hidden)
        hands[s] = tuple(sorted(list(d.revealed[s]) + unseen[:k]))
        decks[s] = tuple(unseen[k:])
    return replace(d, hands=tuple(hands), decks=tuple(decks))


def zones(d: BioData, players: int) -> dict[str, list[str]]:
    """Every card by where it lies."""
    out: dict[str, list[str]] = {"grid": [], "detritus": []}
    for s in d.grid:
        if s is not None:
            out["detritus" if s.tile else "grid"].extend(s.stack())
    for seat in range(players):
        who = seat_name(seat)
        out[f"{who} hand"] = list(d.hands[seat])
        out[f"{who} deck"] = list(d.decks[seat])
        out[f"{who} score pile"] = [e.card for e in d.piles[seat]]
    return out
