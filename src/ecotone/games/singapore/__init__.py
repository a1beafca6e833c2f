"""Singapore Untamed (a Singapore university student team, SG Eco Fund 2020; 2022).

Four to six wild species of Singapore play 10 rounds of four phases: Nature's Bounty puts
Food in each open habitat; in Migration everyone rolls and chooses a route at once, in
secret; in Inter-species Competition players sharing a habitat choose, again at once and in
secret, to Cooperate or Intimidate (the hawk-dove game); in Evolution they draw cards where
they stand and buy Adaptations for Food. Adaptation sets, Niches and leftover Food score
Evolution Points. The rules as implemented are in ``docs/rules/singapore-untamed.md``.

The package: ``game`` (the :class:`SingaporeUntamed` class and its spec), ``state`` (the
frozen records), ``actions`` (the decisions and their codec), ``cards`` and ``board`` (the
data, validated), ``rules`` (set-up, whose turn, legal decisions, refusals, the next
state), one module per part of a round (``migration``, ``competition``, ``evolution``,
``endround``) and per rule they share (``action_cards``: when a card may be played;
``abilities``: what a player has unlocked; ``gamemaster``: dice, shuffles and the log),
``refusals`` (every refusal code), ``scoring``, ``view`` (observations, determinization,
zones), ``render`` (the text picture) and ``presentation`` (the card faces and glossary).
"""

from ecotone.games.singapore.actions import (
    Buy,
    Cooperate,
    Discard,
    Draw,
    Finish,
    Intimidate,
    Leave,
    Migrate,
    Pass,
    Play,
    Pledge,
    Restore,
    Stay,
)
from ecotone.games.singapore.board import board
from ecotone.games.singapore.cards import cards
from ecotone.games.singapore.competition import Contest, Entry, contest
from ecotone.games.singapore.game import SingaporeUntamed
from ecotone.games.singapore.scoring import Score, score
from ecotone.games.singapore.state import Choice, Habitat, Phase, Player, SGData, Status

__all__ = [
    "Buy",
    "Choice",
    "Contest",
    "Cooperate",
    "Discard",
    "Draw",
    "Entry",
    "Finish",
    "Habitat",
    "Intimidate",
    "Leave",
    "Migrate",
    "Pass",
    "Phase",
    "Play",
    "Player",
    "Pledge",
    "Restore",
    "SGData",
    "Score",
    "SingaporeUntamed",
    "Status",
    "Stay",
    "board",
    "cards",
    "contest",
    "score",
]
