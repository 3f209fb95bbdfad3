"""Alembic's environment for Albion's server database (run by `Store.migrate`)."""

from __future__ import annotations

from alembic import context

from albion.server.store import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
