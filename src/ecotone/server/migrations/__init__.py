"""Alembic migrations of the server's database, shipped inside the package.

:func:`ecotone.server.store.migrate` runs them on every start, so a new Ecotone upgrades
an old database by itself. To add one: write ``versions/NNNN_what.py`` with ``revision``
and ``down_revision`` set, and change :mod:`ecotone.server.models` to match.
"""
