"""The server's settings: where the database is, bot pacing, clocks and limits."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Settings"]


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything :func:`ecotone.server.create_app` can be told.

    Attributes:
        db_url: an SQLAlchemy URL (``sqlite:///file.db``, ``postgresql://...``); ``None``
            is an SQLite file in the user's data directory.
        bot_delay: seconds a bot waits before each move, so people can follow the game.
        takeover_bot: the bot spec that plays a seat left too long (``None``: the game's
            heuristic bot when it has one, else the random bot).
        default_move_seconds: the clock per move of matches created without one
            (``None``: no clock).
        undo_seconds: how long the other people at the table have to answer a request to
            take back a decision; unanswered, it lapses (the decision stands).
        restart_grace: seconds added to a running clock when the server restarts, so
            nobody is taken over because the server was down.
        allow_seed: accept a ``seed`` when creating a match (tests and benchmarks only:
            whoever knows the seed knows every hidden card).
        seed_matches: tests only: deal every match created without a ``seed`` from this
            number and the match's configuration (game, players, variant, options), so
            that the same configuration is always dealt the same cards and a browser test
            sees the same game on every run (``ecotone serve --seed-matches N``). It
            needs ``allow_seed``: the seeds it deals can be worked out by anyone.
        max_message_bytes: the largest websocket message or HTTP body accepted.
        ws_rate, ws_burst: messages per second per connection, and the burst allowed.
        ws_max_violations: rate-limited messages after which a connection is closed.
        http_rate, http_burst: requests per second per client address.
        chat_rate, chat_burst: chat lines per second per seat, and the burst.
        chat_max_chars: the longest chat line.
        hello_timeout: seconds a new connection has to say hello.
        send_queue: messages queued for a slow connection before it is dropped.
        finished_cache: finished matches kept in memory (others are read back on demand).
        fsync: SQLite: sync the disk on every commit (survives power cuts, not only
            crashes; slower).
    """

    db_url: str | None = None
    bot_delay: float = 0.0
    takeover_bot: str | None = None
    default_move_seconds: float | None = None
    undo_seconds: float = 60.0
    restart_grace: float = 15.0
    allow_seed: bool = False
    seed_matches: int | None = None
    max_message_bytes: int = 16_384
    ws_rate: float = 20.0
    ws_burst: float = 60.0
    ws_max_violations: int = 100
    http_rate: float = 50.0
    http_burst: float = 200.0
    chat_rate: float = 0.5
    chat_burst: float = 5.0
    chat_max_chars: int = 500
    hello_timeout: float = 10.0
    send_queue: int = 512
    finished_cache: int = 256
    fsync: bool = False

    def __post_init__(self) -> None:
        if self.seed_matches is not None and not self.allow_seed:
            raise ValueError("seed_matches deals seeds anyone can work out: it needs allow_seed")
