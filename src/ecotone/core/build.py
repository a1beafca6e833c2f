"""Which build of Ecotone is running: the pure-Python package, or the optional compiled one.

Every install has the pure-Python package. The optional compiled build
(``ECOTONE_COMPILE=1 pip install .``, see ``docs/performance.md``) adds, beside the
sources of the games' rules, extension modules compiled from them by mypyc, and Python
imports an extension module before a source file of the same name: a module with one is
compiled wherever it is imported, unless ``ECOTONE_NO_EXTENSIONS`` was set when the
package was first imported: then the sources run (``ecotone/_pure.py``). ``ecotone
--version`` and ``ecotone bench`` say which build they run, as every speed measured depends
on it.

>>> describe().startswith(("pure Python", f"compiled with mypyc ({len(compiled_modules())} "))
True
"""

from __future__ import annotations

import functools
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from ecotone import _pure

__all__ = ["compiled_modules", "describe", "set_aside"]

# The package's own directory (.../ecotone), whose modules are looked for.
_PACKAGE = Path(__file__).resolve().parent.parent


def compiled_modules() -> tuple[str, ...]:
    """The package's modules that run compiled here, by name, sorted.

    Those with an extension module for this interpreter (its own suffixes, as
    ``rules.cpython-311-x86_64-linux-gnu.so``) beside their source; empty for the
    pure-Python package, and where ``ECOTONE_NO_EXTENSIONS`` sets them aside
    (:func:`set_aside`).
    """
    return () if _pure.active else _installed()


def set_aside() -> tuple[str, ...]:
    """The compiled modules this process does not use, as ``ECOTONE_NO_EXTENSIONS`` asked
    (empty without it, and in the pure-Python package)."""
    return _installed() if _pure.active else ()


@functools.cache
def _installed() -> tuple[str, ...]:
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
    """The build in a few words: ``pure Python``, or ``compiled with mypyc (66 modules)``;
    a compiled install run from its sources says so (``pure Python, 66 compiled modules
    set aside by ECOTONE_NO_EXTENSIONS``)."""
    modules = compiled_modules()
    if modules:
        return f"compiled with mypyc ({len(modules)} modules)"
    aside = set_aside()
    if aside:
        return f"pure Python, {len(aside)} compiled modules set aside by {_pure.ENV}"
    return "pure Python"
