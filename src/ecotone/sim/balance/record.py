"""One game of a balance batch, kept as a record: outcome, score story and the cards named.

A balance report needs more of a game than its outcome (:class:`~ecotone.sim.runner.GameResult`):

* the *score story*: every seat's score (``state.scores()``) after every decision, for
  lead changes, drama and decisiveness. It is kept compactly, one entry each time some
  score changes;
* what each seat *touched*: the cards, tiles and species named in the actions it took;
* the game's *lessons* (:meth:`~ecotone.core.game.Game.lessons`): for a game built to
  teach a model, what play did that the model speaks of, counted against the model's
  prediction (the hawk-dove mix of a competition against its equilibrium). The game
  counts them from the game's history; this module only keeps the counts.

Touched items are found without knowing any game: an item is any id the game lists in
:meth:`~ecotone.core.game.Game.components` or in its presentation's catalogue, and a seat
touched it when one of its actions has a text field equal to that id (``{"type": "place",
"card": "C07"}`` names ``C07``). Drawing, buying, playing, placing, discarding or eating a
card all count: the report speaks of a seat "having" a card, not of how.

The game itself is played by :func:`ecotone.sim.runner.play`, with the bots and seeds of
:mod:`ecotone.sim.runner`, so a balance game is exactly the game ``ecotone simulate
--rotate`` plays with the same seed and index; the record adds to it, it plays nothing
differently.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import msgspec

from ecotone.core.actions import Action
from ecotone.core.game import Game, Lesson
from ecotone.sim.runner import GameResult, bot_seed, build_bot, error_text, play, seat_order

__all__ = [
    "GameRecord",
    "LessonCount",
    "Replayed",
    "item_ids",
    "play_record",
    "replay",
    "touched_items",
]


class LessonCount(msgspec.Struct, frozen=True, kw_only=True):
    """One of the game's lessons in one game, as ``games.jsonl`` keeps it
    (:class:`~ecotone.core.game.Lesson`)."""

    id: str
    label: str
    count: int
    out_of: int
    theory: float | None = None
    source: str = ""

    @classmethod
    def of(cls, lesson: Lesson) -> LessonCount:
        """The record of a game's :class:`~ecotone.core.game.Lesson`."""
        return cls(
            id=lesson.id,
            label=lesson.label,
            count=lesson.count,
            out_of=lesson.out_of,
            theory=lesson.theory,
            source=lesson.source,
        )


class GameRecord(msgspec.Struct, frozen=True, kw_only=True):
    """One game of a balance batch: one line of ``games.jsonl``.

    Attributes:
        result: the game's outcome, as ``ecotone simulate`` reports it.
        story: ``(decision, scores)`` at the start (decision 0) and after every decision
            that changed some score; the scores hold from there until the next entry.
        touched: for each seat, the item ids named in its actions, sorted.
        lessons: the game's lessons counted in this game (none for most games).
        decks: for a game whose players bring decks, each seat's deck
            (:mod:`ecotone.sim.balance.decks`); empty otherwise.
    """

    result: GameResult
    story: list[tuple[int, list[float]]] = []
    touched: list[list[str]] = []
    lessons: list[LessonCount] = []
    decks: list[str] = []


def item_ids(game: Game[Any]) -> frozenset[str]:
    """Every id that counts as an item: the game's components and its catalogue's entries."""
    ids = set(game.components())
    for group in game.presentation().catalog.values():
        if isinstance(group, Mapping):
            ids.update(str(key) for key in group)
    return frozenset(ids)


def touched_items(
    moves: Iterable[tuple[int, Action]], players: int, items: frozenset[str]
) -> list[list[str]]:
    """For each seat, the sorted item ids named by a text field of one of its actions."""
    seen: list[set[str]] = [set() for _ in range(players)]
    for seat, action in moves:
        for key, value in action.to_json().items():
            if key != "type" and isinstance(value, str) and value in items:
                seen[seat].add(value)
    return [sorted(s) for s in seen]


class Replayed(msgspec.Struct, frozen=True):
    """What stepping a played game again gives: its score story, its lessons and the seat
    the game says takes the first turn (:meth:`~ecotone.core.game.Game.starting_seat`;
    ``None``: the seat of the first decision)."""

    story: list[tuple[int, list[float]]]
    lessons: list[LessonCount]
    starter: int | None = None


def _teaches(game: Game[Any]) -> bool:
    """Whether the game counts lessons (overrides the hook), so its history is worth keeping."""
    return type(game).lessons is not Game.lessons


def replay(game: Game[Any], seed: int, moves: Sequence[tuple[int, Action]]) -> Replayed:
    """Step a played game again from its seed: every seat's score before the first decision
    and after each that changed one, and the game's lessons from its history.

    The game is stepped with ``state.step`` (the moves are already known to be legal);
    asking for scores costs far less than the bots' thinking did. The history (the data
    before each decision) is kept only for a game that counts lessons.
    """
    state = game.start(seed)
    starter = game.starting_seat(state.data)
    last = state.scores()
    story: list[tuple[int, list[float]]] = [(0, last)]
    keep = _teaches(game)
    history: list[tuple[Any, int, Action]] = []
    for step, (seat, action) in enumerate(moves, 1):
        if keep:
            history.append((state.data, seat, action))
        state = state.step(seat, action)
        scores = state.scores()
        if scores != last:
            story.append((step, scores))
            last = scores
    lessons = game.lessons(history, state.data) if keep else ()
    return Replayed(story, [LessonCount.of(lesson) for lesson in lessons], starter)


def play_record(
    game: Game[Any],
    index: int,
    seed: int,
    lineup: Sequence[str],
    items: frozenset[str],
    *,
    rotate: bool = True,
    decks: Sequence[str] = (),
) -> GameRecord:
    """Play game ``index`` (dealt with ``seed``) and keep its record; never raises for it.

    Seats and bots follow :mod:`ecotone.sim.runner`: lineup entry ``seat_order(...)[s]``
    sits at seat ``s``, and its bot is seeded ``bot_seed(seed, s)``. An exception from the
    rules or a bot becomes ``result.error``, so one broken game cannot stop a batch.
    ``decks`` (each seat's deck, as the game was configured) is kept in the record.
    ``result.first`` is the starting player: the seat the game names
    (:meth:`~ecotone.core.game.Game.starting_seat`), else the seat of the first decision.
    """
    order = seat_order(game.players, index, rotate)
    bots = [lineup[entry] for entry in order]
    result = GameResult(index=index, seed=seed, bots=bots, lineup=order)
    try:
        seats = [build_bot(spec, game, s, bot_seed(seed, s)) for s, spec in enumerate(bots)]
        run = play(game, seed, seats)
        again = replay(game, seed, run.moves)
    except Exception as exc:  # a batch reports every failure and goes on
        return GameRecord(
            result=msgspec.structs.replace(result, error=error_text(exc)),
            decks=list(decks),
        )
    # The starting player: the seat the game names, else the seat that decided first.
    first = again.starter
    if first is None and run.moves:
        first = run.moves[0][0]
    result = msgspec.structs.replace(
        result,
        scores=run.final.scores(),
        winners=run.final.winners(),
        steps=len(run.moves),
        first=first,
    )
    return GameRecord(
        result=result,
        story=again.story,
        touched=touched_items(run.moves, game.players, items),
        lessons=again.lessons,
        decks=list(decks),
    )
