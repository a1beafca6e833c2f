"""docs/rl.md shows the example as it is in examples/, and the example runs as pasted."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import ecotone
from ecotone.core.registry import game_class

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rl.md"


def python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)


@pytest.mark.parametrize("example", ["random_agents.py", "self_play.py"])
def test_the_example_is_pasted_whole_in_the_docs(example: str) -> None:
    """Checked without the train extra too: the text needs no PyTorch to compare."""
    shown = (ROOT / "examples" / example).read_text(encoding="utf-8")
    assert shown in python_blocks(DOC.read_text(encoding="utf-8"))


def test_the_example_runs_as_pasted(tmp_path: Path) -> None:
    block = next(b for b in python_blocks(DOC.read_text(encoding="utf-8")) if "agent_iter" in b)
    script = tmp_path / "pasted.py"
    script.write_text(block, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, str(script)],
        check=False,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "final reward" in done.stdout
    assert "parallel rewards" in done.stdout
    assert "gymnasium: final margin" in done.stdout


def test_the_docs_describe_every_game() -> None:
    text = DOC.read_text(encoding="utf-8")
    for game_id in ecotone.available_games():
        assert f"### {game_class(game_id).spec.title}" in text
        assert f"`{game_id}`" in text
