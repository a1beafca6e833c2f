"""The optional compiled build: ``ECOTONE_COMPILE=1 pip install .`` compiles rules and bots.

A plain ``pip install .`` (or the editable install the scripts make) builds the pure-Python
package, and that is what every install has. With ``ECOTONE_COMPILE=1`` in the
environment, this build hook (hatchling's ``custom`` hook, named in ``pyproject.toml``)
also compiles the modules that ``[tool.hatch.build.targets.wheel.hooks.custom]`` lists
with mypyc, and puts the extension modules into the wheel beside the ``.py`` files:
Python imports an extension module before a source file of the same name, so the
compiled rules are used and the sources stay readable. The wheel is then tagged for this
interpreter and platform (``cp311-cp311-linux_x86_64``), as a wheel with C in it must be.

Everything is built outside the source tree, in a temporary directory: extension modules
left beside the sources would shadow them in every editable install made from the same
tree. An editable install cannot be compiled (the sources are the install); asking for
one with ``ECOTONE_COMPILE=1`` is refused.

mypyc's output depends on mypy's version, so the build asks for the one pinned here, and
for setuptools, which compiles the C; pip installs them into its build environment only
when the compiled build is asked for (``dependencies``), so a pure build needs nothing
more than hatchling. The C compiler and Python's headers must be installed
(``gcc``, ``python3-dev`` on Debian).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The environment variable that asks for the compiled build (any value but "" and "0").
ENABLE = "ECOTONE_COMPILE"

#: What the compiled build needs besides hatchling: mypy, pinned (what mypyc compiles, and
#: how, changes from one mypy to the next; this one built the figures of
#: docs/performance.md, and the slow test builds with the dev extra's), and setuptools,
#: which compiles the C.
BUILD_REQUIRES = ("mypy==2.4.1", "setuptools>=70")

#: The name of the shared library that holds every compiled module's code (one group:
#: calls between compiled modules go straight from C to C): ``ecotone__mypyc``, beside the
#: package (mypyc finds the modules' files from where it is).
GROUP = "ecotone"


def wanted() -> bool:
    """Whether this build was asked to compile."""
    return os.environ.get(ENABLE, "") not in ("", "0")


def compiled_paths(root: Path, config: dict[str, Any]) -> list[Path]:
    """The source files to compile, from the hook's ``compile`` and ``exclude`` lists.

    ``compile`` names files and directories (every ``.py`` under them) relative to the
    project's root; ``exclude`` names files by their file name (``actions.py``) or by
    their path from the root.
    """
    exclude = set(config.get("exclude", []))
    found: list[Path] = []
    for entry in config.get("compile", []):
        path = root / entry
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for file in files:
            if not file.is_file():
                raise FileNotFoundError(f"{ENABLE}: no module {file.relative_to(root)} to compile")
            if file.name in exclude or file.relative_to(root).as_posix() in exclude:
                continue
            found.append(file)
    return found


def compile_modules(root: Path, config: dict[str, Any], work: Path) -> dict[str, str]:
    """Compile the modules named in ``config`` under ``work``.

    Returns every file built, as a map from its path to its path inside the wheel.
    """
    # Imported here: a pure build never needs them (and has not installed them).
    from mypyc.build import mypycify  # noqa: PLC0415
    from setuptools import Distribution  # noqa: PLC0415

    src = root / "src"
    paths = [p.relative_to(src).as_posix() for p in compiled_paths(root, config)]
    built = work / "lib"
    here = Path.cwd()
    # From the sources' root, so that the compiled code's tracebacks name the modules as
    # the package does (ecotone/games/phylo/rules.py), not this machine's paths.
    os.chdir(src)
    try:
        extensions = mypycify(
            [
                # The project's own type check (strict), its cache kept out of the tree.
                f"--config-file={root / 'pyproject.toml'}",
                f"--cache-dir={work / 'mypy-cache'}",
                # What only the compiled build must see (pyproject.toml's mypy section):
                # the kernel's State then takes a seat of any type and checks it itself.
                "--always-true=MYPYC",
                *paths,
            ],
            opt_level=str(config.get("opt-level", "3")),
            target_dir=str(work / "c"),
            group_name=GROUP,
            multi_file=bool(config.get("multi-file", False)),
        )
        options = {
            "build_lib": str(built),
            "build_temp": str(work / "temp"),
            "parallel": os.cpu_count() or 1,
        }
        dist = Distribution(
            {"name": "ecotone", "ext_modules": extensions, "options": {"build_ext": options}}
        )
        dist.run_command("build_ext")
    finally:
        os.chdir(here)
    files = {str(f): f.relative_to(built).as_posix() for f in built.rglob("*") if f.is_file()}
    expected = {p.removesuffix(".py") for p in paths}
    got = {inside.split(".", 1)[0] for inside in files.values()}
    if missing := expected - got:
        raise RuntimeError(f"{ENABLE}: mypyc built no extension for {sorted(missing)}")
    return files


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles the listed modules with mypyc when ``ECOTONE_COMPILE`` asks for it."""

    PLUGIN_NAME = "custom"

    _work: str | None = None

    def dependencies(self) -> list[str]:
        """mypy and setuptools, and the runtime dependencies whose types mypy reads."""
        if not wanted():
            return []
        return [*BUILD_REQUIRES, *self.metadata.core.dependencies]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile, and add the extension modules to the wheel."""
        if not wanted() or self.target_name != "wheel":
            return
        if version == "editable":
            raise RuntimeError(
                f"{ENABLE}: an editable install runs the sources themselves and cannot be "
                "compiled; build a wheel instead (pip install ., not pip install -e .)"
            )
        self._work = tempfile.mkdtemp(prefix="ecotone-mypyc-")
        files = compile_modules(Path(self.root), self.config, Path(self._work))
        build_data["force_include"].update(files)
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the build's temporary directory once the wheel holds its files."""
        if self._work is not None:
            shutil.rmtree(self._work, ignore_errors=True)
            self._work = None
