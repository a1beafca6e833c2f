"""Phylo: Voyage of the Beagle (the Phylo TCG project, phylogame.org, 2017).

A two-player Phylo Ecosystem Game deck of the species Charles Darwin met on the second voyage
of HMS Beagle (1831-1836). Players build food chains whose neighbours share a climate, a
terrain and a voyage locale, and score the points of their cards left on the table. The card
pool is in :mod:`ecotone.games.phylo.cards`; the rules follow ``RULINGS.md`` (section Phylo).
"""
