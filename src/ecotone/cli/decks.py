"""``ecotone decks GAME``: list, check, build, share and test decks for a game with decks.

* ``ecotone decks GAME``: the deck rules, the built-in decks (with how each means to win)
  and your saved decks, each with its deck code;
* ``--check DECK``: every rule the deck breaks, in the game's words (status 1 if any);
* ``--new [--from DECK]``: build one interactively (:mod:`ecotone.cli.deckbuilder`);
* ``--code DECK`` / ``--import CODE``: a deck's code, or a code saved as one of your decks;
* ``--test DECK [--games N]``: play it against every built-in deck with heuristic bots,
  its win rate with a 95% interval and which of its cards did most
  (:mod:`ecotone.sim.decktest`);
* ``--matchups [--games N]``: every built-in deck against every other.

A DECK is a built-in deck's name, one of your saved decks (:mod:`ecotone.cli.deckstore`),
a deck code or a deck file's path. Everything comes from the game's deckbuilding hook;
nothing here names a game.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import ecotone
from ecotone.cli.deckbuilder import Builder, run_builder
from ecotone.cli.deckstore import Named, deck_dir, read_code, resolve, save, saved
from ecotone.cli.options import Commands, at_least
from ecotone.cli.output import UsageError, progress_bar
from ecotone.core.deckbuilding import Deckbuilding, DeckList
from ecotone.core.errors import DataError
from ecotone.core.records import counted
from ecotone.core.registry import game_class
from ecotone.sim.decktest import DeckReport, Pairing, deckbuilding_of, matchups, measure_deck
from ecotone.sim.runner import check_bots

__all__ = ["add_parser", "run_decks"]

_PROVENANCE = {"ecotone": "designed by Ecotone", "rulebook": "from the rulebook"}


def add_parser(commands: Commands) -> None:
    """Register ``decks``."""
    parser = commands.add_parser(
        "decks",
        help="list, check, build and test decks for a game where players bring decks",
        description="The built-in decks and your own for a game with constructed decks: "
        "check a deck against the rules, build one, share it as a code, or test it against "
        "the built-in decks. A DECK is a built-in deck's name, one of your saved decks, a "
        f"deck code or a deck file. Your decks are kept in {deck_dir('GAME')}.",
    )
    parser.add_argument("game", metavar="GAME", help="a game id (see 'ecotone games')")
    what = parser.add_mutually_exclusive_group()
    what.add_argument(
        "--check", metavar="DECK", help="say every rule DECK breaks (default: list the decks)"
    )
    what.add_argument("--new", action="store_true", help="build a deck interactively")
    what.add_argument(
        "--code", metavar="DECK", help="print DECK's deck code (default: list the decks)"
    )
    what.add_argument(
        "--import",
        dest="import_code",
        metavar="CODE",
        help="save a deck code as one of your decks (default: list the decks)",
    )
    what.add_argument(
        "--test",
        metavar="DECK",
        help="play DECK against every built-in deck (default: list the decks)",
    )
    what.add_argument(
        "--matchups", action="store_true", help="play every built-in deck against every other"
    )
    parser.add_argument(
        "--from",
        dest="start",
        metavar="DECK",
        help="with --new: start from DECK (default: an empty deck)",
    )
    parser.add_argument(
        "--name", help="with --import: the name to save the deck under (default: the code's)"
    )
    parser.add_argument(
        "--games",
        type=int,
        default=20,
        metavar="N",
        help="with --test and --matchups: games per pairing, seats alternating",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        help="with --test and --matchups: the seed the games are dealt from",
    )
    parser.add_argument(
        "--bot", default="heuristic", help="with --test and --matchups: the bot on both sides"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run_decks)


def run_decks(args: argparse.Namespace) -> int:
    """Run ``ecotone decks``."""
    game = args.game
    build = deckbuilding_of(game)
    if args.check:
        return _check(game, build, args.check, args.json)
    if args.new:
        start = None
        if args.start:
            named = resolve(game, build, args.start)
            start = named.deck
            if named.builtin:  # a copy, so that saving it does not hide the built-in deck
                start = DeckList(f"a copy of {start.name}", start.cards, start.summary)
        return run_builder(Builder(build, start), lambda deck: save(game, build, deck))
    if args.code:
        print(build.encode(resolve(game, build, args.code).deck))
        return 0
    if args.import_code:
        deck = read_code(build, args.import_code)
        if args.name:
            deck = DeckList(args.name, deck.cards, deck.summary)
        if not deck.name.strip():
            raise UsageError("the code holds no name: give one with --name")
        path = save(game, build, deck)
        print(f"saved {deck.name!r} to {path}")
        for problem in build.check(deck):
            print(f"  ✗ {problem.message}  [{problem.code}]")
        return 0
    if args.test or args.matchups:
        at_least("--games", args.games, 1)
        variant, options = build.options([""])
        check_bots([args.bot], ecotone.make(game, players=2, variant=variant, **options))
        if args.test:
            return _test(game, build, args)
        return _matchups(game, args)
    return _list(game, build, args.json)


def _check(game: str, build: Deckbuilding, entry: str, as_json: bool) -> int:
    named = resolve(game, build, entry)
    problems = build.check(named.deck)
    if as_json:
        out = {
            "deck": named.deck.to_json(),
            "size": named.deck.size,
            "legal": not problems,
            "problems": [p.to_json() for p in problems],
        }
        print(json.dumps(out, ensure_ascii=False, indent=2))
    else:
        low, high = build.size
        head = f"{named.deck.name or '(no name)'} ({named.where}): {named.deck.size} cards"
        if not problems:
            print(f"{head}, a legal deck ({low}-{high} cards)")
        else:
            print(f"{head}; it breaks {len(problems)} deck rule{'s' if len(problems) > 1 else ''}:")
            for p in problems:
                print(f"  ✗ {p.message}  [{p.code}]")
    return 1 if problems else 0


def _list(game: str, build: Deckbuilding, as_json: bool) -> int:
    mine = saved(game, build)
    if as_json:
        print(json.dumps(_listing(build, mine), ensure_ascii=False, indent=2))
        return 0
    low, high = build.size
    print(f"{game_class(game).spec.title}: decks of {low}-{high} cards")
    for rule in build.rules_text:
        print(f"  - {rule}")
    print("\nBuilt-in decks:")
    for b in build.builtins:
        made = _PROVENANCE.get(str(b.provenance), str(b.provenance))
        hint = _option_hint(build, b.key)
        print(f"  {b.deck.name} ({b.deck.size} cards; {made}) -o {hint}")
        print(f"      {b.strategy}")
        print(f"      code: {build.encode(b.deck)}")
    print(f"\nYour decks ({deck_dir(game)}):")
    if not mine:
        print(f"  none yet: 'ecotone decks {game} --new' builds one")
    for path, deck in mine:
        if isinstance(deck, DataError):
            print(f"  {path.name}: cannot be read: {deck.message}")
            continue
        problems = build.check(deck)
        state = (
            "legal" if not problems else f"{counted(len(problems), 'problem')}: --check shows them"
        )
        print(f"  {deck.name} ({deck.size} cards; {state}) {path.name}")
        try:
            print(f"      code: {build.encode(deck)}")
        except DataError as exc:
            print(f"      no code: {exc.message}")
    return 0


def _option_hint(build: Deckbuilding, entry: str) -> str:
    variant, options = build.options([entry])
    name, value = next(iter(options.items()))
    return f"{name}={value!r}" + (f" --variant {variant}" if variant else "")


def _listing(build: Deckbuilding, mine: list[tuple[Any, DeckList | DataError]]) -> dict[str, Any]:
    out = build.to_json()
    del out["pool"]
    out["saved"] = [
        {"file": str(path), "error": deck.message}
        if isinstance(deck, DataError)
        else {
            "file": str(path),
            **deck.to_json(),
            "size": deck.size,
            "problems": [p.to_json() for p in build.check(deck)],
        }
        for path, deck in mine
    ]
    return out


def _percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def _interval(pair: Pairing | DeckReport) -> str:
    f = pair.win if isinstance(pair, Pairing) else pair.overall
    return f"{_percent(f.value)} ({_percent(f.low)}-{_percent(f.high)})"


def _test(game: str, build: Deckbuilding, args: argparse.Namespace) -> int:
    named: Named = resolve(game, build, args.test)
    build.refuse(named.deck, named.where)
    with progress_bar(args.json) as bar:
        task = bar.add_task(f"testing {named.deck.name}", total=None)
        report = measure_deck(
            game,
            named.entry,
            games=args.games,
            seed=args.seed,
            bot=args.bot,
            progress=lambda done, total: bar.update(task, completed=done, total=total),
        )
    if args.json:
        print(json.dumps(_report_json(named, report), ensure_ascii=False, indent=2))
        return 0
    print(
        f"{named.deck.name}: {args.games} games against each built-in deck, "
        f"{args.bot} bots on both sides"
    )
    print(f"{'against':<24} {'games':>5}  win rate (95% interval)")
    for p in report.pairings:
        name = build.builtin(p.opponent)
        print(f"{(name.deck.name if name else p.opponent):<24} {p.games:>5}  {_interval(p)}")
    print(f"{'over all':<24} {report.overall.n:>5}  {_interval(report)}")
    tested = [c for c in report.cards if c.win is not None]
    if tested:
        print("\nIts cards, by the win rate of games it played them in, minus games it did not:")
        for c in tested:
            w = c.win
            assert w is not None
            q = f"  q={w.q:.2f}" if w.q is not None else ""
            low, high = 100 * w.low, 100 * w.high
            diff = f"{100 * w.value:+.0f} percentage points ({low:+.0f} to {high:+.0f})"
            games = c.games_with + c.games_without
            print(f"  {c.name} ({c.card}): {diff}, played in {c.games_with} of {games}{q}")
    always = [c for c in report.cards if c.win is None]
    if always:
        names = ", ".join(
            f"{c.name} ({c.games_with}/{c.games_with + c.games_without})" for c in always
        )
        print(f"\nPlayed in (nearly) every game or (nearly) none, so not compared: {names}")
    return 0


def _report_json(named: Named, report: DeckReport) -> dict[str, Any]:
    return {
        "deck": named.deck.to_json(),
        "bot": report.bot,
        "overall": report.overall.to_json(),
        "pairings": [
            {
                "opponent": p.opponent,
                "games": p.games,
                "errors": p.errors,
                "win_rate": p.win.to_json(),
            }
            for p in report.pairings
        ],
        "cards": [
            {
                "card": c.card,
                "name": c.name,
                "games_with": c.games_with,
                "games_without": c.games_without,
                "win_rate_difference": c.win.to_json() if c.win else None,
            }
            for c in report.cards
        ],
    }


def _matchups(game: str, args: argparse.Namespace) -> int:
    build = deckbuilding_of(game)
    with progress_bar(args.json) as bar:
        task = bar.add_task("matchups", total=None)
        pairs = matchups(
            game,
            games=args.games,
            seed=args.seed,
            bot=args.bot,
            progress=lambda done, total: bar.update(task, completed=done, total=total),
        )
    if args.json:
        rows = [
            {"deck": p.deck, "opponent": p.opponent, "games": p.games, "win_rate": p.win.to_json()}
            for p in pairs
        ]
        print(json.dumps(rows, indent=2))
        return 0
    names = {b.key: b.deck.name for b in build.builtins}
    print("| deck | against | games | win rate (95% interval) |\n|---|---|---|---|")
    for p in pairs:
        print(f"| {names[p.deck]} | {names[p.opponent]} | {p.games} | {_interval(p)} |")
    sys.stdout.flush()
    return 0
