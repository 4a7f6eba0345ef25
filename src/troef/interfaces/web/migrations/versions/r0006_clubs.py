"""Clubs, their members and their saved house rules (clubs.md, "Clubs").

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "clubs",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(128), nullable=False),
        sa.Column("invite", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "members",
        sa.Column("club", sa.String(32), sa.ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True),
        sa.Column(
            "account", sa.String(96), sa.ForeignKey("accounts.key", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("joined", sa.Float, nullable=False),
    )
    op.create_table(
        "presets",
        sa.Column("club", sa.String(32), sa.ForeignKey("clubs.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("presets")
    op.drop_table("members")
    op.drop_table("clubs")
