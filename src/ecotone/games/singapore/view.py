"""What each seat sees (rules §Information), what it cannot tell from the truth, and
where every card lies.

Public: the board and where every pawn stands, every player's Food, Adaptations, completed
Niches and history of Survival Strategy cards shown, this round's dice and Nature's Bounty
cards, the Destruction cards laid, deck sizes and the cards everyone saw returned to the
bottom of a deck, the cards drawn in Evolution (Adaptations and Destruction are shown;
Action and Recovery cards go to the hand face down, so only their backs are seen), the
discard pile, the number and backs of the cards in each hand and face down, who has
already chosen in a simultaneous step, and the Gamemaster's log.

Private: your own hand, your own Niche card (Standard mode, until completed) and your own
choice while a simultaneous step is still open.

Determinization (:func:`determinize`): a full state one seat cannot tell from the truth.
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
from functools import lru_cache
from typing import Any, Final

from ecotone.core.rng import shuffle
from ecotone.core.tuples import replace, seat_name
from ecotone.games.singapore import competition, migration
from ecotone.games.singapore.abilities import counts_of, traits
from ecotone.games.singapore.board import board
from ecotone.games.singapore.cards import ACTION_TIMINGS, DECKS, HABITATS, cards
from ecotone.games.singapore.endround import need
from ecotone.games.singapore.evolution import niches_completed
from ecotone.games.singapore.scoring import evp
from ecotone.games.singapore.seats import hand_keys
from ecotone.games.singapore.state import ROUNDS, Choice, Habitat, Phase, Player, SGData, Status

__all__ = ["determinize", "observation", "random_choice", "seen", "zones"]

SEQUENTIAL: Final = (
    Phase.DRAW,
    Phase.BUY,
    Phase.ANCHOR,
    Phase.RESTORE,
    Phase.PLEDGE,
    Phase.DISCARD,
)
# Read at every observation: a member read off its enum class (``Phase.PLEDGE``) costs
# several times a module's own name.
_SIMULTANEOUS: Final = (Phase.MIGRATE, Phase.COMPETE)
_PLEDGE: Final = Phase.PLEDGE

# The plain string of each phase and habitat side, as the observation shows it: an enum
# member's ``.value`` goes through a Python-level descriptor, and observations are built
# at every step of a search.
_VALUE: Final[dict[Phase | Status, str]] = {m: m.value for e in (Phase, Status) for m in e}
# The Destruction cards that destroy each habitat.
_NEEDED: Final[dict[str, int]] = {h: cards().decks[h].destruction for h in HABITATS}


# The cards everyone saw go to the bottom of a deck, by the deck (most steps leave every
# deck as it was, the same tuple) and how many they are; the deck is kept alongside, so no
# other object can take its identity while it is remembered.
_BOTTOMS: Final[dict[int, tuple[tuple[str, ...], int, tuple[str, ...]]]] = {}
_BOTTOMS_KEPT: Final = 4096


def _deck_entry(pile: tuple[str, ...], known: int) -> dict[str, Any]:
    """A deck as the observation shows it: its size, and the cards everyone saw go to its
    bottom (``known`` of them)."""
    if not known:
        return {"cards": len(pile), "bottom": []}
    found = _BOTTOMS.get(id(pile))
    if found is not None and found[0] is pile and found[1] == known:
        keys = found[2]
    else:
        if len(_BOTTOMS) >= _BOTTOMS_KEPT:
            _BOTTOMS.clear()
        keys = _keys(pile[len(pile) - known :])
        _BOTTOMS[id(pile)] = (pile, known, keys)
    return {"cards": len(pile), "bottom": list(keys)}


# Observations are built at every step of a search, and most of a player's public record
# changes only now and then: the pieces below are remembered by the cards they describe
# (and copied into fresh lists, so an observation is never shared).


@lru_cache(maxsize=4096)
def _keys(ids: tuple[str, ...]) -> tuple[str, ...]:
    cs = cards()
    return tuple(cs.key(c) for c in ids)


@lru_cache(maxsize=4096)
def _backs(hand: tuple[str, ...]) -> tuple[str, ...]:
    cs = cards()
    return tuple(sorted(cs.deck_of(c) for c in hand))


@lru_cache(maxsize=4096)
def _sorted(abilities: frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(abilities))


@lru_cache(maxsize=4096)
def _owned(adaptations: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(counts_of(adaptations).items()))


# What a player's record shows everyone, by the record (a state's players mostly stay the
# same records from one step to the next): the entries of the observation that are plain
# values, in their order (the lists among them left empty), and what those lists hold.
# The record itself is kept alongside, so no other object can take its identity while it
# is remembered.
_Lists = tuple[tuple[tuple[str, int], ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]
_Shown = tuple[Player, dict[str, Any], _Lists]
_SHOWN: Final[dict[int, _Shown]] = {}
_SHOWN_KEPT: Final = 4096


def _shown(p: Player) -> _Shown:
    if len(_SHOWN) >= _SHOWN_KEPT:
        _SHOWN.clear()
    cs = cards()
    plain: dict[str, Any] = {
        "tile": p.tile,
        "region": board().region(p.tile),
        "food": p.food,
        "adaptations": None,
        "niches": None,
        "abilities": None,
        "evp": evp(p),
        "hand": len(p.hand),
        "hand_backs": None,
        "facedown": len(p.facedown),
        "dice": None,
        "cooperated": p.cooperated,
        "intimidated": p.intimidated,
        "chosen": None,
        "has_secret_niche": bool(p.niche),
    }
    lists = (
        _owned(p.adaptations),
        tuple(cs.niche(n).key for n in p.niches),
        _sorted(traits(p)),
        _backs(p.hand),
    )
    shown = _SHOWN[id(p)] = (p, plain, lists)
    return shown


def _habitat_entry(h: str, hab: Habitat, deck: dict[str, Any]) -> dict[str, Any]:
    """The habitat ``h`` as the observation shows it, with its deck's entry ``deck``
    (:func:`_deck_entry`): the whole observation and its parts (:mod:`.parts`) alike."""
    b = cards().bounty[hab.bounty] if hab.bounty else None
    return {
        "status": _VALUE[hab.status],
        "destruction": len(hab.destruction),
        "destruction_needed": _NEEDED[h],
        "bounty": {"single": b.single, "shared": b.shared} if b else None,
        "deck": deck,
    }


def _table(d: SGData) -> tuple[dict[str, Any], dict[str, Any]]:
    """The habitats (each with its deck) and the Wild deck, as the observation shows them."""
    decks = [_deck_entry(pile, known) for pile, known in zip(d.decks, d.known, strict=True)]
    habitats = {}
    i = 1
    for h, hab in zip(HABITATS, d.habitats, strict=True):
        habitats[h] = _habitat_entry(h, hab, decks[i])
        i += 1
    return habitats, decks[0]


def observation(d: SGData, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know (``None``: a spectator)."""
    # Written out in one function (but the habitats and decks, whose entries the
    # observation's parts make too), with the remembered pieces looked up in place: each
    # call here costs as much as a lookup.
    cs = cards()
    habitats, wild_deck = _table(d)
    phase = d.phase
    choosing = phase in _SIMULTANEOUS
    players = []
    for s, p in enumerate(d.players):
        found_p = _SHOWN.get(id(p))
        if found_p is None or found_p[0] is not p:
            found_p = _shown(p)
        _, plain, (owned, niches, abilities, backs) = found_p
        # a copy of the plain entries, and fresh lists: no observation shares anything
        out = plain.copy()
        out["adaptations"] = dict(owned)
        out["niches"] = list(niches)
        out["abilities"] = list(abilities)
        out["hand_backs"] = list(backs)
        out["dice"] = list(p.dice)
        if choosing:
            final = d.choices[s].final
            if final != "out":
                out["chosen"] = bool(final)
        if s == seat:
            out["hand_cards"] = sorted(_keys(p.hand))
            out["hand_keys"] = list(hand_keys(p))
            out["niche"] = cs.niche(p.niche).key if p.niche else None
        players.append(out)
    obs: dict[str, Any] = {
        "mode": d.mode,
        "round": d.round,
        "rounds": ROUNDS,
        "first": d.first,
        "phase": _VALUE[phase],
        "turn": d.turn if phase in SEQUENTIAL else None,
        "habitats": habitats,
        "wild_deck": wild_deck,
        "destruction_drawn": d.destroyed_count,
        "discard": list(_keys(d.discard)),
        "niche_display": list(_niche_keys(d.niche_display)),
        "players": players,
        "drawn": list(_keys(d.drawn)),
        "drawn_from": d.drawn_from or None,
        "evolution": {"extra": d.extra, "any_deck": d.any_deck, "bargain": d.bargain},
        "recovery": None,
        "log": list(d.log),
        "last_log": list(d.last_log),
    }
    if phase is _PLEDGE:
        obs["recovery"] = _recovery(d)
    if seat is not None and choosing:
        c = d.choices[seat]
        obs["my_choice"] = {"cards": list(c.cards), "final": c.final or None}
    return obs


# -- what a bot reads ----------------------------------------------------------------------

# A seat's bot reads a few keys of its observation at every step of a search's rollouts,
# and never changes them: a player's entry (the part of it a bot reads) is made once per
# record and the habitats with their decks once per deck tuple, then shared by every
# reading. Each record is kept alongside, so no other object can take its identity while
# it is remembered.
_PlayerSeen = tuple[Player, dict[str, Any]]
_PLAYER_SEEN: Final[dict[int, _PlayerSeen]] = {}
_OWN_SEEN: Final[dict[int, _PlayerSeen]] = {}
_TableSeen = tuple[
    tuple[Habitat, ...],
    tuple[tuple[str, ...], ...],
    dict[str, Any],
    dict[str, Any],
]
_TABLE_SEEN: Final[dict[int, _TableSeen]] = {}
# The habitats and the Wild deck as a bot reads them (each habitat's side, Bounty and deck
# size; the Wild deck's size), by those values: every Evolution draw makes a new deck
# tuple, but a search's rollouts from one position come back to the same few sizes.
_TABLE_SHOWING: Final[dict[tuple[object, ...], tuple[dict[str, Any], dict[str, Any]]]] = {}
# A player's entry by what it shows (where the pawn stands, Food, Adaptations, Niches,
# dice, strategy cards shown); a seat's own entry by that entry (kept alongside) and Niche.
_ENTRY_SHOWING: Final[
    dict[
        tuple[str, int, tuple[str, ...], tuple[str, ...], tuple[int, ...], int, int], dict[str, Any]
    ]
] = {}
_OWN_SHOWING: Final[dict[tuple[int, str], tuple[dict[str, Any], dict[str, Any]]]] = {}
# How many of each are remembered before they are forgotten all at once. Few: a reading
# meets again almost only what the steps just before it met (a player's record until that
# player acts, the decks until the next draw), and every remembered entry is a handful of
# dicts and lists that Python's cycle collector must look through. A table is twenty-odd
# of them, and with thousands kept the collector's passes over them took about a quarter
# of a bot's decision; kept by sixteen, it misses 2% more often than by 4,096.
_TABLE_KEPT: Final = 16
_TABLE_SHOWING_KEPT: Final = 32
_OWN_KEPT: Final = 128
_PLAYER_KEPT: Final = 512


@lru_cache(maxsize=256)
def _niche_keys(display: tuple[str, ...]) -> list[str]:
    """The keys of the Niche cards on display (shared: only read)."""
    cs = cards()
    return [cs.niche(n).key for n in display]


def _player_seen(p: Player) -> dict[str, Any]:
    """What a bot reads of player ``p``'s entry in any seat's observation."""
    if len(_PLAYER_SEEN) >= _PLAYER_KEPT:
        _PLAYER_SEEN.clear()
    # A new record often shows what the one before it showed (a card drawn into the hand
    # or played from it changes nothing here): the entry is found again by what it shows.
    shows = (p.tile, p.food, p.adaptations, p.niches, p.dice, p.cooperated, p.intimidated)
    out = _ENTRY_SHOWING.get(shows)
    if out is None:
        if len(_ENTRY_SHOWING) >= _PLAYER_KEPT:
            _ENTRY_SHOWING.clear()
        out = _ENTRY_SHOWING[shows] = {
            "tile": p.tile,
            "region": board().region(p.tile),
            "food": p.food,
            "adaptations": dict(_owned(p.adaptations)),
            "abilities": list(_sorted(traits(p))),
            "dice": list(p.dice),
            "cooperated": p.cooperated,
            "intimidated": p.intimidated,
        }
    _PLAYER_SEEN[id(p)] = (p, out)
    return out


def _own_seen(p: Player) -> dict[str, Any]:
    """What a bot reads of player ``p``'s entry in its own observation: its Niche too."""
    if len(_OWN_SEEN) >= _OWN_KEPT:
        _OWN_SEEN.clear()
    found = _PLAYER_SEEN.get(id(p))
    entry = found[1] if found is not None and found[0] is p else _player_seen(p)
    # likewise found again by the entry it adds the Niche to, and the Niche
    key = (id(entry), p.niche)
    own = _OWN_SHOWING.get(key)
    if own is None or own[0] is not entry:
        if len(_OWN_SHOWING) >= _OWN_KEPT:
            _OWN_SHOWING.clear()
        out = entry.copy()
        out["niche"] = cards().niche(p.niche).key if p.niche else None
        own = _OWN_SHOWING[key] = (entry, out)
    _OWN_SEEN[id(p)] = (p, own[1])
    return own[1]


def _table_seen(d: SGData) -> _TableSeen:
    """The habitats and the Wild deck as a bot reads them: the observation's entries with
    only each habitat's side, Bounty and deck size, and the Wild deck's size (a bot
    weighs no deck's known bottom cards and no Destruction count)."""
    if len(_TABLE_SEEN) >= _TABLE_KEPT:
        _TABLE_SEEN.clear()
    habitats = d.habitats
    decks = d.decks
    shows: list[object] = []
    for hab in habitats:
        shows.append(hab.status)
        shows.append(hab.bounty)
    for pile in decks:
        shows.append(len(pile))
    key = tuple(shows)
    found = _TABLE_SHOWING.get(key)
    if found is None:
        if len(_TABLE_SHOWING) >= _TABLE_SHOWING_KEPT:
            _TABLE_SHOWING.clear()
        bounty = cards().bounty
        read: dict[str, Any] = {}
        for i, hab in enumerate(habitats):
            b = bounty[hab.bounty] if hab.bounty else None
            read[HABITATS[i]] = {
                "status": _VALUE[hab.status],
                "bounty": {"single": b.single, "shared": b.shared} if b else None,
                "deck": {"cards": len(decks[i + 1])},
            }
        found = _TABLE_SHOWING[key] = (read, {"cards": len(decks[0])})
    table = (habitats, decks, found[0], found[1])
    _TABLE_SEEN[id(decks)] = table
    return table


def _recovery(d: SGData) -> dict[str, Any]:
    """The Recovery being pledged for, as everyone sees it."""
    return {
        "habitat": d.proposal,
        "proposer": d.proposer,
        "pledges": list(d.pledges),
        "needed": need(d),
    }


def seen(d: SGData, seat: int) -> dict[str, Any]:
    """What ``seat``'s bot reads of its observation: at every key present, exactly
    ``observation(d, seat)``'s value (the round and rounds, the first player, the phase,
    the Niche display, the cards drawn, the Recovery being pledged for and the seat's own
    open choice), but for the habitats, whose entries hold only each one's side, Bounty
    and deck size (the Wild deck its size), and the players, whose entries hold only
    where each stands, its Food, Adaptations, abilities, dice and strategy cards shown,
    and the seat's own Niche: what a bot weighs.

    The values are shared between readings (a bot reads, never writes): a search's
    rollouts read a seat's view at every step, and making the whole observation there
    cost more than all the reading.
    """
    table = _TABLE_SEEN.get(id(d.decks))
    if table is None or table[1] is not d.decks or table[0] is not d.habitats:
        table = _table_seen(d)
    phase = d.phase
    players = []
    for s, p in enumerate(d.players):
        if s == seat:
            found = _OWN_SEEN.get(id(p))
            entry = found[1] if found is not None and found[0] is p else _own_seen(p)
        else:
            found = _PLAYER_SEEN.get(id(p))
            entry = found[1] if found is not None and found[0] is p else _player_seen(p)
        players.append(entry)
    out: dict[str, Any] = {
        "round": d.round,
        "rounds": ROUNDS,
        "first": d.first,
        "phase": _VALUE[phase],
        "habitats": table[2],
        "wild_deck": table[3],
        "niche_display": _niche_keys(d.niche_display),
        "players": players,
        "drawn": list(_keys(d.drawn)),
        "recovery": None,
    }
    if phase is _PLEDGE:
        out["recovery"] = _recovery(d)
    if phase in _SIMULTANEOUS:
        c = d.choices[seat]
        out["my_choice"] = {"cards": list(c.cards), "final": c.final or None}
    return out


def zones(d: SGData) -> dict[str, list[str]]:
    """Every card by where it lies."""
    out: dict[str, list[str]] = {}
    for deck, pile in zip(DECKS, d.decks, strict=True):
        out[f"{deck} deck"] = list(pile)
    for h, hab in zip(HABITATS, d.habitats, strict=True):
        out[f"{h} destruction"] = list(hab.destruction)
        out[f"{h} bounty"] = [hab.bounty] if hab.bounty else []
    out["bounty pile"] = list(d.bounty_deck)
    out["discard pile"] = list(d.discard)
    out["drawn"] = list(d.drawn)
    out["niche display"] = list(d.niche_display)
    out["niche box"] = list(d.niche_box)
    for s, p in enumerate(d.players):
        who = seat_name(s)
        out[f"{who} adaptations"] = list(p.adaptations)
        out[f"{who} hand"] = list(p.hand)
        out[f"{who} face down"] = list(p.facedown)
        out[f"{who} niche card"] = [p.niche] if p.niche else []
        out[f"{who} niches"] = list(p.niches)
    return out


# -- determinization --------------------------------------------------------------------

_NICHE_TRIES: Final = 50


def determinize(d: SGData, seat: int, rnd: random.Random) -> SGData:
    """``d`` with every secret of the other seats re-dealt (see the module docstring)."""
    d = _redeal_cards(d, seat, rnd)
    if d.mode == "standard":
        d = _redeal_niches(d, seat, rnd)
    if d.phase in (Phase.MIGRATE, Phase.COMPETE):
        d = _rechoose(d, seat, rnd)
    return replace(d, rng=rnd.getrandbits(64))


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
        shuffle(rnd, pool)
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
        players[s] = replace(players[s], hand=tuple(sorted(hands[s])), facedown=tuple(facedown[s]))
    return replace(d, players=tuple(players), decks=tuple(decks))


def _redeal_niches(d: SGData, seat: int, rnd: random.Random) -> SGData:
    holders = [s for s, p in enumerate(d.players) if s != seat and p.niche]
    pool = sorted([d.players[s].niche for s in holders] + list(d.niche_box))
    for _ in range(_NICHE_TRIES):
        shuffle(rnd, pool)
        dealt = dict(zip(holders, pool, strict=False))
        if all(not niches_completed(d.players[s], (dealt[s],)) for s in holders):
            players = list(d.players)
            for s in holders:
                players[s] = replace(players[s], niche=dealt[s])
            box = tuple(sorted(pool[len(holders) :]))
            return replace(d, players=tuple(players), niche_box=box)
    return d  # (never in practice) keep the deal as it is


def random_choice(d: SGData, seat: int, rnd: random.Random) -> Choice:
    """A random complete secret choice for ``seat`` in the open simultaneous step."""
    module = migration if d.phase is Phase.MIGRATE else competition
    choices = list(d.choices)
    choices[seat] = Choice()
    while not choices[seat].final:
        here = replace(d, choices=tuple(choices))
        action = rnd.choice(module.legal(here, seat))
        choices[seat] = module.apply(here, seat, action).choices[seat]
    return choices[seat]


def _rechoose(d: SGData, seat: int, rnd: random.Random) -> SGData:
    choices = list(d.choices)
    for s, c in enumerate(d.choices):
        if s == seat or c.final == "out":
            continue
        choices[s] = random_choice(d, s, rnd) if c.final else Choice()
    return replace(d, choices=tuple(choices))
