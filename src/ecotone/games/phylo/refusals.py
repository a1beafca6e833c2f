"""Every reason an action is refused, with its stable code, and the words that explain it.

The rules themselves are checked in the rule modules (:mod:`.placement`, :mod:`.movement`,
:mod:`.events`, :mod:`.challenge`), by functions that return the first rule an action
breaks or ``None``: :func:`ecotone.games.phylo.rules.refusal` asks them in order, and
:func:`ecotone.games.phylo.rules.legal` builds the legal actions from them. This module
holds what those checks say: the codes, and the explanations that teach the rules (a
species refused in a cell is told, neighbour by neighbour, which condition of compatibility
fails: climate, terrain, locale, food chain).

==================================  ==========================================================
code                                refused because
==================================  ==========================================================
``phylo/unknown-card``              no card of the game has that id
``phylo/no-such-cell``              no cell of the table has that name
``phylo/not-now``                   not one of a turn's actions (or the game is over)
``phylo/not-in-hand``               the card is not in your hand
``phylo/pile-empty``                dropping a card, with nothing left to pick up
``phylo/needs-cell``                a species is played at a cell
``phylo/cannot-leave``              only Habitat Loss may stay on the table as URBAN terrain
``phylo/map-board``                 the cell is part of the map board
``phylo/needs-host``                a PARASITIC species goes beneath a species
``phylo/cell-full``                 that host already has a parasite
``phylo/not-a-host``                the parasite cannot feed on that host
``phylo/cell-taken``                the cell holds a card
``phylo/not-similar``               an INVASIVE species replaces only a similar species
``phylo/not-adjacent``              the cell is next to no card and not to the map board
``phylo/needs-pollinator``          the plant needs a POLLINATOR on the table
``phylo/incompatible``              no neighbour meets every condition of compatibility
``phylo/reaction-only``             the event is played only in answer to an event
``phylo/start-of-turn-only``        the event is played before the turn's first action
``phylo/needs-target``              the event is played on a species
``phylo/takes-no-target``           the event is played on no species
``phylo/nothing-to-recover``        no species card in your discard pile to take back
``phylo/once-per-game``             Climate Change has been played
``phylo/no-target``                 no species at that cell
``phylo/bad-target``                the event may not be played on that species
``phylo/no-card-there``             no card at the cell to move
``phylo/not-your-card``             the card there is the opponent's
``phylo/cannot-move``               the card has no MOVE or FLIGHT
``phylo/no-such-direction``         no straight line has that name
``phylo/no-diagonal``               only FLIGHT moves diagonally
``phylo/no-steps``                  a move goes at least one cell
``phylo/too-far``                   further than the card's MOVE# or FLIGHT# left this turn
``phylo/off-the-table``             the line leaves the table
``phylo/blocked``                   a card or the map board is in the way
``phylo/must-react``                an event was just played: cancel it or allow it
``phylo/cannot-cancel``             that card does not negate the event
``phylo/must-spread``               Climate Change is spreading: pick a species, or done
``phylo/not-next-to-spread``        not a species next to where Climate Change is
``phylo/must-throw``                the rock-paper-scissors contest is on
``phylo/must-discard``              Darwin Gets Seasick: discard first
``phylo/must-recover``              Increase Biodiversity: take a species back first
``phylo/not-a-species``             only species cards are taken back
``phylo/not-in-discard``            the card is not in your discard pile
``phylo/must-challenge-or-allow``   a placement was just made: challenge it or allow it
``phylo/must-remove``               you won the challenge: remove a card, or done
``phylo/empty-cell``                no card at that cell to remove
``phylo/no-parasite``               no parasite beneath that card
==================================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

import msgspec

from ecotone.core.errors import IllegalAction, Refusal
from ecotone.core.tuples import listed
from ecotone.games.phylo.board import CELL_NAMES, NEIGHBOURS, NEXT_TO_MAP
from ecotone.games.phylo.cards import Species, cards, environment_compatible, feeds_on
from ecotone.games.phylo.compatibility import tables
from ecotone.games.phylo.state import Slot

__all__ = [
    "Objection",
    "PhyloRefusal",
    "Problem",
    "objection",
    "pair_reason",
    "why_fits_nowhere",
    "why_not_fits",
]


class PhyloRefusal(Refusal):
    """Every code Phylo refuses an action with (see the table above)."""

    UNKNOWN_CARD = "phylo/unknown-card"
    NO_SUCH_CELL = "phylo/no-such-cell"
    NOT_NOW = "phylo/not-now"
    NOT_IN_HAND = "phylo/not-in-hand"
    PILE_EMPTY = "phylo/pile-empty"
    NEEDS_CELL = "phylo/needs-cell"
    CANNOT_LEAVE = "phylo/cannot-leave"
    MAP_BOARD = "phylo/map-board"
    NEEDS_HOST = "phylo/needs-host"
    CELL_FULL = "phylo/cell-full"
    NOT_A_HOST = "phylo/not-a-host"
    CELL_TAKEN = "phylo/cell-taken"
    NOT_SIMILAR = "phylo/not-similar"
    NOT_ADJACENT = "phylo/not-adjacent"
    NEEDS_POLLINATOR = "phylo/needs-pollinator"
    INCOMPATIBLE = "phylo/incompatible"
    REACTION_ONLY = "phylo/reaction-only"
    START_OF_TURN_ONLY = "phylo/start-of-turn-only"
    NEEDS_TARGET = "phylo/needs-target"
    TAKES_NO_TARGET = "phylo/takes-no-target"
    NOTHING_TO_RECOVER = "phylo/nothing-to-recover"
    ONCE_PER_GAME = "phylo/once-per-game"
    NO_TARGET = "phylo/no-target"
    BAD_TARGET = "phylo/bad-target"
    NO_CARD_THERE = "phylo/no-card-there"
    NOT_YOUR_CARD = "phylo/not-your-card"
    CANNOT_MOVE = "phylo/cannot-move"
    NO_SUCH_DIRECTION = "phylo/no-such-direction"
    NO_DIAGONAL = "phylo/no-diagonal"
    NO_STEPS = "phylo/no-steps"
    TOO_FAR = "phylo/too-far"
    OFF_THE_TABLE = "phylo/off-the-table"
    BLOCKED = "phylo/blocked"
    MUST_REACT = "phylo/must-react"
    CANNOT_CANCEL = "phylo/cannot-cancel"
    MUST_SPREAD = "phylo/must-spread"
    NOT_NEXT_TO_SPREAD = "phylo/not-next-to-spread"
    MUST_THROW = "phylo/must-throw"
    MUST_DISCARD = "phylo/must-discard"
    MUST_RECOVER = "phylo/must-recover"
    NOT_A_SPECIES = "phylo/not-a-species"
    NOT_IN_DISCARD = "phylo/not-in-discard"
    MUST_CHALLENGE_OR_ALLOW = "phylo/must-challenge-or-allow"
    MUST_REMOVE = "phylo/must-remove"
    EMPTY_CELL = "phylo/empty-cell"
    NO_PARASITE = "phylo/no-parasite"


class Problem(msgspec.Struct, frozen=True):
    """A rule an action breaks: its code, and how to say why.

    The legal actions ask the rules about many actions that fail (a move past a card, an
    event on a species it spares), so the words, which may walk the neighbours of a cell,
    are only put together when someone will read them: :meth:`refusal`.
    """

    code: PhyloRefusal
    words: Callable[[], str]

    def refusal(self) -> IllegalAction:
        """The refusal a player reads."""
        return IllegalAction(self.code, self.words())


# -- compatibility, explained ------------------------------------------------------------------


class Objection(msgspec.Struct, frozen=True):
    """What a card ``y`` on the table has against a species ``x`` beside it, said two ways.

    Attributes:
        sentence: on its own, naming both cards where it needs them ("Guanaco (scale 8) is
            bigger than Magellanic Penguin (scale 7)"): a refusal at one cell.
        kind: what it shares with other cards' objections, naming neither ("bigger than
            its scale 7"): cards with the same ``kind`` are told together, where the
            species fits nowhere.
        detail: what of ``y`` the ``kind`` reads ("scale 8"; ``""``: nothing), told beside
            its name.
    """

    sentence: str
    kind: str
    detail: str = ""


def objection(x: Species, y: Species) -> Objection:
    """The first condition of compatibility ``x`` fails next to ``y`` (rules doc
    §Compatibility: a shared climate, a shared terrain, the locale, then what ``x`` feeds
    on)."""
    if not set(x.climates) & set(y.climates):
        return Objection("no shared climate", "no shared climate")
    if not set(x.terrains) & set(y.terrains):
        return Objection("no shared terrain", "no shared terrain")
    if not environment_compatible(x, y):
        legs = cards().legs
        mine, theirs = legs[x.locale].colour, legs[y.locale].colour
        return Objection(
            f"locales differ ({mine} and {theirs})", f"another locale than its {mine}", theirs
        )
    if x.id in tables().parasites:
        only = f"{x.name} parasitises only {' or '.join(x.hosts)} species"
        return Objection(only, only)
    if feeds_on(x, y) or x.id in tables().plants:
        return Objection("it would fit", "it would fit")
    if x.feeds_in_terrain is not None and x.feeds_in_terrain not in y.terrains:
        terrain = x.feeds_in_terrain.value
        return Objection(
            f"{x.name} must feed off a {terrain} card",
            f"not a {terrain} card, which {x.name} must feed off",
        )
    if x.feeds_on_keyword is not None:
        keyword = x.feeds_on_keyword.value
        return Objection(
            f"{x.name} must be played next to a {keyword} species",
            f"not a {keyword} species, which {x.name} must be played next to",
        )
    if x.diet.value == "herbivore":
        return Objection(
            f"a herbivore feeds on a food chain 1 card, and {y.name} is FC{y.food_chain}",
            "not food chain 1, which a herbivore feeds on",
            f"FC{y.food_chain}",
        )
    if not 2 <= y.food_chain < x.food_chain:
        plant = " or on a plant" if x.diet.value == "omnivore" else ""
        return Objection(
            f"{x.name} (FC{x.food_chain}) feeds on animals of a lower food chain number"
            f"{plant}, and {y.name} is FC{y.food_chain}",
            f"not an animal of a lower food chain than its FC{x.food_chain}"
            + (" nor a plant" if plant else ""),
            f"FC{y.food_chain}",
        )
    return Objection(
        f"{y.name} (scale {y.scale}) is bigger than {x.name} (scale {x.scale})",
        f"bigger than its scale {x.scale}",
        f"scale {y.scale}",
    )


def pair_reason(x: Species, y: Species) -> str:
    """The first condition of compatibility ``x`` fails next to ``y``, in a sentence."""
    return objection(x, y).sentence


_MAP_BOARD_RULE = "only a photosynthetic food chain 1 card may use the map board"


def _said(who: str, why: str, many: bool = False) -> str:
    """``Capybara at t20: no shared terrain``; ``t21 is URBAN`` (``many``: ``are``)."""
    if why:
        return f"{who}: {why}"
    return f"{who} {'are' if many else 'is'} URBAN"


def why_not_fits(sp: Species, cell: int, cells: Mapping[int, Slot]) -> str:
    """Why ``sp`` is not compatible in ``cell``, neighbour by neighbour."""
    reasons = []
    for n in NEIGHBOURS[cell]:
        slot = cells.get(n)
        if slot is None:
            continue
        other = cards().species.get(slot.card)  # (None: an event left there as URBAN)
        why = "" if other is None else objection(sp, other).sentence
        reasons.append(_said(f"{other.name} at {CELL_NAMES[n]}" if other else CELL_NAMES[n], why))
    if cell in NEXT_TO_MAP:
        reasons.append(_MAP_BOARD_RULE)
    head = f"{sp.name} is not compatible at {CELL_NAMES[cell]}"
    return head + (": " + "; ".join(reasons) if reasons else "")


def why_fits_nowhere(sp: Species, tried: Iterable[int], cells: Mapping[int, Slot]) -> str:
    """Why ``sp`` is compatible in none of the cells ``tried`` (each refused by
    :func:`why_not_fits`): the general fact, which names no cell to play at.

    A species needs one compatible neighbour, so each card beside those cells is told, in
    the table's order, with what it has against ``sp``; cards with the same kind of
    objection are told together, each with what the objection reads of it (``Coconut Palm
    (purple) and Scalesia (green): another locale than its red``); cells left URBAN are
    told by their names. The map board's rule comes last, when one of the cells is next to
    it; on an empty table it is the whole reason.
    """
    spots = list(tried)
    beside = sorted({n for c in spots for n in NEIGHBOURS[c] if n in cells})
    by_kind: dict[str, list[str]] = {}
    for n in beside:
        other = cards().species.get(cells[n].card)
        if other is None:  # an event left as URBAN terrain: a place, not a card
            by_kind.setdefault("", []).append(CELL_NAMES[n])
            continue
        against = objection(sp, other)
        who = f"{other.name} ({against.detail})" if against.detail else other.name
        by_kind.setdefault(against.kind, []).append(who)
    told = [_said(listed(whom), kind, len(whom) > 1) for kind, whom in by_kind.items()]
    if any(c in NEXT_TO_MAP for c in spots):
        told.append(_MAP_BOARD_RULE)
    head = f"{sp.name} is not compatible anywhere"
    return head + (": " + "; ".join(told) if told else "")
