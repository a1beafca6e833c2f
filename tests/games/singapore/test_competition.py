"""Inter-species Competition: the Ecotone, a lone player, and the hawk-dove table."""

from __future__ import annotations

import random

import pytest

from ecotone.core.game import State
from ecotone.games.singapore import Cooperate, Intimidate, Play, competition, contest
from ecotone.games.singapore.cards import Bounty, cards
from ecotone.games.singapore.competition import Entry
from ecotone.games.singapore.state import Phase
from ecotone.games.singapore.view import determinize

from .helpers import choose_all, refusal, rolled, start, state, with_habitat, with_player

B = Bounty(single=10, shared=16, provenance=cards().bounty["bounty:1"].provenance)
ORDER = (0, 1, 2, 3)


def reckon(*entries: Entry, die: int = 4, die_b: int = 1) -> dict[int, int]:
    return contest("forest", entries, B, 4, ORDER, die, die_b).deltas


def E(seat: int, final: str, *traits: str, display: bool = False) -> Entry:  # noqa: N802
    return Entry(seat, final, display, frozenset(traits))


# -- the rulebook's table ----------------------------------------------------------------------


def test_all_cooperate_share_equally() -> None:
    assert reckon(E(0, "cooperate"), E(1, "cooperate")) == {0: 8, 1: 8}


def test_equal_shares_round_down_and_the_remainder_is_lost() -> None:
    out = contest(
        "forest", [E(0, "cooperate"), E(1, "cooperate"), E(2, "cooperate")], B, 4, ORDER, 1, 1
    )
    assert out.deltas == {0: 5, 1: 5, 2: 5}
    assert "(1 lost)" in " ".join(out.lines)


def test_one_intimidator_dominates_all() -> None:
    out = contest(
        "forest", [E(0, "intimidate"), E(1, "cooperate"), E(2, "cooperate")], B, 4, ORDER, 4, 6
    )
    assert out.deltas == {0: 5 + 4, 1: 5 - 4, 2: 5 - 4}
    assert "the only Intimidator, rolls 4" in " ".join(out.lines)


def test_several_intimidators_fight_and_cooperators_are_unaffected() -> None:
    out = contest(
        "forest", [E(0, "intimidate"), E(1, "intimidate"), E(2, "cooperate")], B, 4, ORDER, 3, 6
    )
    assert out.deltas == {0: 5 - 3, 1: 5 - 3, 2: 5}
    assert "the Gamemaster rolls 3" in " ".join(out.lines)


def test_strategy_cards_shown_are_recorded() -> None:
    out = contest(
        "forest", [E(0, "intimidate"), E(1, "mimicry"), E(2, "hibernate")], B, 4, ORDER, 3, 6
    )
    assert out.shown == {0: "intimidate"}


# -- Action cards ------------------------------------------------------------------------------


def test_hibernate_takes_no_part_and_gains_three() -> None:
    assert reckon(E(0, "hibernate"), E(1, "cooperate"), E(2, "intimidate"), die=2) == {
        0: 3,
        1: 8 - 2,
        2: 8 + 2,
    }
    # the one left behind is alone: the single-player amount
    assert reckon(E(0, "hibernate"), E(1, "intimidate")) == {0: 3, 1: 10}


def test_mimicry_copies_the_winning_side() -> None:
    assert reckon(E(0, "mimicry"), E(1, "cooperate"), die=5) == {0: 8 + 5, 1: 8 - 5}
    assert reckon(E(0, "mimicry"), E(1, "intimidate"), die=5) == {0: 8 - 5, 1: 8 + 5}
    # two mimics facing no Intimidator both turn Intimidate, and fight
    assert reckon(E(0, "mimicry"), E(1, "mimicry"), die=5) == {0: 8 - 5, 1: 8 - 5}


def test_territorial_display_cancels_the_next_intimidate() -> None:
    out = contest(
        "forest",
        [E(0, "cooperate", display=True), E(1, "intimidate"), E(2, "intimidate")],
        B,
        4,
        ORDER,
        4,
        1,
    )
    # P2's Intimidate is cancelled: P3 is the only Intimidator
    assert out.deltas == {0: 5 - 4, 1: 5 - 4, 2: 5 + 4}
    assert "P1's Territorial Display cancels P2's Intimidate" in " ".join(out.lines)
    # the search wraps around the table: P4's display cancels P1's Intimidate
    assert reckon(E(3, "cooperate", display=True), E(0, "intimidate"), E(1, "cooperate")) == {
        3: 5,
        0: 5,
        1: 5,
    }


# -- abilities -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        ((E(0, "intimidate"), E(1, "cooperate", "unseen")), {0: 12, 1: 8}),  # Camouflage
        ((E(0, "intimidate"), E(1, "cooperate", "shell")), {0: 12, 1: 6}),  # Shell: at most 2
        ((E(0, "intimidate"), E(1, "cooperate", "armour-ball")), {0: 12, 1: 8}),  # Pangolin
        ((E(0, "intimidate", "venom"), E(1, "intimidate")), {0: 8 - 2, 1: 8 - 4}),  # Venom
        ((E(0, "intimidate", "ambush"), E(1, "cooperate")), {0: 8 + 6, 1: 8 - 6}),  # Crocodile
        (
            (E(0, "intimidate"), E(1, "intimidate"), E(2, "cooperate", "scraps")),
            {0: 5 - 4, 1: 5 - 4, 2: 5 + 2},
        ),  # Scavenging
        ((E(0, "cooperate", "family-group"), E(1, "cooperate")), {0: 10, 1: 8}),  # Otter
        (
            (E(0, "cooperate", "school"), E(1, "cooperate"), E(2, "cooperate")),
            {0: 7, 1: 5, 2: 5},
        ),  # Schooling
        ((E(0, "cooperate", "school"), E(1, "cooperate")), {0: 8, 1: 8}),  # too few to school
    ],
)
def test_competition_abilities(entries: tuple[Entry, ...], expected: dict[int, int]) -> None:
    assert reckon(*entries, die=4, die_b=6) == expected


def test_alone_food_and_its_abilities() -> None:
    assert competition.alone_food(frozenset(), "forest", B) == 10
    assert competition.alone_food(frozenset({"lone-grazer"}), "forest", B) == 12
    assert competition.alone_food(frozenset({"filter"}), "marine", B) == 16
    assert competition.alone_food(frozenset({"filter"}), "forest", B) == 10


# -- the phase in play -----------------------------------------------------------------------


@pytest.fixture
def gm_rolls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Fix the Gamemaster's competition dice: set ``[a, b]``."""
    values = [4, 2]

    def fixed(d: object, n: int) -> tuple[tuple[int, ...], object]:
        return tuple(values[:n]), d

    monkeypatch.setattr(competition, "dice", fixed)
    return values


def shared_forest() -> State:
    """P1, P2 in the Forest (16 shared), P3 alone in the Marine, P4 in the Ecotone."""
    d = rolled(start(4), 2, 2, 2, 1)
    d = with_habitat(d, "forest", bounty=(10, 16))
    d = with_habitat(d, "marine", bounty=(8, 12))
    s = choose_all(
        state(d),
        {
            0: "migrate to forest-1",
            1: "migrate to forest-1",
            2: "migrate to marine-1",
            3: "migrate to ecotone-n",
        },
    )
    assert s.data.phase is Phase.COMPETE
    return s


def test_ecotone_and_lone_players_are_fed_at_once() -> None:
    s = shared_forest()
    foods = [p.food for p in s.data.players]
    assert foods == [0, 0, 8, 5]
    assert s.to_move == (0, 1)
    log = " ".join(s.data.log)
    assert "Ecotone: P4 +5 Food." in log
    assert "Marine: P3 is alone and takes 8 Food." in log


def test_five_food_in_the_ecotone_however_many() -> None:
    s = choose_all(state(rolled(start(6), 1)), dict.fromkeys(range(6), "migrate to ecotone-n"))
    assert [p.food for p in s.data.players] == [5] * 6


def test_opportunism_takes_seven_in_the_ecotone() -> None:
    d = with_player(rolled(start(4), 1), 0, adaptations=["opportunism"] * 3)
    s = choose_all(state(d), dict.fromkeys(range(4), "migrate to ecotone-n"))
    assert [p.food for p in s.data.players] == [7, 5, 5, 5]


def test_strategies_are_secret_until_the_reveal(gm_rolls: list[int]) -> None:
    s = choose_all(shared_forest(), {0: "intimidate"})
    assert s.to_move == (1,)
    obs = s.observe(1)
    assert obs["players"][0]["chosen"] is True
    assert "intimidate" not in str(obs).lower().replace("intimidated", "")
    # a determinized state for P2 does not keep P1's true choice
    finals = {determinize(s.data, 1, random.Random(i)).choices[0].final for i in range(30)}
    assert finals == {"cooperate", "intimidate"}
    s = choose_all(s, {1: "cooperate"})
    foods = [p.food for p in s.data.players]
    assert foods[:2] == [8 + 4, 8 - 4]
    assert (s.data.players[0].intimidated, s.data.players[1].cooperated) == (1, 1)
    assert s.data.phase is Phase.DRAW


def test_food_never_drops_below_zero(gm_rolls: list[int]) -> None:
    gm_rolls[:] = [6, 1]
    d = shared_forest().data
    d = with_habitat(d, "forest", bounty=(6, 10))
    s = choose_all(state(d), {0: "intimidate", 1: "cooperate"})
    assert [p.food for p in s.data.players][:2] == [5 + 6, 0]


def test_competition_cards_are_played_in_secret(gm_rolls: list[int]) -> None:
    d = with_player(shared_forest().data, 0, hand=["hibernate", "territorial-display"])
    s = state(d)
    assert s.legal_actions(0) == [
        Play("hibernate"),
        Play("territorial-display"),
        Cooperate(),
        Intimidate(),
    ]
    s = choose_all(s, {0: "play territorial-display"})
    refusal(s, 0, Play("hibernate"), "singapore/hibernate-alone", "Hibernate")
    refusal(s, 0, Play("forage"), "singapore/not-in-hand")
    s = choose_all(s, {0: "cooperate", 1: "intimidate"})
    assert [p.food for p in s.data.players][:2] == [8, 8]
    assert sorted(s.data.discard) == ["wild:territorial-display"]
    assert s.data.players[0].hand == ("wild:hibernate",)


def test_nobody_asked_when_nobody_shares() -> None:
    d = rolled(start(4), 2, 2, 1, 1)
    s = choose_all(
        state(d),
        {
            0: "migrate to forest-1",
            1: "migrate to marine-1",
            2: "migrate to ecotone-n",
            3: "migrate to ecotone-s",
        },
    )
    assert s.data.phase is Phase.DRAW
