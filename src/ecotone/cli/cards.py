"""``ecotone cards``: a game's field guide, every card with its species and where it comes from.

The guide is read from the game's presentation catalogue (``Game.presentation().catalog``),
so it names no game and works for any game that declares its faces. It lists:

* every face of the ``cards`` group (the group every catalogue has), and
* every face of another group that shows a species or a fact (a ``latin`` name or a
  ``fact``): species shown apart from the cards, such as a game's plants or niches.

Faces that print the same thing (the copies of one card, or a species shown both on its own
and on cards) make one entry that lists all their ids. Each entry gives the name, the latin
name, the fact (or, for a card that shows no fact, its text), the provenance, and, when the
face carries them, its ``links`` (where its habitat, prey or hosts come from) and its source
notes (``sources``, ``note``, ``public``).
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ecotone.cli.options import Commands
from ecotone.core.registry import game_class

__all__ = ["Entry", "add_parser", "field_guide", "render", "run_cards"]

#: The width the text guide is written for.
WIDTH = 100
#: Face fields holding a note on where a card or its facts come from, shown as they are.
NOTE_KEYS = ("sources", "note", "public")


@dataclass(slots=True)
class Entry:
    """One entry of the field guide: a face, and the ids of every card that shows it."""

    ids: list[str]
    group: str
    name: str
    latin: str
    fact: str
    provenance: str
    links: dict[str, str] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)

    def matches(self, text: str) -> bool:
        """Whether ``text`` (any case) occurs in the entry: names, ids, fact or notes."""
        words = [self.name, self.latin, self.fact, *self.ids]
        words += [*self.links.values(), *self.notes.values()]
        needle = text.casefold()
        return any(needle in w.casefold() for w in words)

    def to_json(self) -> dict[str, Any]:
        """The entry as JSON: every field, ``links`` and ``notes`` as objects."""
        return {
            "ids": self.ids,
            "group": self.group,
            "name": self.name,
            "latin": self.latin,
            "fact": self.fact,
            "provenance": self.provenance,
            "links": self.links,
            "notes": self.notes,
        }


def add_parser(commands: Commands) -> None:
    """Register ``cards``."""
    parser = commands.add_parser(
        "cards",
        help="a game's field guide: every card, its species, fact and provenance",
        description="List every card of a game with its name, latin name, fact and where "
        "it comes from (the rulebook, a public source, or Ecotone), and where its links to "
        "other species come from.",
    )
    parser.add_argument("game", metavar="GAME", help="a game id (see 'ecotone games')")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--search",
        metavar="TEXT",
        help="only the cards whose name, latin name, id, fact or notes contain TEXT, in "
        "any case (default: every card)",
    )
    parser.set_defaults(run=run_cards)


def _text(face: Mapping[str, Any], key: str) -> str:
    value = face.get(key)
    return value if isinstance(value, str) else ""


def _strings(value: Any) -> dict[str, str]:
    if not isinstance(value, Mapping):
        return {}
    return {str(k): v for k, v in value.items() if isinstance(v, str) and v}


def _listed(group: str, face: Mapping[str, Any]) -> bool:
    """The cards, and any other face that shows a species or a fact."""
    return group == "cards" or bool(_text(face, "latin") or _text(face, "fact"))


def field_guide(game_id: str) -> list[Entry]:
    """The field guide of ``game_id``, in catalogue order (see the module docstring).

    Raises:
        ConfigError: for an unknown game.
    """
    catalog = game_class(game_id).presentation().catalog
    entries: dict[tuple[str, ...], Entry] = {}
    for group, faces in catalog.items():
        if not isinstance(faces, Mapping):
            continue
        for face_id, face in faces.items():
            if not isinstance(face, Mapping) or not _listed(group, face):
                continue
            entry = Entry(
                ids=[str(face_id)],
                group=str(group),
                name=_text(face, "name") or str(face_id),
                latin=_text(face, "latin"),
                fact=_text(face, "fact") or _text(face, "text"),
                provenance=_text(face, "provenance"),
                links=_strings(face.get("links")),
                notes={k: _text(face, k) for k in NOTE_KEYS if _text(face, k)},
            )
            key = (entry.name, entry.latin, entry.fact, entry.provenance)
            if key in entries:
                same = entries[key]
                same.ids.append(entry.ids[0])
                same.links = same.links or entry.links
                same.notes = same.notes or entry.notes
            else:
                entries[key] = entry
    return list(entries.values())


def _wrapped(label: str, text: str, indent: str = "  ") -> list[str]:
    first = f"{indent}{label}: " if label else indent
    return textwrap.wrap(
        text,
        WIDTH,
        initial_indent=first,
        subsequent_indent=indent + "  ",
        break_on_hyphens=False,
    )


def render(title: str, entries: list[Entry]) -> str:
    """The field guide as text, no line longer than :data:`WIDTH` columns."""
    lines = [f"{title}: field guide, {len(entries)} entries", ""]
    for e in entries:
        head = " · ".join(part for part in (e.name, e.latin, e.provenance or "?") if part)
        lines += textwrap.wrap(head, WIDTH, subsequent_indent="    ")
        if e.fact:
            lines += _wrapped("", e.fact)
        for link, note in e.links.items():
            lines += _wrapped(link, note)
        for key, note in e.notes.items():
            lines += _wrapped(key, note)
        lines += _wrapped("cards" if len(e.ids) > 1 else "card", ", ".join(e.ids))
        lines.append("")
    return "\n".join(lines)


def run_cards(args: argparse.Namespace) -> int:
    """Print a game's field guide, as text or JSON; ``--search`` narrows it."""
    cls = game_class(args.game)
    entries = field_guide(args.game)
    if args.search:
        entries = [e for e in entries if e.matches(args.search)]
    if args.json:
        guide = {
            "game": args.game,
            "title": cls.spec.title,
            "search": args.search,
            "entries": [e.to_json() for e in entries],
        }
        print(json.dumps(guide, ensure_ascii=False))
        return 0
    sys.stdout.write(render(cls.spec.title, entries) + "\n")
    if args.search and not entries:
        print(f"no card of {args.game} matches {args.search!r}")
    return 0
