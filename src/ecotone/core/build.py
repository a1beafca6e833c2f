"""Which build of Ecotone is running: the pure-Python package, or the optional compiled one.

Every install has the pure-Python package. The optional compiled build
(``ECOTONE_COMPILE=1 pip install .``, see ``docs/performance.md``) adds, beside the
sources of the games' rules, extension modules compiled from them by mypyc, and Python
imports an extension module before a source file of the same name: a module with one is
compiled wherever it is imported. ``ecotone --version`` and ``ecotone bench`` say which
build they run, as every speed measured depends on it.

>>> describe() in ("pure Python", f"compiled with mypyc ({len(compiled_modules())} modules)")
True
"""

from __future__ import annotations

import functools
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

__all__ = ["compiled_modules", "describe"]

# The package's own directory (.../ecotone), whose modules are looked for.
_PACKAGE = Path(__file__).resolve().parent.parent


@functools.cache
def compiled_modules() -> tuple[str, ...]:
    """The package's modules that run compiled here, by name, sorted.

    Those with an extension module for this interpreter (its own suffixes, as
    ``rules.cpython-311-x86_64-linux-gnu.so``) beside their source; empty for the
    pure-Python package.
    """
    found: set[str] = set()
    for path in _PACKAGE.rglob("*"):
        for suffix in EXTENSION_SUFFIXES:
            # what Python's import looks for: the module's name, then one of the suffixes
            name = path.name.removesuffix(suffix)
            if name != path.name and name.isidentifier():
                parts = path.relative_to(_PACKAGE.parent).parts
                found.add(".".join((*parts[:-1], name)))
                break
    return tuple(sorted(found))


def describe() -> str:
    """The build in a few words: ``pure Python``, or ``compiled with mypyc (66 modules)``."""
    modules = compiled_modules()
    return f"compiled with mypyc ({len(modules)} modules)" if modules else "pure Python"
