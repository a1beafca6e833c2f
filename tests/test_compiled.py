"""The optional compiled build plays, refuses and replays exactly as the sources do.

``ECOTONE_COMPILE=1 pip install .`` compiles the games' rules, the kernel's ``State``,
the search and the heuristic bots with mypyc (``hatch_build.py``; the modules are listed
in ``pyproject.toml``). The slow run builds that wheel from this tree and, against the
unpacked wheel, runs every game's golden playthroughs and refusal tests, the heuristic
bots' golden games, the search's tests, the bots' descriptions, the replay tests and the
kernel's ``State`` contract (seats of any type refused in words, pickling), and
compares what every game refuses, and why, with what the sources say
(``tests/refusal_probe.py``). The build takes about 1.5 minutes of CPU (mypy's check of
the compiled modules, then gcc: 2.5 to 3.5 minutes of wall time on a busy 2-core
machine), the tests against it about half a minute more.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import msgspec
import pytest

ROOT = Path(__file__).resolve().parents[1]

#: What runs against the compiled build: the golden games, the refusals, the replays, the
#: kernel's State.
TESTS = (
    *sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("tests/games/*/test_playthrough.py")),
    *sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("tests/games/*/test_refusals.py")),
    "tests/bots/test_heuristic_golden.py",
    "tests/bots/test_ismcts.py",
    "tests/bots/test_bot_descriptions.py",
    "tests/cli/test_cli_replay.py",
    "tests/core/test_replay.py",
    "tests/core/test_state.py",
)


def _hook() -> ModuleType:
    """``hatch_build.py``, the build hook, as a module."""
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _config() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        hooks = tomllib.load(f)["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]
    config: dict[str, Any] = hooks["custom"]
    return config


def _compiled_names() -> list[str]:
    """The modules the compiled build compiles, by name."""
    src = ROOT / "src"
    paths = _hook().compiled_paths(ROOT, _config())
    return [".".join(p.relative_to(src).with_suffix("").parts) for p in paths]


def test_the_compiled_build_compiles_every_games_rules_and_nothing_it_would_change() -> None:
    names = _compiled_names()
    games = {p.name for p in (ROOT / "src/ecotone/games").iterdir() if (p / "rules.py").exists()}
    assert len(games) == 5
    assert {f"ecotone.games.{g}.rules" for g in games} <= set(names)
    # the search, and the heuristics its rollouts and prior consult at every step
    heuristics = {p.stem for p in (ROOT / "src/ecotone/bots/heuristics").glob("[!_]*.py")}
    assert len(heuristics) == 5
    assert {"ecotone.bots.ismcts", *(f"ecotone.bots.heuristics.{h}" for h in heuristics)} <= set(
        names
    )
    for name in names:
        module = importlib.import_module(name)
        # mypyc gives a compiled class its annotations' bare classes (tuple[Card, ...]
        # becomes tuple), and msgspec reads a record's fields from them
        records = [
            cls.__name__
            for cls in vars(module).values()
            if inspect.isclass(cls)
            and issubclass(cls, msgspec.Struct)
            and cls.__module__ == module.__name__
        ]
        assert not records, f"{name} defines records {records}: it cannot be compiled"
        # compiled, a functools.cached_property is a plain property: made again each time
        lines = inspect.getsource(module).splitlines()
        assert not [x for x in lines if x.lstrip().startswith("@") and "cached_property" in x]


def _bound_once(tree: ast.Module) -> list[tuple[str, ast.expr, ast.expr | None]]:
    """The module-level names of ``tree`` bound by a single assignment and never again
    (not in a loop, a branch or a ``global`` statement), with the value and annotation;
    type aliases and type variables left out."""
    counts: dict[str, int] = {}
    for node in tree.body:
        for name in ast.walk(node):
            if isinstance(name, ast.Name) and isinstance(name.ctx, ast.Store):
                counts[name.id] = counts.get(name.id, 0) + 1
        if isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                counts[alias.asname or alias.name] = 2
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            counts[node.name] = 2
    rebound = {n for node in ast.walk(tree) if isinstance(node, ast.Global) for n in node.names}
    in_annotations = {
        name.id
        for node in ast.walk(tree)
        for part in (getattr(node, "annotation", None), getattr(node, "returns", None))
        if part is not None
        for name in ast.walk(part)
        if isinstance(name, ast.Name)
    }
    found: list[tuple[str, ast.expr, ast.expr | None]] = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, annotation = node.targets[0], None
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, annotation = node.target, node.annotation
        else:
            continue
        value = node.value
        if (
            not isinstance(target, ast.Name)
            or target.id.startswith("__")
            or counts.get(target.id) != 1
            or target.id in rebound
            or target.id in in_annotations  # a type alias
            or isinstance(value, ast.Subscript)  # a type alias: tuple[int, ...]
            or (isinstance(value, ast.BinOp) and isinstance(value.op, ast.BitOr))  # X | None
            or (isinstance(value, ast.Call) and ast.unparse(value.func) == "TypeVar")
        ):
            continue
        found.append((target.id, value, annotation))
    return found


def test_the_compiled_modules_name_their_constants_final() -> None:
    # mypyc looks a plain module-level name up in the module's dictionary at every use; a
    # Final one it keeps in a C static (and writes a Final literal into the code): 3-6 %
    # of every game's rollouts
    src = ROOT / "src"
    for path in _hook().compiled_paths(ROOT, _config()):
        tree = ast.parse(path.read_text())
        plain = [
            name
            for name, _value, annotation in _bound_once(tree)
            if annotation is None or "Final" not in ast.unparse(annotation)
        ]
        assert not plain, f"{path.relative_to(src)}: make {plain} Final (or say why not)"
        unpacked = [
            ast.unparse(node.targets[0])
            for node in tree.body
            if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Tuple)
        ]
        assert not unpacked, f"{path.relative_to(src)}: {unpacked} cannot be Final: one a line"


def test_the_compiled_modules_call_the_kernels_helpers_compiled() -> None:
    # records offers put, without, replace and the rest beside the records, but is not
    # compiled (it defines one): a name imported from it is a dictionary lookup at every
    # use, and a call of put through it goes through Python's calling convention, where
    # one imported from tuples is a direct call in C
    src = ROOT / "src"
    for path in _hook().compiled_paths(ROOT, _config()):
        tree = ast.parse(path.read_text())
        through = [
            alias.name
            for node in tree.body
            if isinstance(node, ast.ImportFrom) and node.module == "ecotone.core.records"
            for alias in node.names
        ]
        assert not through, f"{path.relative_to(src)}: import {through} from ecotone.core.tuples"


def _literal(value: ast.expr) -> bool:
    """Whether mypyc writes ``value``, a ``Final``'s, into the code: a number, a string,
    a negative number."""
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.USub):
        value = value.operand
    return isinstance(value, ast.Constant)


def test_the_compiled_modules_read_no_constant_of_an_interpreted_module_at_run_time() -> None:
    # A Final of an interpreted module (an enum member, a table) that a compiled module
    # imports is looked up in the importing module's dictionary at every use (a literal is
    # written into the code instead): Once Upon a Forest's phases, bound in its state's
    # module, cost 8% of its compiled rollouts. Bind such a name in a compiled module.
    src = ROOT / "src"
    compiled = {p.resolve() for p in _hook().compiled_paths(ROOT, _config())}
    constants: dict[str, set[str]] = {}
    for path in (src / "ecotone").rglob("*.py"):
        if path.resolve() in compiled:
            continue
        module = ".".join(path.relative_to(src).with_suffix("").parts)
        constants[module] = {
            node.target.id
            for node in ast.parse(path.read_text()).body
            if isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.value is not None
            and "Final" in ast.unparse(node.annotation)
            and not _literal(node.value)
        }
    for path in sorted(compiled):
        tree = ast.parse(path.read_text())
        imported = {
            alias.asname or alias.name
            for node in tree.body
            if isinstance(node, ast.ImportFrom) and node.module in constants
            for alias in node.names
            if alias.name in constants[node.module]
        }
        read = sorted(
            {
                name.id
                for node in ast.walk(tree)
                if isinstance(node, ast.FunctionDef)
                for name in ast.walk(node)
                if isinstance(name, ast.Name) and name.id in imported
            }
        )
        assert not read, f"{path.relative_to(src)}: bind {read} in a compiled module"


def _compiler() -> str | None:
    """Why this machine cannot build C extensions, or ``None`` if it can."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (Python.h)"
    return None


def _run(argv: list[str], env: dict[str, str], cwd: Path) -> str:
    done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=cwd, check=False)
    assert done.returncode == 0, f"{' '.join(argv)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.mark.slow
def test_the_compiled_build_plays_as_the_sources_do(tmp_path: Path) -> None:
    missing = _compiler()
    if missing is not None:
        pytest.skip(f"the compiled build needs a C compiler and Python's headers: {missing}")
    unset = ("PYTHONPATH", "ECOTONE_COMPILE", "ECOTONE_NO_EXTENSIONS")
    env = {k: v for k, v in os.environ.items() if k not in unset}
    # The wheel, as `ECOTONE_COMPILE=1 pip install .` builds it; with this environment's
    # hatchling, mypy and setuptools (the dev extra) rather than downloaded ones.
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    wheel = ["wheel", "--no-deps", "--no-build-isolation", "-w", str(tmp_path / "dist")]
    _run([*pip, *wheel, str(ROOT)], {**env, "ECOTONE_COMPILE": "1"}, ROOT)
    (built,) = (tmp_path / "dist").glob("ecotone-*.whl")
    assert "-cp3" in built.name  # tagged for this interpreter: it holds C
    site = tmp_path / "site"
    with zipfile.ZipFile(built) as z:
        z.extractall(site)

    compiled = {**env, "PYTHONPATH": str(site), "ECOTONE_TEST_BUILD": str(site)}
    names = _compiled_names()
    build = f"compiled with mypyc ({len(names)} modules)"
    out = _run([sys.executable, "-m", "ecotone", "--version"], compiled, tmp_path)
    assert out.strip().endswith(f", {build}")
    bench = ["bench", "phylo", "--only", "playouts", "--seconds", "0.05", "--plain", "--json"]
    out = _run([sys.executable, "-m", "ecotone", *bench], compiled, tmp_path)
    assert msgspec.json.decode(out)["compiled"] == sorted(names)
    # the same install run from its sources: the profiler sees the rules by name there only
    aside = {**compiled, "ECOTONE_NO_EXTENSIONS": "1"}
    out = _run([sys.executable, "-m", "ecotone", "--version"], aside, tmp_path)
    assert out.strip().endswith(
        f", pure Python, {len(names)} compiled modules set aside by ECOTONE_NO_EXTENSIONS"
    )
    profile = ["bench", "--profile", "phylo", "--seconds", "0.3", "--top", "40", "--json"]
    rules = "ecotone/games/phylo/rules.py:"
    for run_as, shown in ((aside, True), (compiled, False)):
        seen = msgspec.json.decode(_run([sys.executable, "-m", "ecotone", *profile], run_as, ROOT))
        assert seen["compiled"] == ([] if shown else sorted(names))
        assert any(r["where"].startswith(rules) for r in seen["by_total_time"]) is shown

    # the tests, against the build (tests/conftest.py checks that they import it)
    _run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *TESTS], compiled, ROOT)
    # every refusal, word for word as the sources say it
    probe = [sys.executable, "-m", "tests.refusal_probe"]
    pure = _run(probe, {**env, "PYTHONPATH": str(ROOT / "src")}, ROOT).splitlines()
    fast = _run(probe, compiled, ROOT).splitlines()
    assert (pure[0], fast[0]) == ("build: pure Python", f"build: {build}")
    assert len(pure) > 5000
    assert fast[1:] == pure[1:]
