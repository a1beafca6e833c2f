"""The ability cards: Opportunist, Winds of Change and Blight (rules doc §Abilities).

* **Opportunist**: take one tile from an opponent's supply; on your own turn, and in the
  reaction window at the start of the others' turns. [rulebook; window ecotone]
* **Winds of Change**: gain a card from the Card Gallery or the discard pile (not a Disaster,
  not the Winds of Change just played), or nothing; then sabotage an opponent who holds
  cards (a random card of theirs is discarded), or nobody. [rulebook intent; ecotone details]
* **Blight**: take any placed tile, except one of the habitat in progress, into your supply.
  [rulebook]

An ability card is played on your own turn (at the exchange, between cards or in the middle
of a habitat) and goes to the discard pile. Each rule is one check below; the offers and the
refusals both ask it.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.rng import below, roll
from ecotone.core.tuples import replace, seat_name, without
from ecotone.games.biome.actions import Gain, Opportunist, PlayBlight, PlayWinds, Sabotage
from ecotone.games.biome.cards import cards
from ecotone.games.biome.config import Config
from ecotone.games.biome.holdings import losing, seat_changed, seat_replaced
from ecotone.games.biome.refusals import BiomeRefusal as R
from ecotone.games.biome.state import EMPTY, BiomeData, Phase
from ecotone.games.biome.tiles import tiles

__all__ = [
    "blight",
    "blight_problem",
    "gain",
    "gain_offers",
    "gain_problem",
    "held",
    "holding",
    "offers",
    "opportunist_offers",
    "opportunist_problem",
    "owner_of",
    "play_winds",
    "sabotage",
    "sabotage_offers",
    "sabotage_problem",
    "take_tile",
    "winds_problem",
]

OPPORTUNIST: Final = "opportunist"
BLIGHT: Final = "blight"
WINDS: Final = "winds-of-change"

_NOT_HELD: Final = {
    OPPORTUNIST: (R.NO_OPPORTUNIST, "you hold no Opportunist card"),
    BLIGHT: (R.NO_BLIGHT, "you hold no Blight card"),
    WINDS: (R.NO_WINDS, "you hold no Winds of Change card"),
}


@cache
def _kind_of() -> dict[str, str]:
    """The kind of every ability card, by card id."""
    return {c.id: c.key for c in cards().by_id.values() if c.kind == "ability"}


def held(d: BiomeData, seat: int) -> frozenset[str]:
    """The kinds of ability card in ``seat``'s hand (``opportunist``, ``blight`` ...)."""
    # Asked at nearly every decision, of a hand that mostly holds no ability card: a plain
    # loop, which makes a set only for a card found.
    kind_of = _kind_of()
    kinds: set[str] | None = None
    for c in d.seats[seat].hand:
        if c in kind_of:
            if kinds is None:
                kinds = set()
            kinds.add(kind_of[c])
    return _NONE_HELD if kinds is None else frozenset(kinds)


_NONE_HELD: Final[frozenset[str]] = frozenset()


def holding(d: BiomeData, seat: int, kind: str) -> str | None:
    """The first ability card of kind ``kind`` in ``seat``'s hand, if any: the one spent."""
    by_id = cards().by_id
    return next((c for c in d.seats[seat].hand if by_id[c].key == kind), None)


def owner_of(d: BiomeData, tile: int) -> int | None:
    """The seat holding ``tile`` in its supply."""
    return next((s for s, seat in enumerate(d.seats) if tile in seat.tiles), None)


def _not_held(kind: str, kinds: frozenset[str]) -> IllegalAction | None:
    """The card is played only by a player who holds one."""
    if kind in kinds:
        return None
    code, text = _NOT_HELD[kind]
    return IllegalAction(code, text)


# -- the checks ---------------------------------------------------------------------------


def _steal_problem(d: BiomeData, seat: int, tile: int) -> IllegalAction | None:
    """An Opportunist takes a tile from an opponent's supply."""
    owner = owner_of(d, tile)
    if owner is None or owner == seat:
        where = "already yours" if owner == seat else "not in an opponent's supply"
        return IllegalAction(R.TILE_NOT_OPPONENTS, f"{tiles().ids[tile]} is {where}")
    return None


def opportunist_problem(
    d: BiomeData, seat: int, action: Opportunist, cfg: Config
) -> IllegalAction | None:
    """Why ``seat`` may not play ``action``, or ``None``."""
    del cfg
    return _not_held(OPPORTUNIST, held(d, seat)) or _steal_problem(
        d, seat, tiles().by_id[action.tile].index
    )


def _blight_cell_problem(d: BiomeData, cell: int, name: str) -> IllegalAction | None:
    """Blight takes a placed tile, not one of the habitat in progress."""
    if d.board[cell] == EMPTY:
        return IllegalAction(R.EMPTY_CELL, f"there is no tile on {name}")
    if cell in d.pending:
        return IllegalAction(
            R.OWN_PENDING,
            f"the tile on {name} is part of the habitat you are creating: withdraw it instead",
        )
    return None


def blight_problem(
    d: BiomeData, seat: int, action: PlayBlight, cfg: Config
) -> IllegalAction | None:
    """Why ``seat`` may not play ``action``, or ``None``."""
    return _not_held(BLIGHT, held(d, seat)) or _blight_cell_problem(
        d, cfg.geo.index[action.cell], action.cell
    )


def winds_problem(d: BiomeData, seat: int, action: PlayWinds, cfg: Config) -> IllegalAction | None:
    """Why ``seat`` may not play Winds of Change, or ``None``."""
    del action, cfg
    return _not_held(WINDS, held(d, seat))


def _gain_problem(d: BiomeData, card: str) -> IllegalAction | None:
    """Winds of Change gains a Gallery card, or a discarded one that is neither a Disaster
    nor the Winds of Change just played (it lies on top of the pile)."""
    if card in d.gallery:
        return None
    if d.discard and card == d.discard[-1]:
        return IllegalAction(R.CANNOT_GAIN, "the Winds of Change being played cannot gain itself")
    if card in d.discard:
        if cards().by_id[card].kind == "disaster":
            return IllegalAction(R.CANNOT_GAIN, "a Disaster cannot be gained")
        return None
    return IllegalAction(
        R.CANNOT_GAIN, f"{card} is neither in the Card Gallery nor in the discard pile"
    )


def gain_problem(d: BiomeData, seat: int, action: Gain, cfg: Config) -> IllegalAction | None:
    """Why ``seat`` may not gain ``action.card``, or ``None``."""
    del seat, cfg
    return _gain_problem(d, action.card)


def _sabotage_problem(d: BiomeData, seat: int, victim: int, cfg: Config) -> IllegalAction | None:
    """Winds of Change sabotages an opponent who holds cards."""
    if victim == seat:
        return IllegalAction(R.CANNOT_SABOTAGE, "sabotage an opponent, not yourself")
    if not 0 <= victim < cfg.players:
        return IllegalAction(R.CANNOT_SABOTAGE, f"there is no {seat_name(victim)} at this table")
    if not d.seats[victim].hand:
        return IllegalAction(R.CANNOT_SABOTAGE, f"{seat_name(victim)} has no cards in hand")
    return None


def sabotage_problem(
    d: BiomeData, seat: int, action: Sabotage, cfg: Config
) -> IllegalAction | None:
    """Why ``seat`` may not sabotage ``action.seat``, or ``None``."""
    return _sabotage_problem(d, seat, action.seat, cfg)


# -- the offers ---------------------------------------------------------------------------


def opportunist_offers(d: BiomeData, seat: int, cfg: Config) -> list[Action]:
    """Every tile an Opportunist could take now (none without the card)."""
    del cfg
    if OPPORTUNIST not in held(d, seat):
        return []
    ids = tiles().ids
    return [
        Opportunist(ids[t])
        for st in d.seats
        for t in st.tiles
        if _steal_problem(d, seat, t) is None
    ]


def offers(d: BiomeData, seat: int, cfg: Config) -> list[Action]:
    """The abilities ``seat`` may play now: Opportunists, Blights, then Winds of Change."""
    kinds = held(d, seat)
    if not kinds:
        return []
    out = opportunist_offers(d, seat, cfg) if OPPORTUNIST in kinds else []
    if BLIGHT in kinds:
        names = cfg.geo.cells
        out += [
            PlayBlight(names[c])
            for c, v in enumerate(d.board)
            if v != EMPTY and _blight_cell_problem(d, c, names[c]) is None
        ]
    if WINDS in kinds:
        out.append(PlayWinds())
    return out


def gain_offers(d: BiomeData, seat: int, cfg: Config) -> list[Action]:
    """Winds of Change: the Gallery's cards, then the discard pile's, sorted."""
    del seat, cfg
    return [Gain(c) for c in (*d.gallery, *sorted(d.discard)) if _gain_problem(d, c) is None]


def sabotage_offers(d: BiomeData, seat: int, cfg: Config) -> list[Action]:
    """Winds of Change: every opponent who could be sabotaged."""
    return [Sabotage(s) for s in range(cfg.players) if _sabotage_problem(d, seat, s, cfg) is None]


# -- the transitions ----------------------------------------------------------------------


def _spend(d: BiomeData, seat: int, kind: str) -> BiomeData:
    """An ability card of ``kind`` goes from the hand to the discard pile."""
    card = holding(d, seat, kind)
    assert card is not None
    d = seat_replaced(d, seat, losing(d.seats[seat], card))
    return replace(d, discard=(*d.discard, card))


def take_tile(d: BiomeData, seat: int, tile: int) -> BiomeData:
    """Opportunist: ``tile`` moves from its owner's supply to ``seat``'s."""
    owner = owner_of(d, tile)
    assert owner is not None
    d = _spend(d, seat, OPPORTUNIST)
    d = seat_changed(d, owner, tiles=tuple(t for t in d.seats[owner].tiles if t != tile))
    return seat_changed(d, seat, tiles=tuple(sorted((*d.seats[seat].tiles, tile))))


def blight(d: BiomeData, seat: int, cell: int) -> BiomeData:
    """Blight: the tile on ``cell`` joins ``seat``'s supply."""
    d = _spend(d, seat, BLIGHT)
    tile = d.board[cell] // 6
    board = (*d.board[:cell], EMPTY, *d.board[cell + 1 :])
    d = seat_changed(d, seat, tiles=tuple(sorted((*d.seats[seat].tiles, tile))))
    return replace(d, board=board)


def play_winds(d: BiomeData, seat: int) -> BiomeData:
    """Winds of Change: the card is spent, and the gain is chosen next."""
    return replace(_spend(d, seat, WINDS), phase=Phase.WINDS_GAIN, resume=d.phase)


def gain(d: BiomeData, seat: int, card: str) -> BiomeData:
    """``card`` (from the Gallery or the discard pile) joins the hand, seen by all."""
    if card in d.gallery:
        d = replace(d, gallery=without(d.gallery, card))
    else:
        d = replace(d, discard=without(d.discard, card))
    me = d.seats[seat]
    return seat_changed(
        d, seat, hand=tuple(sorted((*me.hand, card))), shown=tuple(sorted((*me.shown, card)))
    )


def sabotage(d: BiomeData, victim: int) -> BiomeData:
    """A random card of ``victim``'s hand goes to the discard pile."""
    rnd, key = roll(d.rng)
    me = d.seats[victim]
    card = me.hand[below(rnd, len(me.hand))]
    d = seat_replaced(d, victim, losing(me, card))
    return replace(d, discard=(*d.discard, card), rng=key)
