"""Phase four: Evolution (rules §Evolution, §Niches).

Players take turns, starting with the round's first player. On a habitat tile you draw 3
cards from that habitat's deck; on a wild tile (and anywhere in the Ecotone) from the Wild
deck. With fewer cards left than you should draw, you draw what is left and collect 5 Food.
Destruction cards are announced at once and laid by their habitat; Action and Recovery cards
go to your hand (face down). Each drawn Adaptation may be bought for 5 Food; the rest go to
the bottom of the deck. Completing a Niche (Standard: your own; Survival: any displayed one,
first come) scores 12 EVP and unlocks its ability.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from ecotone.core.actions import Action
from ecotone.core.tuples import put, replace
from ecotone.games.singapore.abilities import adding, counts, traits
from ecotone.games.singapore.action_cards import AFTER_DRAWING, play_problem, plays
from ecotone.games.singapore.actions import Buy, Draw, Finish, Play
from ecotone.games.singapore.board import board, region_name
from ecotone.games.singapore.cards import DECKS, HABITAT_INDEX, cards, name_of
from ecotone.games.singapore.gamemaster import SEAT_NAMES, say
from ecotone.games.singapore.refusals import Problem, SingaporeRefusal
from ecotone.games.singapore.seats import held_keys, open_habitats, set_player, take
from ecotone.games.singapore.state import (
    Phase,
    Player,
    SGData,
)

__all__ = [
    "COST",
    "DRAW",
    "apply",
    "begin",
    "buy_problem",
    "decks_allowed",
    "draw_problem",
    "draw_size",
    "legal",
    "niches_completed",
    "price",
    "prices",
    "refusal",
]

DRAW: Final = 3
COST: Final = 5
THRIFTY_COST: Final = 4
BARGAIN_COST: Final = 3
SHORT_DECK_FOOD: Final = 5
FORAGE_FOOD: Final = 3
URBAN_TRIGGER_DECKS: Final = ("forest", "mangrove", "marine")

# The steps as plain names: a member read off its enum class (``Phase.DRAW``) costs several
# times a module's own name, and Evolution's are read at most steps of a game.
_DRAW_STEP: Final = Phase.DRAW
_BUY_STEP: Final = Phase.BUY
_ROUND_END: Final = Phase.ROUND_END


def begin(d: SGData) -> SGData:
    """Evolution turns, in turn order from the round's first player."""
    order = d.order()
    # (the phase and its line of the log in one copy of the state)
    return replace(d, phase=_DRAW_STEP, turn=order[0], queue=order[1:], log=(*d.log, "Evolution:"))


def draw_size(d: SGData, seat: int) -> int:
    """How many cards ``seat`` draws: 3, one more per Rapid Evolution, 4 for the civet."""
    base = DRAW + (1 if "night-forager" in traits(d.players[seat]) else 0)
    return base + d.extra


def decks_allowed(d: SGData, seat: int) -> tuple[str, ...]:
    """The decks ``seat`` may draw from: their tile's, or any open one with Seed Dispersal
    or the Hawksbill Turtle niche."""
    p = d.players[seat]
    own = board().decks_at[p.tile]  # (:meth:`Board.deck_for`, read from its table)
    if d.any_deck or "wanderer" in traits(p):
        allowed = {"wild", own} | open_habitats(d)
        return tuple(k for k in DECKS if k in allowed)
    return (own,)


def price(d: SGData, seat: int) -> int:
    """What the next Adaptation costs ``seat``."""
    if d.bargain:
        return BARGAIN_COST
    return _usual_price(d, seat)


def _usual_price(d: SGData, seat: int) -> int:
    """What an Adaptation costs ``seat`` without a Bargain (Mangrove Pitta: less)."""
    return THRIFTY_COST if "thrifty" in traits(d.players[seat]) else COST


def prices(d: SGData, seat: int) -> str:
    """What the Adaptations drawn cost ``seat``, in the game's words: ``5 Food each``; a
    Bargain played lowers the next one only (``3 Food for the next (Bargain), then 5 Food
    each``). Public: the Bargain is played face up, and a Niche's ability is in view."""
    usual = f"{_usual_price(d, seat)} Food each"
    return f"{BARGAIN_COST} Food for the next (Bargain), then {usual}" if d.bargain else usual


def draw_problem(d: SGData, seat: int, deck: str) -> Problem | None:
    """Why ``seat`` may not draw from ``deck``, or ``None`` when it may."""
    cs = cards()
    if deck not in cs.decks:
        return (
            SingaporeRefusal.NO_SUCH_DECK,
            f"there is no {deck!r} deck: the decks are " + ", ".join(DECKS),
        )
    allowed = decks_allowed(d, seat)
    if deck in allowed:
        return None
    if len(allowed) > 1:
        return (
            SingaporeRefusal.WRONG_DECK,
            f"the {region_name(deck)} is not open: draw from "
            + ", ".join(f"the {cs.decks[k].name}" for k in allowed)
            + " deck",
        )
    tile = d.players[seat].tile
    kind = board().tiles[tile].kind
    what = "a habitat tile" if kind == "habitat" else "a wild tile"
    return (
        SingaporeRefusal.WRONG_DECK,
        f"you stand on {tile}, {what}: draw from the {cs.decks[allowed[0]].name} deck",
    )


def buy_problem(d: SGData, seat: int, key: str) -> Problem | None:
    """Why ``seat`` may not buy the Adaptation ``key`` now, or ``None`` when it may."""
    return _buy_problem(key, d.drawn, price(d, seat), d.players[seat].food)


def _buy_problem(key: str, drawn: tuple[str, ...], cost: int, food: int) -> Problem | None:
    """The rule, for ``key`` among the cards ``drawn``, at ``cost``, with ``food`` held."""
    cs = cards()
    if key not in cs.adaptations:
        return (
            SingaporeRefusal.UNKNOWN_CARD,
            f"there is no Adaptation {key!r}: buy one of the cards you drew",
        )
    if key not in _drawn_keys(drawn):
        names = ", ".join(name_of(cs.key(c)) for c in drawn)
        return (
            SingaporeRefusal.NOT_DRAWN,
            f"{name_of(key)} is not among the cards you drew ({names})",
        )
    if food < cost:
        return (
            SingaporeRefusal.NOT_ENOUGH_FOOD,
            f"{name_of(key)} costs {cost} Food and you have {food}",
        )
    return None


@lru_cache(maxsize=4096)
def _drawn_keys(drawn: tuple[str, ...]) -> tuple[str, ...]:
    """The different Adaptations among the cards ``drawn``, in the order drawn."""
    cs = cards()
    return tuple(dict.fromkeys(cs.key(c) for c in drawn))


def legal(d: SGData, seat: int) -> list[Action]:
    """Draw step: Action cards first, then the decks. Buy step: the drawn adaptations
    affordable, Bargain, Forage, and returning the rest."""
    keys = held_keys(d.players[seat].hand)
    if d.phase is _DRAW_STEP:
        out: list[Action] = [*plays(d, seat, keys)]
        for k in decks_allowed(d, seat):
            out.append(Draw(k))
        return out
    # The rule reads the Food held only against the price: Food beyond it changes nothing,
    # so the purchases are remembered by the cards drawn, the price and that much Food.
    cost = price(d, seat)
    buys = _buys(d.drawn, cost, min(d.players[seat].food, cost))
    return [*buys, *plays(d, seat, _after_drawing(keys)), Finish()]


@lru_cache(maxsize=256)
def _after_drawing(keys: tuple[str, ...]) -> tuple[str, ...]:
    """The cards held (``keys``) that may be played after drawing, in the order offered."""
    return tuple(k for k in AFTER_DRAWING if k in keys)


@lru_cache(maxsize=4096)
def _buys(drawn: tuple[str, ...], cost: int, food: int) -> tuple[Buy, ...]:
    """The Adaptations among ``drawn`` that :func:`buy_problem` allows, in the order drawn."""
    return tuple(Buy(k) for k in _drawn_keys(drawn) if _buy_problem(k, drawn, cost, food) is None)


def refusal(d: SGData, seat: int, action: Action) -> Problem | None:
    """Why ``seat`` may not take ``action`` on their Evolution turn, or ``None``."""
    if isinstance(action, Play):
        return play_problem(d, seat, action.card)
    if d.phase is _DRAW_STEP:
        if isinstance(action, Draw):
            return draw_problem(d, seat, action.deck)
        if isinstance(action, Buy):
            return (SingaporeRefusal.DRAW_FIRST, "draw your Evolution cards before buying")
        return (
            SingaporeRefusal.MUST_DRAW,
            "Evolution: draw your cards (draw from the <deck> deck)",
        )
    if isinstance(action, Buy):
        return buy_problem(d, seat, action.adaptation)
    if isinstance(action, Finish):
        return None
    if isinstance(action, Draw):
        return (SingaporeRefusal.ALREADY_DRAWN, "you have drawn this round already")
    return (SingaporeRefusal.MUST_BUY_OR_RETURN, "buy an Adaptation you drew, or return the rest")


def apply(d: SGData, seat: int, action: Action) -> SGData:
    """The data after ``seat``'s Evolution decision."""
    # told apart by their exact class, commonest first: no action class has subclasses,
    # and ``isinstance`` against a record class costs several times as much
    if type(action) is Buy:
        return _buy(d, seat, action.adaptation)
    if type(action) is Finish:
        return _return_rest(d, seat)
    if type(action) is Draw:
        return _draw(d, seat, action.deck)
    assert type(action) is Play
    return _play(d, seat, action.card)


def _play(d: SGData, seat: int, key: str) -> SGData:
    p = d.players[seat]
    cid, hand = take(p.hand, key)
    d = replace(set_player(d, seat, hand=hand), discard=(*d.discard, cid))
    if key == "forage":
        d = set_player(d, seat, food=p.food + FORAGE_FOOD)
        return say(d, f"{SEAT_NAMES[seat]} plays Forage: +{FORAGE_FOOD} Food.")
    if key == "rapid-evolution":
        return say(
            replace(d, extra=d.extra + 1),
            f"{SEAT_NAMES[seat]} plays Rapid Evolution: draws 1 more card.",
        )
    if key == "seed-dispersal":
        return say(
            replace(d, any_deck=True),
            f"{SEAT_NAMES[seat]} plays Seed Dispersal: may draw from any open deck.",
        )
    assert key == "bargain"
    return say(
        replace(d, bargain=True),
        f"{SEAT_NAMES[seat]} plays Bargain: the next Adaptation costs {BARGAIN_COST} Food.",
    )


def _draw(d: SGData, seat: int, deck: str) -> SGData:
    cs = cards()
    info = cs.info
    names = cs.card_names
    i = DECKS.index(deck)
    want = draw_size(d, seat)
    pile = d.decks[i]
    got, rest = pile[:want], pile[want:]
    decks = put(d.decks, i, rest)
    known = put(d.known, i, min(d.known[i], len(rest)))
    p = d.players[seat]
    hand = list(p.hand)
    drawn: list[str] = []
    shown: list[str] = []
    events: list[str] = []
    for cid in got:
        kind = info[cid][1]
        if kind == "adaptation":
            drawn.append(cid)
            shown.append(names[cid])
        elif kind == "destruction":
            shown.append("a Destruction card")
            d, line = _destruction(d, cid)
            events.append(line)
        else:
            hand.append(cid)
    to_hand = len(hand) - len(p.hand)
    if to_hand:
        shown.append(f"{to_hand} card{'s' if to_hand > 1 else ''} for the hand")
    food = p.food
    name = cs.decks[deck].name
    line = (
        f"{SEAT_NAMES[seat]} draws from the {name} deck: " + (", ".join(shown) or "nothing") + "."
    )
    if len(got) < want:
        food += SHORT_DECK_FOOD
        line += f" Fewer than {want} cards were left: +{SHORT_DECK_FOOD} Food."
    if to_hand or food != p.food:
        p = replace(p, hand=tuple(sorted(hand)), food=food)
    # the deck, the player and the log change in one copy of the state
    players = put(d.players, seat, p)
    log = (*d.log, line, *events)
    if not drawn:
        return _end_turn(d, decks, known, players, log)
    return replace(
        d,
        decks=decks,
        known=known,
        players=players,
        log=log,
        phase=_BUY_STEP,
        drawn=tuple(drawn),
        drawn_from=deck,
    )


def _destruction(d: SGData, cid: str) -> tuple[SGData, str]:
    """Lay a Destruction card by its habitat, announced at once."""
    cs = cards()
    h = cs.deck_of(cid)
    i = HABITAT_INDEX[h]
    hab = d.habitats[i]
    laid = (*hab.destruction, cid)
    d = replace(d, habitats=put(d.habitats, i, replace(hab, destruction=laid)))
    if h in URBAN_TRIGGER_DECKS:
        d = replace(d, destroyed_count=d.destroyed_count + 1)
    need = cs.decks[h].destruction
    line = f"  Destruction! The {region_name(h)} has {len(laid)} of {need} Destruction cards"
    if len(laid) >= need:
        line += ": it will be destroyed at the end of the round"
    return d, line + "."


def _buy(d: SGData, seat: int, key: str) -> SGData:
    cost = price(d, seat)
    cid, drawn = take(d.drawn, key)
    p = d.players[seat]
    p = replace(p, food=p.food - cost, adaptations=adding(p.adaptations, cid))
    line = f"{SEAT_NAMES[seat]} buys {cards().names[key]} for {cost} Food."
    d, p, lines = _niches(d, seat, p, key)
    players = put(d.players, seat, p)
    log = (*d.log, line, *lines)
    if not drawn:
        return _end_turn(d, d.decks, d.known, players, log)
    return replace(d, drawn=drawn, bargain=False, players=players, log=log)


def niches_completed(p: Player, candidates: tuple[str, ...]) -> tuple[str, ...]:
    """The Niche cards among ``candidates`` whose three adaptations ``p`` owns."""
    have = counts(p)
    cs = cards()
    return tuple(n for n in candidates if all(have.get(a, 0) for a in cs.niche(n).needs))


def _niches(d: SGData, seat: int, p: Player, bought: str) -> tuple[SGData, Player, list[str]]:
    """Niches completed by buying ``bought`` (only those that need it can be)."""
    cs = cards()
    lines: list[str] = []
    candidates = _needing(bought, (p.niche,) if d.mode == "standard" else d.niche_display)
    if not candidates:
        return d, p, lines
    if d.mode == "standard" and niches_completed(p, candidates):
        n = cs.niche(p.niche)
        lines.append(
            f"{SEAT_NAMES[seat]} completes the {n.name} niche: 12 EVP, "
            f"and from now on: {n.ability_text}"
        )
        p = replace(p, niches=(*p.niches, p.niche), niche="")
    elif d.mode == "survival":
        won = niches_completed(p, candidates)
        for nid in won:
            n = cs.niche(nid)
            lines.append(
                f"{SEAT_NAMES[seat]} claims the {n.name} niche: 12 EVP, "
                f"and from now on: {n.ability_text}"
            )
        if won:
            display = tuple(n for n in d.niche_display if n not in won)
            p = replace(p, niches=(*p.niches, *won))
            d = replace(d, niche_display=display)
    return d, p, lines


# Asked at every purchase, of the one Niche card held (Standard) or of the few on display
# (Survival): remembered by the card bought and the Niches.
@lru_cache(maxsize=1024)
def _needing(key: str, niches: tuple[str, ...]) -> tuple[str, ...]:
    """The Niches among ``niches`` (ids; ``""`` for none) that need the Adaptation ``key``."""
    cs = cards()
    return tuple(n for n in niches if n and key in cs.niche(n).needs)


def _return_rest(d: SGData, seat: int) -> SGData:
    cs = cards()
    i = DECKS.index(d.drawn_from)
    names = ", ".join([cs.card_names[c] for c in d.drawn])
    deck = cs.decks[d.drawn_from].name
    line = f"{SEAT_NAMES[seat]} returns {names} to the bottom of the {deck} deck."
    return _end_turn(
        d,
        put(d.decks, i, d.decks[i] + d.drawn),
        put(d.known, i, d.known[i] + len(d.drawn)),
        d.players,
        (*d.log, line),
    )


def _end_turn(
    d: SGData,
    decks: tuple[tuple[str, ...], ...],
    known: tuple[int, ...],
    players: tuple[Player, ...],
    log: tuple[str, ...],
) -> SGData:
    """``d`` with its ``decks``, ``known`` bottoms, ``players`` and ``log`` as given and
    the Evolution turn over: the next seat in the queue draws, or the round ends (one copy
    of the state for both). The turn leaves nothing behind: nothing drawn, no card's
    effect waiting."""
    # Every field named in the call: keyword arguments gathered from dictionaries
    # (``**changes``) cost a copy of the state twice over, at every turn's end.
    queue = d.queue
    if queue:  # the next seat in the queue draws
        phase, turn, queue = _DRAW_STEP, queue[0], queue[1:]
    else:  # the round ends
        phase, turn = _ROUND_END, d.turn
    return replace(
        d,
        decks=decks,
        known=known,
        players=players,
        log=log,
        drawn=(),
        drawn_from="",
        extra=0,
        any_deck=False,
        bargain=False,
        phase=phase,
        turn=turn,
        queue=queue,
    )
