"""Phases one and two: Nature's Bounty and Migration (rules §Nature's Bounty, §Migration).

At the start of a round the Gamemaster shuffles the 8 Nature's Bounty cards and deals one
to each open habitat, then every player rolls their die (two dice with the Cinnamon Bush
Frog niche). All players then choose their routes at once and in secret, possibly playing
Action cards with them (Stampede, Shortcut, and the face-down Scavenge and Symbiosis); the
Gamemaster reveals every route together and the pawns move.

Where a route may end is :func:`destinations`; :func:`route_problem` says why any other
tile is refused, and :func:`refusal` answers for every decision of the step.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from ecotone.core.actions import Action
from ecotone.core.rng import roll, shuffle
from ecotone.core.tuples import put, replace
from ecotone.games.singapore.abilities import traits
from ecotone.games.singapore.action_cards import play_problem, plays
from ecotone.games.singapore.actions import Migrate, Play
from ecotone.games.singapore.board import ECOTONE, RING, board, region_name
from ecotone.games.singapore.cards import HABITATS, cards
from ecotone.games.singapore.gamemaster import SEAT_NAMES, throw
from ecotone.games.singapore.refusals import Problem, SingaporeRefusal
from ecotone.games.singapore.seats import held_keys, open_habitats, take
from ecotone.games.singapore.state import (
    Choice,
    Phase,
    Player,
    SGData,
    Status,
)

__all__ = [
    "apply",
    "destinations",
    "legal",
    "refusal",
    "resolve",
    "route_problem",
    "start_round",
    "step_counts",
]

STAMPEDE_STEPS: Final = 2


def start_round(d: SGData) -> SGData:
    """A new round: Nature's Bounty, then everyone's Migration roll."""
    n = len(d.players)
    round_ = d.round + 1
    log = [f"Round {round_}: {SEAT_NAMES[(round_ - 1) % n]} is the first player."]
    rnd, key = roll(d.rng)  # one throw of the Gamemaster's for the Bounty and every die
    deal = list(cards().bounty_ids)
    shuffle(rnd, deal)
    habitats = []
    shown = []
    for h, hab in zip(HABITATS, d.habitats, strict=True):
        card = deal.pop(0) if hab.status is _OPEN else ""
        habitats.append(replace(hab, bounty=card))
        if card:
            shown.append(_bounty_shown(h, card))
    log.append("Nature's Bounty: " + ("; ".join(shown) or "no habitat is open") + ".")
    players: list[Player] = []
    rolls = []
    for s, p in enumerate(d.players):
        frog = "frog-dice" in traits(p)
        rolled = (throw(rnd), throw(rnd)) if frog else (throw(rnd),)
        players.append(replace(p, dice=rolled))
        rolls.append(_roll_shown(s, rolled))
    log.append("Migration: everyone rolls: " + ", ".join(rolls) + ". Choose your routes.")
    # the cards not dealt are kept sorted: their order means nothing (all 8 are shuffled
    # again next round); the new round, its log and everything dealt go in one copy
    return replace(
        d,
        round=round_,
        phase=_MIGRATE,
        last_log=d.log,
        log=tuple(log),
        habitats=tuple(habitats),
        bounty_deck=tuple(sorted(deal)),
        rng=key,
        players=tuple(players),
        choices=(_UNCHOSEN,) * n,
    )


# The Gamemaster's words for what is dealt and rolled, remembered by what they tell (a
# few dozen texts in all): every round of every search rollout starts with them.
@lru_cache(maxsize=64)
def _bounty_shown(habitat: str, card: str) -> str:
    """``habitat``'s Nature's Bounty card ``card``, as the round's log names it."""
    b = cards().bounty[card]
    return f"{board().region_names[habitat]} {b.single} alone / {b.shared} shared"


@lru_cache(maxsize=256)
def _roll_shown(seat: int, rolled: tuple[int, ...]) -> str:
    """``seat``'s Migration roll ``rolled``, as the round's log names it."""
    text = " and ".join(map(str, rolled))
    return f"{SEAT_NAMES[seat]} {text}" + (" (Cinnamon Bush Frog)" if len(rolled) > 1 else "")


# Read every round: a member read off its enum class (``Status.OPEN``) costs several times
# a module's own name.
_OPEN: Final = Status.OPEN
_MIGRATE: Final = Phase.MIGRATE
# Every seat starts the round's Migration with nothing chosen: one record for them all.
_UNCHOSEN: Final = Choice()


def step_counts(p: Player, c: Choice) -> frozenset[int]:
    """How many steps ``p`` may take: a die's value, widened by abilities and Stampede."""
    return _step_counts(p.dice, traits(p), "stampede" in c.cards)


# The habitats a pawn may also cross anticlockwise: the Forest with the Sunda Colugo's
# Gliding, else none (made once: the routes are listed at every step of Migration).
_GLIDE_FOREST: Final = frozenset({"forest"})
_NO_GLIDE: Final[frozenset[str]] = frozenset()


# Remembered by what the rule reads: a route is listed at every step of Migration, and a
# player keeps the same roll and abilities through it.
@lru_cache(maxsize=1024)
def _step_counts(dice: tuple[int, ...], t: frozenset[str], stampede: bool) -> frozenset[int]:
    """:func:`step_counts` for the roll ``dice``, the traits ``t`` and Stampede played or not."""
    out: set[int] = set()
    for v in dice:
        out.add(v)
        if "brachiate" in t:  # full Limbs set
            out.add(v + 1)
        if "glide" in t:  # Sunda Colugo niche
            out |= {v - 1, v + 1}
    out.discard(0)
    if "hide" in t:  # Lesser Mousedeer niche: may stay put
        out.add(0)
    if stampede:
        out = {v + STAMPEDE_STEPS for v in out}
    return frozenset(out)


def destinations(d: SGData, seat: int) -> tuple[str, ...]:
    """The tiles ``seat``'s route may end on, given the cards played with it so far."""
    p = d.players[seat]
    c = d.choices[seat]
    b = board()
    if "shortcut" in c.cards:
        return b.ecotone
    # (the player's traits read once for both rules: :func:`step_counts`' and Gliding's)
    t = traits(p)
    both = _GLIDE_FOREST if "glide-forest" in t else _NO_GLIDE
    counts = _step_counts(p.dice, t, "stampede" in c.cards)
    return b.destinations(p.tile, counts, open_habitats(d), both)


def route_problem(d: SGData, seat: int, tile: str) -> Problem | None:
    """Why ``seat``'s route may not end on ``tile``, or ``None`` when it may."""
    b = board()
    if tile not in b.tiles:
        return _no_such_tile(tile)
    if tile in destinations(d, seat):
        return None
    if "shortcut" in d.choices[seat].cards:
        return (
            SingaporeRefusal.SHORTCUT_ECOTONE,
            "with Shortcut your route ends on an Ecotone tile",
        )
    region = b.region(tile)
    if region != ECOTONE:
        status = d.habitats[HABITATS.index(region)].status
        if status is Status.SOON:
            return (
                SingaporeRefusal.HABITAT_CLOSED,
                f"the {region_name(region)} is not open yet (Opening Soon)",
            )
        if status is Status.DESTROYED and b.region(d.players[seat].tile) != region:
            return (
                SingaporeRefusal.HABITAT_CLOSED,
                f"the {region_name(region)} is destroyed and can no longer be entered",
            )
    p = d.players[seat]
    rolled = " or ".join(str(v) for v in p.dice)
    ends = ", ".join(destinations(d, seat))
    return (
        SingaporeRefusal.UNREACHABLE,
        f"{tile} cannot be reached from {p.tile} with a roll of "
        f"{rolled} (clockwise inside habitats); your route can end on: {ends}",
    )


def _no_such_tile(tile: str) -> Problem:
    b = board()
    named = b.labelled(tile)
    if named is not None:
        return (
            SingaporeRefusal.NO_SUCH_TILE,
            f"{tile} is the board picture's label of the tile {named}: migrate to {named}",
        )
    first, *others = HABITATS
    return (
        SingaporeRefusal.NO_SUCH_TILE,
        f"there is no tile {tile!r}: the Ecotone's tiles are {', '.join(b.ecotone)}; a "
        f"habitat's are numbered 1 to {RING} clockwise from its gateway: {first}-1 ... "
        f"{first}-{RING}, and likewise for {', '.join(others)}",
    )


def legal(d: SGData, seat: int) -> list[Action]:
    """Action cards that can go with the route, then the route's possible ends."""
    return [*plays(d, seat, held_keys(d.players[seat].hand)), *_routes(destinations(d, seat))]


def refusal(d: SGData, seat: int, action: Action) -> Problem | None:
    """Why ``seat`` may not take ``action`` while choosing a route, or ``None``."""
    if isinstance(action, Migrate):
        return route_problem(d, seat, action.tile)
    if isinstance(action, Play):
        return play_problem(d, seat, action.card)
    return (
        SingaporeRefusal.MUST_MIGRATE,
        "Migration: choose where your route ends (migrate to "
        "<tile>), with Stampede, Shortcut, Scavenge or Symbiosis if you hold them",
    )


@lru_cache(maxsize=4096)
def _routes(tiles: tuple[str, ...]) -> tuple[Migrate, ...]:
    return tuple(Migrate(t) for t in tiles)


def apply(d: SGData, seat: int, action: Action) -> SGData:
    """Record ``seat``'s secret choice (a card played with the route, or the route)."""
    c = d.choices[seat]
    # (by exact class, the route first: no action class has subclasses, and
    # ``isinstance`` against a record class costs several times as much)
    if type(action) is Migrate:
        c = Choice(c.cards, action.tile)
    else:
        assert type(action) is Play
        c = Choice((*c.cards, action.card), c.final)
    return replace(d, choices=put(d.choices, seat, c))


def resolve(d: SGData) -> SGData:
    """Reveal every route together and move the pawns."""
    cs = cards()
    card_names = cs.names
    tiles = board().tiles
    region_names = board().region_names
    players = list(d.players)
    discard = list(d.discard)
    moves = []
    for s, (p, c) in enumerate(zip(d.players, d.choices, strict=True)):
        hand = p.hand
        facedown = list(p.facedown)
        notes = []
        for key in c.cards:
            cid, hand = take(hand, key)
            if cs.actions[key].timing == "secret":
                facedown.append(cid)
                notes.append("placed a card face down")
            else:
                discard.append(cid)
                notes.append(f"played {card_names[key]}")
        where = region_names[tiles[c.final].board]
        text = f"{SEAT_NAMES[s]} to {c.final} ({where})"
        if notes:
            text += ", " + " and ".join(notes)
        moves.append(text)
        players[s] = replace(p, tile=c.final, hand=hand, facedown=tuple(facedown))
    # (the pawns moved and the line of the log in one copy of the state)
    line = "Routes revealed: " + "; ".join(moves) + "."
    return replace(
        d, players=tuple(players), discard=tuple(discard), choices=(), log=(*d.log, line)
    )
