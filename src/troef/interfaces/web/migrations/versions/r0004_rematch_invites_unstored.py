"""A rematch's invite code is no longer stored in the old table's event.

troef 0.7 stored the rematch's invite link in the ``rematch`` event of the finished table and showed it
in that table's public info, so a stranger could take a seat. From 0.8 the invite goes only to the
seat that asks for the rematch; the others take their seats with their old table's token. This strips
the link from the events stored earlier (the new table keeps its invite as a hash, as every table does).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    events = sa.table(
        "events",
        sa.column("table_id", sa.String),
        sa.column("version", sa.Integer),
        sa.column("kind", sa.String),
        sa.column("data", sa.JSON),
    )
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(events.c.table_id, events.c.version, events.c.data).where(events.c.kind == "rematch")
    ).all()
    for table_id, version, data in rows:
        kept = {key: value for key, value in data.items() if key != "invite"}
        connection.execute(
            events.update()
            .where(events.c.table_id == table_id, events.c.version == version)
            .values(data=kept)
        )


def downgrade() -> None:
    """The stripped invite links are gone: a downgrade is refused."""
    raise NotImplementedError("the rematch invites stripped by 0004 cannot be restored")
