"""Bots: players that see only their seat's view.

``make_bot("random", game, seat, seed)`` works for every game; ``"heuristic"`` picks the
game's own heuristic bot; ``"ismcts"`` (information-set tree search, :mod:`ecotone.bots.ismcts`)
works for every game. :func:`available_bots` lists the names for a game.
"""

from __future__ import annotations

import importlib
from typing import Any

from ecotone.bots.base import Bot, SeatView
from ecotone.bots.random_bot import RandomBot
from ecotone.core.errors import ConfigError
from ecotone.core.game import Game

__all__ = ["Bot", "RandomBot", "SeatView", "available_bots", "make_bot"]

# game id -> module holding that game's heuristic bot (class attribute ``HeuristicBot``)
_HEURISTICS: dict[str, str] = {
    "once-upon-a-forest": "ecotone.bots.heuristics.forest",
    "biome-borneo": "ecotone.bots.heuristics.biome",
    "phylo": "ecotone.bots.heuristics.phylo",
    "biomasters": "ecotone.bots.heuristics.biomasters",
    "singapore-untamed": "ecotone.bots.heuristics.singapore",
}

# game id -> extra bot names of that game only -> "module:Class"
_EXTRA_BOTS: dict[str, dict[str, str]] = {
    "singapore-untamed": {
        "hawk": "ecotone.bots.heuristics.singapore:HawkBot",
        "dove": "ecotone.bots.heuristics.singapore:DoveBot",
    },
}


def available_bots(game_id: str) -> list[str]:
    """The bot names that can play ``game_id``."""
    names = ["random"]
    if game_id in _HEURISTICS:
        names.append("heuristic")
    names.append("ismcts")  # searches through the kernel API alone: every game
    names.extend(_EXTRA_BOTS.get(game_id, {}))
    return names


def make_bot(name: str, game: Game[Any], seat: int, seed: int = 0, **options: Any) -> Bot:
    """A bot called ``name`` for ``seat`` of ``game``.

    Raises:
        ConfigError: for a bot name this game has no bot for (the message lists them).
    """
    cls: type[Bot] | None = None
    if name == "random":
        cls = RandomBot
    elif name == "heuristic" and game.spec.id in _HEURISTICS:
        cls = importlib.import_module(_HEURISTICS[game.spec.id]).HeuristicBot
    elif name == "ismcts":
        cls = importlib.import_module("ecotone.bots.ismcts").ISMCTSBot
    elif name in _EXTRA_BOTS.get(game.spec.id, {}):
        module, _, attr = _EXTRA_BOTS[game.spec.id][name].partition(":")
        cls = getattr(importlib.import_module(module), attr)
    if cls is not None:
        try:
            return cls(game, seat, seed, **options)
        except (TypeError, ValueError) as exc:
            raise ConfigError("config/bad-bot-option", f"bot {name!r} {exc}") from None
    raise ConfigError(
        "config/unknown-bot",
        f"there is no bot {name!r} for {game.spec.title}; bots: "
        + ", ".join(available_bots(game.spec.id)),
    )
