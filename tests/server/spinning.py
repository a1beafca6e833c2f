"""A module that, imported by a bot worker, never finishes importing: it spins the
processor, so the worker told to play the "game" it names overruns and must be stopped
by the server. Imported anywhere else (pytest collecting doctests), it does nothing."""

import multiprocessing

if multiprocessing.current_process().name == "ecotone-bot":
    while True:
        pass
