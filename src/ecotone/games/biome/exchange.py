"""Phase 1, exchanging cards or tiles (rules doc §Phase 1).

* Exchange either cards or tiles, not both. [rulebook]
* Choose them one by one (``exchange card X`` / ``exchange tile T07``), then ``done
  exchanging``: nothing is discarded or drawn before the whole choice is made. [rulebook]
* Cards go to the discard pile and as many are drawn from the Main Deck (a Disaster drawn
  strikes at once); tiles go face down to the perimeter and as many are drawn from it, at
  random, the returned ones included. [rulebook]

Each choice is checked by one function below, which names the rule a choice breaks by its
code (the offers are asked often, so no words are written for them); the refusals word it.
"""

from __future__ import annotations

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.tuples import replace
from ecotone.games.biome.actions import ExchangeCard, ExchangeTile
from ecotone.games.biome.cards import cards
from ecotone.games.biome.config import Config
from ecotone.games.biome.holdings import seat_changed, seats_with
from ecotone.games.biome.refusals import BiomeRefusal, not_in_hand, not_your_tile
from ecotone.games.biome.refusals import BiomeRefusal as R
from ecotone.games.biome.state import BiomeData, Phase
from ecotone.games.biome.tiles import tiles
from ecotone.games.biome.turn import draw_card, draw_tile, strike

__all__ = [
    "card_offers",
    "card_problem",
    "exchange_cards",
    "exchange_tiles",
    "tile_offers",
    "tile_problem",
]


def _card_flaw(d: BiomeData, seat: int, card: str) -> BiomeRefusal | None:
    """A card is chosen once, from the hand."""
    if card in d.marked_cards:
        return R.ALREADY_CHOSEN
    if card not in d.seats[seat].hand:
        return R.NOT_IN_HAND
    return None


def _tile_flaw(d: BiomeData, seat: int, tile: int) -> BiomeRefusal | None:
    """A tile is chosen once, from the player's supply."""
    if tile in d.marked_tiles:
        return R.ALREADY_CHOSEN
    if tile not in d.seats[seat].tiles:
        return R.NOT_YOUR_TILE
    return None


def _refuse(flaw: BiomeRefusal | None, d: BiomeData, seat: int, name: str) -> IllegalAction | None:
    """The refusal for ``flaw`` (``None``: no refusal) of choosing the card or tile ``name``."""
    if flaw is None:
        return None
    if flaw is R.ALREADY_CHOSEN:
        return IllegalAction(flaw, f"{name} is already chosen")
    if flaw is R.NOT_IN_HAND:
        return not_in_hand(d, seat, name)
    return not_your_tile(d, seat, name)


def card_problem(
    d: BiomeData, seat: int, action: ExchangeCard, cfg: Config
) -> IllegalAction | None:
    """Why ``seat`` may not choose ``action.card`` to exchange, or ``None``."""
    del cfg
    return _refuse(_card_flaw(d, seat, action.card), d, seat, action.card)


def tile_problem(
    d: BiomeData, seat: int, action: ExchangeTile, cfg: Config
) -> IllegalAction | None:
    """Why ``seat`` may not choose ``action.tile`` to exchange, or ``None``."""
    del cfg
    return _refuse(_tile_flaw(d, seat, tiles().by_id[action.tile].index), d, seat, action.tile)


def card_offers(d: BiomeData, seat: int, cfg: Config) -> list[Action]:
    """The cards ``seat`` may still choose, in hand order."""
    del cfg
    return [ExchangeCard(c) for c in d.seats[seat].hand if _card_flaw(d, seat, c) is None]


def tile_offers(d: BiomeData, seat: int, cfg: Config) -> list[Action]:
    """The tiles ``seat`` may still choose, in supply order."""
    del cfg
    ids = tiles().ids
    return [ExchangeTile(ids[t]) for t in d.seats[seat].tiles if _tile_flaw(d, seat, t) is None]


def exchange_cards(d: BiomeData, seat: int, cfg: Config) -> BiomeData:
    """The chosen cards go to the discard pile and as many are drawn (a Disaster strikes)."""
    me = d.seats[seat]
    marked = d.marked_cards
    hand = tuple(c for c in me.hand if c not in marked)
    shown = tuple(c for c in me.shown if c not in marked)
    d = replace(
        d,
        seats=seats_with(d, seat, hand=hand, shown=shown),
        discard=d.discard + marked,
        marked_cards=(),
    )
    for _ in marked:
        d, card = draw_card(d)
        if card is None:
            break
        if cards().by_id[card].kind == "disaster":
            return strike(d, card, cfg)
        d = seat_changed(d, seat, hand=tuple(sorted((*d.seats[seat].hand, card))))
    return replace(d, phase=Phase.HABITATS)


def exchange_tiles(d: BiomeData, seat: int) -> BiomeData:
    """The chosen tiles go face down to the perimeter and as many are drawn from it."""
    marked = d.marked_tiles
    me = d.seats[seat]
    d = replace(
        d,
        seats=seats_with(d, seat, tiles=tuple(t for t in me.tiles if t not in marked)),
        perimeter=tuple(sorted((*d.perimeter, *marked))),
        marked_tiles=(),
    )
    for _ in marked:
        d = draw_tile(d, seat)
    return replace(d, phase=Phase.HABITATS)
