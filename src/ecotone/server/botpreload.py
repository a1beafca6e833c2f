"""Imported by the bot workers' fork server: every game and its bots, loaded once.

(:func:`ecotone.server.botwork.preload`; a module of its own because the fork server is
told what to load by module name.)
"""

from ecotone.server.botwork import preload

preload()
