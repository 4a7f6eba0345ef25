"""Alembic migrations of the table store's schema, applied by `troef.interfaces.web.store.Store` on start.

A schema change is a new revision in ``versions/``, made with alembic's API and the store's config::

    from alembic import command
    from troef.interfaces.web.store import alembic_config
    command.revision(alembic_config(), "what changes", rev_id="0002")
"""
