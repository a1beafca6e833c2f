"""How good is a deck? Play it against the built-in decks, and see which of its cards did most.

For a game with constructed decks (:meth:`~ecotone.core.game.Game.deckbuilding`),
:func:`measure_deck` plays a deck against each built-in deck with the same bot on both sides
(the heuristic by default), the deck taking P1 in even games and P2 in odd ones so that
neither seat's advantage counts for it. It reports:

* the deck's win rate against each opponent and over all, with Wilson's 95% interval
  (a shared win counts as the share it is);
* each of its cards' impact, as the balance lab measures it (:mod:`ecotone.sim.balance`):
  the win rate of games in which the deck's player played (or otherwise named in an
  action) the card, minus that of games in which it did not, with its interval and a
  Benjamini-Hochberg q-value over all the deck's cards. A card the deck played in nearly
  every game (or nearly none) cannot be compared and is listed untested.

:func:`matchups` plays every built-in deck against every other the same way: the table
``docs/decks.md`` shows. Both play their games as the balance lab's deck rotation does
(:class:`~ecotone.sim.balance.decks.DeckRotation`: every pairing on the same deals, seeded
from ``seed``), so ``matchups`` gives exactly the table of ``ecotone balance GAME --decks
builtin`` with the same bot, games and seed. Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import ecotone
from ecotone.core.deckbuilding import Deckbuilding
from ecotone.core.deckcode import is_code
from ecotone.core.decks import read_file
from ecotone.core.errors import ConfigError
from ecotone.core.registry import game_class
from ecotone.sim.balance.batch import Plan, play_games
from ecotone.sim.balance.decks import DeckRotation
from ecotone.sim.balance.matchups import matchup_table, win_share
from ecotone.sim.balance.record import GameRecord
from ecotone.sim.balance.report import MIN_SEATS
from ecotone.sim.balance.stats import Figure, benjamini_hochberg, share_difference, wilson

__all__ = [
    "CardImpact",
    "DeckReport",
    "Pairing",
    "deckbuilding_of",
    "matchups",
    "measure_deck",
    "pairing",
]

Progress = Callable[[int, int], None]
"""Told ``(games done, games in all)`` after each game."""


def deckbuilding_of(game_id: str) -> Deckbuilding:
    """The game's deckbuilding hook.

    Raises:
        ConfigError: ``config/no-decks`` for a game whose players bring no decks.
    """
    build = game_class(game_id).deckbuilding()
    if build is None:
        raise ConfigError("config/no-decks", f"{game_id} has no decks of the players' own to build")
    return build


@dataclass(frozen=True, slots=True)
class Pairing:
    """One deck against another: ``win`` is the first deck's share of the games."""

    deck: str
    opponent: str
    games: int
    win: Figure
    errors: int = 0


@dataclass(frozen=True, slots=True)
class CardImpact:
    """How the deck did in games where it played a card against games where it did not."""

    card: str
    name: str
    games_with: int
    games_without: int
    win: Figure | None = None


@dataclass(frozen=True, slots=True)
class DeckReport:
    """A deck's results against the built-in decks (see the module's docstring)."""

    deck: str
    bot: str
    overall: Figure
    pairings: tuple[Pairing, ...]
    cards: tuple[CardImpact, ...]

    def strongest(self, n: int = 5) -> list[CardImpact]:
        """The tested cards whose games went best, best first."""
        tested = [c for c in self.cards if c.win is not None]
        return sorted(tested, key=lambda c: -(c.win.value if c.win else 0.0))[:n]


@dataclass(frozen=True, slots=True)
class _Game:
    index: int
    seat: int  # the tested deck's seat
    share: float | None  # its share of the win; None: the game failed
    touched: frozenset[str]


def _plan(
    game_id: str, build: Deckbuilding, rotation: DeckRotation, games: int, seed: int, bot: str
) -> Plan:
    """The balance lab's plan for ``games`` games of every pairing of ``rotation``.

    Raises:
        ConfigError, DataError: for a bot or a deck the game refuses (before any game).
    """
    game = ecotone.make(game_id, players=2, variant=build.seats.variant)
    return Plan.of(game, [bot], rotation.games(games), seed, rotation)


def _play(plan: Plan, progress: Progress | None) -> list[GameRecord]:
    out = []
    for record in play_games(plan, range(plan.games)):
        out.append(record)
        if progress is not None:
            progress(len(out), plan.games)
    return out


def _tested(plan: Plan, deck: str, records: Sequence[GameRecord]) -> dict[str, list[_Game]]:
    """The games of each opponent, from the tested deck's seat (even a mirror's)."""
    assert plan.rotation is not None
    out: dict[str, list[_Game]] = {}
    for r in records:
        index = r.result.index
        seat = plan.rotation.round(index) % 2  # the pairing's first deck, ``deck``, at P1 first
        opponent = plan.rotation.pairing(index)[1]
        share = None if r.result.error is not None else win_share(r, [seat])
        touched = frozenset(r.touched[seat]) if share is not None else frozenset()
        games = out.setdefault(opponent, [])
        games.append(_Game(index, seat, share, touched))
    return out


def pairing(
    game_id: str,
    deck: str,
    opponent: str,
    *,
    games: int = 40,
    seed: int = 0,
    bot: str = "heuristic",
) -> Pairing:
    """``deck`` against ``opponent`` (each a built-in deck's name, a deck code or a file),
    ``games`` games with ``deck`` at P1 in even games and at P2 in odd ones."""
    build = deckbuilding_of(game_id)
    plan = _plan(
        game_id, build, DeckRotation((deck, opponent), ((deck, opponent),)), games, seed, bot
    )
    played = _tested(plan, deck, _play(plan, None))
    return _pairing(deck, opponent, played.get(opponent, []))


def _pairing(deck: str, opponent: str, played: Sequence[_Game]) -> Pairing:
    done = [g for g in played if g.share is not None]
    wins = sum(g.share or 0.0 for g in done)
    figure = wilson(f"win_rate/{opponent}", f"{deck} against {opponent}", wins, len(done))
    return Pairing(deck, opponent, len(done), figure, len(played) - len(done))


def measure_deck(
    game_id: str,
    deck: str,
    *,
    games: int = 20,
    seed: int = 0,
    bot: str = "heuristic",
    opponents: Sequence[str] | None = None,
    progress: Progress | None = None,
) -> DeckReport:
    """Play ``deck`` (a built-in deck's name, a code or a file) ``games`` times against
    each of ``opponents`` (default: every built-in deck) and measure it.

    Raises:
        ConfigError: for a game without decks, or a deck that is not one.
        DataError: for a deck that breaks the deck rules.
    """
    build = deckbuilding_of(game_id)
    chosen = list(opponents) if opponents is not None else [b.key for b in build.builtins]
    if not chosen:
        raise ConfigError("config/no-decks", "a deck test needs at least one opponent")
    rotation = DeckRotation((deck, *chosen), tuple((deck, o) for o in chosen))
    plan = _plan(game_id, build, rotation, games, seed, bot)
    by_opponent = _tested(plan, deck, _play(plan, progress))
    pairings = [_pairing(deck, o, by_opponent.get(o, [])) for o in dict.fromkeys(chosen)]
    finished = [
        g for o in dict.fromkeys(chosen) for g in by_opponent.get(o, []) if g.share is not None
    ]
    overall = wilson(
        "win_rate", f"{deck} over all", sum(g.share or 0.0 for g in finished), len(finished)
    )
    return DeckReport(deck, bot, overall, tuple(pairings), _impact(build, deck, finished))


def _impact(build: Deckbuilding, deck: str, played: Sequence[_Game]) -> tuple[CardImpact, ...]:
    held = _deck_cards(build, deck)
    rows: list[tuple[str, list[tuple[int, bool, float]]]] = [
        (card, [(g.index, card in g.touched, g.share or 0.0) for g in played]) for card in held
    ]
    tested: list[tuple[str, int, Figure]] = []
    untested: list[CardImpact] = []
    for card, marks in rows:
        n_with = sum(1 for _, m, _ in marks if m)
        n_without = len(marks) - n_with
        name = _name(build, card)
        figure = None
        if n_with >= MIN_SEATS and n_without >= MIN_SEATS:
            label = f"{name}: win rate with it - without"
            # (the balance report's test: sound with few wins or losses on either side)
            figure = share_difference(f"card/{card}/win_rate", label, marks)
        if figure is None:
            untested.append(CardImpact(card, name, n_with, n_without))
        else:
            tested.append((card, n_with, figure))
    qs = benjamini_hochberg([f.p if f.p is not None else 1.0 for _, _, f in tested])
    out = [
        CardImpact(card, _name(build, card), n, len(played) - n, figure.with_q(q))
        for (card, n, figure), q in zip(tested, qs, strict=True)
    ]
    out.sort(key=lambda c: -(c.win.value if c.win else 0.0))
    return tuple(out + untested)


def _name(build: Deckbuilding, card: str) -> str:
    found = build.card(card)
    return found.name if found is not None else card


def _deck_cards(build: Deckbuilding, entry: str) -> list[str]:
    """The cards of the deck an entry names (a built-in, a code or a file)."""
    builtin = build.builtin(entry)
    if builtin is not None:
        return [c for c, _ in build.normal(builtin.deck).cards]
    text = entry if is_code(entry) else read_file(entry, "deck")
    return [c for c, _ in build.read(text, entry).cards]


def matchups(
    game_id: str,
    *,
    games: int = 40,
    seed: int = 0,
    bot: str = "heuristic",
    progress: Progress | None = None,
) -> list[Pairing]:
    """Every built-in deck against every other (each pair once, seats alternating): the
    games and the table of ``ecotone balance GAME --decks builtin`` with the same bot,
    games per pairing and seed."""
    build = deckbuilding_of(game_id)
    rotation = DeckRotation.every_pair([b.key for b in build.builtins])
    plan = _plan(game_id, build, rotation, games, seed, bot)
    records = _play(plan, progress)
    table = matchup_table(records, 2, order=rotation.decks)
    out = []
    for a, b in rotation.pairings:
        cell = table.cell(a, b) if table is not None else None
        failed = sum(
            1 for r in records if r.result.error and rotation.pairing(r.result.index) == (a, b)
        )
        if cell is None:
            out.append(Pairing(a, b, 0, wilson(f"win_rate/{b}", f"{a} against {b}", 0, 0), failed))
        else:
            win = cell.win.relabel(f"win_rate/{b}", f"{a} against {b}")
            out.append(Pairing(a, b, win.n, replace(win, expected=None), failed))
    return out
