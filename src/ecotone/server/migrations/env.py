"""Alembic's environment: always run on a connection handed over by the server."""

from __future__ import annotations

from alembic import context

from ecotone.server.models import Base

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the server always hands one over
    raise RuntimeError("run Ecotone's migrations through ecotone.server.store.migrate()")
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
