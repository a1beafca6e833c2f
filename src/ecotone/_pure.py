"""``ECOTONE_NO_EXTENSIONS=1``: run the pure-Python sources of a compiled install.

The optional compiled build (``ECOTONE_COMPILE=1 pip install .``, see
``docs/performance.md``) puts extension modules beside the sources of its busiest modules,
and Python imports an extension module before a source file of the same name. With
``ECOTONE_NO_EXTENSIONS`` set (to anything but ``0`` or nothing) when the package is first
imported, Ecotone's own modules are loaded from their sources instead, and the install
runs as the pure-Python package every install has. As ``AIOHTTP_NO_EXTENSIONS`` and
``YARL_NO_EXTENSIONS`` do for those libraries, this serves three ends:

* profiling: :mod:`cProfile` sees a compiled function as one call of the method that
  entered it, so ``ecotone bench --profile`` lists the rules function by function only
  in pure Python;
* comparing the two builds in one install, one command after the other;
* telling a fault of the compiled build from one of the rules.

The package's ``__init__`` imports this module before any other module of its own, and
importing it installs the finder when the environment asks (:func:`install`); it imports
nothing of the package.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import (
    BYTECODE_SUFFIXES,
    SOURCE_SUFFIXES,
    FileFinder,
    ModuleSpec,
    SourceFileLoader,
    SourcelessFileLoader,
)
from types import ModuleType

__all__ = ["ENV", "SourcesFirst", "active", "install", "requested"]

#: The environment variable that asks for the sources.
ENV = "ECOTONE_NO_EXTENSIONS"

# The loaders a finder of sources offers: source files, and compiled bytecode without a
# source (as Python's own finder does), never extension modules.
_LOADERS = ((SourceFileLoader, SOURCE_SUFFIXES), (SourcelessFileLoader, BYTECODE_SUFFIXES))


def requested(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether ``environ`` asks for the sources: :data:`ENV` set, and not to ``0``."""
    return environ.get(ENV, "").strip() not in ("", "0")


class SourcesFirst(MetaPathFinder):
    """Finds the modules of one package in their source files, passing over extension
    modules beside them; any other module, and one with no source, is left to the finders
    after it."""

    def __init__(self, package: str) -> None:
        self.package = package
        self._finders: dict[str, FileFinder] = {}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """The spec of ``fullname``'s source, for a module inside the package."""
        if path is None or not fullname.startswith(self.package + "."):
            return None
        for entry in path:
            finder = self._finders.get(entry)
            if finder is None:
                finder = self._finders[entry] = FileFinder(entry, *_LOADERS)
            spec = finder.find_spec(fullname, target)
            # (a directory without an __init__ is a namespace portion: Python's own
            # finders put those together)
            if spec is not None and spec.loader is not None:
                return spec
        return None


#: Whether this process runs the package's sources whatever is compiled beside them.
active = False


def install() -> None:
    """Put a :class:`SourcesFirst` for Ecotone first among the import system's finders
    when the environment asks for it (:func:`requested`), once."""
    global active  # noqa: PLW0603 (set once, as the package is first imported)
    if requested() and not active:
        sys.meta_path.insert(0, SourcesFirst("ecotone"))
        active = True


# (at the package's first import, before any module that may be compiled: see above)
install()
