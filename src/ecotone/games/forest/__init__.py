"""Once Upon a Forest (Il était une forêt; Jeux Opla, 2013; designer Florent Toscano).

Each player grows a forest of trees, four cards high (Ground, 1st level, 2nd level,
Canopy). A turn: place a card in your forest, give a card to another player who must place
it at once, draw two. Complete trees score, chainsaws and unfinished trees cost, and each
animal species scores when its numbers match the number of complete trees. The rules as
implemented are in ``docs/rules/once-upon-a-forest.md``.
"""

from ecotone.games.forest.actions import Draw, Give, GiveToNeighbour, Place
from ecotone.games.forest.cards import Level, cards
from ecotone.games.forest.game import OnceUponAForest
from ecotone.games.forest.scoring import ForestScore, score_forest
from ecotone.games.forest.state import ForestData, Phase

__all__ = [
    "Draw",
    "ForestData",
    "ForestScore",
    "Give",
    "GiveToNeighbour",
    "Level",
    "OnceUponAForest",
    "Phase",
    "Place",
    "cards",
    "score_forest",
]
