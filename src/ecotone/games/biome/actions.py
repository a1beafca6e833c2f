"""The decisions of BIOME Borneo (rules doc §Notation).

=================================  =============================================================
notation                           meaning
=================================  =============================================================
``pass``                           reaction window: play no Opportunist now
``opportunist takes T07``          play an Opportunist: take tile T07 from an opponent
``no exchange``                    phase 1: exchange nothing
``exchange card sun-bear-2``       phase 1: choose a card to exchange (then more, then done)
``exchange tile T07``              phase 1: choose a tile to exchange (then more, then done)
``done exchanging``                phase 1: discard the chosen ones and draw as many
``earn sun-bear-2``                phase 2: start creating the habitat of a card (hand/Gallery)
``place T07 on C2a turned 3``      place tile T07 on cell C2a, turned 3 x 60 degrees anticlockwise
``confirm``                        earn the card (habitat met; no prey needed)
``confirm eating termites-1``      earn the card, stacking it on (consuming) prey termites-1
``withdraw``                       take back this habitat's tiles; the card returns
``blight C2a``                     play Blight: take the tile on C2a into your hand
``winds of change``                play Winds of Change
``gain nothing`` / ``gain X``      Winds of Change: gain card X from the Gallery or discards
``sabotage nobody`` / ``... P2``   Winds of Change: P2 discards a random card
``end turn``                       end phase 2 and refill
``draw from deck``                 refill one card from the Main Deck
``take X from gallery``            refill one card from the Card Gallery
``return T07``                     put tile T07 face down on the perimeter (tile limit, Clearing)
``discard X``                      Drought: discard card X
``burn U2``                        Forest Fire: the Understory platform U2 burns
=================================  =============================================================

Seats are P1-P4 in notation and 0-3 in JSON; rotations are 0-5 in both.
"""

from __future__ import annotations

from typing import ClassVar

from ecotone.core.actions import Action, ActionCodec
from ecotone.games.biome.board import PLATFORMS, cell_names
from ecotone.games.biome.cards import cards
from ecotone.games.biome.tiles import tiles

__all__ = [
    "CODEC",
    "Burn",
    "Confirm",
    "ConfirmPrey",
    "DiscardCard",
    "DoneExchange",
    "DrawDeck",
    "Earn",
    "EndTurn",
    "ExchangeCard",
    "ExchangeTile",
    "Gain",
    "NoExchange",
    "Opportunist",
    "Pass",
    "Place",
    "PlayBlight",
    "PlayWinds",
    "ReturnTile",
    "Sabotage",
    "SkipGain",
    "SkipSabotage",
    "TakeGallery",
    "Withdraw",
]


class Pass(Action, frozen=True, tag="pass"):
    """Reaction window: play nothing."""

    notation: ClassVar[str] = "pass"


class Opportunist(Action, frozen=True, tag="opportunist"):
    """Play an Opportunist: take a tile from an opponent's supply."""

    notation: ClassVar[str] = "opportunist takes {tile}"
    tile: str


class NoExchange(Action, frozen=True, tag="no-exchange"):
    """Phase 1: exchange nothing."""

    notation: ClassVar[str] = "no exchange"


class ExchangeCard(Action, frozen=True, tag="exchange-card"):
    """Phase 1: choose one more card to exchange."""

    notation: ClassVar[str] = "exchange card {card}"
    # the others learn that one more card is chosen, not which: the cards chosen show only
    # once they are discarded, at "done exchanging"
    noun: ClassVar[str] = "a card chosen for the exchange"
    card: str


class ExchangeTile(Action, frozen=True, tag="exchange-tile"):
    """Phase 1: choose one more tile to exchange."""

    notation: ClassVar[str] = "exchange tile {tile}"
    tile: str


class DoneExchange(Action, frozen=True, tag="done-exchanging"):
    """Phase 1: exchange everything chosen."""

    notation: ClassVar[str] = "done exchanging"


class Earn(Action, frozen=True, tag="earn"):
    """Phase 2: start creating the habitat of a card from the hand or the Gallery."""

    notation: ClassVar[str] = "earn {card}"
    card: str


class Place(Action, frozen=True, tag="place"):
    """Place a tile for the card being earned."""

    notation: ClassVar[str] = "place {tile} on {cell} turned {rotation}"
    # a first tile may have a hundred placements: a person picks the tile, then the cell,
    # then the turn (each turn shown by the game's preview)
    choose_by: ClassVar[tuple[str, ...]] = ("tile", "cell", "rotation")
    tile: str
    cell: str
    rotation: int


class Confirm(Action, frozen=True, tag="confirm"):
    """Earn the card: its habitat is met and it needs no prey."""

    notation: ClassVar[str] = "confirm"


class ConfirmPrey(Action, frozen=True, tag="confirm-prey"):
    """Earn the card, consuming one prey (stacking the card on it)."""

    notation: ClassVar[str] = "confirm eating {prey}"
    prey: str


class Withdraw(Action, frozen=True, tag="withdraw"):
    """Take this habitat's tiles back; the card returns where it came from."""

    notation: ClassVar[str] = "withdraw"


class PlayBlight(Action, frozen=True, tag="blight"):
    """Play Blight: take a placed tile into your supply."""

    notation: ClassVar[str] = "blight {cell}"
    cell: str


class PlayWinds(Action, frozen=True, tag="winds"):
    """Play Winds of Change."""

    notation: ClassVar[str] = "winds of change"


class SkipGain(Action, frozen=True, tag="gain-nothing"):
    """Winds of Change: gain no card."""

    notation: ClassVar[str] = "gain nothing"


class Gain(Action, frozen=True, tag="gain"):
    """Winds of Change: gain a card from the Gallery or the discard pile."""

    notation: ClassVar[str] = "gain {card}"
    card: str


class SkipSabotage(Action, frozen=True, tag="sabotage-nobody"):
    """Winds of Change: sabotage nobody."""

    notation: ClassVar[str] = "sabotage nobody"


class Sabotage(Action, frozen=True, tag="sabotage"):
    """Winds of Change: an opponent discards a random card."""

    notation: ClassVar[str] = "sabotage {seat:seat}"
    seat: int


class EndTurn(Action, frozen=True, tag="end-turn"):
    """End phase 2 and refill."""

    notation: ClassVar[str] = "end turn"


class DrawDeck(Action, frozen=True, tag="draw-deck"):
    """Refill one card from the Main Deck."""

    notation: ClassVar[str] = "draw from deck"


class TakeGallery(Action, frozen=True, tag="take-gallery"):
    """Refill one card from the Card Gallery."""

    notation: ClassVar[str] = "take {card} from gallery"
    card: str


class ReturnTile(Action, frozen=True, tag="return-tile"):
    """Put one of your tiles face down on the perimeter."""

    notation: ClassVar[str] = "return {tile}"
    tile: str


class DiscardCard(Action, frozen=True, tag="discard-card"):
    """Drought: discard a card from your hand."""

    notation: ClassVar[str] = "discard {card}"
    # hidden when the discard pile is shuffled back into the Main Deck in the same step
    noun: ClassVar[str] = "a card discarded"
    card: str


class Burn(Action, frozen=True, tag="burn"):
    """Forest Fire: choose the Understory platform that burns."""

    notation: ClassVar[str] = "burn {platform}"
    platform: str


_CARDS = cards().ids
_TILES = tiles().ids

# Literal forms come before the forms with a free word in the same place ("gain nothing"
# before "gain {card}"), because notation is read by trying the forms in this order.
CODEC = ActionCodec(
    {
        Pass: {},
        Opportunist: {"tile": _TILES},
        NoExchange: {},
        ExchangeCard: {"card": _CARDS},
        ExchangeTile: {"tile": _TILES},
        DoneExchange: {},
        Earn: {"card": _CARDS},
        Place: {"tile": _TILES, "cell": cell_names(), "rotation": range(6)},
        Confirm: {},
        ConfirmPrey: {"prey": _CARDS},
        Withdraw: {},
        PlayBlight: {"cell": cell_names()},
        PlayWinds: {},
        SkipGain: {},
        Gain: {"card": _CARDS},
        SkipSabotage: {},
        Sabotage: {"seat": range(4)},
        EndTurn: {},
        DrawDeck: {},
        TakeGallery: {"card": _CARDS},
        ReturnTile: {"tile": _TILES},
        DiscardCard: {"card": _CARDS},
        Burn: {"platform": PLATFORMS},
    }
)
