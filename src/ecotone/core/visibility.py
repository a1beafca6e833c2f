"""What each viewer may learn of a step, and a state seen by the referee: one rule for
every surface (the server's log, the terminal, replays, the browser's replay).

The kernel tells what a seat may know about a *state* (``state.observe(seat)``); this
module tells what it may know about an *action*. "P2 gives G03 to P1" may be public in
one game and a secret in another, so the answer comes from two sources, the same way for
every game:

* **The game's observations** (:func:`infer`). An action by seat ``p`` is shown to
  viewer ``v`` only when ``v``'s observation after it tells it apart from every other
  action ``p`` could have taken: then its text adds nothing ``v`` could not read off the
  board. When some alternatives look the same to ``v``, ``v`` learns only its *kind*
  (``"a bid"``, ``"a route chosen"``: :func:`kind_text`) if all those look-alikes are of
  that kind, else nothing. A second condition guards the components: every card or tile
  id the action names (or, in a game that declares no components, every text it
  carries) must appear in ``v``'s observation after the step. Two copies of one species
  may look alike on the table; naming which copy a seat took would tell more than the
  board does.
* **The game's declaration** (:meth:`~ecotone.core.game.Game.secret_action`). A step the
  game declares secret is hidden from the other seats while its decision is open (others
  still choose, or a choice already made waits for them: :func:`declared_secret`),
  whatever the observations seem to say. The inference compares the action with what
  ``p`` could *really* have done, which depends on ``p``'s hidden hand; a viewer who does
  not know that hand may not tell a forced route, or the one card ``p`` could play, from
  the others, so the declaration wins. The step that closes the decision is the reveal:
  the game then shows the choices in its observations, and the inference judges it, and
  judges again each secret step of the decision (:func:`revealed`): what the observations
  show once it has closed, each alternative followed by the decision's later steps. A
  sealed route is shown once the pawns stand where the routes led; what the table never
  shows stays a secret choice.

:func:`announcement` combines both into an :class:`Announcement`, a frozen record of
what every viewer sees of one step (:class:`Sight`) and the text each reads: the
notation, ``"a bid"``, or ``"a secret choice"``. :meth:`State.announce
<ecotone.core.game.State.announce>` answers from it; the conformance harness checks the
declaration against the observations (a secret choice the others' observations tell
apart from another of its kind is a leak).

The actor always sees its own action; in a game of perfect information everybody sees
everything. Whether a log is open once the game is over is the surface's business (the
server opens it then, as a replay file is). Checking costs one ``step`` per alternative
and one ``observe`` per alternative and viewer. A spectator knows no more than any seat,
so the spectators are checked first: when even they can tell the action apart from every
alternative, so can every seat, and one ``observe`` per alternative suffices. When a seat
has more than :data:`MAX_ALTERNATIVES` choices the step is hidden from the other seats
rather than checked (safe, if less informative).

:func:`reveal` (``state.observe_all()``) is the other end: a state seen by a referee,
every hand face up, for replays of finished games.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import msgspec

from ecotone.core.actions import Action
from ecotone.core.records import Record
from ecotone.core.spec import Information

if TYPE_CHECKING:
    from ecotone.core.game import Game, State

__all__ = [
    "MAX_ALTERNATIVES",
    "SECRET_CHOICE",
    "Announcement",
    "Revealed",
    "Sealed",
    "Sight",
    "announcement",
    "declared_secret",
    "everyone",
    "infer",
    "kind_text",
    "reveal",
    "revealed",
    "viewer_bit",
]

#: Beyond this many alternatives a step is hidden from the other seats, not checked. The
#: largest decision of the five games, a BIOME Borneo placement, offers about 540; judging
#: it costs one step and one observation per alternative (a few dozen milliseconds).
MAX_ALTERNATIVES = 640

#: What a viewer who may learn nothing of a step reads.
SECRET_CHOICE = "a secret choice"

_encoder = msgspec.json.Encoder()


class Sight(StrEnum):
    """How much of a step one viewer may see."""

    ACTION = "action"  # the action itself, in notation
    KIND = "kind"  # only its kind: "a bid"
    NOTHING = "nothing"  # only that a choice was made


def viewer_bit(players: int, viewer: int | None) -> int:
    """The bit of ``viewer`` in a visibility mask; spectators (``None``) use bit ``players``.

    >>> viewer_bit(3, 1), viewer_bit(3, None)
    (2, 8)
    """
    return 1 << (players if viewer is None else viewer)


def everyone(players: int) -> int:
    """The mask with every seat and the spectators.

    >>> bin(everyone(2))
    '0b111'
    """
    return (1 << (players + 1)) - 1


def kind_text(action: Action) -> str:
    """How a viewer who may learn only an action's kind reads it: the noun its class
    declares (``Action.noun``), else its tag as words.

    >>> from ecotone.core.actions import Action
    >>> class Route(Action, frozen=True, tag="migrate"):
    ...     noun = "a route chosen"
    >>> class Swap(Action, frozen=True, tag="exchange-card"):
    ...     pass
    >>> kind_text(Route()), kind_text(Swap())
    ('a route chosen', 'an exchange card')
    """
    cls = type(action)
    if cls.noun:
        return cls.noun
    words = str(cls.__struct_config__.tag).replace("-", " ").replace("_", " ")
    article = "an" if words[:1].lower() in ("a", "e", "i", "o", "u") else "a"
    return f"{article} {words}"


class Announcement(Record, frozen=True):
    """What every viewer may learn of one step: ``seat`` takes ``action``.

    The masks hold one bit per viewer (:func:`viewer_bit`): the seats, then the
    spectators. The server stores them with each step.

    Attributes:
        seat: who acted; ``action``: what it did; ``players``: the number of seats.
        visible: the viewers who may see the action itself.
        kinds: the viewers who may see at least its kind (every bit of ``visible`` too).
    """

    seat: int
    action: Action
    players: int
    visible: int
    kinds: int

    def sight(self, viewer: int | None) -> Sight:
        """How much ``viewer`` (``None``: a spectator) may see of the step."""
        bit = viewer_bit(self.players, viewer)
        if self.visible & bit:
            return Sight.ACTION
        return Sight.KIND if self.kinds & bit else Sight.NOTHING

    def widened(self, later: Announcement) -> Announcement:
        """What was told of the step with what a later judgement of it (:func:`revealed`)
        shows more: never less, for the viewers have been told already."""
        return self.replace(visible=self.visible | later.visible, kinds=self.kinds | later.kinds)

    def text(self, viewer: int | None) -> str:
        """What ``viewer`` reads of the step: the notation, ``"a bid"``, or
        ``"a secret choice"``."""
        sight = self.sight(viewer)
        if sight is Sight.ACTION:
            return str(self.action)
        return kind_text(self.action) if sight is Sight.KIND else SECRET_CHOICE


def announcement(
    before: State[Any],
    seat: int,
    action: Action,
    after: State[Any] | None = None,
    observed: dict[int | None, dict[str, Any]] | None = None,
) -> Announcement:
    """What every viewer may learn of ``seat`` taking ``action`` in ``before``: the rule.

    The observations' answer (:func:`infer`), except that a step the game declares
    secret is hidden from everybody but ``seat`` while its decision is open
    (:func:`declared_secret`); the kind stays as the observations show it.

    Args:
        before: the state the step is taken in; ``action`` must be legal there.
        after: the state after it, when already computed (else it is: checked).
        observed: ``after``'s observations by viewer, when already computed (reused).

    Raises:
        IllegalAction: when ``after`` is not given and ``action`` is not legal.
    """
    if after is None:
        after = before.apply(seat, action)
    told = infer(before, seat, action, after, observed)
    if declared_secret(before, seat, action, after):
        return told.replace(visible=told.visible & viewer_bit(told.players, seat))
    return told


def declared_secret(before: State[Any], seat: int, action: Action, after: State[Any]) -> bool:
    """Whether the game declares the step secret (``secret_action``) and, after it, the
    decision it belongs to is still open.

    Open means another seat that was deciding still decides, or some seat's choice is
    in and waits for the others (the game's ``chosen`` hook). The step that closes the
    decision is the reveal: everyone has chosen, and the game shows the outcome.
    """
    game = before.game
    if not game.secret_action(before.data, seat, action):
        return False
    others_decide = any(s != seat and s in after.to_move for s in before.to_move)
    return others_decide or bool(game.chosen(after.data))


def revealed(
    decision: Sequence[tuple[State[Any], int, Action]],
    end: State[Any],
    observed: dict[int | None, dict[str, Any]] | None = None,
) -> list[Announcement]:
    """What every viewer learns of each step of a simultaneous decision but the last once
    the decision has closed: the observations' answer in ``end``, where an alternative of a
    step is judged by where it leads with the decision's later steps taken after it (an
    alternative that would make one of them impossible counts as looking the same). The
    last step, the one that closed it, was judged so when it was taken (:func:`announcement`).

    Args:
        decision: each step of the decision, in order, with the state it was taken in;
            the last one closed it (the game declares none of it secret any more).
        end: the state after the last step.
        observed: ``end``'s observations by viewer, when already computed (reused).
    """
    return [
        infer(before, seat, action, end, observed, [(s, a) for _, s, a in decision[i + 1 :]])
        for i, (before, seat, action) in enumerate(decision[:-1])
    ]


class Sealed:
    """The secret steps of a simultaneous decision still open, for a surface that tells
    steps one at a time (the terminal, ``ecotone replay``): each step told is noted here,
    and the step that closes the decision hands back its secret steps judged again
    (:func:`revealed`), with what each viewer was told of them before.
    """

    def __init__(self) -> None:
        self._open: list[tuple[int, State[Any], int, Action, Announcement]] = []

    def took(
        self,
        number: int,
        before: State[Any],
        seat: int,
        action: Action,
        after: State[Any],
        told: Announcement,
    ) -> list[tuple[Announcement, Announcement]]:
        """Note step ``number`` (``seat`` took ``action`` in ``before``; ``told`` is what
        each viewer was told of it). When it closes a decision whose secret steps were
        noted, each of those as ``(what was told then, what is told now)`` (``now``
        widens ``then``: :meth:`Announcement.widened`); else nothing."""
        if declared_secret(before, seat, action, after):
            self._open.append((number, before, seat, action, told))
            return []
        if not self._open:
            return []
        decision = [(b, s, a) for _n, b, s, a, _t in self._open] + [(before, seat, action)]
        out = [
            (was, was.widened(late))
            for (*_, was), late in zip(self._open, revealed(decision, after), strict=True)
        ]
        self._open = []
        return out

    def undone(self, kept: int) -> None:
        """Forget the steps after step ``kept``: they were taken back."""
        self._open = [step for step in self._open if step[0] <= kept]


def _followed(state: State[Any], then: Sequence[tuple[int, Action]]) -> State[Any] | None:
    """``state`` with the steps ``then`` taken, or ``None`` if one of them is refused."""
    for seat, action in then:
        if state.explain(seat, action) is not None:
            return None
        state = state.step(seat, action)
    return state


def infer(
    before: State[Any],
    seat: int,
    action: Action,
    after: State[Any],
    observed: dict[int | None, dict[str, Any]] | None = None,
    then: Sequence[tuple[int, Action]] = (),
) -> Announcement:
    """What the game's observations alone tell each viewer of the step (see the module
    docstring); :func:`announcement` adds the game's declaration.

    The spectators are checked first. A spectator knows no more than any seat: when the
    spectators can tell the action apart from every alternative, so can every seat, and
    the seats' own checks are skipped (they cost one ``observe`` per alternative each).

    Args:
        before, after: the states around the step (``action`` legal in ``before``); with
            ``then``, ``after`` is the state once those steps are taken too.
        observed: ``after``'s observations by viewer, when already computed (reused).
        then: steps taken after this one before the viewers are asked (the rest of a
            simultaneous decision: :func:`revealed`), after each alternative too.
    """
    players = before.game.players

    def told(visible: int, kinds: int) -> Announcement:
        return Announcement(seat, action, players, visible, kinds)

    if before.game.spec.information is Information.PERFECT:
        return told(everyone(players), everyone(players))
    visible = tags = viewer_bit(players, seat)
    others = [v for v in range(players) if v != seat]
    alternatives = [a for a in before.legal_actions(seat) if a != action]
    if len(alternatives) > MAX_ALTERNATIVES:
        if all(type(a) is type(action) for a in alternatives):
            tags = everyone(players)
        return told(visible, tags)
    # The alternatives come from this very state's legal actions: the unchecked step.
    outcomes = [_followed(before.step(seat, a), then) for a in alternatives]
    named = _named(before, action)

    def seen(viewer: int | None) -> dict[str, Any]:
        got = observed.get(viewer) if observed is not None else None
        return after.observe(viewer) if got is None else got

    def lookalikes(viewer: int | None, observation: dict[str, Any]) -> list[Action]:
        return [
            a
            for a, o in zip(alternatives, outcomes, strict=True)
            if o is None or o.observe(viewer) == observation
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
        return told(visible, tags)
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
    return told(visible, tags)


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


# -- the referee's view ---------------------------------------------------------------------


class Revealed(Record, frozen=True):
    """A state with nothing hidden (:func:`reveal`).

    Attributes:
        observation: an observation in which every per-seat entry (``hands[s]``,
            ``players[s]``) is taken from seat ``s``'s own view, so every hand is face up.
        secrets: per seat, the fields only that seat could see (its hand, its marked
            cards, its secret choice), by name.
    """

    observation: dict[str, Any]
    secrets: tuple[dict[str, Any], ...]


def reveal(state: State[Any], seat: int | None = None) -> Revealed:
    """``state`` as a referee sees it, from ``seat``'s chair (``None``: the referee's own).

    Assembled from the game's own views, the same way for every game: each seat's
    observation is compared with a spectator's, and whatever differs is what only that
    seat could see. The result starts from ``seat``'s observation (a spectator's for
    ``None``), and each per-seat entry is replaced by that seat's own. Only for a game
    that is over, or for a referee: it shows every hidden card.
    """
    players = state.game.players
    public = state.observe(None)
    views = [state.observe(s) for s in range(players)]
    merged = dict(public if seat is None else views[seat])
    secrets: list[dict[str, Any]] = [{} for _ in range(players)]
    for owner, view in enumerate(views):
        for key, value in view.items():
            shared: Any = public.get(key)
            if key == "seat" or value == shared:
                continue
            if _per_seat(value, players) and _per_seat(shared, players):
                if value[owner] == shared[owner]:
                    continue
                secrets[owner].update(_secret_part(value[owner], shared[owner], key))
                if _per_seat(merged.get(key), players):
                    entries = list(merged[key])
                    entries[owner] = value[owner]
                    merged[key] = entries
            else:
                secrets[owner].update(_secret_part(value, None, key))
    return Revealed(merged, tuple(secrets))


def _per_seat(value: Any, players: int) -> bool:
    """Whether ``value`` is a list with one entry per seat (``hands``, ``players``)."""
    return isinstance(value, list) and len(value) == players


def _empty(value: Any) -> bool:
    """Nothing to show: no marked cards, no pending choice."""
    if isinstance(value, dict):
        return all(_empty(v) for v in value.values())
    return value is None or value in ("", [])


def _secret_part(own: Any, public: Any, key: str) -> dict[str, Any]:
    """What a seat's own entry shows that a spectator's does not, field by field."""
    if isinstance(own, dict) and isinstance(public, dict):
        return {k: v for k, v in own.items() if public.get(k) != v and not _empty(v)}
    return {} if _empty(own) else {key: own}
