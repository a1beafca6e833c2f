"""A game as played so far, with the engine's undo policy.

A :class:`~ecotone.core.game.State` is one position and never changes; a
:class:`History` is the line of positions a match went through: the seed, every state,
and the step between each two. The terminal, the server and the browser keep one per
match, and undo goes through it, so every surface takes back moves by the same rule.

The undo policy (the convention of Board Game Arena): a seat may take back its own last
decisions, one at a time, while

* the last decision of the game is its own: no other seat has decided since;
* that decision showed its seat nothing it could not already know (no hidden card was
  revealed to it, no chance outcome such as a draw or a roll was seen by it) and showed
  the table no chance outcome; undoing it then takes back nothing but the seat's own
  choice. (What the choice itself shows of the seat's own cards is the seat's to show.)
* the game is not over;
* and the game's own :meth:`~ecotone.core.game.Game.undo_refusal` hook does not narrow it
  further (a game may forbid taking back, say, the end of a turn).

Whether a step showed anything is decided from the game's own views, the same way for
every game: the step is replayed on several states that its seat cannot tell apart from
the real one (``determinize``, from a generator seeded by the state's digest, so the
answer never changes); when each such replay leaves the seat's observation and the
spectators' exactly as the real step left them, the step told nothing new. A step that
draws a hidden card or rolls chance shows a different card or roll on some of those
states and cannot be taken back. A chance outcome that only *another* seat sees (a card
it is made to draw) is not caught this way: a game where that happens refuses the undo
in its :meth:`~ecotone.core.game.Game.undo_refusal` hook.

>>> import ecotone
>>> game = ecotone.make("once-upon-a-forest", players=2)
>>> line = History.start(game, seed=7)
>>> line = line.play(0, line.state.legal_actions(0)[0])
>>> str(line.steps[-1].action), line.undo_refusal(0).code
('draw from pile 1', 'undo/revealed')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import msgspec

from ecotone.core.actions import Action
from ecotone.core.errors import IllegalAction
from ecotone.core.game import Game, State
from ecotone.core.records import seat_name
from ecotone.core.replay import Replay

__all__ = ["SAMPLES", "History", "Step"]

D = TypeVar("D", bound=msgspec.Struct)

#: How many states the seat cannot tell from the real one a step is replayed on to see
#: whether it showed anything. A step that reveals a card drawn from a deck of ``n``
#: equally likely cards goes unnoticed with probability ``n ** -(SAMPLES - 1)``.
SAMPLES = 12


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of the line: who took which action."""

    seat: int
    action: Action


@dataclass(frozen=True, slots=True)
class History(Generic[D]):
    """The states of a game from its seed, and the steps between them. Never changes:
    :meth:`play` and :meth:`undo` return new histories.

    Attributes:
        seed: the seed the game started from.
        states: every state, the first from the seed and the last the current one.
        steps: ``steps[i]`` led from ``states[i]`` to ``states[i + 1]``.
    """

    seed: int
    states: tuple[State[D], ...]
    steps: tuple[Step, ...] = ()

    @classmethod
    def start(cls, game: Game[Any], seed: int) -> History[Any]:
        """A new line at ``game.start(seed)``."""
        return History(seed, (game.start(seed),))

    @classmethod
    def of(cls, game: Game[Any], seed: int, moves: Sequence[tuple[int, Action]]) -> History[Any]:
        """The line from ``seed`` through ``moves``, each checked as it is played.

        Raises:
            IllegalAction: when a move is refused.
        """
        line = cls.start(game, seed)
        for seat, action in moves:
            line = line.play(seat, action)
        return line

    @property
    def state(self) -> State[D]:
        """The current state."""
        return self.states[-1]

    @property
    def game(self) -> Game[D]:
        """The configured game."""
        return self.state.game

    def play(self, seat: int, action: Action) -> History[D]:
        """The line after ``seat`` takes ``action`` (checked, as :meth:`State.apply`).

        Raises:
            IllegalAction: out of turn, after the end, or against the rules.
        """
        after = self.state.apply(seat, action)
        return History(self.seed, (*self.states, after), (*self.steps, Step(seat, action)))

    # -- undo ------------------------------------------------------------------------------

    def undo_refusal(self, seat: int) -> IllegalAction | None:
        """Why ``seat`` may not take back its last decision now, or ``None`` if it may.

        Codes: ``undo/nothing`` (no decision of the game yet), ``undo/game-over``,
        ``undo/not-yours`` (another seat decided last), ``undo/revealed`` (the decision
        showed something hidden or a chance outcome), or the game's own code.
        """
        if not self.steps:
            return IllegalAction("undo/nothing", "nothing has been played yet")
        if self.state.is_over:
            return IllegalAction("undo/game-over", "the game is over: its moves stand")
        last = self.steps[-1]
        if last.seat != seat:
            return IllegalAction(
                "undo/not-yours",
                f"{seat_name(last.seat)} has decided since: only your own last decision can "
                "be taken back, before anybody else decides",
            )
        before, after = self.states[-2], self.states[-1]
        if _showed_something(before, last, after):
            return IllegalAction(
                "undo/revealed",
                f"'{last.action}' showed something nobody knew before (a hidden card or a "
                "chance outcome), so it stands",
            )
        return self.game.undo_refusal(before.data, last.seat, last.action, after.data)

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last decision now."""
        return self.undo_refusal(seat) is None

    def undo(self, seat: int) -> History[D]:
        """The line without ``seat``'s last decision.

        Raises:
            IllegalAction: with the reason, when the policy does not allow it.
        """
        problem = self.undo_refusal(seat)
        if problem is not None:
            raise problem
        return History(self.seed, self.states[:-1], self.steps[:-1])

    # -- records ---------------------------------------------------------------------------

    def replay(self, seats: Sequence[str] | None = None) -> Replay:
        """The line as a :class:`~ecotone.core.replay.Replay` (what was taken back is
        not in it)."""
        moves = [(s.seat, s.action) for s in self.steps]
        return Replay.record(self.game, self.seed, moves, self.state, seats)

    @classmethod
    def from_replay(cls, replay: Replay) -> History[Any]:
        """The line a replay records, re-simulated and checked step by step.

        Raises:
            StateError: when the replay's rules version differs or a step is refused.
        """
        game = replay.make_game()
        states: list[State[Any]] = []
        steps: list[Step] = []
        for state, step in replay.states():
            states.append(state)
            if step is not None:
                steps.append(Step(step.seat, game.codec.from_json(step.action)))
        return History(replay.seed, tuple(states), tuple(steps))


def _showed_something(before: State[Any], step: Step, after: State[Any]) -> bool:
    """Whether ``step`` told its own seat, or everybody, something they could not know.

    The step is replayed on states its seat cannot tell from ``before`` (its hidden cards
    re-dealt, chance re-seeded); every replay must leave the seat's view and the
    spectators' exactly as the real step left them. A hidden card drawn, or a chance
    outcome shown to all, shows up as a difference on some of them.
    """
    rnd = random.Random(before.digest())
    seen = after.observe(step.seat)
    public = after.observe(None)
    for _ in range(SAMPLES):
        other = before.determinize(step.seat, rnd).apply(step.seat, step.action)
        if other.observe(step.seat) != seen or other.observe(None) != public:
            return True
    return False
