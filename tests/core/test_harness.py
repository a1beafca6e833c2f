"""The conformance harness passes a correct game and catches each kind of broken one."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.registry import register, unregister
from ecotone.testing import check_game
from tests.core.toy import BidsData, Fold, SealedBids


def test_a_correct_game_passes(toy: str) -> None:
    report = check_game(toy, players=2, games=15, seed=3)
    assert report.games == 15
    assert report.steps == 15 * 6
    assert report.illegal_checked > 0
    assert report.determinizations > 0


class Leaky(SealedBids):
    """Shows the opponent's hand."""

    def observation(self, data: BidsData, seat: int | None) -> dict[str, Any]:
        obs = super().observation(data, seat)
        obs["all_hands"] = [list(h) for h in data.hands]
        return obs


class BidShown(SealedBids):
    """Shows a simultaneous bid before both have bid."""

    def observation(self, data: BidsData, seat: int | None) -> dict[str, Any]:
        obs = super().observation(data, seat)
        obs["bids"] = list(data.bids)
        return obs


class PeekingDeterminize(SealedBids):
    """Determinizes without re-dealing: leaves the true hands (the harness cannot tell,
    but a determinization that changes the seat's own view must be caught)."""

    def determinize(self, data: BidsData, seat: int, rnd: random.Random) -> BidsData:
        hands = list(data.hands)
        hands[seat] = tuple(reversed(hands[1 - seat]))
        return msgspec.structs.replace(data, hands=tuple(hands))


class Unseeded(SealedBids):
    """Deals from global randomness."""

    def setup(self, rnd: random.Random) -> BidsData:
        return super().setup(random.Random())


class Duplicates(SealedBids):
    def legal(self, data: BidsData, seat: int) -> list[Action]:
        return [*super().legal(data, seat), Fold()]


class Endless(SealedBids):
    def next(self, data: BidsData, seat: int, action: Action) -> BidsData:
        return super().next(data, seat, Fold()) if data.round < 1 else data


class LostCard(SealedBids):
    def zones(self, data: BidsData) -> dict[str, Any]:
        return {"P1 hand": data.hands[0]}


class WrongCode(SealedBids):
    def why_illegal(self, data: BidsData, seat: int, action: Action) -> IllegalAction:
        return IllegalAction("", "")


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        (Leaky, "observation differs|can see hidden"),
        (BidShown, "observation differs|can see hidden"),
        (PeekingDeterminize, "differs after determinizing"),
        (Unseeded, "another start|diverged"),
        (Duplicates, "duplicate legal actions"),
        (Endless, "not over after max_steps"),
        (LostCard, "in no zone"),
        (WrongCode, "no reason|no code"),
    ],
)
def test_a_broken_game_fails(broken: type[SealedBids], message: str) -> None:
    register("toy-broken", broken)
    try:
        with pytest.raises(AssertionError, match=message):
            check_game("toy-broken", players=2, games=10, seed=1)
    finally:
        unregister("toy-broken")
