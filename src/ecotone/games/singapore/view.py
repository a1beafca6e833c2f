"""What each seat sees (rules §Information), and where every card lies.

Public: the board and where every pawn stands, every player's Food, Adaptations, completed
Niches and history of Survival Strategy cards shown, this round's dice and Nature's Bounty
cards, the Destruction cards laid, deck sizes and the cards everyone saw returned to the
bottom of a deck, the cards drawn in Evolution (Adaptations and Destruction are shown;
Action and Recovery cards go to the hand face down, so only their backs are seen), the
discard pile, the number and backs of the cards in each hand and face down, who has
already chosen in a simultaneous step, and the Gamemaster's log.

Private: your own hand, your own Niche card (Standard mode, until completed) and your own
choice while a simultaneous step is still open.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ecotone.games.singapore.board import board
from ecotone.games.singapore.cards import DECKS, HABITATS, cards
from ecotone.games.singapore.common import ROUNDS, counts_of, hand_keys, traits
from ecotone.games.singapore.endround import need
from ecotone.games.singapore.scoring import evp
from ecotone.games.singapore.state import Phase, Player, SGData

__all__ = ["observation", "zones"]

SEQUENTIAL = (Phase.DRAW, Phase.BUY, Phase.ANCHOR, Phase.RESTORE, Phase.PLEDGE, Phase.DISCARD)


def _deck(d: SGData, i: int) -> dict[str, Any]:
    pile = d.decks[i]
    known = d.known[i]
    return {"cards": len(pile), "bottom": list(_keys(pile[len(pile) - known :])) if known else []}


# Observations are built at every step of a search, and most of a player's public record
# changes only now and then: the pieces below are remembered by the cards they describe
# (and copied into fresh lists, so an observation is never shared).


@lru_cache(maxsize=4096)
def _keys(ids: tuple[str, ...]) -> tuple[str, ...]:
    cs = cards()
    return tuple(cs.key(c) for c in ids)


@lru_cache(maxsize=4096)
def _backs(hand: tuple[str, ...]) -> tuple[str, ...]:
    cs = cards()
    return tuple(sorted(cs.deck_of(c) for c in hand))


@lru_cache(maxsize=4096)
def _sorted(abilities: frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(abilities))


@lru_cache(maxsize=4096)
def _owned(adaptations: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(counts_of(adaptations).items()))


def _player(d: SGData, s: int, p: Player, seat: int | None) -> dict[str, Any]:
    cs = cards()
    out: dict[str, Any] = {
        "tile": p.tile,
        "region": board().region(p.tile),
        "food": p.food,
        "adaptations": dict(_owned(p.adaptations)),
        "niches": [cs.niche(n).key for n in p.niches],
        "abilities": list(_sorted(traits(p))),
        "evp": evp(p),
        "hand": len(p.hand),
        "hand_backs": list(_backs(p.hand)),
        "facedown": len(p.facedown),
        "dice": list(p.dice),
        "cooperated": p.cooperated,
        "intimidated": p.intimidated,
        "chosen": None,
        "has_secret_niche": bool(p.niche),
    }
    if d.phase in (Phase.MIGRATE, Phase.COMPETE) and d.choices[s].final != "out":
        out["chosen"] = bool(d.choices[s].final)
    if s == seat:
        out["hand_cards"] = sorted(_keys(p.hand))
        out["hand_keys"] = list(hand_keys(p))
        out["niche"] = cs.niche(p.niche).key if p.niche else None
    return out


def observation(d: SGData, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know (``None``: a spectator)."""
    cs = cards()
    habitats = {}
    for i, (h, hab) in enumerate(zip(HABITATS, d.habitats, strict=True)):
        bounty = cs.bounty[hab.bounty] if hab.bounty else None
        habitats[h] = {
            "status": hab.status.value,
            "destruction": len(hab.destruction),
            "destruction_needed": cs.decks[h].destruction,
            "bounty": {"single": bounty.single, "shared": bounty.shared} if bounty else None,
            "deck": _deck(d, i + 1),
        }
    obs: dict[str, Any] = {
        "mode": d.mode,
        "round": d.round,
        "rounds": ROUNDS,
        "first": d.first,
        "phase": d.phase.value,
        "turn": d.turn if d.phase in SEQUENTIAL else None,
        "habitats": habitats,
        "wild_deck": _deck(d, 0),
        "destruction_drawn": d.destroyed_count,
        "discard": list(_keys(d.discard)),
        "niche_display": [cs.niche(n).key for n in d.niche_display],
        "players": [_player(d, s, p, seat) for s, p in enumerate(d.players)],
        "drawn": list(_keys(d.drawn)),
        "drawn_from": d.drawn_from or None,
        "evolution": {"extra": d.extra, "any_deck": d.any_deck, "bargain": d.bargain},
        "recovery": None,
        "log": list(d.log),
        "last_log": list(d.last_log),
    }
    if d.phase is Phase.PLEDGE:
        obs["recovery"] = {
            "habitat": d.proposal,
            "proposer": d.proposer,
            "pledges": list(d.pledges),
            "needed": need(d),
        }
    if seat is not None and d.phase in (Phase.MIGRATE, Phase.COMPETE):
        c = d.choices[seat]
        obs["my_choice"] = {"cards": list(c.cards), "final": c.final or None}
    return obs


def zones(d: SGData) -> dict[str, list[str]]:
    """Every card by where it lies."""
    out: dict[str, list[str]] = {}
    for deck, pile in zip(DECKS, d.decks, strict=True):
        out[f"{deck} deck"] = list(pile)
    for h, hab in zip(HABITATS, d.habitats, strict=True):
        out[f"{h} destruction"] = list(hab.destruction)
        out[f"{h} bounty"] = [hab.bounty] if hab.bounty else []
    out["bounty pile"] = list(d.bounty_deck)
    out["discard pile"] = list(d.discard)
    out["drawn"] = list(d.drawn)
    out["niche display"] = list(d.niche_display)
    out["niche box"] = list(d.niche_box)
    for s, p in enumerate(d.players):
        out[f"P{s + 1} adaptations"] = list(p.adaptations)
        out[f"P{s + 1} hand"] = list(p.hand)
        out[f"P{s + 1} face down"] = list(p.facedown)
        out[f"P{s + 1} niche card"] = [p.niche] if p.niche else []
        out[f"P{s + 1} niches"] = list(p.niches)
    return out
