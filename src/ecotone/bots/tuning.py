"""How a process that runs bots tunes CPython's cycle collector.

A bot's search makes and drops hundreds of thousands of small objects a decision (states,
legal-move lists, tree nodes), and every 700 allocations that survive CPython runs a
young collection; enough of those make a full one, which walks every object the process
holds that can hold others: the modules, the card data, a bot's remembered views. Measured
with ``gc.callbacks`` over the bench's sample positions, the collector took 4-9% of a
decision's CPU time in four of the five games at Python's defaults, and 0-3% tuned this
way (docs/performance.md, "The cycle collector").

:func:`tune_for_search` does two things, once per process:

* everything alive when it is called (modules, classes, card data, the games' tables)
  lives as long as the process, so it is moved out of the collector's sight
  (:func:`gc.freeze`): a full collection no longer walks it;
* young collections come every 20,000 surviving allocations instead of 700, so that the
  objects of a search's step die before a collection looks at them.

It changes no result: the collector only reclaims cycles, and a search holds its
objects by references it drops. The server's own process tunes itself the same way
(:mod:`ecotone.server.manager`); its bot workers, the command line's commands that run
bots and the simulation's worker processes call this.
"""

from __future__ import annotations

import gc

__all__ = ["SEARCH_GC_THRESHOLD", "freeze_what_lives", "tune_for_search"]

#: ``gc.set_threshold``'s arguments for a process that runs bots (see the module).
SEARCH_GC_THRESHOLD = (20_000, 50, 10)

_frozen = False


def freeze_what_lives() -> None:
    """Collect once, then exempt everything alive from later collections (once per
    process: what is made afterwards stays collectable)."""
    global _frozen  # noqa: PLW0603 - once per process, whoever calls first
    if not _frozen:
        _frozen = True
        gc.collect()
        gc.freeze()


def tune_for_search() -> None:
    """Tune this process's collector for running bots (see the module)."""
    gc.set_threshold(*SEARCH_GC_THRESHOLD)
    freeze_what_lives()
