"""What Singapore Untamed teaches: the hawk-dove game of Inter-species Competition.

The rulebook builds the competition phase on evolutionary game theory's Hawk-Dove game
(rules §Inter-species Competition, "Inspired by"): players sharing a habitat each choose,
in secret, to Cooperate (a dove) or to Intimidate (a hawk). A balance report counts how
often players Intimidate and sets that against the mix the rulebook's own table predicts.

**The table, as payoffs.** Every player in the habitat takes the same equal share of the
Food first, so only the die moves Food between strategies. With ``k`` Intimidators among
the players, and ``X`` the die:

==========  =======================  ==============================
``k``       an Intimidator gets      a Cooperator gets
==========  =======================  ==============================
0           (nobody Intimidates)     0
1           ``+X``                   ``-X``
2 or more   ``-X``                   0
==========  =======================  ==============================

**The mix where neither strategy pays more.** Suppose each of the ``m = n - 1`` other
players in a contest of ``n`` Intimidates with probability ``p``, and ``K`` of them do.
Intimidating rather than Cooperating gains ``X`` when ``K = 0`` (the lone hawk takes
``X``, where the dove would take nothing), the same when ``K = 1`` (the two hawks lose
``X`` each; a dove would lose ``X`` to the one hawk), and loses ``X`` when ``K >= 2`` (a
hawk joins the fight; a dove stays out of it). So the advantage of Intimidating is

    ``X · (P(K = 0) - P(K >= 2)) = X · (2(1-p)^m + m·p·(1-p)^(m-1) - 1)``

and the symmetric equilibrium is the ``p`` that makes it zero. ``X`` cancels, so the die
does not matter, only how crowded the habitat is:

* ``n = 2``: the advantage is ``X·(1-p)``, never negative: **Intimidating is never worse**
  in a two-player contest, and the only symmetric equilibrium is to always Intimidate;
* ``n = 3``: ``p = 1/2``;
* ``n = 4``: ``p ≈ 0.347``; ``n = 5``: ``p ≈ 0.266``; ``n = 6``: ``p ≈ 0.216``.

The more players share a habitat, the fewer hawks it holds at equilibrium: that is the
lesson the table carries. The model is the printed table alone: Food that cannot drop below
0, Action cards (Mimicry, Hibernate, Territorial Display) and unlocked abilities
(Camouflage, Venom...) bend the real payoffs, so the equilibrium is the reference a
teacher compares play with, not a prediction of what clever players do. **[ecotone]**
(the analysis; the table: **[rulebook]**)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ecotone.core.actions import Action
from ecotone.core.game import Lesson
from ecotone.games.singapore.actions import Cooperate, Intimidate
from ecotone.games.singapore.board import board
from ecotone.games.singapore.competition import OUT
from ecotone.games.singapore.state import Phase, SGData

__all__ = ["SIZES", "equilibrium", "hawk_advantage", "lessons"]

#: Contest sizes reported one by one: 2 and 3 are common, 4 or more are pooled.
SIZES: Final = (2, 3, 4)

SOURCE: Final = (
    "the symmetric equilibrium of the rulebook's competition table: the share of "
    "Intimidate at which Intimidating and Cooperating expect the same Food "
    "(docs/rules/singapore-untamed.md, What the game teaches)"
)


def hawk_advantage(p: float, contestants: int) -> float:
    """What Intimidating gains over Cooperating, in units of the die ``X``, when each of
    the other ``contestants - 1`` players Intimidates with probability ``p``.

    >>> hawk_advantage(0.0, 2), hawk_advantage(1.0, 2)  # a lone dove is robbed, a hawk fights
    (1.0, 0.0)
    >>> hawk_advantage(0.5, 3)
    0.0
    """
    m = contestants - 1
    none = (1 - p) ** m
    one = m * p * (1 - p) ** (m - 1)
    return none - (1 - none - one)


def equilibrium(contestants: int) -> float:
    """The share of Intimidate at the symmetric equilibrium of a contest of ``contestants``.

    The advantage of Intimidating falls as ``p`` grows (more rivals fight), from ``+1`` at
    ``p = 0``; the equilibrium is where it reaches zero, found by bisection, or ``1`` when
    it never goes below zero (two players: Intimidating is never worse).

    >>> equilibrium(2), round(equilibrium(3), 9), round(equilibrium(4), 4)
    (1.0, 0.5, 0.3473)
    """
    if contestants < 2:
        raise ValueError(f"a contest needs at least 2 players, not {contestants}")
    if hawk_advantage(1.0, contestants) >= 0:
        return 1.0
    low, high = 0.0, 1.0
    for _ in range(60):  # 2^-60: far below anything a batch of games can measure
        mid = (low + high) / 2
        if hawk_advantage(mid, contestants) > 0:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def _size_key(contestants: int) -> int:
    return min(contestants, SIZES[-1])


def _contestants(d: SGData, seat: int) -> int:
    """How many players share ``seat``'s habitat in this competition (``seat`` included)."""
    region = board().region
    here = region(d.players[seat].tile)
    return sum(
        1 for s, c in enumerate(d.choices) if c.final != OUT and region(d.players[s].tile) == here
    )


def lessons(history: Sequence[tuple[SGData, int, Action]]) -> tuple[Lesson, ...]:
    """The share of Survival Strategies that were Intimidate, over all shared habitats and
    by how many players shared them, each with the equilibrium share for those contests."""
    hawks: dict[int, int] = dict.fromkeys(SIZES, 0)
    chances: dict[int, int] = dict.fromkeys(SIZES, 0)
    predicted: dict[int, float] = dict.fromkeys(SIZES, 0.0)
    for d, seat, action in history:
        if d.phase is not Phase.COMPETE or not isinstance(action, Cooperate | Intimidate):
            continue
        n = _contestants(d, seat)
        key = _size_key(n)
        chances[key] += 1
        hawks[key] += isinstance(action, Intimidate)
        predicted[key] += equilibrium(n)
    total = sum(chances.values())
    out = [
        Lesson(
            "intimidate/all",
            "Intimidate chosen, all shared habitats",
            sum(hawks.values()),
            total,
            sum(predicted.values()) / total if total else None,
            SOURCE,
        )
    ]
    for key in SIZES:
        many = key == SIZES[-1]
        # pooled sizes (4 or more) predict the mean of their contests' equilibria
        theory = predicted[key] / chances[key] if chances[key] else None
        out.append(
            Lesson(
                f"intimidate/{key}{'+' if many else ''}",
                f"Intimidate chosen, {key}{' or more' if many else ''} players in the habitat",
                hawks[key],
                chances[key],
                theory,
                SOURCE,
            )
        )
    return tuple(out)
