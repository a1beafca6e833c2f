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
from importlib.machinery import PathFinder

import pytest


def installed(module: str) -> bool:
    """Whether ``module`` ("torch", "ray.rllib") can be found, without running any of it:
    its top-level package is looked up, then each further name in the folders of the
    package before it, as the import system would."""
    top, *parts = module.split(".")
    spec = importlib.util.find_spec(top)
    for part in parts:
        if spec is None or spec.submodule_search_locations is None:
            return False
        spec = PathFinder.find_spec(f"{spec.name}.{part}", list(spec.submodule_search_locations))
    return spec is not None


def requires(*modules: str) -> pytest.MarkDecorator:
    """Skip the tests marked (a module's ``pytestmark``) unless every module is installed."""
    missing = [m for m in modules if not installed(m)]
    return pytest.mark.skipif(bool(missing), reason=f"not installed: {', '.join(missing)}")
