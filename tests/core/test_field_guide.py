"""Every game's species faces teach real ecology, and say where they come from.

Read from each game's presentation catalogue (``Game.presentation().catalog``), so the
check names no game's data. A **species face** is a face that shows a species: it carries
a ``latin`` name, or names the ``species`` it shows, or its ``kind`` is an animal, plant or
species. Every species face must give its latin name, one fact under 200 characters (short
enough for a card), and its provenance (``rulebook``, ``public`` or ``ecotone``). A face that
carries ``links`` (where its habitat, prey, hosts or level come from) must begin each note
with its source: the rulebook, a public source, or designed by Ecotone.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import ecotone
from ecotone.core.registry import game_class
from ecotone.core.spec import Provenance

SPECIES_KINDS = frozenset({"animal", "plant", "species"})
LINK_SOURCES = ("rulebook", "public", "designed by Ecotone")
MAX_FACT = 200

# Games whose catalogue does not pass yet, with the reason; strict, so a fix is noticed.
NOT_YET: dict[str, str] = {}


def is_species(face: Mapping[str, Any]) -> bool:
    """Whether a face shows a species (see the module docstring)."""
    return bool(face.get("latin") or face.get("species") or face.get("kind") in SPECIES_KINDS)


def species_faces(catalog: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """``(group/id, face)`` for every species face of a catalogue."""
    for group, faces in catalog.items():
        if not isinstance(faces, Mapping):
            continue
        for face_id, face in faces.items():
            if isinstance(face, Mapping) and is_species(face):
                yield f"{group}/{face_id}", face


def problems(face: Mapping[str, Any]) -> list[str]:
    """What a species face lacks, in words (empty when it is sound)."""
    out = []
    latin, fact = face.get("latin"), face.get("fact")
    if not (isinstance(latin, str) and latin.strip()):
        out.append("no latin name")
    if not (isinstance(fact, str) and fact.strip()):
        out.append("no fact")
    elif len(fact) >= MAX_FACT:
        out.append(f"a fact of {len(fact)} characters (under {MAX_FACT})")
    if face.get("provenance") not in {p.value for p in Provenance}:
        out.append(f"provenance {face.get('provenance')!r}")
    links = face.get("links", {})
    if not isinstance(links, Mapping):
        out.append("links that are not a mapping")
        links = {}
    for link, note in links.items():
        if not (isinstance(note, str) and note.startswith(LINK_SOURCES)):
            out.append(f"a {link} link whose note does not say its source: {note!r}")
    return out


def _param(game_id: str) -> Any:
    reason = NOT_YET.get(game_id)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(game_id, marks=marks, id=game_id)


@pytest.mark.parametrize("game_id", [_param(g) for g in ecotone.available_games()])
def test_every_species_face_has_a_latin_name_a_short_fact_and_a_provenance(
    game_id: str,
) -> None:
    faces = list(species_faces(game_class(game_id).presentation().catalog))
    assert faces, f"{game_id} shows no species"
    found = [f"{where}: {p}" for where, face in faces for p in problems(face)]
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:20])


@pytest.mark.parametrize(
    ("face", "words"),
    [
        ({"name": "Dodo", "fact": "Gone.", "provenance": "ecotone", "kind": "animal"}, "latin"),
        ({"name": "Dodo", "latin": "Raphus cucullatus", "provenance": "ecotone"}, "no fact"),
        ({"latin": "Raphus cucullatus", "fact": "x" * 200, "provenance": "ecotone"}, "200"),
        ({"latin": "Raphus cucullatus", "fact": "Gone.", "provenance": "maybe"}, "provenance"),
        (
            {
                "latin": "Raphus cucullatus",
                "fact": "Gone.",
                "provenance": "ecotone",
                "links": {"prey": "it ate fruit"},
            },
            "prey link",
        ),
    ],
)
def test_the_check_catches_a_broken_face(face: dict[str, Any], words: str) -> None:
    assert is_species(face)
    assert any(words in p for p in problems(face))


def test_a_face_without_a_species_is_not_checked() -> None:
    assert not is_species({"name": "Chainsaw", "latin": None, "species": None})
    assert not is_species({"name": "Blight", "kind": "ability", "text": "Take a tile."})
    assert is_species({"name": "Sun Bear", "kind": "animal"})
