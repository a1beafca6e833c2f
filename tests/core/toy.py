"""Sealed Bids: a tiny game that exercises every corner of the kernel.

Six cards c1..c6 are dealt three to each of two players (hidden). In each of three rounds
both players *at once* bid a card from their hand; when both have bid, the higher card
scores its bidder a point. A bid stays secret until both have bid. A player may also
``fold`` instead of bidding, scoring nothing that round.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

import msgspec

from ecotone.core.actions import Action, ActionCodec
from ecotone.core.errors import IllegalAction, Refusal
from ecotone.core.game import Game
from ecotone.core.presentation import Presentation, Term
from ecotone.core.spec import Chance, GameSpec, Information, Option, Provenance, Variant

CARDS = tuple(f"c{i}" for i in range(1, 7))


class Bid(Action, frozen=True, tag="bid"):
    notation: ClassVar[str] = "bid {card}"
    card: str


class Fold(Action, frozen=True, tag="fold"):
    notation: ClassVar[str] = "fold"


class BidsRefusal(Refusal):
    """Every rule a bid can break."""

    NOT_IN_HAND = "bids/not-in-hand"


RULES = """# Sealed Bids

Six cards c1..c6, three to each player, hidden. In each of three rounds both players bid a
card at once (or fold); the higher card scores its bidder a point. *Provenance: Ecotone.*
"""


class BidsData(msgspec.Struct, frozen=True):
    hands: tuple[tuple[str, ...], ...]
    bids: tuple[str | None, ...]  # this round's bids; "" marks a fold
    played: tuple[str, ...] = ()
    points: tuple[int, ...] = (0, 0)
    round: int = 0


SPEC = GameSpec(
    id="toy-bids",
    title="Sealed Bids",
    summary="Bid hidden cards at once; the higher card scores.",
    min_players=2,
    max_players=2,
    information=Information.IMPERFECT,
    chance=Chance.SETUP,
    simultaneous=True,
    max_steps=6,
    rules_version="0.1",
    variants=(Variant("short", "two rounds", 2, 2, Provenance.ECOTONE),),
    options=(Option("rounds", "rounds to play", 3, (1, 2, 3)),),
)


class SealedBids(Game[BidsData]):
    spec = SPEC
    data_type = BidsData
    codec = ActionCodec({Bid: {"card": CARDS}, Fold: {}})

    @property
    def rounds(self) -> int:
        return 2 if self.variant == "short" else int(self.options["rounds"])

    def setup(self, rnd: random.Random) -> BidsData:
        deck = list(CARDS)
        rnd.shuffle(deck)
        return BidsData(hands=(tuple(sorted(deck[:3])), tuple(sorted(deck[3:]))), bids=(None, None))

    def to_move(self, data: BidsData) -> tuple[int, ...]:
        if data.round >= self.rounds:
            return ()
        return tuple(s for s in (0, 1) if data.bids[s] is None)

    def chosen(self, data: BidsData) -> tuple[int, ...]:
        if data.round >= self.rounds or all(b is None for b in data.bids):
            return ()
        return tuple(s for s in (0, 1) if data.bids[s] is not None)

    def legal(self, data: BidsData, seat: int) -> list[Action]:
        return [*(Bid(c) for c in data.hands[seat]), Fold()]

    def next(self, data: BidsData, seat: int, action: Action) -> BidsData:
        card = action.card if isinstance(action, Bid) else ""
        hands = list(data.hands)
        if card:
            hands[seat] = tuple(c for c in hands[seat] if c != card)
        bids = list(data.bids)
        bids[seat] = card
        if None in bids:
            return msgspec.structs.replace(data, hands=tuple(hands), bids=tuple(bids))
        a, b = bids
        points = list(data.points)
        if a and (not b or a > b):
            points[0] += 1
        elif b and (not a or b > a):
            points[1] += 1
        return BidsData(
            hands=tuple(hands),
            bids=(None, None),
            played=data.played + tuple(c for c in bids if c),
            points=tuple(points),
            round=data.round + 1,
        )

    refusals = BidsRefusal

    def refusal(self, data: BidsData, seat: int, action: Action) -> IllegalAction | None:
        if isinstance(action, Bid) and action.card not in data.hands[seat]:
            return IllegalAction(
                BidsRefusal.NOT_IN_HAND, f"{action} is not possible: you do not hold it"
            )
        return None

    @classmethod
    def present(cls) -> Presentation:
        return Presentation(
            catalog={"cards": {c: {"name": f"Card {c[1]}", "points": int(c[1])} for c in CARDS}},
            glossary=(Term("fold", "pass the round without bidding; it scores nothing"),),
            picture="🂠",
            rules=RULES,
        )

    def observation(self, data: BidsData, seat: int | None) -> dict[str, Any]:
        return {
            "hand": list(data.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in data.hands],
            "has_bid": [b is not None for b in data.bids],
            "my_bid": data.bids[seat] if seat is not None else None,
            "played": list(data.played),
            "points": list(data.points),
            "round": data.round,
        }

    def render(self, data: BidsData, seat: int | None) -> str:
        return f"round {data.round + 1}, points {data.points}"

    def determinize(self, data: BidsData, seat: int, rnd: random.Random) -> BidsData:
        other = 1 - seat
        hidden = list(data.hands[other]) + ([data.bids[other]] if data.bids[other] else [])
        rnd.shuffle(hidden)
        hands = list(data.hands)
        bids = list(data.bids)
        if data.bids[other]:
            bids[other] = hidden.pop()
        hands[other] = tuple(sorted(hidden))
        return msgspec.structs.replace(data, hands=tuple(hands), bids=tuple(bids))

    def scores(self, data: BidsData) -> list[float]:
        return [float(p) for p in data.points]

    def winners(self, data: BidsData) -> list[int]:
        best = max(data.points)
        return [s for s, p in enumerate(data.points) if p == best]

    def zones(self, data: BidsData) -> Mapping[str, Iterable[str]]:
        return {
            "P1 hand": data.hands[0],
            "P2 hand": data.hands[1],
            "P1 bid": [b for b in data.bids[:1] if b],
            "P2 bid": [b for b in data.bids[1:] if b],
            "played": data.played,
        }

    def components(self) -> Iterable[str]:
        return CARDS

    def secret_action(self, data: BidsData, seat: int, action: Action) -> bool:
        return True  # bids are sealed until both are in
