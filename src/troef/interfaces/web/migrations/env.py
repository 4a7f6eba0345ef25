"""Alembic's environment for the table store: it migrates the connection `troef.interfaces.web.store.Store`
hands over (in the config's ``attributes``), inside the transaction the store holds."""

from __future__ import annotations

from alembic import context

from troef.interfaces.web.schema import metadata
from troef.interfaces.web.store import StoreError


def run_migrations() -> None:
    """Run the pending migrations on the store's connection."""
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise StoreError(
            "the store's migrations run on a connection: use troef.interfaces.web.store.Store(url).migrate()"
        )
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # alembic is running this file (not a tool importing it, e.g. pytest)
    run_migrations()
