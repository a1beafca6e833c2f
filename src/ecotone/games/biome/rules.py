"""The rules of BIOME Borneo as pure functions over :class:`BiomeData`.

Set-up (rules doc §Set-up), whose decision is due, the legal actions of each phase, the
refusals, and the transitions. Each rule is one check in the module that holds it: phase 1
in :mod:`.exchange`, earning a card in :mod:`.earning` and :mod:`.placement`, the ability
cards in :mod:`.abilities`, the end of a turn and disasters in :mod:`.turn`. Here a table
says which kinds of action each phase offers; :func:`legal` lists them through each kind's
offers, which the kind's check filters, and :func:`refusal` asks that same check, so the
legal actions and the refusals cannot disagree. The codes are in :mod:`.refusals`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.rng import new_key, shuffle
from ecotone.core.tuples import replace
from ecotone.games.biome import abilities, earning, exchange, turn
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
from ecotone.games.biome.config import GALLERY, HAND, Config
from ecotone.games.biome.holdings import losing, seat_changed, seat_replaced
from ecotone.games.biome.refusals import decision_due, not_now, unknown_name
from ecotone.games.biome.state import EMPTY, BiomeData, Phase, SeatData, Stage
from ecotone.games.biome.tiles import tiles
from ecotone.games.biome.turn import (
    after_disaster,
    continue_end,
    draw_card,
    return_cells,
    start_turn,
    strike,
)

__all__ = ["chosen", "legal", "next_data", "refusal", "setup", "to_move"]


# The phases and stages the rules compare against at every step, bound to plain names:
# reading a member off its enum class goes through the enum type's attribute hook, several
# times the cost of a module-level name.
_REACT: Final = Phase.REACT
_EXCHANGE: Final = Phase.EXCHANGE
_MARK_CARDS: Final = Phase.MARK_CARDS
_MARK_TILES: Final = Phase.MARK_TILES
_HABITATS: Final = Phase.HABITATS
_WINDS_SABOTAGE: Final = Phase.WINDS_SABOTAGE
_CLEARING: Final = Phase.CLEARING
_DROUGHT: Final = Phase.DROUGHT
_OVER: Final = Phase.OVER
_CARDS: Final = Stage.CARDS


# -- set-up (§Set-up) -------------------------------------------------------------------


def setup(rnd: random.Random, cfg: Config) -> BiomeData:
    """Deal a new game: Gallery of 3, hands of 5, tiles by player count, 2 Global Bonus
    cards; then the first player, drawn at random (the rulebook leaves it to the table), or
    P1 with the option ``first_player=P1``.

    A Disaster drawn during set-up is shuffled back and replaced, which is the same as
    dealing from the deck without Disasters and shuffling them into what is left.
    """
    cs = cards()
    disasters = list(cs.ids_of("disaster"))
    rest = [c for c in cs.ids if c not in disasters]
    shuffle(rnd, rest)
    gallery = tuple(rest.pop() for _ in range(GALLERY))
    hands = [tuple(sorted(rest.pop() for _ in range(HAND))) for _ in range(cfg.players)]
    deck = rest + disasters
    shuffle(rnd, deck)
    perimeter = list(range(len(tiles().tiles)))
    shuffle(rnd, perimeter)
    supplies = [tuple(sorted(perimeter.pop() for _ in range(cfg.limit))) for _ in hands]
    bonuses = list(cs.bonus_ids)
    shuffle(rnd, bonuses)
    d = BiomeData(
        seats=tuple(SeatData(hand=h, tiles=t) for h, t in zip(hands, supplies, strict=True)),
        deck=tuple(deck),
        discard=(),
        gallery=gallery,
        board=(EMPTY,) * len(cfg.geo.cells),
        perimeter=tuple(sorted(perimeter)),
        bonuses=tuple(sorted(bonuses[:2])),
        phase=Phase.EXCHANGE,
        rng=new_key(rnd),
        turns=0,
    )
    # Drawn last, so that the deal and all later chance are the same whoever starts.
    first = rnd.randrange(cfg.players) if cfg.random_first else 0
    return start_turn(d, first, cfg)


# -- whose decision ---------------------------------------------------------------------


def to_move(d: BiomeData) -> tuple[int, ...]:
    """The seats that decide now: all still waiting in a reaction window, the next player
    in a Palm-Oil Clearing or Drought, otherwise the player whose turn it is."""
    phase = d.phase
    if phase is _OVER:
        return ()
    if phase is _REACT:
        return d.waiting
    if phase is _CLEARING or phase is _DROUGHT:
        return (d.waiting[0],)
    return (d.turn,)


def chosen(d: BiomeData) -> tuple[int, ...]:
    """The players who have answered a reaction window that still waits for others."""
    if d.phase is not _REACT:
        return ()
    return tuple(s for s in range(len(d.seats)) if s != d.turn and s not in d.waiting)


# -- legal actions and refusals --------------------------------------------------------

# An offer lists its actions as a list, or as a tuple it keeps (the placements, the
# cards that may be earned): the legal actions copy them into one list, and a random
# playout (:func:`pick`) takes its action from them without the copy.
Offers = Callable[[BiomeData, int, Config], Sequence[Action]]
Check = Callable[[BiomeData, int, Any, Config], IllegalAction | None]


def _just(action: Action) -> Offers:
    """An offer that is always there while its phase lasts (``pass``, ``end turn`` ...)."""

    listed = (action,)  # (a tuple made once: read only)

    def offers(d: BiomeData, seat: int, cfg: Config) -> Sequence[Action]:
        del d, seat, cfg
        return listed

    return offers


def _fine(d: BiomeData, seat: int, action: Action, cfg: Config) -> IllegalAction | None:
    """The check of an action its phase always allows."""
    del d, seat, action, cfg
    return None


_ABILITIES: Final = ((Opportunist, PlayBlight, PlayWinds), abilities.offers)

# What each phase offers, in the order the legal actions are listed: the kinds of action,
# and the function that lists them. Whatever kind a phase does not list is refused with
# what the phase wants instead (refusals.decision_due).
_OFFERS: Final[dict[Phase, tuple[tuple[tuple[type[Action], ...], Offers], ...]]] = {
    Phase.REACT: (
        ((Pass,), _just(Pass())),
        ((Opportunist,), abilities.opportunist_offers),
    ),
    Phase.EXCHANGE: (
        ((NoExchange,), _just(NoExchange())),
        ((ExchangeCard,), exchange.card_offers),
        ((ExchangeTile,), exchange.tile_offers),
        _ABILITIES,
    ),
    Phase.MARK_CARDS: (
        ((DoneExchange,), _just(DoneExchange())),
        ((ExchangeCard,), exchange.card_offers),
    ),
    Phase.MARK_TILES: (
        ((DoneExchange,), _just(DoneExchange())),
        ((ExchangeTile,), exchange.tile_offers),
    ),
    Phase.HABITATS: (
        ((Earn,), earning.earn_options),
        _ABILITIES,
        ((EndTurn,), _just(EndTurn())),
    ),
    Phase.EARN: (
        ((Confirm, ConfirmPrey), earning.finish_actions),
        ((Place,), earning.place_actions),
        ((Withdraw,), _just(Withdraw())),
        _ABILITIES,
    ),
    Phase.WINDS_GAIN: (
        ((SkipGain,), _just(SkipGain())),
        ((Gain,), abilities.gain_offers),
    ),
    Phase.WINDS_SABOTAGE: (
        ((SkipSabotage,), _just(SkipSabotage())),
        ((Sabotage,), abilities.sabotage_offers),
    ),
    Phase.REFILL: (
        ((DrawDeck,), turn.draw_offers),
        ((TakeGallery,), turn.gallery_offers),
    ),
    Phase.DISCARD_TILES: (((ReturnTile,), turn.return_offers),),
    Phase.FIRE: (((Burn,), turn.burn_offers),),
    Phase.CLEARING: (((ReturnTile,), turn.return_offers),),
    Phase.DROUGHT: (((DiscardCard,), turn.discard_offers),),
    Phase.OVER: (),
}

_KINDS: Final[dict[Phase, frozenset[type[Action]]]] = {
    phase: frozenset(kind for kinds, _ in offers for kind in kinds)
    for phase, offers in _OFFERS.items()
}
_LISTS: Final[dict[Phase, tuple[Offers, ...]]] = {
    phase: tuple(listing for _, listing in offers) for phase, offers in _OFFERS.items()
}

# The one check of each kind of action: the offers list exactly what it lets through.
_CHECKS: Final[dict[type[Action], Check]] = {
    Pass: _fine,
    Opportunist: abilities.opportunist_problem,
    NoExchange: _fine,
    ExchangeCard: exchange.card_problem,
    ExchangeTile: exchange.tile_problem,
    DoneExchange: _fine,
    Earn: earning.earn_problem,
    Place: earning.placement_problem,
    Confirm: earning.confirm_problem,
    ConfirmPrey: earning.confirm_prey_problem,
    Withdraw: _fine,
    PlayBlight: abilities.blight_problem,
    PlayWinds: abilities.winds_problem,
    SkipGain: _fine,
    Gain: abilities.gain_problem,
    SkipSabotage: _fine,
    Sabotage: abilities.sabotage_problem,
    EndTurn: _fine,
    DrawDeck: turn.draw_problem,
    TakeGallery: turn.gallery_problem,
    ReturnTile: turn.return_problem,
    DiscardCard: turn.discard_problem,
    Burn: turn.burn_problem,
}


def legal(cfg: Config, d: BiomeData, seat: int) -> list[Action]:
    """The legal actions of ``seat``, who is to move, in a fixed order.

    The configuration comes first, unlike the other rules': the game binds it with a
    positional ``functools.partial``, which hands on the rest in C (see
    :meth:`.game.BiomeBorneo.step_hooks`)."""
    out: list[Action] = []
    for offers in _LISTS[d.phase]:
        out += offers(d, seat, cfg)
    return out


def pick(cfg: Config, d: BiomeData, seat: int, fraction: float) -> Action:
    """``legal(cfg, d, seat)[int(fraction * n)]`` of the ``n`` legal actions, for
    ``fraction`` in ``[0, 1)``: the action a random playout takes (the game's ``pick``
    step hook; the configuration first, as for :func:`legal`).

    The phase's offers are asked as the legal actions ask them, and the action is taken
    from the one holding the place drawn, without copying them into one list: while a
    card is earned, its placements (most of the list, a tuple the rules keep) are then
    neither copied nor freed at every step of a rollout.
    """
    found: list[Sequence[Action]] = []
    n = 0
    for offers in _LISTS[d.phase]:
        listed = offers(d, seat, cfg)
        found.append(listed)
        n += len(listed)
    place = int(fraction * n)
    for listed in found:
        if place < len(listed):
            return listed[place]
        place -= len(listed)
    raise IndexError(f"no legal action for P{seat + 1}")  # (as the empty list's item)


def refusal(d: BiomeData, seat: int, action: Action, cfg: Config) -> IllegalAction | None:
    """The first rule ``action`` breaks for ``seat``, or ``None`` exactly when it is legal.

    In order: the decision must be ``seat``'s; every name in the action must mean something
    in the game; the phase must offer that kind of action; then the kind's own check, the
    one its offers are filtered by.
    """
    due = to_move(d)
    if seat not in due:
        return not_now(due)
    problem = unknown_name(action, cfg)
    if problem is not None:
        return problem
    if type(action) not in _KINDS[d.phase]:
        return decision_due(d, action, cfg)
    return _CHECKS[type(action)](d, seat, action, cfg)


# -- transitions ------------------------------------------------------------------------


def next_data(cfg: Config, d: BiomeData, seat: int, action: Action) -> BiomeData:
    """The data after a legal ``action`` (the configuration first, as for :func:`legal`)."""
    # Every action is exactly one of the codec's classes, asked by its type: isinstance()
    # against a msgspec record class goes through its metaclass, several times the cost.
    # The commonest actions of a game come first.
    ts = tiles()
    ph = d.phase
    if type(action) is Pass:
        return _answered(d, seat)
    if type(action) is Place:
        cell = cfg.geo.index[action.cell]
        return earning.place(d, seat, ts.by_id[action.tile].index, cell, action.rotation)
    if type(action) is ExchangeCard:
        return replace(d, phase=_MARK_CARDS, marked_cards=(*d.marked_cards, action.card))
    if type(action) is Earn:
        return earning.start(d, seat, action.card)
    if type(action) is Withdraw:
        return earning.withdraw(d, seat)
    if type(action) is ExchangeTile:
        tile = ts.by_id[action.tile].index
        return replace(d, phase=_MARK_TILES, marked_tiles=(*d.marked_tiles, tile))
    if type(action) is EndTurn:
        return continue_end(replace(d, stage=_CARDS), cfg)
    if type(action) is DoneExchange:
        if ph is _MARK_CARDS:
            return exchange.exchange_cards(d, seat, cfg)
        return exchange.exchange_tiles(d, seat)
    if type(action) is TakeGallery:
        d = abilities.gain(d, seat, action.card)
        return continue_end(d, cfg)
    if type(action) is Confirm:
        return earning.confirm(d, seat, None)
    if type(action) is ReturnTile:
        tile = ts.by_id[action.tile].index
        me = d.seats[seat]
        d = seat_changed(d, seat, tiles=tuple(t for t in me.tiles if t != tile))
        d = replace(d, perimeter=tuple(sorted((*d.perimeter, tile))))
        if ph is _CLEARING:
            return _next_victim(d, cfg)
        return continue_end(d, cfg)
    if type(action) is DrawDeck:
        d, card = draw_card(d)
        assert card is not None
        if cards().by_id[card].kind == "disaster":
            return strike(d, card, cfg)
        d = seat_changed(d, seat, hand=tuple(sorted((*d.seats[seat].hand, card))))
        return continue_end(d, cfg)
    if type(action) is DiscardCard:
        d = seat_replaced(d, seat, losing(d.seats[seat], action.card))
        d = replace(d, discard=(*d.discard, action.card))
        return _next_victim(d, cfg)
    if type(action) is NoExchange:
        return replace(d, phase=_HABITATS)
    if type(action) is ConfirmPrey:
        return earning.confirm(d, seat, action.prey)
    if type(action) is Opportunist:
        d = abilities.take_tile(d, seat, ts.by_id[action.tile].index)
        return _answered(d, seat) if ph is _REACT else d
    if type(action) is PlayBlight:
        return abilities.blight(d, seat, cfg.geo.index[action.cell])
    if type(action) is PlayWinds:
        return abilities.play_winds(d, seat)
    if type(action) is Gain:
        return replace(abilities.gain(d, seat, action.card), phase=_WINDS_SABOTAGE)
    if type(action) is Burn:
        return after_disaster(return_cells(d, list(cfg.geo.platform_cells[action.platform])), cfg)
    if type(action) is Sabotage:
        d = abilities.sabotage(d, action.seat)
        return replace(d, phase=d.resume or _HABITATS, resume=None)
    if type(action) is SkipSabotage:
        return replace(d, phase=d.resume or _HABITATS, resume=None)
    if type(action) is SkipGain:
        return replace(d, phase=_WINDS_SABOTAGE)
    raise AssertionError(f"unexpected action {action!r}")


def _answered(d: BiomeData, seat: int) -> BiomeData:
    waiting = tuple(s for s in d.waiting if s != seat)
    if waiting:
        return replace(d, waiting=waiting)
    return replace(d, waiting=(), phase=_EXCHANGE)


def _next_victim(d: BiomeData, cfg: Config) -> BiomeData:
    waiting = d.waiting[1:]
    if waiting:
        return replace(d, waiting=waiting)
    return after_disaster(d, cfg)
