"""The turn around the habitats: start of turn, drawing, disasters and the end of a turn.

Rules doc §A turn, §Ending your turn, §Disasters and §End of the game:

* A turn starts with the reaction window (others may play an Opportunist) when that option
  is on, then phase 1 (exchange) and phase 2 (habitats).
* Ending a turn: refill the hand to 5 from the Main Deck or the Card Gallery (a decision per
  card while the Gallery holds cards), refill tiles to the limit from the perimeter (face down,
  so at random), discard down to the limit if above it, then refill the Gallery to 3.
* A Disaster drawn from the Main Deck resolves at once; the player who drew it draws no more
  cards or tiles this turn, the turn ends, and the Card Gallery is reset (all discarded, 3
  new). A Disaster drawn while refilling the Gallery resolves the same way.
* When the Main Deck is empty the discard pile is shuffled into a new one [ecotone].
* Taking the last perimeter tile triggers the end: one final round follows, ending with the
  player who took it. The game also ends after 3 rounds in which nobody places a tile, or
  after 60 rounds [ecotone].

The choices these ask for (refill from the deck or the Gallery, a tile to return, a card to
discard, the platform that burns) are each checked once, at the end of the module.
"""

from __future__ import annotations

from typing import Final

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.rng import below, roll, shuffle
from ecotone.core.tuples import replace
from ecotone.games.biome.actions import Burn, DiscardCard, DrawDeck, ReturnTile, TakeGallery
from ecotone.games.biome.board import PLATFORMS
from ecotone.games.biome.cards import cards
from ecotone.games.biome.config import GALLERY, HAND, MAX_ROUNDS, STALL_ROUNDS, Config
from ecotone.games.biome.holdings import seat_changed, seats_with
from ecotone.games.biome.refusals import BiomeRefusal as R
from ecotone.games.biome.refusals import not_in_hand, not_your_tile
from ecotone.games.biome.state import EMPTY, BiomeData, Phase, Stage
from ecotone.games.biome.tiles import Layer, tiles

__all__ = [
    "after_disaster",
    "burn_offers",
    "burn_problem",
    "continue_end",
    "discard_offers",
    "discard_problem",
    "draw_card",
    "draw_offers",
    "draw_problem",
    "draw_tile",
    "gallery_offers",
    "gallery_problem",
    "return_cells",
    "return_offers",
    "return_problem",
    "start_turn",
    "strike",
]


# The phases and stages of a turn's start and end, bound to plain names: reading a member
# off its enum class goes through the enum type's attribute hook, several times the cost
# of a module-level name.
_REACT: Final = Phase.REACT
_EXCHANGE: Final = Phase.EXCHANGE
_REFILL: Final = Phase.REFILL
_DISCARD_TILES: Final = Phase.DISCARD_TILES
_OVER: Final = Phase.OVER
_PLAY: Final = Stage.PLAY
_CARDS: Final = Stage.CARDS
_TILES: Final = Stage.TILES
_DISCARD: Final = Stage.DISCARD
_GALLERY: Final = Stage.GALLERY
_DONE: Final = Stage.DONE


def start_turn(d: BiomeData, seat: int, cfg: Config) -> BiomeData:
    """The data at the start of ``seat``'s turn."""
    d = replace(
        d,
        turn=seat,
        stage=_PLAY,
        card=None,
        from_gallery=False,
        pending=(),
        withdrawals=0,
        stopped=False,
        reset=False,
        placed_this_turn=False,
        marked_cards=(),
        marked_tiles=(),
        resume=None,
        disaster=None,
        turns=d.turns + 1,
        waiting=(),
    )
    if cfg.react and cfg.players > 1:
        others = tuple(s for s in range(cfg.players) if s != seat)
        return replace(d, phase=_REACT, waiting=others)
    return replace(d, phase=_EXCHANGE)


# -- drawing ----------------------------------------------------------------------------


def draw_card(d: BiomeData) -> tuple[BiomeData, str | None]:
    """The top card of the Main Deck (the discard pile reshuffled first if the deck is
    empty), or ``None`` when both are empty."""
    if not d.deck:
        if not d.discard:
            return d, None
        rnd, key = roll(d.rng)
        pile = list(d.discard)
        shuffle(rnd, pile)
        d = replace(d, deck=tuple(pile), discard=(), rng=key)
    return replace(d, deck=d.deck[:-1]), d.deck[-1]


def draw_tile(d: BiomeData, seat: int) -> BiomeData:
    """``seat`` takes a random face-down tile from the perimeter (which must not be empty);
    taking the last one triggers the end of the game."""
    rnd, key = roll(d.rng)
    i = below(rnd, len(d.perimeter))
    tile = d.perimeter[i]
    perimeter = d.perimeter[:i] + d.perimeter[i + 1 :]
    # (the tile's move and the next key in one copy of the record)
    return replace(
        d,
        seats=seats_with(d, seat, tiles=tuple(sorted((*d.seats[seat].tiles, tile)))),
        perimeter=perimeter,
        rng=key,
        trigger=d.turn if not perimeter and d.trigger is None else d.trigger,
    )


def return_cells(d: BiomeData, cells: list[int]) -> BiomeData:
    """The tiles on ``cells`` go face down to the perimeter."""
    board = list(d.board)
    back = []
    for c in cells:
        if board[c] != EMPTY:
            back.append(board[c] // 6)
            board[c] = EMPTY
    return replace(d, board=tuple(board), perimeter=tuple(sorted((*d.perimeter, *back))))


# -- disasters --------------------------------------------------------------------------


def strike(d: BiomeData, disaster: str, cfg: Config) -> BiomeData:
    """A Disaster has been drawn: resolve it at once (asking for choices where it needs
    them); drawing stops for this turn, which ends, and the Card Gallery will be reset."""
    d = replace(
        d,
        discard=(*d.discard, disaster),
        stopped=True,
        reset=True,
        disaster=disaster,
        marked_cards=(),
        marked_tiles=(),
    )
    key = cards().by_id[disaster].key
    order = [(d.turn + i) % cfg.players for i in range(cfg.players)]
    geo = cfg.geo
    if key == "illegal-logging":
        cells = [c for c in range(len(d.board)) if geo.layer[c] == Layer.EMERGENT]
        return after_disaster(return_cells(d, cells), cfg)
    if key == "forest-fire":
        if any(d.board[c] != EMPTY for c, lay in enumerate(geo.layer) if lay == Layer.UNDERSTORY):
            return replace(d, phase=Phase.FIRE)
        return after_disaster(d, cfg)
    if key == "palm-oil-clearing":
        waiting = tuple(s for s in order if d.seats[s].tiles)
        if waiting:
            return replace(d, phase=Phase.CLEARING, waiting=waiting)
        return after_disaster(d, cfg)
    waiting = tuple(s for s in order if d.seats[s].hand)  # drought
    if waiting:
        return replace(d, phase=Phase.DROUGHT, waiting=waiting)
    return after_disaster(d, cfg)


def after_disaster(d: BiomeData, cfg: Config) -> BiomeData:
    """The Disaster is over: the turn ends (no more draws), with a Card Gallery reset."""
    d = replace(d, disaster=None, waiting=(), stage=_DISCARD)
    return continue_end(d, cfg)


# -- the end of a turn --------------------------------------------------------------------


def continue_end(d: BiomeData, cfg: Config) -> BiomeData:
    """Carry the end of the turn forward from ``d.stage`` until a decision is due."""
    seat = d.turn
    while True:
        stage = d.stage
        if stage is _CARDS:
            need = HAND - len(d.seats[seat].hand)
            if d.stopped or need <= 0:
                d = replace(d, stage=_TILES)
            elif d.gallery:
                return replace(d, phase=_REFILL)
            else:
                d, card = draw_card(d)
                if card is None:
                    d = replace(d, stage=_TILES)
                elif cards().by_id[card].kind == "disaster":
                    return strike(d, card, cfg)
                else:
                    d = seat_changed(d, seat, hand=tuple(sorted((*d.seats[seat].hand, card))))
        elif stage is _TILES:
            if not d.stopped:
                while len(d.seats[seat].tiles) < cfg.limit and d.perimeter:
                    d = draw_tile(d, seat)
            d = replace(d, stage=_DISCARD)
        elif stage is _DISCARD:
            if len(d.seats[seat].tiles) > cfg.limit:
                return replace(d, phase=_DISCARD_TILES)
            d = replace(d, stage=_GALLERY)
        elif stage is _GALLERY:
            if d.reset:
                d = replace(d, discard=d.discard + d.gallery, gallery=(), reset=False)
            while len(d.gallery) < GALLERY:
                d, card = draw_card(d)
                if card is None:
                    break
                if cards().by_id[card].kind == "disaster":
                    return strike(d, card, cfg)
                d = replace(d, gallery=(*d.gallery, card))
            d = replace(d, stage=_DONE)
        else:
            return _finish(d, cfg)


def _finish(d: BiomeData, cfg: Config) -> BiomeData:
    quiet = 0 if d.placed_this_turn else d.quiet_turns + 1
    final = d.final_turns
    ended = ""
    if final > 0:
        final -= 1
        if final == 0:
            ended = "perimeter"
    elif d.trigger is not None and final < 0:
        final = cfg.players
    if not ended and quiet >= STALL_ROUNDS * cfg.players:
        ended = "stall"
    if not ended and d.turns >= MAX_ROUNDS * cfg.players:
        ended = "limit"
    d = replace(d, quiet_turns=quiet, final_turns=final)
    if ended:
        return replace(d, phase=_OVER, ended_by=ended, waiting=(), card=None, pending=())
    return start_turn(d, (d.turn + 1) % cfg.players, cfg)


# -- the choices at the end of a turn and in a disaster, each checked once ----------------


def _draw_problem(d: BiomeData) -> IllegalAction | None:
    """A card is drawn from the Main Deck while it or the discard pile holds one."""
    if not d.deck and not d.discard:
        return IllegalAction(
            R.DECK_EMPTY, "the Main Deck and the discard pile are empty: take a Gallery card"
        )
    return None


def draw_problem(d: BiomeData, seat: int, action: DrawDeck, cfg: Config) -> IllegalAction | None:
    """Why ``seat`` may not refill from the Main Deck, or ``None``."""
    del seat, action, cfg
    return _draw_problem(d)


def _gallery_problem(d: BiomeData, card: str) -> IllegalAction | None:
    """A refill from the Card Gallery takes one of its cards."""
    if card not in d.gallery:
        shown = ", ".join(d.gallery) or "empty"
        return IllegalAction(R.NOT_IN_GALLERY, f"{card} is not in the Card Gallery ({shown})")
    return None


def gallery_problem(
    d: BiomeData, seat: int, action: TakeGallery, cfg: Config
) -> IllegalAction | None:
    """Why ``seat`` may not refill with ``action.card``, or ``None``."""
    del seat, cfg
    return _gallery_problem(d, action.card)


def _return_problem(d: BiomeData, seat: int, tile: int) -> IllegalAction | None:
    """A tile returned to the perimeter comes from the player's supply."""
    if tile not in d.seats[seat].tiles:
        return not_your_tile(d, seat, tiles().ids[tile])
    return None


def return_problem(
    d: BiomeData, seat: int, action: ReturnTile, cfg: Config
) -> IllegalAction | None:
    """Why ``seat`` may not return ``action.tile``, or ``None``."""
    del cfg
    return _return_problem(d, seat, tiles().by_id[action.tile].index)


def _discard_problem(d: BiomeData, seat: int, card: str) -> IllegalAction | None:
    """A Drought discards a card from the player's hand."""
    if card not in d.seats[seat].hand:
        return not_in_hand(d, seat, card)
    return None


def discard_problem(
    d: BiomeData, seat: int, action: DiscardCard, cfg: Config
) -> IllegalAction | None:
    """Why ``seat`` may not discard ``action.card``, or ``None``."""
    del cfg
    return _discard_problem(d, seat, action.card)


def _burn_problem(d: BiomeData, platform: str, cfg: Config) -> IllegalAction | None:
    """A Forest Fire burns an Understory platform that holds tiles."""
    if not platform.startswith("U"):
        return IllegalAction(R.CANNOT_BURN, "the fire burns an Understory platform (U1-U3)")
    if all(d.board[c] == EMPTY for c in cfg.geo.platform_cells[platform]):
        return IllegalAction(R.CANNOT_BURN, f"{platform} has no tiles to burn")
    return None


def burn_problem(d: BiomeData, seat: int, action: Burn, cfg: Config) -> IllegalAction | None:
    """Why ``seat`` may not burn ``action.platform``, or ``None``."""
    del seat
    return _burn_problem(d, action.platform, cfg)


def draw_offers(d: BiomeData, seat: int, cfg: Config) -> list[Action]:
    """``draw from deck``, when a card can be drawn."""
    del seat, cfg
    return [DrawDeck()] if _draw_problem(d) is None else []


def gallery_offers(d: BiomeData, seat: int, cfg: Config) -> list[Action]:
    """A refill with each Gallery card."""
    del seat, cfg
    return [TakeGallery(c) for c in d.gallery if _gallery_problem(d, c) is None]


def return_offers(d: BiomeData, seat: int, cfg: Config) -> list[Action]:
    """Each tile of the supply, to return to the perimeter."""
    del cfg
    ids = tiles().ids
    return [ReturnTile(ids[t]) for t in d.seats[seat].tiles if _return_problem(d, seat, t) is None]


def discard_offers(d: BiomeData, seat: int, cfg: Config) -> list[Action]:
    """Each card of the hand, to discard in a Drought."""
    del cfg
    return [DiscardCard(c) for c in d.seats[seat].hand if _discard_problem(d, seat, c) is None]


def burn_offers(d: BiomeData, seat: int, cfg: Config) -> list[Action]:
    """Each platform the Forest Fire could burn."""
    del seat
    return [Burn(p) for p in PLATFORMS if _burn_problem(d, p, cfg) is None]
