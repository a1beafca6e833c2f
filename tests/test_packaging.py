"""The extras in pyproject.toml that scripts/bootstrap installs: PyTorch's CPU build is
pinned alike wherever it is asked for (bootstrap installs it first, reading the train
extra's pin), and every extra that asks for it is one bootstrap knows."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def extras() -> dict[str, list[str]]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        found: dict[str, list[str]] = tomllib.load(f)["project"]["optional-dependencies"]
    return found


def test_torch_is_pinned_alike_in_every_extra_that_asks_for_it() -> None:
    pins = {
        name: [r for r in requirements if re.match(r"torch\b", r)]
        for name, requirements in extras().items()
    }
    asking = {name: found for name, found in pins.items() if found}
    assert set(asking) == {"train", "rllib"}
    assert all(found == asking["train"] for found in asking.values()), asking
    assert asking["train"][0].startswith("torch==")  # one CPU build, never a range


def test_bootstrap_installs_torch_first_for_every_extra_that_pins_it() -> None:
    script = (ROOT / "scripts" / "bootstrap").read_text(encoding="utf-8")
    known = re.search(r"^\s*([\w|]+)\) wanted\+=", script, re.MULTILINE)
    assert known is not None
    first = re.search(r'^\s*(\*" \w+ "\*(?: \| \*" \w+ "\*)*)\) install_torch', script, re.M)
    assert first is not None
    torch_first = set(re.findall(r'"\s(\w+)\s"', first.group(1)))
    for name, requirements in extras().items():
        if any(r.startswith("torch") for r in requirements):
            assert name in known.group(1).split("|")
            assert name in torch_first
