"""What each seat sees: the observation, determinization and where every card is.

Public: the table (every card, who played it, which are INCOMPATIBLE), the discard piles,
the number of cards in each pick-up pile and each hand, the cards a player took back from a
discard pile (everybody saw them go in), the events in front of each player, the event being
played, whether each player has thrown in a rock-paper-scissors contest (not what), the log.
Private: the faces of a hand's other cards, the order of the pick-up piles, a throw not yet
answered. In the constructed-deck game the decks' lists are public (they are named by the
game's options), so re-dealing keeps each player's cards within their own deck.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Final

from ecotone.core.rng import shuffle
from ecotone.core.tuples import put, replace, seat_name
from ecotone.games.phylo.board import CELL_NAMES, MAP_CELLS
from ecotone.games.phylo.compatibility import trouble_on
from ecotone.games.phylo.scoring import table_points
from ecotone.games.phylo.state import PhyloData, Throw, instance

__all__ = ["determinize", "observation", "zones"]


def _inst(d: PhyloData, card: str, owner: int) -> str:
    return instance(card, owner, d.decks)


def _names(cards: Iterable[str], owner: int, decks: bool) -> list[str]:
    """The component names of ``cards`` from ``owner``'s deck (:func:`instance` of each):
    an observation names every card in hands and piles, at every decision of a search's
    heuristic."""
    if not decks:
        return list(cards)
    prefix = instance("", owner, True)  # the owner's prefix, as instance spells it
    return [prefix + c for c in cards]


# The map board's cells, as every observation lists them.
_MAP_NAMES: Final = tuple(sorted(CELL_NAMES[c] for c in MAP_CELLS))


def _table_json(d: PhyloData) -> list[dict[str, Any]]:
    bad = set(trouble_on(d.board))
    decks = d.decks
    out = []
    for slot in d.board:
        entry: dict[str, Any] = {
            "cell": CELL_NAMES[slot.cell],
            "card": instance(slot.card, slot.owner, decks),
            "owner": slot.owner,
            "incompatible": (slot.cell, False) in bad,
        }
        if slot.under is not None:
            entry["under"] = instance(slot.under, slot.under_owner, decks)
            entry["under_owner"] = slot.under_owner
            entry["under_incompatible"] = (slot.cell, True) in bad
        out.append(entry)
    return out


def observation(d: PhyloData, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know (``None``: a spectator)."""
    p = d.pending
    decks = d.decks
    return {
        "phase": d.phase.value,
        "turn": d.turn,
        "actions_left": d.actions_left,
        "rescue_turn": d.rescuing,
        "rescue_due": list(d.rescue_due),
        "skips": list(d.skips),
        "final": d.final,
        "events_this_turn": d.events_this_turn,
        "map": list(_MAP_NAMES),
        "table": _table_json(d),
        "points": table_points(d.board),
        "piles": [len(pile) for pile in d.piles],
        "discards": [_names(pile, i, decks) for i, pile in enumerate(d.discards)],
        "hands": [
            {
                "count": len(hand),
                "cards": _names(hand, s, decks) if s == seat else None,
                "known": _names(d.known[s], s, decks),
            }
            for s, hand in enumerate(d.hands)
        ],
        "in_play": [_names(cs, s, decks) for s, cs in enumerate(d.in_play)],
        "pending": None
        if p is None
        else {
            "card": _inst(d, p.card, p.player),
            "player": p.player,
            "cell": CELL_NAMES[p.cell] if p.cell >= 0 else None,
            "leave": p.leave,
        },
        "owed": d.owed,
        "spread_at": CELL_NAMES[d.spread_at] if d.spread_at >= 0 else None,
        "thrown": [bool(t) for t in d.throws],
        "my_throw": d.throws[seat] or None if seat is not None else None,
        "ties": d.ties,
        "placed": CELL_NAMES[d.placed] if d.placed >= 0 else None,
        "placed_under": d.placed_under,
        "remover": d.remover,
        "spread_used": d.spread_used,
        "challenge_rule": d.challenge_rule,
        "log": list(d.log),
    }


def determinize(d: PhyloData, seat: int, rnd: random.Random) -> PhyloData:
    """Re-deal what ``seat`` cannot see, keeping everything it can.

    The opponent's unknown hand cards and the pick-up pile (shared game), or the
    opponent's unknown hand cards and deck, and ``seat``'s own deck (constructed game), are
    shuffled together and dealt back in the same numbers; an unanswered rock-paper-scissors
    throw of the opponent is thrown again at random.
    """
    opp = 1 - seat
    hidden = list(d.hands[opp])
    for card in d.known[opp]:
        hidden.remove(card)
    piles = list(d.piles)
    # sorted first, so the sample depends on what the seat sees, not on the hidden order
    pool = sorted(hidden + list(piles[d.pile_of(opp)]))
    shuffle(rnd, pool)
    hand = tuple(sorted((*d.known[opp], *pool[: len(hidden)])))
    piles[d.pile_of(opp)] = tuple(pool[len(hidden) :])
    if d.decks:
        own = sorted(piles[seat])
        shuffle(rnd, own)
        piles[seat] = tuple(own)
    hands = put(d.hands, opp, hand)
    throws = d.throws
    if throws[opp] and not throws[seat]:
        again = rnd.choice(list(Throw)).value
        throws = put(throws, opp, again)
    return replace(d, hands=hands, piles=tuple(piles), throws=throws)


def zones(d: PhyloData) -> dict[str, list[str]]:
    """Every card by where it lies."""
    out: dict[str, list[str]] = {}
    for i, pile in enumerate(d.piles):
        out[f"{seat_name(i)} deck" if d.decks else "pick-up pile"] = [_inst(d, c, i) for c in pile]
    for i, pile in enumerate(d.discards):
        out[f"{seat_name(i)} discard pile" if d.decks else "discard pile"] = [
            _inst(d, c, i) for c in pile
        ]
    for s, hand in enumerate(d.hands):
        out[f"{seat_name(s)} hand"] = [_inst(d, c, s) for c in hand]
        out[f"{seat_name(s)} in play"] = [_inst(d, c, s) for c in d.in_play[s]]
    table = []
    for slot in d.board:
        table.append(_inst(d, slot.card, slot.owner))
        if slot.under is not None:
            table.append(_inst(d, slot.under, slot.under_owner))
    out["table"] = table
    out["event being played"] = (
        [_inst(d, d.pending.card, d.pending.player)] if d.pending is not None else []
    )
    return out
