"""The libraries the browser client serves from ``static/js/vendor`` are the files their npm
packages ship, unchanged, at the version ``package.json`` pins: each copy is compared with
the package the browser checks install (``npm ci``, as ``scripts/test`` runs it)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from ecotone.web import STATIC, modules

ROOT = Path(__file__).resolve().parents[2]
VENDOR = STATIC / "js" / "vendor"
# a row of vendor/README.md's table: file, [package](home) version, path in the package, ...
ROW = re.compile(
    r"^\| `([^`]+)` \| (?:\[([^\]]+)\]\([^)]*\) ([0-9][^ |]*)|the same) \| `([^`]+)`", re.M
)


def _rows() -> list[tuple[str, str, str, str]]:
    """(file, package, version, path in the package) for each copy the README lists."""
    rows = []
    package = version = ""
    for file, name, ver, inside in ROW.findall((VENDOR / "README.md").read_text(encoding="utf-8")):
        if name:
            package, version = name, ver
        rows.append((file, package, version, inside))
    return rows


def test_every_file_served_from_vendor_is_listed_with_its_package() -> None:
    listed = {file for file, *_ in _rows()}
    assert listed, "vendor/README.md lists its files"
    served = {p.name for p in VENDOR.iterdir() if p.suffix in {".js", ".ts"}}
    assert served == listed
    assert "/static/js/vendor/morphdom.js" in modules(), "the page names it to preload"


def test_each_copy_is_the_packages_file_at_the_pinned_version() -> None:
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["devDependencies"]
    for file, package, version, inside in _rows():
        assert pins.get(package) == version, f"package.json pins {package} at {version}"
        installed = ROOT / "node_modules" / package
        if not installed.is_dir():
            if os.environ.get("CI") == "true":
                pytest.fail(f"CI=true but {installed} is missing: scripts/test runs npm ci")
            pytest.skip(f"{package} is not installed (npm ci)")
        meta = json.loads((installed / "package.json").read_text(encoding="utf-8"))
        assert meta["version"] == version
        assert (VENDOR / file).read_bytes() == (installed / inside).read_bytes(), (
            f"vendor/{file} differs from {package} {version}'s {inside}"
        )
        licence = VENDOR / f"{Path(file).name.split('.')[0]}.LICENSE"
        assert licence.read_bytes() == (installed / "LICENSE").read_bytes()
