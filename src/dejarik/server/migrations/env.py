"""Alembic's entry point: migrations run on the connection `db.migrate` hands over."""

from alembic import context

from dejarik.server.db import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
