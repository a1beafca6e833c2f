"""Why a game of BIOME Borneo ended (rules doc §End of the game: the last perimeter tile,
three rounds without a tile placed, the 60-round limit) and how a tie on points was settled
(§Scoring: the most Apex Predators, then the fewest tiles left)."""

from __future__ import annotations

import random
from typing import Any

from ecotone.core.game import State
from ecotone.games.biome.config import MAX_ROUNDS, STALL_ROUNDS
from ecotone.games.biome.state import Phase

from .helpers import act, game, make_state, pass_reactions

NOBODY = ("reforester", "botanist")  # Global Bonus cards nobody earns in these positions


def _pass_turn(s: State[Any]) -> State[Any]:
    """The player to move exchanges nothing, earns nothing and refills from the deck."""
    s = act(pass_reactions(s), "no exchange", "end turn")
    while s.data.phase is Phase.REFILL:
        s = act(s, "draw from deck")
    return s


def _over(**parts: Any) -> State[Any]:
    return make_state(game(2), phase=Phase.OVER, bonuses=NOBODY, **parts)


def test_the_last_perimeter_tile_and_the_final_round() -> None:
    # P2 has just taken the last perimeter tile: a final round follows, P2's turn last
    s = make_state(
        game(3, opportunist="own-turn"),
        hands=["cicada-1", "cicada-2", "cicada-3"],
        phase=Phase.EXCHANGE,
        turn=1,
        trigger=1,
    )
    while not s.is_over:
        s = _pass_turn(s)
    assert s.data.ended_by == "perimeter"
    sentence = s.ending()
    assert sentence is not None
    assert sentence.startswith(
        "P2 took the last perimeter tile, and the final round was played, ending with P2's turn."
    )


def test_rounds_without_a_tile_placed_end_the_game() -> None:
    rnd = random.Random(1)
    s = game(2).start(1)
    while not s.is_over:
        seat = rnd.choice(s.to_move)
        s = s.apply(seat, rnd.choice(s.legal_actions(seat)))
    assert s.data.ended_by == "stall"
    sentence = s.ending()
    assert sentence is not None
    assert sentence.startswith(
        f"Nobody placed a tile for {STALL_ROUNDS} rounds in a row: the forest stopped growing."
    )


def test_the_round_limit() -> None:
    s = _over(ended_by="limit", tiles_=["T01", ""])
    sentence = s.ending()
    assert sentence is not None
    assert sentence.startswith(f"The game reached its limit of {MAX_ROUNDS} rounds.")


def test_a_tie_on_points_is_said_with_the_tie_break_that_settled_it() -> None:
    # 11 each: P1 with an Apex Predator wins
    s = _over(
        ended_by="stall",
        chains=[
            ["termites-1 draco-lizard-1 crested-serpent-eagle-1"],
            ["termites-2 orangutan-1", "cicada-1 golden-orb-weaver-1", "cicada-2"],
        ],
    )
    assert (s.scores(), s.winners()) == ([11.0, 11.0], [0])
    assert s.ending() == (
        f"Nobody placed a tile for {STALL_ROUNDS} rounds in a row: the forest stopped growing. "
        "P1 and P2 tie on 11 points; P1 wins with the most Apex Predators (P1 1, P2 0)."
    )
    # 8 each, no Apex Predators: the fewest tiles left
    p1 = ["moon-moth-1 flying-gecko-1 banded-linsang-1"]
    p2 = ["cicada-1 golden-orb-weaver-1 western-tarsier-1", "cicada-2"]
    s = _over(ended_by="limit", chains=[p1, p2], tiles_=["T01", ""])
    assert (s.scores(), s.winners()) == ([8.0, 8.0], [1])
    assert s.ending() == (
        f"The game reached its limit of {MAX_ROUNDS} rounds. P1 and P2 tie on 8 points; "
        "P2 wins with the fewest tiles left (P1 1, P2 0)."
    )
    # still tied: shared
    s = _over(ended_by="limit", chains=[p1, p2])
    assert s.winners() == [0, 1]
    assert s.ending() == (
        f"The game reached its limit of {MAX_ROUNDS} rounds. P1 and P2 tie on 8 points, "
        "Apex Predators and tiles left: they share the win."
    )


def test_a_clear_winner_needs_no_tie_break() -> None:
    s = _over(ended_by="limit", chains=[["termites-1 sun-bear-1"], ["cicada-1"]])
    assert s.winners() == [0]
    assert s.ending() == f"The game reached its limit of {MAX_ROUNDS} rounds."
