"""Ratings per game, for people with accounts and for bots, on one scale (OpenSkill).

Each player has, per game, an OpenSkill rating (the Plackett-Luce model of the
``openskill`` library: a skill estimate ``mu`` and its uncertainty ``sigma``; a newcomer
has 25 and 8.33). What players read is the conservative estimate ``mu - 3 sigma``
(:func:`shown`): 0 for a newcomer, rising as they win and as the server grows sure of
them. Players are keyed ``account:<id>`` (a person signed in, guest accounts included)
or ``bot:<spec>`` (a bot, by its spec).

* **People** are rated by the server's own matches: when a match ends (by the rules or a
  resignation) every seat's place is recorded (:func:`places`: the winners first, the
  others by score, a seat that resigned last) and the ratings of the accounts at the
  table move. Bots at the table count with their rating (they are not moved by it: a
  bot's strength is measured in tournaments), and anonymous seats (a seat token without
  an account) count as newcomers. A match where one account holds several seats moves
  nobody's rating. A match is rated once (``matches.rated``).
* **Bots** are rated from their tournaments (:func:`import_tournament`, or ``ecotone
  rate-bots GAME FILE --db URL`` on the file ``ecotone tournament --out`` writes): every
  game moves the ratings of the bots that played it, in order, from the ratings they
  have. A bot that sat at several seats of a game gets the mean of its seats' updates.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import msgspec
from openskill.models import PlackettLuce
from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection

from ecotone.server.models import MatchRow, RatingRow, ResultRow
from ecotone.server.store import Store
from ecotone.sim.runner import GameResult

__all__ = [
    "MODEL",
    "Rating",
    "Ratings",
    "SeatResult",
    "import_tournament",
    "places",
    "rate",
    "shown",
]

MODEL = PlackettLuce()
_RATINGS = RatingRow.__table__


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating at one game."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    matches: int = 0

    @property
    def shown(self) -> float:
        """What players read (:func:`shown`)."""
        return shown(self.mu, self.sigma)


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat of a finished match: who sat there (``None``: nobody rated), its place
    (0 first) and score."""

    seat: int
    player: str | None
    place: int
    score: float | None


def shown(mu: float, sigma: float) -> float:
    """The rating players read: the conservative estimate ``mu - 3 sigma``, rounded.

    >>> shown(25.0, 25.0 / 3)
    0.0
    """
    return round(mu - 3.0 * sigma, 2)


def places(scores: Sequence[float], winners: Sequence[int], resigned: int | None) -> list[int]:
    """Each seat's place, 0 first: the winners share first place, the others follow by
    score (equal scores share a place), and a seat that resigned comes last.

    >>> places([10, 7, 7, 3], [0], None)
    [0, 1, 1, 2]
    >>> places([5, 9], [0], resigned=1)
    [0, 1]
    """
    seats = range(len(scores))
    others = sorted({scores[s] for s in seats if s not in winners and s != resigned}, reverse=True)
    first = 1 if winners else 0
    out = []
    for s in seats:
        if s in winners:
            out.append(0)
        elif s == resigned:
            out.append(first + len(others))
        else:
            out.append(first + others.index(scores[s]))
    return out


def rate(ratings: Sequence[Rating], placed: Sequence[int]) -> list[Rating]:
    """Every seat's rating after a game where seat ``i`` (rated ``ratings[i]``) came
    ``placed[i]`` (each seat a team of one)."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    after = MODEL.rate(teams, ranks=[float(p) for p in placed])
    return [
        Rating(team[0].mu, team[0].sigma, r.matches + 1)
        for team, r in zip(after, ratings, strict=True)
    ]


class Ratings:
    """The ratings and results tables (synchronous: run on the store's writer thread)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def get(self, players: Iterable[str], game: str) -> dict[str, Rating]:
        """The stored ratings of ``players`` at ``game`` (newcomers are left out)."""
        wanted = sorted(set(players))
        if not wanted:
            return {}
        with self.store.engine.connect() as conn:
            return self._read(conn, wanted, game)

    def unrated(self) -> list[str]:
        """The finished matches whose result is not recorded yet."""
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                select(MatchRow.id).where(MatchRow.status == "over", MatchRow.rated.is_(False))
            ).scalars()
            return list(rows)

    def of_player(self, player: str) -> dict[str, Rating]:
        """Every game's rating of ``player``."""
        with self.store.engine.connect() as conn:
            rows = conn.execute(select(_RATINGS).where(_RATINGS.c.player == player)).mappings()
            return {r["game"]: Rating(r["mu"], r["sigma"], r["matches"]) for r in rows}

    def record_match(
        self, match_id: str, game: str, seats: Sequence[SeatResult], now: float
    ) -> dict[int, Rating] | None:
        """Record a finished match's places and move its accounts' ratings, once.

        Returns the new rating of each account's seat, or ``None`` when the match had
        been recorded already.
        """
        players = [s.player for s in seats]
        accounts = [p for p in players if p is not None and p.startswith("account:")]
        rated = len(seats) > 1 and bool(accounts) and len(set(accounts)) == len(accounts)
        with self.store.engine.begin() as conn:
            claimed = conn.execute(
                update(MatchRow)
                .where(MatchRow.id == match_id, MatchRow.rated.is_(False))
                .values(rated=True)
            ).rowcount
            if not claimed:
                return None
            known = self._read(conn, [p for p in players if p is not None], game)
            before = [known.get(p, Rating()) if p is not None else Rating() for p in players]
            after = rate(before, [s.place for s in seats]) if rated else before
            moved: dict[int, Rating] = {}
            for s, old, new in zip(seats, before, after, strict=True):
                is_account = rated and s.player is not None and s.player.startswith("account:")
                conn.execute(
                    insert(ResultRow).values(
                        match_id=match_id,
                        seat=s.seat,
                        player=s.player,
                        place=s.place,
                        score=s.score,
                        rating_before=old.shown if is_account else None,
                        rating_after=new.shown if is_account else None,
                        at=now,
                    )
                )
                if is_account and s.player is not None:
                    self._write(conn, s.player, game, new, now, exists=s.player in known)
                    moved[s.seat] = new
            return moved

    @staticmethod
    def _read(conn: Connection, players: list[str], game: str) -> dict[str, Rating]:
        if not players:
            return {}
        rows = conn.execute(
            select(_RATINGS).where(_RATINGS.c.game == game, _RATINGS.c.player.in_(players))
        ).mappings()
        return {r["player"]: Rating(r["mu"], r["sigma"], r["matches"]) for r in rows}

    @staticmethod
    def _write(
        conn: Connection, player: str, game: str, rating: Rating, now: float, *, exists: bool
    ) -> None:
        values = {
            "mu": rating.mu,
            "sigma": rating.sigma,
            "matches": rating.matches,
            "updated_at": now,
        }
        if exists:
            conn.execute(
                update(RatingRow)
                .where(RatingRow.player == player, RatingRow.game == game)
                .values(**values)
            )
        else:
            conn.execute(insert(RatingRow).values(player=player, game=game, **values))

    def import_tournament(self, game: str, results: Iterable[GameResult]) -> dict[str, Rating]:
        """Move the bots' ratings at ``game`` by a tournament's games, in order; the new
        rating of every bot that played (see the module's docstring)."""
        now = time.time()
        with self.store.engine.begin() as conn:
            current: dict[str, Rating] = {}
            stored: set[str] = set()
            for result in results:
                if result.error is not None or not result.scores:
                    continue
                players = [f"bot:{spec}" for spec in result.bots]
                for p in players:
                    if p not in current:
                        found = self._read(conn, [p], game)
                        current[p] = found.get(p, Rating())
                        stored.update(found)
                placed = places(result.scores, result.winners, None)
                after = rate([current[p] for p in players], placed)
                for p in dict.fromkeys(players):
                    mine = [a for q, a in zip(players, after, strict=True) if q == p]
                    current[p] = Rating(
                        sum(a.mu for a in mine) / len(mine),
                        sum(a.sigma for a in mine) / len(mine),
                        current[p].matches + 1,
                    )
            for p, rating in current.items():
                self._write(conn, p, game, rating, now, exists=p in stored)
        return current


def import_tournament(store: Store, game: str, lines: Iterable[str | bytes]) -> dict[str, Rating]:
    """Rate bots from a tournament's games: ``lines`` are those of ``ecotone tournament
    --out FILE`` (one game a line), ``game`` the game they played."""
    decoder = msgspec.json.Decoder(GameResult)
    results = sorted(
        (decoder.decode(line) for line in lines if line.strip()), key=lambda r: r.index
    )
    return Ratings(store).import_tournament(game, results)
