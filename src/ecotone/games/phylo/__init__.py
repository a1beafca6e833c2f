"""Phylo: Voyage of the Beagle (the Phylo TCG project, phylogame.org, 2017).

A two-player Phylo Ecosystem Game deck of the species Charles Darwin met on the second voyage
of HMS Beagle (1831-1836). Players lay species cards on an open grid around the map board,
like dominoes: each card must share a climate, a terrain and a voyage locale with a
neighbour it can feed on, and trace back through such links to an autotroph. Events burn,
poison and pave the table; broken chains must be rescued within a turn. Players score the
points of their cards left on the table. The card pool is in
:mod:`ecotone.games.phylo.cards`; the rules as implemented are in ``docs/rules/phylo.md``
(``RULINGS.md``, section Phylo, where the rulebook is silent).
"""

from ecotone.games.phylo.actions import (
    CODEC,
    Allow,
    Cancel,
    Challenge,
    Discard,
    Done,
    Drop,
    Move,
    Pass,
    Play,
    PlayEvent,
    PlayLeaving,
    Recover,
    Remove,
    RemoveUnder,
    SpreadTo,
    ThrowHand,
)
from ecotone.games.phylo.board import Direction
from ecotone.games.phylo.cards import cards
from ecotone.games.phylo.game import CONSTRUCTED, Phylo
from ecotone.games.phylo.state import Pending, Phase, PhyloData, Slot, Throw

__all__ = [
    "CODEC",
    "CONSTRUCTED",
    "Allow",
    "Cancel",
    "Challenge",
    "Direction",
    "Discard",
    "Done",
    "Drop",
    "Move",
    "Pass",
    "Pending",
    "Phase",
    "Phylo",
    "PhyloData",
    "Play",
    "PlayEvent",
    "PlayLeaving",
    "Recover",
    "Remove",
    "RemoveUnder",
    "Slot",
    "SpreadTo",
    "Throw",
    "ThrowHand",
    "cards",
]
