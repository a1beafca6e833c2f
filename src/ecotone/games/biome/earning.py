"""Earning a card, one small decision at a time (rules doc §Phase 2).

``earn X`` sets the card aside (from the hand or the Card Gallery); then tiles are placed one
by one (``place T07 on C2a turned 3``); ``confirm`` (or ``confirm eating P`` for a predator)
earns it once every habitat icon is met and, for a Secondary or Apex animal, one of its prey
is among the player's unconsumed earned animals. ``withdraw`` takes the tiles back and returns
the card, at any point; a player may withdraw 3 times a turn [ecotone].

Legal lists stay short by offering only what can still work, when that is cheap to know:
a card is offered only if its prey is available, the player holds a tile, and the plants of
the board and hand in some zone could cover its habitat; the tiles offered for it are pruned
the same way (:mod:`.placement`).

Each rule is one check, which the offers and the refusals (``*_problem``) both ask; where
the offers are on the hot path of search the check names the broken rule by its code alone
(:func:`_start_flaw`) or answers yes or no (:func:`_habitat_met`), and the
refusal writes the words.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.tuples import put, replace, without
from ecotone.games.biome.actions import Confirm, ConfirmPrey, Earn, Place
from ecotone.games.biome.cards import CardInfo, cards
from ecotone.games.biome.config import MAX_CHAIN, MAX_WITHDRAWALS, Config
from ecotone.games.biome.habitat import access, met, missing, zone_totals
from ecotone.games.biome.holdings import losing, seats_with
from ecotone.games.biome.placement import feasible, limits, place_problem, placements
from ecotone.games.biome.refusals import BiomeRefusal
from ecotone.games.biome.refusals import BiomeRefusal as R
from ecotone.games.biome.state import EMPTY, BiomeData, Phase
from ecotone.games.biome.tiles import tiles

__all__ = [
    "can_start",
    "confirm",
    "confirm_prey_problem",
    "confirm_problem",
    "earn_options",
    "earn_problem",
    "eligible_prey",
    "finish_actions",
    "place",
    "place_actions",
    "placement_problem",
    "prey_problem",
    "start",
    "start_problem",
    "withdraw",
]

# Bound to plain names: reading a member off its enum class costs several times as much.
_EARN: Final = Phase.EARN
_HABITATS: Final = Phase.HABITATS
# ... and so are the flaws that every card of the hand and the Gallery is checked for
_NOT_EARNABLE: Final = R.NOT_EARNABLE
_NO_PREY: Final = R.NO_PREY
_HABITAT_IMPOSSIBLE: Final = R.HABITAT_IMPOSSIBLE


# -- prey ---------------------------------------------------------------------------------


def _food(chains: tuple[tuple[str, ...], ...], by_id: dict[str, CardInfo]) -> dict[str, str]:
    """The animals a predator may eat from ``chains``, each with its kind, in chain order:
    the top of each food chain with room for one more animal (``by_id``: ``cards().by_id``).
    A predator eats one of them when its prey list names the kind."""
    food = {}
    for chain in chains:
        if len(chain) < MAX_CHAIN:
            top = chain[-1]
            food[top] = by_id[top].key
    return food


def eligible_prey(d: BiomeData, seat: int, card: CardInfo) -> list[str]:
    """The player's unconsumed animals (the tops of its food chains) that ``card`` eats."""
    if not card.prey:
        return []
    food = _food(d.seats[seat].chains, cards().by_id)
    return [animal for animal, kind in food.items() if kind in card.prey]


def prey_problem(d: BiomeData, seat: int, card: CardInfo, prey: str) -> IllegalAction | None:
    """Why ``card`` may not eat ``prey``, or ``None``: exactly when ``prey`` is among
    :func:`eligible_prey`."""
    cs = cards()
    chain = next((ch for ch in d.seats[seat].chains if prey in ch), None)
    if chain is None:
        return IllegalAction(R.PREY_UNAVAILABLE, f"{prey} is not one of your earned animals")
    if cs.by_id[prey].key not in card.prey:
        return IllegalAction(R.PREY_UNAVAILABLE, f"{card.name} does not eat {cs.by_id[prey].name}")
    if chain[-1] != prey:
        eater = cs.by_id[chain[chain.index(prey) + 1]].name
        return IllegalAction(R.PREY_UNAVAILABLE, f"{prey} is already consumed (it feeds {eater})")
    if prey not in _food((chain,), cs.by_id):
        return IllegalAction(
            R.PREY_UNAVAILABLE, f"that food chain already holds {MAX_CHAIN} animals"
        )
    return None


@cache
def _prey_names(key: str) -> str:
    """The names of the animals a kind eats, for its refusals."""
    cs = cards()
    return ", ".join(sorted(cs.animals[k].name for k in cs.animals[key].prey))


# -- choosing the card --------------------------------------------------------------------
#
# Offering ``earn X`` for every card of the hand and the Gallery is on the hot path of
# search, so the rule is checked by a function that names the rule a card breaks by its
# code alone (:func:`_earn_flaw`), and the words are written only for a refusal.

_EARN_WORDS: Final = {
    R.CARD_NOT_AVAILABLE: "{id} is neither in your hand nor in the Card Gallery",
    R.NOT_EARNABLE: "{name} is played, not earned with a habitat",
    R.NO_TILES: "every card needs at least one new tile, and you have none",
    R.TOO_MANY_WITHDRAWALS: (
        f"you have withdrawn {MAX_WITHDRAWALS} habitats this turn: no more earning this turn"
    ),
    R.NO_PREY: (
        "{name} needs one unconsumed prey among your animals (any of: {prey}), "
        f"with room in its food chain (at most {MAX_CHAIN})"
    ),
    R.HABITAT_IMPOSSIBLE: (
        "the plants on the board and your tiles cannot meet the habitat of {name} in any layer"
    ),
}


def _supply_flaw(d: BiomeData, seat: int) -> BiomeRefusal | None:
    """Every card needs a new tile, and a turn withdraws at most 3 habitats."""
    if not d.seats[seat].tiles:
        return R.NO_TILES
    if d.withdrawals >= MAX_WITHDRAWALS:
        return R.TOO_MANY_WITHDRAWALS
    return None


def _start_flaw(
    d: BiomeData, seat: int, card: CardInfo, cfg: Config, totals: dict[int, int] | None
) -> BiomeRefusal | None:
    """The rule ``seat`` breaks by starting to earn ``card``, or ``None``: animals and plant
    cards are earned; a new tile must be at hand (:func:`_supply_flaw`); and the card
    itself must be within reach (:func:`_card_flaw`; ``totals``: :func:`.habitat.zone_totals`
    here, when already computed)."""
    if totals is None:
        totals = zone_totals(d.board, cfg.geo, d.seats[seat].tiles)
    flaw = _card_flaw(d, seat, card, totals)
    if flaw is R.NOT_EARNABLE:
        return flaw
    return _supply_flaw(d, seat) or flaw


def _card_flaw(
    d: BiomeData, seat: int, card: CardInfo, totals: dict[int, int]
) -> BiomeRefusal | None:
    """The rule ``card`` breaks, past the supply (see :func:`_card_flaws`)."""
    return _card_flaws(d, seat, (card.id,), totals)[0]


def _card_flaws(
    d: BiomeData, seat: int, among: tuple[str, ...], totals: dict[int, int]
) -> list[BiomeRefusal | None]:
    """The rule each card of ``among`` (ids) breaks, past the supply, or ``None``: animals
    and plant cards are earned; a predator needs a prey it can eat (:func:`_food`); and the
    plants of the board and the player's tiles, in one zone, must be able to cover the
    habitat (``totals``: :func:`.habitat.zone_totals` here; :func:`.placement.feasible`).

    Every card of the hand and the Gallery is asked about whenever the cards that may be
    earned are listed: what they share (the food the player's chains offer, the zones'
    limits) is worked out once for them all, not once per card."""
    by_id = cards().by_id
    food: set[str] | None = None  # the kinds that the player's chains offer
    zones = limits(totals)
    out: list[BiomeRefusal | None] = []
    for c in among:
        card = by_id[c]
        if not card.earnable:
            out.append(_NOT_EARNABLE)
            continue
        if card.prey:
            if food is None:
                food = set(_food(d.seats[seat].chains, by_id).values())
            if card.prey.isdisjoint(food):
                out.append(_NO_PREY)
                continue
        if not feasible(zones, card.packed_needs, card.vine_link, True):
            out.append(_HABITAT_IMPOSSIBLE)
            continue
        out.append(None)
    return out


def _earn_flaw(
    d: BiomeData, seat: int, card_id: str, cfg: Config, totals: dict[int, int] | None
) -> BiomeRefusal | None:
    """:func:`_start_flaw` for a card that must come from the hand or the Card Gallery."""
    if card_id not in d.seats[seat].hand and card_id not in d.gallery:
        return R.CARD_NOT_AVAILABLE
    return _start_flaw(d, seat, cards().by_id[card_id], cfg, totals)


def _refuse_earning(flaw: BiomeRefusal | None, card_id: str) -> IllegalAction | None:
    """The refusal for ``flaw`` (``None``: no refusal), worded for ``card_id``."""
    if flaw is None:
        return None
    cs = cards()
    card = cs.by_id.get(card_id)
    name = card.name if card else card_id
    prey = _prey_names(card.key) if card and card.prey else ""
    return IllegalAction(flaw, _EARN_WORDS[flaw].format(id=card_id, name=name, prey=prey))


def start_problem(
    d: BiomeData,
    seat: int,
    card_id: str,
    cfg: Config,
    totals: dict[int, int] | None = None,
) -> IllegalAction | None:
    """Why ``seat`` may not start earning ``card_id`` (wherever it lies), or ``None``
    (see :func:`_start_flaw`)."""
    return _refuse_earning(_start_flaw(d, seat, cards().by_id[card_id], cfg, totals), card_id)


def can_start(
    d: BiomeData,
    seat: int,
    card_id: str,
    cfg: Config,
    totals: dict[int, int] | None = None,
) -> bool:
    """True when ``seat`` could start earning ``card_id`` (see :func:`_start_flaw`)."""
    return _start_flaw(d, seat, cards().by_id[card_id], cfg, totals) is None


def earn_problem(d: BiomeData, seat: int, action: Earn, cfg: Config) -> IllegalAction | None:
    """Why ``seat`` may not ``earn`` a card, or ``None``: it comes from the hand or the
    Card Gallery, and may be started (:func:`_start_flaw`)."""
    return _refuse_earning(_earn_flaw(d, seat, action.card, cfg, None), action.card)


def earn_options(d: BiomeData, seat: int, cfg: Config) -> Sequence[Action]:
    """``earn X`` for each card of the hand or the Gallery that could be earned (a tuple
    kept for the position: read only)."""
    if _supply_flaw(d, seat) is not None:
        return ()
    me = d.seats[seat]
    # Past the supply, whether a card may be started depends on these alone; they recur
    # (a withdrawn habitat leaves them as they were), so the answers are remembered.
    key = (d.board, me.tiles, me.hand, d.gallery, me.chains, cfg.geo.key)
    found = _EARNABLE.get(key)
    if found is None:
        if len(_EARNABLE) >= 4096:  # a bound: recent positions are the ones asked again
            _EARNABLE.clear()
        # (the supply is checked above, once for every card)
        ids = (*me.hand, *d.gallery)
        flaws = _card_flaws(d, seat, ids, zone_totals(d.board, cfg.geo, me.tiles))
        found = _EARNABLE[key] = tuple(
            [Earn(c) for c, flaw in zip(ids, flaws, strict=True) if flaw is None]
        )
    return found


_EarnKey = tuple[
    tuple[int, ...],
    tuple[int, ...],
    tuple[str, ...],
    tuple[str, ...],
    tuple[tuple[str, ...], ...],
    str,
]
_EARNABLE: Final[dict[_EarnKey, tuple[Earn, ...]]] = {}


# -- placing tiles ------------------------------------------------------------------------


def placement_problem(d: BiomeData, seat: int, action: Place, cfg: Config) -> IllegalAction | None:
    """Why ``seat`` may not place ``action``'s tile for the card being earned, or ``None``
    (see :func:`.placement.place_problem`)."""
    assert d.card is not None
    tile = tiles().by_id[action.tile]
    cell = cfg.geo.index[action.cell]
    return place_problem(d, seat, cards().by_id[d.card], tile, cell, action.rotation, cfg)


def place_actions(d: BiomeData, seat: int, cfg: Config) -> Sequence[Action]:
    """Every placement offered for the card being earned (see :mod:`.placement`; a tuple
    the rules keep: read only)."""
    assert d.card is not None
    return placements(d, seat, cards().by_id[d.card], cfg)


# -- confirming -------------------------------------------------------------------------


def _habitat_met(d: BiomeData, card: CardInfo, cfg: Config) -> bool:
    """Whether tiles have been placed for ``card`` and their access meets its habitat."""
    return bool(d.pending) and met(card, access(d.board, cfg.geo, d.pending))


def _habitat_problem(d: BiomeData, card: CardInfo, cfg: Config) -> IllegalAction | None:
    """Why the card being earned cannot be confirmed yet, or ``None`` when
    :func:`_habitat_met`: no tile is placed, or what the habitat still lacks."""
    if _habitat_met(d, card, cfg):
        return None
    if not d.pending:
        return IllegalAction(
            R.NO_NEW_TILE, "every card needs at least one new tile: place one first"
        )
    lack = missing(card, access(d.board, cfg.geo, d.pending))
    return IllegalAction(
        R.HABITAT_INCOMPLETE, f"{card.name}'s habitat still needs " + ", ".join(lack)
    )


def confirm_problem(d: BiomeData, seat: int, action: Confirm, cfg: Config) -> IllegalAction | None:
    """Why ``seat`` may not ``confirm`` the card being earned, or ``None``: its habitat is
    met and it eats no prey."""
    del action
    assert d.card is not None
    card = cards().by_id[d.card]
    problem = _habitat_problem(d, card, cfg)
    if problem is None and card.prey:
        return IllegalAction(
            R.NEEDS_PREY,
            f"{card.name} must eat: confirm eating one of "
            + (", ".join(eligible_prey(d, seat, card)) or "its prey (none is left: withdraw)"),
        )
    return problem


def confirm_prey_problem(
    d: BiomeData, seat: int, action: ConfirmPrey, cfg: Config
) -> IllegalAction | None:
    """Why ``seat`` may not confirm the card being earned eating ``action.prey``, or
    ``None``: its habitat is met and it may eat that prey."""
    assert d.card is not None
    card = cards().by_id[d.card]
    problem = _habitat_problem(d, card, cfg)
    if problem is not None:
        return problem
    if not card.prey:
        return IllegalAction(R.NO_PREY_NEEDED, f"{card.name} eats no prey: just confirm")
    return prey_problem(d, seat, card, action.prey)


def finish_actions(d: BiomeData, seat: int, cfg: Config) -> list[Action]:
    """``confirm`` (or ``confirm eating P`` for each eligible prey) once the habitat is met."""
    assert d.card is not None
    card = cards().by_id[d.card]
    if not _habitat_met(d, card, cfg):
        return []
    if card.prey:
        return [ConfirmPrey(p) for p in eligible_prey(d, seat, card)]
    return [Confirm()]


# -- transitions ------------------------------------------------------------------------


def start(d: BiomeData, seat: int, card: str) -> BiomeData:
    """Set ``card`` aside to earn it."""
    # (the card's place and the earning started in one copy of the record)
    if card in d.gallery:
        return replace(
            d,
            gallery=without(d.gallery, card),
            card=card,
            from_gallery=True,
            pending=(),
            phase=_EARN,
        )
    return replace(
        d,
        seats=put(d.seats, seat, losing(d.seats[seat], card)),
        card=card,
        from_gallery=False,
        pending=(),
        phase=_EARN,
    )


def place(d: BiomeData, seat: int, tile: int, cell: int, rotation: int) -> BiomeData:
    """Put ``tile`` from the player's supply on ``cell``."""
    board = list(d.board)
    board[cell] = tile * 6 + rotation
    tiles_left = tuple(t for t in d.seats[seat].tiles if t != tile)
    return replace(
        d,
        seats=seats_with(d, seat, tiles=tiles_left),
        board=tuple(board),
        pending=(*d.pending, cell),
    )


def withdraw(d: BiomeData, seat: int) -> BiomeData:
    """Take this habitat's tiles back; the card returns to the hand (now seen by all) or the
    Gallery."""
    assert d.card is not None
    board = list(d.board)
    back = []
    for c in d.pending:
        back.append(board[c] // 6)
        board[c] = EMPTY
    s = d.seats[seat]
    card = d.card
    tiles = tuple(sorted((*s.tiles, *back)))
    gallery = d.gallery
    if d.from_gallery:
        seats = seats_with(d, seat, tiles=tiles)
        gallery = (*gallery, card)
    else:
        seats = seats_with(
            d,
            seat,
            tiles=tiles,
            hand=tuple(sorted((*s.hand, card))),
            shown=tuple(sorted((*s.shown, card))),
        )
    # (the seat, the board and the earning's end in one copy of the record)
    return replace(
        d,
        seats=seats,
        gallery=gallery,
        board=tuple(board),
        card=None,
        from_gallery=False,
        pending=(),
        withdrawals=d.withdrawals + 1,
        phase=_HABITATS,
    )


def confirm(d: BiomeData, seat: int, prey: str | None) -> BiomeData:
    """Earn the card: its tiles stay; an animal starts a food chain or is stacked on its prey
    (which is then consumed); a plant card joins the player's plants."""
    assert d.card is not None
    card = cards().by_id[d.card]
    s = d.seats[seat]
    if card.kind == "plant":
        s = replace(s, plants=(*s.plants, d.card))
    elif prey is None:
        s = replace(s, chains=(*s.chains, (d.card,)))
    else:
        chains = tuple((*ch, d.card) if ch[-1] == prey else ch for ch in s.chains)
        s = replace(s, chains=chains)
    s = replace(s, placed=s.placed + len(d.pending))
    seats = (*d.seats[:seat], s, *d.seats[seat + 1 :])
    return replace(
        d,
        seats=seats,
        card=None,
        from_gallery=False,
        pending=(),
        placed_this_turn=True,
        phase=_HABITATS,
    )
