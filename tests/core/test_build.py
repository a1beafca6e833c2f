"""Which build runs: the modules with an extension module beside their source are compiled,
unless ECOTONE_NO_EXTENSIONS sets them aside."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from ecotone import _pure
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
    build._installed.cache_clear()
    try:
        assert build.compiled_modules() == ("ecotone.games.toy.rules", "ecotone.games.toy.view")
        assert build.set_aside() == ()
        assert build.describe() == "compiled with mypyc (2 modules)"
        # run from its sources, the same install names what it does not use
        monkeypatch.setattr(_pure, "active", True)
        assert build.compiled_modules() == ()
        assert build.set_aside() == ("ecotone.games.toy.rules", "ecotone.games.toy.view")
        assert build.describe() == (
            "pure Python, 2 compiled modules set aside by ECOTONE_NO_EXTENSIONS"
        )
    finally:
        build._installed.cache_clear()


@pytest.mark.parametrize(
    ("value", "asks"), [(None, False), ("", False), ("0", False), ("1", True), ("yes", True)]
)
def test_the_environment_asks_for_the_sources_with_anything_but_nothing_or_0(
    value: str | None, asks: bool
) -> None:
    environ = {} if value is None else {"ECOTONE_NO_EXTENSIONS": value}
    assert _pure.requested(environ) is asks


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A package ``toybuild`` whose module ``rules`` has a source and, beside it, an
    extension module that fails to load (not a shared library at all)."""
    package = tmp_path / "toybuild"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "rules.py").write_text("BUILD = 'source'\n")
    (package / f"rules{EXTENSION_SUFFIXES[0]}").write_text("not a shared library")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield package
    for name in [n for n in sys.modules if n == "toybuild" or n.startswith("toybuild.")]:
        del sys.modules[name]


def test_the_extension_module_beside_a_source_is_what_python_imports(toy: Path) -> None:
    with pytest.raises(ImportError):  # the broken extension, not the source
        __import__("toybuild.rules")


def test_the_finder_of_sources_imports_the_source_beside_an_extension_module(
    toy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "meta_path", [_pure.SourcesFirst("toybuild"), *sys.meta_path])
    __import__("toybuild.rules")
    rules = sys.modules["toybuild.rules"]
    assert rules.BUILD == "source"
    assert rules.__file__ == str(toy / "rules.py")
    # another package's modules are left to Python's own finders
    assert _pure.SourcesFirst("toybuild").find_spec("json.decoder", None) is None
    assert _pure.SourcesFirst("toy").find_spec("toybuild.rules", [str(toy)]) is None


def _python(code: str, **environ: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != "ECOTONE_NO_EXTENSIONS"} | environ
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_whole_package_imports_and_plays_from_its_sources_when_asked() -> None:
    # Every module of the package through the finder (the sources here have no
    # extension modules beside them, so the finder must find each one itself).
    code = (
        "import sys, ecotone, ecotone.cli, ecotone.sim.bench, ecotone.rl;"
        "from ecotone._pure import SourcesFirst, active;"
        "from ecotone.core.build import describe;"
        "s = ecotone.make('phylo', players=2).start(3);"
        "s = s.apply(s.to_move[0], s.legal_actions(s.to_move[0])[0]);"
        "print(isinstance(sys.meta_path[0], SourcesFirst), active, describe(), s.digest(),"
        " sep='|')"
    )
    plain = _python(code).split("|")
    asked = _python(code, ECOTONE_NO_EXTENSIONS="1").split("|")
    assert plain[:2] == ["False", "False"]
    assert asked[:2] == ["True", "True"]
    assert plain[2] == asked[2] == "pure Python"
    assert plain[3] == asked[3]  # the same position
