"""A seat's observation in parts (:mod:`ecotone.core.parts`), each from one piece of the
data: a step changes a player's holdings, the board or the Gallery and shares the rest
with the state before it, so a learning environment rebuilds only those parts.

Together the parts make :func:`~ecotone.games.biome.view.observation` key for key, from
the same helpers; the tests compare the two on played positions of every configuration.
"""

from __future__ import annotations

import operator
from typing import Any, Final

from ecotone.core.parts import ABSENT, ObservationPart
from ecotone.games.biome.config import Config
from ecotone.games.biome.scoring import leaders, score_seats
from ecotone.games.biome.state import EMPTY, BiomeData, SeatData
from ecotone.games.biome.tiles import tiles

__all__ = ["observation_parts"]


def _same(value: Any) -> Any:
    return value


def _listed(value: tuple[Any, ...]) -> list[Any]:
    return list(value)


# The parts' builds that read nothing of the seat are module functions, the same for
# every seat, so that a learning environment's seats share what they make of a piece.


def _cell(v: int) -> Any:
    """A board cell's entry, its tile and turn; an empty cell is left out of the board."""
    return ABSENT if v == EMPTY else [tiles().ids[v // 6], v % 6]


def _tile_ids(numbers: tuple[int, ...]) -> list[str]:
    """The ids of tiles given by number."""
    ids = tiles().ids
    return [ids[t] for t in numbers]


def _leaders(piece: tuple[tuple[str, ...], tuple[int | None, ...]]) -> dict[str, int | None]:
    """Each Global Bonus card in play and its leader."""
    return dict(zip(*piece, strict=True))


class _Standings:
    """Each seat's points and each Global Bonus card's leader, worked out again only when
    the seats' holdings or the bonus cards in play change (scoring reads nothing else).

    One is shared by every seat's parts (:data:`_STANDINGS`): the points are the same
    whichever seat observes, so the seats of one table score each position once. The
    last position is kept as one tuple, written at once, so that an encoder never
    reads the points of one position with the seats of another.
    """

    __slots__ = ("last",)

    def __init__(self) -> None:
        self.last: tuple[Any, Any, tuple[int, ...], tuple[int | None, ...]] = (None, None, (), ())

    def __call__(self, d: BiomeData) -> tuple[tuple[int, ...], tuple[int | None, ...]]:
        """The points of every seat and the leader of every bonus card in play."""
        seats, bonuses, points, leading = self.last
        if d.seats is not seats or d.bonuses is not bonuses:
            # each bonus card's leader found once, for every seat's score and the list
            lead = leaders(d)
            points = tuple(score.total for score in score_seats(d, lead))
            leading = tuple(lead[b] for b in d.bonuses)
            self.last = (d.seats, d.bonuses, points, leading)
        return points, leading


_STANDINGS: Final = _Standings()


def observation_parts(seat: int, cfg: Config) -> tuple[ObservationPart[BiomeData], ...]:
    """``seat``'s observation in parts (see the module docstring)."""
    ids = tiles().ids
    geo = cfg.geo
    standings = _STANDINGS

    def players(d: BiomeData) -> tuple[tuple[int, SeatData, int], ...]:
        points = standings(d)[0]
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

    def leading(d: BiomeData) -> tuple[tuple[str, ...], tuple[int | None, ...]]:
        return d.bonuses, standings(d)[1]

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
        ObservationPart("board", field("board"), _cell, each=1, keys=geo.cells),
        ObservationPart("perimeter", field("perimeter"), _tile_ids),
        ObservationPart("deck_count", lambda d: len(d.deck), _same),
        ObservationPart("discard", field("discard"), _listed),
        ObservationPart("gallery", field("gallery"), _listed),
        ObservationPart("bonuses", field("bonuses"), _listed),
        ObservationPart("bonus_leaders", leading, _leaders),
        ObservationPart("card", field("card"), _same),
        ObservationPart("from_gallery", field("from_gallery"), _same),
        ObservationPart("pending", field("pending"), lambda p: [geo.cells[c] for c in p]),
        ObservationPart("marked_cards", lambda d: (seat == d.turn, d.marked_cards), marked),
        ObservationPart("marked_tiles", field("marked_tiles"), _tile_ids),
        ObservationPart("withdrawals", field("withdrawals"), _same),
        ObservationPart("resume", field("resume"), lambda r: r.value if r else None),
        ObservationPart("stopped", field("stopped"), _same),
        ObservationPart("disaster", field("disaster"), _same),
        ObservationPart("trigger", field("trigger"), _same),
        ObservationPart("final_turns", field("final_turns"), _same),
        ObservationPart("quiet_turns", field("quiet_turns"), _same),
        ObservationPart("ended_by", field("ended_by"), _same),
    )
