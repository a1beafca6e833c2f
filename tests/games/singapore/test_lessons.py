"""What the game teaches: the hawk-dove equilibrium of the competition table, and its count.

The equilibrium is checked against the game's own reckoning of a contest
(``competition.contest``), not against the formula it was solved from: at the equilibrium
share, Intimidating and Cooperating must expect the same Food over every combination of
the rivals' choices and every face of the die.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from ecotone.core.spec import Provenance
from ecotone.games.singapore import competition
from ecotone.games.singapore.actions import Cooperate, Intimidate
from ecotone.games.singapore.cards import Bounty
from ecotone.games.singapore.competition import Entry
from ecotone.games.singapore.lessons import SIZES, equilibrium, hawk_advantage, lessons
from ecotone.games.singapore.state import Phase
from ecotone.sim import runner
from ecotone.sim.balance import Plan, analyse, run_batch

from .helpers import game

BOUNTY = Bounty(single=9, shared=13, provenance=Provenance.RULEBOOK)  # 13: shares leave a rest


def expected_food(strategy: str, p: float, contestants: int) -> float:
    """Seat 0's expected Food choosing ``strategy`` when each rival Intimidates with
    probability ``p``: the game's own contest, over every rival choice and die face."""
    total = 0.0
    rivals = contestants - 1
    for choices in itertools.product(("cooperate", "intimidate"), repeat=rivals):
        hawks = choices.count("intimidate")
        chance = p**hawks * (1 - p) ** (rivals - hawks)
        entries = [Entry(0, strategy)] + [Entry(s + 1, c) for s, c in enumerate(choices)]
        for die in range(1, 7):
            out = competition.contest(
                "forest", entries, BOUNTY, contestants, range(contestants), die, 1
            )
            total += chance * out.deltas[0] / 6
    return total


@pytest.mark.parametrize("contestants", [3, 4, 5, 6])
def test_at_the_equilibrium_both_strategies_expect_the_same_food(contestants: int) -> None:
    p = equilibrium(contestants)
    assert 0 < p < 1
    hawk = expected_food("intimidate", p, contestants)
    dove = expected_food("cooperate", p, contestants)
    assert hawk == pytest.approx(dove, abs=1e-9)
    # and on either side of it the strategy in short supply pays more: the mix is stable
    assert expected_food("intimidate", p - 0.05, contestants) > expected_food(
        "cooperate", p - 0.05, contestants
    )
    assert expected_food("intimidate", p + 0.05, contestants) < expected_food(
        "cooperate", p + 0.05, contestants
    )


def test_in_a_two_player_contest_intimidating_is_never_worse() -> None:
    for p in (0.0, 0.3, 0.7, 1.0):
        gain = expected_food("intimidate", p, 2) - expected_food("cooperate", p, 2)
        assert gain == pytest.approx(3.5 * (1 - p))  # the die's mean, unless the rival fights
    assert equilibrium(2) == 1.0


def test_the_equilibria_by_hand() -> None:
    # three players: 2(1-p)^2 + 2p(1-p) = 1 gives 2(1-p) = 1
    assert equilibrium(3) == pytest.approx(0.5, abs=1e-12)
    # four players: (1-p)^2 (2+p) = 1, whose root in (0, 1) is 2 sin 10°
    assert equilibrium(4) == pytest.approx(0.347296355333861, abs=1e-12)
    assert hawk_advantage(0.0, 5) == 1  # nobody else fights: a lone hawk takes the die
    assert [equilibrium(n) for n in range(2, 7)] == sorted(
        (equilibrium(n) for n in range(2, 7)), reverse=True
    )  # the more crowded the habitat, the fewer hawks
    with pytest.raises(ValueError, match="at least 2"):
        equilibrium(1)
    assert Fraction(equilibrium(3)).limit_denominator(10) == Fraction(1, 2)


def _history(bots: list[str], seed: int) -> tuple[list[tuple[Any, int, Any]], Any]:
    g = game(4)
    run = runner.play(g, seed, [runner.build_bot(b, g, s, s) for s, b in enumerate(bots)])
    state = g.start(seed)
    history = []
    for seat, action in run.moves:
        history.append((state.data, seat, action))
        state = state.step(seat, action)
    return history, state.data


@pytest.mark.parametrize(("bot", "share"), [("hawk", 1.0), ("dove", 0.0)])
def test_pure_strategies_count_as_they_play(bot: str, share: float) -> None:
    history, end = _history([bot] * 4, 3)
    found = {x.id: x for x in game(4).lessons(history, end)}
    chosen = [
        a
        for d, _, a in history
        if d.phase is Phase.COMPETE and isinstance(a, Cooperate | Intimidate)
    ]
    everything = found["intimidate/all"]
    assert everything.out_of == len(chosen) > 0
    assert everything.count == share * len(chosen)
    assert sum(found[k].out_of for k in found if k != "intimidate/all") == len(chosen)
    for key, n in (("intimidate/2", 2), ("intimidate/3", 3)):
        if found[key].out_of:
            assert found[key].theory == pytest.approx(equilibrium(n))
    assert everything.theory is not None
    assert equilibrium(6) <= everything.theory <= 1.0
    assert "rulebook's competition table" in everything.source


def test_the_lab_reports_the_mix_against_the_equilibrium(tmp_path: Path) -> None:
    g = game(4)
    plan = Plan.of(g, ["heuristic"], 3, 5)
    records = run_batch(plan, tmp_path)
    assert all(r.lessons for r in records)
    report = analyse(records, plan.identity(), g.presentation(), resamples=100)
    figures = {f.id: f for f in report.lessons}
    everything = figures["lesson/intimidate/all"]
    counted = [next(x for x in r.lessons if x.id == "intimidate/all") for r in records]
    assert everything.n == sum(x.out_of for x in counted)
    assert everything.value == sum(x.count for x in counted) / everything.n
    assert everything.low <= everything.value <= everything.high
    assert everything.expected is not None
    assert 0 < everything.expected <= 1
    assert report.to_json()["lessons"][0]["theory"] == everything.expected
    assert "lesson/intimidate/2" in figures


def test_a_game_without_a_shared_habitat_counts_no_chance() -> None:
    counted = lessons([])
    assert [x.id for x in counted] == [
        "intimidate/all",
        *(f"intimidate/{k}" for k in SIZES[:-1]),
        f"intimidate/{SIZES[-1]}+",
    ]
    assert all(x.out_of == 0 and x.count == 0 and x.theory is None for x in counted)
