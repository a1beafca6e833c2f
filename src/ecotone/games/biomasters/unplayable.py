"""The cards of a hand that cannot be played now, and why (``Game.unplayable``).

On a player's turn a card is played from the hand onto the grid (``play``) or, an adult,
by a metamorphosis of its juvenile (``metamorphose``); either makes it playable. For every
other card the reason is the game's own refusal (:func:`.refusals.refusal`) of the
*nearest* way to play it: every cell where it might go is asked (the cards on the grid and
the empty cells beside them), and every juvenile of the player's that grows into it, and
the refusal that gets furthest through the rules wins (a cost the ready cards cannot pay
tells more than a cell that touches nothing). :data:`_NEAREST` orders the codes from the
first rules a play can break to the last; among equals the first cell in grid order is
told.
"""

from __future__ import annotations

from typing import Final

from ecotone.core.actions import Action
from ecotone.games.biomasters import rules
from ecotone.games.biomasters.actions import Metamorphose, Play
from ecotone.games.biomasters.cards import cards
from ecotone.games.biomasters.effects import Table
from ecotone.games.biomasters.refusals import BioRefusal as R
from ecotone.games.biomasters.refusals import refusal
from ecotone.games.biomasters.state import BioData, Phase, kind_of

__all__ = ["unplayable"]

_KINDS: Final = cards().kinds

# From the first rules a play can break to the last: a refusal further down tells more. A
# metamorphosis refused (the juvenile exhausted, the adult unable to live there) is nearer
# than any play, as it costs nothing.
_NEAREST: Final = (
    R.NO_SUCH_CELL,
    R.OCCUPIED,
    R.NEEDS_DETRITUS,
    R.NO_HOST,
    R.NOT_CONNECTED,
    R.DOMAIN,
    R.BAD_HOST,
    R.TROPHIC,
    R.CANNOT_PAY,
    R.EXHAUSTED,
    R.CANNOT_GROW,
)
_RANK: Final = {code.value: i for i, code in enumerate(_NEAREST)}


def unplayable(d: BioData, table: Table, seat: int) -> dict[str, str]:
    """``seat``'s hand cards (instance ids, as its observation shows them) that no legal
    action plays now, each with the refusal of its nearest play; empty unless ``seat`` is
    to take an action (not while it pays, nor on another's turn)."""
    if d.phase is not Phase.ACTION or seat != d.turn:
        return {}
    played = {a.card for a in rules.legal(table, d, seat) if isinstance(a, Play | Metamorphose)}
    reasons: dict[str, str] = {}
    out: dict[str, str] = {}
    for card in d.hands[seat]:
        kind = kind_of(card)
        if kind in played:
            continue
        if kind not in reasons:
            reasons[kind] = _nearest(d, table, seat, _ways(d, table, seat, kind))
        out[card] = reasons[kind]
    return out


def _ways(d: BioData, table: Table, seat: int, kind: str) -> list[Action]:
    """The plays of ``kind`` worth asking about: into every occupied cell and every empty
    cell beside one, then the metamorphoses of ``seat``'s juveniles into it."""
    grid = table.grid
    taken = [i for i, s in enumerate(d.grid) if s is not None]
    near = {n for i in taken for n in grid.neighbours[i]}
    out: list[Action] = [Play(kind, grid.names[i]) for i in sorted(near.union(taken))]
    for i in taken:
        s = d.grid[i]
        assert s is not None
        if s.owner == seat and not s.tile and _KINDS[s.kind].adult == kind:
            out.append(Metamorphose(grid.names[i], kind))
    return out


def _nearest(d: BioData, table: Table, seat: int, ways: list[Action]) -> str:
    best: tuple[int, str] | None = None
    for action in ways:
        refused = refusal(d, table, seat, action)
        assert refused is not None, f"{action} is legal, yet not offered"
        rank = _RANK.get(refused.code, -1)
        if best is None or rank > best[0]:
            best = (rank, refused.message)
    assert best is not None
    return best[1]
