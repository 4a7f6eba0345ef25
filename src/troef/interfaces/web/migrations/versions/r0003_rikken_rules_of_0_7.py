"""Rikken tables stored before troef 0.8 keep the rules they were created under.

troef 0.8 corrected Rikken by the rulebooks (open misère led as usual and two open piekers laid open
after trick 9 in the championship rules, praatje as its open form, B's forced fourth after passing,
B's alleen paid as a rik). Each change is an option; a table stored earlier gets the old values as
overrides of its rules, so its rounds replay, resume and score exactly as they were played.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None

LEGACY = {
    "open_misere_bidder_leads": True,
    "praatje_all_open": True,
    "forced_fourth_after_pass": False,
    "alleen_as_rik": False,
}
"""How troef 0.7 played what 0.8 made options (``open_after_trick_two`` was ``open_after_trick``)."""


def pinned(rules: Any) -> dict[str, Any]:
    """``rules`` (a preset name or an options object) with troef 0.7's values of the new options."""
    given = {"preset": rules} if isinstance(rules, str) else dict(rules or {})
    return {**LEGACY, "open_after_trick_two": given.get("open_after_trick", 5), **given}


def upgrade() -> None:
    tables = sa.table(
        "tables", sa.column("id", sa.String), sa.column("game", sa.String), sa.column("rules", sa.JSON)
    )
    connection = op.get_bind()
    rows = connection.execute(sa.select(tables.c.id, tables.c.rules).where(tables.c.game == "rikken")).all()
    for table_id, rules in rows:
        connection.execute(tables.update().where(tables.c.id == table_id).values(rules=pinned(rules)))


def downgrade() -> None:
    """The pinned options stay: troef 0.7 does not know them, so a downgrade is refused."""
    raise NotImplementedError("troef 0.8's Rikken rules cannot be taken back to 0.7's schema")
