"""The game registry: game id -> the class that implements it, imported on first use.

Built-in games register themselves in :mod:`ecotone.games`; other packages can add games
through the ``ecotone.games`` entry-point group (``my-game = "mypkg.game:MyGame"``).
Importing is lazy, so listing games is instant and a broken game cannot break the others.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from ecotone.core.errors import ConfigError
from ecotone.core.game import Game

__all__ = ["available", "default_players", "game_class", "make", "register", "unregister"]

_TARGETS: dict[str, str] = {}
_LOADED: dict[str, type[Game[Any]]] = {}
_plugins_loaded = False


def register(game_id: str, target: str | type[Game[Any]]) -> None:
    """Register ``game_id`` as implemented by ``target``.

    ``target`` is an import path (``"package.module:Class"``, imported on first use) or the
    :class:`Game` subclass itself (for games defined in a notebook or a test).
    """
    if isinstance(target, type):
        path = f"{target.__module__}:{target.__qualname__}"
        if _TARGETS.get(game_id, path) != path:
            raise ValueError(f"game id {game_id!r} is already registered to {_TARGETS[game_id]}")
        _TARGETS[game_id] = path
        _LOADED[game_id] = target
        return
    if game_id in _TARGETS and _TARGETS[game_id] != target:
        raise ValueError(f"game id {game_id!r} is already registered to {_TARGETS[game_id]}")
    _TARGETS[game_id] = target


def _load_plugins() -> None:
    global _plugins_loaded  # noqa: PLW0603 - one-time discovery of installed plugins
    if _plugins_loaded:
        return
    _plugins_loaded = True
    for ep in entry_points(group="ecotone.games"):
        _TARGETS.setdefault(ep.name, ep.value)


def unregister(game_id: str) -> None:
    """Forget ``game_id`` (for tests that register throw-away games)."""
    _TARGETS.pop(game_id, None)
    _LOADED.pop(game_id, None)


def available() -> list[str]:
    """The registered game ids, sorted."""
    _load_plugins()
    return sorted(_TARGETS)


def game_class(game_id: str) -> type[Game[Any]]:
    """The :class:`Game` subclass registered as ``game_id``."""
    _load_plugins()
    cls = _LOADED.get(game_id)
    if cls is not None:
        return cls
    target = _TARGETS.get(game_id)
    if target is None:
        raise ConfigError(
            "config/unknown-game",
            f"there is no game {game_id!r}; the games are: {', '.join(available())}",
        )
    module_name, _, attr = target.partition(":")
    loaded = getattr(importlib.import_module(module_name), attr)
    if not (isinstance(loaded, type) and issubclass(loaded, Game)):
        raise TypeError(f"{target} is not a Game subclass")
    if loaded.spec.id != game_id:
        raise TypeError(f"{target} declares id {loaded.spec.id!r}, registered as {game_id!r}")
    _LOADED[game_id] = loaded
    return loaded


def default_players(game_id: str, variant: str | None = None) -> int:
    """The smallest player count of the standard game or of ``variant``: the seats a
    surface sets up when asked for none.

    Raises:
        ConfigError: for an unknown game or variant.
    """
    return game_class(game_id).spec.player_range(variant)[0]


def make(game_id: str, *, players: int, variant: str | None = None, **options: Any) -> Game[Any]:
    """A configured game. Raises :class:`ConfigError` listing valid choices on bad input."""
    return game_class(game_id)(players, variant, **options)
