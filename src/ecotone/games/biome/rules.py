"""The rules of BIOME Borneo as pure functions over :class:`BiomeData`.

Set-up (rules doc §Set-up), whose decision is due, the legal actions of each phase, and the
transitions. Earning a card lives in :mod:`.earning`, the end of a turn and disasters in
:mod:`.flow`, refusals in :mod:`.explain`.
"""

from __future__ import annotations

import random

from ecotone.core.actions import Action
from ecotone.core.rng import new_key, roll
from ecotone.games.biome import earning
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
from ecotone.games.biome.board import PLATFORMS
from ecotone.games.biome.cards import cards
from ecotone.games.biome.config import GALLERY, HAND, Config
from ecotone.games.biome.flow import (
    after_disaster,
    continue_end,
    draw_card,
    draw_tile,
    return_cells,
    start_turn,
    strike,
    without,
)
from ecotone.games.biome.state import EMPTY, BiomeData, Phase, SeatData, Stage
from ecotone.games.biome.tiles import tiles

__all__ = ["chosen", "holding", "legal", "next_data", "owner_of", "setup", "to_move"]

_OWN_TURN = (Phase.EXCHANGE, Phase.HABITATS, Phase.EARN)


# -- set-up (§Set-up) -------------------------------------------------------------------


def setup(rnd: random.Random, cfg: Config) -> BiomeData:
    """Deal a new game: Gallery of 3, hands of 5, tiles by player count, 2 Global Bonus cards.

    A Disaster drawn during set-up is shuffled back and replaced, which is the same as
    dealing from the deck without Disasters and shuffling them into what is left.
    """
    cs = cards()
    disasters = list(cs.ids_of("disaster"))
    rest = [c for c in cs.ids if c not in disasters]
    rnd.shuffle(rest)
    gallery = tuple(rest.pop() for _ in range(GALLERY))
    hands = [tuple(sorted(rest.pop() for _ in range(HAND))) for _ in range(cfg.players)]
    deck = rest + disasters
    rnd.shuffle(deck)
    perimeter = list(range(len(tiles().tiles)))
    rnd.shuffle(perimeter)
    supplies = [tuple(sorted(perimeter.pop() for _ in range(cfg.limit))) for _ in hands]
    bonuses = list(cs.bonus_ids)
    rnd.shuffle(bonuses)
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
    return start_turn(d, 0, cfg)


# -- whose decision ---------------------------------------------------------------------


def to_move(d: BiomeData) -> tuple[int, ...]:
    """The seats that decide now: all still waiting in a reaction window, the next player
    in a Palm-Oil Clearing or Drought, otherwise the player whose turn it is."""
    if d.phase is Phase.OVER:
        return ()
    if d.phase is Phase.REACT:
        return d.waiting
    if d.phase in (Phase.CLEARING, Phase.DROUGHT):
        return (d.waiting[0],)
    return (d.turn,)


def chosen(d: BiomeData) -> tuple[int, ...]:
    """The players who have answered a reaction window that still waits for others."""
    if d.phase is not Phase.REACT:
        return ()
    return tuple(s for s in range(len(d.seats)) if s != d.turn and s not in d.waiting)


def holding(d: BiomeData, seat: int, kind: str) -> str | None:
    """The first ability card of kind ``kind`` in ``seat``'s hand, if any."""
    by_id = cards().by_id
    return next((c for c in d.seats[seat].hand if by_id[c].key == kind), None)


def owner_of(d: BiomeData, tile: int) -> int | None:
    """The seat holding ``tile`` in its supply."""
    return next((s for s, seat in enumerate(d.seats) if tile in seat.tiles), None)


# -- legal actions ----------------------------------------------------------------------


def _opportunist(d: BiomeData, seat: int) -> list[Action]:
    if holding(d, seat, "opportunist") is None:
        return []
    ids = tiles().ids
    return [Opportunist(ids[t]) for s, st in enumerate(d.seats) if s != seat for t in st.tiles]


def _abilities(d: BiomeData, seat: int, cfg: Config) -> list[Action]:
    by_id = cards().by_id
    kinds = {by_id[c].key for c in d.seats[seat].hand if by_id[c].kind == "ability"}
    if not kinds:
        return []
    out = _opportunist(d, seat) if "opportunist" in kinds else []
    if "blight" in kinds:
        names = cfg.geo.cells
        out += [
            PlayBlight(names[c]) for c, v in enumerate(d.board) if v != EMPTY and c not in d.pending
        ]
    if "winds-of-change" in kinds:
        out.append(PlayWinds())
    return out


def legal(d: BiomeData, seat: int, cfg: Config) -> list[Action]:
    """The legal actions of ``seat``, who is to move, in a fixed order."""
    ids = tiles().ids
    me = d.seats[seat]
    ph = d.phase
    if ph is Phase.REACT:
        return [Pass(), *_opportunist(d, seat)]
    if ph is Phase.EXCHANGE:
        return [
            NoExchange(),
            *(ExchangeCard(c) for c in me.hand),
            *(ExchangeTile(ids[t]) for t in me.tiles),
            *_abilities(d, seat, cfg),
        ]
    if ph is Phase.MARK_CARDS:
        return [DoneExchange(), *(ExchangeCard(c) for c in me.hand if c not in d.marked_cards)]
    if ph is Phase.MARK_TILES:
        return [
            DoneExchange(),
            *(ExchangeTile(ids[t]) for t in me.tiles if t not in d.marked_tiles),
        ]
    if ph is Phase.HABITATS:
        return [*earning.earn_options(d, seat, cfg), *_abilities(d, seat, cfg), EndTurn()]
    if ph is Phase.EARN:
        return [
            *earning.finish_actions(d, seat, cfg),
            *earning.place_actions(d, seat, cfg),
            Withdraw(),
            *_abilities(d, seat, cfg),
        ]
    if ph is Phase.WINDS_GAIN:
        by_id = cards().by_id
        # the Winds of Change just played lies on top of the discard pile: not gainable
        found = [c for c in d.discard[:-1] if by_id[c].kind != "disaster"]
        return [SkipGain(), *(Gain(c) for c in (*d.gallery, *sorted(found)))]
    if ph is Phase.WINDS_SABOTAGE:
        others = [s for s in range(cfg.players) if s != seat and d.seats[s].hand]
        return [SkipSabotage(), *(Sabotage(s) for s in others)]
    if ph is Phase.REFILL:
        draw: list[Action] = [DrawDeck()] if d.deck or d.discard else []
        return [*draw, *(TakeGallery(c) for c in d.gallery)]
    if ph in (Phase.DISCARD_TILES, Phase.CLEARING):
        return [ReturnTile(ids[t]) for t in me.tiles]
    if ph is Phase.DROUGHT:
        return [DiscardCard(c) for c in me.hand]
    if ph is Phase.FIRE:
        geo = cfg.geo
        return [
            Burn(p)
            for p in PLATFORMS
            if p[0] == "U" and any(d.board[c] != EMPTY for c in geo.platform_cells[p])
        ]
    return []


# -- transitions ------------------------------------------------------------------------


def next_data(d: BiomeData, seat: int, action: Action, cfg: Config) -> BiomeData:
    """The data after a legal ``action``."""
    ts = tiles()
    ph = d.phase
    if isinstance(action, Pass):
        return _answered(d, seat)
    if isinstance(action, Opportunist):
        d = _take_tile(d, seat, ts.by_id[action.tile].index)
        return _answered(d, seat) if ph is Phase.REACT else d
    if isinstance(action, NoExchange):
        return d.replace(phase=Phase.HABITATS)
    if isinstance(action, ExchangeCard):
        return d.replace(phase=Phase.MARK_CARDS, marked_cards=(*d.marked_cards, action.card))
    if isinstance(action, ExchangeTile):
        tile = ts.by_id[action.tile].index
        return d.replace(phase=Phase.MARK_TILES, marked_tiles=(*d.marked_tiles, tile))
    if isinstance(action, DoneExchange):
        if ph is Phase.MARK_CARDS:
            return _exchange_cards(d, seat, cfg)
        return _exchange_tiles(d, seat)
    if isinstance(action, Earn):
        return earning.start(d, seat, action.card)
    if isinstance(action, Place):
        cell = cfg.geo.index[action.cell]
        return earning.place(d, seat, ts.by_id[action.tile].index, cell, action.rotation)
    if isinstance(action, Confirm):
        return earning.confirm(d, seat, None)
    if isinstance(action, ConfirmPrey):
        return earning.confirm(d, seat, action.prey)
    if isinstance(action, Withdraw):
        return earning.withdraw(d, seat)
    if isinstance(action, PlayBlight):
        return _blight(d, seat, cfg.geo.index[action.cell])
    if isinstance(action, PlayWinds):
        card = holding(d, seat, "winds-of-change")
        assert card is not None
        d = _spend(d, seat, card)
        return d.replace(phase=Phase.WINDS_GAIN, resume=ph)
    if isinstance(action, SkipGain):
        return d.replace(phase=Phase.WINDS_SABOTAGE)
    if isinstance(action, Gain):
        return _gain(d, seat, action.card).replace(phase=Phase.WINDS_SABOTAGE)
    if isinstance(action, SkipSabotage):
        return d.replace(phase=d.resume or Phase.HABITATS, resume=None)
    if isinstance(action, Sabotage):
        return _sabotage(d, action.seat).replace(phase=d.resume or Phase.HABITATS, resume=None)
    if isinstance(action, EndTurn):
        return continue_end(d.replace(stage=Stage.CARDS), cfg)
    if isinstance(action, DrawDeck):
        d, card = draw_card(d)
        assert card is not None
        if cards().by_id[card].kind == "disaster":
            return strike(d, card, cfg)
        d = d.seat(seat, hand=tuple(sorted((*d.seats[seat].hand, card))))
        return continue_end(d, cfg)
    if isinstance(action, TakeGallery):
        d = _gain(d, seat, action.card)
        return continue_end(d, cfg)
    if isinstance(action, ReturnTile):
        tile = ts.by_id[action.tile].index
        me = d.seats[seat]
        d = d.seat(seat, tiles=tuple(t for t in me.tiles if t != tile))
        d = d.replace(perimeter=tuple(sorted((*d.perimeter, tile))))
        if ph is Phase.CLEARING:
            return _next_victim(d, cfg)
        return continue_end(d, cfg)
    if isinstance(action, DiscardCard):
        me = d.seats[seat]
        d = d.seat(seat, hand=without(me.hand, action.card), shown=without(me.shown, action.card))
        d = d.replace(discard=(*d.discard, action.card))
        return _next_victim(d, cfg)
    if isinstance(action, Burn):
        return after_disaster(return_cells(d, list(cfg.geo.platform_cells[action.platform])), cfg)
    raise AssertionError(f"unexpected action {action!r}")


def _answered(d: BiomeData, seat: int) -> BiomeData:
    waiting = tuple(s for s in d.waiting if s != seat)
    if waiting:
        return d.replace(waiting=waiting)
    return d.replace(waiting=(), phase=Phase.EXCHANGE)


def _next_victim(d: BiomeData, cfg: Config) -> BiomeData:
    waiting = d.waiting[1:]
    if waiting:
        return d.replace(waiting=waiting)
    return after_disaster(d, cfg)


def _spend(d: BiomeData, seat: int, card: str) -> BiomeData:
    """An ability card goes from the hand to the discard pile."""
    me = d.seats[seat]
    d = d.seat(seat, hand=without(me.hand, card), shown=without(me.shown, card))
    return d.replace(discard=(*d.discard, card))


def _take_tile(d: BiomeData, seat: int, tile: int) -> BiomeData:
    card = holding(d, seat, "opportunist")
    owner = owner_of(d, tile)
    assert card is not None
    assert owner is not None
    d = _spend(d, seat, card)
    d = d.seat(owner, tiles=tuple(t for t in d.seats[owner].tiles if t != tile))
    return d.seat(seat, tiles=tuple(sorted((*d.seats[seat].tiles, tile))))


def _blight(d: BiomeData, seat: int, cell: int) -> BiomeData:
    card = holding(d, seat, "blight")
    assert card is not None
    d = _spend(d, seat, card)
    tile = d.board[cell] // 6
    board = (*d.board[:cell], EMPTY, *d.board[cell + 1 :])
    d = d.seat(seat, tiles=tuple(sorted((*d.seats[seat].tiles, tile))))
    return d.replace(board=board)


def _gain(d: BiomeData, seat: int, card: str) -> BiomeData:
    """``card`` (from the Gallery or the discard pile) joins the hand, seen by all."""
    if card in d.gallery:
        d = d.replace(gallery=without(d.gallery, card))
    else:
        d = d.replace(discard=without(d.discard, card))
    me = d.seats[seat]
    return d.seat(
        seat, hand=tuple(sorted((*me.hand, card))), shown=tuple(sorted((*me.shown, card)))
    )


def _sabotage(d: BiomeData, victim: int) -> BiomeData:
    rnd, key = roll(d.rng)
    me = d.seats[victim]
    card = me.hand[rnd.randrange(len(me.hand))]
    d = d.seat(victim, hand=without(me.hand, card), shown=without(me.shown, card))
    return d.replace(discard=(*d.discard, card), rng=key)


def _exchange_cards(d: BiomeData, seat: int, cfg: Config) -> BiomeData:
    me = d.seats[seat]
    marked = d.marked_cards
    hand = tuple(c for c in me.hand if c not in marked)
    shown = tuple(c for c in me.shown if c not in marked)
    d = d.seat(seat, hand=hand, shown=shown)
    d = d.replace(discard=d.discard + marked, marked_cards=())
    for _ in marked:
        d, card = draw_card(d)
        if card is None:
            break
        if cards().by_id[card].kind == "disaster":
            return strike(d, card, cfg)
        d = d.seat(seat, hand=tuple(sorted((*d.seats[seat].hand, card))))
    return d.replace(phase=Phase.HABITATS)


def _exchange_tiles(d: BiomeData, seat: int) -> BiomeData:
    marked = d.marked_tiles
    me = d.seats[seat]
    d = d.seat(seat, tiles=tuple(t for t in me.tiles if t not in marked))
    d = d.replace(perimeter=tuple(sorted((*d.perimeter, *marked))), marked_tiles=())
    for _ in marked:
        d = draw_tile(d, seat)
    return d.replace(phase=Phase.HABITATS)
