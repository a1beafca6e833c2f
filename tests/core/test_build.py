"""Which build runs: the modules with an extension module beside their source are compiled."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from ecotone.core import build


def test_the_sources_are_the_pure_python_build() -> None:
    # the tests run the sources, beside which no build leaves an extension module
    assert build.compiled_modules() == ()
    assert build.describe() == "pure Python"


def test_a_module_with_an_extension_beside_it_is_compiled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "ecotone"
    rules = package / "games" / "toy"
    rules.mkdir(parents=True)
    suffix = EXTENSION_SUFFIXES[0]  # this interpreter's own: cpython-311-x86_64-linux-gnu.so
    for name in ("rules", "view"):
        (rules / f"{name}.py").touch()
        (rules / f"{name}{suffix}").touch()
    (rules / "cards.py").touch()  # a source alone runs interpreted
    (package / "core").mkdir()
    (package / "core" / f"game.cpython-201-elsewhere{suffix[-3:]}").touch()  # not for us
    monkeypatch.setattr(build, "_PACKAGE", package)
    build.compiled_modules.cache_clear()
    try:
        assert build.compiled_modules() == ("ecotone.games.toy.rules", "ecotone.games.toy.view")
        assert build.describe() == "compiled with mypyc (2 modules)"
    finally:
        build.compiled_modules.cache_clear()
