"""When an Action card may be played (rules §Action cards, §Migration, §Evolution).

Each of the 11 Action cards has a timing: Stampede and Shortcut go with a Migration route
(one of the two at most), Scavenge and Symbiosis go face down with it, Hibernate and
Mimicry replace a Survival Strategy and Territorial Display goes with one (Hibernate with
no other card), Forage, Rapid Evolution and Seed Dispersal are played on your Evolution turn
before drawing, and Bargain and Forage after drawing. A card is played once; Recovery cards
are never played, only offered at the end of the round.

:func:`play_problem` is that whole rule; :func:`plays`, which every step's legal-move
generation uses, offers exactly the held cards it does not refuse.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from ecotone.games.singapore.actions import Play
from ecotone.games.singapore.cards import ACTION_TIMINGS, cards
from ecotone.games.singapore.refusals import WHEN, Problem, SingaporeRefusal
from ecotone.games.singapore.seats import hand_keys
from ecotone.games.singapore.state import Phase, SGData

__all__ = ["AFTER_DRAWING", "MOVE_CARDS", "play_problem", "plays"]

MOVE_CARDS: Final = ("stampede", "shortcut")

# The steps in which a card of each timing may be played.
_STEPS: Final[dict[str, tuple[Phase, ...]]] = {
    "migration": (Phase.MIGRATE,),
    "secret": (Phase.MIGRATE,),
    "competition": (Phase.COMPETE,),
    "evolution": (Phase.DRAW, Phase.BUY),
}
_WITH_CHOICE: Final = (Phase.MIGRATE, Phase.COMPETE)  # cards go with a secret choice
AFTER_DRAWING: Final = ("bargain", "forage")  # the cards of the buy step, in the order offered


def play_problem(d: SGData, seat: int, key: str) -> Problem | None:
    """Why ``seat`` may not play the card ``key`` now, or ``None`` when it may."""
    played = d.choices[seat].cards if d.phase in _WITH_CHOICE else ()
    return _problem(key, key in hand_keys(d.players[seat]), d.phase, played, d.bargain)


def plays(d: SGData, seat: int, keys: tuple[str, ...]) -> tuple[Play, ...]:
    """The cards among ``keys`` (held by ``seat``, in the order to offer them) that
    :func:`play_problem` lets ``seat`` play now."""
    if not keys:  # (most hands hold no card: nothing to ask the rule)
        return ()
    played = d.choices[seat].cards if d.phase in _WITH_CHOICE else ()
    return _plays(keys, d.phase, played, d.bargain)


# Legal-move generation asks about every held card at every step, and the answers depend
# only on these few values: they are remembered.
@lru_cache(maxsize=4096)
def _plays(
    keys: tuple[str, ...], phase: Phase, played: tuple[str, ...], bargain: bool
) -> tuple[Play, ...]:
    return tuple(Play(k) for k in keys if _problem(k, True, phase, played, bargain) is None)


@lru_cache(maxsize=4096)
def _problem(
    key: str, held: bool, phase: Phase, played: tuple[str, ...], bargain: bool
) -> Problem | None:
    """The rule, for the card ``key`` (``held`` or not) in ``phase``, with the cards
    ``played`` with this round's secret choice so far and Bargain waiting or not."""
    cs = cards()
    name = cs.name(key)
    if key not in cs.actions and key != "recovery":
        if key in cs.adaptations:
            return (
                SingaporeRefusal.NOT_IN_HAND,
                f"you hold no {name} card: Adaptations are bought in Evolution, not played",
            )
        return (
            SingaporeRefusal.UNKNOWN_CARD,
            f"there is no Action card {key!r}: they are " + ", ".join(cs.actions),
        )
    if not held:
        return (SingaporeRefusal.NOT_IN_HAND, f"you hold no {name} card")
    if key == "recovery":
        return (
            SingaporeRefusal.WRONG_TIME,
            "a Recovery card is not played: offer it for a destroyed habitat at the end "
            "of the round (restore the <habitat>)",
        )
    timing = ACTION_TIMINGS[key]
    if phase not in _STEPS[timing]:
        return (SingaporeRefusal.WRONG_TIME, f"{name} is played {WHEN[timing]}")
    if phase in _WITH_CHOICE:
        return _with_choice(played, key, name)
    if key == "bargain":
        if phase is Phase.DRAW:
            return (SingaporeRefusal.WRONG_TIME, "Bargain is played after you draw, when you buy")
        if bargain:
            return (
                SingaporeRefusal.ALREADY_PLAYED,
                "your Bargain is already waiting for the next purchase",
            )
    if phase is Phase.BUY and key not in AFTER_DRAWING:
        return (SingaporeRefusal.WRONG_TIME, f"{name} is played before you draw")
    return None


def _with_choice(played: tuple[str, ...], key: str, name: str) -> Problem | None:
    """A card going with a secret choice that already has the cards ``played``."""
    if key in played:
        return (SingaporeRefusal.ALREADY_PLAYED, f"you already play {name} this round")
    if key in MOVE_CARDS and any(k in MOVE_CARDS for k in played):
        return (
            SingaporeRefusal.ONE_MOVEMENT_CARD,
            "Stampede and Shortcut cannot go with the same route",
        )
    if key == "hibernate" and played:
        return (
            SingaporeRefusal.HIBERNATE_ALONE,
            "Hibernate replaces your Survival Strategy and goes with no other card",
        )
    return None
