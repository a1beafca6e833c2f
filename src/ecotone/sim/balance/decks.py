"""Decks in a balance batch: which deck each seat played, and a rotation through decks.

For a game whose players bring decks (:meth:`~ecotone.core.game.Game.deckbuilding`), the
game's deck hook says which options carry each seat's deck (:class:`DeckSeats
<ecotone.core.deckbuilding.DeckSeats>`). This module reads and writes them without
knowing the game:

* :func:`seat_decks` reads, from a game's configuration, the deck each seat plays: a
  batch played with the game's own options still knows its decks, and its report still
  has a matchup table when its seats played several;
* :class:`DeckRotation` is the schedule of ``ecotone balance --decks``: every pairing of
  the chosen decks, each played on the same deals with the decks' seats alternated;
* :func:`seated` is the game configuration that seats a list of decks.

A deck is named in records and reports by its *key*: a built-in deck's key (whatever
name or letter case chose it), a deck code or a file's path as given, and
``"P1 default"`` for a seat left to the option's default when the hook does not say
which deck that is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ecotone.core.deckbuilding import Deckbuilding
from ecotone.core.deckcode import is_code
from ecotone.core.decks import entries, read_file
from ecotone.core.errors import ConfigError, EcotoneError
from ecotone.core.records import seat_name
from ecotone.core.registry import game_class
from ecotone.sim.runner import game_seed

__all__ = [
    "BUILTIN",
    "DeckRotation",
    "deck_keys",
    "deck_names",
    "deckbuilding",
    "seat_decks",
    "seated",
]

BUILTIN = "builtin"
"""What ``--decks`` takes for "every built-in deck of the game"."""


def deckbuilding(game_id: str) -> Deckbuilding | None:
    """The game's deck hook (``None`` for a game whose players bring no decks)."""
    return game_class(game_id).deckbuilding()


def _key(build: Deckbuilding, entry: str, seat: int) -> str:
    """How a report names the deck ``entry`` picks (see the module's docstring)."""
    entry = entry.strip()
    if not entry:
        return f"{seat_name(seat)} default"
    builtin = build.builtin(entry)
    return builtin.key if builtin is not None else entry


def deck_keys(build: Deckbuilding, chosen: Sequence[str]) -> list[str]:
    """The decks ``--decks`` names, as keys: ``["builtin"]`` gives every built-in deck.

    Raises:
        ConfigError: ``balance/decks`` for fewer than two different decks.
    """
    wanted = [k for e in chosen for k in (entries(e, "--decks") if e != BUILTIN else [BUILTIN])]
    keys: list[str] = []
    for entry in wanted:
        found = [b.key for b in build.builtins] if entry == BUILTIN else [_key(build, entry, 0)]
        keys += [k for k in found if k not in keys]
    if len(keys) < 2:
        raise ConfigError(
            "balance/decks",
            f"deck matchups need at least two different decks, not {len(keys)}; "
            f"built-in decks: {', '.join(b.key for b in build.builtins)}",
        )
    return keys


def seat_decks(config: Mapping[str, Any]) -> list[str]:
    """The deck each seat of a configured game plays, as keys; ``[]`` when it plays none
    (a game without decks, or a variant in which players bring none)."""
    build = deckbuilding(config["game"])
    if build is None:
        return []
    seats = build.seats
    if seats.variant is not None and config["variant"] != seats.variant:
        return []
    players = int(config["players"])
    options = config["options"]
    defaults = seats.defaults or ("",)
    if len(seats.options) == 1:
        listed = entries(options.get(seats.options[0], ""), seats.options[0]) or [""]
        chosen = [listed[s % len(listed)] for s in range(players)]
    else:
        chosen = [
            str(options.get(seats.options[s % len(seats.options)], "")) for s in range(players)
        ]
    filled = [c.strip() or defaults[s % len(defaults)] for s, c in enumerate(chosen)]
    return [_key(build, entry, s) for s, entry in enumerate(filled)]


def deck_names(game_id: str, keys: Sequence[str]) -> dict[str, str]:
    """What a reader sees for each deck key: a built-in's or a code's deck name, else the key."""
    build = deckbuilding(game_id)
    out = {}
    for key in keys:
        out[key] = key
        if build is None:
            continue
        builtin = build.builtin(key)
        if builtin is not None:
            out[key] = builtin.deck.name
            continue
        try:
            text = key if is_code(key) else read_file(key, "deck")
            out[key] = build.read(text, key).name or key
        except (EcotoneError, OSError):
            pass  # a file since moved: its path names it
    return out


def seated(config: Mapping[str, Any], decks: Sequence[str]) -> dict[str, Any]:
    """``config`` with ``decks`` (one entry per seat) in the options that carry them.

    The variant becomes the one in which players bring decks, when the hook names one.

    Raises:
        ConfigError: for a game whose players bring no decks.
    """
    build = deckbuilding(config["game"])
    if build is None:
        raise ConfigError(
            "config/no-decks", f"{config['game']} has no decks of the players' own to choose"
        )
    variant, options = build.options(list(decks))
    return {
        **config,
        "variant": variant if variant is not None else config["variant"],
        "options": {**config["options"], **options},
    }


@dataclass(frozen=True, slots=True)
class DeckRotation:
    """Every seat through the chosen decks: which decks play game ``i`` and on which deal.

    Game ``i`` plays pairing ``i % P`` (of ``P`` pairings) in round ``r = i // P``. The
    pairing's two decks sit alternately round the table, the first deck at P1 in even
    rounds and the second in odd ones, and the game is dealt from ``game_seed(seed, r)``:
    every pairing is played on the same deals, each deck as often at each seat (over an
    even number of rounds). Interleaving the pairings keeps an interrupted or small batch
    balanced between them, and asking for more rounds later plays only the new games.

    Attributes:
        decks: the decks' keys, in the order reports list them.
        pairings: the pairs of decks played, each once (first deck, second deck).
    """

    decks: tuple[str, ...]
    pairings: tuple[tuple[str, str], ...]

    @classmethod
    def every_pair(cls, decks: Sequence[str]) -> DeckRotation:
        """Every deck against every other, each pair once."""
        keys = tuple(decks)
        pairs = tuple((a, b) for i, a in enumerate(keys) for b in keys[i + 1 :])
        return cls(keys, pairs)

    def pairing(self, index: int) -> tuple[str, str]:
        """The pair of decks game ``index`` plays."""
        return self.pairings[index % len(self.pairings)]

    def round(self, index: int) -> int:
        """Which of its pairing's games game ``index`` is (0, 1, ...)."""
        return index // len(self.pairings)

    def seating(self, index: int, players: int) -> list[str]:
        """Each seat's deck in game ``index``."""
        pair = self.pairing(index)
        turn = self.round(index) % 2
        return [pair[(seat + turn) % 2] for seat in range(players)]

    def deal(self, seed: int, index: int) -> int:
        """The seed that deals game ``index``: the same for every pairing's game of a round."""
        return game_seed(seed, self.round(index))

    def games(self, per_pairing: int) -> int:
        """How many games play ``per_pairing`` games of every pairing."""
        return per_pairing * len(self.pairings)

    def to_json(self) -> dict[str, Any]:
        """``{"decks", "pairings"}`` (part of a batch's identity)."""
        return {"decks": list(self.decks), "pairings": [list(p) for p in self.pairings]}
