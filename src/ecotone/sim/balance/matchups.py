"""Deck against deck: each deck's win rate against each other deck, from the games played.

For every game whose seats played at least two different decks, and every ordered pair
of decks ``(a, b)`` at its table, the game gives one number to cell ``a`` against ``b``:
the mean share of the win of the seats playing ``a`` (a seat that won alone has 1, a
shared win counts as its share, a loss 0). Each cell is the mean of its games with
Wilson's 95% interval over games; a fair matchup gives every seat ``1 / players``
(50% in a duel). Where each deck sat is pooled: a batch that alternates the seats (as
``ecotone balance --decks`` does) cancels the first player's edge, and each cell also
keeps its deck's results by the seat it held (its first seat, for a deck at several),
so a reader can see the edge it cancelled.

In a two-player game without draws, ``a`` against ``b`` and ``b`` against ``a`` add up to
100%; a game nobody won counts 0 for both. Nothing here names a game.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ecotone.core.records import seat_name
from ecotone.sim.balance.record import GameRecord
from ecotone.sim.balance.stats import WILSON, Figure, wilson

__all__ = ["METHOD", "Matchup", "Matchups", "matchup_table", "win_share"]

METHOD = (
    f"{WILSON} over games: each game counts once in a cell, as the mean share of the win "
    "of the seats playing the row deck (a shared win counts as its share); the seats "
    "each deck held are pooled"
)


@dataclass(frozen=True, slots=True)
class Matchup:
    """One deck against another.

    Attributes:
        deck, opponent: the two decks' keys.
        win: ``deck``'s win rate in the games ``opponent`` played too, with its interval.
        by_seat: the same by the seats ``deck`` held (``P1``, or ``P1+P3`` where it held
            several).
    """

    deck: str
    opponent: str
    win: Figure
    by_seat: tuple[tuple[str, Figure], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The cell as JSON-safe data."""
        return {
            "deck": self.deck,
            "opponent": self.opponent,
            **self.win.to_json(),
            "by_seat": {seat: f.to_json() for seat, f in self.by_seat},
        }


@dataclass(frozen=True, slots=True)
class Matchups:
    """The matchup table of a batch.

    Attributes:
        decks: every deck's key and name, in table order.
        cells: every ordered pair of decks that met, row deck first.
        overall: each deck's win rate over all its games against another deck.
        expected: a fair matchup's win rate (``1 / players``).
    """

    decks: tuple[tuple[str, str], ...]
    cells: tuple[Matchup, ...]
    overall: tuple[Figure, ...]
    expected: float

    def cell(self, deck: str, opponent: str) -> Matchup | None:
        """``deck`` against ``opponent``, if they met."""
        return next((c for c in self.cells if (c.deck, c.opponent) == (deck, opponent)), None)

    def name(self, key: str) -> str:
        """The deck's name."""
        return dict(self.decks).get(key, key)

    @property
    def method(self) -> str:
        """How every cell was computed."""
        return METHOD

    def to_json(self) -> dict[str, Any]:
        """The table as JSON-safe data (``matchups`` of ``report.json``)."""
        return {
            "method": METHOD,
            "level": 0.95,
            "expected": self.expected,
            "decks": [{"key": k, "name": n} for k, n in self.decks],
            "cells": [c.to_json() for c in self.cells],
            "overall": [f.to_json() for f in self.overall],
        }


def win_share(record: GameRecord, seats: Sequence[int]) -> float:
    """The mean share of the win of ``seats`` in a finished game: a seat that won alone
    has 1, one of two winners 1/2, a seat that lost 0."""
    winners = record.result.winners
    each = 1 / len(winners) if winners else 0.0
    return statistics.fmean(each if s in winners else 0.0 for s in seats)


def matchup_table(
    records: Sequence[GameRecord],
    players: int,
    *,
    fallback: Sequence[str] = (),
    order: Sequence[str] = (),
    names: Mapping[str, str] | None = None,
) -> Matchups | None:
    """The matchup table of ``records`` (``None`` when no game had two decks at its table).

    Args:
        records: the games; failed ones are left out.
        players: the number of seats.
        fallback: each seat's deck for a record that does not say (one kept before
            records named their decks).
        order: the decks' order in the table (decks not listed follow, as first met).
        names: each deck's name by key (default: the key).
    """
    cells: dict[tuple[str, str], list[tuple[float, str]]] = {}
    overall: dict[str, list[float]] = {}
    met: list[str] = list(order)
    for r in records:
        decks = r.decks or list(fallback)
        if r.result.error is not None or len(decks) != players:
            continue
        present = list(dict.fromkeys(decks))
        met += [d for d in present if d not in met]
        if len(present) < 2:
            continue
        for a in present:
            seats = [s for s in range(players) if decks[s] == a]
            value = win_share(r, seats)
            held = "+".join(seat_name(s) for s in seats)  # every seat the deck held: P1+P3
            overall.setdefault(a, []).append(value)
            for b in present:
                if b != a:
                    cells.setdefault((a, b), []).append((value, held))
    if not cells:
        return None
    named = dict(names or {})
    # two decks of one name (two files both called "My Pond") told apart by their keys
    taken = Counter(named.get(k, k) for k in met)
    named = {
        k: named.get(k, k) if taken[named.get(k, k)] < 2 else f"{named.get(k, k)} ({k})"
        for k in met
    }
    fair = 1 / players

    def figure(id: str, label: str, values: Sequence[float]) -> Figure:
        return wilson(id, label, sum(values), len(values), expected=fair)

    table = []
    for a in met:
        for b in met:
            marks = cells.get((a, b))
            if not marks:
                continue
            label = f"{named.get(a, a)} against {named.get(b, b)}"
            seated: dict[str, list[float]] = {}
            for value, seat in marks:
                seated.setdefault(seat, []).append(value)
            by_seat = tuple(
                (seat, figure(f"matchup/{a}/{b}/{seat}", f"{label}, at {seat}", values))
                for seat, values in sorted(seated.items())
            )
            win = figure(f"matchup/{a}/{b}", label, [v for v, _ in marks])
            table.append(Matchup(a, b, win, by_seat))
    totals = tuple(
        figure(f"matchup/{a}", f"{named.get(a, a)} against every other deck", overall[a])
        for a in met
        if a in overall
    )
    listed = tuple((k, named.get(k, k)) for k in met if k in overall)
    return Matchups(listed, tuple(table), totals, fair)
