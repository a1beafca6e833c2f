"""Why an action is refused, in the game's own words (codes ``biome/...``).

The kernel calls :func:`why_illegal` only for actions that are not legal now; this module
finds the most specific reason, following the rulebook's wording (rules doc sections named
in the messages' codes).
"""

from __future__ import annotations

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.games.biome import earning, placement
from ecotone.games.biome.actions import (
    Burn,
    Confirm,
    ConfirmPrey,
    DiscardCard,
    DoneExchange,
    DrawDeck,
    Earn,
    EndTurn,
    ExchangeCard,
    ExchangeTile,
    Gain,
    NoExchange,
    Opportunist,
    Pass,
    Place,
    PlayBlight,
    PlayWinds,
    ReturnTile,
    Sabotage,
    SkipGain,
    SkipSabotage,
    TakeGallery,
    Withdraw,
)
from ecotone.games.biome.cards import cards
from ecotone.games.biome.config import MAX_CHAIN, MAX_WITHDRAWALS, Config
from ecotone.games.biome.habitat import access, conflict, missing, touches
from ecotone.games.biome.rules import holding, owner_of
from ecotone.games.biome.state import EMPTY, BiomeData, Phase
from ecotone.games.biome.tiles import DIRECTION_NAMES, Layer, tiles

__all__ = ["why_illegal"]

_ABILITIES = (Opportunist, PlayBlight, PlayWinds)
_WANTED = {
    Phase.REACT: (
        "biome/reaction-window",
        "it is the start of P{turn}'s turn: pass, or play an "
        "Opportunist (opportunist takes <tile>)",
    ),
    Phase.EXCHANGE: (
        "biome/exchange-first",
        "phase 1 comes first: exchange cards or tiles "
        "(exchange card <card> / exchange tile <tile>) or say 'no exchange'",
    ),
    Phase.MARK_CARDS: (
        "biome/exchanging-cards",
        "you are choosing cards to exchange: choose "
        "more (exchange card <card>) or say 'done exchanging'",
    ),
    Phase.MARK_TILES: (
        "biome/exchanging-tiles",
        "you are choosing tiles to exchange: choose "
        "more (exchange tile <tile>) or say 'done exchanging'",
    ),
    Phase.HABITATS: (
        "biome/choose-card-first",
        "tiles are placed only to earn a card: choose "
        "the card first (earn <card>), play an ability, or end your turn",
    ),
    Phase.EARN: (
        "biome/finish-habitat-first",
        "you are earning {card}: place tiles, confirm it, or withdraw first",
    ),
    Phase.WINDS_GAIN: (
        "biome/winds-gain",
        "Winds of Change: gain a card from the Gallery or "
        "the discard pile (gain <card>), or 'gain nothing'",
    ),
    Phase.WINDS_SABOTAGE: (
        "biome/winds-sabotage",
        "Winds of Change: sabotage an opponent (sabotage P2) or 'sabotage nobody'",
    ),
    Phase.REFILL: (
        "biome/must-refill",
        "refill your hand: 'draw from deck' or take a Gallery card (take <card> from gallery)",
    ),
    Phase.DISCARD_TILES: (
        "biome/over-tile-limit",
        "you hold more tiles than the limit of "
        "{limit}: return one to the perimeter (return <tile>)",
    ),
    Phase.FIRE: (
        "biome/must-burn",
        "Forest Fire: choose the Understory platform that burns (burn U1)",
    ),
    Phase.CLEARING: (
        "biome/must-return-tile",
        "Palm-Oil Clearing: return one of your tiles to the perimeter (return <tile>)",
    ),
    Phase.DROUGHT: (
        "biome/must-discard",
        "Drought: discard one card from your hand (discard <card>)",
    ),
}
_FITS = {
    Phase.REACT: (Pass, Opportunist),
    Phase.EXCHANGE: (NoExchange, ExchangeCard, ExchangeTile, *_ABILITIES),
    Phase.MARK_CARDS: (ExchangeCard, ExchangeTile, DoneExchange),
    Phase.MARK_TILES: (ExchangeCard, ExchangeTile, DoneExchange),
    Phase.HABITATS: (Earn, EndTurn, *_ABILITIES),
    Phase.EARN: (Place, Confirm, ConfirmPrey, Withdraw, *_ABILITIES),
    Phase.WINDS_GAIN: (SkipGain, Gain),
    Phase.WINDS_SABOTAGE: (SkipSabotage, Sabotage),
    Phase.REFILL: (DrawDeck, TakeGallery),
    Phase.DISCARD_TILES: (ReturnTile,),
    Phase.FIRE: (Burn,),
    Phase.CLEARING: (ReturnTile,),
    Phase.DROUGHT: (DiscardCard,),
}


def _no(code: str, message: str) -> IllegalAction:
    return IllegalAction(code, message)


def _unknown(action: Action, cfg: Config) -> IllegalAction | None:
    """A refusal for a field naming nothing in the game (a typo), else ``None``."""
    for field in ("card", "prey"):
        value = getattr(action, field, None)
        if value is not None and value not in cards().by_id:
            return _no(
                "biome/no-such-card",
                f"there is no card {value!r} (card ids look like "
                "sun-bear-2, blight-1 or rafflesia)",
            )
    value = getattr(action, "tile", None)
    if value is not None and value not in tiles().by_id:
        return _no("biome/no-such-tile", f"there is no tile {value!r} (tiles are T01-T45)")
    value = getattr(action, "cell", None)
    if value is not None and value not in cfg.geo.index:
        return _no(
            "biome/no-such-cell",
            f"there is no cell {value!r} (cells look like C2a: "
            "platform E1, C1-C3 or U1-U3, then a-g)",
        )
    value = getattr(action, "rotation", None)
    if value is not None and not 0 <= value < 6:
        return _no("biome/no-such-rotation", f"a tile turns 0-5 steps, not {value}")
    value = getattr(action, "platform", None)
    if value is not None and value not in cfg.geo.platform_cells:
        return _no("biome/no-such-platform", f"there is no platform {value!r}")
    return None


def why_illegal(d: BiomeData, seat: int, action: Action, cfg: Config) -> IllegalAction:
    """The reason ``action`` is refused."""
    unknown = _unknown(action, cfg)
    if unknown is not None:
        return unknown
    fits = _FITS.get(d.phase, ())
    if not isinstance(action, fits):
        code, text = _WANTED.get(d.phase, ("action/not-legal", "{action} is not possible now"))
        return _no(code, text.format(turn=d.turn + 1, card=d.card, limit=cfg.limit, action=action))
    cs = cards()
    ts = tiles()
    if isinstance(action, Opportunist | PlayBlight | PlayWinds):
        return _ability(d, seat, action, cfg)
    if isinstance(action, ExchangeCard | ExchangeTile):
        if (d.phase is Phase.MARK_CARDS and isinstance(action, ExchangeTile)) or (
            d.phase is Phase.MARK_TILES and isinstance(action, ExchangeCard)
        ):
            return _no("biome/cards-or-tiles", "exchange either cards or tiles, not both")
        if isinstance(action, ExchangeCard):
            if action.card in d.marked_cards:
                return _no("biome/already-chosen", f"{action.card} is already chosen")
            return _not_in_hand(d, seat, action.card)
        if ts.by_id[action.tile].index in d.marked_tiles:
            return _no("biome/already-chosen", f"{action.tile} is already chosen")
        return _not_your_tile(d, seat, action.tile)
    if isinstance(action, Earn):
        return _why_not_earn(d, seat, action.card, cfg)
    if isinstance(action, Place):
        return _why_not_place(d, seat, action, cfg)
    if isinstance(action, Confirm | ConfirmPrey):
        return _why_not_confirm(d, seat, action, cfg)
    if isinstance(action, Gain):
        if d.discard and action.card == d.discard[-1]:
            return _no("biome/cannot-gain", "the Winds of Change being played cannot gain itself")
        if action.card in d.discard and cs.by_id[action.card].kind == "disaster":
            return _no("biome/cannot-gain", "a Disaster cannot be gained")
        return _no(
            "biome/cannot-gain",
            f"{action.card} is neither in the Card Gallery nor in the discard pile",
        )
    if isinstance(action, Sabotage):
        if action.seat == seat:
            return _no("biome/cannot-sabotage", "sabotage an opponent, not yourself")
        if not 0 <= action.seat < cfg.players:
            return _no("biome/cannot-sabotage", f"there is no P{action.seat + 1} at this table")
        return _no("biome/cannot-sabotage", f"P{action.seat + 1} has no cards in hand")
    if isinstance(action, DrawDeck):
        return _no(
            "biome/deck-empty", "the Main Deck and the discard pile are empty: take a Gallery card"
        )
    if isinstance(action, TakeGallery):
        return _no(
            "biome/not-in-gallery",
            f"{action.card} is not in the Card Gallery ({', '.join(d.gallery) or 'empty'})",
        )
    if isinstance(action, ReturnTile):
        return _not_your_tile(d, seat, action.tile)
    if isinstance(action, DiscardCard):
        return _not_in_hand(d, seat, action.card)
    if isinstance(action, Burn):
        if not action.platform.startswith("U"):
            return _no("biome/cannot-burn", "the fire burns an Understory platform (U1-U3)")
        return _no("biome/cannot-burn", f"{action.platform} has no tiles to burn")
    return _no("action/not-legal", f"'{action}' is not possible now")


def _not_in_hand(d: BiomeData, seat: int, card: str) -> IllegalAction:
    hand = ", ".join(d.seats[seat].hand) or "nothing"
    return _no("biome/not-in-hand", f"{card} is not in your hand (you hold {hand})")


def _not_your_tile(d: BiomeData, seat: int, tile: str) -> IllegalAction:
    ids = tiles().ids
    mine = ", ".join(ids[t] for t in d.seats[seat].tiles) or "none"
    return _no("biome/not-your-tile", f"{tile} is not one of your tiles (yours: {mine})")


def _ability(d: BiomeData, seat: int, action: Action, cfg: Config) -> IllegalAction:
    if d.phase is not Phase.REACT and seat != d.turn:
        return _no("biome/not-now", "abilities are played on your own turn")
    if isinstance(action, Opportunist):
        if holding(d, seat, "opportunist") is None:
            return _no("biome/no-opportunist", "you hold no Opportunist card")
        owner = owner_of(d, tiles().by_id[action.tile].index)
        if owner == seat:
            return _no("biome/tile-not-opponents", f"{action.tile} is already yours")
        return _no("biome/tile-not-opponents", f"{action.tile} is not in an opponent's supply")
    if isinstance(action, PlayWinds):
        return _no("biome/no-winds", "you hold no Winds of Change card")
    assert isinstance(action, PlayBlight)
    if holding(d, seat, "blight") is None:
        return _no("biome/no-blight", "you hold no Blight card")
    cell = cfg.geo.index[action.cell]
    if d.board[cell] == EMPTY:
        return _no("biome/empty-cell", f"there is no tile on {action.cell}")
    return _no(
        "biome/own-pending",
        f"the tile on {action.cell} is part of the habitat you are creating: withdraw it instead",
    )


def _why_not_earn(d: BiomeData, seat: int, card_id: str, cfg: Config) -> IllegalAction:
    cs = cards()
    card = cs.by_id[card_id]
    if card_id not in d.seats[seat].hand and card_id not in d.gallery:
        return _no(
            "biome/card-not-available", f"{card_id} is neither in your hand nor in the Card Gallery"
        )
    if not card.earnable:
        return _no("biome/not-earnable", f"{card.name} is played, not earned with a habitat")
    if not d.seats[seat].tiles:
        return _no("biome/no-tiles", "every card needs at least one new tile, and you have none")
    if d.withdrawals >= MAX_WITHDRAWALS:
        return _no(
            "biome/too-many-withdrawals",
            f"you have withdrawn {MAX_WITHDRAWALS} habitats this turn: no more earning this turn",
        )
    if card.prey and not earning.eligible_prey(d, seat, card):
        names = ", ".join(sorted(cs.animals[k].name for k in card.prey))
        return _no(
            "biome/no-prey",
            f"{card.name} needs one unconsumed prey among your animals "
            f"(any of: {names}), with room in its food chain (at most {MAX_CHAIN})",
        )
    return _no(
        "biome/habitat-impossible",
        f"the plants on the board and your tiles cannot "
        f"meet the habitat of {card.name} in any layer",
    )


def _why_not_place(d: BiomeData, seat: int, action: Place, cfg: Config) -> IllegalAction:
    ts = tiles()
    geo = cfg.geo
    tile = ts.by_id[action.tile]
    if tile.index not in d.seats[seat].tiles:
        return _not_your_tile(d, seat, action.tile)
    cell = geo.index[action.cell]
    if d.board[cell] != EMPTY:
        return _no("biome/cell-taken", f"{action.cell} already holds a tile")
    layer = geo.layer[cell]
    if not tile.fits(layer):
        fits = "/".join(Layer(b).title for b in range(3) if tile.layers >> b & 1)
        return _no(
            "biome/wrong-layer",
            f"{action.tile} is a {fits} tile; {action.cell} is in the {Layer(layer).title} layer",
        )
    if action.rotation not in tile.rotations:
        return _no(
            "biome/same-rotation",
            f"{action.tile} turned {action.rotation} looks the same "
            f"as turned {tile.canonical(action.rotation)}: use that",
        )
    bad = conflict(d.board, geo, cell, tile, action.rotation)
    if bad is not None:
        n = geo.nbr[cell][bad]
        mine = ts.plants[tile.faces[action.rotation][bad]].name.lower()
        theirs_v = d.board[n]
        theirs = ts.plants[ts.tiles[theirs_v // 6].faces[theirs_v % 6][(bad + 3) % 6]]
        return _no(
            "biome/conflict",
            f"plants conflict: your {mine} would face the "
            f"{theirs.name.lower()} of {geo.cells[n]} ({DIRECTION_NAMES[bad]} side)",
        )
    if d.pending and not touches(d.board, geo, cell, tile, action.rotation, d.pending):
        return _no(
            "biome/must-touch",
            "the tiles placed for one card must touch each other "
            "(in one layer, or by a vine matched across the Canopy/Understory seam)",
        )
    card = cards().by_id[d.card or ""]
    if not d.pending and not placement.first_tile_helps(
        d.board, geo, cell, tile, action.rotation, card.needs
    ):
        ts_ = tiles()
        names = ", ".join(ts_.plants[p].name.lower() for p, n in enumerate(card.needs) if n)
        return _no(
            "biome/tile-does-not-help",
            f"{action.tile} there reaches none of the plants "
            f"{card.name} needs ({names}), neither on the tile nor by a match: begin "
            "its habitat with a tile that does",
        )
    return _no(
        "biome/habitat-impossible",
        f"{card.name}'s habitat cannot be completed in the "
        f"{Layer(layer).title} layer with the plants on the board and your tiles",
    )


def _why_not_confirm(d: BiomeData, seat: int, action: Action, cfg: Config) -> IllegalAction:
    cs = cards()
    card = cs.by_id[d.card or ""]
    if not d.pending:
        return _no("biome/no-new-tile", "every card needs at least one new tile: place one first")
    lack = missing(card, access(d.board, cfg.geo, d.pending))
    if lack:
        return _no(
            "biome/habitat-incomplete", f"{card.name}'s habitat still needs " + ", ".join(lack)
        )
    if isinstance(action, Confirm):
        return _no(
            "biome/needs-prey",
            f"{card.name} must eat: confirm eating one of "
            + ", ".join(earning.eligible_prey(d, seat, card)),
        )
    assert isinstance(action, ConfirmPrey)
    if not card.prey:
        return _no("biome/no-prey-needed", f"{card.name} eats no prey: just confirm")
    prey = cs.by_id[action.prey]
    chains = d.seats[seat].chains
    if not any(action.prey in ch for ch in chains):
        return _no("biome/prey-unavailable", f"{action.prey} is not one of your earned animals")
    if prey.key not in card.prey:
        return _no("biome/prey-unavailable", f"{card.name} does not eat {prey.name}")
    chain = next(ch for ch in chains if action.prey in ch)
    if chain[-1] != action.prey:
        return _no(
            "biome/prey-unavailable",
            f"{action.prey} is already consumed (it feeds "
            f"{cs.by_id[chain[chain.index(action.prey) + 1]].name})",
        )
    return _no("biome/prey-unavailable", f"that food chain already holds {MAX_CHAIN} animals")
