"""The statistics of a balance report, in plain Python: every figure comes with its interval.

A :class:`Figure` is one number a report shows, with its 95% interval and the name of
the method that made the interval, so a reader (or a program reading ``report.json``)
never has to guess how sure a number is. The methods:

* :func:`wilson`: a share of games (a win rate), Wilson's score interval;
* :func:`bootstrap`: a mean or median over games, the percentile bootstrap over games;
* :func:`ratio`: a share of many chances spread over games (how often a choice was made),
  the ratio of the summed counts with a percentile bootstrap over games;
* :func:`paired`: a difference between two rule sets played on the same seeds, the mean
  of per-seed differences with a bootstrap interval and a normal p-value;
* :func:`clustered_difference`: a difference of means between two groups of seats
  (those that took a card and those that did not) whose seats share games, with a
  cluster-robust standard error;
* :func:`share_difference`: the same for win rates, which falls back on small-sample
  methods (Newcombe's interval, an exact permutation test within games) when a group has
  too few wins or too few losses for the normal approximation;
* :func:`benjamini_hochberg`: q-values, so that many comparisons at once do not flood a
  report with chance findings.

Everything is seeded: the same inputs give the same intervals.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

__all__ = [
    "CLUSTERED",
    "LEVEL",
    "MIN_OUTCOMES",
    "MIN_RESAMPLES",
    "RESAMPLES_WHY",
    "SMALL_SAMPLE",
    "Figure",
    "benjamini_hochberg",
    "bootstrap",
    "chi_square_uniform",
    "clustered_difference",
    "normal_p",
    "paired",
    "ratio",
    "share_difference",
    "wilson",
    "within_games_p",
]

LEVEL = 0.95
Z95 = 1.959963984540054  # the standard normal's 97.5% quantile

MIN_RESAMPLES = 100
"""The fewest bootstrap resamples a command accepts. A 95% percentile interval is read
off the 2.5th and 97.5th percentiles of the resamples: with fewer than 41 of them both
ends are simply the smallest and the largest resample, with 1 or 2 the "interval" may not
even hold the estimate, and with 0 it is the estimate alone. 100 leaves at least two
resamples beyond each end; the default (1000) is what the intervals of the documents
were made with."""

RESAMPLES_WHY = (
    "a 95% interval lies between the 2.5th and 97.5th percentiles of the resamples, and "
    "fewer give the smallest and largest resample, or no interval at all"
)
"""Why :data:`MIN_RESAMPLES`, in the words a refusal gives."""


@dataclass(frozen=True, slots=True)
class Figure:
    """One number a report shows, with its 95% interval and how the interval was made.

    Attributes:
        id: a stable key (``"win_rate/P1"``), the same in every report.
        label: what the number is, in words.
        unit: what it counts (``"share of games"``, ``"points"``, ``"decisions"``).
        value: the estimate.
        low, high: the 95% interval.
        method: how the interval (and p-value) was computed, named.
        n: how many games (or seats, or pairs) it rests on.
        expected: what a fair game would give, when there is such a number.
        p, q: the p-value of "no difference" and its Benjamini-Hochberg q-value, for
            figures that are differences.
        extra: further plain numbers (e.g. the two means a difference came from).
    """

    id: str
    label: str
    unit: str
    value: float
    low: float
    high: float
    method: str
    n: int
    expected: float | None = None
    p: float | None = None
    q: float | None = None
    extra: tuple[tuple[str, float], ...] = ()

    def with_q(self, q: float) -> Figure:
        """The same figure with its q-value set."""
        return replace(self, q=q)

    def relabel(self, id: str, label: str) -> Figure:
        """The same figure under another key and label."""
        return replace(self, id=id, label=label)

    @property
    def excludes_zero(self) -> bool:
        """Whether the interval lies wholly on one side of zero."""
        return self.low > 0 or self.high < 0

    def to_json(self) -> dict[str, Any]:
        """The figure as JSON-safe data; every figure has ``low``, ``high`` and ``method``."""
        out: dict[str, Any] = {
            "id": self.id,
            "label": self.label,
            "unit": self.unit,
            "value": self.value,
            "low": self.low,
            "high": self.high,
            "level": LEVEL,
            "method": self.method,
            "n": self.n,
        }
        if self.expected is not None:
            out["expected"] = self.expected
        if self.p is not None:
            out["p"] = self.p
        if self.q is not None:
            out["q"] = self.q
        out.update(dict(self.extra))
        return out


# -- shares -----------------------------------------------------------------------------------

WILSON = "Wilson score interval"


def wilson(
    id: str,
    label: str,
    successes: float,
    trials: int,
    *,
    expected: float | None = None,
    unit: str = "share of games",
) -> Figure:
    """A share (``successes / trials``) with Wilson's 95% score interval.

    Shared wins count fractionally, so ``successes`` may be a float. Wilson's interval
    stays inside [0, 1] and behaves at 0% and 100%, where the textbook
    ``p ± 1.96·sqrt(p(1-p)/n)`` collapses to a point.

    >>> f = wilson("w", "wins", 5, 10)
    >>> round(f.low, 3), f.value, round(f.high, 3)
    (0.237, 0.5, 0.763)
    """
    if trials <= 0:
        return Figure(id, label, unit, 0.0, 0.0, 1.0, WILSON, 0, expected)
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # The interval always holds p; min and max only undo rounding at 0% and 100%.
    low, high = min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half))
    return Figure(id, label, unit, p, low, high, WILSON, trials, expected)


# -- means over games ---------------------------------------------------------------------------


def _percentiles(values: list[float]) -> tuple[float, float]:
    values.sort()
    n = len(values)
    lo = values[max(0, math.floor(0.025 * (n - 1)))]
    hi = values[min(n - 1, math.ceil(0.975 * (n - 1)))]
    return lo, hi


def _rng(seed: Hashable, id: str) -> random.Random:
    # One generator per figure, seeded by the batch and the figure's key: the intervals
    # do not depend on the order in which figures are computed.
    return random.Random(f"balance:{seed}:{id}")


def bootstrap(
    id: str,
    label: str,
    unit: str,
    values: Sequence[float],
    *,
    seed: Hashable,
    resamples: int,
    median: bool = False,
    expected: float | None = None,
) -> Figure:
    """The mean (or median) of per-game ``values`` with a 95% percentile-bootstrap interval.

    The games are resampled with replacement ``resamples`` times; the interval is the
    2.5th and 97.5th percentiles of the resampled means.
    """
    kind = "median" if median else "mean"
    method = f"{kind}; percentile bootstrap over games ({resamples} resamples)"
    n = len(values)
    if n == 0:
        return Figure(id, label, unit, math.nan, math.nan, math.nan, method, 0, expected)
    stat = statistics.median if median else statistics.fmean
    value = float(stat(values))
    if n == 1 or resamples <= 0:
        return Figure(id, label, unit, value, value, value, method, n, expected)
    rnd = _rng(seed, id)
    data = list(values)
    samples = [float(stat(rnd.choices(data, k=n))) for _ in range(resamples)]
    lo, hi = _percentiles(samples)
    return Figure(id, label, unit, value, lo, hi, method, n, expected)


def ratio(
    id: str,
    label: str,
    unit: str,
    counts: Sequence[tuple[float, float]],
    *,
    seed: Hashable,
    resamples: int,
    expected: float | None = None,
) -> Figure:
    """``Σ count / Σ out_of`` over games, with a 95% percentile-bootstrap interval over games.

    ``counts`` holds one ``(count, out_of)`` per game. The chances of one game are not
    independent (a player who Intimidates once tends to again), so Wilson's interval over
    all chances would be too narrow: the games are resampled whole, as clusters, and the
    ratio recomputed each time. Games with no chance still count as games.

    >>> f = ratio("r", "share", "share of choices", [(1, 2), (3, 4)], seed=0, resamples=0)
    >>> f.value, f.n
    (0.6666666666666666, 6)
    """
    method = (
        "ratio of the counts summed over games; percentile bootstrap over games "
        f"({resamples} resamples)"
    )
    total = sum(out for _, out in counts)
    n = int(total)
    if total <= 0:
        return Figure(id, label, unit, math.nan, math.nan, math.nan, method, 0, expected)
    value = sum(c for c, _ in counts) / total
    if len(counts) == 1 or resamples <= 0:
        return Figure(id, label, unit, value, value, value, method, n, expected)
    rnd = _rng(seed, id)
    data = list(counts)
    samples = []
    for _ in range(resamples):
        drawn = rnd.choices(data, k=len(data))
        chances = sum(out for _, out in drawn)
        # a resample of only chanceless games says nothing: it repeats the estimate
        samples.append(sum(c for c, _ in drawn) / chances if chances else value)
    lo, hi = _percentiles(samples)
    return Figure(
        id, label, unit, value, lo, hi, method, n, expected, extra=(("games", len(counts)),)
    )


def normal_p(estimate: float, se: float) -> float:
    """The two-sided p-value of ``estimate`` being 0, from the normal approximation.

    A zero standard error gives 1 for a zero estimate and 0 otherwise.
    """
    if se <= 0 or not math.isfinite(se):
        return 1.0 if estimate == 0 else 0.0
    return math.erfc(abs(estimate) / se / math.sqrt(2))


def paired(
    id: str,
    label: str,
    unit: str,
    pairs: Sequence[tuple[float, float]],
    *,
    seed: Hashable,
    resamples: int,
) -> Figure:
    """The mean difference ``b - a`` over pairs played on the same seed.

    The interval is a percentile bootstrap over the pairs; the p-value (of "no
    difference") comes from the normal approximation with the differences' standard
    error. Two identical rule sets give identical games, so every difference, interval
    and p-value is exactly 0, 0, 0 and 1.
    """
    method = (
        "paired by seed: mean of per-seed differences; percentile bootstrap over seeds "
        f"({resamples} resamples); p from the normal approximation"
    )
    diffs = [b - a for a, b in pairs]
    n = len(diffs)
    extra = (
        ("baseline", statistics.fmean(a for a, _ in pairs) if n else math.nan),
        ("changed", statistics.fmean(b for _, b in pairs) if n else math.nan),
    )
    if n == 0:
        return Figure(id, label, unit, math.nan, math.nan, math.nan, method, 0, extra=extra)
    value = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.inf
    p = normal_p(value, se) if n > 1 else 1.0
    if n == 1 or resamples <= 0:
        return Figure(id, label, unit, value, value, value, method, n, p=p, extra=extra)
    rnd = _rng(seed, id)
    samples = [statistics.fmean(rnd.choices(diffs, k=n)) for _ in range(resamples)]
    lo, hi = _percentiles(samples)
    return Figure(id, label, unit, value, lo, hi, method, n, p=p, extra=extra)


# -- two groups of seats that share games ------------------------------------------------------

CLUSTERED = (
    "difference of means (with - without); cluster-robust (CR1) standard error with games "
    "as clusters; normal 95% interval and two-sided p"
)


def clustered_difference(
    id: str,
    label: str,
    unit: str,
    rows: Sequence[tuple[int, bool, float]],
) -> Figure | None:
    """The difference in mean ``y`` between rows with and without a mark.

    ``rows`` are ``(game, marked, y)``, one per seat of a game. The seats of one game
    are not independent (when one wins, the others lose), so the standard error is the
    cluster-robust ("sandwich") one with games as clusters: it is the least-squares
    slope of ``y`` on the mark, whose estimate is exactly the difference of the two
    means, with variance ``G/(G-1) · Σ_g (Σ_{i∈g} (x_i - x̄) e_i)² / (Σ_i (x_i - x̄)²)²``
    where ``e_i`` is a row's distance from its group's mean and ``G`` the number of games.

    Returns ``None`` when either group is empty (nothing to compare).
    """
    with_y = [y for _, x, y in rows if x]
    without_y = [y for _, x, y in rows if not x]
    if not with_y or not without_y:
        return None
    mean_with, mean_without = statistics.fmean(with_y), statistics.fmean(without_y)
    diff = mean_with - mean_without
    x_bar = len(with_y) / len(rows)
    sxx = sum((float(x) - x_bar) ** 2 for _, x, _ in rows)
    score: dict[int, float] = {}
    for game, x, y in rows:
        residual = y - (mean_with if x else mean_without)
        score[game] = score.get(game, 0.0) + (float(x) - x_bar) * residual
    clusters = len(score)
    if clusters > 1:
        variance = clusters / (clusters - 1) * sum(u * u for u in score.values()) / (sxx * sxx)
        se = math.sqrt(variance)
    else:
        se = math.inf
    half = Z95 * se
    return Figure(
        id,
        label,
        unit,
        diff,
        diff - half,
        diff + half,
        CLUSTERED,
        len(rows),
        p=normal_p(diff, se),
        extra=(("with", mean_with), ("without", mean_without)),
    )


# -- two win rates, however few the seats -------------------------------------------------------

MIN_OUTCOMES = 5
"""The fewest wins, and the fewest seats that did not win, each group needs for the normal
approximation of a difference of win rates (the textbook rule ``n·p ≥ 5`` and
``n·(1-p) ≥ 5`` for a share, the same rule of thumb as the chi-square test's expected
counts of 5)."""

SMALL_SAMPLE = (
    "difference of win rates (with - without); a group with fewer than "
    f"{MIN_OUTCOMES} wins or {MIN_OUTCOMES} losses: Newcombe's hybrid score interval, "
    "widened to the cluster-robust one where that is wider; two-sided p from the exact "
    "permutation test within games"
)


def _clip(f: Figure, low: float, high: float) -> Figure:
    """``f`` with its interval kept inside ``[low, high]`` (and still holding its value)."""
    return replace(
        f,
        low=min(f.value, max(low, f.low)),
        high=max(f.value, min(high, f.high)),
    )


def share_difference(
    id: str,
    label: str,
    rows: Sequence[tuple[int, bool, float]],
) -> Figure | None:
    """The difference in win rate between seats with and without a mark, sound however
    few the seats.

    ``rows`` are ``(game, marked, share of the win)``, one per seat of a game, as for
    :func:`clustered_difference`. That function's normal interval is only as good as its
    standard error, which is estimated from the seats themselves: a group of five seats
    that all lost has no spread at all, so its win rate looks certain and the difference
    comes out "beyond chance" (0 wins in 5 seats at a 25% win rate happens one time in
    four). So:

    * when each group has at least :data:`MIN_OUTCOMES` wins and as many seats that did
      not win, the cluster-robust difference of :func:`clustered_difference`;
    * otherwise *small-sample* methods: the interval is Newcombe's hybrid score interval
      (1998, method 10: each group's Wilson interval, combined), which behaves at 0% and
      100% as Wilson's does, widened to the cluster-robust interval where that one is
      wider (it sees the seats of a game lose together, which Newcombe's does not); the
      p-value is exact, from :func:`within_games_p`.

    Either way the interval stays inside [-100%, +100%], the only differences two win
    rates can have. Returns ``None`` when either group is empty.

    >>> lost = [(g, True, 0.0) for g in range(5)]  # five seats with the card, no win
    >>> rest = [(g, False, 1.0 if s == 0 else 0.0) for g in range(5) for s in range(3)]
    >>> f = share_difference("d", "d", lost + rest)
    >>> round(f.value, 3), f.high > 0, f.p > 0.05
    (-0.333, True, True)
    """
    base = clustered_difference(id, label, "share of games", rows)
    if base is None:
        return None
    groups = [[y for _, x, y in rows if x == mark] for mark in (True, False)]
    fewest = min(min(sum(ys), len(ys) - sum(ys)) for ys in groups)
    if fewest >= MIN_OUTCOMES:
        return _clip(base, -1.0, 1.0)
    w = [wilson(id, label, sum(ys), len(ys)) for ys in groups]
    diff = base.value
    low = diff - math.hypot(w[0].value - w[0].low, w[1].high - w[1].value)
    high = diff + math.hypot(w[0].high - w[0].value, w[1].value - w[1].low)
    small = replace(
        base,
        low=min(low, base.low),
        high=max(high, base.high),
        method=SMALL_SAMPLE,
        p=within_games_p(rows),
    )
    return _clip(small, -1.0, 1.0)


def _whole(values: Sequence[float]) -> tuple[list[int], int]:
    """Shares of a win (0, 1, 1/2, 1/3...) as whole numbers over their common denominator,
    so that sums of them can be told apart exactly."""
    fractions = [Fraction(v).limit_denominator(1000) for v in values]
    scale = math.lcm(*(f.denominator for f in fractions)) if fractions else 1
    return [int(f * scale) for f in fractions], scale


def _convolve(a: dict[int, float], b: dict[int, float]) -> dict[int, float]:
    out: dict[int, float] = {}
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] = out.get(x + y, 0.0) + px * py
    return out


def _subset_sums(values: tuple[int, ...], k: int) -> dict[int, float]:
    """The sum of ``k`` of a game's seats drawn at random: its distribution."""
    combos = list(itertools.combinations(values, k))
    out: dict[int, float] = {}
    for c in combos:
        out[sum(c)] = out.get(sum(c), 0.0) + 1.0 / len(combos)
    return out


def _hypergeometric(wins: int, seats: int, drawn: int) -> dict[int, float]:
    """Wins among ``drawn`` of ``seats`` seats, ``wins`` of which won, drawn at random."""
    total = math.comb(seats, drawn)
    low, high = max(0, drawn - (seats - wins)), min(drawn, wins)
    return {
        x: math.comb(wins, x) * math.comb(seats - wins, drawn - x) / total
        for x in range(low, high + 1)
    }


def within_games_p(rows: Sequence[tuple[int, bool, float]]) -> float:
    """The exact two-sided p-value of "which seats had the mark has nothing to do with
    which seats won", by permutation within games.

    ``rows`` are ``(game, marked, share of the win)``. Under that hypothesis, given each
    game's outcome and how many of its seats had the mark, any of the game's seats could
    have been the marked ones, equally likely. The distribution of the marked seats'
    total share of wins over all those reassignments is computed exactly (game by game,
    then convolved), and the p-value is its probability of lying at least as far from its
    mean as the observed total. The games are the strata of an exact conditional test, as
    in the exact form of the Cochran-Mantel-Haenszel test; the seats of one game, which
    are not independent, are never compared with another game's.

    A game of one seat (a solo game) compares nothing within itself: all of them form
    one stratum, where seats of different games are independent, and there the test is
    Fisher's exact test (a hypergeometric draw).

    >>> rows = [(g, s == 0, 1.0 if s == 1 else 0.0) for g in range(6) for s in (0, 1)]
    >>> within_games_p(rows)  # 6 duels all lost by the marked seat: 2 / 2**6
    0.03125
    """
    values, _ = _whole([y for _, _, y in rows])
    games: dict[int, list[tuple[bool, int]]] = {}
    for (game, marked, _), v in zip(rows, values, strict=True):
        games.setdefault(game, []).append((marked, v))
    observed = sum(v for (_, marked, _), v in zip(rows, values, strict=True) if marked)
    dist: dict[int, float] = {0: 1.0}
    made: dict[tuple[tuple[int, ...], int], dict[int, float]] = {}
    solo: list[tuple[bool, int]] = []
    for seats in games.values():
        if len(seats) == 1:
            solo += seats
            continue
        k = sum(marked for marked, _ in seats)
        key = (tuple(sorted(v for _, v in seats)), k)
        if key not in made:  # many games are alike: one winner, one marked seat
            made[key] = _subset_sums(key[0], k)
        dist = _convolve(dist, made[key])
    if solo:
        scale = max((v for _, v in solo), default=0) or 1  # a solo seat wins whole or not
        wins = sum(v > 0 for _, v in solo)
        drawn = sum(marked for marked, _ in solo)
        counts = _hypergeometric(wins, len(solo), drawn)
        dist = _convolve(dist, {x * scale: p for x, p in counts.items()})
    mean = sum(x * p for x, p in dist.items())
    far = abs(observed - mean) - 1e-9 * max(1.0, abs(mean))
    return min(1.0, sum(p for x, p in dist.items() if abs(x - mean) >= far))


# -- many comparisons at once ------------------------------------------------------------------

BH = "Benjamini-Hochberg"


def benjamini_hochberg(p_values: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg q-values, in the order given.

    A finding with ``q < 0.05`` is one of a set in which, on average, at most 5% are
    false discoveries, however many comparisons were made.

    >>> [round(q, 3) for q in benjamini_hochberg([0.01, 0.04, 0.03, 0.5])]
    [0.04, 0.053, 0.053, 0.5]
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    q = [1.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, p_values[i] * m / rank)
        q[i] = min(1.0, running)
    return q


# -- are the seats equal? ------------------------------------------------------------------------


def _upper_gamma_regularized(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x)/Γ(a), by its series (small x) or continued fraction (large x)."""
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        k = a
        for _ in range(500):
            k += 1
            term *= x / k
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    # Lentz's continued fraction for Γ(a, x)
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


def chi_square_uniform(counts: Sequence[float]) -> tuple[float, int, float]:
    """Pearson's chi-square test that every category is equally likely.

    Returns ``(statistic, degrees of freedom, p-value)``.

    >>> stat, df, p = chi_square_uniform([50, 50])
    >>> stat, df, p
    (0.0, 1, 1.0)
    """
    k = len(counts)
    total = sum(counts)
    if k < 2 or total <= 0:
        return 0.0, max(0, k - 1), 1.0
    expected = total / k
    stat = sum((c - expected) ** 2 / expected for c in counts)
    return stat, k - 1, _upper_gamma_regularized((k - 1) / 2, stat / 2)
