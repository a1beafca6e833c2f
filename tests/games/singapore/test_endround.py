"""The end of a round: secret cards, Destruction, the Urban opening, Recovery, hand limit."""

from __future__ import annotations

import pytest

from ecotone.games.singapore import Discard, Leave, Pass, Pledge, Restore, Stay
from ecotone.games.singapore.board import CENTRE
from ecotone.games.singapore.cards import DECKS
from ecotone.games.singapore.rules import settle
from ecotone.games.singapore.state import Phase, SGData, Status

from .helpers import act, refusal, start, state, with_habitat, with_player


def round_end(d: SGData, round_: int = 1) -> SGData:
    """Run the end of the round from ``d`` (until a decision, or the next round's roll)."""
    return settle(d.replace(phase=Phase.ROUND_END, round=round_, choices=()))


def log(d: SGData) -> str:
    return " ".join(d.last_log + d.log)


# -- secret cards ---------------------------------------------------------------------------------


def facedown(d: SGData, seat: int, key: str) -> SGData:
    d = with_player(d, seat, hand=[key])
    p = d.players[seat]
    return d.replace(
        players=(*d.players[:seat], p.replace(hand=(), facedown=p.hand), *d.players[seat + 1 :])
    )


def test_scavenge_takes_two_from_the_richest_habitat_mate() -> None:
    d = start(4)
    d = with_player(d, 0, tile="forest-2", food=1)
    d = with_player(d, 1, tile="forest-5", food=9)
    d = with_player(d, 2, tile="forest-6", food=9)
    d = with_player(d, 3, tile="marine-2", food=30)
    d = round_end(facedown(d, 0, "scavenge"))
    assert [p.food for p in d.players] == [3, 7, 9, 30]  # tie: the first after P1
    assert "P1 reveals Scavenge: takes 2 Food from P2." in log(d)
    assert "wild:scavenge" in d.discard
    assert d.players[0].facedown == ()


def test_symbiosis_feeds_you_and_the_poorest_habitat_mate() -> None:
    d = start(4)
    d = with_player(d, 0, tile="ecotone-n", food=1)
    d = with_player(d, 1, tile="ecotone-s", food=9)
    d = with_player(d, 2, tile=CENTRE, food=4)
    d = with_player(d, 3, tile="marine-2", food=0)
    d = round_end(facedown(d, 0, "symbiosis"))
    assert [p.food for p in d.players] == [3, 9, 6, 0]


def test_a_secret_card_alone_has_no_effect() -> None:
    d = with_player(start(4), 0, tile="urban-2")
    d = round_end(facedown(d, 0, "scavenge"))
    assert "nobody shared the Urban, no effect" in log(d)


# -- Destruction ----------------------------------------------------------------------------------


def test_two_destruction_cards_destroy_a_habitat_at_the_end_of_the_round() -> None:
    d = with_habitat(start(4), "forest", destruction=2)
    d = with_player(d, 0, tile="forest-4")
    d = with_player(d, 1, tile="marine-4")
    d = round_end(d)
    assert d.habitats[0].status is Status.DESTROYED
    assert d.players[0].tile == CENTRE
    assert d.players[1].tile == "marine-4"
    assert "The Forest is destroyed and turned over: P1 goes to the centre of the Ecotone" in log(d)
    assert d.round == 2  # no Bounty for a destroyed habitat
    assert d.habitats[0].bounty == ""


def test_one_destruction_card_is_not_enough() -> None:
    d = round_end(with_habitat(start(4), "forest", destruction=1))
    assert d.habitats[0].status is Status.OPEN


def test_the_urban_has_a_single_destruction_card() -> None:
    d = with_habitat(start(4), "urban", status=Status.OPEN, destruction=1)
    d = round_end(d)
    assert d.habitats[3].status is Status.DESTROYED


def test_urban_opens_after_three_destruction_cards_across_the_other_habitats() -> None:
    d = with_habitat(start(4), "forest", destruction=1)
    d = with_habitat(d, "marine", destruction=1)
    d = round_end(d.replace(destroyed_count=2))
    assert d.habitats[3].status is Status.SOON
    d = with_habitat(d, "mangrove", destruction=1)
    d = round_end(d.replace(destroyed_count=3), round_=2)
    assert d.habitats[3].status is Status.OPEN
    assert "the Urban habitat opens" in log(d)
    assert d.habitats[3].bounty  # and it gets a Nature's Bounty card next round


@pytest.mark.parametrize(
    ("choice", "tile"), [("stay anchored", "mangrove-3"), ("leave for the ecotone", CENTRE)]
)
def test_anchorage_may_resist_the_destruction_of_the_mangrove(choice: str, tile: str) -> None:
    d = with_habitat(start(4), "mangrove", destruction=2)
    d = with_player(d, 0, tile="mangrove-3", adaptations=["anchorage"] * 4)
    d = with_player(d, 1, tile="mangrove-4", adaptations=["anchorage"] * 2)
    d = round_end(d)
    assert d.phase is Phase.ANCHOR
    assert d.turn == 0
    assert d.players[1].tile == CENTRE  # no full set: swept out
    s = state(d)
    assert s.legal_actions(0) == [Stay(), Leave()]
    refusal(s, 0, Pass(), "singapore/must-anchor", "stay anchored")
    s = act(s, 0, choice)
    assert s.data.players[0].tile == tile
    assert s.data.phase is Phase.MIGRATE


def test_an_anchored_pawn_gets_no_food_but_may_walk_out() -> None:
    d = with_habitat(start(4), "mangrove", destruction=2, status=Status.DESTROYED)
    d = with_player(d, 0, tile="mangrove-8", dice=(2,))
    s = state(d)
    tiles = {a.tile for a in s.legal_actions(0) if hasattr(a, "tile")}
    assert {"mangrove-2", "ecotone-e"} <= tiles
    d = with_player(d, 0, dice=(1,))
    for seat in (1, 2, 3):
        d = with_player(d, seat, dice=(1,))
    s = act(state(d), 0, "migrate to mangrove-1")
    for seat in (1, 2, 3):
        s = act(s, seat, "migrate to ecotone-n")
    assert s.data.players[0].food == 0
    assert "Mangrove is destroyed: no Food for P1" in log(s.data)


# -- Recovery ---------------------------------------------------------------------------------


def destroyed_forest(food: tuple[int, ...] = (4, 3, 5, 0)) -> SGData:
    d = with_habitat(start(4), "forest", destruction=2, status=Status.DESTROYED)
    d = with_player(d, 1, hand=["recovery"])
    for seat, f in enumerate(food):
        d = with_player(d, seat, food=f)
    return round_end(d)


def test_a_habitat_destroyed_this_round_shows_no_bounty_while_recovery_is_offered() -> None:
    d = with_habitat(start(4), "forest", destruction=2)
    assert d.habitats[0].bounty != ""
    d = with_player(d, 1, hand=["recovery"], food=12)  # enough to restore it
    d = round_end(d)
    assert d.phase is Phase.RESTORE  # the round is not over: recovery is being offered
    assert d.habitats[0].status is Status.DESTROYED
    assert d.habitats[0].bounty == ""
    assert len(d.bounty_deck) + sum(bool(h.bounty) for h in d.habitats) == 8  # none lost
    assert state(d).observe(0)["habitats"]["forest"]["bounty"] is None


def test_recovery_is_offered_in_turn_and_food_pooled() -> None:
    d = destroyed_forest()
    assert d.phase is Phase.RESTORE
    assert d.turn == 0
    s = state(d)
    assert s.legal_actions(0) == [Pass()]
    refusal(s, 0, Restore("forest"), "singapore/no-recovery-card", "Recovery card")
    s = act(s, 0, "pass")
    assert s.legal_actions(1) == [Restore("forest"), Pass()]
    refusal(s, 1, Restore("marine"), "singapore/not-destroyed")
    s = act(s, 1, "restore the forest")
    assert s.data.phase is Phase.PLEDGE
    assert s.data.turn == 1
    assert s.legal_actions(1) == [Pledge(k) for k in range(4)]
    refusal(s, 1, Pledge(5), "singapore/not-enough-food", "only 3 Food")
    s = act(s, 1, "pledge 3 food")
    s = act(s, 2, "pledge 5 food")
    assert s.legal_actions(3) == [Pledge(0)]
    s = act(s, 3, "pledge 0 food")
    assert s.legal_actions(0) == [Pledge(0), Pledge(1), Pledge(2)]  # 2 more needed
    refusal(s, 0, Pledge(3), "singapore/pledge-too-much", "only 2 more")
    s = act(s, 0, "pledge 2 food")
    d = s.data
    assert d.habitats[0].status is Status.OPEN
    assert len(d.habitats[0].destruction) == 1
    assert [p.food for p in d.players] == [2, 0, 0, 0]
    assert any(c.startswith("wild:recovery") for c in d.discard)
    forest = d.decks[DECKS.index("forest")]
    assert sum(1 for c in forest if "destruction" in c) == 1  # shuffled back in
    assert "The Forest is restored" in log(d)


def test_a_recovery_short_of_food_costs_nothing() -> None:
    s = act(state(destroyed_forest((5, 3, 2, 0))), 0, "pass")
    s = act(s, 1, "restore the forest", "pledge 3 food")
    s = act(s, 2, "pledge 2 food")
    s = act(s, 3, "pledge 0 food")
    s = act(s, 0, "pledge 4 food")
    d = s.data
    assert d.habitats[0].status is Status.DESTROYED
    assert [p.food for p in d.players][:3] == [5, 3, 2]
    assert "stays destroyed; nothing is paid" in log(d)
    assert any(c.startswith("wild:recovery") for c in d.players[1].hand)


def test_no_recovery_step_when_it_cannot_happen() -> None:
    d = with_habitat(start(4), "forest", destruction=2, status=Status.DESTROYED)
    assert round_end(d).phase is Phase.MIGRATE  # nobody holds a card
    d = with_player(d, 1, hand=["recovery"])
    assert round_end(d).phase is Phase.MIGRATE  # the table has no 10 Food


# -- hand limit and the end -------------------------------------------------------------------


def test_hand_limit_of_two_at_the_end_of_the_round() -> None:
    d = with_player(start(4), 2, hand=["forage", "bargain", "mimicry", "hibernate"])
    d = round_end(d)
    assert d.phase is Phase.DISCARD
    assert d.turn == 2
    s = state(d)
    assert s.legal_actions(2) == [
        Discard("forage"),
        Discard("hibernate"),
        Discard("mimicry"),
        Discard("bargain"),
    ]
    refusal(s, 2, Discard("shortcut"), "singapore/not-in-hand")
    s = act(s, 2, "discard forage")
    assert s.data.phase is Phase.DISCARD
    s = act(s, 2, "discard hibernate")
    assert s.data.phase is Phase.MIGRATE
    assert len(s.data.players[2].hand) == 2
    assert "P3 discards Forage (hand limit 2)." in log(s.data)


@pytest.mark.parametrize("variant", [None, "beginner", "survival"])
def test_the_game_ends_after_ten_rounds(variant: str | None) -> None:
    d = round_end(start(4, variant), round_=10)
    assert d.phase is Phase.OVER
    s = state(d)
    assert s.is_over
    assert s.to_move == ()
    assert "The game ends after 10 rounds." in log(d)
    assert "Final scores:" in d.log
    # nobody has scored anything: the four share the win
    assert d.log[-1] == "P1, P2, P3 and P4 tie on 0 EVP and 0 Food left: they share the win."
