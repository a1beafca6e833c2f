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
"""

from __future__ import annotations

from ecotone.core.actions import Action
from ecotone.games.biome.actions import Confirm, ConfirmPrey, Earn
from ecotone.games.biome.cards import CardInfo, cards
from ecotone.games.biome.config import MAX_CHAIN, MAX_WITHDRAWALS, Config
from ecotone.games.biome.flow import without
from ecotone.games.biome.habitat import access, met, zone_totals
from ecotone.games.biome.placement import feasible_zones, placements
from ecotone.games.biome.state import EMPTY, BiomeData, Phase

__all__ = [
    "can_start",
    "confirm",
    "earn_options",
    "eligible_prey",
    "finish_actions",
    "place",
    "place_actions",
    "start",
    "withdraw",
]


def eligible_prey(d: BiomeData, seat: int, card: CardInfo) -> list[str]:
    """The player's unconsumed animals that ``card`` may eat: the top of a food chain with
    room for one more animal, of a kind on its prey list."""
    if not card.prey:
        return []
    by_id = cards().by_id
    return [
        chain[-1]
        for chain in d.seats[seat].chains
        if len(chain) < MAX_CHAIN and by_id[chain[-1]].key in card.prey
    ]


def can_start(
    d: BiomeData,
    seat: int,
    card_id: str,
    cfg: Config,
    totals: dict[int, list[int]] | None = None,
) -> bool:
    """True when ``earn card_id`` is offered now."""
    card = cards().by_id[card_id]
    if not card.earnable or not d.seats[seat].tiles or d.withdrawals >= MAX_WITHDRAWALS:
        return False
    if card.prey and not eligible_prey(d, seat, card):
        return False
    return bool(feasible_zones(d, seat, card, cfg, totals))


def earn_options(d: BiomeData, seat: int, cfg: Config) -> list[Action]:
    """``earn X`` for each card of the hand or the Gallery that could be earned."""
    if not d.seats[seat].tiles or d.withdrawals >= MAX_WITHDRAWALS:
        return []
    totals = zone_totals(d.board, cfg.geo, d.seats[seat].tiles)
    options = (*d.seats[seat].hand, *d.gallery)
    return [Earn(c) for c in options if can_start(d, seat, c, cfg, totals)]


def place_actions(d: BiomeData, seat: int, cfg: Config) -> list[Action]:
    """Every placement offered for the card being earned (see :mod:`.placement`)."""
    assert d.card is not None
    return list(placements(d, seat, cards().by_id[d.card], cfg))


def finish_actions(d: BiomeData, seat: int, cfg: Config) -> list[Action]:
    """``confirm`` (or ``confirm eating P`` for each eligible prey) once the habitat is met."""
    assert d.card is not None
    if not d.pending:
        return []
    card = cards().by_id[d.card]
    if not met(card, access(d.board, cfg.geo, d.pending)):
        return []
    if card.prey:
        return [ConfirmPrey(p) for p in eligible_prey(d, seat, card)]
    return [Confirm()]


# -- transitions ------------------------------------------------------------------------


def start(d: BiomeData, seat: int, card: str) -> BiomeData:
    """Set ``card`` aside to earn it."""
    from_gallery = card in d.gallery
    if from_gallery:
        d = d.replace(gallery=without(d.gallery, card))
    else:
        s = d.seats[seat]
        d = d.seat(seat, hand=without(s.hand, card), shown=without(s.shown, card))
    return d.replace(card=card, from_gallery=from_gallery, pending=(), phase=Phase.EARN)


def place(d: BiomeData, seat: int, tile: int, cell: int, rotation: int) -> BiomeData:
    """Put ``tile`` from the player's supply on ``cell``."""
    board = list(d.board)
    board[cell] = tile * 6 + rotation
    tiles_left = tuple(t for t in d.seats[seat].tiles if t != tile)
    d = d.seat(seat, tiles=tiles_left)
    return d.replace(board=tuple(board), pending=(*d.pending, cell))


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
    d = d.seat(seat, tiles=tuple(sorted((*s.tiles, *back))))
    if d.from_gallery:
        d = d.replace(gallery=(*d.gallery, card))
    else:
        s = d.seats[seat]
        d = d.seat(
            seat,
            hand=tuple(sorted((*s.hand, card))),
            shown=tuple(sorted((*s.shown, card))),
        )
    return d.replace(
        board=tuple(board),
        card=None,
        from_gallery=False,
        pending=(),
        withdrawals=d.withdrawals + 1,
        phase=Phase.HABITATS,
    )


def confirm(d: BiomeData, seat: int, prey: str | None) -> BiomeData:
    """Earn the card: its tiles stay; an animal starts a food chain or is stacked on its prey
    (which is then consumed); a plant card joins the player's plants."""
    assert d.card is not None
    card = cards().by_id[d.card]
    s = d.seats[seat]
    if card.kind == "plant":
        s = s.replace(plants=(*s.plants, d.card))
    elif prey is None:
        s = s.replace(chains=(*s.chains, (d.card,)))
    else:
        chains = tuple((*ch, d.card) if ch[-1] == prey else ch for ch in s.chains)
        s = s.replace(chains=chains)
    s = s.replace(placed=s.placed + len(d.pending))
    seats = (*d.seats[:seat], s, *d.seats[seat + 1 :])
    return d.replace(
        seats=seats,
        card=None,
        from_gallery=False,
        pending=(),
        placed_this_turn=True,
        phase=Phase.HABITATS,
    )
