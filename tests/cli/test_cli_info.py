"""`ecotone games`, `ecotone rules`, help and the entry points."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import ecotone
from ecotone.cli import info
from ecotone.cli.info import RulesMissing, find_rules
from ecotone.cli.main import main
from ecotone.core.registry import game_class

FOREST = "once-upon-a-forest"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_player_counts_and_variants(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # the narrowest terminal we design for
    code, out, err = run(capsys, "games")
    assert code == 0
    assert err == ""
    row = next(line for line in out.splitlines() if FOREST in line)
    assert "2-4" in row
    assert "solo (1)" in out
    assert "semi-cooperative (2-4)" in out
    assert "Once Upon a Forest" in out
    assert "bots: random" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_games_lists_every_registered_game(capsys: pytest.CaptureFixture[str], toy: str) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    row = next(line for line in out.splitlines() if toy in line)
    cells = [cell.strip() for cell in row.split("│")]
    assert cells[1:3] == [toy, "2"]  # a fixed count shows as one number
    assert "short (2)" in out


def test_games_with_a_game_lists_its_variants_and_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "games", "biomasters")
    assert (code, err) == (0, "")
    spec = ecotone.make("biomasters", players=2).spec
    for variant in spec.variants:
        assert variant.name in out
    for option in spec.options:
        assert option.name in out
    assert "chemo_home │ true" in " ".join(out.split("  "))  # as -o takes it, not True
    assert "decks=ocean" in out  # a variant's own default
    code, out, err = run(capsys, "games", "singapore-untamed")
    assert "Options: none" in out
    code, _, err = run(capsys, "games", "nope")
    assert code == 2
    assert "there is no game 'nope'" in err


def _use_rules_dirs(monkeypatch: pytest.MonkeyPatch, *folders: Path) -> None:
    monkeypatch.setattr(info, "rules_sources", lambda: list(folders))


def test_rules_prints_the_document(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    try:
        expected = find_rules(FOREST)
    except RulesMissing:
        # The real document is not written yet: check the command with a stand-in.
        expected = "# Once Upon a Forest\n\nGrow trees.\n"
        (tmp_path / f"{FOREST}.md").write_text(expected, encoding="utf-8")
        _use_rules_dirs(monkeypatch, tmp_path)
    code, out, err = run(capsys, "rules", FOREST)
    assert code == 0
    assert err == ""
    # not a terminal: the Markdown source, unchanged
    assert out.rstrip("\n") == expected.rstrip("\n")


def test_the_packaged_copy_comes_before_the_repository(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    packaged, repository, empty = tmp_path / "pkg", tmp_path / "repo", tmp_path / "empty"
    for folder in (packaged, repository, empty):
        folder.mkdir()
    (packaged / f"{FOREST}.md").write_text("packaged copy\n", encoding="utf-8")
    (repository / f"{FOREST}.md").write_text("repository copy\n", encoding="utf-8")
    _use_rules_dirs(monkeypatch, packaged, repository)
    assert run(capsys, "rules", FOREST)[1] == "packaged copy\n"
    _use_rules_dirs(monkeypatch, empty, repository)
    assert run(capsys, "rules", FOREST)[1] == "repository copy\n"


def test_the_real_lookup_finds_the_repository_docs() -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / "rules" / f"{FOREST}.md"
    sources = [str(s) for s in info.rules_sources()]
    assert str(doc.parent) in sources
    assert sources[0].endswith("_rules")


def test_missing_rules_are_one_clear_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _use_rules_dirs(monkeypatch, tmp_path)
    code, out, err = run(capsys, "rules", FOREST)
    assert code == 1
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"ecotone: error: no rules document for {FOREST}")


@pytest.mark.parametrize(
    "command", [[], ["games"], ["rules"], ["play"], ["simulate"], ["replay"], ["bench"]]
)
def test_every_command_has_help(capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    code, out, err = run(capsys, *command, "--help")
    assert code == 0
    assert out.startswith("usage: ecotone")
    assert err == ""


def test_no_command_shows_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys)
    assert code == 2  # a usage error (tests/cli/test_cli_main.py)
    for command in ("games", "rules", "play", "simulate", "replay", "bench"):
        assert command in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0
    # the version, and the build it runs (these tests run the sources: pure Python)
    assert out.strip() == f"ecotone {ecotone.__version__}, pure Python"


def test_python_dash_m_runs_the_cli() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ecotone", "games"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert FOREST in done.stdout


@pytest.mark.parametrize("game_id", ecotone.available_games())
def test_each_rules_document_names_the_rules_version_its_game_is_at(game_id: str) -> None:
    """What a teacher reads says which rules it describes: the version every replay of
    the game records."""
    text = " ".join(find_rules(game_id).split())
    said = re.findall(rf"Game id `{re.escape(game_id)}`, rules version (\d+\.\d+\.\d+)", text)
    assert said == [game_class(game_id).spec.rules_version]
