"""The kernel's :class:`State`: an immutable game position and the whole public contract
over a game's hooks (:mod:`ecotone.core.game` describes the contract and re-exports it).

It lives in a module of its own so that the optional compiled build
(``ECOTONE_COMPILE=1``, see ``hatch_build.py``) can compile it: every step of a game or a
search goes through it. The module defines no record, no class variable and no cached
property, which compiled code handles differently (docs/performance.md, "The compiled
build").
"""

from __future__ import annotations

import hashlib
import random
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final, Generic, TypeAlias, TypeVar, final

import msgspec

from ecotone.core.actions import Action, wrong_field
from ecotone.core.errors import IllegalAction
from ecotone.core.styled import Styled
from ecotone.core.visibility import Revealed, announcement, reveal

if TYPE_CHECKING:
    from ecotone.core.game import Game, ScoreTerm

__all__ = ["State"]

D = TypeVar("D", bound=msgspec.Struct)

#: True only while the compiled build type-checks this module: ``hatch_build.py`` passes
#: ``--always-true=MYPYC`` to mypyc, and ``pyproject.toml`` makes it always false for
#: every other check. Its value here is never read.
MYPYC: Final = False

if TYPE_CHECKING:
    if MYPYC:
        # Compiled code checks the declared type of each argument when it is called, and
        # a seat of another type (``state.apply("x", action)``) would then raise a
        # ``TypeError``, where the API promises a refusal in words (``action/bad-seat``).
        # The compiled build therefore takes a seat as any object and checks it itself,
        # exactly as the interpreted code does.
        # The same for the generator or seed a deal is made from: compiled, a seed of
        # another type (a string, which ``random.Random`` takes too) would be refused.
        Seat: TypeAlias = Any
        Seed: TypeAlias = Any
    else:
        #: A seat number, ``0 .. players - 1``: what the type checker asks of callers.
        Seat: TypeAlias = int
        #: A generator, or the seed of one.
        Seed: TypeAlias = random.Random | int

_encoder: Final = msgspec.json.Encoder(order="deterministic")


@final
class State(Generic[D]):
    """An immutable game position. Holding one is safe: nothing changes it.

    ``State[D]`` holds the game's own data record ``D`` (``State[ForestData]``), so code
    that reads ``state.data`` is checked against the game's record.

    Methods that take a ``seat`` use seat numbers ``0 .. players - 1``.
    """

    __slots__ = ("_legal", "_to_move", "data", "game")

    game: Game[D]
    data: D

    def __init__(self, game: Game[D], data: D) -> None:
        self.game = game
        self.data = data
        # Whose turn it is, found at once: every state a game or a search steps to is
        # asked (to play on, or to see that the game is over), so that a read of
        # ``to_move`` is a plain read, not a method call.
        self._to_move: tuple[int, ...] = game._steps.to_move(data)
        # made on first use: most states a search steps through are never asked. Each
        # seat's list is the game's own, never handed out (callers get copies) and never
        # changed, so it needs no defensive copy of its own.
        self._legal: dict[Seat, list[Action]] | None = None

    # -- whose turn --------------------------------------------------------------------

    @property
    def to_move(self) -> tuple[int, ...]:
        """The seats that must decide now; several at a simultaneous decision; empty at
        the end."""
        return self._to_move

    @property
    def is_over(self) -> bool:
        """True once nobody has anything left to decide."""
        return not self._to_move

    def legal_actions(self, seat: Seat) -> list[Action]:
        """The actions ``seat`` may take now, in a deterministic order (empty if it is not
        to move, or is no seat: only an ``int`` names one)."""
        if seat.__class__ is not int:
            # No seat at all (a float, a bool, a string): nothing to take. Equal to a seat
            # (0.0 == 0) is not enough, or it would read that seat's list from the cache.
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = {}
        else:
            cached = legal.get(seat)
            if cached is not None:
                return cached[:]
        found = self.game._steps.legal(self.data, seat) if seat in self._to_move else []
        legal[seat] = found
        return found[:]

    # -- acting ------------------------------------------------------------------------

    def explain(self, seat: Seat, action: Action) -> str | None:
        """Why ``seat`` may not take ``action`` now, or ``None`` if it may."""
        try:
            self.check(seat, action)
        except IllegalAction as exc:
            return exc.message
        return None

    def check(self, seat: Seat, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``seat`` may take ``action`` now."""
        # The usual case first: an action from the legal actions already listed here (a
        # seat's list is only ever made for a seat to move, of its game's actions).
        legal = self._legal
        if legal is not None and seat.__class__ is int:
            cached = legal.get(seat)
            if cached is not None and action in cached:
                return
        if not self.to_move:
            raise IllegalAction("action/game-over", "the game is over")
        if not _is_seat(seat, self.game.players):
            raise IllegalAction(
                "action/bad-seat", f"there is no seat {seat!r} in a {self.game.players}-seat game"
            )
        if seat not in self.to_move:
            waiting = ", ".join(f"P{s + 1}" for s in self.to_move)
            if seat in self.game.chosen(self.data):
                raise IllegalAction(
                    "action/already-chosen",
                    f"P{seat + 1} has already made its choice; waiting for {waiting}",
                )
            raise IllegalAction(
                "action/not-your-turn", f"it is not P{seat + 1}'s turn; waiting for {waiting}"
            )
        if not isinstance(action, Action) or type(action) not in self.game.codec.classes:
            raise IllegalAction(
                "action/malformed", f"{action!r} is not an action of {self.game.spec.title}"
            )
        if action not in self._legal_list(seat):
            wrong = wrong_field(action)  # a field of the wrong type: the rules never see it
            if wrong is not None:
                raise IllegalAction(
                    "action/malformed",
                    f"{action!r} is not an action of {self.game.spec.title}: {wrong}",
                )
            fault = self.game.refusal(self.data, seat, action)
            # The harness proves the rules check agrees with legal(); should a game's two
            # ever drift, the player still gets a refusal, not an accepted illegal move.
            raise fault or IllegalAction("action/not-legal", f"{action} is not possible now")

    def apply(self, seat: Seat, action: Action) -> State[D]:
        """The state after ``seat`` takes ``action``; this state is left as it was.

        Raises:
            IllegalAction: out of turn, after the end, or against the rules, with the reason.
        """
        legal = self._legal
        if (
            legal is None
            or seat.__class__ is not int
            or (cached := legal.get(seat)) is None
            or action not in cached
        ):
            self.check(seat, action)
        return self.step(seat, action)  # known legal now

    def _legal_list(self, seat: Seat) -> list[Action]:
        """``seat``'s legal actions as cached (not a copy: only to read)."""
        self.legal_actions(seat)
        assert self._legal is not None
        return self._legal[seat]

    def step(self, seat: Seat, action: Action) -> State[D]:
        """The state after ``seat`` takes ``action``, *unchecked*: for search only.

        Like python-chess's ``push``, this skips every check :meth:`apply` makes, so it
        is only for code that took ``action`` from :meth:`legal_actions` of this very
        state (a bot's playouts). Anything else gets undefined results: use
        :meth:`apply` for input from people, files or the network.
        """
        game = self.game
        steps = game._steps
        if _PLAIN:
            # What State(game, data) does, without the call of __init__: about 500 of
            # the few thousand instructions the kernel adds to a step, felt by a game of
            # cheap rules.
            after = _blank(State)
            after.game = game
            after.data = data = steps.next(self.data, seat, action)
            after._to_move = steps.to_move(data)
            after._legal = None
            return after
        return State(game, steps.next(self.data, seat, action))

    def announce(self, seat: Seat, action: Action, viewer: Seat | None) -> str:
        """How ``viewer`` (``None``: a spectator) learns that ``seat`` takes ``action`` here:
        its notation, only its kind (``"a bid"``), or only that a secret choice was made.

        The one rule of :mod:`ecotone.core.visibility`, which the server's log, the
        terminal and replays all follow: what ``viewer``'s observation after the step
        tells apart, unless the game declares the step secret (``secret_action``) while
        the others still choose. To tell several viewers, compute the
        :func:`~ecotone.core.visibility.announcement` once and ask it for each.

        Raises:
            IllegalAction: when ``seat`` may not take ``action`` now.
        """
        return announcement(self, seat, action).text(viewer)

    # -- views -------------------------------------------------------------------------

    def observe(self, seat: Seat | None) -> dict[str, Any]:
        """Exactly what ``seat`` may know, JSON-safe (``None``: a spectator's view)."""
        # (a search observes every step of its heuristic playouts: a seat in range needs
        # no further check, and whose turn it is is read once)
        if seat.__class__ is not int or not 0 <= seat < self.game.players:
            self._check_viewer(seat)
        seats = self.to_move
        head: dict[str, Any] = {
            "game": self.game.spec.id,
            "seat": seat,
            "to_move": list(seats),
            "is_over": not seats,
        }
        head.update(self.game.observation(self.data, seat))
        if not seats:
            head["scores"] = self.scores()
            head["winners"] = self.winners()
        return head

    def observe_all(self, seat: Seat | None = None) -> Revealed:
        """The referee's view: every hand face up, and per seat what only it could see.

        Seen from ``seat``'s chair (``None``: a spectator's): its observation, in which
        every per-seat entry (``hands[s]``) is seat ``s``'s own; see
        :func:`ecotone.core.visibility.reveal`. It shows every hidden card: for replays
        of finished games and for referees, never for a player during play.
        """
        self._check_viewer(seat)
        return reveal(self, seat)

    def render(self, seat: Seat | None = None) -> str:
        """A readable text picture of ``seat``'s view (``None``: a spectator's)."""
        self._check_viewer(seat)
        return self.game.render(self.data, seat)

    def render_styled(self, seat: Seat | None = None) -> Styled:
        """:meth:`render`'s picture with the game's named styles on parts of it."""
        self._check_viewer(seat)
        return self.game.render_styled(self.data, seat)

    def determinize(self, seat: Seat, rng: Seed) -> State[D]:
        """A full state that ``seat`` cannot tell apart from this one.

        Hidden cards are re-dealt and future chance re-seeded from ``rng``, so a search
        bot working on the result can foresee neither.

        Raises:
            IllegalAction: ``action/bad-seat`` unless ``seat`` is one of the game's seats
                (a spectator's ``None`` included: a deal is made for a seat).
        """
        game = self.game
        if seat.__class__ is not int or not 0 <= seat < game.players:
            # (the usual seat in range needs no call) A deal is made for someone: a
            # spectator's view (None), which any seat's is finer than, has none.
            if seat is None:
                raise IllegalAction(
                    "action/bad-seat", "a deal is made for a seat: determinize needs one, not None"
                )
            self._check_viewer(seat)
        rnd = rng if isinstance(rng, random.Random) else random.Random(rng)
        if _PLAIN:
            dealt = _blank(State)
            dealt.game = game
            dealt.data = game.determinize(self.data, seat, rnd)
            # Whose turn it is is part of every seat's view, so a deal consistent with
            # the view keeps it (the conformance harness checks every game's): not asked
            # again. A bot's heuristic may determinize at every decision of a search's
            # rollouts.
            dealt._to_move = self._to_move
            dealt._legal = None
            return dealt
        return State(game, game.determinize(self.data, seat, rnd))

    def _check_viewer(self, seat: Seat | None) -> None:
        if seat is not None and not _is_seat(seat, self.game.players):
            raise IllegalAction(
                "action/bad-seat", f"there is no seat {seat!r} in a {self.game.players}-seat game"
            )

    # -- outcome -----------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Each seat's score; final once :attr:`is_over`."""
        return self.game.scores(self.data)

    def standing(self) -> list[float] | None:
        """Each seat's score as every seat may know it now, or ``None`` where the game
        keeps part of its scoring secret (:meth:`Game.standing`)."""
        return self.game.standing(self.data)

    def winners(self) -> list[int]:
        """The winning seats by the game's tie-breaks (empty while the game runs)."""
        return self.game.winners(self.data) if self.is_over else []

    def breakdown(self) -> list[tuple[ScoreTerm, ...]]:
        """Each seat's score term by term (:meth:`Game.breakdown`)."""
        return self.game.breakdown(self.data)

    def recent(self) -> tuple[str, ...]:
        """The last public happenings, newest last (:meth:`Game.recent`)."""
        return self.game.recent(self.data)

    def ending(self) -> str | None:
        """Why the game ended and what its result means, in the game's words
        (:meth:`Game.ending`); ``None`` while it runs, or where the game says nothing."""
        return self.game.ending(self.data) if self.is_over else None

    @property
    def turn(self) -> int | None:
        """The turn or round being played, as players count it (:meth:`Game.turn`)."""
        return self.game.turn(self.data)

    def phase(self, seat: Seat | None = None) -> str | None:
        """What is being decided now, in a sentence for ``seat`` (:meth:`Game.phase`)."""
        self._check_viewer(seat)
        return self.game.phase(self.data, seat)

    def unplayable(self, seat: Seat | None) -> dict[str, str]:
        """The cards in ``seat``'s hand it cannot play now, and why
        (:meth:`Game.unplayable`); none for a spectator (``None``), who holds no hand."""
        self._check_viewer(seat)
        return {} if seat is None else self.game.unplayable(self.data, seat)

    # -- identity and storage ----------------------------------------------------------

    def digest(self) -> str:
        """A stable hash of the whole state, random-number state included."""
        return hashlib.blake2b(self._canonical(), digest_size=16).hexdigest()

    def _canonical(self) -> bytes:
        return _encoder.encode({"config": self.game.config, "state": self.data})

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-safe data; :meth:`Game.load_state` reads it back."""
        out = self.game.config
        out["rules_version"] = self.game.spec.rules_version
        out["state"] = msgspec.to_builtins(self.data)
        return out

    def __reduce__(self) -> tuple[type[State[D]], tuple[Game[D], D]]:
        # Pickled and copied as its game and data, made again by the constructor: the
        # compiled class can be made in no other way, and whose turn it is is found again.
        return (State, (self.game, self.data))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and other.game == self.game and other.data == self.data

    def __hash__(self) -> int:
        return hash(self.digest())

    def __repr__(self) -> str:
        return f"<State {self.game.spec.id} {self.digest()[:12]} to_move={self.to_move}>"


# Whether a state can be made without running ``State.__init__`` (its fields then set one
# by one, as ``step`` and ``determinize`` do): the interpreted class can, and a step then
# saves the interpreter's call of ``__init__``. The compiled class cannot (``object.__new__``
# refuses it), and need not: its constructor is a call in C.
_PLAIN: Final = State.__new__ is object.__new__
_blank: Final = object.__new__

if _PLAIN:
    # Read by a C getter: every step of a playout reads it, and a property written in
    # Python costs a call of the interpreter's each time (compiled, the property is
    # already a getter in C). Read-only all the same.
    # (set by name: to the type checker it stays the property declared above)
    setattr(State, "to_move", property(attrgetter("_to_move"), doc=State.to_move.__doc__))  # noqa: B010


def _is_seat(seat: object, players: int) -> bool:
    """Whether ``seat`` names one of ``players`` seats: an ``int`` in range, and not a
    ``bool`` (``True`` equals 1, but a flag is no seat)."""
    return seat.__class__ is int and 0 <= seat < players
