"""Accounts and their sessions (clubs.md, "Accounts and sessions").

An account is kept by its name's key (the name case-folded: names compare case-insensitively), with the
name as given and the Argon2id hash of its password; a session only as the SHA-256 hash of its token, so
that the database never holds what a cookie carries.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("key", sa.String(96), primary_key=True),
        sa.Column("name", sa.String(96), nullable=False),
        sa.Column("password", sa.String(255), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column(
            "account", sa.String(96), sa.ForeignKey("accounts.key", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("created", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("sessions")
    op.drop_table("accounts")
