"""The trained policies that come with Ecotone, found in its package data.

Each is two files in this package's folder, ``ecotone/bots/models/``: ``NAME.npz``, the
network's weights (:mod:`ecotone.bots.policy.weights`: they play with numpy, without
PyTorch), and ``NAME.json``, what a player and a researcher need to know of it::

    {
      "title": "PPO vs heuristic",             # how menus name it
      "summary": "a network trained ...",      # one sentence
      "game": "...", "players": 2, "variant": null,   # the configuration it plays
      "provenance": {...}                      # how it was made: command, seed, time, results
    }

A policy plays only the configuration it was trained for (its tensor and action index
are those of that game, player count and variant), so every surface offers it there
alone: ``policy:model=NAME`` names it in a bot spec, :func:`policies_for` lists those of
a configured game, :func:`shipped_policies` those of a game at any configuration (the
server's game list, from which the lobby offers the ones that fit the table being set
up). Nothing here names a game: the files say which game they play.

Playing one needs numpy (the ``rl`` extra; the ``serve`` extra has it too). Without
numpy none is listed, since none could play; this module itself needs only the standard
library, so that listing costs nothing.
"""

from __future__ import annotations

import importlib.util
import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from ecotone.core.game import Game
from ecotone.core.records import configured

__all__ = ["ShippedPolicy", "find_policy", "policies_for", "shipped_policies"]


@dataclass(frozen=True, slots=True)
class ShippedPolicy:
    """A trained policy that comes with Ecotone.

    Attributes:
        name: its name in a bot spec (``policy:model=NAME``): the files' stem.
        title: how menus name it (the lobby shows "Policy: " and the title).
        summary: one sentence: how it was trained and how well it plays.
        game, players, variant: the configuration it plays.
        weights: the path of its weights file.
        provenance: how it was made (command, seed, training time, measured results).
    """

    name: str
    title: str
    summary: str
    game: str
    players: int
    variant: str | None
    weights: str
    provenance: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def spec(self) -> str:
        """Its bot spec: ``policy:model=NAME``."""
        return f"policy:model={self.name}"

    @property
    def label(self) -> str:
        """How a seat played by it reads: ``Policy: PPO vs heuristic``."""
        return f"Policy: {self.title}"

    def fits(self, game: Game[Any]) -> bool:
        """Whether it plays ``game``'s configuration (game, player count, variant)."""
        return (self.game, self.players, self.variant) == (
            game.spec.id,
            game.players,
            game.variant,
        )

    def to_json(self) -> dict[str, Any]:
        """What the server's game list says of it."""
        return {
            "bot": self.spec,
            "name": self.name,
            "title": self.label,
            "summary": self.summary,
            "players": self.players,
            "variant": self.variant,
        }


@cache
def _all() -> tuple[ShippedPolicy, ...]:
    if importlib.util.find_spec("numpy") is None:
        return ()  # they could not play
    folder = resources.files(__name__)
    found: list[ShippedPolicy] = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".json"):
            continue
        name = entry.name.removesuffix(".json")
        about = json.loads(entry.read_text(encoding="utf-8"))
        weights = folder.joinpath(f"{name}.npz")
        found.append(
            ShippedPolicy(
                name=name,
                title=str(about["title"]),
                summary=str(about["summary"]),
                game=str(about["game"]),
                players=int(about["players"]),
                variant=about.get("variant"),
                weights=str(weights),
                provenance=dict(about.get("provenance") or {}),
            )
        )
    return tuple(found)


def shipped_policies(game_id: str | None = None) -> list[ShippedPolicy]:
    """The policies that come with Ecotone for ``game_id``, at every configuration (all
    of them for ``None``), in name order."""
    return [p for p in _all() if game_id is None or p.game == game_id]


def policies_for(game: Game[Any]) -> list[ShippedPolicy]:
    """The policies that come with Ecotone and play ``game``'s configuration."""
    return [p for p in _all() if p.fits(game)]


def find_policy(name: str, game: Game[Any]) -> ShippedPolicy:
    """The shipped policy ``name``, which must play ``game``'s configuration.

    Raises:
        ValueError: for a name unknown for this game, or a policy trained for another
            player count or variant (the message says which ones there are).
    """
    own = shipped_policies(game.spec.id)
    found = next((p for p in own if p.name == name), None)
    fitting = [p.name for p in own if p.fits(game)]
    if found is None:
        there = f"its models: {', '.join(fitting)}" if fitting else "it has none here"
        raise ValueError(
            f"has no model {name!r} for {game.spec.title} at this table ({there}; "
            "'ecotone bots' lists them)"
        )
    if not found.fits(game):
        raise ValueError(
            f"model {name!r} plays {game.spec.title} with "
            f"{configured(found.players, found.variant)}, "
            f"not {configured(game.players, game.variant)}"
        )
    return found
