"""How a game unfolds: lead changes, drama and decisiveness, from its score story.

These are Ludii's game-evaluation metrics (Browne; Stephenson et al.), which judge a
state by a search's evaluation; here a state is judged by what the game itself says,
every seat's score (``state.scores()``) after each decision. With ``s_t(p)`` seat ``p``'s
score after ``t`` of a game's ``T`` decisions (``t = 0`` before the first), ``W`` the
eventual winners and ``L`` the other seats:

* **lead changes**: the *leader* after decision ``t`` is the one side with the highest
  score (nobody on a tie); a lead change is a decision after which the leader is a side
  other than the last leader there was. ``lead_changes`` counts them; ``lead_change_rate``
  divides by ``T`` (Ludii's normalisation). Unlike Ludii, a tie is not a lead of its own,
  so a game that starts level and is led by one side throughout has no lead change.
  A *side* is a seat, or seats whose scores are equal after every decision of the game
  (partners in a team game, who share one score).
* **drama**: how far the eventual winners trailed the leader, on average over the game:
  ``(1/T) Σ_{t<T} (max_p s_t(p) - mean_{w∈W} s_t(w))``, in points (Ludii's "Drama
  Average"). ``behind`` is the share of those states in which the winners trailed at all.
* **decisiveness**: the threshold ``θ = max_{t, l∈L} s_t(l)`` is the best score any
  eventual loser ever had; the game is *decided* at the first ``t`` at which a winner's
  score exceeds ``θ``; ``decided_at = t/T`` (Ludii's "Decisiveness Moves"). A small value
  means the winner pulled clear early; 1 means it did so only with the last decision
  (or never: a win on a tie-break).

Drama and decisiveness need a winner and a loser; lead changes need two seats. A game
without them gives ``None`` for those metrics, and reports leave it out of them.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Tension", "scores_by_step", "tension"]


@dataclass(frozen=True, slots=True)
class Tension:
    """The metrics of one game (see the module docstring); ``None`` where undefined."""

    lead_changes: int | None
    lead_change_rate: float | None
    drama: float | None
    behind: float | None
    decided_at: float | None


def scores_by_step(story: Sequence[tuple[int, Sequence[float]]], steps: int) -> list[list[float]]:
    """Every seat's scores after each of ``0..steps`` decisions, from a compact story."""
    out: list[list[float]] = []
    at = 0
    current = list(story[0][1]) if story else []
    for t in range(steps + 1):
        while at + 1 < len(story) and story[at + 1][0] <= t:
            at += 1
            current = list(story[at][1])
        out.append(current)
    return out


def _leader(scores: Sequence[float]) -> int | None:
    """The one side with the highest score, or ``None`` on a tie (or with a single side)."""
    if len(scores) < 2:
        return None
    best = max(scores)
    leaders = [p for p, s in enumerate(scores) if s == best]
    return leaders[0] if len(leaders) == 1 else None


def _sides(states: Sequence[Sequence[float]]) -> list[list[int]]:
    """Seats grouped by their whole score history: partners who share a score are one side."""
    groups: dict[tuple[float, ...], list[int]] = {}
    for seat in range(len(states[0])):
        groups.setdefault(tuple(s[seat] for s in states), []).append(seat)
    return sorted(groups.values())


def tension(
    story: Sequence[tuple[int, Sequence[float]]], steps: int, winners: Sequence[int]
) -> Tension:
    """The metrics of one finished game of ``steps`` decisions won by ``winners``."""
    if steps <= 0 or not story:
        return Tension(None, None, None, None, None)
    states = scores_by_step(story, steps)
    players = len(states[0])
    changes: int | None = None
    rate: float | None = None
    if players >= 2:
        sides = _sides(states)
        changes = 0
        last = _leader([states[0][side[0]] for side in sides])
        for scores in states[1:]:
            now = _leader([scores[side[0]] for side in sides])
            if now is not None:
                if last is not None and now != last:
                    changes += 1
                last = now
        rate = changes / steps
    losers = [p for p in range(players) if p not in winners]
    if not winners or not losers:
        return Tension(changes, rate, None, None, None)
    gaps = [max(s) - statistics.fmean(s[w] for w in winners) for s in states[:steps]]
    drama = statistics.fmean(gaps)
    behind = sum(1 for gap in gaps if gap > 0) / steps
    threshold = max(s[p] for s in states for p in losers)
    decided = next(
        (t for t, s in enumerate(states) if any(s[w] > threshold for w in winners)), steps
    )
    return Tension(changes, rate, drama, behind, decided / steps)
