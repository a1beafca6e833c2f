"""Game data files: TOML inside each game's package, validated into frozen records.

A game keeps its cards, tiles and boards in ``data/*.toml`` next to its code and declares
their shape as ``msgspec.Struct`` types. :func:`load` reads a file with
``importlib.resources`` (so it works from a wheel) and validates every field; any mistake
raises :class:`DataError` naming the file and the path inside it.
"""

from __future__ import annotations

from importlib import resources
from typing import TypeVar

import msgspec

from ecotone.core.errors import DataError

__all__ = ["decode", "load", "load_text"]

T = TypeVar("T")


def load_text(package: str, name: str) -> str:
    """The text of the data file ``name`` in ``package``."""
    try:
        return resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError("data/missing", f"{package}/{name}: {exc.strerror}") from None


def load(package: str, name: str, kind: type[T]) -> T:
    """Load and validate ``package``'s data file ``name`` (TOML) as ``kind``."""
    return decode(load_text(package, name), kind, f"{package}/{name}")


def decode(text: str | bytes, kind: type[T], where: str) -> T:
    """Validate TOML ``text`` as ``kind``; ``where`` names it in error messages."""
    try:
        return msgspec.toml.decode(text, type=kind)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise DataError("data/invalid", f"{where}: {exc}") from None
