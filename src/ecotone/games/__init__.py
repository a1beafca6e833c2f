"""The built-in games. Each lives in its own package and never imports another.

Registering here only records where each game is; its package is imported the first time
the game is made.
"""

from ecotone.core.registry import register

register("once-upon-a-forest", "ecotone.games.forest:OnceUponAForest")
register("phylo", "ecotone.games.phylo:Phylo")
register("biomasters", "ecotone.games.biomasters:BioMasters")
register("singapore-untamed", "ecotone.games.singapore:SingaporeUntamed")
register("biome-borneo", "ecotone.games.biome:BiomeBorneo")
