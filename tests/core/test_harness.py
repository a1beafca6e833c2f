"""The conformance harness passes a correct game and catches each kind of broken one."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import msgspec
import pytest

from ecotone.core.actions import Action, ActionCodec
from ecotone.core.errors import IllegalAction
from ecotone.core.game import StepHooks
from ecotone.core.registry import register, unregister
from ecotone.core.styled import Span, Styled
from ecotone.testing import check_game
from tests.core.toy import CARDS, Bid, BidsData, Fold, SealedBids


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
    def refusal(self, data: BidsData, seat: int, action: Action) -> IllegalAction | None:
        problem = super().refusal(data, seat, action)
        return None if problem is None else IllegalAction("", "")


class Stuck(SealedBids):
    """Leaves a seat to move with nothing it may do once a round has been played."""

    def legal(self, data: BidsData, seat: int) -> list[Action]:
        return [] if data.round > 0 else super().legal(data, seat)


class FoldBreaks(SealedBids):
    """Lists folding as legal, then fails when someone folds."""

    def next(self, data: BidsData, seat: int, action: Action) -> BidsData:
        if isinstance(action, Fold):
            raise KeyError("fold")
        return super().next(data, seat, action)


class Pass(Action, frozen=True, tag="pass"):
    notation: ClassVar[str] = "fold"


class SpareFold(SealedBids):
    """Two different actions that read the same: a player could not type the one meant."""

    codec = ActionCodec({Bid: {"card": CARDS}, Fold: {}, Pass: {}})

    def legal(self, data: BidsData, seat: int) -> list[Action]:
        return [*super().legal(data, seat), Pass()]


class TupleInView(SealedBids):
    """An observation that JSON turns into something else (a tuple comes back a list)."""

    def observation(self, data: BidsData, seat: int | None) -> dict[str, Any]:
        return {**super().observation(data, seat), "points": data.points}


class GlobalDice(SealedBids):
    """Breaks ties with Python's global generator instead of the seed."""

    def next(self, data: BidsData, seat: int, action: Action) -> BidsData:
        random.random()
        return super().next(data, seat, action)


class LooseBound(SealedBids):
    """Claims a longer game for one configuration than its spec allows for any."""

    @property
    def max_steps(self) -> int:
        return self.spec.max_steps + 1


class NoComponents(SealedBids):
    """Declares zones but not the components they must account for."""

    def components(self) -> tuple[str, ...]:
        return ()


class SeesHands(SealedBids):
    """A bot's reading (``seen``) with the opponent's hand, absent from the observation."""

    def seen(self, data: BidsData, seat: int) -> dict[str, Any]:
        return {"hand": list(data.hands[seat]), "their_hand": list(data.hands[1 - seat])}


class SeesBids(SealedBids):
    """A bot's reading that puts every bid where the observation says only who has bid."""

    def seen(self, data: BidsData, seat: int) -> dict[str, Any]:
        return {"round": data.round, "has_bid": list(data.bids)}


class SeesPart(SealedBids):
    """A correct bot's reading: a few of the observation's keys."""

    def seen(self, data: BidsData, seat: int) -> dict[str, Any]:
        return {"hand": list(data.hands[seat]), "round": data.round}


class PicksOffByOne(SealedBids):
    """A pick for random playouts that takes the action after the one drawn."""

    def step_hooks(self) -> StepHooks[BidsData]:
        def pick(data: BidsData, seat: int, fraction: float) -> Action:
            legal = self.legal(data, seat)
            return legal[(int(fraction * len(legal)) + 1) % len(legal)]

        return StepHooks(self.to_move, self.legal, self.next, pick)


class StyledAddsText(SealedBids):
    """The styled picture of the second seat alone says more than its plain picture.

    The harness styles one viewer's picture at each checked step, taking them in turn:
    a fault in one seat's picture is still found."""

    def render_styled(self, data: BidsData, seat: int | None) -> Styled:
        styled = super().render_styled(data, seat)
        return Styled(styled.text + " (P2)", styled.spans) if seat == 1 else styled


class StyleOffPalette(SealedBids):
    """The spectator's styled picture names a style the palette lacks."""

    def render_styled(self, data: BidsData, seat: int | None) -> Styled:
        styled = super().render_styled(data, seat)
        return Styled(styled.text, (Span(0, 1, "no-such-style"),)) if seat is None else styled


class StandingCountsHands(SealedBids):
    """Shows everyone a standing that counts the cards in the hands, which only their
    holders see."""

    def standing(self, data: BidsData) -> list[float] | None:
        return [float(sum(int(card[1:]) for card in hand)) for hand in data.hands]


class RecentNamesHands(SealedBids):
    """Tells every seat, as a public happening, the cards each seat holds."""

    def recent(self, data: BidsData) -> tuple[str, ...]:
        return tuple(f"P{s + 1} holds {', '.join(hand)}" for s, hand in enumerate(data.hands))


class EndingSaysNothing(SealedBids):
    """Says an empty sentence at the end, where it means to say nothing."""

    def ending(self, data: BidsData) -> str | None:
        return " "


class PicksOwnItem(SealedBids):
    """A correct pick of its own: the legal list's item at the place drawn."""

    def step_hooks(self) -> StepHooks[BidsData]:
        def pick(data: BidsData, seat: int, fraction: float) -> Action:
            legal = self.legal(data, seat)
            return legal[int(fraction * len(legal))]

        return StepHooks(self.to_move, self.legal, self.next, pick)


def test_a_game_with_its_own_pick_passes() -> None:
    register("toy-pick", PicksOwnItem)
    try:
        assert check_game("toy-pick", players=2, games=5, seed=1).games == 5
    finally:
        unregister("toy-pick")


def test_a_bots_reading_that_is_part_of_the_observation_passes() -> None:
    register("toy-seen", SeesPart)
    try:
        assert check_game("toy-seen", players=2, games=5, seed=1).games == 5
    finally:
        unregister("toy-seen")


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        (Leaky, "observation differs|can see hidden|give the secret choice away"),
        (BidShown, "observation differs|can see hidden|give the secret choice away"),
        (PeekingDeterminize, "differs after determinizing"),
        (Unseeded, "another start|diverged"),
        (Duplicates, "duplicate legal actions"),
        (Endless, "not over after max_steps"),
        (LostCard, "in no zone"),
        (WrongCode, "no reason|no code"),
        (Stuck, "has no legal action"),
        (FoldBreaks, "fold.*KeyError"),
        (SpareFold, "share the notation"),
        (TupleInView, "not JSON-safe"),
        (GlobalDice, "global random state"),
        (LooseBound, "within the spec's bound"),
        (NoComponents, "components\\(\\) lists none"),
        (SeesHands, "seen\\(seat=0\\) holds .their_hand"),
        (SeesBids, "seen\\(seat=0\\) holds .has_bid\\[0\\]"),
        (PicksOffByOne, "pick.*the legal list holds"),
        (StyledAddsText, "render_styled of 1 changes the text"),
        (StyleOffPalette, "style 'no-such-style' is not in the palette"),
        (StandingCountsHands, "standing .* changes to .* cannot see"),
        (EndingSaysNothing, "Game.ending says an empty sentence"),
        (RecentNamesHands, "happenings .* change to .* secrets are dealt again"),
    ],
)
def test_a_broken_game_fails(broken: type[SealedBids], message: str) -> None:
    register("toy-broken", broken)
    try:
        with pytest.raises(AssertionError, match=message):
            check_game("toy-broken", players=2, games=10, seed=1)
    finally:
        unregister("toy-broken")
