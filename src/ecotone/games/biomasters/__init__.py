"""BioMasters TCG (a 2025 hobby trading-card game; rulebook in the shared rulebooks).

Players grow one shared Living Grid of real species out from their HOMEs. A card is played
next to one it can connect to: the Domain rule (land, fresh water, sea, and the amphibious
and euryhaline bridges) and the Trophic rule (a +X card touches a +X-1 card; a -2D a -1S;
producers grow from a HOME). Costs are paid by exhausting ready cards. Predators hunt,
consumers starve without food, the dead become Detritus tiles, saprotrophs decompose them
into Score Piles and detritivores process them for more. When a player cannot draw, the
others take one final turn; the most VP in the Score Pile (or the team's piles) wins. The
rules as implemented are in ``docs/rules/biomasters.md``.
"""

from ecotone.games.biomasters.actions import Activate, Metamorphose, Pass, Pay, Play, Target
from ecotone.games.biomasters.cards import Trophic, cards
from ecotone.games.biomasters.decks import STARTERS, Deck, parse_deck, starter
from ecotone.games.biomasters.game import SPEC, BioMasters
from ecotone.games.biomasters.state import BioData, Phase, Scored, Slot

__all__ = [
    "SPEC",
    "STARTERS",
    "Activate",
    "BioData",
    "BioMasters",
    "Deck",
    "Metamorphose",
    "Pass",
    "Pay",
    "Phase",
    "Play",
    "Scored",
    "Slot",
    "Target",
    "Trophic",
    "cards",
    "parse_deck",
    "starter",
]
