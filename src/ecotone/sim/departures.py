"""Where a bot departs from the game's heuristic, and what each departure is worth.

A tournament needs many games to tell two close bots apart: the luck of the deals swamps
the difference between them. This asks a narrower question, far more cheaply. At
decisions sampled from games of heuristic bots, does the bot play something other than
the heuristic's move, and when it does, is its move better?

Each departure is judged by *paired playouts*. The position is re-dealt from the deciding
seat's point of view (``SeatView.determinize``: what the seat cannot see is dealt at
random, chance re-seeded), and that one deal is played to the end by heuristic bots twice,
once after the bot's move and once after the heuristic's, with the same seeds for the bots
of both. The two results differ by the move (and what follows from it) far more than by
luck, so a few dozen deals say what a tournament would need hundreds of games for. A
departure's worth is the mean difference, over the deals, of the deciding seat's win share
and of its score margin (its score minus the best other seat's), as the search's rewards
count them (:func:`ecotone.bots.ismcts.outcome`).

The judge plays the rest of the game as the heuristic would, so it measures what a move
is worth among heuristic players; a move that pays off only against stronger players
looks no better here.

The heuristic's move is, for a bot that searches from it (``ismcts`` with its prior), the
move it started from; for any other bot, the choice in the same view of a heuristic bot
seeded as that bot is.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ecotone.bots import SeatView, available_bots, make_bot
from ecotone.bots.base import Bot
from ecotone.bots.ismcts import outcome
from ecotone.core.actions import Action
from ecotone.core.errors import ConfigError
from ecotone.core.game import Game, State
from ecotone.core.rng import derive_seed
from ecotone.sim.runner import build_bot, game_seed

__all__ = ["SAMPLE_RATE", "Departure", "DepartureReport", "departures", "sample_decisions"]

# The chance that a decision of a sampled game is taken: low, so the sample spreads over
# many games and every stage of a game instead of taking one game's decisions in a row.
SAMPLE_RATE = 0.05
# Sampled games per decision asked for before giving up (a game with few real choices).
MAX_GAMES_PER_DECISION = 20


@dataclass(frozen=True, slots=True)
class Departure:
    """One sampled decision where the bot did not play the heuristic's move.

    ``win`` and ``margin`` are the mean differences, bot's move minus heuristic's, over
    the paired playouts; ``margin_error`` is the standard error of the margin difference.
    """

    decision: int
    game: int
    step: int
    seat: int
    heuristic: str
    chosen: str
    win: float
    margin: float
    margin_error: float

    @property
    def verdict(self) -> str:
        """``better``, ``worse`` or ``same`` by the mean margin difference."""
        return "better" if self.margin > 0 else "worse" if self.margin < 0 else "same"


@dataclass(frozen=True, slots=True)
class DepartureReport:
    """The sampled decisions, the departures among them, and what they were worth."""

    game: dict[str, Any]
    bot: str
    decisions: int
    playouts: int
    seed: int
    seconds: float
    departures: tuple[Departure, ...]

    @property
    def mean_margin(self) -> float:
        """Mean margin difference per departure (0 when there are none)."""
        return statistics.fmean(d.margin for d in self.departures) if self.departures else 0.0

    @property
    def mean_win(self) -> float:
        """Mean win-share difference per departure (0 when there are none)."""
        return statistics.fmean(d.win for d in self.departures) if self.departures else 0.0

    def count(self, verdict: str) -> int:
        """How many departures were ``better``, ``worse`` or the ``same``."""
        return sum(d.verdict == verdict for d in self.departures)

    def to_json(self) -> dict[str, Any]:
        """The report as one JSON-ready object."""
        return {
            **self.game,  # the configuration: game, players, variant, options
            "bot": self.bot,
            "decisions": self.decisions,
            "playouts": self.playouts,
            "seed": self.seed,
            "seconds": round(self.seconds, 3),
            "departures": [
                {
                    "decision": d.decision,
                    "game": d.game,
                    "step": d.step,
                    "seat": d.seat,
                    "heuristic": d.heuristic,
                    "chosen": d.chosen,
                    "win": d.win,
                    "margin": d.margin,
                    "margin_error": d.margin_error,
                    "verdict": d.verdict,
                }
                for d in self.departures
            ],
            "mean_win": self.mean_win,
            "mean_margin": self.mean_margin,
            "better": self.count("better"),
            "worse": self.count("worse"),
            "same": self.count("same"),
        }


@dataclass(frozen=True, slots=True)
class _Sampled:
    game: int
    step: int
    seat: int
    state: State[Any]


def sample_decisions(game: Game[Any], count: int, seed: int) -> list[_Sampled]:
    """``count`` decisions with more than one legal action, from games of heuristic bots.

    Raises:
        ConfigError: when the games offer too few real decisions.
    """
    found: list[_Sampled] = []
    pick = random.Random(derive_seed(seed, "sample"))
    for g in range(MAX_GAMES_PER_DECISION * count):
        state = game.start(game_seed(seed, g))
        bots = _heuristics(game, derive_seed(seed, "game", g))
        step = 0
        while not state.is_over and len(found) < count:
            seat = state.to_move[0]
            if len(state.legal_actions(seat)) > 1 and pick.random() < SAMPLE_RATE:
                found.append(_Sampled(g, step, seat, state))
            state = state.apply(seat, bots[seat].act(SeatView(state, seat)))
            step += 1
        if len(found) >= count:
            return found
    raise ConfigError(
        "config/too-few-decisions",
        f"{MAX_GAMES_PER_DECISION * count} games of {game.spec.title} offered only "
        f"{len(found)} decisions with a choice; ask for fewer",
    )


def departures(
    game: Game[Any],
    bot: str,
    decisions: int = 40,
    playouts: int = 30,
    seed: int = 0,
    on_decision: Callable[[int], None] | None = None,
) -> DepartureReport:
    """Ask ``bot`` at ``decisions`` sampled decisions; judge each departure by ``playouts``.

    Args:
        game: the configured game; it needs a heuristic bot (the judge).
        bot: a bot spec, e.g. ``ismcts:paired=8``.
        decisions: how many decisions to sample.
        playouts: paired playouts per departure.
        seed: the seed of everything: the sampled games, the bot, the deals of the judge.
        on_decision: called with the number of decisions done after each one.

    Raises:
        ConfigError: for a game without a heuristic bot, a bad bot spec, no decisions,
            fewer than two playouts, or games with too few decisions.
    """
    if "heuristic" not in available_bots(game.spec.id):
        raise ConfigError(
            "config/no-heuristic",
            f"{game.spec.title} has no heuristic bot to judge departures from",
        )
    # two playouts at least: a departure's worth comes with its standard error
    for name, value, least in (("decisions", decisions, 1), ("playouts", playouts, 2)):
        if value < least:
            raise ConfigError("config/bad-count", f"{name} must be at least {least}, not {value}")
    build_bot(bot, game, 0, 0)  # a bad spec fails before any game is played
    start = time.perf_counter()
    found: list[Departure] = []
    for i, spot in enumerate(sample_decisions(game, decisions, seed)):
        view = SeatView(spot.state, spot.seat)
        bot_seed = derive_seed(seed, "bot", i)
        player = build_bot(bot, game, spot.seat, bot_seed)
        chosen = player.act(view)
        reference = _reference(player, game, view, bot_seed)
        if chosen != reference:
            win, margin, error = _judge(
                game, view, chosen, reference, playouts, derive_seed(seed, "judge", i)
            )
            found.append(
                Departure(
                    i, spot.game, spot.step, spot.seat, str(reference), str(chosen),
                    win, margin, error,
                )
            )  # fmt: skip
        if on_decision is not None:
            on_decision(i + 1)
    return DepartureReport(
        game=game.config,
        bot=bot,
        decisions=decisions,
        playouts=playouts,
        seed=seed,
        seconds=time.perf_counter() - start,
        departures=tuple(found),
    )


def _reference(player: Bot, game: Game[Any], view: SeatView, seed: int) -> Action:
    """The heuristic's move: the one a searching bot started from, else the choice of a
    heuristic bot seeded as ``player`` was (``seed``), so that a bot built on the heuristic
    (``hawk``) departs only where it differs by design, not by the heuristic's own dice."""
    tree = getattr(player, "last_tree", None)
    hint = getattr(tree, "hint", None)
    if isinstance(hint, Action):
        return hint
    return make_bot("heuristic", game, view.seat, seed).act(view)


def _judge(
    game: Game[Any], view: SeatView, chosen: Action, reference: Action, playouts: int, seed: int
) -> tuple[float, float, float]:
    """Mean (win, margin) differences of ``chosen`` over ``reference``, and the margin's
    standard error, over paired playouts of heuristic play."""
    seat = view.seat
    rng = random.Random(seed)
    wins: list[float] = []
    margins: list[float] = []
    for _ in range(playouts):
        deal = view.determinize(rng)
        bots_seed = rng.getrandbits(63)
        a = _finish(game, deal.apply(seat, chosen), bots_seed)
        b = _finish(game, deal.apply(seat, reference), bots_seed)
        (wa, ma), (wb, mb) = outcome(a), outcome(b)
        wins.append(wa[seat] - wb[seat])
        margins.append(ma[seat] - mb[seat])
    error = statistics.stdev(margins) / math.sqrt(playouts)
    return statistics.fmean(wins), statistics.fmean(margins), error


def _finish(game: Game[Any], state: State[Any], seed: int) -> State[Any]:
    """Play ``state`` to the end with heuristic bots seeded from ``seed``."""
    bots = _heuristics(game, seed)
    while not state.is_over:
        seat = state.to_move[0]
        state = state.apply(seat, bots[seat].act(SeatView(state, seat)))
    return state


def _heuristics(game: Game[Any], seed: int) -> list[Bot]:
    return [make_bot("heuristic", game, s, derive_seed(seed, s)) for s in range(game.players)]
