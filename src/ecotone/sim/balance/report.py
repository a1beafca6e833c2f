"""From a batch's games to the figures of a balance report, and from two batches to their
differences.

Every figure is computed from *per-game quantities* (:func:`per_game`): seat ``P1``'s
share of the win in that game, its final score, the game's length, its lead changes...
A report shows their means with 95% intervals (:func:`analyse`); a comparison of two
rule sets played on the same seeds shows the mean of their per-seed differences
(:func:`compare`). Card-level impact compares, for every item, the seats that touched
it with those that did not (:func:`item_impact`). A game built to teach a model reports
its lessons (:func:`lessons`): how play went against what the model predicts. A batch
whose seats played several decks reports deck against deck (:func:`matchups`).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ecotone.core.errors import EcotoneError
from ecotone.core.presentation import Presentation
from ecotone.core.records import seat_name
from ecotone.core.registry import game_class
from ecotone.sim.balance.decks import deck_names, seat_decks
from ecotone.sim.balance.matchups import Matchups, matchup_table
from ecotone.sim.balance.record import GameRecord, LessonCount
from ecotone.sim.balance.stats import (
    BH,
    CLUSTERED,
    MIN_OUTCOMES,
    SMALL_SAMPLE,
    Figure,
    benjamini_hochberg,
    bootstrap,
    chi_square_uniform,
    clustered_difference,
    paired,
    ratio,
    share_difference,
    wilson,
)
from ecotone.sim.balance.tension import tension

__all__ = [
    "HIGHLIGHTED",
    "MIN_SEATS",
    "Comparison",
    "Face",
    "ItemImpact",
    "Quantity",
    "Report",
    "analyse",
    "bots_text",
    "compare",
    "faces",
    "item_impact",
    "lessons",
    "matchups",
    "options_changed",
    "per_game",
    "quantities",
]

HIGHLIGHTED = 10  # items shown as the strongest and as the weakest
MIN_SEATS = 5  # an item is tested only with at least this many seats with and without it


@dataclass(frozen=True, slots=True)
class Quantity:
    """One per-game quantity a report averages.

    Attributes:
        id, label, unit: as the :class:`Figure` it becomes.
        share: a 0-1 share of a game (a win), shown as a rate with Wilson's interval;
            otherwise a mean with a bootstrap interval.
        expected: what a fair game gives, when there is such a number.
    """

    id: str
    label: str
    unit: str
    share: bool = False
    expected: float | None = None


def quantities(players: int) -> list[Quantity]:
    """The per-game quantities of a game for ``players`` seats, in report order."""
    fair = 1 / players
    out = [
        Quantity(
            f"win_rate/{seat_name(s)}", f"{seat_name(s)} win rate", "share of games", True, fair
        )
        for s in range(players)
    ]
    if players > 1:
        out.append(
            Quantity(
                "first_player/win_rate",
                "First player's win rate",
                "share of games",
                True,
                fair,
            )
        )
        out.append(Quantity("shared_win", "Games won by several seats", "share of games", True))
    out.append(Quantity("no_winner", "Games nobody won", "share of games", True))
    out += [
        Quantity(f"score/{seat_name(s)}", f"{seat_name(s)} final score", "points")
        for s in range(players)
    ]
    if players > 1:
        out.append(Quantity("margin", "Winning margin (winner - best other seat)", "points"))
    out.append(Quantity("length", "Game length", "decisions"))
    if players > 1:
        out += [
            Quantity("lead_changes", "Lead changes per game", "lead changes"),
            Quantity("lead_change_rate", "Lead changes per decision", "per decision"),
            Quantity("drama", "Drama: points the winner trailed the leader", "points"),
            Quantity("behind", "Drama: share of the game the winner trailed", "share of game"),
            Quantity("decided_at", "Decisiveness: decided after", "share of game"),
        ]
    return out


def per_game(record: GameRecord, players: int) -> dict[str, float | None]:
    """The per-game quantities of one completed game (``None``: undefined for this game)."""
    r = record.result
    out: dict[str, float | None] = {}
    share = 1 / len(r.winners) if r.winners else 0.0
    for s in range(players):
        out[f"win_rate/{seat_name(s)}"] = share if s in r.winners else 0.0
        out[f"score/{seat_name(s)}"] = r.scores[s]
    if players > 1:
        out["first_player/win_rate"] = share if r.first in r.winners else 0.0
        out["shared_win"] = 1.0 if len(r.winners) > 1 else 0.0
        losers = [r.scores[s] for s in range(players) if s not in r.winners]
        out["margin"] = (
            min(r.scores[w] for w in r.winners) - max(losers) if r.winners and losers else None
        )
    out["no_winner"] = 0.0 if r.winners else 1.0
    out["length"] = float(r.steps)
    if players > 1:
        t = tension(record.story, r.steps, r.winners)
        out["lead_changes"] = None if t.lead_changes is None else float(t.lead_changes)
        out["lead_change_rate"] = t.lead_change_rate
        out["drama"] = t.drama
        out["behind"] = t.behind
        out["decided_at"] = t.decided_at
    return out


def options_changed(config: Mapping[str, Any]) -> dict[str, Any]:
    """The options of a game configuration that differ from what the game plays when
    given none, for the same players and variant (a variant may have defaults of its own)."""
    cls = game_class(config["game"])
    try:
        defaults = cls(config["players"], config["variant"]).options
    except EcotoneError:  # a configuration this version of the game no longer knows
        defaults = {o.name: o.default for o in cls.spec.options}
    return {k: v for k, v in sorted(config["options"].items()) if defaults.get(k) != v}


def bots_text(lineup: Sequence[str]) -> str:
    """The lineup in words: ``"heuristic at every seat"`` or ``"random, heuristic"``."""
    if len(set(lineup)) == 1:
        return f"{lineup[0]} at every seat"
    return ", ".join(lineup)


# -- items --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Face:
    """How a report names one item.

    Attributes:
        id: the item's id (a card, tile, species...), as the game's actions name it.
        name: its name on the catalogue's face (the id when the face has none).
        group: the catalogue's group it is in (``"cards"``, ``"tiles"``...).
        label: what a reader sees: the name, with the id when several items share the
            name (copies of one species) or the face has no name (a tile).
    """

    id: str
    name: str
    group: str
    label: str


def faces(items: Sequence[str], presentation: Presentation) -> dict[str, Face]:
    """The faces of ``items``, from the game's catalogue."""
    found: dict[str, tuple[str, str, bool]] = {}
    for item in items:
        found[item] = (item, "components", False)
        for group, entries in presentation.catalog.items():
            if isinstance(entries, Mapping) and item in entries:
                face = entries[item]
                name = face.get("name") if isinstance(face, Mapping) else None
                found[item] = (str(name or item), str(group), bool(name))
                break
    shared = Counter(name for name, _, _ in found.values())
    out = {}
    for item, (name, group, named) in found.items():
        label = name if named and shared[name] == 1 else f"{name} ({item})"
        if not named:
            label = f"{item} ({group})"
        out[item] = Face(item, name, group, label)
    return out


@dataclass(frozen=True, slots=True)
class ItemImpact:
    """How seats that touched one item did against seats that did not.

    Attributes:
        face: the item's id, name, group and label.
        seats_with, seats_without: the seat-games with and without it.
        win: the difference in win rate (with - without), ``None`` when untested.
        margin: the difference in score margin (own score - the other seats' mean),
            ``None`` when untested or when the win rate needed small-sample methods.
    """

    face: Face
    seats_with: int
    seats_without: int
    win: Figure | None = None
    margin: Figure | None = None

    @property
    def id(self) -> str:
        """The item's id."""
        return self.face.id

    @property
    def label(self) -> str:
        """The item's name as a reader sees it."""
        return self.face.label

    @property
    def tested(self) -> bool:
        """Whether it had enough seats with and without it to be compared."""
        return self.win is not None

    def to_json(self) -> dict[str, Any]:
        """The item as JSON-safe data."""
        return {
            "id": self.face.id,
            "name": self.face.name,
            "label": self.face.label,
            "group": self.face.group,
            "seats_with": self.seats_with,
            "seats_without": self.seats_without,
            "win_rate_difference": self.win.to_json() if self.win else None,
            "margin_difference": self.margin.to_json() if self.margin else None,
        }


def item_impact(
    records: Sequence[GameRecord], players: int, presentation: Presentation
) -> list[ItemImpact]:
    """Every touched item's impact, tested items first, strongest first.

    Items touched (or missed) by fewer than :data:`MIN_SEATS` seat-games are listed
    untested. The win-rate difference is :func:`~ecotone.sim.balance.stats.share_difference`:
    the cluster-robust normal interval when each group has at least
    :data:`~ecotone.sim.balance.stats.MIN_OUTCOMES` wins and as many losses, small-sample
    methods otherwise. The margin has no small-sample method of that kind (points are
    not wins), so it is compared only where the win rate's normal approximation holds,
    and left out (``None``) elsewhere. The p-values of all tested items are adjusted
    together (Benjamini-Hochberg), separately for the win rate and for the margin.
    """
    done = [r for r in records if r.result.error is None and len(r.touched) == players]
    wins: list[tuple[int, set[str], float]] = []
    margins: list[float] = []
    for r in done:
        res = r.result
        share = 1 / len(res.winners) if res.winners else 0.0
        for s in range(players):
            others = [res.scores[o] for o in range(players) if o != s]
            margins.append(res.scores[s] - (statistics.fmean(others) if others else 0.0))
            wins.append((res.index, set(r.touched[s]), share if s in res.winners else 0.0))
    named = faces(sorted({item for _, touched, _ in wins for item in touched}), presentation)
    tested: list[tuple[Face, int, Figure, Figure | None]] = []
    untested: list[ItemImpact] = []
    for item, face in named.items():
        marks = [item in touched for _, touched, _ in wins]
        n_with = sum(marks)
        win = margin = None
        if n_with >= MIN_SEATS and len(marks) - n_with >= MIN_SEATS:
            win = share_difference(
                f"item/{item}/win_rate",
                f"{face.label}: win rate with it - without",
                [(g, m, y) for (g, _, y), m in zip(wins, marks, strict=True)],
            )
        if win is not None and win.method != SMALL_SAMPLE:
            margin = clustered_difference(
                f"item/{item}/margin",
                f"{face.label}: score margin with it - without",
                "points",
                [(g, m, y) for (g, _, _), m, y in zip(wins, marks, margins, strict=True)],
            )
        if win is not None:
            tested.append((face, n_with, win, margin))
        else:
            untested.append(ItemImpact(face, n_with, len(marks) - n_with))
    # All tested items' p-values are adjusted together, once for each difference.
    win_q = benjamini_hochberg([w.p if w.p is not None else 1.0 for _, _, w, _ in tested])
    measured = [m for _, _, _, m in tested if m is not None]
    margin_q = iter(benjamini_hochberg([m.p if m.p is not None else 1.0 for m in measured]))
    out = [
        ItemImpact(
            face,
            n_with,
            len(wins) - n_with,
            win.with_q(wq),
            margin.with_q(next(margin_q)) if margin is not None else None,
        )
        for (face, n_with, win, margin), wq in zip(tested, win_q, strict=True)
    ]
    out.sort(key=lambda i: -(i.win.value if i.win else 0.0))
    return out + untested


# -- what the game teaches ---------------------------------------------------------------------

LESSON_UNIT = "share of chances"


def _lesson_ids(records: Sequence[GameRecord]) -> dict[str, LessonCount]:
    """Every lesson id the games counted, in the order the game lists them, with one
    game's count of it (for its label and source)."""
    found: dict[str, LessonCount] = {}
    for r in records:
        if r.result.error is None:
            for lesson in r.lessons:
                found.setdefault(lesson.id, lesson)
    return found


def lessons(
    records: Sequence[GameRecord], *, seed: Hashable, resamples: int
) -> tuple[list[Figure], dict[str, str]]:
    """The game's lessons over a batch: each count's share of its chances, with the share
    theory predicts for those same chances, and each prediction's source by figure key.

    The share is ``Σ count / Σ out_of`` over completed games, its interval a bootstrap
    over games (:func:`~ecotone.sim.balance.stats.ratio`); the prediction is the mean of
    the games' predictions weighted by their chances (``expected`` of the figure). A
    lesson with no chance in any game is left out.
    """
    done = [r for r in records if r.result.error is None]
    figures: list[Figure] = []
    sources: dict[str, str] = {}
    for id, first in _lesson_ids(done).items():
        counts: list[tuple[float, float]] = []
        predicted = weight = 0.0
        for r in done:
            mine = next((lesson for lesson in r.lessons if lesson.id == id), None)
            if mine is None:
                counts.append((0.0, 0.0))
                continue
            counts.append((mine.count, mine.out_of))
            if mine.theory is not None and mine.out_of:
                predicted += mine.theory * mine.out_of
                weight += mine.out_of
        key = f"lesson/{id}"
        figure = ratio(
            key,
            first.label,
            LESSON_UNIT,
            counts,
            seed=seed,
            resamples=resamples,
            expected=predicted / weight if weight else None,
        )
        if figure.n > 0:
            figures.append(figure)
            sources[key] = first.source
    return figures, sources


def _lesson_shares(record: GameRecord) -> dict[str, float]:
    """Each lesson's share of its chances in one game (lessons with no chance left out)."""
    return {f"lesson/{x.id}": x.count / x.out_of for x in record.lessons if x.out_of > 0}


# -- deck against deck ------------------------------------------------------------------------


def matchups(records: Sequence[GameRecord], identity: Mapping[str, Any]) -> Matchups | None:
    """The batch's deck-against-deck table (``None`` unless its seats played several decks).

    A record that does not name its decks (kept before records did) plays those of the
    batch's configuration; a batch rotating through decks lists them in its order.
    """
    config = identity["config"]
    order = list(identity.get("decks", {}).get("decks", []))
    fallback = seat_decks(config)
    players = int(config["players"])
    played = dict.fromkeys([*order, *fallback, *(d for r in records for d in r.decks)])
    names = deck_names(config["game"], list(played)) if len(played) > 1 else {}
    return matchup_table(records, players, fallback=fallback, order=order, names=names)


# -- one batch ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Report:
    """Everything a balance report shows for one batch.

    Attributes:
        identity: the batch (game configuration, lineup, seed, rules version).
        games, completed: games played and games that ended without an error.
        figures: the headline figures, each with its 95% interval and method.
        seat_test: the chi-square test that every seat is equally likely to win.
        items: every touched item's impact (see :func:`item_impact`).
        errors: the games that raised, with their messages.
        samples: each quantity's per-game values, for the plots.
        resamples: bootstrap resamples per interval.
        lessons: the game's lessons (:func:`lessons`), each against theory's share.
        lesson_sources: where each lesson's prediction comes from, by figure key.
        matchups: deck against deck, when the seats played several decks.
    """

    identity: dict[str, Any]
    games: int
    completed: int
    figures: list[Figure]
    seat_test: dict[str, Any]
    items: list[ItemImpact]
    errors: list[dict[str, Any]]
    samples: dict[str, list[float]] = field(repr=False)
    resamples: int = 1000
    lessons: list[Figure] = field(default_factory=list)
    lesson_sources: dict[str, str] = field(default_factory=dict)
    matchups: Matchups | None = None

    @property
    def players(self) -> int:
        """The number of seats."""
        return int(self.identity["config"]["players"])

    def figure(self, id: str) -> Figure | None:
        """The headline figure with key ``id``, if the report has it."""
        return next((f for f in self.figures if f.id == id), None)

    @property
    def strongest(self) -> list[ItemImpact]:
        """Items whose seats win more: those with a positive difference, ranked by the
        low end of its interval (the gain they surely bring), at most :data:`HIGHLIGHTED`.

        Ranking by the interval's end nearest zero rather than by the estimate keeps
        rarely-missed items, whose estimates swing widely, from crowding out
        well-measured ones.
        """
        up = [i for i in self.items if i.win is not None and i.win.value > 0]
        return sorted(up, key=lambda i: -i.win.low if i.win else 0.0)[:HIGHLIGHTED]

    @property
    def weakest(self) -> list[ItemImpact]:
        """Items whose seats win less: a negative difference, ranked by its interval's high end."""
        down = [i for i in self.items if i.win is not None and i.win.value < 0]
        return sorted(down, key=lambda i: i.win.high if i.win else 0.0)[:HIGHLIGHTED]

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-safe data (``report.json``)."""
        return {
            "kind": "balance",
            **self.identity,
            "games": self.games,
            "completed": self.completed,
            "level": 0.95,
            "bootstrap_resamples": self.resamples,
            "figures": [f.to_json() for f in self.figures],
            "seat_test": self.seat_test,
            "items": {
                "method": "seats that named the item in an action they took, against seats "
                "that did not; difference of means with a cluster-robust (CR1) standard "
                f"error, games as clusters, where each group has at least {MIN_OUTCOMES} "
                f"wins and {MIN_OUTCOMES} losses; otherwise the win rates' difference with "
                "Newcombe's hybrid score interval and an exact permutation test within "
                f"games, and no margin difference; p-values adjusted by {BH} over all "
                "tested items",
                "methods": {"normal": CLUSTERED, "small": SMALL_SAMPLE},
                "correction": BH,
                "min_seats": MIN_SEATS,
                "min_outcomes": MIN_OUTCOMES,
                "strongest": [i.id for i in self.strongest],
                "weakest": [i.id for i in self.weakest],
                "tested": [i.to_json() for i in self.items if i.tested],
                "untested": [i.to_json() for i in self.items if not i.tested],
            },
            "lessons": [
                {**f.to_json(), "theory": f.expected, "source": self.lesson_sources.get(f.id, "")}
                for f in self.lessons
            ],
            "matchups": self.matchups.to_json() if self.matchups is not None else None,
            "errors": self.errors,
        }


def _columns(records: Sequence[GameRecord], players: int) -> dict[str, list[float]]:
    columns: dict[str, list[float]] = {}
    for r in records:
        if r.result.error is not None:
            continue
        for key, value in per_game(r, players).items():
            if value is not None:
                columns.setdefault(key, []).append(value)
    return columns


def analyse(
    records: Sequence[GameRecord],
    identity: Mapping[str, Any],
    presentation: Presentation,
    *,
    resamples: int = 1000,
) -> Report:
    """The report on a batch's games (errors left out of every figure, and listed)."""
    players = int(identity["config"]["players"])
    seed = identity["seed"]
    columns = _columns(records, players)
    done = [r for r in records if r.result.error is None]
    figures: list[Figure] = []
    for q in quantities(players):
        values = columns.get(q.id, [])
        if q.share:
            figures.append(wilson(q.id, q.label, sum(values), len(values), expected=q.expected))
        else:
            figures.append(bootstrap(q.id, q.label, q.unit, values, seed=seed, resamples=resamples))
        if q.id == "length":
            figures.append(
                bootstrap(
                    "length/median",
                    "Game length (median)",
                    q.unit,
                    values,
                    seed=seed,
                    resamples=resamples,
                    median=True,
                )
            )
    wins = [sum(columns.get(f"win_rate/{seat_name(s)}", [])) for s in range(players)]
    stat, df, p = chi_square_uniform(wins)
    seat_test = {
        "question": "is every seat equally likely to win?",
        "method": "Pearson's chi-square test of the seats' wins against equal shares",
        "wins": wins,
        "statistic": stat,
        "df": df,
        "p": p,
    }
    errors = [
        {"index": r.result.index, "seed": r.result.seed, "message": r.result.error}
        for r in records
        if r.result.error is not None
    ]
    taught, sources = lessons(records, seed=seed, resamples=resamples)
    return Report(
        identity=dict(identity),
        games=len(records),
        completed=len(done),
        # A figure no game could give (drama when nobody ever won) is left out, not
        # reported without an interval.
        figures=[f for f in figures if f.n > 0],
        seat_test=seat_test,
        items=item_impact(records, players, presentation),
        errors=errors,
        samples=columns,
        resamples=resamples,
        lessons=taught,
        lesson_sources=sources,
        matchups=matchups(records, identity),
    )


# -- two batches --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Comparison:
    """Two rule sets played on the same seeds, and every per-game quantity's difference.

    Attributes:
        baseline, changed: the two reports.
        change: what differs between them (options or variant), in words and as data.
        differences: changed - baseline for every quantity, paired by seed, with p-values
            adjusted together by Benjamini-Hochberg (``q``).
    """

    baseline: Report
    changed: Report
    change: dict[str, Any]
    differences: list[Figure]

    @property
    def significant(self) -> list[Figure]:
        """The differences with ``q < 0.05``."""
        return [f for f in self.differences if f.q is not None and f.q < 0.05]

    def to_json(self) -> dict[str, Any]:
        """The comparison as JSON-safe data (``report.json`` of ``--compare``)."""
        return {
            "kind": "balance-comparison",
            "change": self.change,
            "baseline": self.baseline.identity,
            "changed": self.changed.identity,
            "games": self.baseline.games,
            "level": 0.95,
            "correction": BH,
            "differences": [f.to_json() for f in self.differences],
            "significant": [f.id for f in self.significant],
            "reports": {"baseline": "baseline/report.json", "changed": "changed/report.json"},
        }


def compare(
    baseline: tuple[Report, Sequence[GameRecord]],
    changed: tuple[Report, Sequence[GameRecord]],
    change: Mapping[str, Any],
    *,
    resamples: int = 1000,
) -> Comparison:
    """Every per-game quantity's difference between two batches, paired by game index.

    Game ``i`` of both batches was dealt from the same seed, so the difference of the
    two games' values is a paired difference: the deal's luck cancels out as far as the
    rules let it. Games that failed in either batch, and quantities undefined in either
    game, are left out of that pair.
    """
    report_a, records_a = baseline
    report_b, records_b = changed
    players = report_a.players

    def by_index(recs: Sequence[GameRecord]) -> dict[int, dict[str, float | None]]:
        return {r.result.index: per_game(r, players) for r in recs if r.result.error is None}

    a, b = by_index(records_a), by_index(records_b)
    common = sorted(set(a) & set(b))
    seed = report_a.identity["seed"]
    figures: list[Figure] = []
    for q in quantities(players):
        pairs = [
            (va, vb)
            for i in common
            if (va := a[i].get(q.id)) is not None and (vb := b[i].get(q.id)) is not None
        ]
        figures.append(
            paired(q.id, q.label, q.unit, pairs, seed=f"{seed}:compare", resamples=resamples)
        )
    # The lessons, game by game: each game's share of its chances, where both games had some.
    shares_a = {r.result.index: _lesson_shares(r) for r in records_a if r.result.error is None}
    shares_b = {r.result.index: _lesson_shares(r) for r in records_b if r.result.error is None}
    taught = {f.id: f.label for f in (*report_a.lessons, *report_b.lessons)}
    for key, label in taught.items():
        pairs = [
            (va, vb)
            for i in common
            if (va := shares_a[i].get(key)) is not None and (vb := shares_b[i].get(key)) is not None
        ]
        figures.append(
            paired(
                key,
                f"{label} (mean of per-game shares)",
                LESSON_UNIT,
                pairs,
                seed=f"{seed}:compare",
                resamples=resamples,
            )
        )
    figures = [f for f in figures if f.n > 0]
    qs = benjamini_hochberg([f.p if f.p is not None else 1.0 for f in figures])
    figures = [f.with_q(q) for f, q in zip(figures, qs, strict=True)]
    return Comparison(report_a, report_b, dict(change), figures)
