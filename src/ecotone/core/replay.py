"""Replays: a game id, its configuration, a seed and the actions, as one JSON file.

Because all randomness comes from the seed, re-simulating the actions rebuilds every
state exactly; the recorded final digest proves it. :meth:`Replay.verify` checks the
digest and also the recorded outcome (scores and winners), which a hand-edited file
could change without touching the digest. A game a seat resigned records that seat
(``resigned``) and the outcome resigning gives (:func:`resigned_winners`), checked the
same way.

>>> import ecotone
>>> from ecotone.core.replay import Replay
>>> game = ecotone.make("once-upon-a-forest", players=2)
>>> state = game.start(3)
>>> action = state.legal_actions(0)[0]
>>> replay = Replay.record(game, 3, [(0, action)], state.apply(0, action))
>>> Replay.from_json(replay.to_json()).verify().digest() == replay.digest
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import msgspec

from ecotone.core.actions import Action
from ecotone.core.errors import EcotoneError, StateError
from ecotone.core.game import Game, State
from ecotone.core.records import seat_name
from ecotone.core.registry import make

__all__ = ["FORMAT", "Replay", "ReplayStep", "resigned_winners"]

FORMAT = "ecotone-replay/1"


def resigned_winners(scores: Sequence[float], resigned: int) -> list[int]:
    """Who wins a game that seat ``resigned`` gave up, with the scores as they stood: the
    resigning seat loses, and the winners are the other seats with the best of those
    scores (every one that ties).

    >>> resigned_winners([3, 5, 5], 2)
    [1]
    """
    others = [s for s in range(len(scores)) if s != resigned]
    best = max((scores[s] for s in others), default=None)
    return [s for s in others if scores[s] == best]


class ReplayStep(msgspec.Struct, frozen=True):
    """One decision: the seat and its action's JSON form."""

    seat: int
    action: dict[str, Any]


class Replay(msgspec.Struct, frozen=True, kw_only=True):
    """A finished or unfinished game that anyone can re-simulate."""

    format: str = FORMAT
    game: str
    players: int
    variant: str | None = None
    options: dict[str, Any] = {}
    seed: int
    rules_version: str
    steps: tuple[ReplayStep, ...] = ()
    digest: str
    scores: list[float] | None = None
    winners: list[int] | None = None
    seats: list[str] | None = None
    #: the seat that resigned, ending the game at ``final`` before its rules did
    resigned: int | None = None

    @classmethod
    def record(
        cls,
        game: Game[Any],
        seed: int,
        moves: Sequence[tuple[int, Action]],
        final: State[Any],
        seats: Sequence[str] | None = None,
        resigned: int | None = None,
    ) -> Replay:
        """A replay of ``moves`` from ``game.start(seed)`` that ended in ``final``, or
        that seat ``resigned`` ended there (its outcome: :func:`resigned_winners`)."""
        over = final.is_over
        if resigned is not None and over:
            resigned = None  # the rules ended the game: their outcome stands
        scores = final.scores() if over or resigned is not None else None
        if resigned is not None and scores is not None:
            winners: list[int] | None = resigned_winners(scores, resigned)
        else:
            winners = final.winners() if over else None
        return cls(
            game=game.spec.id,
            players=game.players,
            variant=game.variant,
            options=dict(game.options),
            seed=seed,
            rules_version=game.spec.rules_version,
            steps=tuple(ReplayStep(s, a.to_json()) for s, a in moves),
            digest=final.digest(),
            scores=scores,
            winners=winners,
            seats=list(seats) if seats is not None else None,
            resigned=resigned,
        )

    def make_game(self) -> Game[Any]:
        """The configured game this replay was played in."""
        return make(self.game, players=self.players, variant=self.variant, **self.options)

    def states(self) -> Iterator[tuple[State[Any], ReplayStep | None]]:
        """Every state in order, each with the step taken from it (``None`` after the last).

        Raises:
            StateError: when the rules version differs or a recorded action is refused.
        """
        game = self.make_game()
        if not game.spec.plays_alike(self.rules_version):
            raise StateError(
                "replay/rules-version",
                f"this replay was recorded under {self.game} rules {self.rules_version}; "
                f"this Ecotone has {game.spec.rules_version}",
            )
        state = game.start(self.seed)
        for number, step in enumerate(self.steps, 1):
            yield state, step
            try:
                action = game.codec.from_json(step.action)
                state = state.apply(step.seat, action)
            except EcotoneError as exc:
                raise StateError(
                    "replay/illegal-step",
                    f"step {number} ({step.action}) by P{step.seat + 1} is refused: {exc}",
                ) from None
        yield state, None

    def verify(self) -> State[Any]:
        """Re-simulate and return the final state, checking everything the replay records.

        The final digest must match, and so must the scores and the winners where the
        replay records them: the steps alone fix the outcome, so a replay whose outcome
        was edited afterwards is refused even though its steps and digest are intact.

        Raises:
            StateError: ``replay/digest-mismatch``, ``replay/scores-mismatch`` or
                ``replay/winners-mismatch`` when re-simulating disagrees with the record,
                or any error of :meth:`states`.
        """
        final: State[Any] | None = None
        for state, _ in self.states():
            final = state
        assert final is not None
        if final.digest() != self.digest:
            raise StateError(
                "replay/digest-mismatch",
                f"re-simulating gives digest {final.digest()}, the replay says {self.digest}",
            )
        # A game still running has no outcome yet: recorded scores or winners then
        # cannot be right, whatever they say (``record`` writes them only at the end),
        # unless a seat resigned there: the outcome is then resigning's.
        resigned = self.resigned
        if resigned is not None and (final.is_over or not 0 <= resigned < self.players):
            raise StateError(
                "replay/resigned-mismatch",
                f"the replay says {seat_name(resigned)} resigned, but "
                + ("the game ended by its rules" if final.is_over else "no such seat plays"),
            )
        if self.scores is not None:
            if resigned is not None:
                scores: list[float] | None = final.scores()
            else:
                scores = final.scores() if final.is_over else None
            if scores != self.scores:
                raise StateError(
                    "replay/scores-mismatch",
                    f"re-simulating gives scores {_listed(scores, _score_text)}, "
                    f"the replay says {_listed(self.scores, _score_text)}",
                )
        if self.winners is not None:
            if resigned is not None:
                winners: list[int] | None = resigned_winners(final.scores(), resigned)
            else:
                winners = final.winners() if final.is_over else None
            if winners != self.winners:
                raise StateError(
                    "replay/winners-mismatch",
                    f"re-simulating gives winners {_listed(winners, _seat_text)}, "
                    f"the replay says {_listed(self.winners, _seat_text)}",
                )
        return final

    def to_json(self) -> bytes:
        """The replay file's content (indented JSON)."""
        return msgspec.json.format(msgspec.json.encode(self), indent=2)

    @classmethod
    def from_json(cls, data: bytes | str) -> Replay:
        """Read a replay file's content, with a clear error when it is not one."""
        try:
            replay = msgspec.json.decode(data, type=cls)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            raise StateError("replay/malformed", f"not an Ecotone replay: {exc}") from None
        if replay.format != FORMAT:
            raise StateError(
                "replay/malformed", f"unknown replay format {replay.format!r}; expected {FORMAT}"
            )
        return replay

    def save(self, path: Path) -> None:
        """Write the replay to ``path``."""
        path.write_bytes(self.to_json())

    @classmethod
    def load(cls, path: Path) -> Replay:
        """Read a replay file; StateError when it is missing or not a replay."""
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise StateError("replay/unreadable", f"cannot read {path}: {exc.strerror}") from None
        return cls.from_json(raw)


def _score_text(seat: int, score: float) -> str:
    return f"{seat_name(seat)} {int(score) if float(score).is_integer() else score}"


def _seat_text(_: int, seat: int) -> str:
    return seat_name(seat)


def _listed(values: Sequence[Any] | None, text: Callable[[int, Any], str]) -> str:
    """An outcome in words: ``P1 12, P2 9``, ``nobody``, or none before the end."""
    if values is None:
        return "none (the steps stop before the game ends)"
    return ", ".join(text(i, v) for i, v in enumerate(values)) or "nobody"
