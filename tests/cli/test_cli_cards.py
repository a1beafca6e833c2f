"""`ecotone cards`: every game's field guide, read from its presentation catalogue."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

import ecotone
from ecotone.cli.cards import WIDTH, field_guide
from ecotone.cli.main import main
from ecotone.core.registry import game_class

GAMES = ecotone.available_games()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def species_faces(game_id: str) -> dict[str, Mapping[str, Any]]:
    """Every face of the catalogue that shows a latin name, by id."""
    out: dict[str, Mapping[str, Any]] = {}
    for faces in game_class(game_id).presentation().catalog.values():
        for face_id, face in faces.items():
            if isinstance(face, Mapping) and face.get("latin"):
                out[face_id] = face
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_the_guide_lists_every_species_readably(
    capsys: pytest.CaptureFixture[str], game_id: str
) -> None:
    code, out, err = run(capsys, "cards", game_id)
    assert (code, err) == (0, "")
    title = game_class(game_id).spec.title
    assert out.startswith(f"{title}: field guide, ")
    assert max(len(line) for line in out.splitlines()) <= WIDTH
    faces = species_faces(game_id)
    assert faces, "every game shows species"
    flat = " ".join(out.split())  # the guide wraps long facts over lines
    for face_id, face in faces.items():
        assert face["latin"] in flat, face_id
        assert " ".join(str(face["fact"]).split()) in flat, face_id


@pytest.mark.parametrize("game_id", GAMES)
def test_json_lists_every_card_once(capsys: pytest.CaptureFixture[str], game_id: str) -> None:
    code, out, _ = run(capsys, "cards", game_id, "--json")
    assert code == 0
    guide = json.loads(out)
    assert guide["game"] == game_id
    ids = [i for entry in guide["entries"] for i in entry["ids"]]
    assert len(ids) == len(set(ids))
    cards = game_class(game_id).presentation().catalog["cards"]
    assert set(cards) <= set(ids)
    by_id = {i: entry for entry in guide["entries"] for i in entry["ids"]}
    for face_id, face in species_faces(game_id).items():
        entry = by_id[face_id]
        assert (entry["name"], entry["latin"], entry["fact"]) == (
            face["name"],
            face["latin"],
            face["fact"],
        )
        assert entry["provenance"] == face.get("provenance", "")
        assert entry["links"] == dict(face.get("links") or {})


def test_copies_of_a_card_make_one_entry() -> None:
    # 64 Forest cards, but 8 animals (shown on 5 cards each and on their own), the
    # chainsaw, the start card and the plain card
    guide = field_guide("once-upon-a-forest")
    assert len(guide) == 11
    agouti = next(e for e in guide if e.latin == "Dasyprocta leporina")
    assert agouti.ids == ["agouti", "G01", "G02", "G03", "G04", "G05"]
    assert agouti.links["level"].startswith("designed by Ecotone")


def test_search_narrows_the_guide_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "once-upon-a-forest", "--search", "DASYPUS")
    assert code == 0
    assert "field guide, 1 entries" in out
    assert "Guianan Long-nosed Armadillo" in out
    assert "Agouti" not in out
    # a link note is searched too: the jaguar's level is a game level
    _, out, _ = run(capsys, "cards", "once-upon-a-forest", "--search", "a game level", "--json")
    names = [e["name"] for e in json.loads(out)["entries"]]
    assert names == ["Dyeing Poison Frog", "Jaguar"]


def test_a_search_that_finds_nothing_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "biomasters", "--search", "dodo")
    assert code == 0
    assert "field guide, 0 entries" in out
    assert "no card of biomasters matches 'dodo'" in out


def test_the_guide_names_no_game_and_reads_any_catalogue(
    capsys: pytest.CaptureFixture[str], toy: str
) -> None:
    # the toy game's faces carry only a name and points: each card is still listed
    code, out, _ = run(capsys, "cards", toy, "--json")
    assert code == 0
    entries = json.loads(out)["entries"]
    cards = game_class(toy).presentation().catalog["cards"]
    assert [e["ids"] for e in entries] == [[c] for c in cards]
    assert all(e["latin"] == "" and e["provenance"] == "" for e in entries)


def test_an_unknown_game_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "cards", "no-such-game")
    assert code == 2
    assert out == ""
    assert err.startswith("ecotone: error: ")
    assert "no-such-game" in err
