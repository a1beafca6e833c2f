"""Who may see which step of the log, decided from the game's own observations.

The kernel tells the server what each seat may know about a *state*
(``state.observe(seat)``) but not about an *action*: "P2 gives G03 to P1" may be public
in one game and a secret in another. So the server works it out, the same way for every
game: an action by seat ``p`` is shown to viewer ``v`` only when ``v``'s observation after
it tells it apart from every other action ``p`` could have taken. Then the text adds
nothing ``v`` could not read off the board. When some alternatives look the same to ``v``,
the step is hidden from ``v``; its *kind* (``bid``, ``give``) is shown when all those
look-alikes are of the same kind.

A second, independent condition guards the components themselves: every card or tile id
the action names (or, in a game that declares no components, every text it carries) must
appear in ``v``'s observation after the step. Two copies of the same species, say, may
look alike on the table; naming which copy a seat took would tell more than the board
does, so the step's text is hidden then too.

The actor always sees its own action; in a game of perfect information everybody sees
everything; after the end the whole log is open (as the replay is). Checking costs one
``apply`` per alternative and one ``observe`` per alternative and viewer, paid once per
step when it is stored. A spectator knows no more than any seat, so the spectators are
checked first: when even they can tell the action apart from every alternative, so can
every seat, and one ``observe`` per alternative suffices. When a seat has more than
:data:`MAX_ALTERNATIVES` choices the step is hidden from the other seats rather than
checked (safe, if less informative).

The kernel's own :meth:`~ecotone.core.game.State.announce` (the game's
``secret_action``) is no substitute: it is the game's declaration of which choices are
secret, not a check of what the observations give away, and it calls public some steps
this check hides: in BIOME Borneo, say, which card a player exchanged, when the others'
observations show only that one was.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

import msgspec

from ecotone.core.actions import Action
from ecotone.core.game import Game, State
from ecotone.core.spec import Information

__all__ = ["MAX_ALTERNATIVES", "everyone", "step_visibility", "viewer_bit"]

_encoder = msgspec.json.Encoder()

MAX_ALTERNATIVES = 96


def viewer_bit(players: int, seat: int | None) -> int:
    """The bit of ``seat`` in a visibility mask; spectators use bit ``players``."""
    return 1 << (players if seat is None else seat)


def everyone(players: int) -> int:
    """The mask with every seat and the spectators."""
    return (1 << (players + 1)) - 1


def step_visibility(
    before: State[Any],
    seat: int,
    action: Action,
    after: State[Any],
    observed: dict[int | None, dict[str, Any]] | None = None,
) -> tuple[int, int]:
    """The masks of viewers who may see ``action`` itself, and its kind.

    The spectators are checked first. A spectator knows no more than any seat: when the
    spectators can tell the action apart from every alternative, so can every seat, and
    the seats' own checks are skipped (they cost one ``observe`` per alternative each).

    Args:
        before, after: the states around the step.
        observed: ``after``'s observations by viewer, when already computed (reused).
    """
    players = before.game.players
    if before.game.spec.information is Information.PERFECT:
        return everyone(players), everyone(players)
    visible = tags = viewer_bit(players, seat)
    others = [v for v in range(players) if v != seat]
    alternatives = [a for a in before.legal_actions(seat) if a != action]
    if len(alternatives) > MAX_ALTERNATIVES:
        if all(type(a) is type(action) for a in alternatives):
            tags = everyone(players)
        return visible, tags
    outcomes = [before.apply(seat, a) for a in alternatives]
    named = _named(before, action)

    def seen(viewer: int | None) -> dict[str, Any]:
        got = observed.get(viewer) if observed is not None else None
        return after.observe(viewer) if got is None else got

    def lookalikes(viewer: int | None, observation: dict[str, Any]) -> list[Action]:
        return [
            a
            for a, o in zip(alternatives, outcomes, strict=True)
            if o.observe(viewer) == observation
        ]

    spectators = viewer_bit(players, None)
    spectator_view = seen(None)
    spectator_lookalikes = lookalikes(None, spectator_view)
    if not spectator_lookalikes:
        # Nobody can mistake the action for another: show it where its components show.
        tags = everyone(players)
        shown_to_every_seat = True
        for viewer in others:
            if _shows(seen(viewer), named):
                visible |= viewer_bit(players, viewer)
            else:
                shown_to_every_seat = False
        if shown_to_every_seat and _shows(spectator_view, named):
            visible |= spectators
        return visible, tags
    tag_hidden_from_a_seat = False
    for viewer in others:
        bit = viewer_bit(players, viewer)
        view = seen(viewer)
        alike = lookalikes(viewer, view)
        if not alike:
            tags |= bit
            if _shows(view, named):
                visible |= bit
        elif all(type(a) is type(action) for a in alike):
            tags |= bit
        else:
            tag_hidden_from_a_seat = True
    # What one seat cannot tell apart, the spectators cannot either; and they see the kind
    # only when every seat does and their own look-alikes are all of that kind.
    if not tag_hidden_from_a_seat and all(type(a) is type(action) for a in spectator_lookalikes):
        tags |= spectators
    return visible, tags


def _shows(observation: dict[str, Any], named: set[str]) -> bool:
    """Whether every name appears as a whole text value in the observation."""
    if not named:
        return True
    text = _encoder.encode(observation)
    return all(_encoder.encode(name) in text for name in named)


@functools.cache
def _components(game: Game[Any]) -> frozenset[str]:
    return frozenset(game.components())


def _named(state: State[Any], action: Action) -> set[str]:
    """The component ids an action names (every text field when the game declares none)."""
    texts = set(_strings(action.to_json())) - {str(type(action).__struct_config__.tag)}
    components = _components(state.game)
    return texts & components if components else texts


def _strings(obj: Any) -> Iterator[str]:
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for value in obj.values():
            yield from _strings(value)
    elif isinstance(obj, list | tuple):
        for value in obj:
            yield from _strings(value)
