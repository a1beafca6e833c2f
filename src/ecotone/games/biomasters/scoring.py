"""Victory points and the winner (rules doc §Winning).

Only the Score Pile counts: the sum of what each card in it is worth (1 VP, or its printed
VP once processed by a detritivore or when it came from a kill). [rulebook] In the 2v2
game a team's points are its two players' piles together [rulebook: "player or team"], and
each seat's score is its team's total. The most VP wins; the rulebook names no tie-break, so
tied players (or teams) share the victory. [ecotone]
"""

from __future__ import annotations

from operator import attrgetter
from typing import Final

from ecotone.core.tuples import seat_name
from ecotone.games.biomasters.effects import Table
from ecotone.games.biomasters.state import BioData, Scored

__all__ = ["pile_terms", "pile_vp", "score_terms", "scores", "winners"]


def pile_terms(pile: tuple[Scored, ...]) -> tuple[tuple[str, int], tuple[str, int]]:
    """The VP of one Score Pile in two lines: the cards worth 1 VP (decomposed, not yet
    processed), and the cards worth their printed VP (processed, or kills)."""
    plain = sum(e.vp for e in pile if e.vp <= 1)
    printed = sum(e.vp for e in pile if e.vp > 1)
    return (("Cards at 1 VP", plain), ("Cards at printed VP", printed))


def pile_vp(pile: tuple[Scored, ...]) -> int:
    """The VP of one Score Pile: the sum of its :func:`pile_terms`, which between them count
    every card once."""
    return sum(map(_VP_OF, pile))


_VP_OF: Final = attrgetter("vp")  # what a Score Pile entry is worth


def score_terms(d: BioData, table: Table) -> list[tuple[tuple[str, int], ...]]:
    """Each seat's score line by line: its own pile's :func:`pile_terms`, and in the 2v2
    game its teammate's whole pile."""
    out: list[tuple[tuple[str, int], ...]] = []
    for seat in range(table.players):
        terms: tuple[tuple[str, int], ...] = pile_terms(d.piles[seat])
        if table.teams:
            team = table.team_of(seat)
            mate = next(s for s in range(table.players) if s != seat and table.team_of(s) == team)
            terms += ((f"{seat_name(mate)}'s Score Pile", pile_vp(d.piles[mate])),)
        out.append(terms)
    return out


def scores(d: BioData, table: Table) -> list[float]:
    """Each seat's score: its own pile, or its team's piles in the 2v2 game (what its
    :func:`score_terms` add up to)."""
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
