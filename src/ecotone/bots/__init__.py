"""Bots: players that see only their seat's view.

``make_bot("random", game, seat, seed)`` works for every game; ``"heuristic"`` picks the
game's own heuristic bot; ``"ismcts"`` (information-set tree search, :mod:`ecotone.bots.ismcts`)
works for every game. :func:`available_bots` lists the names for a game. ``"policy"``
(:mod:`ecotone.bots.policy`) plays a trained network, for any game: one that comes with
Ecotone (``policy:model=NAME``, for the player count and variant it was trained for;
:func:`ecotone.bots.models.policies_for` lists those of a table) or the file its ``path``
option names. It needs a network to play, so :func:`available_bots` does not list it.

What a game has of its own (its heuristic, named bots of that game only, its search
defaults) comes from :mod:`ecotone.bots.registry`, which that game's bot module fills;
this module names no game.
"""

from __future__ import annotations

import importlib
from typing import Any

from ecotone.bots.base import Bot, SeatView
from ecotone.bots.random_bot import RandomBot
from ecotone.bots.registry import lookup
from ecotone.core.errors import ConfigError
from ecotone.core.game import Game

__all__ = ["Bot", "RandomBot", "SeatView", "available_bots", "make_bot"]


def available_bots(game_id: str) -> list[str]:
    """The bot names that can play ``game_id``."""
    own = lookup(game_id)
    names = ["random"]
    if own is not None and own.heuristic is not None:
        names.append("heuristic")
    names.append("ismcts")  # searches through the kernel API alone: every game
    if own is not None:
        names.extend(own.extra)
    return names


def make_bot(name: str, game: Game[Any], seat: int, seed: int = 0, **options: Any) -> Bot:
    """A bot called ``name`` for ``seat`` of ``game``.

    Raises:
        ConfigError: for a bot name this game has no bot for (the message lists them).
    """
    own = lookup(game.spec.id)
    cls: type[Bot] | None = None
    if name == "random":
        cls = RandomBot
    elif name == "heuristic" and own is not None:
        cls = own.heuristic
    elif name == "ismcts":
        cls = importlib.import_module("ecotone.bots.ismcts").ISMCTSBot
    elif name == "policy":  # a trained network: a shipped model, or a file
        cls = importlib.import_module("ecotone.bots.policy").PolicyBot
    elif own is not None:
        cls = own.extra.get(name)
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
