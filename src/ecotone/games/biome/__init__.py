"""BIOME Borneo (Goat Rock Games; Justin Hylarides, David Pulido, Ciara Hylarides).

Players regrow Borneo's rainforest on a board of platforms in three layers (Emergent, Canopy,
Understory) by placing hexagonal plant tiles, creating the habitats of animal and plant cards
and stacking predators on their prey into food chains. A turn: optionally exchange cards or
tiles, then earn cards one at a time (each with at least one new tile), then refill. The rules
as implemented are in ``docs/rules/biome-borneo.md``.
"""

from ecotone.games.biome.cards import cards
from ecotone.games.biome.game import SPEC, BiomeBorneo
from ecotone.games.biome.state import BiomeData, Phase, SeatData, Stage
from ecotone.games.biome.tiles import tiles

__all__ = ["SPEC", "BiomeBorneo", "BiomeData", "Phase", "SeatData", "Stage", "cards", "tiles"]
