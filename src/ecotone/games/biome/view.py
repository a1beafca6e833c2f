"""What each seat sees: the observation, determinization and zones (rules doc §Information).

Public: the board, every player's tiles (kept face up in front of them), earned cards and
food chains, the Card Gallery, the discard pile, the Global Bonus cards, the card being
earned and its tiles, the number of cards in each hand and in the Main Deck, and the cards a
hand is known to hold (taken from the Gallery or the discard pile, or returned from a
withdrawn habitat). The perimeter tiles lie face down, but which tiles they are follows from
everything else, so the list is shown; only the draws are chance.

Private: the other cards of a hand, the order of the Main Deck, the cards a player has chosen
to exchange before they are discarded.
"""

from __future__ import annotations

import random
from typing import Any, Final

from ecotone.core.rng import shuffle
from ecotone.core.tuples import replace, seat_name
from ecotone.games.biome.cards import cards
from ecotone.games.biome.config import Config
from ecotone.games.biome.scoring import leaders, score_seats
from ecotone.games.biome.state import EMPTY, BiomeData, Phase
from ecotone.games.biome.tiles import tiles

__all__ = ["determinize", "observation", "zones"]


# Each phase's name, as a plain string: the enum's ``value`` is a descriptor's call.
_PHASE_NAMES: Final[dict[Phase, str]] = {p: p.value for p in Phase}


def observation(d: BiomeData, seat: int | None, cfg: Config) -> dict[str, Any]:
    """Everything ``seat`` may know (``None``: a spectator)."""
    ids = tiles().ids
    geo = cfg.geo
    players = []
    lead = leaders(d)
    scores = score_seats(d, lead)
    for s, st in enumerate(d.seats):
        mine = s == seat
        sc = scores[s]
        players.append(
            {
                "hand_count": len(st.hand),
                "hand": list(st.hand) if mine else None,
                "known": list(st.shown),
                "tiles": [ids[t] for t in st.tiles],
                "chains": [list(ch) for ch in st.chains],
                "plants": list(st.plants),
                "placed": st.placed,
                "points": sc.total,
            }
        )
    return {
        "formation": geo.key,
        "phase": _PHASE_NAMES[d.phase],
        "stage": int(d.stage),
        "turn": d.turn,
        "round": (d.turns - 1) // cfg.players + 1,
        "waiting": list(d.waiting),
        "players": players,
        "board": {geo.cells[c]: [ids[v // 6], v % 6] for c, v in enumerate(d.board) if v != EMPTY},
        "perimeter": [ids[t] for t in d.perimeter],
        "deck_count": len(d.deck),
        "discard": list(d.discard),
        "gallery": list(d.gallery),
        "bonuses": list(d.bonuses),
        "bonus_leaders": lead,
        "card": d.card,
        "from_gallery": d.from_gallery,
        "pending": [geo.cells[c] for c in d.pending],
        "marked_cards": list(d.marked_cards) if seat == d.turn else len(d.marked_cards),
        "marked_tiles": [ids[t] for t in d.marked_tiles],
        "withdrawals": d.withdrawals,
        "resume": _PHASE_NAMES[d.resume] if d.resume else None,
        "stopped": d.stopped,
        "disaster": d.disaster,
        "trigger": d.trigger,
        "final_turns": d.final_turns,
        "quiet_turns": d.quiet_turns,
        "ended_by": d.ended_by,
    }


def determinize(d: BiomeData, seat: int, rnd: random.Random) -> BiomeData:
    """Re-deal what ``seat`` cannot see: the unknown cards of the other hands and the Main
    Deck are shuffled together and dealt back in the same numbers; chance is re-seeded.
    The result depends only on ``seat``'s view and ``rnd``."""
    pool = list(d.deck)
    for s, st in enumerate(d.seats):
        if s != seat:
            pool += [c for c in st.hand if c not in st.shown]
    # Sorted first, so that the sample depends on what the seat sees, not on the hidden order.
    pool.sort()
    shuffle(rnd, pool)
    seats = list(d.seats)
    marked = d.marked_cards
    for s, st in enumerate(d.seats):
        if s == seat:
            continue
        unknown = len(st.hand) - len(st.shown)
        hand = tuple(sorted((*st.shown, *(pool.pop() for _ in range(unknown)))))
        seats[s] = replace(st, hand=hand)
        if s == d.turn and marked:
            marked = tuple(rnd.sample(hand, len(marked)))
    return replace(
        d, seats=tuple(seats), deck=tuple(pool), marked_cards=marked, rng=rnd.getrandbits(64)
    )


def zones(d: BiomeData, cfg: Config) -> dict[str, list[str]]:
    """Every card, bonus card and tile by where it lies."""
    ids = tiles().ids
    out: dict[str, list[str]] = {
        "deck": list(d.deck),
        "discard": list(d.discard),
        "gallery": list(d.gallery),
        "being earned": [d.card] if d.card else [],
        "bonus cards in play": list(d.bonuses),
        "bonus cards set aside": [b for b in cards().bonus_ids if b not in d.bonuses],
        "board": [ids[v // 6] for v in d.board if v != EMPTY],
        "perimeter": [ids[t] for t in d.perimeter],
    }
    for s, st in enumerate(d.seats):
        who = seat_name(s)
        out[f"{who} hand"] = list(st.hand)
        out[f"{who} earned"] = [c for ch in st.chains for c in ch] + list(st.plants)
        out[f"{who} tiles"] = [ids[t] for t in st.tiles]
    return out
