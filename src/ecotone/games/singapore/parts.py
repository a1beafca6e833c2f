"""A seat's observation in parts (:mod:`ecotone.core.parts`), each from one piece of the
data: a step changes a player's record, a deck or the log and shares the rest with the
state before it, so a learning environment rebuilds only those parts.

Together the parts make :func:`~ecotone.games.singapore.view.observation` key for key,
from the same helpers; the tests compare the two on played positions of every
configuration.
"""

from __future__ import annotations

import operator
from typing import Any, Final

from ecotone.core.parts import ABSENT, ObservationPart
from ecotone.games.singapore.abilities import traits
from ecotone.games.singapore.board import board
from ecotone.games.singapore.cards import HABITATS, cards
from ecotone.games.singapore.endround import need
from ecotone.games.singapore.scoring import evp
from ecotone.games.singapore.seats import hand_keys
from ecotone.games.singapore.state import ROUNDS, Choice, Habitat, Phase, Player, SGData
from ecotone.games.singapore.view import (
    SEQUENTIAL,
    _backs,
    _deck_entry,
    _habitat_entry,
    _keys,
    _owned,
    _sorted,
)

__all__ = ["observation_parts"]

_CHOOSING: Final = (Phase.MIGRATE, Phase.COMPETE)


def _same(value: Any) -> Any:
    return value


def _listed(value: tuple[Any, ...]) -> list[Any]:
    return list(value)


def _card_keys(ids: tuple[str, ...]) -> list[str]:
    return list(_keys(ids))


_HabitatPiece = tuple[str, Habitat, tuple[str, ...], int]


def _habitats(d: SGData) -> tuple[_HabitatPiece, ...]:
    """Per habitat, in :data:`HABITATS` order, what its entry is made from: its name, the
    habitat, its deck and how many of the deck's bottom cards are known (a draw from one
    deck changes that habitat's piece alone)."""
    return tuple(zip(HABITATS, d.habitats, d.decks[1:], d.known[1:], strict=True))


def _habitat(piece: _HabitatPiece) -> dict[str, Any]:
    h, hab, deck, known = piece
    return _habitat_entry(h, hab, _deck_entry(deck, known))


def _chosen(d: SGData) -> tuple[bool | None, ...]:
    """Per seat, whether it has chosen in an open simultaneous step (``None`` outside
    one, or for a seat not taking part)."""
    if d.phase not in _CHOOSING:
        return (None,) * len(d.players)
    return tuple(None if c.final == "out" else bool(c.final) for c in d.choices)


#: What a player's entry is made from: the player, whether it has chosen (see
#: :func:`_chosen`) and whether it is the observing seat's own (its hand shown).
_PlayerPiece = tuple[Player, bool | None, bool]


def _player(piece: _PlayerPiece) -> dict[str, Any]:
    """A player's entry, its hidden cards, keys and niche only in its own seat's view.

    The same function for every seat, so that a learning environment that encodes every
    seat makes an entry once for all the seats that see it alike."""
    p, chosen, own = piece
    cs = cards()
    out: dict[str, Any] = {
        "tile": p.tile,
        "region": board().region(p.tile),
        "food": p.food,
        "adaptations": dict(_owned(p.adaptations)),
        "niches": [cs.niche(n).key for n in p.niches],
        "abilities": list(_sorted(traits(p))),
        "evp": evp(p),
        "hand": len(p.hand),
        "hand_backs": list(_backs(p.hand)),
        "facedown": len(p.facedown),
        "dice": list(p.dice),
        "cooperated": p.cooperated,
        "intimidated": p.intimidated,
        "chosen": chosen,
        "has_secret_niche": bool(p.niche),
    }
    if own:
        out["hand_cards"] = sorted(_keys(p.hand))
        out["hand_keys"] = list(hand_keys(p))
        out["niche"] = cs.niche(p.niche).key if p.niche else None
    return out


def _players(seat: int) -> ObservationPart[SGData]:
    def source(d: SGData) -> tuple[_PlayerPiece, ...]:
        return tuple(
            zip(d.players, _chosen(d), [s == seat for s in range(len(d.players))], strict=True)
        )

    return ObservationPart("players", source, _player, each=1)


def _recovery(d: SGData | None) -> dict[str, Any] | None:
    if d is None:
        return None
    return {
        "habitat": d.proposal,
        "proposer": d.proposer,
        "pledges": list(d.pledges),
        "needed": need(d),
    }


def _my_choice(choice: Choice | None) -> Any:
    if choice is None:
        return ABSENT
    return {"cards": list(choice.cards), "final": choice.final or None}


def observation_parts(seat: int) -> tuple[ObservationPart[SGData], ...]:
    """``seat``'s observation in parts (see the module docstring)."""
    cs = cards()
    field = operator.attrgetter
    return (
        ObservationPart("mode", field("mode"), _same),
        ObservationPart("round", field("round"), _same),
        ObservationPart("rounds", lambda d: ROUNDS, _same),
        ObservationPart("first", field("first"), _same),
        ObservationPart("phase", field("phase"), field("value")),
        ObservationPart("turn", lambda d: d.turn if d.phase in SEQUENTIAL else None, _same),
        ObservationPart("habitats", _habitats, _habitat, each=1, keys=HABITATS),
        ObservationPart(
            "wild_deck", lambda d: (d.decks[0], d.known[0]), lambda piece: _deck_entry(*piece)
        ),
        ObservationPart("destruction_drawn", field("destroyed_count"), _same),
        ObservationPart("discard", field("discard"), _card_keys),
        ObservationPart(
            "niche_display",
            field("niche_display"),
            lambda display: [cs.niche(n).key for n in display],
        ),
        _players(seat),
        ObservationPart("drawn", field("drawn"), _card_keys),
        ObservationPart("drawn_from", lambda d: d.drawn_from or None, _same),
        ObservationPart(
            "evolution",
            field("extra", "any_deck", "bargain"),
            lambda e: {"extra": e[0], "any_deck": e[1], "bargain": e[2]},
        ),
        ObservationPart("recovery", lambda d: d if d.phase is Phase.PLEDGE else None, _recovery),
        ObservationPart("log", field("log"), _listed),
        ObservationPart("last_log", field("last_log"), _listed),
        ObservationPart(
            "my_choice",
            lambda d: d.choices[seat] if d.phase in _CHOOSING else None,
            _my_choice,
        ),
    )
