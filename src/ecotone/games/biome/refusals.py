"""Every code BIOME Borneo refuses an action with, and the refusals that belong to no one rule.

Each rule is a check in the module that holds the rule (:mod:`.exchange`, :mod:`.earning`,
:mod:`.placement`, :mod:`.abilities`, :mod:`.turn`), and both the legal-move generation and
the refusal hook (:func:`.rules.refusal`) ask it. A check returns ``None`` or an
:class:`~ecotone.core.errors.IllegalAction` with one of the codes below; where the legal
actions are listed on the hot path of search, it returns the code alone and the refusal
words it. This module holds the codes, the refusals that come before any rule (a name that
means nothing in the game, a decision that is not due) and the wording several rules share.

===================================  ===========================================================
code                                 refused because
===================================  ===========================================================
``biome/not-now``                    it is another player's decision
``biome/no-such-card``, ``-tile``,   a field names nothing in the game (a typo)
``-cell``, ``-rotation``,
``-platform``
``biome/reaction-window`` ...        another decision is due (one code per phase: see
``biome/must-discard``               :data:`_DUE`)
``biome/cards-or-tiles``             exchanging cards and tiles in one turn
``biome/already-chosen``             that card or tile is already chosen for exchange
``biome/not-in-hand``                the card is not in your hand
``biome/not-your-tile``              the tile is not in your supply
``biome/card-not-available``         earning a card neither in hand nor in the Gallery
``biome/not-earnable``               abilities and Disasters are played, not earned
``biome/no-tiles``                   every card needs a new tile, and you hold none
``biome/too-many-withdrawals``       3 habitats withdrawn this turn
``biome/no-prey``                    a predator without an unconsumed prey to eat
``biome/habitat-impossible``         the board and your tiles cannot meet the habitat there
``biome/cell-taken``                 the cell holds a tile
``biome/wrong-layer``                the tile's colour does not allow the cell's layer
``biome/same-rotation``              that turn looks like a smaller one: use that
``biome/conflict``                   two different plants would face each other
``biome/must-touch``                 the tiles for one card must touch each other
``biome/tile-does-not-help``         a first tile that reaches no plant the card needs
``biome/no-new-tile``                confirming before placing a tile
``biome/habitat-incomplete``         confirming before the habitat is met
``biome/needs-prey``                 confirming a predator without naming its prey
``biome/no-prey-needed``             naming prey for a card that eats none
``biome/prey-unavailable``           that animal cannot be eaten (not yours, not its prey,
                                     consumed, or its food chain is full)
``biome/no-opportunist``,            playing an ability card you do not hold
``biome/no-winds``, ``biome/no-blight``
``biome/tile-not-opponents``         an Opportunist takes a tile from an opponent's supply
``biome/empty-cell``                 a Blight on a cell without a tile
``biome/own-pending``                a Blight on a tile of the habitat in progress
``biome/cannot-gain``                Winds of Change gains a Gallery or discarded card
``biome/cannot-sabotage``            Winds of Change sabotages an opponent holding cards
``biome/deck-empty``                 drawing when the deck and the discard pile are empty
``biome/not-in-gallery``             refilling with a card not in the Gallery
``biome/cannot-burn``                the Forest Fire burns an Understory platform with tiles
===================================  ===========================================================
"""

from __future__ import annotations

from typing import Final

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction, Refusal
from ecotone.core.tuples import seat_name
from ecotone.games.biome.actions import ExchangeCard, ExchangeTile
from ecotone.games.biome.cards import cards
from ecotone.games.biome.config import Config
from ecotone.games.biome.state import BiomeData, Phase
from ecotone.games.biome.tiles import tiles

__all__ = [
    "BiomeRefusal",
    "decision_due",
    "not_in_hand",
    "not_now",
    "not_your_tile",
    "unknown_name",
]


class BiomeRefusal(Refusal):
    """The codes of BIOME Borneo's refusals (the module docstring says when each is used)."""

    NOT_NOW = "biome/not-now"
    NO_SUCH_CARD = "biome/no-such-card"
    NO_SUCH_TILE = "biome/no-such-tile"
    NO_SUCH_CELL = "biome/no-such-cell"
    NO_SUCH_ROTATION = "biome/no-such-rotation"
    NO_SUCH_PLATFORM = "biome/no-such-platform"
    # the decision that is due, one per phase
    REACTION_WINDOW = "biome/reaction-window"
    EXCHANGE_FIRST = "biome/exchange-first"
    EXCHANGING_CARDS = "biome/exchanging-cards"
    EXCHANGING_TILES = "biome/exchanging-tiles"
    CHOOSE_CARD_FIRST = "biome/choose-card-first"
    FINISH_HABITAT_FIRST = "biome/finish-habitat-first"
    WINDS_GAIN = "biome/winds-gain"
    WINDS_SABOTAGE = "biome/winds-sabotage"
    MUST_REFILL = "biome/must-refill"
    OVER_TILE_LIMIT = "biome/over-tile-limit"
    MUST_BURN = "biome/must-burn"
    MUST_RETURN_TILE = "biome/must-return-tile"
    MUST_DISCARD = "biome/must-discard"
    # phase 1: exchanging
    CARDS_OR_TILES = "biome/cards-or-tiles"
    ALREADY_CHOSEN = "biome/already-chosen"
    NOT_IN_HAND = "biome/not-in-hand"
    NOT_YOUR_TILE = "biome/not-your-tile"
    # phase 2: choosing a card
    CARD_NOT_AVAILABLE = "biome/card-not-available"
    NOT_EARNABLE = "biome/not-earnable"
    NO_TILES = "biome/no-tiles"
    TOO_MANY_WITHDRAWALS = "biome/too-many-withdrawals"
    NO_PREY = "biome/no-prey"
    HABITAT_IMPOSSIBLE = "biome/habitat-impossible"
    # phase 2: placing tiles
    CELL_TAKEN = "biome/cell-taken"
    WRONG_LAYER = "biome/wrong-layer"
    SAME_ROTATION = "biome/same-rotation"
    CONFLICT = "biome/conflict"
    MUST_TOUCH = "biome/must-touch"
    TILE_DOES_NOT_HELP = "biome/tile-does-not-help"
    # phase 2: earning the card
    NO_NEW_TILE = "biome/no-new-tile"
    HABITAT_INCOMPLETE = "biome/habitat-incomplete"
    NEEDS_PREY = "biome/needs-prey"
    NO_PREY_NEEDED = "biome/no-prey-needed"
    PREY_UNAVAILABLE = "biome/prey-unavailable"
    # abilities
    NO_OPPORTUNIST = "biome/no-opportunist"
    TILE_NOT_OPPONENTS = "biome/tile-not-opponents"
    NO_WINDS = "biome/no-winds"
    NO_BLIGHT = "biome/no-blight"
    EMPTY_CELL = "biome/empty-cell"
    OWN_PENDING = "biome/own-pending"
    CANNOT_GAIN = "biome/cannot-gain"
    CANNOT_SABOTAGE = "biome/cannot-sabotage"
    # the end of a turn and disasters
    DECK_EMPTY = "biome/deck-empty"
    NOT_IN_GALLERY = "biome/not-in-gallery"
    CANNOT_BURN = "biome/cannot-burn"


R: Final = BiomeRefusal

# What each phase asks for, said when another kind of action is tried.
_DUE: Final[dict[Phase, tuple[BiomeRefusal, str]]] = {
    Phase.REACT: (
        R.REACTION_WINDOW,
        "it is the start of P{turn}'s turn: pass, or play an "
        "Opportunist (opportunist takes <tile>)",
    ),
    Phase.EXCHANGE: (
        R.EXCHANGE_FIRST,
        "phase 1 comes first: exchange cards or tiles "
        "(exchange card <card> / exchange tile <tile>) or say 'no exchange'",
    ),
    Phase.MARK_CARDS: (
        R.EXCHANGING_CARDS,
        "you are choosing cards to exchange: choose "
        "more (exchange card <card>) or say 'done exchanging'",
    ),
    Phase.MARK_TILES: (
        R.EXCHANGING_TILES,
        "you are choosing tiles to exchange: choose "
        "more (exchange tile <tile>) or say 'done exchanging'",
    ),
    Phase.HABITATS: (
        R.CHOOSE_CARD_FIRST,
        "tiles are placed only to earn a card: choose "
        "the card first (earn <card>), play an ability, or end your turn",
    ),
    Phase.EARN: (
        R.FINISH_HABITAT_FIRST,
        "you are earning {card}: place tiles, confirm it, or withdraw first",
    ),
    Phase.WINDS_GAIN: (
        R.WINDS_GAIN,
        "Winds of Change: gain a card from the Gallery or "
        "the discard pile (gain <card>), or 'gain nothing'",
    ),
    Phase.WINDS_SABOTAGE: (
        R.WINDS_SABOTAGE,
        "Winds of Change: sabotage an opponent (sabotage P2) or 'sabotage nobody'",
    ),
    Phase.REFILL: (
        R.MUST_REFILL,
        "refill your hand: 'draw from deck' or take a Gallery card (take <card> from gallery)",
    ),
    Phase.DISCARD_TILES: (
        R.OVER_TILE_LIMIT,
        "you hold more tiles than the limit of "
        "{limit}: return one to the perimeter (return <tile>)",
    ),
    Phase.FIRE: (
        R.MUST_BURN,
        "Forest Fire: choose the Understory platform that burns (burn U1)",
    ),
    Phase.CLEARING: (
        R.MUST_RETURN_TILE,
        "Palm-Oil Clearing: return one of your tiles to the perimeter (return <tile>)",
    ),
    Phase.DROUGHT: (
        R.MUST_DISCARD,
        "Drought: discard one card from your hand (discard <card>)",
    ),
}


def not_now(waiting: tuple[int, ...]) -> IllegalAction:
    """The refusal for a player whose decision is not due (the kernel says so first; this
    answers anyone who asks the game directly)."""
    names = ", ".join(seat_name(s) for s in waiting) or "nobody: the game is over"
    return IllegalAction(R.NOT_NOW, f"it is not your decision now; waiting for {names}")


def unknown_name(action: Action, cfg: Config) -> IllegalAction | None:
    """A refusal for a field naming nothing in the game (a typo), else ``None``."""
    by_id = cards().by_id
    for field in ("card", "prey"):
        value = getattr(action, field, None)
        if value is not None and value not in by_id:
            return IllegalAction(
                R.NO_SUCH_CARD,
                f"there is no card {value!r} (card ids look like "
                "sun-bear-2, blight-1 or rafflesia)",
            )
    value = getattr(action, "tile", None)
    if value is not None and value not in tiles().by_id:
        return IllegalAction(R.NO_SUCH_TILE, f"there is no tile {value!r} (tiles are T01-T45)")
    value = getattr(action, "cell", None)
    if value is not None and value not in cfg.geo.index:
        return IllegalAction(
            R.NO_SUCH_CELL,
            f"there is no cell {value!r} (cells look like C2a: "
            "platform E1, C1-C3 or U1-U3, then a-g)",
        )
    value = getattr(action, "rotation", None)
    if value is not None and not 0 <= value < 6:
        return IllegalAction(R.NO_SUCH_ROTATION, f"a tile turns 0-5 steps, not {value}")
    value = getattr(action, "platform", None)
    if value is not None and value not in cfg.geo.platform_cells:
        return IllegalAction(R.NO_SUCH_PLATFORM, f"there is no platform {value!r}")
    return None


def decision_due(d: BiomeData, action: Action, cfg: Config) -> IllegalAction:
    """The refusal of an action of a kind the phase does not offer: what is due instead.

    One rule shows here: a turn exchanges cards or tiles, not both, so while choosing the
    one, choosing the other is refused as such. [rulebook]
    """
    if (d.phase is Phase.MARK_CARDS and isinstance(action, ExchangeTile)) or (
        d.phase is Phase.MARK_TILES and isinstance(action, ExchangeCard)
    ):
        return IllegalAction(R.CARDS_OR_TILES, "exchange either cards or tiles, not both")
    code, text = _DUE[d.phase]
    return IllegalAction(code, text.format(turn=d.turn + 1, card=d.card, limit=cfg.limit))


def not_in_hand(d: BiomeData, seat: int, card: str) -> IllegalAction:
    """``card`` is not in ``seat``'s hand (the refusal names what the hand holds)."""
    hand = ", ".join(d.seats[seat].hand) or "nothing"
    return IllegalAction(R.NOT_IN_HAND, f"{card} is not in your hand (you hold {hand})")


def not_your_tile(d: BiomeData, seat: int, tile: str) -> IllegalAction:
    """``tile`` is not in ``seat``'s supply (the refusal names the tiles it holds)."""
    ids = tiles().ids
    mine = ", ".join(ids[t] for t in d.seats[seat].tiles) or "none"
    return IllegalAction(R.NOT_YOUR_TILE, f"{tile} is not one of your tiles (yours: {mine})")
