"""Every rule a decision can break in Singapore Untamed, by its stable code.

:class:`SingaporeRefusal` lists the codes (``singapore/<what>``; clients and tests depend
on them). The checks that find them live beside the rules they check, and the legal-move
generation is built from the same checks, so what is offered and what is refused cannot
drift apart:

* ``action_cards.play_problem``: when each Action card may be played;
* ``migration.route_problem``: where a route may end;
* ``evolution.draw_problem`` and ``buy_problem``: which deck to draw from, what may be
  bought;
* ``endround.restore_problem``, ``pledge_problem`` and ``discard_problem``: Recovery
  offers and pledges, the hand limit.

Each check returns a :data:`Problem` (a code and its explanation) or ``None``;
``rules.refusal`` asks the check of the decision at hand and turns its answer into the
:class:`~ecotone.core.errors.IllegalAction` the kernel reports. Every refusal says, in the
game's words, what the rules allow instead.
"""

from __future__ import annotations

from typing import Final

from ecotone.core.errors import IllegalAction, Refusal

__all__ = ["WHEN", "Problem", "SingaporeRefusal", "raised"]


class SingaporeRefusal(Refusal):
    """The rules a decision of Singapore Untamed can break."""

    # Which kind of decision the step asks for
    MUST_MIGRATE = "singapore/must-migrate"
    MUST_CHOOSE_STRATEGY = "singapore/must-choose-strategy"
    MUST_DRAW = "singapore/must-draw"
    DRAW_FIRST = "singapore/draw-first"
    ALREADY_DRAWN = "singapore/already-drawn"
    MUST_BUY_OR_RETURN = "singapore/must-buy-or-return"
    MUST_ANCHOR = "singapore/must-anchor"
    MUST_OFFER_OR_PASS = "singapore/must-offer-or-pass"
    MUST_PLEDGE = "singapore/must-pledge"
    MUST_DISCARD = "singapore/must-discard"
    # Names that are not the game's
    UNKNOWN_CARD = "singapore/unknown-card"
    NO_SUCH_TILE = "singapore/no-such-tile"
    NO_SUCH_DECK = "singapore/no-such-deck"
    NO_SUCH_HABITAT = "singapore/no-such-habitat"
    # Action cards
    NOT_IN_HAND = "singapore/not-in-hand"
    WRONG_TIME = "singapore/wrong-time"
    ALREADY_PLAYED = "singapore/already-played"
    ONE_MOVEMENT_CARD = "singapore/one-movement-card"
    HIBERNATE_ALONE = "singapore/hibernate-alone"
    # Migration
    SHORTCUT_ECOTONE = "singapore/shortcut-ecotone"
    HABITAT_CLOSED = "singapore/habitat-closed"
    UNREACHABLE = "singapore/unreachable"
    # Evolution
    WRONG_DECK = "singapore/wrong-deck"
    NOT_DRAWN = "singapore/not-drawn"
    NOT_ENOUGH_FOOD = "singapore/not-enough-food"
    # Recovery
    NOT_DESTROYED = "singapore/not-destroyed"
    NO_RECOVERY_CARD = "singapore/no-recovery-card"
    NEGATIVE_PLEDGE = "singapore/negative-pledge"
    PLEDGE_TOO_MUCH = "singapore/pledge-too-much"


#: When an Action card of each timing is played, in the words of a refusal.
WHEN: Final[dict[str, str]] = {
    "evolution": "on your Evolution turn",
    "migration": "with your route in Migration",
    "secret": "face down with your route in Migration",
    "competition": "with your Survival Strategy in Inter-species Competition",
}


#: A broken rule: its code and the explanation in the game's words. The checks return
#: plain pairs (the legal-move generation asks them often and only wants to know whether
#: one is broken); :func:`raised` makes the refusal the kernel reports.
Problem = tuple[SingaporeRefusal, str]


def raised(problem: Problem | None) -> IllegalAction | None:
    """The refusal for ``problem`` (``None``: no rule broken, the action is legal)."""
    return None if problem is None else IllegalAction(*problem)
