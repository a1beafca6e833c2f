"""Why an action is refused, in the game's words.

Every refusal names what the rules allow instead. Codes are ``singapore/<what>``.
"""

from __future__ import annotations

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.games.singapore.actions import (
    Buy,
    Discard,
    Draw,
    Leave,
    Migrate,
    Play,
    Pledge,
    Restore,
    Stay,
)
from ecotone.games.singapore.board import ECOTONE, board
from ecotone.games.singapore.cards import ACTION_TIMINGS, HABITATS, cards
from ecotone.games.singapore.common import hand_keys, name_of, region_name
from ecotone.games.singapore.endround import need
from ecotone.games.singapore.evolution import decks_allowed, price
from ecotone.games.singapore.migration import MOVE_CARDS, destinations
from ecotone.games.singapore.state import Phase, SGData, Status

__all__ = ["why_illegal"]

_WHEN = {
    "evolution": "on your Evolution turn",
    "migration": "with your route in Migration",
    "secret": "face down with your route in Migration",
    "competition": "with your Survival Strategy in Inter-species Competition",
}


def _no(code: str, message: str) -> IllegalAction:
    return IllegalAction(f"singapore/{code}", message)


def why_illegal(d: SGData, seat: int, action: Action) -> IllegalAction:
    """The reason ``action`` is refused (the kernel has checked it is not legal)."""
    if isinstance(action, Play):
        return _why_not_play(d, seat, action.card)
    phase = d.phase
    if phase is Phase.MIGRATE:
        if isinstance(action, Migrate):
            return _why_not_there(d, seat, action.tile)
        return _no(
            "must-migrate",
            "Migration: choose where your route ends (migrate to "
            "<tile>), with Stampede, Shortcut, Scavenge or Symbiosis if you hold them",
        )
    if phase is Phase.COMPETE:
        return _no(
            "must-choose-strategy",
            "Inter-species Competition: hold out Cooperate or "
            "Intimidate (or play Hibernate, Mimicry or Territorial Display)",
        )
    if phase is Phase.DRAW:
        if isinstance(action, Draw):
            return _why_not_deck(d, seat, action.deck)
        if isinstance(action, Buy):
            return _no("draw-first", "draw your Evolution cards before buying")
        return _no("must-draw", "Evolution: draw your cards (draw from the <deck> deck)")
    if phase is Phase.BUY:
        if isinstance(action, Buy):
            return _why_not_buy(d, seat, action.adaptation)
        if isinstance(action, Draw):
            return _no("already-drawn", "you have drawn this round already")
        return _no("must-buy-or-return", "buy an Adaptation you drew, or return the rest")
    if phase is Phase.ANCHOR and not isinstance(action, Stay | Leave):
        return _no(
            "must-anchor", "the Mangrove is destroyed: stay anchored or leave for the ecotone"
        )
    if phase is Phase.RESTORE:
        if isinstance(action, Restore):
            return _why_not_restore(d, seat, action.habitat)
        return _no(
            "must-offer-or-pass",
            "Recovery: restore a destroyed habitat with your Recovery card, or pass",
        )
    if phase is Phase.PLEDGE:
        if isinstance(action, Pledge):
            food = d.players[seat].food
            if action.food > food:
                return _no("not-enough-food", f"you have only {food} Food to pledge")
            return _no("pledge-too-much", f"only {need(d)} more Food are needed")
        return _no(
            "must-pledge",
            f"pledge Food for the Recovery of the "
            f"{region_name(d.proposal)} ({need(d)} more needed), 0 if none",
        )
    if phase is Phase.DISCARD:
        if isinstance(action, Discard):
            return _no("not-in-hand", f"you hold no {name_of(action.card)}")
        return _no("must-discard", "you hold more than 2 cards: discard one")
    return IllegalAction("action/not-legal", f"{action} is not possible now")


def _why_not_play(d: SGData, seat: int, key: str) -> IllegalAction:
    name = name_of(key)
    if key not in hand_keys(d.players[seat]):
        return _no("not-in-hand", f"you hold no {name} card")
    timing = ACTION_TIMINGS[key]
    when = _WHEN[timing]
    phase = d.phase
    right = {
        "migration": phase is Phase.MIGRATE,
        "secret": phase is Phase.MIGRATE,
        "competition": phase is Phase.COMPETE,
        "evolution": phase in (Phase.DRAW, Phase.BUY),
    }[timing]
    if not right:
        return _no("wrong-time", f"{name} is played {when}")
    c = d.choices[seat] if phase in (Phase.MIGRATE, Phase.COMPETE) else None
    if c is not None and key in c.cards:
        return _no("already-played", f"you already play {name} this round")
    if key in MOVE_CARDS:
        return _no("one-movement-card", "Stampede and Shortcut cannot go with the same route")
    if key == "hibernate":
        return _no(
            "hibernate-alone",
            "Hibernate replaces your Survival Strategy and goes with no other card",
        )
    if key == "bargain" and phase is Phase.DRAW:
        return _no("wrong-time", "Bargain is played after you draw, when you buy")
    if key == "bargain":
        return _no("already-played", "your Bargain is already waiting for the next purchase")
    if phase is Phase.BUY:
        return _no("wrong-time", f"{name} is played before you draw")
    return IllegalAction("action/not-legal", f"you cannot play {name} now")


def _why_not_there(d: SGData, seat: int, tile: str) -> IllegalAction:
    b = board()
    region = b.region(tile)
    if "shortcut" in d.choices[seat].cards:
        return _no("shortcut-ecotone", "with Shortcut your route ends on an Ecotone tile")
    if region != ECOTONE:
        status = d.habitats[HABITATS.index(region)].status
        if status is Status.SOON:
            return _no(
                "habitat-closed", f"the {region_name(region)} is not open yet (Opening Soon)"
            )
        if status is Status.DESTROYED and b.region(d.players[seat].tile) != region:
            return _no(
                "habitat-closed",
                f"the {region_name(region)} is destroyed and can no longer be entered",
            )
    p = d.players[seat]
    rolled = " or ".join(str(v) for v in p.dice)
    ends = ", ".join(destinations(d, seat))
    return _no(
        "unreachable",
        f"{tile} cannot be reached from {p.tile} with a roll of "
        f"{rolled} (clockwise inside habitats); your route can end on: {ends}",
    )


def _why_not_deck(d: SGData, seat: int, deck: str) -> IllegalAction:
    allowed = decks_allowed(d, seat)
    tile = d.players[seat].tile
    if len(allowed) > 1:
        return _no(
            "wrong-deck",
            f"the {region_name(deck)} is not open: draw from "
            + ", ".join(f"the {cards().decks[k].name}" for k in allowed)
            + " deck",
        )
    kind = board().tiles[tile].kind
    what = "a habitat tile" if kind == "habitat" else "a wild tile"
    return _no(
        "wrong-deck",
        f"you stand on {tile}, {what}: draw from the {cards().decks[allowed[0]].name} deck",
    )


def _why_not_buy(d: SGData, seat: int, key: str) -> IllegalAction:
    cs = cards()
    drawn = [cs.key(c) for c in d.drawn]
    if key not in drawn:
        names = ", ".join(name_of(k) for k in drawn)
        return _no("not-drawn", f"{name_of(key)} is not among the cards you drew ({names})")
    cost = price(d, seat)
    return _no(
        "not-enough-food", f"{name_of(key)} costs {cost} Food and you have {d.players[seat].food}"
    )


def _why_not_restore(d: SGData, seat: int, habitat: str) -> IllegalAction:
    status = d.habitats[HABITATS.index(habitat)].status
    if status is not Status.DESTROYED:
        return _no("not-destroyed", f"the {region_name(habitat)} is not destroyed")
    return _no("no-recovery-card", "you need a Recovery card to offer a Recovery")
