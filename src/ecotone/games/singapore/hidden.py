"""Determinization: a full state one seat cannot tell from the truth (rules §Information).

For the seat ``seat``, everything it cannot see is dealt again at random, consistently with
what it does see, and from sorted pools, so that the sample drawn with a given generator
depends only on the seat's view (two states it cannot tell apart give the same sample):

* the unseen part of each deck (above the cards everyone saw returned to its bottom),
  together with the other players' hands and face-down cards, is reshuffled card back by
  card back: a hand keeps as many cards of each back, and they stay Action or Recovery
  cards (an Adaptation or Destruction card drawn is always shown); a face-down card stays
  one that can be played face down (Scavenge or Symbiosis); a player who has offered a
  Recovery card that is still being pledged for keeps one in hand (everyone saw it);
* in Standard mode the other players' secret Niche cards and the Niche cards in the box
  are dealt again, never giving a player a Niche their adaptations already complete;
* the other seats' secret choices in an open simultaneous step are replaced by random
  legal ones (and choices still being made are reset), so nothing of them can be learnt;
* the Gamemaster's future dice and shuffles are re-seeded.
"""

from __future__ import annotations

import random

from ecotone.games.singapore import competition, migration
from ecotone.games.singapore.cards import ACTION_TIMINGS, DECKS, cards
from ecotone.games.singapore.evolution import niches_completed
from ecotone.games.singapore.state import Choice, Phase, SGData

__all__ = ["determinize", "random_choice"]

_NICHE_TRIES = 50


def determinize(d: SGData, seat: int, rnd: random.Random) -> SGData:
    """``d`` with every secret of the other seats re-dealt (see the module docstring)."""
    d = _redeal_cards(d, seat, rnd)
    if d.mode == "standard":
        d = _redeal_niches(d, seat, rnd)
    if d.phase in (Phase.MIGRATE, Phase.COMPETE):
        d = _rechoose(d, seat, rnd)
    return d.replace(rng=rnd.getrandbits(64))


def _redeal_cards(d: SGData, seat: int, rnd: random.Random) -> SGData:
    cs = cards()
    others = [s for s in range(len(d.players)) if s != seat]
    hands = {s: list(d.players[s].hand) for s in others}
    facedown = {s: list(d.players[s].facedown) for s in others}
    decks = list(d.decks)
    offered: set[tuple[int, int]] = set()
    if d.phase is Phase.PLEDGE and d.proposer in hands:
        hand = hands[d.proposer]
        j = next(j for j, c in enumerate(hand) if cs.kind(c) == "recovery")
        offered.add((d.proposer, j))
    for i, deck in enumerate(DECKS):
        pile = d.decks[i]
        cut = len(pile) - d.known[i]
        hand_slots = [
            (s, j) for s in others for j, c in enumerate(hands[s]) if cs.deck_of(c) == deck
        ]
        # the Recovery card on offer is public: its slot gets a Recovery card, first
        hand_slots.sort(key=lambda slot: slot not in offered)
        down_slots = [
            (s, j) for s in others for j, c in enumerate(facedown[s]) if cs.deck_of(c) == deck
        ]
        # sorted first: the sample must depend on what the seat sees, never on where the
        # hidden cards really are
        pool = sorted(
            [
                *pile[:cut],
                *(hands[s][j] for s, j in hand_slots),
                *(facedown[s][j] for s, j in down_slots),
            ]
        )
        rnd.shuffle(pool)
        for s, j in down_slots:
            card = next(
                c for c in pool if cs.kind(c) == "action" and ACTION_TIMINGS[cs.key(c)] == "secret"
            )
            pool.remove(card)
            facedown[s][j] = card
        for s, j in hand_slots:
            kinds = ("recovery",) if (s, j) in offered else ("action", "recovery")
            card = next(c for c in pool if cs.kind(c) in kinds)
            pool.remove(card)
            hands[s][j] = card
        decks[i] = (*pool, *pile[cut:])
    players = list(d.players)
    for s in others:
        players[s] = players[s].replace(hand=tuple(sorted(hands[s])), facedown=tuple(facedown[s]))
    return d.replace(players=tuple(players), decks=tuple(decks))


def _redeal_niches(d: SGData, seat: int, rnd: random.Random) -> SGData:
    holders = [s for s, p in enumerate(d.players) if s != seat and p.niche]
    pool = sorted([d.players[s].niche for s in holders] + list(d.niche_box))
    for _ in range(_NICHE_TRIES):
        rnd.shuffle(pool)
        dealt = dict(zip(holders, pool, strict=False))
        if all(not niches_completed(d.players[s], (dealt[s],)) for s in holders):
            players = list(d.players)
            for s in holders:
                players[s] = players[s].replace(niche=dealt[s])
            box = tuple(sorted(pool[len(holders) :]))
            return d.replace(players=tuple(players), niche_box=box)
    return d  # (never in practice) keep the deal as it is


def random_choice(d: SGData, seat: int, rnd: random.Random) -> Choice:
    """A random complete secret choice for ``seat`` in the open simultaneous step."""
    module = migration if d.phase is Phase.MIGRATE else competition
    choices = list(d.choices)
    choices[seat] = Choice()
    while not choices[seat].final:
        here = d.replace(choices=tuple(choices))
        action = rnd.choice(module.legal(here, seat))
        choices[seat] = module.apply(here, seat, action).choices[seat]
    return choices[seat]


def _rechoose(d: SGData, seat: int, rnd: random.Random) -> SGData:
    choices = list(d.choices)
    for s, c in enumerate(d.choices):
        if s == seat or c.final == "out":
            continue
        choices[s] = random_choice(d, s, rnd) if c.final else Choice()
    return d.replace(choices=tuple(choices))
