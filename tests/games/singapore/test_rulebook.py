"""The rulebook's own examples and tables, replayed.

The Inter-species Competition table of the Gameplay Summary is played cell by cell through
the whole game (routes chosen, strategies revealed, the Gamemaster's log), and the four
points tables the rulebook prints are scored copy by copy. The rulebook's other examples are
replayed where their rule is tested:

* "2 copies of Call nets you 3 Evolution Points!": ``test_scoring.py``;
* "if you're in the Forest, draw from the Forest deck": ``test_evolution.py``
  (``test_habitat_tile_draws_from_the_habitat_deck``);
* the Cinnamon Bush Frog's "roll 2 dice instead of 1": ``test_migration.py``;
* "5 Food each, regardless of the number of players" and the single-player amount:
  ``test_competition.py``;
* "draw the remaining cards (if any), and collect 5 Food (in total)": ``test_evolution.py``.
"""

from __future__ import annotations

import pytest

from ecotone.core.game import State
from ecotone.games.singapore import competition, score
from ecotone.games.singapore.state import Phase

from .helpers import choose_all, rolled, start, state, with_habitat, with_player

COOPERATE = "cooperate"
INTIMIDATE = "intimidate"
CELL_IDS = [
    "all-cooperate-2",
    "all-cooperate-3",
    "one-intimidator-1-cooperator",
    "one-intimidator-3-cooperators",
    "two-intimidators-alone",
    "two-intimidators-2-cooperators",
    "three-intimidators-2-cooperators",
]


@pytest.fixture
def gm_die(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Fix the die of the competition (the Intimidator's or the Gamemaster's): set ``[x]``."""
    value = [4]

    def fixed(d: object, n: int) -> tuple[tuple[int, ...], object]:
        return (value[0],) * n, d

    monkeypatch.setattr(competition, "dice", fixed)
    return value


def forest_contest(strategies: list[str]) -> State:
    """The first ``len(strategies)`` seats meet in the Forest (10 alone / 16 shared) and
    reveal these Survival Strategies; the other seats wait in the Ecotone. Nobody has Food
    before the competition."""
    d = rolled(start(6), 2)  # 2 steps: centre -> ecotone-n -> forest-1
    d = with_habitat(d, "forest", bounty=(10, 16))
    routes = {
        s: "migrate to forest-1" if s < len(strategies) else "migrate to ecotone-nw"
        for s in range(6)
    }
    s = choose_all(state(d), routes)
    assert s.data.phase is Phase.COMPETE
    assert s.to_move == tuple(range(len(strategies)))
    s = choose_all(s, dict(enumerate(strategies)))
    assert s.data.phase is not Phase.COMPETE
    return s


@pytest.mark.parametrize(
    ("strategies", "die", "food", "says"),
    [
        # Cooperate: all | Intimidate: 0 -> "Food is shared equally."
        ([COOPERATE] * 2, 6, [8, 8], "No Intimidators: peace and cooperation."),
        ([COOPERATE] * 3, 6, [5, 5, 5], "16 Food shared by 3: 5 each (1 lost)."),
        # Cooperate: any | Intimidate: 1 -> "Intimidator rolls a die (x). Food is split
        # equally. Intimidator gets x more food, Cooperator(s) get x less food."
        ([INTIMIDATE, COOPERATE], 4, [8 + 4, 8 - 4], "P1, the only Intimidator, rolls 4"),
        (
            [COOPERATE, COOPERATE, INTIMIDATE, COOPERATE],
            3,
            [4 - 3, 4 - 3, 4 + 3, 4 - 3],
            "P3, the only Intimidator, rolls 3: +3 Food; each Cooperator loses 3.",
        ),
        # Cooperate: any | Intimidate: > 1 -> "Gamemaster rolls a die (x). Food is split
        # equally. Intimidators get x less food. Cooperator(s) are unaffected."
        ([INTIMIDATE] * 2, 5, [8 - 5, 8 - 5], "2 Intimidators fight; the Gamemaster rolls 5"),
        (
            [INTIMIDATE, COOPERATE, INTIMIDATE, COOPERATE],
            2,
            [4 - 2, 4, 4 - 2, 4],
            "each Intimidator loses 2, the Cooperators are unaffected.",
        ),
        (
            [INTIMIDATE, INTIMIDATE, INTIMIDATE, COOPERATE, COOPERATE],
            1,
            [3 - 1, 3 - 1, 3 - 1, 3, 3],
            "3 Intimidators fight; the Gamemaster rolls 1",
        ),
    ],
    ids=CELL_IDS,
)
def test_the_competition_table_cell_by_cell(
    gm_die: list[int], strategies: list[str], die: int, food: list[int], says: str
) -> None:
    gm_die[0] = die
    s = forest_contest(strategies)
    n = len(strategies)
    assert [p.food for p in s.data.players[:n]] == food
    assert [p.food for p in s.data.players[n:]] == [5] * (6 - n)  # the Ecotone's 5 each
    log = "\n".join(s.data.log)
    assert says in log
    revealed = ", ".join(f"P{i + 1} {x.capitalize()}" for i, x in enumerate(strategies))
    assert f"Forest: revealed {revealed}." in log
    # the Survival Strategy cards shown become public history
    assert [p.intimidated for p in s.data.players[:n]] == [x == INTIMIDATE for x in strategies]
    assert [p.cooperated for p in s.data.players[:n]] == [x == COOPERATE for x in strategies]


# -- the points tables printed in the rulebook -------------------------------------------------


@pytest.mark.parametrize(
    ("adaptation", "table"),
    [
        ("anchorage", (1, 3, 7, 8)),  # Nerite Snail
        ("limbs", (1, 2, 3, 6)),  # Raffles' Banded Langur
        ("appeal", (2, 3, 5, 10)),  # the hornbill
        ("call", (1, 3, 7, 10)),  # Straw-headed Bulbul
    ],
)
def test_the_printed_points_tables(adaptation: str, table: tuple[int, ...]) -> None:
    for copies, points in enumerate(table, 1):
        p = with_player(start(4), 0, adaptations=[adaptation] * copies).players[0]
        assert score(p).adaptations == {adaptation: points}
        assert score(p).total == points
