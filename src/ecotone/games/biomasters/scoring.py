"""Victory points and the winner (rules doc §Winning).

Only the Score Pile counts: the sum of what each card in it is worth (1 VP, or its printed
VP once processed by a detritivore or when it came from a kill). [rulebook] In the 2v2
game a team's points are its two players' piles together [rulebook: "player or team"], and
each seat's score is its team's total. The most VP wins; the rulebook names no tie-break, so
tied players (or teams) share the victory. [ecotone]
"""

from __future__ import annotations

from ecotone.games.biomasters.effects import Table
from ecotone.games.biomasters.state import BioData, Scored

__all__ = ["pile_vp", "scores", "winners"]


def pile_vp(pile: tuple[Scored, ...]) -> int:
    """The VP of one Score Pile."""
    return sum(e.vp for e in pile)


def scores(d: BioData, table: Table) -> list[float]:
    """Each seat's score: its own pile, or its team's piles in the 2v2 game."""
    own = [pile_vp(p) for p in d.piles]
    if not table.teams:
        return [float(v) for v in own]
    team = [0, 0]
    for seat, v in enumerate(own):
        team[table.team_of(seat)] += v
    return [float(team[table.team_of(seat)]) for seat in range(table.players)]


def winners(d: BioData, table: Table) -> list[int]:
    """The seats with the most VP (whole teams in the 2v2 game); ties share the win."""
    points = scores(d, table)
    best = max(points)
    return [s for s, p in enumerate(points) if p == best]
