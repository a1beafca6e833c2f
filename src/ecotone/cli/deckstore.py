"""Where a player's own decks live, and what a deck argument on the command line names.

Saved decks are deck files (the game's own format, as ``ecotone decks GAME --check``
reads) in ``$ECOTONE_HOME/decks/GAME``, else ``$XDG_DATA_HOME/ecotone/decks/GAME``, else
``~/.local/share/ecotone/decks/GAME``: beside the replays (``ecotone play``). A deck
argument names, in this order: a built-in deck (any letter case), a saved deck (its name
or its file's name, any letter case), a deck code, or a deck file's path.

A game never reads the saved decks (a server makes games too, and must not look in its
own home for a player's decks): the terminal turns a saved deck's name into its file's
path before it makes a game, in ``ecotone decks`` (:func:`resolve`), in ``--decks`` and in
the deck options of ``-o`` (:func:`saved_entries`), so a saved deck goes wherever a deck
file goes, and a replay names its file.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ecotone.cli.output import UsageError
from ecotone.core.deckbuilding import Deckbuilding, DeckList
from ecotone.core.deckcode import is_code
from ecotone.core.decks import entries
from ecotone.core.errors import ConfigError, DataError
from ecotone.core.registry import game_class

__all__ = ["Named", "deck_dir", "read_code", "resolve", "save", "saved", "saved_entries"]


def deck_dir(game_id: str) -> Path:
    """The folder of ``game_id``'s saved decks (see the module's docstring)."""
    home = os.environ.get("ECOTONE_HOME")
    if home:
        return Path(home).expanduser() / "decks" / game_id
    data = os.environ.get("XDG_DATA_HOME")
    base = Path(data).expanduser() if data else Path.home() / ".local" / "share"
    return base / "ecotone" / "decks" / game_id


@dataclass(frozen=True, slots=True)
class Named:
    """A deck an argument named: the deck, the entry a game option takes for it (a built-in
    deck's key, a code or a file path), where it came from, and whether it is built in."""

    deck: DeckList
    entry: str
    where: str
    builtin: bool = False


def saved(game_id: str, build: Deckbuilding) -> list[tuple[Path, DeckList | DataError]]:
    """Every saved deck of ``game_id``, by file name: the deck, or why it cannot be read."""
    folder = deck_dir(game_id)
    out: list[tuple[Path, DeckList | DataError]] = []
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
        try:
            out.append((path, build.read(path.read_text(encoding="utf-8"), str(path))))
        except DataError as exc:
            out.append((path, exc))
        except OSError as exc:
            out.append((path, DataError("data/missing", f"{path}: {exc.strerror}")))
    return out


def _slug(name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
    return slug[:60] or "deck"


def save(game_id: str, build: Deckbuilding, deck: DeckList) -> Path:
    """Write ``deck`` to the saved decks (a deck of the same name is replaced).

    Raises:
        UsageError: when the folder or the file cannot be written.
    """
    folder = deck_dir(game_id)
    same = [p for p, d in saved(game_id, build) if isinstance(d, DeckList) and d.name == deck.name]
    path = same[0] if same else folder / f"{_slug(deck.name)}.toml"
    n = 2
    while not same and path.exists():
        path = folder / f"{_slug(deck.name)}-{n}.toml"
        n += 1
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(build.write_file(deck), encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot save the deck to {path}: {exc.strerror}") from None
    return path


def _read(reader: Callable[[str], DeckList], text: str) -> DeckList:
    """What ``reader`` reads from ``text``; a text that is no deck is the user's to fix."""
    try:
        return reader(text)
    except DataError as exc:
        raise UsageError(exc.message) from None


def read_code(build: Deckbuilding, code: str) -> DeckList:
    """The deck a code holds (its rules not checked).

    Raises:
        UsageError: for a text that is no code of this game, saying why.
    """
    return _read(build.decode, code)


def resolve(game_id: str, build: Deckbuilding, entry: str) -> Named:
    """The deck ``entry`` names (see the module's docstring); its rules are not checked.

    Raises:
        UsageError: for an entry that names no deck, listing the built-in and saved ones.
        UsageError: also for a code or file that is not a deck.
    """
    wanted = entry.strip()
    builtin = build.builtin(wanted)
    if builtin is not None:
        return Named(builtin.deck, builtin.key, f"the built-in deck {builtin.deck.name!r}", True)
    mine = saved(game_id, build)
    found = _mine(mine, wanted)
    if found is not None:
        path, deck = found
        return Named(deck, str(path), str(path))
    if is_code(wanted):
        return Named(_read(build.decode, wanted), wanted, "the deck code")
    path = Path(wanted).expanduser()
    if wanted and path.is_file():
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(f"cannot read the deck file {wanted!r}: {exc}") from None
        return Named(_read(lambda t: build.read(t, str(path)), text), str(path), str(path))
    builtins = ", ".join(
        b.key if b.key.casefold() == b.deck.name.casefold() else f"{b.key} ({b.deck.name})"
        for b in build.builtins
    )
    yours = ", ".join(d.name for _, d in mine if isinstance(d, DeckList)) or "none yet"
    raise UsageError(
        f"{wanted!r} is neither a built-in deck ({builtins}), one of your saved decks "
        f"({yours}), a deck code nor a deck file"
    )


def _mine(
    mine: Sequence[tuple[Path, DeckList | DataError]], wanted: str
) -> tuple[Path, DeckList] | None:
    """The saved deck called ``wanted`` (its name or its file's name, any letter case)."""
    for path, deck in mine:
        if isinstance(deck, DeckList) and wanted.casefold() in (
            deck.name.casefold(),
            path.stem.casefold(),
        ):
            return path, deck
    return None


def saved_entries(game_id: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` with each deck entry that names one of your saved decks replaced by the
    saved deck's file path, which the game reads as any deck file.

    Only an entry the game would not know is looked for among the saved decks: a built-in
    deck, a deck code or an existing file keeps its meaning, whatever a saved deck is
    called. An option whose value is no list of decks is left for the game to refuse.
    """
    out = dict(options)
    build = game_class(game_id).deckbuilding()
    if build is None:
        return out
    mine: list[tuple[Path, DeckList | DataError]] | None = None
    listing = len(build.seats.options) == 1  # one option lists every seat's deck
    for name in build.seats.options:
        if name not in options:
            continue
        value = options[name]
        if listing:
            try:
                listed = entries(value, name)
            except ConfigError:
                continue  # the game says what a deck option takes
        elif isinstance(value, str) and value.strip():
            listed = [value.strip()]  # one seat's deck, whose name may hold a comma
        else:
            continue
        changed = False
        for i, entry in enumerate(listed):
            if build.builtin(entry) or is_code(entry) or Path(entry).expanduser().is_file():
                continue
            mine = saved(game_id, build) if mine is None else mine  # read once, if at all
            found = _mine(mine, entry)
            if found is not None:
                listed[i] = str(found[0])
                changed = True
        if changed:
            out[name] = ",".join(listed)
    return out
