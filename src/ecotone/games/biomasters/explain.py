"""Why an action is refused, in the game's own words (every code is ``biomasters/...``).

=================================  ===========================================================
code                               refused because
=================================  ===========================================================
``biomasters/must-pay``            a card is being paid for: exhaust a ready card first
``biomasters/cannot-pay-with``     that card cannot pay the icon due (not yours, exhausted,
                                   another level)
``biomasters/nothing-to-pay``      exhausting a card when nothing is being paid for
``biomasters/not-in-hand``         the card is not in your hand
``biomasters/no-such-cell``        the cell is off this grid
``biomasters/occupied``            the cell is taken
``biomasters/not-connected``       the cell touches no card
``biomasters/domain``              the Domain rule
``biomasters/trophic``             the Trophic rule (and the HOME and chemoautotroph rules)
``biomasters/needs-detritus``      a saprotroph goes onto a Detritus tile
``biomasters/no-host``             a parasite or mutualist needs a living host
``biomasters/bad-host``            not that host (its tags, domain, or it is taken)
``biomasters/cannot-pay``          your ready cards cannot pay the cost
``biomasters/no-card``             no living card of yours in the cell
``biomasters/not-yours``           the card is another player's
``biomasters/no-such-ability``     the card has no such ability
``biomasters/exhausted``           the card is exhausted
``biomasters/not-prey``            not something this hunter can kill
``biomasters/no-detritus``         nothing to scavenge there
``biomasters/nothing-to-recycle``  no card in your Score Pile to process
``biomasters/deck-empty``          no card to draw
``biomasters/wrong-adult``,        metamorphosis refused (wrong adult, not in hand, the adult
``biomasters/cannot-grow``         could not live there)
=================================  ===========================================================
"""

from __future__ import annotations

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.games.biomasters.abilities import ability_problem
from ecotone.games.biomasters.actions import Pass, Pay, Play
from ecotone.games.biomasters.cards import cards, level_name
from ecotone.games.biomasters.effects import Table
from ecotone.games.biomasters.placement import cost_text, play_problem
from ecotone.games.biomasters.state import BioData, Phase, kind_of

__all__ = ["why_illegal"]

_KINDS = cards().kinds


def why_illegal(d: BioData, table: Table, seat: int, action: Action) -> IllegalAction:
    """The reason ``action`` is refused."""
    grid = table.grid
    if d.phase is Phase.PAY:
        p = d.pending
        assert p is not None
        paying = _KINDS[kind_of(p.card)].card.name
        due = level_name(p.icons[0])
        if not isinstance(action, Pay):
            return IllegalAction(
                "biomasters/must-pay",
                f"first finish paying for the {paying}: still due {cost_text(p.icons)}; "
                f"exhaust one of your ready {due} cards",
            )
        cell = grid.cell(action.cell)
        s = d.grid[cell] if cell is not None else None
        if s is None or s.tile or s.owner != seat or cell == p.cell:
            what = "it is not a ready card of yours"
        elif _KINDS[s.kind].level != p.icons[0]:
            what = f"it is a {_KINDS[s.kind].trophic} card"
        else:
            what = "it is exhausted"
        return IllegalAction(
            "biomasters/cannot-pay-with",
            f"{action.cell} cannot pay the {due} icon due for the {paying}: {what}",
        )
    if isinstance(action, Pay):
        return IllegalAction(
            "biomasters/nothing-to-pay", "there is no card being paid for: exhaust nothing now"
        )
    if isinstance(action, Play):
        return _why_not_play(d, table, seat, action)
    if isinstance(action, Pass):  # pragma: no cover - passing is always legal in the action phase
        return IllegalAction("action/not-legal", "you cannot pass now")
    code, reason = ability_problem(d, table, seat, action)
    return IllegalAction(code, reason)


def _why_not_play(d: BioData, table: Table, seat: int, action: Play) -> IllegalAction:
    held = {kind_of(c) for c in d.hands[seat]}
    if action.card not in held:
        shown = ", ".join(sorted(held)) or "nothing"
        return IllegalAction(
            "biomasters/not-in-hand", f"{action.card} is not in your hand (you hold {shown})"
        )
    cell = table.grid.cell(action.cell)
    if cell is None:
        g = table.grid
        return IllegalAction(
            "biomasters/no-such-cell",
            f"there is no cell {action.cell}: the grid runs from A1 to {g.names[-1]}",
        )
    problem = play_problem(d, table.grid, seat, _KINDS[action.card], cell, table.chemo_home)
    if problem is None:  # pragma: no cover - a legal play is never explained
        return IllegalAction("action/not-legal", f"{action} is not possible now")
    return IllegalAction(*problem)
