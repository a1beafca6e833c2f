"""Deck options: a built-in deck by name, a deck code, or a player's own deck file.

The card games let each player bring a deck. A game option names it: one of the decks
that ship with the game (by its key or its own name, any letter case), a deck code
(:mod:`ecotone.core.deckcode`, ``PHYLO:AEAQ...``: the whole deck in one line, which a
server accepts from anyone), or the path of a deck file on the machine that makes the
game. :func:`pick` reads such an entry the same way for every game; the game supplies its
built-in decks and its own readers (which check its deck rules). An option listing every
seat's deck in turn is split by :func:`entries` and dealt round the table by
:func:`per_seat`. What a game tells about its decks as a whole (pool, rules, built-ins) is
its :class:`~ecotone.core.deckbuilding.Deckbuilding`.

A game never reads a player's saved decks (they are the terminal's,
:mod:`ecotone.cli.deckstore`, which turns a saved deck's name into its file before making
the game): a name it does not know is refused, saying how a deck of one's own is given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TypeVar

from ecotone.core.deckcode import is_code
from ecotone.core.errors import ConfigError
from ecotone.core.tuples import seat_name

__all__ = ["entries", "per_seat", "pick", "read_file"]

T = TypeVar("T")


def entries(value: object, option: str) -> list[str]:
    """The comma-separated entries of a deck option (a list of names is accepted too).

    >>> entries(" production, ocean ,", "decks")
    ['production', 'ocean']
    """
    if isinstance(value, str):
        parts = value.split(",")
    elif isinstance(value, list | tuple):
        parts = [str(v) for v in value]
    else:
        raise ConfigError(
            "config/bad-option",
            f"option {option}={value!r} must name decks, separated by commas",
        )
    return [p.strip() for p in parts if p.strip()]


def per_seat(names: Sequence[str], players: int, option: str) -> list[str]:
    """Each seat's entry of an option that lists the seats' decks in turn.

    A shorter list is repeated round the table (one deck for everyone, or one per team);
    a longer one is refused rather than cut: the entries past the last seat would never
    be read, so a mistake in them (a misspelt deck, the wrong player count) would pass
    without a word.

    >>> per_seat(["ocean", "wetland"], 4, "decks")
    ['ocean', 'wetland', 'ocean', 'wetland']

    Raises:
        ConfigError: ``config/bad-option`` for more entries than seats, saying which.
    """
    if len(names) > players:
        seats = ", ".join(seat_name(s) for s in range(players))
        raise ConfigError(
            "config/bad-option",
            f"option {option}: {len(names)} decks ({', '.join(names)}) for {players} seats "
            f"({seats}); give one deck per seat, or fewer to repeat them round the table",
        )
    return [names[s % len(names)] for s in range(players)] if names else []


def read_file(path: str | Path, option: str) -> str:
    """The text of the deck file at ``path`` (``~`` expanded).

    Raises:
        ConfigError: ``config/bad-option`` when it cannot be read, saying why.
    """
    try:
        return Path(path).expanduser().read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(
            "config/bad-option",
            f"option {option}: cannot read the deck file {str(path)!r}: {exc.strerror}",
        ) from None


def pick(
    entry: str,
    ready: Mapping[str, T],
    parse: Callable[[str, str], T],
    option: str,
    code: Callable[[str], T] | None = None,
    titles: Mapping[str, str] | None = None,
) -> T:
    """The deck ``entry`` names: a built-in deck of ``ready``, a deck code or a file.

    An entry shaped like a deck code (:func:`~ecotone.core.deckcode.is_code`) is always
    read as one, never looked for on disk.

    Args:
        entry: a built-in deck's key or own name (any letter case), a deck code or a
            deck file's path.
        ready: the decks that ship with the game, by key (the name the option stores).
        parse: the game's deck-file reader, ``parse(text, where)``; it raises
            :class:`~ecotone.core.errors.DataError` for a deck that breaks a rule.
        option: the option's name, for messages.
        code: the game's deck-code reader (``None``: the game has no codes); it raises
            :class:`~ecotone.core.errors.DataError` for a bad code or a broken rule.
        titles: the deck's own name by key, where it is not its key (BioMasters'
            ``production`` is Savanna): ``ecotone decks`` and the deck builder show a deck
            by that name, so a player types it too.

    Raises:
        ConfigError: ``config/bad-option`` for a name that is neither a built-in deck, a
            deck code nor a readable file; the message lists the built-in decks and says
            how a deck of one's own is given.
    """
    wanted = entry.strip().casefold()
    named = titles or {}
    for key, deck in ready.items():
        if wanted in (key.casefold(), named.get(key, key).casefold()):
            return deck
    wanted = entry.strip()
    if is_code(wanted):
        if code is None:
            raise ConfigError(
                "config/bad-option", f"option {option}: this game reads no deck codes"
            )
        return code(wanted)
    path = Path(wanted).expanduser()
    if wanted and path.is_file():
        return parse(read_file(path, option), str(path))
    shown = [
        key if named.get(key, key).casefold() == key.casefold() else f"{key} ({named[key]})"
        for key in ready
    ]
    own = "deck file's path or its deck code" if code is not None else "deck file's path"
    raise ConfigError(
        "config/bad-option",
        f"option {option}: {wanted!r} is neither a built-in deck ({', '.join(shown) or 'none'})"
        + (", a deck code" if code is not None else "")
        + f" nor a deck file; a deck of your own goes by its {own}",
    )
