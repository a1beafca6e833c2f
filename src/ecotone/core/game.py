"""The game contract: a :class:`Game` of hooks over frozen data, and the :class:`State` handle.

A game package subclasses :class:`Game` once. Its state is a frozen ``msgspec.Struct``
(tuples, ints, strings, nested frozen records) and its rules are *pure hooks* that take
that data and return new data; they never mutate. The kernel's :class:`State` wraps the
data and implements the whole public contract on top of the hooks, the same way for every
game:

==========================  =============================================================
public (``State``)          hook the game writes (``Game``)
==========================  =============================================================
``Game.start(seed)``        ``setup(rnd)``: the initial data from a seeded generator
``to_move``                 ``to_move(data)``: the seats that must decide now
``legal_actions(seat)``     ``legal(data, seat)``: in a deterministic order
``apply(seat, action)``     ``next(data, seat, action)``: only ever called with a legal one
``explain(seat, action)``   ``refusal(data, seat, action)``: the reason, in game words
``observe(seat)``           ``observation(data, seat)``: JSON-safe, only what seat may know
``render(seat)``            ``render(data, seat)``: a text picture of that view
``render_styled(seat)``     ``render_styled(data, seat)``: the same, with styled spans
``determinize(seat, rng)``  ``determinize(data, seat, rnd)``: secrets re-dealt, chance re-seeded
``scores()``/``winners()``  ``scores(data)``/``winners(data)``
(conformance)               ``zones(data)``: where every card or tile is
``Game.presentation()``     ``presentation()``: card faces, glossary, board, picture
``Game.deckbuilding()``     ``deck_rules()``: pool, deck rules, built-in decks, codes
``breakdown()``             ``breakdown(data)``: each seat's score, term by term
``ending()``                ``ending(data)``: why the game ended, what its result means
``recent()``                ``recent(data)``: the last public happenings, in words
(balance reports)           ``lessons(history, end)``: what the game teaches, counted
(balance reports)           ``starting_seat(data)``: who takes the first turn (optional)
``turn``, ``phase(seat)``   ``turn(data)``, ``phase(data, seat)``: the turn, the decision
``unplayable(seat)``        ``unplayable(data, seat)``: hand cards that cannot be played
(learning environments)     ``observation_parts(seat)``: the observation in parts (optional)
==========================  =============================================================

Each rule is written once: the game's ``refusal`` hook answers, for *any* action, the
first rule it breaks (or ``None``), and its legal-move generation is built from the same
checks, so the offered actions and the refusals cannot drift apart (the conformance
harness checks that they agree on random positions). Every code a game refuses with is a
member of its :attr:`Game.refusals` enum.

Checking legality, caching legal actions, digests, JSON and the error codes for
out-of-turn or finished games live here, so no game writes them again.
"""

from __future__ import annotations

import functools
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar, cast, final

import msgspec

from ecotone.core.actions import Action, ActionCodec
from ecotone.core.deckbuilding import Deckbuilding
from ecotone.core.errors import IllegalAction, Refusal, StateError
from ecotone.core.parts import ObservationPart
from ecotone.core.position import State
from ecotone.core.presentation import Presentation
from ecotone.core.spec import GameSpec
from ecotone.core.styled import Styled, mark

__all__ = ["Game", "Lesson", "ScoreTerm", "State", "StepHooks"]

D = TypeVar("D", bound=msgspec.Struct)


class Game(ABC, Generic[D]):
    """One configured game (id, player count, variant, options) and its rules hooks.

    Make one with :func:`ecotone.make`; subclasses set the class attributes ``spec``,
    ``data_type`` and ``codec`` and implement the hooks.

    Attributes:
        players: the number of seats, numbered ``0 .. players - 1``.
        variant: the variant's name, or ``None`` for the standard game.
        options: every option of the spec, defaults filled in.
    """

    spec: ClassVar[GameSpec]
    data_type: ClassVar[type[msgspec.Struct]]
    codec: ClassVar[ActionCodec]
    #: Every code the game refuses an action with (``forest/tree-incomplete``, ...),
    #: besides the kernel's own ``action/...`` codes.
    refusals: ClassVar[type[Refusal]] = Refusal

    def __init__(self, players: int, variant: str | None = None, **options: Any) -> None:
        self.options: dict[str, Any] = self.spec.check_config(players, variant, options)
        self.players = players
        self.variant = variant

    # -- identity ----------------------------------------------------------------------

    @property
    def config(self) -> dict[str, Any]:
        """The JSON-safe configuration: ``game``, ``players``, ``variant``, ``options``."""
        return {
            "game": self.spec.id,
            "players": self.players,
            "variant": self.variant,
            "options": dict(self.options),
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.config == self.config

    def __hash__(self) -> int:
        return hash((self.spec.id, self.players, self.variant, tuple(sorted(self.options))))

    def __reduce__(self) -> tuple[Callable[..., Game[Any]], tuple[Any, ...]]:
        # Pickled and copied as its configuration, and configured again: a game's class
        # compiled by the optional build cannot be made without its constructor, and
        # what a game makes once when it is configured need not travel with it.
        return (_configured, (type(self), self.players, self.variant, dict(self.options)))

    def __repr__(self) -> str:
        extra = f", variant={self.variant!r}" if self.variant else ""
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"ecotone.make({self.spec.id!r}, players={self.players}{extra}{opts})"

    @property
    def max_steps(self) -> int:
        """An upper bound on the number of decisions in a game of this configuration."""
        return self.spec.max_steps

    # -- public API --------------------------------------------------------------------

    @final
    def start(self, seed: int) -> State[D]:
        """The initial state for ``seed``; all randomness of the game comes from it."""
        if not isinstance(seed, int):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        return State(self, self.setup(random.Random(seed)))

    @classmethod
    def presentation(cls) -> Presentation:
        """How the game shows itself on every surface: card faces, glossary, board.

        Built once per game and cached; games override :meth:`present`.
        """
        return _presentation(cls)

    @classmethod
    def present(cls) -> Presentation:
        """The hook behind :meth:`presentation` (see :mod:`ecotone.core.presentation`).

        The default shows the game through its text picture, with no catalogue.
        """
        return Presentation()

    @classmethod
    def deckbuilding(cls) -> Deckbuilding | None:
        """The game's constructed decks (pool, deck rules, built-ins, codes), or ``None``
        for a game whose players bring no deck of their own.

        Built once per game and cached; games override :meth:`deck_rules`.
        """
        return _deckbuilding(cls)

    @classmethod
    def deck_rules(cls) -> Deckbuilding | None:
        """The hook behind :meth:`deckbuilding` (see :mod:`ecotone.core.deckbuilding`).

        The default: no constructed decks.
        """
        return None

    @property
    def num_distinct_actions(self) -> int:
        """The size of the action index space (for RL action masks)."""
        return self.codec.size

    def action_index(self, action: Action) -> int:
        """The integer index of ``action``, in ``range(num_distinct_actions)``."""
        return self.codec.index(action)

    def action_from_index(self, state: State[Any], seat: int, index: int) -> Action:
        """The action numbered ``index``, checked to be legal for ``seat`` in ``state``."""
        action = self.codec.from_index(index)
        state.check(seat, action)
        return action

    def parse_action(self, state: State[Any], seat: int, text_or_json: Any) -> Action:
        """Read an action from notation, JSON text or a JSON object, and check it.

        Raises:
            IllegalAction: when the input is not an action of this game
                (``action/malformed``) or the action cannot be taken now, with the reason.
        """
        action = self.codec.parse(text_or_json)
        state.check(seat, action)
        return action

    def load_state(self, data: Mapping[str, Any] | str | bytes) -> State[D]:
        """Rebuild a state from :meth:`State.to_json` (a dict or its JSON text)."""
        if isinstance(data, str | bytes):
            try:
                data = msgspec.json.decode(data)
            except msgspec.DecodeError as exc:
                raise StateError("state/malformed", f"not valid JSON: {exc}") from None
        if not isinstance(data, Mapping):
            raise StateError("state/malformed", "a saved state is a JSON object")
        for key in ("game", "players", "variant", "options"):
            if data.get(key) != self.config[key]:
                raise StateError(
                    "state/wrong-game",
                    f"this state is for {key}={data.get(key)!r}, "
                    f"but the game is {key}={self.config[key]!r}",
                )
        if not self.spec.plays_alike(str(data.get("rules_version"))):
            raise StateError(
                "state/rules-version",
                f"this state was saved under rules version {data.get('rules_version')!r}; "
                f"{self.spec.title} is now at {self.spec.rules_version!r}",
            )
        try:
            inner = msgspec.convert(data["state"], type=self.data_type)
        except (KeyError, msgspec.ValidationError) as exc:
            raise StateError("state/malformed", f"the saved state is invalid: {exc}") from None
        return State(self, cast("D", inner))

    # -- hooks -------------------------------------------------------------------------

    @abstractmethod
    def setup(self, rnd: random.Random) -> D:
        """The initial data: shuffle and deal with ``rnd`` only."""

    @abstractmethod
    def to_move(self, data: D) -> tuple[int, ...]:
        """The seats that must decide now, ascending; empty when the game is over."""

    @abstractmethod
    def legal(self, data: D, seat: int) -> list[Action]:
        """The legal actions of ``seat`` (which is in ``to_move``), deterministic order."""

    @abstractmethod
    def next(self, data: D, seat: int, action: Action) -> D:
        """The data after ``seat`` takes ``action``, which the kernel has checked is legal."""

    def step_hooks(self) -> StepHooks[D]:
        """:meth:`to_move`, :meth:`legal` and :meth:`next` as the callables that every
        step of a game or a search calls (the kernel asks once per game, and keeps them),
        and the ``pick`` a random playout takes its action by (:meth:`StepHooks.picker`).

        By default the three methods themselves. A game whose hooks only hand their
        arguments on to functions of its rules gives those functions instead: a step then
        skips three method calls, which a playout of a game with cheap rules feels. They
        must answer exactly as the hooks do (the conformance harness checks that they do,
        and that ``pick`` takes the action the legal list holds at every place).
        """
        return StepHooks(self.to_move, self.legal, self.next)

    @functools.cached_property
    def _steps(self) -> StepHooks[D]:
        return self.step_hooks()

    @abstractmethod
    def refusal(self, data: D, seat: int, action: Action) -> IllegalAction | None:
        """The first rule ``action`` breaks for ``seat`` (who is to move), or ``None`` when
        it breaks none: exactly when ``action`` is among :meth:`legal`.

        Write each rule once, as a check that both this hook and :meth:`legal` use; the
        code is a member of :attr:`refusals`. The kernel asks only about actions of this
        game's codec whose fields hold the types their records declare (it refuses the
        others itself: ``action/malformed``), so an action's fields may still name
        anything of those types (a card not held, a cell off the board): say so in the
        game's words.
        """

    @abstractmethod
    def observation(self, data: D, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know (``None``: a spectator), JSON-safe."""

    def observation_parts(self, seat: int) -> tuple[ObservationPart[D], ...]:
        """``seat``'s observation cut into parts, each made from one piece of the data
        (:mod:`ecotone.core.parts`), so that code observing every step can rebuild only
        what a step changed; together they make exactly :meth:`observation`. Optional:
        empty by default, and then the observation is made whole each time."""
        del seat
        return ()

    def seen(self, data: D, seat: int) -> dict[str, Any]:
        """What ``seat``'s own bots read of its observation, made straight from the data.

        Optional: the whole :meth:`observation` by default. A game whose heuristic reads a
        few keys at every step of a search's rollouts may answer with those keys alone,
        and with records that keep only the fields the heuristic weighs: every value is
        the observation's value at its key or a part of it (a record with fewer fields,
        at any depth), never anything the observation does not show ``seat``; the
        conformance harness (:func:`ecotone.core.testing.check_game`) checks it. Values
        may be shared between calls: a bot reads them and never writes.
        """
        return self.observation(data, seat)

    @abstractmethod
    def render(self, data: D, seat: int | None) -> str:
        """A text picture of ``seat``'s view."""

    def render_styled(self, data: D, seat: int | None) -> Styled:
        """:meth:`render`'s picture with named styles on parts of it, for surfaces that
        colour (:mod:`ecotone.core.styled`).

        By default the picture marked by the presentation's ``marks``; a game overrides
        it to style what no pattern finds, keeping :meth:`render`'s text exactly.
        """
        return mark(self.render(data, seat), type(self).presentation().marks)

    @abstractmethod
    def determinize(self, data: D, seat: int, rnd: random.Random) -> D:
        """Data consistent with ``seat``'s view: secrets re-dealt, future chance re-seeded."""

    @abstractmethod
    def scores(self, data: D) -> list[float]:
        """Each seat's score (final once the game is over)."""

    def standing(self, data: D) -> list[float] | None:
        """Each seat's score as it stands while the game runs, as every seat and every
        spectator may know it: what a surface shows beside the players' names.

        By default :meth:`scores`, for a game that keeps its score in the open (a point
        is a card on the table, a token, a track every player sees). A game whose score
        counts something a seat cannot see (a secret objective, a hand scored at the end)
        answers ``None``, or the public part alone. The conformance harness
        (:func:`ecotone.core.testing.check_game`) checks that the standing never changes
        when the secrets are dealt again from any seat's view (``determinize``).
        """
        return self.scores(data)

    @abstractmethod
    def winners(self, data: D) -> list[int]:
        """The winning seats after the game's tie-breaks (several when shared)."""

    def breakdown(self, data: D) -> list[tuple[ScoreTerm, ...]]:
        """Each seat's score term by term, as the rulebook's scoring counts it (complete
        trees, animals, chainsaws...): the terms of a seat add up to its score.

        By default one term, the score itself.
        """
        return [(ScoreTerm("score", points),) for points in self.scores(data)]

    def recent(self, data: D) -> tuple[str, ...]:
        """The last public happenings of the game in its own words, newest last: what a
        player at the table saw happen beyond the moves themselves (a card discarded as
        INCOMPATIBLE, who won a contest), for a surface to show beside its list of moves.

        Every seat and every spectator read the same lines (the conformance harness checks
        they never change when a seat's secrets are dealt again), with seats named ``P1``,
        ``P2`` for each surface to put its players' names in. Never the moves themselves
        ("P1 played ..."): every surface lists those already, and a surface that tells a
        step's news (the terminal) tells the lines this window gained with the step
        (:func:`~ecotone.core.tuples.added`) right after the move. By default none: a game
        whose moves say everything, or whose own board shows its happenings.
        """
        del data
        return ()

    def ending(self, data: D) -> str | None:
        """Why the game that ended in ``data`` ended and, where the scores and the winners
        leave it unsaid, what its result means: a sentence or two a player reads under
        "P2 wins." or "Nobody wins." at the end of a game.

        Say which of the game's end conditions ended this game ("The pick-up pile ran out,
        and the last turns were played."), in the rulebook's words. Then, where the result
        needs it, what it was judged by: the target a solo player missed and the scores it
        was compared with ("P1's forest scored 10; it needed at least 12 and more than the
        Neighbouring Forest's 9."), the tie-break that settled a tie, the team totals that
        make a seat's score. Every seat and every spectator read the same words, so name
        seats as the games' texts do, ``P1``, ``P2`` (:func:`~ecotone.core.records.seat_name`,
        ``P1's`` for what a seat owns): each surface puts its players' names in ("Ana",
        "your"). Never tell a secret the finished game has not revealed.

        Asked only of a finished game (:attr:`State.is_over`). By default ``None``: the
        game says nothing, and a surface shows the scores and the winners alone.
        """
        del data
        return None

    def lessons(self, history: Sequence[tuple[D, int, Action]], end: D) -> tuple[Lesson, ...]:
        """What the game was designed to teach, counted in one finished game.

        ``history`` holds every decision in order as ``(data before it, seat, action)``
        and ``end`` the final data. A game built to teach a model (a hawk-dove game, a
        food web) counts here how often play did what the model is about, out of how many
        chances, with the share the model predicts for those chances; a balance report sets
        the counts of many games against the prediction. Games that teach no such model
        return none (the default).
        """
        del history, end
        return ()

    def starting_seat(self, data: D) -> int | None:
        """The seat that takes the first turn of the game that begins with ``data`` (what
        :meth:`setup` dealt), or ``None`` (the default): the seat of the game's first
        decision, which is the starting player's in most games.

        Override it where other seats decide before the starting player's first turn (a
        reaction window opened at the start of every turn, a simultaneous choice at
        set-up): a balance report's "first player" is the seat named here, so that its win
        rate is the starting player's, not that of whoever happened to decide first.
        """
        del data
        return None

    def turn(self, data: D) -> int | None:
        """The number of the turn or round being played, counted as players count them
        (from 1), or ``None`` where the game has no such count (a surface then counts
        the changes of who is to move)."""
        del data
        return None

    def phase(self, data: D, seat: int | None) -> str | None:
        """What is being decided now, in a sentence a player reads ("P2 gives a card to
        another player, who must place it at once"), for ``seat``'s eyes; ``None`` when
        the choices say enough."""
        del data, seat
        return None

    def unplayable(self, data: D, seat: int) -> dict[str, str]:
        """The cards in ``seat``'s hand it cannot play now, each with the reason in the
        game's words, so a surface can mark them ("the Jaguar needs a POLLINATOR...").

        Keys are the cards as ``seat``'s own observation names them in its hand. The
        reason is the game's own refusal of the nearest play of that card (the first rule
        broken in the most promising cell), never a second copy of a rule. Only for a
        decision in which ``seat`` plays cards from its hand, so empty whenever ``seat``
        is not to move; it may tell only what ``seat`` may know. Empty by default.
        """
        del data, seat
        return {}

    @abstractmethod
    def zones(self, data: D) -> Mapping[str, Iterable[str]]:
        """Every component id by the zone it lies in; each id in exactly one zone."""

    def components(self) -> Iterable[str]:
        """Every component id of this configuration (what :meth:`zones` must account for)."""
        return ()

    def chosen(self, data: D) -> tuple[int, ...]:
        """The seats that have already made their choice in a simultaneous decision that
        still waits for others (ascending; none by default).

        Only for the refusal's sake: such a seat is told it has already chosen
        (``action/already-chosen``), not that it is not its turn. A seat here is never
        in :meth:`to_move`.
        """
        del data
        return ()

    def secret_action(self, data: D, seat: int, action: Action) -> bool:
        """Whether the other seats must not be told ``action`` when ``seat`` takes it.

        The usual case is a simultaneous choice (a sealed bid, a secret route): it stays
        secret until everyone has chosen, and the game then reveals the outcome in its
        observations. Most actions are public; the default says so.
        """
        del data, seat, action
        return False

    def preview(self, data: D, seat: int, action: Action) -> str | None:
        """A small text picture of ``action`` as a person chooses it (a tile turned the
        way this placement turns it), or ``None`` when its notation says enough.

        Only asked about legal actions of ``seat``; surfaces show it beside the choice,
        styled by the presentation's ``marks``. Keep it within 44 columns, so that two
        choices stand side by side on a 100-column terminal (a longer line is wrapped).
        """
        del data, seat, action
        return None

    def undo_refusal(self, before: D, seat: int, action: Action, after: D) -> IllegalAction | None:
        """Why ``seat`` may not take back ``action`` (which led from ``before`` to
        ``after``) though the kernel's undo policy allows it, or ``None``.

        The kernel already refuses to take back another seat's decision, a finished game,
        and any step that showed a hidden card or a chance outcome
        (:mod:`ecotone.core.history`); a game narrows that here in its own words (say, a
        turn once ended stands). By default it does not.
        """
        del before, seat, action, after
        return None


@dataclass(frozen=True, slots=True)
class StepHooks(Generic[D]):
    """The hooks every step calls, as plain callables (:meth:`Game.step_hooks`).

    Attributes:
        to_move: ``to_move(data)``, as :meth:`Game.to_move`.
        legal: ``legal(data, seat)``, as :meth:`Game.legal`.
        next: ``next(data, seat, action)``, as :meth:`Game.next`.
        pick: ``pick(data, seat, fraction)``, the legal action a random playout takes
            (see :meth:`picker`), or ``None`` for the list's own item.
    """

    to_move: Callable[[D], tuple[int, ...]]
    legal: Callable[[D, int], list[Action]]
    next: Callable[[D, int, Action], D]
    pick: Callable[[D, int, float], Action] | None = None

    def picker(self) -> Callable[[D, int, float], Action]:
        """``pick(data, seat, fraction)``: the legal action a random playout takes for a
        draw ``fraction`` in ``[0, 1)``, ``legal(data, seat)[int(fraction * n)]`` of the
        ``n`` legal actions.

        A game whose legal actions cost more to list than to count (a card on each of
        many cells) gives its own ``pick``, which counts them and makes only the one
        drawn: a search's rollout then takes the same action from the same draw without
        the list. By default it is the list's own item.
        """
        if self.pick is not None:
            return self.pick
        legal = self.legal

        def pick(data: D, seat: int, fraction: float) -> Action:
            actions = legal(data, seat)
            return actions[int(fraction * len(actions))]

        return pick


@dataclass(frozen=True, slots=True)
class ScoreTerm:
    """One line of a seat's score: what it counts, and the points (negative for a
    penalty)."""

    name: str
    points: float

    def to_json(self) -> dict[str, Any]:
        """``{"name", "points"}``."""
        return {"name": self.name, "points": self.points}


@dataclass(frozen=True, slots=True)
class Lesson:
    """One count of a finished game set against what a model predicts (:meth:`Game.lessons`).

    ``count`` of ``out_of`` chances went the model's way in question (Intimidate chosen in 3
    of the 7 shared habitats), and ``theory`` is the share the model predicts for those
    same chances. When the chances differ in what is predicted (contests of different
    sizes), ``theory`` is the mean prediction over this game's chances, so that over many
    games the predictions weighted by ``out_of`` give the share theory expects of them all.

    Attributes:
        id: a stable key, the same in every game (``"intimidate/3"``).
        label: what is counted, in words a teacher reads.
        count, out_of: the times it happened, and the chances it had (0 when none).
        theory: the predicted share, or ``None`` when there is no prediction (no chance).
        source: where the prediction comes from, in a sentence.
    """

    id: str
    label: str
    count: int
    out_of: int
    theory: float | None = None
    source: str = ""


def _configured(
    cls: type[Game[Any]], players: int, variant: str | None, options: dict[str, Any]
) -> Game[Any]:
    """The game ``cls`` configured again (how a game is unpickled)."""
    return cls(players, variant, **options)


@functools.cache
def _presentation(cls: type[Game[Any]]) -> Presentation:
    return cls.present()


@functools.cache
def _deckbuilding(cls: type[Game[Any]]) -> Deckbuilding | None:
    return cls.deck_rules()
