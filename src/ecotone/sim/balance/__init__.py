"""Is a game, a card or a rule change fair? Numbers with intervals, and pictures.

``ecotone balance`` plays a batch of bot games and reports, for one configured game:

* seat and first-player advantage: each seat's win rate against its fair share;
* outcomes: final scores by seat, winning margins, shared wins, games nobody won;
* game length;
* tension (Ludii's metrics over the score story): lead changes, drama, decisiveness;
* card-level impact: for every card, tile or species a seat named in its actions, the
  win rate and score margin of seats that had it against those that did not, with
  Benjamini-Hochberg q-values over all items (and small-sample methods where the seats
  with or without it had too few wins or losses for the normal approximation);
* what the game teaches, for a game built on a model: its lessons
  (:meth:`~ecotone.core.game.Game.lessons`), each share against the model's prediction;

each figure with its 95% interval and the method that made it. ``--compare`` plays the
same seeds under a second rule set and reports every difference, paired by seed.

The pieces, in the order they run:

* :mod:`~ecotone.sim.balance.batch`: plays the games (local processes or Ray), keeps
  each in ``games.jsonl`` as it finishes, and skips kept games when run again;
* :mod:`~ecotone.sim.balance.record`: one game's record (outcome, score story, items);
  games are played by :mod:`ecotone.sim.runner`, the same games ``simulate`` plays;
* :mod:`~ecotone.sim.balance.tension`: lead changes, drama and decisiveness of a game;
* :mod:`~ecotone.sim.balance.stats`: intervals, paired differences, q-values;
* :mod:`~ecotone.sim.balance.report`: the figures of a batch, and of two compared;
* :mod:`~ecotone.sim.balance.plots` and :mod:`~ecotone.sim.balance.page`: the pictures
  (matplotlib, optional) and the self-contained HTML page;
* :mod:`~ecotone.sim.balance.write`: ``report.json``, the PNGs and ``report.html``.

``docs/balance.md`` defines every metric with its formula.
"""

from ecotone.sim.balance.batch import Plan, load_records, run_batch
from ecotone.sim.balance.record import GameRecord, play_record
from ecotone.sim.balance.report import Comparison, ItemImpact, Report, analyse, compare
from ecotone.sim.balance.stats import Figure
from ecotone.sim.balance.write import Written, write_comparison, write_report

__all__ = [
    "Comparison",
    "Figure",
    "GameRecord",
    "ItemImpact",
    "Plan",
    "Report",
    "Written",
    "analyse",
    "compare",
    "load_records",
    "play_record",
    "run_batch",
    "write_comparison",
    "write_report",
]
