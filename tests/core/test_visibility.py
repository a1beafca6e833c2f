"""The one visibility rule (ecotone.core.visibility) on the toy game, the referee's view,
and the harness check that a game's declared secrets are kept by its observations."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any, ClassVar

import msgspec
import pytest

import ecotone
from ecotone.core import visibility
from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.game import State
from ecotone.core.registry import register, unregister
from ecotone.core.spec import Information
from ecotone.core.visibility import (
    SECRET_CHOICE,
    Sealed,
    Sight,
    announcement,
    declared_secret,
    infer,
    kind_text,
    revealed,
)
from ecotone.testing import check_game
from tests.core.toy import SPEC, Bid, BidsData, Fold, SealedBids

P1, P2, SPECTATOR = 0, 1, None


@pytest.fixture
def start(toy: str) -> State[Any]:
    return ecotone.make(toy, players=2).start(12)


def _bid(state: State[Any], seat: int) -> Bid:
    return next(a for a in state.legal_actions(seat) if isinstance(a, Bid))


def _round(start: State[Any]) -> tuple[Bid, State[Any], Bid, State[Any]]:
    """A round of sealed bids: P1's bid, the state it leaves, P2's bid (which closes the
    round), the state after it."""
    first = _bid(start, P1)
    waiting = start.apply(P1, first)
    last = _bid(waiting, P2)
    return first, waiting, last, waiting.apply(P2, last)


# -- what each viewer is told -------------------------------------------------------------


def test_a_sealed_bid_shows_the_others_only_that_a_card_was_bid(start: State[Any]) -> None:
    bid = _bid(start, P1)
    told = announcement(start, P1, bid)
    assert told.sight(P1) is Sight.ACTION
    assert told.sight(P2) is told.sight(SPECTATOR) is Sight.KIND
    assert told.text(P1) == str(bid)
    assert told.text(P2) == told.text(SPECTATOR) == "a bid"
    assert bid.card not in told.text(P2)
    # State.announce answers from the same rule, one viewer at a time
    assert [start.announce(P1, bid, v) for v in (P1, P2, SPECTATOR)] == [
        told.text(v) for v in (P1, P2, SPECTATOR)
    ]


def test_a_declared_secret_is_hidden_though_the_observations_tell_it_apart(
    start: State[Any],
) -> None:
    # A fold leaves P1's hand as it was, and every bid would have shrunk it: P2's
    # observation tells the fold from every alternative, so the inference alone shows it.
    after = start.apply(P1, Fold())
    assert infer(start, P1, Fold(), after).sight(P2) is Sight.ACTION
    # The toy declares every bid secret until both are in: the rule hides it.
    assert declared_secret(start, P1, Fold(), after)
    told = announcement(start, P1, Fold(), after)
    assert told.sight(P2) is told.sight(SPECTATOR) is Sight.KIND
    assert told.text(P2) == "a fold"
    assert told.sight(P1) is Sight.ACTION


def test_the_step_that_closes_the_decision_is_judged_by_the_observations(
    start: State[Any],
) -> None:
    first, waiting, last, resolved = _round(start)
    assert not declared_secret(waiting, P2, last, resolved)
    # both cards are on the table now: P1 may read which one P2 bid
    assert last.card in resolved.observe(P1)["played"]
    told = announcement(waiting, P2, last, resolved)
    assert told.text(P1) == told.text(SPECTATOR) == str(last)
    # ... while the first bid, stored when it was made, stays told as it was then
    assert announcement(start, P1, first, waiting).text(P2) == "a bid"


def test_once_the_decision_closes_its_secrets_are_shown_as_far_as_the_table_shows_them(
    start: State[Any],
) -> None:
    first, waiting, last, resolved = _round(start)
    decision = [(start, P1, first), (waiting, P2, last)]
    # both cards lie on the table, P1's first: each bid is known to everyone now
    (early,) = revealed(decision, resolved)  # (the closing bid was judged when taken)
    assert early.text(P2) == early.text(SPECTATOR) == str(first)
    # what was told when the bid was made stays told: the judgement only adds to it
    told = announcement(start, P1, first, waiting)
    assert told.widened(early).text(P2) == str(first)
    assert told.widened(early.replace(visible=0, kinds=0)) == told


def test_a_surface_that_tells_steps_one_at_a_time_is_handed_the_secrets_as_they_close(
    start: State[Any],
) -> None:
    sealed = Sealed()
    first, waiting, last, resolved = _round(start)
    told = announcement(start, P1, first, waiting)
    assert sealed.took(1, start, P1, first, waiting, told) == []  # the decision is open
    # P1's bid is taken back: the decision's steps after step 0 are forgotten
    sealed.undone(0)
    assert sealed.took(2, waiting, P2, last, resolved, announcement(waiting, P2, last)) == []
    # noted again and closed: the bid, as told then and as told now
    sealed = Sealed()
    sealed.took(1, start, P1, first, waiting, told)
    ((was, now),) = sealed.took(2, waiting, P2, last, resolved, announcement(waiting, P2, last))
    assert was == told
    assert (was.text(P2), now.text(P2)) == ("a bid", str(first))
    # and nothing is left open: the next round's first bid opens a decision of its own
    again = _bid(resolved, P1)
    assert sealed.took(3, resolved, P1, again, resolved.apply(P1, again), told) == []


class CardsFaceDown(SealedBids):
    """The bids are scored, never shown: the table tells nobody which card was bid."""

    def observation(self, data: BidsData, seat: int | None) -> dict[str, Any]:
        obs = super().observation(data, seat)
        del obs["played"]
        return obs


def test_a_secret_the_table_never_shows_stays_a_secret_when_the_decision_closes() -> None:
    register("toy-face-down", CardsFaceDown)
    try:
        start = ecotone.make("toy-face-down", players=2).start(12)
        first, waiting, last, resolved = _round(start)
        (early,) = revealed([(start, P1, first), (waiting, P2, last)], resolved)
        # P2 sees a bid was made (its points and P1's hand tell so much), never which
        assert early.text(P2) == early.text(SPECTATOR) == "a bid"
        assert early.sight(P1) is Sight.ACTION
    finally:
        unregister("toy-face-down")


def test_too_many_alternatives_hide_the_step_from_the_others(
    start: State[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(visibility, "MAX_ALTERNATIVES", 2)
    bid = _bid(start, P1)
    alternatives = [a for a in start.legal_actions(P1) if a != bid]
    assert len(alternatives) > 2
    told = infer(start, P1, bid, start.apply(P1, bid))
    # the alternatives are of two kinds (bids and a fold): not even the kind is told
    assert told.text(P2) == told.text(SPECTATOR) == SECRET_CHOICE
    assert told.text(P1) == str(bid)


class OpenTable(SealedBids):
    """Sealed Bids played as a game of perfect information, with nothing declared secret."""

    spec = dataclasses.replace(SPEC, id="toy-open", information=Information.PERFECT)

    def secret_action(self, data: BidsData, seat: int, action: Action) -> bool:
        return False


def test_in_a_game_of_perfect_information_everybody_sees_every_step() -> None:
    state = OpenTable(2).start(3)
    bid = _bid(state, P1)
    told = announcement(state, P1, bid)
    assert all(told.sight(v) is Sight.ACTION for v in (P1, P2, SPECTATOR))


def test_announcing_an_illegal_step_is_refused(start: State[Any]) -> None:
    held = set(start.observe(P1)["hand"])
    foreign = next(c for c in ("c1", "c2", "c3", "c4", "c5", "c6") if c not in held)
    with pytest.raises(IllegalAction):
        start.announce(P1, Bid(foreign), P2)


def test_a_kind_reads_as_its_tag_in_words_with_its_article() -> None:
    class Exchange(Action, frozen=True, tag="exchange-card"):
        pass

    assert kind_text(Bid("c1")) == "a bid"
    assert kind_text(Exchange()) == "an exchange card"


def test_a_kind_that_declares_its_noun_reads_as_that_noun(
    start: State[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Exchange(Action, frozen=True, tag="exchange-card"):
        noun: ClassVar[str] = "a card chosen for the exchange"

    assert kind_text(Exchange()) == "a card chosen for the exchange"
    # a viewer who may know a step only by its kind reads the noun its class declares
    monkeypatch.setattr(Bid, "noun", "a sealed bid")
    bid = _bid(start, P1)
    told = announcement(start, P1, bid, start.apply(P1, bid))
    assert told.sight(P2) is Sight.KIND
    assert told.text(P2) == told.text(SPECTATOR) == start.announce(P1, bid, P2) == "a sealed bid"
    assert told.text(P1) == str(bid)


# -- the referee's view -------------------------------------------------------------------


def test_the_referee_sees_every_hand_and_each_seat_its_own_secrets(start: State[Any]) -> None:
    bid = _bid(start, P1)
    waiting = start.apply(P1, bid)
    referee = waiting.observe_all()
    assert referee.observation == waiting.observe(SPECTATOR)  # the toy has no per-seat hands
    assert referee.secrets[P1] == {"hand": waiting.observe(P1)["hand"], "my_bid": bid.card}
    assert referee.secrets[P2] == {"hand": waiting.observe(P2)["hand"]}
    # every card in a hand lies in its holder's secrets: nothing stays hidden
    held = [c for s in referee.secrets for c in s["hand"]]
    assert sorted(held) == sorted(waiting.data.hands[P1] + waiting.data.hands[P2])
    assert len(held) == 5
    # from a seat's chair, the observation is that seat's own, with the same secrets
    chair = waiting.observe_all(P2)
    assert chair.observation["seat"] == P2
    assert chair.observation["hand"] == waiting.observe(P2)["hand"]
    assert chair.secrets == referee.secrets
    with pytest.raises(IllegalAction):
        waiting.observe_all(2)


# -- the harness keeps declarations and observations in agreement -------------------------


class OpenBids(SealedBids):
    """Shows every bid on the table at once (consistently: determinizing keeps the bids),
    yet declares the bids secret: its observations give away what it says is secret."""

    def observation(self, data: BidsData, seat: int | None) -> dict[str, Any]:
        return {**super().observation(data, seat), "bids": list(data.bids)}

    def determinize(self, data: BidsData, seat: int, rnd: random.Random) -> BidsData:
        other = 1 - seat
        hidden = list(data.hands[other])
        rnd.shuffle(hidden)
        hands = list(data.hands)
        hands[other] = tuple(sorted(hidden))
        return msgspec.structs.replace(data, hands=tuple(hands))


class OpenBidsDeclaredOpen(OpenBids):
    """The same game, with the bids declared public as its observations show them."""

    def secret_action(self, data: BidsData, seat: int, action: Action) -> bool:
        return False


@pytest.fixture
def registered() -> Iterator[str]:
    yield "toy-open-bids"
    unregister("toy-open-bids")


def test_the_harness_catches_a_secret_the_observations_give_away(registered: str) -> None:
    register(registered, OpenBids)
    with pytest.raises(AssertionError, match="give the secret choice away"):
        check_game(registered, players=2, games=5, seed=1)


def test_the_same_observations_pass_once_the_bids_are_declared_public(registered: str) -> None:
    # Every other check passes: only the disagreement with the declaration is at fault.
    register(registered, OpenBidsDeclaredOpen)
    report = check_game(registered, players=2, games=5, seed=1)
    assert report.games == 5
    assert report.secrets_checked == 0


def test_the_toy_keeps_its_secrets(toy: str) -> None:
    report = check_game(toy, players=2, games=5, seed=2)
    assert report.secrets_checked > 0
