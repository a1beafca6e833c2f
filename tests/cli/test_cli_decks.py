"""``ecotone decks``: list, check, build (driven by typed lines), share and test decks."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from ecotone.cli.main import main
from ecotone.core.deckbuilding import DeckList
from ecotone.games.biomasters.decks import STARTERS, deckbuilding
from ecotone.games.phylo.decks import deckbuilding as phylo_decks

NAMELESS = phylo_decks().encode(DeckList.of("", ["B16"]))

POND = """\
name = "My Pond"
home = "wetland-home"

[cards]
common-duckweed = 3
yellow-water-lily = 3
common-reed = 3
star-diatom = 3
water-flea = 3
common-frog-tadpole = 3
common-frog = 2
aquatic-hyphomycete = 3
freshwater-shrimp = 1
"""


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ECOTONE_HOME", str(tmp_path / "eco"))
    return tmp_path / "eco"


def test_the_list_shows_rules_built_ins_and_saved_decks(
    capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    assert main(["decks", "phylo"]) == 0
    out = capsys.readouterr().out
    assert "decks of 23-27 cards" in out
    for name in ("Enchanted Isles", "Atlantic Coast", "Across the Andes", "Beagle's Wake"):
        assert name in out
    assert "code: PHYLO:" in out
    assert "none yet" in out
    saved = home / "decks" / "biomasters"
    saved.mkdir(parents=True)
    (saved / "pond.toml").write_text(POND, encoding="utf-8")
    (saved / "broken.toml").write_text("name = 3", encoding="utf-8")
    assert main(["decks", "biomasters"]) == 0
    out = capsys.readouterr().out
    assert "My Pond (25 cards; legal) pond.toml" in out
    assert "broken.toml: cannot be read" in out
    assert main(["decks", "biomasters", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert [b["key"] for b in listing["builtins"]] == [
        "production",
        "decomposition",
        "ocean",
        "wetland",
    ]
    assert {s.get("name") for s in listing["saved"]} == {"My Pond", None}


def test_check_explains_every_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(POND.replace("common-frog = 2", "common-frog = 5\nbasilisk = 3"), "utf-8")
    assert main(["decks", "biomasters", "--check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "breaks 3 deck rules" in out
    assert "there is no card 'basilisk' in the card pool  [biomasters/deck-card]" in out
    assert "5 copies of common-frog" in out
    assert "the deck has 29 cards" not in out  # 29 is a legal size
    assert "31 cards counting its HOME" in out
    good = tmp_path / "good.toml"
    good.write_text(POND, "utf-8")
    assert main(["decks", "biomasters", "--check", str(good)]) == 0
    assert "a legal deck" in capsys.readouterr().out
    assert main(["decks", "biomasters", "--check", "OCEAN", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["legal"] is True


def test_a_code_travels_and_comes_back(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    assert main(["decks", "phylo", "--code", "beagle's wake"]) == 0
    code = capsys.readouterr().out.strip()
    assert code.startswith("PHYLO:")
    assert main(["decks", "phylo", "--import", code, "--name", "Wake copy"]) == 0
    assert "saved 'Wake copy'" in capsys.readouterr().out
    assert (home / "decks" / "phylo" / "wake-copy.toml").is_file()
    assert main(["decks", "phylo", "--check", "wake copy"]) == 0  # by its saved name
    assert main(["decks", "phylo", "--check", code]) == 0


def test_check_refuses_a_count_below_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # two copies more and two "less" made 30 cards, and --check said "a legal deck"
    bad = tmp_path / "F.toml"
    bad.write_text(POND + "grey-heron = 2\nnorthern-pike = -2\n", "utf-8")
    for flag in ("--check", "--code"):
        assert main(["decks", "biomasters", flag, str(bad)]) == 2
        err = capsys.readouterr().err
        assert err == (
            f"ecotone: error: {bad}: -2 copies of 'northern-pike'; a deck file gives each card "
            "it lists 1 copy or more (leave out a card the deck does not hold)\n"
        )


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["decks", "once-upon-a-forest"], "no decks of the players' own"),
        (
            ["decks", "phylo", "--check", "Voyage to Mars"],
            "'Voyage to Mars' is neither a built-in deck (Enchanted Isles, Atlantic Coast, "
            "Across the Andes, Beagle's Wake), one of your saved decks (none yet), a deck code "
            "nor a deck file",
        ),
        (["decks", "phylo", "--check", "PHYLO:AAAA"], "damaged"),
        (["decks", "phylo", "--check", "BIOMASTERS:AEAQA75X"], "another game"),
        (["decks", "phylo", "--import", NAMELESS], "give one with --name"),
        (["decks", "phylo", "--test", "Enchanted Isles", "--games", "0"], "--games"),
        (["decks", "phylo", "--test", "Enchanted Isles", "--bot", "nobody"], "nobody"),
    ],
)
def test_mistakes_are_one_line(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("ecotone: error:")
    assert words in err
    assert err.count("\n") == 1


def _type(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))


def test_new_builds_a_deck_from_typed_commands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    adds = [
        "+ common-duckweed 3",
        "+ Yellow Water-lily 3",
        "+ common reed 3",
        "+ star-diatom 3",
        "+ water-flea 3",
        "+ common-frog-tadpole 3",
        "+ common-frog 2",
        "+ aquatic-hyphomycete 3",
    ]
    _type(
        monkeypatch,
        [
            "f trophic HOME",
            "ls",
            "+ 4",  # the fourth HOME listed: the Wetland HOME
            "f -",
            *adds,
            "+ common-frog 2",  # a fourth frog: refused by the rules, live
            "- common-frog 2",
            "save",  # no name yet
            "n My Pond",
            "+ freshwater-shrimp",
            "d",
            "save",
            "code",
            "q",
        ],
    )
    assert main(["decks", "biomasters", "--new"]) == 0
    out = capsys.readouterr().out
    assert "Wetland HOME (wetland-home): 0 -> 1 in the deck" in out
    assert "4 copies of common-frog; a deck holds 1 to 3 copies of a card" in out
    assert "name the deck first" in out
    assert "My Pond: 25 cards (a deck has 25-30), legal" in out
    saved = home / "decks" / "biomasters" / "my-pond.toml"
    assert f"saved to {saved}" in out
    build = deckbuilding()
    deck = build.read(saved.read_text("utf-8"), "x")
    assert build.check(deck) == []
    assert deck.counts()["common-frog"] == 2
    assert build.encode(deck) in out


def test_new_from_a_deck_and_bad_commands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _type(
        monkeypatch,
        [
            *("f colour red", "f diet", "f diet omnivore", "ls", "+ 99", "+ Darwin", "jump"),
            *("+ 1 0", "- 1 0", "d"),  # no copies is no change, and said so
        ],
    )
    assert main(["decks", "phylo", "--new", "--from", "enchanted isles"]) == 0
    out = capsys.readouterr().out
    assert "no filter 'colour'" in out
    assert "Diet: carbon-macromolecules, carnivore, herbivore, omnivore, photosynthetic" in out
    assert "no card 99 in the last listing" in out
    assert "could be Darwin's Tanager, Darwin's Fox" in out
    assert "unknown command 'jump'" in out
    assert out.count("N is a number of copies, at least 1:") == 2
    assert " 0x " not in out
    assert "-> 0 in the deck" not in out
    assert "a copy of Enchanted Isles: 25 cards (a deck has 23-27), legal" in out
    assert "(end of input: the deck was not saved)" in out


def test_matchups_play_every_built_in_against_every_other(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["decks", "biomasters", "--matchups", "--games", "2", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    pairs = [(r["deck"], r["opponent"]) for r in rows]
    assert pairs == [(a, b) for i, a in enumerate(STARTERS) for b in STARTERS[i + 1 :]]
    assert all(r["games"] == 2 and 0 <= r["win_rate"]["value"] <= 1 for r in rows)


def test_test_plays_the_deck_against_the_built_ins(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pond = tmp_path / "pond.toml"
    pond.write_text(POND, "utf-8")
    assert main(["decks", "biomasters", "--test", str(pond), "--games", "4", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [p["opponent"] for p in report["pairings"]] == [
        "production",
        "decomposition",
        "ocean",
        "wetland",
    ]
    assert all(p["games"] == 4 and p["errors"] == 0 for p in report["pairings"])
    overall = report["overall"]
    assert overall["n"] == 16
    assert overall["low"] <= overall["value"] <= overall["high"]
    assert {c["card"] for c in report["cards"]} == deckbuilding().read(POND, "x").counts().keys()
    assert main(["decks", "biomasters", "--test", str(pond), "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "My Pond: 2 games against each built-in deck" in out
    assert "over all                     8" in out
