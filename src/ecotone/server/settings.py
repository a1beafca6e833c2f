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
        min_move_seconds: the shortest clock per move a match may have (a shorter one
            would hand every person's seat to a bot at once).
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
        ws_per_address, ws_per_match: the most live websockets one client address may
            hold, and one match may have (players and spectators); over either, a new one
            is closed with code 4429 (:mod:`.fanout`). One address may be a whole
            classroom behind a school's router, each pupil with a tab or two open, so the
            cap per address is 128, not a handful.
        http_rate, http_burst: requests per second per client address.
        trusted_proxies: the proxies (addresses or networks) whose ``X-Forwarded-For``
            names the client; none by default, so the header is never believed
            (:mod:`.clients`).
        chat_rate, chat_burst: chat lines per second per seat, and the burst.
        chat_max_chars: the longest chat line.
        hello_timeout: seconds a new connection has to say hello.
        send_queue: messages queued for a slow connection before it is dropped.
        finished_cache: finished matches kept in memory (others are read back on demand).
        fsync: SQLite: sync the disk on every commit (survives power cuts, not only
            crashes; slower).
        bot_max_seconds: the longest a bot may think about one decision. A searching bot's
            time budget is cut to it; a bot that has used more than twice this (plus 2 s)
            of processor time thinking about one decision is stopped, and a random legal
            action played for it (making the bot, before it thinks, is not counted).
        bot_max_iterations: the largest iteration budget a bot may ask for per decision;
            a match asking for more is refused (``config/bot-budget``).
        bot_workers: the worker processes bots think in (:mod:`.scheduler`).
        bot_nice: how much lower the bot workers' CPU priority is than the server's.
    """

    db_url: str | None = None
    bot_delay: float = 0.0
    takeover_bot: str | None = None
    default_move_seconds: float | None = None
    min_move_seconds: float = 3.0
    undo_seconds: float = 60.0
    restart_grace: float = 15.0
    allow_seed: bool = False
    seed_matches: int | None = None
    max_message_bytes: int = 16_384
    ws_rate: float = 20.0
    ws_burst: float = 60.0
    ws_max_violations: int = 100
    ws_per_address: int = 128
    ws_per_match: int = 5000
    http_rate: float = 50.0
    http_burst: float = 200.0
    trusted_proxies: tuple[str, ...] = ()
    chat_rate: float = 0.5
    chat_burst: float = 5.0
    chat_max_chars: int = 500
    hello_timeout: float = 10.0
    send_queue: int = 512
    finished_cache: int = 256
    fsync: bool = False
    bot_max_seconds: float = 3.0
    bot_max_iterations: int = 5000
    bot_workers: int = 2
    bot_nice: int = 10

    def __post_init__(self) -> None:
        if self.seed_matches is not None and not self.allow_seed:
            raise ValueError("seed_matches deals seeds anyone can work out: it needs allow_seed")
        if not self.bot_max_seconds > 0 or self.bot_max_iterations < 1 or self.bot_workers < 1:
            raise ValueError("bot budgets and bot_workers must be positive")
        if (
            self.default_move_seconds is not None
            and not self.default_move_seconds >= self.min_move_seconds
        ):
            raise ValueError(
                f"default_move_seconds ({self.default_move_seconds:g}) is below "
                f"min_move_seconds ({self.min_move_seconds:g}): every match would be refused"
            )
