"""Phase three: Inter-species Competition (rules §Inter-species Competition).

* In the Ecotone every player takes 5 Food, however many are there.
* Alone in a habitat, a player takes the Nature's Bounty card's single-player amount.
* Two or more in a habitat each choose, at once and in secret, to Cooperate or to
  Intimidate. The Food for shared habitats is split equally (rounded down, the remainder is
  lost); then, with exactly one Intimidator, the Intimidator rolls a die X, gains X and every
  Cooperator loses X; with several Intimidators the Gamemaster rolls X and every Intimidator
  loses X, the Cooperators are unaffected. Food never drops below 0.

Action cards (Hibernate, Mimicry, Territorial Display) and unlocked abilities adjust this;
:func:`contest` does the whole reckoning of one habitat as a pure function.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from ecotone.core.actions import Action
from ecotone.core.tuples import put, replace
from ecotone.games.singapore.abilities import traits
from ecotone.games.singapore.action_cards import play_problem, plays
from ecotone.games.singapore.actions import Cooperate, Intimidate, Play
from ecotone.games.singapore.board import ECOTONE, board, region_name
from ecotone.games.singapore.cards import HABITAT_INDEX, HABITATS, Bounty, cards
from ecotone.games.singapore.gamemaster import SEAT_NAMES, dice
from ecotone.games.singapore.refusals import Problem, SingaporeRefusal
from ecotone.games.singapore.seats import held_keys, seats_by_region, take
from ecotone.games.singapore.state import (
    Choice,
    Phase,
    Player,
    SGData,
    Status,
)

__all__ = [
    "Contest",
    "Entry",
    "alone_food",
    "apply",
    "begin",
    "contest",
    "legal",
    "refusal",
    "resolve",
]

ECOTONE_FOOD: Final = 5
OPPORTUNIST_FOOD: Final = 7
HIBERNATE_FOOD: Final = 3
ABILITY_BONUS: Final = 2
SHELL_LIMIT: Final = 2
OUT: Final = "out"


@dataclass(frozen=True, slots=True)
class Entry:
    """A player taking part in a contest: their revealed choice and what modifies it."""

    seat: int
    final: str  # cooperate, intimidate, mimicry or hibernate
    display: bool = False  # played Territorial Display
    traits: frozenset[str] = frozenset()


@dataclass(slots=True)
class Contest:
    """The outcome of one habitat's competition."""

    deltas: dict[int, int] = field(default_factory=dict)
    shown: dict[int, str] = field(default_factory=dict)  # Survival Strategy cards shown
    lines: list[str] = field(default_factory=list)


def alone_food(t: frozenset[str], habitat: str, bounty: Bounty) -> int:
    """Food for a player alone in ``habitat`` with traits ``t``."""
    food = bounty.shared if ("filter" in t and habitat == "marine") else bounty.single
    return food + (ABILITY_BONUS if "lone-grazer" in t else 0)


def contest(
    habitat: str,
    entries: Sequence[Entry],
    bounty: Bounty,
    players: int,
    order: Sequence[int],
    die_a: int,
    die_b: int,
) -> Contest:
    """Reckon one shared habitat's Food.

    ``order`` is the round's turn order (Territorial Displays take effect in it);
    ``die_a`` is the one die rolled (by the only Intimidator, or by the Gamemaster when
    several Intimidate); ``die_b`` is the Estuarine Crocodile's second die.
    """
    out = Contest(deltas={e.seat: 0 for e in entries})
    shown = ", ".join(f"{SEAT_NAMES[e.seat]} {_word(e)}" for e in entries)
    out.lines.append(f"{region_name(habitat)}: revealed {shown}.")
    for e in entries:
        if e.final in ("cooperate", "intimidate"):
            out.shown[e.seat] = e.final
        if e.final == "hibernate":
            out.deltas[e.seat] += HIBERNATE_FOOD
    rest = [e for e in entries if e.final != "hibernate"]
    if not rest:
        out.lines.append("  Nobody is left to share the Food.")
        return out
    if len(rest) == 1:
        e = rest[0]
        food = alone_food(e.traits, habitat, bounty)
        out.deltas[e.seat] += food
        out.lines.append(f"  {SEAT_NAMES[e.seat]} is left alone and takes {food} Food.")
        return out
    strategy = _strategies(rest, players, order, out.lines)
    _share_out(rest, strategy, bounty, die_a, die_b, out)
    return out


def _strategies(
    rest: Sequence[Entry], players: int, order: Sequence[int], lines: list[str]
) -> dict[int, str]:
    """Each player's strategy after Territorial Displays and Mimicry take effect."""
    strategy = {e.seat: e.final for e in rest}
    displays = {e.seat for e in rest if e.display}
    for s in order:  # Territorial Display: cancel the next other Intimidate in seat order
        if s not in displays:
            continue
        for k in range(1, players):
            t = (s + k) % players
            if strategy.get(t) == "intimidate":
                strategy[t] = "cooperate"
                lines.append(
                    f"  {SEAT_NAMES[s]}'s Territorial Display cancels {SEAT_NAMES[t]}'s Intimidate."
                )
                break
    bold = sum(1 for v in strategy.values() if v == "intimidate")
    for s, v in strategy.items():  # Mimicry copies the winning side
        if v == "mimicry":
            strategy[s] = "intimidate" if bold == 0 else "cooperate"
            lines.append(f"  {SEAT_NAMES[s]}'s Mimicry turns into {strategy[s].capitalize()}.")
    return strategy


def _share_out(
    rest: Sequence[Entry],
    strategy: Mapping[int, str],
    bounty: Bounty,
    die_a: int,
    die_b: int,
    out: Contest,
) -> None:
    """The rulebook's table: share equally, then the Intimidators' die."""
    share = bounty.shared // len(rest)
    lost = bounty.shared - share * len(rest)
    for e in rest:
        out.deltas[e.seat] += share
    tail = f" ({lost} lost)" if lost else ""
    out.lines.append(f"  {bounty.shared} Food shared by {len(rest)}: {share} each{tail}.")
    hawks = [e for e in rest if strategy[e.seat] == "intimidate"]
    doves = [e for e in rest if strategy[e.seat] == "cooperate"]
    notes: list[str] = []
    if not hawks:
        out.lines.append("  No Intimidators: peace and cooperation.")
        for e in doves:
            if "family-group" in e.traits:
                out.deltas[e.seat] += ABILITY_BONUS
                notes.append(f"{SEAT_NAMES[e.seat]} +{ABILITY_BONUS} (Smooth-coated Otter)")
    elif len(hawks) == 1:
        hawk = hawks[0]
        ambush = "ambush" in hawk.traits
        x = max(die_a, die_b) if ambush else die_a
        how = f"rolls {die_a} and {die_b}, keeps {x}" if ambush else f"rolls {x}"
        out.deltas[hawk.seat] += x
        out.lines.append(
            f"  {SEAT_NAMES[hawk.seat]}, the only Intimidator, {how}: +{x} Food; "
            f"each Cooperator loses {x}."
        )
        for e in doves:
            loss, why = _loss(e.traits, x, single=True)
            out.deltas[e.seat] -= loss
            if why:
                notes.append(f"{SEAT_NAMES[e.seat]} loses only {loss} ({why})")
    else:
        x = die_a
        out.lines.append(
            f"  {len(hawks)} Intimidators fight; the Gamemaster rolls {x}: "
            f"each Intimidator loses {x}, the Cooperators are unaffected."
        )
        for e in hawks:
            loss, why = _loss(e.traits, x, single=False)
            out.deltas[e.seat] -= loss
            if why:
                notes.append(f"{SEAT_NAMES[e.seat]} loses only {loss} ({why})")
        for e in doves:
            if "scraps" in e.traits:
                out.deltas[e.seat] += ABILITY_BONUS
                notes.append(f"{SEAT_NAMES[e.seat]} +{ABILITY_BONUS} (Scavenging)")
    if len(doves) >= 3:
        for e in doves:
            if "school" in e.traits:
                out.deltas[e.seat] += ABILITY_BONUS
                notes.append(f"{SEAT_NAMES[e.seat]} +{ABILITY_BONUS} (Schooling)")
    if notes:
        out.lines.append("  " + "; ".join(notes) + ".")


def _word(e: Entry) -> str:
    words = {
        "cooperate": "Cooperate",
        "intimidate": "Intimidate",
        "mimicry": "Mimicry",
        "hibernate": "Hibernate",
    }
    return words[e.final] + (" with Territorial Display" if e.display else "")


def _loss(t: frozenset[str], x: int, *, single: bool) -> tuple[int, str]:
    """Food a player loses to a die of ``x``, after their abilities, and why it is less."""
    if "armour-ball" in t:
        return 0, "Sunda Pangolin"
    if single and "unseen" in t:
        return 0, "Camouflage"
    loss, why = x, ""
    if not single and "venom" in t:
        loss, why = x // 2, "Venom"
    if "shell" in t and loss > SHELL_LIMIT:
        loss, why = SHELL_LIMIT, "Shell"
    return loss, why


# -- the phase --------------------------------------------------------------------------


def begin(d: SGData) -> SGData:
    """Feed the Ecotone and the lone players; ask everyone sharing a habitat to choose."""
    cs = cards()
    players = list(d.players)
    choices = [Choice(final=OUT) for _ in players]
    lines = []
    fed = []
    here = seats_by_region(d)
    names = board().region_names
    for s in here.get(ECOTONE, ()):
        food = OPPORTUNIST_FOOD if "opportunist" in traits(players[s]) else ECOTONE_FOOD
        players[s] = replace(players[s], food=players[s].food + food)
        fed.append(f"{SEAT_NAMES[s]} +{food}")
    if fed:
        lines.append("Ecotone: " + ", ".join(fed) + " Food.")
    for h in HABITATS:
        seats = here.get(h)
        if not seats:
            continue
        hab = d.habitats[HABITAT_INDEX[h]]
        if hab.status is not _OPEN:
            lines.append(
                f"{names[h]} is destroyed: no Food for "
                + ", ".join(SEAT_NAMES[s] for s in seats)
                + "."
            )
        elif len(seats) == 1:
            s = seats[0]
            food = alone_food(traits(players[s]), h, cs.bounty[hab.bounty])
            players[s] = replace(players[s], food=players[s].food + food)
            lines.append(f"{names[h]}: {SEAT_NAMES[s]} is alone and takes {food} Food.")
        else:
            for s in seats:
                choices[s] = Choice()
            lines.append(
                f"{names[h]}: "
                + ", ".join(SEAT_NAMES[s] for s in seats)
                + " must each choose a Survival Strategy."
            )
    # (the Food, the choices asked for and their lines of the log in one copy of the state)
    return replace(
        d,
        players=tuple(players),
        choices=tuple(choices),
        phase=_COMPETE,
        log=(*d.log, "Inter-species Competition:", *lines),
    )


# Read once a round each: a member read off its enum class (``Status.OPEN``) costs several
# times a module's own name.
_OPEN: Final = Status.OPEN
_COMPETE: Final = Phase.COMPETE


def legal(d: SGData, seat: int) -> list[Action]:
    """Action cards that go with (or replace) a Survival Strategy, then the two strategies."""
    return [*plays(d, seat, held_keys(d.players[seat].hand)), Cooperate(), Intimidate()]


def refusal(d: SGData, seat: int, action: Action) -> Problem | None:
    """Why ``seat`` may not take ``action`` while choosing a Survival Strategy, or ``None``."""
    if isinstance(action, Cooperate | Intimidate):
        return None
    if isinstance(action, Play):
        return play_problem(d, seat, action.card)
    return (
        SingaporeRefusal.MUST_CHOOSE_STRATEGY,
        "Inter-species Competition: hold out Cooperate or "
        "Intimidate (or play Hibernate, Mimicry or Territorial Display)",
    )


def apply(d: SGData, seat: int, action: Action) -> SGData:
    """Record ``seat``'s secret choice."""
    c = d.choices[seat]
    # (by exact class: no action class has subclasses, and ``isinstance`` against a
    # record class costs several times as much)
    if type(action) is Cooperate:
        c = Choice(c.cards, "cooperate")
    elif type(action) is Intimidate:
        c = Choice(c.cards, "intimidate")
    else:
        assert type(action) is Play
        final = action.card if action.card in ("mimicry", "hibernate") else ""
        c = Choice((*c.cards, action.card), final)
    return replace(d, choices=put(d.choices, seat, c))


def resolve(d: SGData) -> SGData:
    """Reveal every Survival Strategy at once and share out the Food, habitat by habitat."""
    cs = cards()
    players = list(d.players)
    discard = list(d.discard)
    lines: list[str] = []
    here = seats_by_region(d)  # (the pawns stay where they are while Food is shared out)
    for h in HABITATS:
        seats = [s for s in here.get(h, ()) if d.choices[s].final != OUT]
        if not seats:
            continue
        entries = [
            Entry(
                s,
                d.choices[s].final,
                "territorial-display" in d.choices[s].cards,
                traits(players[s]),
            )
            for s in seats
        ]
        for s in seats:
            hand = players[s].hand
            for key in d.choices[s].cards:
                cid, hand = take(hand, key)
                discard.append(cid)
            players[s] = replace(players[s], hand=hand)
        (die_a, die_b), d = dice(d, 2)
        bounty = cs.bounty[d.habitats[HABITAT_INDEX[h]].bounty]
        result = contest(h, entries, bounty, len(players), d.order(), die_a, die_b)
        for s, delta in result.deltas.items():
            players[s] = _fed(players[s], delta, result.shown.get(s))
        lines += result.lines
    # (the Food shared out and its lines of the log in one copy of the state)
    return replace(
        d, players=tuple(players), discard=tuple(discard), choices=(), log=(*d.log, *lines)
    )


def _fed(p: Player, delta: int, shown: str | None) -> Player:
    return replace(
        p,
        food=max(0, p.food + delta),
        cooperated=p.cooperated + (shown == "cooperate"),
        intimidated=p.intimidated + (shown == "intimidate"),
    )
