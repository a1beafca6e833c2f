"""Deck options: a ready-made deck by name, a deck code, or a player's own deck file.

The card games let each player bring a deck. A game option names it: one of the decks
that ship with the game (any letter case), a deck code (:mod:`ecotone.core.deckcode`,
``PHYLO:AEAQ...``: the whole deck in one line, which a server accepts from anyone), or the
path of a deck file on the machine that makes the game. :func:`pick` reads such an entry
the same way for every game; the game supplies its ready-made decks and its own readers
(which check its deck rules). What a game tells about its decks as a whole (pool, rules,
built-ins) is its :class:`~ecotone.core.deckbuilding.Deckbuilding`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TypeVar

from ecotone.core.deckcode import is_code
from ecotone.core.errors import ConfigError

__all__ = ["entries", "pick", "read_file"]

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
) -> T:
    """The deck ``entry`` names: a ready-made deck of ``ready``, a deck code or a file.

    An entry shaped like a deck code (:func:`~ecotone.core.deckcode.is_code`) is always
    read as one, never looked for on disk.

    Args:
        entry: a ready-made deck's name (any letter case), a deck code or a deck
            file's path.
        ready: the decks that ship with the game, by name.
        parse: the game's deck-file reader, ``parse(text, where)``; it raises
            :class:`~ecotone.core.errors.DataError` for a deck that breaks a rule.
        option: the option's name, for messages.
        code: the game's deck-code reader (``None``: the game has no codes); it raises
            :class:`~ecotone.core.errors.DataError` for a bad code or a broken rule.

    Raises:
        ConfigError: ``config/bad-option`` for a name that is neither a ready-made deck,
            a deck code nor a readable file; the message lists the ready-made decks.
    """
    wanted = entry.strip()
    for name, deck in ready.items():
        if name.casefold() == wanted.casefold():
            return deck
    if is_code(wanted):
        if code is None:
            raise ConfigError(
                "config/bad-option", f"option {option}: this game reads no deck codes"
            )
        return code(wanted)
    path = Path(wanted).expanduser()
    if wanted and path.is_file():
        return parse(read_file(path, option), str(path))
    names = ", ".join(ready) or "none"
    raise ConfigError(
        "config/bad-option",
        f"option {option}: {wanted!r} is neither a ready-made deck ({names}) nor a deck file"
        + (" nor a deck code" if code is not None else ""),
    )
