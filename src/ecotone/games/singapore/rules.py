"""The rules of Singapore Untamed as pure functions over :class:`SGData`.

A round has four phases (rules §A round): Nature's Bounty, Migration, Inter-species
Competition and Evolution, then the end of the round. The Gamemaster is automatic: after
every decision :func:`settle` carries out whatever needs no player (dealing the Bounty,
rolling, revealing, sharing Food, destroying habitats) until somebody must decide again.
Each step's module lists its legal decisions and refuses the others (:func:`legal`,
:func:`refusal`) with the same checks (see :mod:`ecotone.games.singapore.refusals`).
Section names (§) refer to ``docs/rules/singapore-untamed.md``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.rng import new_key, shuffle
from ecotone.games.singapore import competition, endround, evolution, migration
from ecotone.games.singapore.board import CENTRE, board
from ecotone.games.singapore.cards import DECKS, HABITATS, cards
from ecotone.games.singapore.refusals import Problem, raised
from ecotone.games.singapore.state import Habitat, Phase, Player, SGData, Status

__all__ = [
    "MODES",
    "NICHES_ON_DISPLAY",
    "chosen",
    "legal",
    "next_data",
    "refusal",
    "settle",
    "setup",
    "to_move",
]

MODES: Final = ("beginner", "standard", "survival")
NICHES_ON_DISPLAY: Final = 5

_SIMULTANEOUS: Final = (Phase.MIGRATE, Phase.COMPETE)


def setup(rnd: random.Random, players: int, mode: str) -> SGData:
    """Set up (§Set-up): shuffle the decks, deal niches by mode, pawns on the centre."""
    cs = cards()
    decks = []
    for deck in DECKS:
        ids = list(cs.deck_ids[deck])
        shuffle(rnd, ids)
        decks.append(tuple(ids))
    niches = list(cs.niche_ids)
    shuffle(rnd, niches)
    dealt = [""] * players
    display: tuple[str, ...] = ()
    if mode == "standard":
        dealt, niches = niches[:players], niches[players:]
    elif mode == "survival":
        display, niches = tuple(niches[:NICHES_ON_DISPLAY]), niches[NICHES_ON_DISPLAY:]
    closed = board().starts_closed
    d = SGData(
        mode=mode,
        round=0,
        phase=Phase.NEXT_ROUND,
        players=tuple(Player(tile=CENTRE, niche=dealt[s]) for s in range(players)),
        habitats=tuple(Habitat(Status.SOON if h in closed else Status.OPEN) for h in HABITATS),
        decks=tuple(decks),
        known=(0,) * len(DECKS),
        bounty_deck=cs.bounty_ids,
        niche_display=display,
        niche_box=tuple(sorted(niches)),
        rng=new_key(rnd),
    )
    return settle(d)


# The phases as plain names: a member read off its enum class (``Phase.MIGRATE``) costs
# several times a module's own name, and these are read at every step.
_MIGRATE: Final = Phase.MIGRATE
_COMPETE: Final = Phase.COMPETE
_ROUND_END: Final = Phase.ROUND_END
_NEXT_ROUND: Final = Phase.NEXT_ROUND
_OVER: Final = Phase.OVER


def settle(d: SGData) -> SGData:
    """Let the Gamemaster run the game on until a player must decide."""
    while True:
        phase = d.phase
        if phase is _MIGRATE or phase is _COMPETE:
            # the secret choices are revealed once every seat has made one (a plain loop:
            # this runs at a third of all steps, and ``all`` over a generator costs more)
            for c in d.choices:
                if not c.final:
                    return d
            if phase is _MIGRATE:
                d = competition.begin(migration.resolve(d))
            else:
                d = evolution.begin(competition.resolve(d))
        elif phase is _ROUND_END:
            d = endround.begin(d)
        elif phase is _NEXT_ROUND:
            d = migration.start_round(d)
        else:
            return d


def to_move(d: SGData) -> tuple[int, ...]:
    """Every seat still choosing in a simultaneous phase, else the seat whose turn it is."""
    phase = d.phase
    if phase is _MIGRATE or phase is _COMPETE:
        waiting = []
        for s, c in enumerate(d.choices):
            if not c.final:
                waiting.append(s)
        return tuple(waiting)
    if phase is _OVER:
        return ()
    return (d.turn,)


def chosen(d: SGData) -> tuple[int, ...]:
    """The seats whose secret route or strategy is in while others still choose (a seat
    with no contest this round has nothing to choose, and is not among them)."""
    if d.phase not in _SIMULTANEOUS:
        return ()
    return tuple(s for s, c in enumerate(d.choices) if c.final and c.final != competition.OUT)


_LEGAL: Final[dict[Phase, Callable[[SGData, int], list[Action]]]] = {
    Phase.MIGRATE: migration.legal,
    Phase.COMPETE: competition.legal,
    Phase.DRAW: evolution.legal,
    Phase.BUY: evolution.legal,
    Phase.ANCHOR: endround.legal,
    Phase.RESTORE: endround.legal,
    Phase.PLEDGE: endround.legal,
    Phase.DISCARD: endround.legal,
}

_REFUSAL: Final[dict[Phase, Callable[[SGData, int, Action], Problem | None]]] = {
    Phase.MIGRATE: migration.refusal,
    Phase.COMPETE: competition.refusal,
    Phase.DRAW: evolution.refusal,
    Phase.BUY: evolution.refusal,
    Phase.ANCHOR: endround.refusal,
    Phase.RESTORE: endround.refusal,
    Phase.PLEDGE: endround.refusal,
    Phase.DISCARD: endround.refusal,
}

_APPLY: Final[dict[Phase, Callable[[SGData, int, Action], SGData]]] = {
    Phase.MIGRATE: migration.apply,
    Phase.COMPETE: competition.apply,
    Phase.DRAW: evolution.apply,
    Phase.BUY: evolution.apply,
    Phase.ANCHOR: endround.apply,
    Phase.RESTORE: endround.apply,
    Phase.PLEDGE: endround.apply,
    Phase.DISCARD: endround.apply,
}


def legal(d: SGData, seat: int) -> list[Action]:
    """The legal actions of ``seat``, who is to move, in a fixed order."""
    return _LEGAL[d.phase](d, seat)


def refusal(d: SGData, seat: int, action: Action) -> IllegalAction | None:
    """The first rule ``action`` breaks for ``seat``, who is to move, or ``None`` exactly
    when it is legal: the step's own checks, the same ones :func:`legal` is built from."""
    return raised(_REFUSAL[d.phase](d, seat, action))


def next_data(d: SGData, seat: int, action: Action) -> SGData:
    """The data after a legal ``action``, run on to the next decision."""
    return settle(_APPLY[d.phase](d, seat, action))
