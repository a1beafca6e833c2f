"""Nature's Bounty and Migration: the roll, secret routes revealed together, movement."""

from __future__ import annotations

import pytest

from ecotone.games.singapore import Migrate, Play, board
from ecotone.games.singapore.board import CENTRE
from ecotone.games.singapore.state import Phase, Status

from .helpers import (
    act,
    choose_all,
    migrating,
    refusal,
    rolled,
    start,
    state,
    with_habitat,
    with_player,
)

ALL_OPEN = frozenset({"forest", "mangrove", "marine"})


# -- the board's movement ---------------------------------------------------------------------


def test_movement_is_clockwise_inside_a_habitat() -> None:
    b = board()
    assert b.destinations("forest-2", [1], ALL_OPEN) == ("forest-3",)
    assert b.destinations("forest-7", [3], ALL_OPEN) == ("ecotone-n", "forest-2")
    # passing the gateway a pawn may leave toward the Ecotone
    assert "ecotone-n" in b.destinations("forest-8", [2], ALL_OPEN)
    assert "forest-8" not in b.destinations("forest-1", [1], ALL_OPEN)


def test_movement_in_any_direction_in_the_ecotone() -> None:
    b = board()
    assert b.destinations(CENTRE, [1], ALL_OPEN) == (
        "ecotone-n",
        "ecotone-w",
        "ecotone-e",
        "ecotone-s",
    )
    # two steps: the corners, back to the centre, or through a path to a gateway
    two = b.destinations(CENTRE, [2], ALL_OPEN)
    assert {"ecotone-nw", CENTRE, "forest-1", "mangrove-1", "marine-1"} <= set(two)
    assert "urban-1" not in two  # Urban starts closed


def test_gliding_moves_both_ways_in_the_forest_only() -> None:
    b = board()
    both = frozenset({"forest"})
    assert "forest-1" in b.destinations("forest-2", [1], ALL_OPEN, both)
    assert b.destinations("marine-2", [1], ALL_OPEN, both) == ("marine-3",)


# -- Nature's Bounty ---------------------------------------------------------------------------


def test_natures_bounty_deals_one_card_per_open_habitat() -> None:
    d = start(4)
    dealt = [h.bounty for h in d.habitats]
    assert all(dealt[:3])  # Urban is "Opening Soon"
    assert dealt[3] == ""
    assert len(set(dealt[:3])) == 3
    assert len(d.bounty_deck) == 5
    assert "Nature's Bounty: Forest" in d.log[1]


# -- the roll and the secret routes ------------------------------------------------------------


def test_everyone_rolls_then_all_choose_at_once() -> None:
    d = start(5, seed=4)
    s = state(d)
    assert s.to_move == (0, 1, 2, 3, 4)
    assert all(len(p.dice) == 1 and 1 <= p.dice[0] <= 6 for p in d.players)
    route = s.legal_actions(2)[-1]
    assert isinstance(route, Migrate)
    s2 = s.apply(2, route)
    assert s2.to_move == (0, 1, 3, 4)
    # the others see that P3 has chosen, never what
    for seat in (0, 1, None):
        obs = s2.observe(seat)
        assert obs["players"][2]["chosen"] is True
        assert obs["players"][0]["chosen"] is False
        assert obs["players"][2]["tile"] == CENTRE
        assert "my_choice" not in obs or obs["my_choice"]["final"] is None
        assert route.tile not in str(obs["log"])
    assert s2.observe(2)["my_choice"]["final"] == route.tile


def test_routes_are_revealed_together() -> None:
    d = rolled(start(4), 2, 1)
    s = choose_all(
        state(d),
        {
            0: "migrate to forest-1",
            1: "migrate to ecotone-n",
            2: "migrate to ecotone-s",
            3: "migrate to ecotone-e",
        },
    )
    tiles = [p.tile for p in s.data.players]
    assert tiles == ["forest-1", "ecotone-n", "ecotone-s", "ecotone-e"]
    assert any(line.startswith("Routes revealed: P1 to forest-1") for line in s.data.log)
    assert s.data.phase is not Phase.MIGRATE


def test_the_route_must_use_the_roll() -> None:
    d = with_player(start(4), 0, dice=(3,))
    s = state(d)
    assert Migrate("forest-2") in s.legal_actions(0)
    refusal(s, 0, Migrate("forest-1"), "singapore/unreachable", "roll of 3", "clockwise")
    refusal(s, 0, Migrate("urban-2"), "singapore/habitat-closed", "Opening Soon")


def test_a_destroyed_habitat_cannot_be_entered() -> None:
    d = with_habitat(start(4), "forest", status=Status.DESTROYED)
    d = with_player(d, 0, dice=(2,))
    s = state(d)
    assert Migrate("forest-1") not in s.legal_actions(0)
    refusal(s, 0, Migrate("forest-1"), "singapore/habitat-closed", "destroyed")


def test_urban_can_be_entered_once_open() -> None:
    d = with_habitat(start(4), "urban", status=Status.OPEN)
    d = with_player(d, 0, dice=(2,))
    assert Migrate("urban-1") in state(d).legal_actions(0)


def test_cinnamon_bush_frog_rolls_two_dice_and_moves_by_either() -> None:
    d = with_player(start(4), 0, niches=["cinnamon-bush-frog"])
    d = d.replace(round=1, phase=Phase.NEXT_ROUND)
    from ecotone.games.singapore.rules import settle

    d = settle(d)
    assert len(d.players[0].dice) == 2
    assert len(d.players[1].dice) == 1
    assert "(Cinnamon Bush Frog)" in d.log[2]
    d = with_player(d, 0, dice=(1, 3))
    legal = state(d).legal_actions(0)
    assert Migrate("ecotone-n") in legal  # 1 step (or 3)
    assert Migrate("forest-2") in legal  # 3 steps
    assert Migrate(CENTRE) not in legal  # 2 steps: neither die


# -- Action cards with the route ---------------------------------------------------------------


def test_stampede_adds_two_steps() -> None:
    d = with_player(rolled(start(4), 1), 0, hand=["stampede"])
    s = state(d)
    assert Play("stampede") in s.legal_actions(0)
    s = act(s, 0, "play stampede")
    assert s.to_move == (0, 1, 2, 3)  # still choosing the route
    assert Migrate("forest-2") in s.legal_actions(0)  # 3 steps
    assert Migrate("ecotone-nw") not in s.legal_actions(0)  # 2 steps: not any more
    refusal(s, 0, Play("stampede"), "singapore/already-played")
    s = act(s, 0, "migrate to forest-2")
    assert s.observe(1)["players"][0]["hand"] == 1  # played in secret: still in hand
    s = choose_all(
        s, {1: "migrate to ecotone-n", 2: "migrate to ecotone-n", 3: "migrate to ecotone-n"}
    )
    assert s.data.players[0].tile == "forest-2"
    assert s.data.players[0].hand == ()
    assert "wild:stampede" in s.data.discard
    assert "played Stampede" in " ".join(s.data.log)


def test_shortcut_goes_to_any_ecotone_tile_and_excludes_stampede() -> None:
    d = with_player(start(4), 0, dice=(1,), hand=["shortcut", "stampede"], tile="marine-5")
    s = act(state(d), 0, "play shortcut")
    assert {a.tile for a in s.legal_actions(0) if isinstance(a, Migrate)} == set(board().ecotone)
    refusal(s, 0, Play("stampede"), "singapore/one-movement-card")
    refusal(s, 0, Migrate("marine-6"), "singapore/shortcut-ecotone")


def test_secret_cards_are_placed_face_down() -> None:
    d = with_player(rolled(start(4), 1), 0, hand=["scavenge"])
    s = act(state(d), 0, "play scavenge", "migrate to ecotone-n")
    s = choose_all(
        s, {1: "migrate to ecotone-n", 2: "migrate to ecotone-s", 3: "migrate to ecotone-e"}
    )
    p = s.data.players[0]
    assert p.facedown == ("wild:scavenge",)
    assert p.hand == ()
    obs = s.observe(1)
    assert obs["players"][0]["facedown"] == 1
    assert "scavenge" not in str(obs).lower()
    assert "placed a card face down" in " ".join(s.data.log)


def test_a_card_of_another_phase_is_refused() -> None:
    d = with_player(start(4), 0, hand=["forage"])
    refusal(state(d), 0, Play("forage"), "singapore/wrong-time", "Evolution turn")
    refusal(state(d), 0, Play("mimicry"), "singapore/not-in-hand", "Mimicry")


# -- abilities in Migration ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("adaptations", "niches", "roll", "extra", "missing"),
    [
        (["limbs"] * 4, [], 1, "forest-1", "forest-2"),  # brachiate: 1 or 2 steps
        ([], ["colugo"], 2, "ecotone-n", "mangrove-3"),  # glide: 1, 2 or 3 steps
        ([], ["lesser-mousedeer"], 1, CENTRE, "forest-1"),  # hide: may stay
    ],
)
def test_movement_abilities(
    adaptations: list[str], niches: list[str], roll: int, extra: str, missing: str
) -> None:
    plain = migrating(with_player(start(4), 0, dice=(roll,)))
    skilled = with_player(plain, 0, adaptations=adaptations, niches=niches)
    assert Migrate(extra) not in state(plain).legal_actions(0)
    assert Migrate(extra) in state(skilled).legal_actions(0)
    assert Migrate(missing) not in state(skilled).legal_actions(0)


def test_full_gliding_set_moves_anticlockwise_in_the_forest() -> None:
    d = with_player(start(4), 0, dice=(1,), tile="forest-3", adaptations=["gliding"] * 4)
    assert {a.tile for a in state(d).legal_actions(0) if isinstance(a, Migrate)} == {
        "forest-2",
        "forest-4",
    }
