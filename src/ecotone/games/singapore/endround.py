"""The end of a round (rules §End of the round, §Destruction, §Recovery, §Hand limit).

In this order:

1. The secret Action cards played face down (Scavenge, Symbiosis) are announced and take
   effect, in turn order.
2. After round 10 the game ends here; the Gamemaster announces the scores and the winner.
3. Each habitat with all its Destruction cards drawn (2; the Urban has 1) is destroyed: its
   board is turned over and its pawns go to the centre of the Ecotone; a player with a full
   Anchorage set may resist and stay in the Mangrove. Once 3 Destruction cards have been
   drawn across the Forest, Mangrove and Marine, the Urban habitat opens.
4. Recovery: each player in turn may offer a Recovery card to re-open a destroyed habitat;
   the players then pledge Food in turn until the 10 needed are reached (or not: then
   nothing is paid). The Recovery card is discarded and one Destruction card is shuffled
   back into the habitat's deck.
5. Hand limit: anyone holding more than 2 cards discards down to 2.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Final

from ecotone.core.actions import Action
from ecotone.core.tuples import put, replace
from ecotone.games.singapore.abilities import traits
from ecotone.games.singapore.action_cards import play_problem
from ecotone.games.singapore.actions import (
    MAX_PLEDGE,
    Discard,
    Leave,
    Pass,
    Play,
    Pledge,
    Restore,
    Stay,
)
from ecotone.games.singapore.board import CENTRE, board, region_name
from ecotone.games.singapore.cards import DECKS, HABITAT_INDEX, HABITATS, cards, name_of
from ecotone.games.singapore.gamemaster import SEAT_NAMES, say, shuffled
from ecotone.games.singapore.refusals import Problem, SingaporeRefusal
from ecotone.games.singapore.scoring import announce
from ecotone.games.singapore.seats import hand_keys, set_player, take
from ecotone.games.singapore.state import ROUNDS, Phase, SGData, Status

__all__ = [
    "HAND_LIMIT",
    "URBAN_OPENS_AT",
    "apply",
    "begin",
    "discard_problem",
    "legal",
    "need",
    "pledge_problem",
    "recovery_possible",
    "refusal",
    "restore_problem",
]

HAND_LIMIT: Final = 2

# What the end of the round tests at every step and habitat, as module names: a member
# read off its enum class (``Status.OPEN``) costs several times a module's own name.
_OPEN: Final = Status.OPEN
_DESTROYED: Final = Status.DESTROYED
_ANCHOR: Final = Phase.ANCHOR
_RESTORE: Final = Phase.RESTORE
_PLEDGE: Final = Phase.PLEDGE
URBAN_OPENS_AT: Final = 3
RECOVERY_FOOD: Final = MAX_PLEDGE
SECRET_FOOD: Final = 2


def begin(d: SGData) -> SGData:
    """Everything after the last Evolution turn, up to the first decision it needs."""
    d = _reveal_secrets(d)
    if d.round >= ROUNDS:
        d = say(replace(d, phase=Phase.OVER), f"The game ends after {ROUNDS} rounds.")
        return say(d, *announce(d.players))
    d, anchored = _destroy(d)
    if anchored:
        return replace(d, phase=Phase.ANCHOR, turn=anchored[0], queue=anchored[1:])
    return _begin_recovery(d)


# -- 1. secret cards ----------------------------------------------------------------------


def _reveal_secrets(d: SGData) -> SGData:
    cs = cards()
    b = board()
    n = len(d.players)
    for s in d.order():
        for cid in d.players[s].facedown:
            key = cs.key(cid)
            region = b.region(d.players[s].tile)
            mates = [
                t
                for t in ((s + k) % n for k in range(1, n))
                if b.region(d.players[t].tile) == region
            ]
            head = f"{SEAT_NAMES[s]} reveals {name_of(key)}"
            if not mates:
                d = say(d, f"{head}: nobody shared the {region_name(region)}, no effect.")
            elif key == "scavenge":
                # the richest; ties go to the first after the player in seat order
                t = max(mates, key=lambda m: (d.players[m].food, -mates.index(m)))
                got = min(SECRET_FOOD, d.players[t].food)
                d = set_player(d, t, food=d.players[t].food - got)
                d = set_player(d, s, food=d.players[s].food + got)
                d = say(d, f"{head}: takes {got} Food from {SEAT_NAMES[t]}.")
            else:
                t = min(mates, key=lambda m: (d.players[m].food, mates.index(m)))
                d = set_player(d, t, food=d.players[t].food + SECRET_FOOD)
                d = set_player(d, s, food=d.players[s].food + SECRET_FOOD)
                d = say(
                    d, f"{head}: {SEAT_NAMES[s]} and {SEAT_NAMES[t]} each gain {SECRET_FOOD} Food."
                )
            d = replace(d, discard=(*d.discard, cid))
        if d.players[s].facedown:  # most players place no card face down
            d = set_player(d, s, facedown=())
    return d


# -- 3. destruction and the Urban opening ---------------------------------------------------


def _destroy(d: SGData) -> tuple[SGData, tuple[int, ...]]:
    cs = cards()
    b = board()
    anchored: list[int] = []
    habitats = list(d.habitats)
    for i, h in enumerate(HABITATS):
        hab = habitats[i]
        if hab.status is not _OPEN or len(hab.destruction) < cs.decks[h].destruction:
            continue
        # turned over: its Nature's Bounty card goes back to the others (no Food there
        # any more; all 8 are shuffled again next round)
        habitats[i] = replace(hab, status=Status.DESTROYED, bounty="")
        if hab.bounty:
            d = replace(d, bounty_deck=tuple(sorted((*d.bounty_deck, hab.bounty))))
        swept = []
        for s in d.order():
            if b.region(d.players[s].tile) != h:
                continue
            if h == "mangrove" and "anchorage" in traits(d.players[s]):
                anchored.append(s)
            else:
                d = set_player(d, s, tile=CENTRE)
                swept.append(SEAT_NAMES[s])
        text = f"The {region_name(h)} is destroyed and turned over"
        if swept:
            go = "goes" if len(swept) == 1 else "go"
            text += f": {', '.join(swept)} {go} to the centre of the Ecotone"
        d = say(replace(d, habitats=tuple(habitats)), text + ".")
    urban = habitats[-1]
    if urban.status is Status.SOON and d.destroyed_count >= URBAN_OPENS_AT:
        habitats[-1] = replace(urban, status=Status.OPEN)
        d = say(
            replace(d, habitats=tuple(habitats)),
            f"{d.destroyed_count} Destruction cards have been drawn across the Forest, "
            "Mangrove and Marine: the Urban habitat opens.",
        )
    return d, tuple(anchored)


# -- 4. recovery ---------------------------------------------------------------------------


def recovery_possible(d: SGData) -> bool:
    """Whether a Recovery could happen: a habitat is destroyed, somebody holds a card,
    and the table has 10 Food (all public, so asking reveals nothing)."""
    # Asked at every round's end and after every pass: plain loops, the cheap tests
    # first, and the Recovery cards spent counted in C (each card id is one card, so the
    # discard pile holds it at most once)
    for h in d.habitats:
        if h.status is _DESTROYED:
            break
    else:
        return False
    food = 0
    held = False
    for p in d.players:
        food += p.food
        if p.hand:
            held = True
    if not held or food < RECOVERY_FOOD:
        return False
    recovery = _recovery_ids()
    return len(recovery.intersection(d.discard)) < len(recovery)


@cache
def _recovery_ids() -> frozenset[str]:
    """The ids of every Recovery card in the decks."""
    cs = cards()
    return frozenset(c for deck in DECKS for c in cs.deck_ids[deck] if cs.kind(c) == "recovery")


def _begin_recovery(d: SGData) -> SGData:
    if not recovery_possible(d):
        return _hand_limit(d)
    order = d.order()
    d = say(d, "Recovery: each player may offer a Recovery card for a destroyed habitat.")
    return replace(d, phase=Phase.RESTORE, turn=order[0], asks=order[1:])


def _next_ask(d: SGData) -> SGData:
    # The offer is over: it is cleared in the same copy of the state as the next ask
    # (whether one can follow reads none of the offer's fields).
    if d.asks and recovery_possible(d):
        return replace(
            d,
            proposal="",
            proposer=-1,
            pledges=(),
            queue=(),
            phase=_RESTORE,
            turn=d.asks[0],
            asks=d.asks[1:],
        )
    return _hand_limit(replace(d, proposal="", proposer=-1, pledges=(), queue=(), asks=()))


def _offer(d: SGData, seat: int, habitat: str) -> SGData:
    n = len(d.players)
    others = tuple((seat + k) % n for k in range(1, n))
    d = replace(
        d,
        phase=Phase.PLEDGE,
        proposal=habitat,
        proposer=seat,
        pledges=(0,) * n,
        turn=seat,
        queue=others,
    )
    return say(
        d,
        f"{SEAT_NAMES[seat]} offers a Recovery card to restore the {region_name(habitat)}: "
        f"{RECOVERY_FOOD} Food are needed.",
    )


def need(d: SGData) -> int:
    """Food still missing for the Recovery on offer."""
    return RECOVERY_FOOD - sum(d.pledges)


def _pledge(d: SGData, seat: int, food: int) -> SGData:
    d = replace(d, pledges=put(d.pledges, seat, food))
    d = say(d, f"{SEAT_NAMES[seat]} pledges {food} Food.")
    if need(d) == 0:
        return _next_ask(_restore(d))
    if d.queue:
        return replace(d, turn=d.queue[0], queue=d.queue[1:])
    return _next_ask(
        say(
            d,
            f"Only {sum(d.pledges)} Food pledged: the "
            f"{region_name(d.proposal)} stays destroyed; nothing is paid.",
        )
    )


def _restore(d: SGData) -> SGData:
    cs = cards()
    for s, food in enumerate(d.pledges):
        d = set_player(d, s, food=d.players[s].food - food)
    card, hand = take(d.players[d.proposer].hand, "recovery")
    d = replace(set_player(d, d.proposer, hand=hand), discard=(*d.discard, card))
    h = d.proposal
    i = HABITATS.index(h)
    hab = d.habitats[i]
    back, laid = hab.destruction[-1], hab.destruction[:-1]
    d = replace(d, habitats=put(d.habitats, i, replace(hab, status=Status.OPEN, destruction=laid)))
    di = DECKS.index(h)
    deck, d = shuffled(d, (*d.decks[di], back))
    # The Urban count is of Destruction cards drawn: the card going back does not undo it.
    d = replace(d, decks=put(d.decks, di, deck), known=put(d.known, di, 0))
    name = cs.decks[h].name
    return say(
        d,
        f"The {name} is restored and opens again; one Destruction card is shuffled "
        f"back into the {name} deck.",
    )


# -- 5. hand limit --------------------------------------------------------------------------


def _hand_limit(d: SGData) -> SGData:
    over = tuple(s for s in d.order() if len(d.players[s].hand) > HAND_LIMIT)
    if over:
        return replace(d, phase=Phase.DISCARD, turn=over[0], queue=over[1:])
    return replace(d, phase=Phase.NEXT_ROUND)


def _discard(d: SGData, seat: int, key: str) -> SGData:
    cid, hand = take(d.players[seat].hand, key)
    d = replace(set_player(d, seat, hand=hand), discard=(*d.discard, cid))
    d = say(d, f"{SEAT_NAMES[seat]} discards {name_of(key)} (hand limit {HAND_LIMIT}).")
    if len(hand) > HAND_LIMIT:
        return d
    if d.queue:
        return replace(d, turn=d.queue[0], queue=d.queue[1:])
    return replace(d, phase=Phase.NEXT_ROUND)


# -- decisions ------------------------------------------------------------------------------


def restore_problem(d: SGData, seat: int, habitat: str) -> Problem | None:
    """Why ``seat`` may not offer a Recovery for ``habitat``, or ``None`` when they may."""
    i = HABITAT_INDEX.get(habitat)
    destroyed = i is not None and d.habitats[i].status is Status.DESTROYED
    return _restore_problem(habitat, destroyed, "recovery" in hand_keys(d.players[seat]))


@lru_cache(maxsize=256)
def _restore_problem(habitat: str, destroyed: bool, card: bool) -> Problem | None:
    """The rule, for ``habitat`` (``destroyed`` or not) and a player holding a Recovery
    ``card`` or not."""
    if habitat not in HABITATS:
        return (
            SingaporeRefusal.NO_SUCH_HABITAT,
            f"there is no habitat {habitat!r} to restore: the habitats are " + ", ".join(HABITATS),
        )
    if not destroyed:
        return (SingaporeRefusal.NOT_DESTROYED, f"the {region_name(habitat)} is not destroyed")
    if not card:
        return (SingaporeRefusal.NO_RECOVERY_CARD, "you need a Recovery card to offer a Recovery")
    return None


def pledge_problem(d: SGData, seat: int, food: int) -> Problem | None:
    """Why ``seat`` may not pledge ``food`` for the Recovery on offer, or ``None``."""
    return _pledge_problem(food, d.players[seat].food, need(d))


@lru_cache(maxsize=1024)
def _pledge_problem(food: int, held: int, missing: int) -> Problem | None:
    """The rule, for a pledge of ``food`` by a player holding ``held`` Food when
    ``missing`` more are needed."""
    if food < 0:
        return (SingaporeRefusal.NEGATIVE_PLEDGE, "pledge 0 Food or more")
    if food > held:
        return (SingaporeRefusal.NOT_ENOUGH_FOOD, f"you have only {held} Food to pledge")
    if food > missing:
        return (SingaporeRefusal.PLEDGE_TOO_MUCH, f"only {missing} more Food are needed")
    return None


# Food held beyond what is missing changes no answer of the rule (a pledge above either is
# refused), so the pledges offered are remembered by at most 11 x 11 pairs: a search meets
# every Food count a player can hold.
@lru_cache(maxsize=256)
def _pledges(held: int, missing: int) -> tuple[Pledge, ...]:
    """The pledges :func:`pledge_problem` allows a player holding ``held`` Food (no more
    than ``missing``) when ``missing`` more are needed, smallest first."""
    return tuple(
        Pledge(k) for k in range(MAX_PLEDGE + 1) if _pledge_problem(k, held, missing) is None
    )


def discard_problem(d: SGData, seat: int, key: str) -> Problem | None:
    """Why ``seat`` may not discard ``key`` for the hand limit, or ``None`` when they may."""
    if key not in cards().hand_keys:
        return (
            SingaporeRefusal.UNKNOWN_CARD,
            f"a hand holds only Action and Recovery cards: there is no {key!r} to discard",
        )
    if key not in hand_keys(d.players[seat]):
        return (SingaporeRefusal.NOT_IN_HAND, f"you hold no {name_of(key)}")
    return None


def legal(d: SGData, seat: int) -> list[Action]:
    """The decisions of the end of the round."""
    phase = d.phase
    if phase is _ANCHOR:
        return [Stay(), Leave()]
    out: list[Action] = []
    # each candidate is put to the step's rule (restore_problem, pledge_problem) with the
    # position's values read once
    if phase is _RESTORE:
        card = "recovery" in hand_keys(d.players[seat])
        out += [
            Restore(h)
            for h, hab in zip(HABITATS, d.habitats, strict=True)
            if _restore_problem(h, hab.status is _DESTROYED, card) is None
        ]
        out.append(Pass())
    elif phase is _PLEDGE:
        missing = need(d)
        out += _pledges(min(d.players[seat].food, missing), missing)
    else:
        assert d.phase is Phase.DISCARD
        out += [Discard(k) for k in hand_keys(d.players[seat])]
    return out


def refusal(d: SGData, seat: int, action: Action) -> Problem | None:
    """Why ``seat`` may not take ``action`` at the end of the round, or ``None``."""
    if isinstance(action, Play):
        return play_problem(d, seat, action.card)
    if d.phase is Phase.ANCHOR:
        if isinstance(action, Stay | Leave):
            return None
        return (
            SingaporeRefusal.MUST_ANCHOR,
            "the Mangrove is destroyed: stay anchored or leave for the ecotone",
        )
    if d.phase is Phase.RESTORE:
        if isinstance(action, Restore):
            return restore_problem(d, seat, action.habitat)
        if isinstance(action, Pass):
            return None
        return (
            SingaporeRefusal.MUST_OFFER_OR_PASS,
            "Recovery: restore a destroyed habitat with your Recovery card, or pass",
        )
    if d.phase is Phase.PLEDGE:
        if isinstance(action, Pledge):
            return pledge_problem(d, seat, action.food)
        return (
            SingaporeRefusal.MUST_PLEDGE,
            f"pledge Food for the Recovery of the "
            f"{region_name(d.proposal)} ({need(d)} more needed), 0 if none",
        )
    if isinstance(action, Discard):
        return discard_problem(d, seat, action.card)
    return (SingaporeRefusal.MUST_DISCARD, "you hold more than 2 cards: discard one")


def apply(d: SGData, seat: int, action: Action) -> SGData:
    """The data after an end-of-round decision."""
    if isinstance(action, Stay | Leave):
        if isinstance(action, Stay):
            d = say(d, f"{SEAT_NAMES[seat]} holds fast in the destroyed Mangrove (Anchorage).")
        else:
            d = say(
                set_player(d, seat, tile=CENTRE),
                f"{SEAT_NAMES[seat]} leaves the destroyed Mangrove for the centre of the Ecotone.",
            )
        if d.queue:
            return replace(d, turn=d.queue[0], queue=d.queue[1:])
        return _begin_recovery(d)
    if isinstance(action, Restore):
        return _offer(d, seat, action.habitat)
    if isinstance(action, Pass):
        return _next_ask(d)
    if isinstance(action, Pledge):
        return _pledge(d, seat, action.food)
    assert isinstance(action, Discard)
    return _discard(d, seat, action.card)
