"""Events, ratings and password links (clubs.md, "Events" and "Ratings"), and how a club's season counts.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("clubs", sa.Column("best", sa.Integer, nullable=True))
    op.add_column("clubs", sa.Column("at_least", sa.Integer, nullable=False, server_default="0"))
    op.create_table(
        "club_events",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("club", sa.String(32), sa.ForeignKey("clubs.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(128), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("sessions", sa.Integer, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("fill", sa.String(32), nullable=True),
        sa.Column("ready_limit", sa.Float, nullable=False),
        sa.Column("away_limit", sa.Float, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("ix_club_events_club", "club_events", ["club"])
    op.create_table(
        "event_players",
        sa.Column(
            "event", sa.String(32), sa.ForeignKey("club_events.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column(
            "account", sa.String(96), sa.ForeignKey("accounts.key", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("name", sa.String(96), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("active", sa.Boolean, nullable=False),
    )
    op.create_table(
        "event_sessions",
        sa.Column(
            "event", sa.String(32), sa.ForeignKey("club_events.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("session", sa.Integer, primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("drawn", sa.Float, nullable=False),
    )
    op.create_table(
        "event_tables",
        sa.Column(
            "table_id", sa.String(64), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("event", sa.String(32), nullable=False),
        sa.Column("session", sa.Integer, nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
    )
    op.create_index("ix_event_tables_event", "event_tables", ["event"])
    op.create_table(
        "ratings",
        sa.Column(
            "account", sa.String(96), sa.ForeignKey("accounts.key", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
    )
    op.create_table(
        "rated",
        sa.Column("table_id", sa.String(64), primary_key=True),
        sa.Column(
            "account", sa.String(96), sa.ForeignKey("accounts.key", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("event", sa.String(32), nullable=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("stats", sa.JSON, nullable=False),
    )
    op.create_table(
        "resets",
        sa.Column("code", sa.String(64), primary_key=True),
        sa.Column(
            "account", sa.String(96), sa.ForeignKey("accounts.key", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("created", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for table in ("resets", "rated", "ratings", "event_tables", "event_sessions", "event_players"):
        op.drop_table(table)
    op.drop_index("ix_club_events_club", "club_events")
    op.drop_table("club_events")
    with op.batch_alter_table("clubs") as batch:
        batch.drop_column("at_least")
        batch.drop_column("best")
