"""A process that runs bots tunes its cycle collector once: a higher young threshold, and
what lives at that moment frozen out of every later collection."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from ecotone.bots.tuning import SEARCH_GC_THRESHOLD


def _run(code: str) -> str:
    # a clean interpreter: tuning is process-wide and this one is the test runner's
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return done.stdout.strip()


def test_tuning_sets_the_threshold_and_freezes_what_lives_once() -> None:
    out = _run(
        """
        import gc
        from ecotone.bots.tuning import tune_for_search
        assert gc.get_freeze_count() == 0
        tune_for_search()
        first = gc.get_freeze_count()
        made_after = [[] for _ in range(1000)]  # objects of the search: collectable
        tune_for_search()
        print(gc.get_threshold(), first, gc.get_freeze_count())
        """
    )
    threshold, first, second = out.rsplit(" ", 2)
    assert threshold == str(SEARCH_GC_THRESHOLD)
    assert int(first) > 1000  # the modules, classes and data loaded by then
    assert int(second) == int(first)  # frozen once: what came later is not


def test_commands_that_run_bots_tune_and_the_others_do_not() -> None:
    out = _run(
        """
        import gc
        from ecotone.cli.main import main
        main(["games"])
        print("collector:", gc.get_threshold()[0], gc.get_freeze_count() > 0)
        main(["simulate", "once-upon-a-forest", "-n", "1", "--bots", "random", "-w", "1"])
        print("collector:", gc.get_threshold()[0], gc.get_freeze_count() > 0)
        """
    )
    after_games, after_simulate = (
        line for line in out.splitlines() if line.startswith("collector:")
    )
    assert after_games == "collector: 700 False"  # Python's defaults
    assert after_simulate == f"collector: {SEARCH_GC_THRESHOLD[0]} True"
