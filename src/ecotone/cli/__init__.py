"""The ``ecotone`` command line: games, rules, play, simulate, replay, bench.

Each command lives in its own module with an ``add_parser`` (or ``add_parsers``) and a
``run_*`` function taking the parsed arguments; :mod:`ecotone.cli.main` wires them
together and turns user errors into one ``ecotone: error:`` line. No rules live here:
commands drive games only through the kernel's ``Game``/``State`` contract, and bots and
batches through :mod:`ecotone.sim`.
"""
