"""The table as text, as one seat sees it: the grid, a key, each player's piles and hand.

A grid cell reads ``1ZEB`` for P1's card ``ZEB`` (its abbreviation) while it is ready and
``1zeb`` once exhausted, then ``p``, ``m`` or ``+`` when a parasite, a mutualist or both are
tucked under it; ``~zeb~`` is a Detritus tile, ``[H1]`` P1's HOME, ``·`` an empty cell.
Below the grid a key names every card on it, with its trophic number. The glossary of
:mod:`~ecotone.games.biomasters.presentation` explains every one of these marks.
"""

from __future__ import annotations

from collections import Counter

from ecotone.core.records import counted, seat_name
from ecotone.games.biomasters.cards import cards, level_name
from ecotone.games.biomasters.effects import Table
from ecotone.games.biomasters.scoring import pile_vp
from ecotone.games.biomasters.state import BioData, Phase, Slot, kind_of

__all__ = ["render"]

_KINDS = cards().kinds
_HOMES = frozenset(cards().homes)


def _cell_text(s: Slot | None, homes: dict[str, int]) -> str:
    if s is None:
        return "  ·   "
    if s.card in homes:
        return f" [H{homes[s.card] + 1}] "
    abbr = _KINDS[s.kind].abbr
    if s.tile:
        return f" ~{abbr.lower():<3}~"
    mark = "+" if s.parasite and s.mutualist else "p" if s.parasite else "m" if s.mutualist else " "
    face = abbr.upper() if s.ready else abbr.lower()
    return f" {s.owner + 1}{face:<3}{mark}"


def _doing(d: BioData, table: Table) -> str:
    if d.phase is Phase.OVER:
        return "the game is over"
    who = seat_name(d.turn)
    if d.phase is Phase.PAY and d.pending is not None:
        name = _KINDS[kind_of(d.pending.card)].card.name
        due = " ".join(level_name(lv) for lv in d.pending.icons)
        return f"{who} pays for the {name}: still due {due}"
    final = " (final turn)" if d.last >= 0 else ""
    return f"{who} to act: {counted(d.actions, 'action')} left{final}"


def render(d: BioData, table: Table, seat: int | None) -> str:
    """The table as ``seat`` sees it: the grid, a key, each player's piles and hands."""
    grid = table.grid
    mode = "2v2" if table.teams else ("1v1" if table.players == 2 else "free-for-all")
    lines = [f"BioMasters TCG · {mode} · turn {d.turns} · {_doing(d, table)}"]
    lines.extend(f"  · {e}" for e in d.events)
    homes = {s.card: s.owner for s in d.grid if s is not None and s.kind in _HOMES}
    header = "    " + "".join(f"  {c}   " for c in "ABCDEFGHIJ"[: grid.cols])
    lines.append(header.rstrip())
    for r in range(grid.rows):
        row = "".join(_cell_text(d.grid[r * grid.cols + c], homes) for c in range(grid.cols))
        lines.append(f"{r + 1:>3} {row}".rstrip())
    lines.append(
        "    1ZEB: P1's card, ready · 1zeb: exhausted · ~zeb~: Detritus tile · p/m/+: "
        "parasite/mutualist/both under it"
    )
    present = sorted({s.kind for s in d.grid if s is not None and s.card not in homes})
    key = [f"{_KINDS[k].abbr}={_KINDS[k].card.name} {_KINDS[k].trophic}" for k in present]
    for i in range(0, len(key), 4):
        lines.append("    " + " · ".join(key[i : i + 4]))
    points = [pile_vp(p) for p in d.piles]
    for s in range(table.players):
        you = " (you)" if s == seat else ""
        team = f" team {'AB'[table.team_of(s)]}" if table.teams else ""
        shown = f", shown: {', '.join(d.revealed[s])}" if d.revealed[s] else ""
        lines.append(
            f"{seat_name(s)}{you}{team} · {table.decks[s].name} · Score Pile {points[s]} VP "
            f"({counted(len(d.piles[s]), 'card')}) · hand {len(d.hands[s])}{shown} "
            f"· deck {len(d.decks[s])}"
        )
        if s == seat:
            counts = Counter(kind_of(c) for c in d.hands[s])
            held = [
                f"{k} ({_KINDS[k].trophic}"
                + (
                    f", cost {' '.join(level_name(lv) for lv in _KINDS[k].cost)}"
                    if _KINDS[k].cost
                    else ""
                )
                + ")"
                + (f" x{n}" if n > 1 else "")
                for k, n in sorted(counts.items())
            ]
            lines.append("    hand: " + (", ".join(held) or "empty"))
    return "\n".join(lines)
