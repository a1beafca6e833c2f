"""Scoring hand-built end positions (rules doc §Scoring)."""

from __future__ import annotations

from ecotone.core.game import State
from ecotone.games.biome.scoring import bonus_winner, measure, score_seat

from .helpers import game, make_state


def end(**kw: object) -> State:
    parts: dict[str, object] = {
        "phase": __import__("ecotone.games.biome.state", fromlist=["Phase"]).Phase.OVER
    }
    parts.update(kw)
    return make_state(game(2), **parts)  # type: ignore[arg-type]


def test_every_earned_card_scores_consumed_prey_included() -> None:
    s = end(
        chains=[["termites-1 sun-bear-1", "moon-moth-1"], ["cicada-1"]],
        plants=["rafflesia", ""],
        bonuses=("reforester", "botanist"),
    )
    # Termites 2 + Sun Bear 4 + Moon Moth 1 + Rafflesia 3, + Botanist 5 (the only plant card)
    assert score_seat(s.data, 0).cards == 10
    assert score_seat(s.data, 0).bonuses == ("botanist",)
    assert s.scores() == [15.0, 1.0]


def test_a_tied_bonus_is_awarded_to_nobody() -> None:
    s = end(chains=[["cicada-1"], ["cicada-2"]], bonuses=("base-of-the-web", "one-of-a-kind"))
    assert bonus_winner(s.data, "base-of-the-web") is None
    assert s.scores() == [1.0, 1.0]


def test_bonus_measures() -> None:
    chains = [
        "lantern-bug-1 golden-orb-weaver-1 forest-dragon-1 keeled-pit-viper-1 "
        "crested-serpent-eagle-1",
        "termites-1 orangutan-1",
        "cicada-1",
    ]
    s = end(chains=[chains, []], plants=["strangler-fig new-heights-vine", ""])
    me = s.data.seats[0]
    assert measure(me, "chain") == 5
    assert measure(me, "apex") == 1
    assert measure(me, "species") == 8
    assert measure(me, "primary") == 3
    # homes: Emergent cicada, serpent-eagle; Canopy termites, orangutan; Understory 4
    assert measure(me, "layers") == 2
    # vine habitats: forest dragon, keeled pit viper, termites, orangutan, 2 plant cards
    assert measure(me, "vine") == 6
    assert measure(me, "plants") == 2


def test_food_chain_bonus_needs_four_animals() -> None:
    s = end(
        chains=[["termites-1 draco-lizard-1 keeled-pit-viper-1"], []],
        bonuses=("food-chain", "top-predator"),
    )
    assert bonus_winner(s.data, "food-chain") is None


def test_ties_go_to_most_apexes_then_fewest_tiles_then_shared() -> None:
    nobody = ("reforester", "botanist")  # nobody places tiles or earns plants here
    # 11 each: P1 with an Apex Predator wins
    s = end(
        chains=[
            ["termites-1 draco-lizard-1 crested-serpent-eagle-1"],
            ["termites-2 orangutan-1", "cicada-1 golden-orb-weaver-1", "cicada-2"],
        ],
        bonuses=nobody,
    )
    assert s.scores() == [11.0, 11.0]
    assert s.winners() == [0]
    # 8 each, no apexes: the fewest tiles left wins
    p1 = ["moon-moth-1 flying-gecko-1 banded-linsang-1"]
    p2 = ["cicada-1 golden-orb-weaver-1 western-tarsier-1", "cicada-2"]
    s = end(chains=[p1, p2], tiles_=["T01", ""], bonuses=nobody)
    assert s.scores() == [8.0, 8.0]
    assert s.winners() == [1]
    # still tied: the victory is shared
    s = end(chains=[p1, p2], bonuses=nobody)
    assert s.winners() == [0, 1]
