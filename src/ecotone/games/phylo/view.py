"""What each seat sees: the observation, its text picture, determinization and zones.

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
from typing import Any

from ecotone.games.phylo.board import name
from ecotone.games.phylo.cards import Event, Species, cards
from ecotone.games.phylo.grid import CELL_NAMES, MAP_CELLS, SIZE, Slot, incompatible
from ecotone.games.phylo.scoring import table_points
from ecotone.games.phylo.state import Phase, PhyloData, Throw, instance

__all__ = ["card_line", "determinize", "observation", "render", "zones"]


def _inst(d: PhyloData, card: str, owner: int) -> str:
    return instance(card, owner, d.decks)


def _table_json(d: PhyloData) -> list[dict[str, Any]]:
    cells = d.cells()
    bad = set(incompatible(cells))
    out = []
    for slot in d.board:
        entry: dict[str, Any] = {
            "cell": CELL_NAMES[slot.cell],
            "card": _inst(d, slot.card, slot.owner),
            "owner": slot.owner,
            "incompatible": (slot.cell, False) in bad,
        }
        if slot.under is not None:
            entry["under"] = _inst(d, slot.under, slot.under_owner)
            entry["under_owner"] = slot.under_owner
            entry["under_incompatible"] = (slot.cell, True) in bad
        out.append(entry)
    return out


def observation(d: PhyloData, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know (``None``: a spectator)."""
    p = d.pending
    return {
        "phase": d.phase.value,
        "turn": d.turn,
        "actions_left": d.actions_left,
        "rescue_turn": d.rescuing,
        "rescue_due": list(d.rescue_due),
        "skips": list(d.skips),
        "final": d.final,
        "events_this_turn": d.events_this_turn,
        "map": sorted(CELL_NAMES[c] for c in MAP_CELLS),
        "table": _table_json(d),
        "points": table_points(d.board),
        "piles": [len(pile) for pile in d.piles],
        "discards": [[_inst(d, c, i) for c in pile] for i, pile in enumerate(d.discards)],
        "hands": [
            {
                "count": len(hand),
                "cards": [_inst(d, c, s) for c in hand] if s == seat else None,
                "known": [_inst(d, c, s) for c in d.known[s]],
            }
            for s, hand in enumerate(d.hands)
        ],
        "in_play": [[_inst(d, c, s) for c in cs] for s, cs in enumerate(d.in_play)],
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
    rnd.shuffle(pool)
    hand = tuple(sorted((*d.known[opp], *pool[: len(hidden)])))
    piles[d.pile_of(opp)] = tuple(pool[len(hidden) :])
    if d.decks:
        own = sorted(piles[seat])
        rnd.shuffle(own)
        piles[seat] = tuple(own)
    hands = tuple(hand if s == opp else h for s, h in enumerate(d.hands))
    throws = d.throws
    if throws[opp] and not throws[seat]:
        again = rnd.choice(list(Throw)).value
        throws = tuple(again if s == opp else t for s, t in enumerate(throws))
    return d.replace(hands=hands, piles=tuple(piles), throws=throws)


def zones(d: PhyloData) -> dict[str, list[str]]:
    """Every card by where it lies."""
    out: dict[str, list[str]] = {}
    for i, pile in enumerate(d.piles):
        out[f"P{i + 1} deck" if d.decks else "pick-up pile"] = [_inst(d, c, i) for c in pile]
    for i, pile in enumerate(d.discards):
        out[f"P{i + 1} discard pile" if d.decks else "discard pile"] = [
            _inst(d, c, i) for c in pile
        ]
    for s, hand in enumerate(d.hands):
        out[f"P{s + 1} hand"] = [_inst(d, c, s) for c in hand]
        out[f"P{s + 1} in play"] = [_inst(d, c, s) for c in d.in_play[s]]
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


# -- text ----------------------------------------------------------------------------------

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
    who = f"P{d.turn + 1}"
    p = d.pending
    event = name(p.card) if p is not None else ""
    if d.phase is Phase.ACT:
        text = f"{who} to act: {d.actions_left} of 3 actions left"
        if d.rescuing:
            text += " (rescue turn: INCOMPATIBLE cards are discarded at its end)"
        return text
    if d.phase is Phase.REACT:
        return f"P{2 - d.turn} may cancel {event}, just played by {who}"
    if d.phase is Phase.SPREAD:
        return f"{who} chooses where Climate Change spreads from {CELL_NAMES[d.spread_at]}"
    if d.phase is Phase.CONTEST:
        return f"rock-paper-scissors for the species at {CELL_NAMES[d.spread_at]}"
    if d.phase is Phase.SEASICK:
        return f"P{2 - d.turn} discards {d.owed} more card(s) ({event})"
    if d.phase is Phase.RECOVER:
        return f"{who} takes a species back from the discard pile ({event})"
    if d.phase is Phase.CHALLENGE:
        return f"P{2 - d.turn} may challenge the placement at {CELL_NAMES[d.placed]}"
    if d.phase is Phase.REMOVE:
        return f"P{d.remover + 1} won the challenge and may remove any card"
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
            extra.append(f"misses {d.skips[s]} turn(s)")
        if d.in_play[s]:
            extra.append("in play: " + ", ".join(name(c) for c in d.in_play[s]))
        tail = f" · {'; '.join(extra)}" if extra else ""
        lines.append(f"P{s + 1}{you}: {pts[s]} points · {len(d.hands[s])} cards in hand{tail}")
    if d.final >= 0:
        lines.append("The last card has been picked up: the game is ending.")
    lines.append("")
    lines += _grid_lines(d)
    lines.append("  (¹ P1's card, ² P2's, ! INCOMPATIBLE, + a parasite beneath)")
    bad = set(incompatible(d.cells()))
    for slot in d.board:
        mark = " INCOMPATIBLE" if (slot.cell, False) in bad else ""
        lines.append(
            f"  {CELL_NAMES[slot.cell]:>3} P{slot.owner + 1}{mark}: {card_line(slot.card)}"
        )
        if slot.under is not None:
            mark = " INCOMPATIBLE" if (slot.cell, True) in bad else ""
            lines.append(f"      beneath, P{slot.under_owner + 1}{mark}: {card_line(slot.under)}")
    for i, pile in enumerate(d.discards):
        if pile:
            label = f"P{i + 1} discard pile" if d.decks else "Discard pile"
            lines.append(f"{label}: " + ", ".join(pile))
    if seat is not None:
        lines.append("Your hand:")
        lines += [f"  {card_line(c)}" for c in d.hands[seat]] or ["  (empty)"]
        opp = 1 - seat
        if d.known[opp]:
            lines.append(f"P{opp + 1} holds (seen): " + ", ".join(name(c) for c in d.known[opp]))
    if d.log:
        lines.append("Recently: " + " | ".join(d.log[-4:]))
    return "\n".join(lines)
