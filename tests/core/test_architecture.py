"""The layers hold: cli -> server -> web -> sim -> bots -> games -> core, games never import
each other, and the adapters never name a game."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import ecotone
from ecotone.core.registry import game_class

ROOT = Path(__file__).resolve().parents[2]
# The surfaces that serve every game alike: each game tells them what they need to know
# (its spec, its presentation), so none of them may say a game's name.
ADAPTERS = ("cli", "server", "sim", "web")


def test_import_contracts_hold() -> None:
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert exe, "import-linter is a dev dependency"
    result = subprocess.run([exe], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: " in result.stdout
    assert " broken" not in result.stdout.replace("0 broken", "")


def test_core_imports_no_game_or_adapter() -> None:
    for path in (ROOT / "src/ecotone/core").glob("*.py"):
        text = path.read_text()
        for layer in ("ecotone.games", "ecotone.bots", "ecotone.sim", "ecotone.cli"):
            assert f"from {layer}" not in text, (path, layer)
            assert f"import {layer}" not in text, (path, layer)


def test_the_harness_is_reachable_from_a_plain_import() -> None:
    # A fresh interpreter: other tests have imported ecotone.testing in this one.
    code = "import ecotone; print(ecotone.testing.check_game.__name__)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "check_game"


def package_of(game_id: str) -> tuple[str, str]:
    """The package a game lives in, dotted (``ecotone.games.forest``), and its short name
    (``forest``): the package under ``ecotone.games``, else a plug-in's top package."""
    parts = game_class(game_id).__module__.split(".")
    dotted = parts[:3] if parts[:2] == ["ecotone", "games"] else parts[:1]
    return ".".join(dotted), dotted[-1]


def game_names() -> dict[str, re.Pattern[str]]:
    """Every way a module could name a registered game: its id anywhere, as a whole word,
    and its package (``ecotone.games.forest``, ``games/forest``, ``from ecotone.games
    import forest``); the short name alone may well be an ordinary word ("a forest")."""
    names: dict[str, re.Pattern[str]] = {}
    for game_id in ecotone.available_games():
        names[game_id] = re.compile(rf"(?<![\w-]){re.escape(game_id)}(?![\w-])")
        dotted, short = package_of(game_id)
        names[dotted] = re.compile(
            rf"\bgames[./]{re.escape(short)}(?![\w-])"
            rf"|from\s+ecotone\.games\s+import\b[^\n]*\b{re.escape(short)}\b"
        )
    return names


def naming(directory: Path, root: Path = ROOT) -> list[str]:
    """``path:line: name`` (``path`` from ``root``) for every line of a .py or .js file
    under ``directory`` that names a registered game."""
    names = game_names()
    found: list[str] = []
    for path in sorted(directory.rglob("*")):
        if path.suffix not in (".py", ".js") or not path.is_file():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for name, pattern in names.items():
                if pattern.search(line):
                    found.append(f"{path.relative_to(root)}:{number}: names {name}")
    return found


def test_the_scan_finds_a_game_named_in_any_of_its_forms(tmp_path: Path) -> None:
    # a game whose package is not its id, so each form is found on its own
    game_id, (dotted, short) = next(
        (g, package_of(g)) for g in ecotone.available_games() if package_of(g)[1] != g
    )
    web = tmp_path / "web"
    web.mkdir()
    (web / "app.css").write_text(f".{game_id} {{}}\n", encoding="utf-8")  # not a module
    lines = [
        f'const BOARDS = {{ "{game_id}": 1 }};',
        f"import {{ x }} from './{dotted.replace('.', '/')}/y.js';",
        f"from {dotted}.rules import legal",
        f"from ecotone.games import {short}",
        f"// a word holding the id (x{game_id}y), the {short} board, games/{short}s: no game",
    ]
    (web / "probe.js").write_text("\n".join(lines) + "\n", encoding="utf-8")
    found = naming(tmp_path, tmp_path)
    assert found == [
        f"web/probe.js:1: names {game_id}",
        f"web/probe.js:2: names {dotted}",
        f"web/probe.js:3: names {dotted}",
        f"web/probe.js:4: names {dotted}",
    ]


def test_no_adapter_names_a_game() -> None:
    """The CLI, server, simulation and browser client (Python and JavaScript) work for any
    registered game: a game id or a game package named there fails, with file and line."""
    found = [line for layer in ADAPTERS for line in naming(ROOT / "src/ecotone" / layer)]
    assert not found, "adapters must not name a game:\n" + "\n".join(found)
