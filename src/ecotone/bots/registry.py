"""What each game brings to the bots: its heuristic, its own bots, its search defaults.

The generic bots (``random``, ``ismcts``) play every game through the kernel's API alone.
Whatever belongs to one game lives in that game's bot module, which fills in a
:class:`GameBots` record and registers it when imported::

    register(
        GameBots(
            game=MyGame.spec.id,
            heuristic=HeuristicBot,
            extra={"cautious": CautiousBot},
            search=SearchDefaults(iterations=600),
        )
    )

Discovery is lazy: the first lookup imports every module of
:mod:`ecotone.bots.heuristics` (each registers itself) and loads the ``ecotone.bots``
entry-point group, through which a game installed from another package brings its bots
the same way: ``my-game = "mypkg.bots"`` names a module that registers itself when
imported, ``my-game = "mypkg.bots:BOTS"`` a :class:`GameBots` record. A plugin that fails
to load is reported with a warning and left out, so it cannot break the other games' bots.

So no generic module names a game: :func:`ecotone.bots.make_bot` and the search ask this
registry what a game has.
"""

from __future__ import annotations

import importlib
import pkgutil
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from types import MappingProxyType
from typing import Any

from ecotone.bots import heuristics
from ecotone.bots.base import Bot

__all__ = ["GameBots", "SearchDefaults", "lookup", "register", "registered", "unregister"]

#: The entry-point group through which other packages register their games' bots.
ENTRY_POINTS = "ecotone.bots"


@dataclass(frozen=True, slots=True)
class SearchDefaults:
    """A game's defaults for the ISMCTS search (:mod:`ecotone.bots.ismcts`), over its own.

    Attributes:
        iterations: the iteration budget per decision (``None``: the search's default).
            As many as fit in about a second a move on the reference machine, measured
            with ``ecotone bench-bots``: games run their rules at very different speeds.
        options: the other options that differ for this game (``{"rollout":
            "heuristic", "max_depth": 20}``), chosen by tournaments (docs/bots.md).
        by_players: options that differ again at one player count, over ``options``
            (``{6: {"max_depth": 30}}``).
    """

    iterations: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    by_players: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Read-only views: a registered game's defaults cannot be changed behind its back.
        frozen = {n: MappingProxyType(dict(o)) for n, o in sorted(self.by_players.items())}
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))
        object.__setattr__(self, "by_players", MappingProxyType(frozen))

    def at(self, players: int | None) -> dict[str, Any]:
        """The options at ``players`` (``None``: the game's own, whatever the count)."""
        out = dict(self.options)
        if players is not None:
            out.update(self.by_players.get(players, {}))
        return out


@dataclass(frozen=True, slots=True)
class GameBots:
    """The bots of one game, beyond the generic ones.

    Attributes:
        game: the game's id (its ``spec.id``).
        heuristic: the class of its heuristic bot (``make_bot("heuristic", ...)``, the
            search's prior and heuristic rollouts), or ``None``.
        extra: bots of this game only, by name (pure strategies, say, beside the
            heuristic), in the order they are listed.
        search: its ISMCTS defaults.
    """

    game: str
    heuristic: type[Bot] | None = None
    extra: Mapping[str, type[Bot]] = field(default_factory=dict)
    search: SearchDefaults = field(default_factory=SearchDefaults)

    def __post_init__(self) -> None:
        object.__setattr__(self, "extra", MappingProxyType(dict(self.extra)))


_REGISTERED: dict[str, GameBots] = {}
_discovered = False


def register(entry: GameBots) -> GameBots:
    """Register the bots of ``entry.game`` (a game's bot module does, when imported).

    Registering the same record again is harmless (a module imported twice).

    Raises:
        ValueError: when the game already has a different record.
    """
    known = _REGISTERED.get(entry.game)
    if known is not None and known != entry:
        raise ValueError(f"the bots of {entry.game!r} are already registered: {known}")
    _REGISTERED[entry.game] = entry
    return entry


def unregister(game_id: str) -> None:
    """Forget the bots of ``game_id`` (for tests that register throw-away games)."""
    _REGISTERED.pop(game_id, None)


def lookup(game_id: str) -> GameBots | None:
    """The registered bots of ``game_id``, or ``None`` for a game with none of its own."""
    _discover()
    return _REGISTERED.get(game_id)


def registered() -> list[str]:
    """The ids of the games with bots of their own, sorted."""
    _discover()
    return sorted(_REGISTERED)


def _discover() -> None:
    """Import the built-in bot modules and the plugins, once."""
    global _discovered  # noqa: PLW0603 - one-time discovery, as the game registry's
    if _discovered:
        return
    _discovered = True
    try:
        for module in sorted(m.name for m in pkgutil.iter_modules(heuristics.__path__)):
            importlib.import_module(f"{heuristics.__name__}.{module}")
    except BaseException:
        _discovered = False  # a broken built-in module is a bug: say so on every lookup
        raise
    for ep in entry_points(group=ENTRY_POINTS):
        try:
            loaded = ep.load()
            if isinstance(loaded, GameBots):
                register(loaded)
        except Exception as exc:  # another package's bug must not stop the others
            warnings.warn(
                f"the bots of {ep.name!r} ({ep.value}) cannot be loaded: {exc}",
                RuntimeWarning,
                stacklevel=3,
            )
