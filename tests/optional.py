"""Optional libraries a test module needs, looked for without importing them.

``pytest.importorskip`` at the top of a module imports the library while pytest collects:
PyTorch or Ray's RLlib take seconds to import, and every xdist worker collects every
module, whether or not it will run that module's tests. A module marked with
:func:`requires` instead is skipped when a library is not installed, and imports it only
in the tests that use it, in the worker that runs them::

    pytestmark = requires("sb3_contrib")
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest


def installed(module: str) -> bool:
    """Whether ``module`` ("torch", "ray.rllib") can be found, without running any of it:
    its top-level package is looked up, and each further name as a folder or a file in
    the package's folders."""
    top, *parts = module.split(".")
    spec = importlib.util.find_spec(top)
    if spec is None:
        return False
    places = [Path(p) for p in spec.submodule_search_locations or ()]
    for part in parts:
        places = [p / part for p in places if (p / part).is_dir()] or [
            p for p in places if (p / f"{part}.py").is_file()
        ]
        if not places:
            return False
    return True


def requires(*modules: str) -> pytest.MarkDecorator:
    """Skip the tests marked (a module's ``pytestmark``) unless every module is installed."""
    missing = [m for m in modules if not installed(m)]
    return pytest.mark.skipif(bool(missing), reason=f"not installed: {', '.join(missing)}")
