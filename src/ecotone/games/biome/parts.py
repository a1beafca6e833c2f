"""A seat's observation in parts (:mod:`ecotone.core.parts`), each from one piece of the
data: a step changes a player's holdings, the board or the Gallery and shares the rest
with the state before it, so a learning environment rebuilds only those parts.

Together the parts make :func:`~ecotone.games.biome.view.observation` key for key, from
the same helpers; the tests compare the two on played positions of every configuration.
"""

from __future__ import annotations

import operator
from typing import Any

from ecotone.core.parts import ObservationPart
from ecotone.games.biome.config import Config
from ecotone.games.biome.scoring import bonus_winner, score_seat
from ecotone.games.biome.state import EMPTY, BiomeData, SeatData
from ecotone.games.biome.tiles import tiles

__all__ = ["observation_parts"]


def _same(value: Any) -> Any:
    return value


def _listed(value: tuple[Any, ...]) -> list[Any]:
    return list(value)


class _Standings:
    """Each seat's points and each Global Bonus card's leader, worked out again only when
    the seats' holdings or the bonus cards in play change (scoring reads nothing else)."""

    def __init__(self) -> None:
        self.seats: Any = None
        self.bonuses: Any = None
        self.points: tuple[int, ...] = ()
        self.leaders: tuple[int | None, ...] = ()

    def __call__(self, d: BiomeData) -> _Standings:
        if d.seats is not self.seats or d.bonuses is not self.bonuses:
            self.points = tuple(score_seat(d, s).total for s in range(len(d.seats)))
            self.leaders = tuple(bonus_winner(d, b) for b in d.bonuses)
            self.seats, self.bonuses = d.seats, d.bonuses
        return self


def observation_parts(seat: int, cfg: Config) -> tuple[ObservationPart[BiomeData], ...]:
    """``seat``'s observation in parts (see the module docstring)."""
    ids = tiles().ids
    geo = cfg.geo
    standings = _Standings()

    def players(d: BiomeData) -> tuple[tuple[int, SeatData, int], ...]:
        points = standings(d).points
        return tuple(zip(range(len(d.seats)), d.seats, points, strict=True))

    def player(piece: tuple[int, SeatData, int]) -> dict[str, Any]:
        s, st, points = piece
        return {
            "hand_count": len(st.hand),
            "hand": list(st.hand) if s == seat else None,
            "known": list(st.shown),
            "tiles": [ids[t] for t in st.tiles],
            "chains": [list(ch) for ch in st.chains],
            "plants": list(st.plants),
            "placed": st.placed,
            "points": points,
        }

    def board(cells: tuple[int, ...]) -> dict[str, list[Any]]:
        return {geo.cells[c]: [ids[v // 6], v % 6] for c, v in enumerate(cells) if v != EMPTY}

    def leaders(d: BiomeData) -> tuple[tuple[str, ...], tuple[int | None, ...]]:
        return d.bonuses, standings(d).leaders

    def marked(piece: tuple[bool, tuple[str, ...]]) -> list[str] | int:
        mine, cards = piece
        return list(cards) if mine else len(cards)

    field = operator.attrgetter
    return (
        ObservationPart("formation", lambda d: geo.key, _same),
        ObservationPart("phase", field("phase"), field("value")),
        ObservationPart("stage", field("stage"), int),
        ObservationPart("turn", field("turn"), _same),
        ObservationPart("round", lambda d: (d.turns - 1) // cfg.players + 1, _same),
        ObservationPart("waiting", field("waiting"), _listed),
        ObservationPart("players", players, player, each=1),
        ObservationPart("board", field("board"), board),
        ObservationPart("perimeter", field("perimeter"), lambda p: [ids[t] for t in p]),
        ObservationPart("deck_count", lambda d: len(d.deck), _same),
        ObservationPart("discard", field("discard"), _listed),
        ObservationPart("gallery", field("gallery"), _listed),
        ObservationPart("bonuses", field("bonuses"), _listed),
        ObservationPart("bonus_leaders", leaders, lambda p: dict(zip(*p, strict=True))),
        ObservationPart("card", field("card"), _same),
        ObservationPart("from_gallery", field("from_gallery"), _same),
        ObservationPart("pending", field("pending"), lambda p: [geo.cells[c] for c in p]),
        ObservationPart("marked_cards", lambda d: (seat == d.turn, d.marked_cards), marked),
        ObservationPart("marked_tiles", field("marked_tiles"), lambda m: [ids[t] for t in m]),
        ObservationPart("withdrawals", field("withdrawals"), _same),
        ObservationPart("resume", field("resume"), lambda r: r.value if r else None),
        ObservationPart("stopped", field("stopped"), _same),
        ObservationPart("disaster", field("disaster"), _same),
        ObservationPart("trigger", field("trigger"), _same),
        ObservationPart("final_turns", field("final_turns"), _same),
        ObservationPart("quiet_turns", field("quiet_turns"), _same),
        ObservationPart("ended_by", field("ended_by"), _same),
    )
