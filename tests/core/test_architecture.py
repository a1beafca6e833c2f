"""The layers hold: cli -> sim -> bots -> games -> core, and games never import each other."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


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
