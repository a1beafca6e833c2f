"""``ecotone serve``: run the online server; ``ecotone bench-server``: load-test one;
``ecotone rate-bots``: rate bots on the server's scale from a tournament's games.

The server modules (FastAPI, SQLAlchemy, uvicorn) are imported only when one of these
commands runs, so the other commands start as fast as before.
"""

from __future__ import annotations

import argparse
import json
import sys

import ecotone
from ecotone.cli.options import Commands, at_least, positive
from ecotone.cli.output import UsageError
from ecotone.core.registry import game_class

__all__ = ["add_parsers", "run_bench_server", "run_rate_bots", "run_serve"]


def add_parsers(commands: Commands) -> None:
    """Register ``serve`` and ``bench-server``."""
    serve = commands.add_parser(
        "serve",
        help="run the online server (lobby, matches, bots, replays)",
        description="Serve every game online over HTTP and websockets. The database "
        "defaults to an SQLite file in your data directory; --db postgresql://... uses "
        "PostgreSQL. The API is described at /docs once it runs.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    serve.add_argument(
        "--db",
        metavar="URL",
        help="the database, sqlite:///FILE or postgresql://USER@HOST/DB, checked before the "
        "server starts (default: an SQLite file in your data directory)",
    )
    serve.add_argument(
        "--bot-delay",
        type=float,
        default=0.5,
        metavar="S",
        help="seconds a bot waits before moving, so people can follow (default: 0.5)",
    )
    serve.add_argument(
        "--move-seconds",
        type=float,
        metavar="S",
        help="default clock per move for new matches (default: none)",
    )
    serve.add_argument(
        "--min-move-seconds",
        type=float,
        default=3.0,
        metavar="S",
        help="the shortest clock per move a match may have; a shorter one would hand a "
        "person's seat to a bot before they could answer (default: 3)",
    )
    serve.add_argument(
        "--takeover-bot",
        metavar="BOT",
        help="the bot that plays a seat left too long (default: the game's heuristic bot, "
        "else random)",
    )
    serve.add_argument(
        "--http-rate",
        type=float,
        default=50.0,
        metavar="N",
        help="HTTP requests per second allowed per client address (default: 50)",
    )
    serve.add_argument(
        "--ws-rate",
        type=float,
        default=20.0,
        metavar="N",
        help="websocket messages per second allowed per connection (default: 20)",
    )
    serve.add_argument(
        "--bot-max-seconds",
        type=float,
        default=3.0,
        metavar="S",
        help="the longest a bot may think about one move; a bot still thinking well past "
        "it is stopped and a random move played (default: 3)",
    )
    serve.add_argument(
        "--bot-max-iterations",
        type=int,
        default=5000,
        metavar="N",
        help="the largest search budget a match may ask of a bot per move (default: 5000)",
    )
    serve.add_argument(
        "--bot-workers",
        type=int,
        default=2,
        metavar="N",
        help="worker processes the bots think in (default: 2)",
    )
    serve.add_argument(
        "--ws-per-address",
        type=int,
        default=128,
        metavar="N",
        help="live websockets one client address may hold at once; a classroom behind one "
        "router is one address (default: 128)",
    )
    serve.add_argument(
        "--ws-per-match",
        type=int,
        default=5000,
        metavar="N",
        help="live websockets (players and spectators) one match may have (default: 5000)",
    )
    serve.add_argument(
        "--ws-compression",
        action=argparse.BooleanOptionalAction,
        default=False,
        help="compress websocket messages (permessage-deflate) for clients that ask: less "
        "bandwidth, but every message is compressed again for every viewer, which with "
        "many spectators costs more processor time than anything else (default: off)",
    )
    serve.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDR",
        help="a proxy (address or network, e.g. 10.0.0.0/8) whose X-Forwarded-For header "
        "names the client, for rate limits; repeat for several (default: none, the header "
        "is ignored)",
    )
    serve.add_argument(
        "--fsync",
        action="store_true",
        help="SQLite: sync the disk on every move, so moves survive a power cut too",
    )
    serve.add_argument(
        "--seed-matches",
        type=int,
        metavar="N",
        help="tests only: deal each match from N and its configuration instead of a "
        "secret random seed, so the same set-up always deals the same cards (anyone can "
        "work the cards out: never on a server people play on; default: a secret seed per match)",
    )
    serve.add_argument("--log-level", default="info", help="uvicorn's log level")
    serve.set_defaults(run=run_serve)

    bench = commands.add_parser(
        "bench-server",
        help="load-test a server on loopback with many concurrent bot matches",
        description="Start a server (or use --url), then play many concurrent matches "
        "whose every seat is a random bot connected over its own websocket, and report "
        "moves per second and the round trip of a move (sent to acknowledged).",
    )
    bench.add_argument("--games", type=int, default=100, help="concurrent matches")
    bench.add_argument(
        "--game",
        help=f"the game to play (default: the first of `ecotone games`, {_first_game()})",
    )
    bench.add_argument("--players", type=int, default=2, help="seats per match")
    bench.add_argument("--seconds", type=float, default=20.0, help="how long to measure")
    bench.add_argument(
        "--think",
        type=float,
        default=1.0,
        metavar="S",
        help="mean seconds a seat waits before each move (0: as fast as possible)",
    )
    bench.add_argument("--url", help="an already running server (default: start one)")
    bench.add_argument(
        "--db",
        metavar="URL",
        help="database of the started server (default: an SQLite file in a temporary folder)",
    )
    bench.add_argument(
        "--abusers",
        type=int,
        default=0,
        metavar="N",
        help="also keep N matches of searching server bots at the largest budget going "
        "(an abusive client), to see whether they slow the others (default: 0)",
    )
    bench.add_argument(
        "--bot-matches",
        type=int,
        default=0,
        metavar="N",
        help="also keep N matches of random server bots going and count their moves",
    )
    bench.add_argument(
        "--rounds",
        type=int,
        default=0,
        metavar="N",
        help="with --abusers: alternate N quiet and N abusive phases in one run, and "
        "report each one's round trips and the ratio of their p99s (default: 0, the "
        "abusers run throughout)",
    )
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.set_defaults(run=run_bench_server)

    rate = commands.add_parser(
        "rate-bots",
        help="rate bots on the server's scale (the people's) from a tournament's games",
        description="Move each bot's rating at GAME on the server, game by game, from the "
        "games `ecotone tournament GAME --out FILE` played. A bot seated in a match then "
        "shows its rating, on the same scale as the people's.",
    )
    rate.add_argument("game", metavar="GAME", help="the game the tournament played")
    rate.add_argument("file", metavar="FILE", help="the tournament's games (its --out file)")
    rate.add_argument(
        "--db",
        metavar="URL",
        help="the server's database (default: the SQLite file `ecotone serve` uses)",
    )
    rate.set_defaults(run=run_rate_bots)


def _first_game() -> str:
    """The game a load test plays unless told: the first registered (none is preferred)."""
    return ecotone.available_games()[0]


def _need_server_stack() -> None:
    """Say in one line how to install the server when its packages are missing.

    Raises:
        UsageError: when FastAPI, uvicorn or SQLAlchemy cannot be imported.
    """
    try:
        import fastapi  # noqa: PLC0415, F401 - only to see whether it is installed
        import sqlalchemy  # noqa: PLC0415, F401
        import uvicorn  # noqa: PLC0415, F401
    except ImportError as exc:
        raise UsageError(
            f"the server needs packages that are not installed ({exc.name}): "
            "pip install 'ecotone[serve]' (from a clone, ./ecotone installs them by itself for "
            "serve, bench-server and rate-bots)"
        ) from None


def run_serve(args: argparse.Namespace) -> int:
    """Run the server until interrupted."""
    _need_server_stack()
    from ecotone.server.scheduler import start_fork_server  # noqa: PLC0415

    # the bot workers' fork server loads the games while the web stack imports below
    start_fork_server()
    import uvicorn  # noqa: PLC0415 - the server stack loads only for this command

    from ecotone.server import Settings, create_app  # noqa: PLC0415
    from ecotone.server.clients import Proxies  # noqa: PLC0415

    if not 0 < args.port < 65536:
        raise UsageError(f"--port must be between 1 and 65535, not {args.port}")
    at_least("--bot-delay", args.bot_delay, 0)
    positive("--min-move-seconds", args.min_move_seconds)
    positive("--move-seconds", args.move_seconds)
    at_least("--move-seconds", args.move_seconds, args.min_move_seconds)
    positive("--http-rate", args.http_rate)
    positive("--ws-rate", args.ws_rate)
    positive("--bot-max-seconds", args.bot_max_seconds)
    at_least("--bot-max-iterations", args.bot_max_iterations, 1)
    at_least("--bot-workers", args.bot_workers, 1)
    at_least("--ws-per-address", args.ws_per_address, 1)
    at_least("--ws-per-match", args.ws_per_match, 1)
    for proxy in args.trusted_proxy:
        try:
            Proxies([proxy])
        except ValueError as exc:
            raise UsageError(f"--trusted-proxy: {exc}") from None
    db, shown = _check_database(args.db, fsync=args.fsync)
    settings = Settings(
        db_url=db,
        bot_delay=args.bot_delay,
        default_move_seconds=args.move_seconds,
        min_move_seconds=args.min_move_seconds,
        takeover_bot=args.takeover_bot,
        http_rate=args.http_rate,
        fsync=args.fsync,
        http_burst=max(200.0, 4 * args.http_rate),
        ws_rate=args.ws_rate,
        ws_burst=max(60.0, 3 * args.ws_rate),
        allow_seed=args.seed_matches is not None,
        seed_matches=args.seed_matches,
        bot_max_seconds=args.bot_max_seconds,
        bot_max_iterations=args.bot_max_iterations,
        bot_workers=args.bot_workers,
        trusted_proxies=tuple(args.trusted_proxy),
        ws_per_address=args.ws_per_address,
        ws_per_match=args.ws_per_match,
    )
    app = create_app(settings)
    print(f"Ecotone server: open http://{args.host}:{args.port}/  (database: {shown})", flush=True)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=4 * settings.max_message_bytes,
        # The app reads X-Forwarded-For itself, from the configured proxies only: uvicorn's
        # handling would believe it from any client on this machine.
        proxy_headers=False,
        ws_per_message_deflate=args.ws_compression,
    )
    return 0


# The databases the server is built and tested for (its migrations and its writes).
_BACKENDS = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}


def _check_database(url: str | None, *, fsync: bool) -> tuple[str, str]:
    """Open the server's database and bring its schema up to date, before anything runs.

    A server that printed its address and then died on its first connection would send
    people to a page that never answers; every database problem is therefore found
    here and reported as one line: a URL that is not one, a database Ecotone does not
    support, a PostgreSQL server that cannot be reached or refuses the login, an SQLite
    file that cannot be created or written.

    Returns:
        The URL to serve, and the same URL as shown to people (password hidden).

    Raises:
        UsageError: naming what is wrong with ``--db`` (or with the default file).
    """
    from sqlalchemy.engine import make_url  # noqa: PLC0415 - the server stack, see above
    from sqlalchemy.exc import ArgumentError, DBAPIError, SQLAlchemyError  # noqa: PLC0415

    from ecotone.server.store import (  # noqa: PLC0415
        Store,
        StoreBusy,
        default_db_url,
        normalize_url,
    )

    what = "--db" if url is not None else "the default database"
    try:
        db = url if url is not None else default_db_url()
    except OSError as exc:
        raise UsageError(f"cannot make the folder for {what}: {_os_reason(exc)}") from None
    try:
        parsed = make_url(normalize_url(db))
    except ArgumentError:
        raise UsageError(
            f"--db {db!r} is not a database URL; use sqlite:///FILE or "
            "postgresql://USER@HOST/DATABASE"
        ) from None
    # shown as given (postgres://, not the driver's postgresql+psycopg://), password hidden
    shown = make_url(db).render_as_string(hide_password=True)
    backend = parsed.get_backend_name()
    if backend not in _BACKENDS:
        raise UsageError(
            f"--db {shown}: the server stores matches in SQLite or PostgreSQL, not {backend!r}"
        )
    try:
        store = Store(db, fsync=fsync)
    except OSError as exc:  # the SQLite file's folder cannot be made
        raise UsageError(f"cannot use {what} {shown}: {_os_reason(exc)}") from None
    except ImportError as exc:  # the driver is not installed
        raise UsageError(
            f"cannot use {what} {shown}: its {_BACKENDS[backend]} driver is missing ({exc})"
        ) from None
    except SQLAlchemyError as exc:
        raise UsageError(f"cannot use {what} {shown}: {exc}") from None
    try:
        store.claim()  # another server on this database: say so now, not once it runs
        store.migrate()  # connects, and writes unless the schema is already there
    except DBAPIError as exc:
        # the driver's own words: "connection refused", "unable to open database file"
        reason = str(exc.orig) if exc.orig is not None else str(exc)
        raise UsageError(f"cannot use {what} {shown}: {reason}") from None
    except StoreBusy as exc:
        raise UsageError(str(exc)) from None
    except (SQLAlchemyError, OSError) as exc:
        raise UsageError(f"cannot use {what} {shown}: {exc}") from None
    finally:
        store.close()
    return db, shown


def _os_reason(exc: OSError) -> str:
    """Why a folder cannot be made, without ``[Errno 20]``; a file in the way is named."""
    if isinstance(exc, FileExistsError) and exc.filename:
        return f"{exc.filename} is a file, not a folder"
    if isinstance(exc, NotADirectoryError) and exc.filename:
        return f"{exc.filename} cannot be made: a folder on its path is a file"
    return f"{exc.strerror}: {exc.filename}" if exc.filename else str(exc.strerror or exc)


def run_bench_server(args: argparse.Namespace) -> int:
    """Run the load test and print its report."""
    _need_server_stack()
    from ecotone.server.bench import LoadTest, run_load_test  # noqa: PLC0415

    at_least("--games", args.games, 1)
    positive("--seconds", args.seconds)
    at_least("--think", args.think, 0)
    at_least("--abusers", args.abusers, 0)
    at_least("--bot-matches", args.bot_matches, 0)
    at_least("--rounds", args.rounds, 0)
    if args.rounds and not args.abusers:
        raise UsageError("--rounds alternates quiet and abusive phases: it needs --abusers")
    if args.url is not None and args.db is not None:
        raise UsageError(
            "--db is the database of the server bench-server starts; with --url it starts none"
        )
    # The game and its seats are checked here, not by a server that then fails every match.
    ecotone.make(args.game or _first_game(), players=args.players)
    report = run_load_test(
        LoadTest(
            games=args.games,
            game=args.game or _first_game(),
            players=args.players,
            seconds=args.seconds,
            think=args.think,
            url=args.url,
            db=args.db,
            abusers=args.abusers,
            bot_matches=args.bot_matches,
            rounds=args.rounds,
        ),
        progress=None if args.json else lambda text: print(text, file=sys.stderr, flush=True),
    )
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key:>22}: {value}")
    return 0


def run_rate_bots(args: argparse.Namespace) -> int:
    """Rate a tournament's bots on the server's database and print their ratings."""
    _need_server_stack()
    import msgspec  # noqa: PLC0415

    from ecotone.server.ratings import import_tournament  # noqa: PLC0415
    from ecotone.server.store import Store, default_db_url  # noqa: PLC0415

    game_class(args.game)  # an unknown game is refused, listing the games
    try:
        with open(args.file, "rb") as lines:
            text = lines.read().splitlines()
    except OSError as exc:
        raise UsageError(f"cannot read {args.file}: {exc.strerror}") from None
    store = Store(args.db or default_db_url())
    try:
        store.migrate()
        rated = import_tournament(store, args.game, text)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise UsageError(
            f"{args.file} is not a tournament's games (ecotone tournament --out FILE): {exc}"
        ) from None
    finally:
        store.close()
    if not rated:
        raise UsageError(f"{args.file} holds no finished game to rate")
    for player, rating in sorted(rated.items(), key=lambda kv: -kv[1].shown):
        print(f"{rating.shown:8.2f}  {player.removeprefix('bot:')}  ({rating.matches} games)")
    return 0
